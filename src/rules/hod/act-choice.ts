import { TimeCountError } from "../../combat/time-count-error";
import { actionSpeedPlan, type ActionSpeedPlan } from "./action-speed";
import { ACTION_EXTRAS, combatAction } from "./actions";
import { isSpeedClass } from "./speed";

/** What a user picked in the Act dialog (or a sheet's attack sends): plain data, safe to send over the socket. */
export interface ActChoice {
  /** An id from COMBAT_ACTIONS, or "custom" with `speedFactor`. */
  readonly action: string;
  readonly weaponClass?: string;
  readonly castingTime?: number;
  readonly extras?: readonly string[];
  readonly fumble?: boolean;
  readonly modifier?: number;
  readonly steps?: number;
  /** The SF itself, for "custom". */
  readonly speedFactor?: number;
}

function finiteOr(value: unknown, fallback: number | undefined): number | undefined {
  if (value === undefined || value === null || value === "") return fallback;
  const n = typeof value === "number" ? value : Number.NaN;
  if (!Number.isFinite(n))
    throw new TimeCountError("notFinite", { value: String(value) }, `Not a finite number: ${String(value)}`);
  return n;
}

/**
 * Checks a choice from outside (a form, a socket message) and turns it into the formulas of its speed
 * factor; `rolled` false gives the static SF. Anything malformed is refused with a TimeCountError.
 */
export function actChoicePlan(choice: ActChoice, rolled: boolean): ActionSpeedPlan {
  if (choice.action === "custom") {
    const sf = finiteOr(choice.speedFactor, undefined);
    if (sf === undefined) throw new TimeCountError("notFinite", { value: "" }, "A speed factor is required");
    if (sf < 0)
      throw new TimeCountError("negativeSpeed", { value: String(sf) }, `A speed factor cannot be negative (${sf})`);
    return { base: String(sf), factor: 1, extra: "", free: sf === 0 };
  }
  const action = combatAction(choice.action);
  if (!action)
    throw new TimeCountError("action", { value: String(choice.action) }, `Not a combat action: ${choice.action}`);
  if (choice.weaponClass !== undefined && !isSpeedClass(choice.weaponClass)) {
    throw new TimeCountError(
      "speedClass",
      { value: String(choice.weaponClass) },
      `Not a speed class: ${choice.weaponClass}`,
    );
  }
  const extras = (choice.extras ?? []).filter((id) => id in ACTION_EXTRAS);
  return actionSpeedPlan(action, {
    static: !rolled,
    weaponClass: isSpeedClass(choice.weaponClass) ? choice.weaponClass : undefined,
    castingTime: finiteOr(choice.castingTime, undefined),
    extras,
    fumble: choice.fumble === true,
    modifier: finiteOr(choice.modifier, 0),
    steps: finiteOr(choice.steps, 0),
  });
}
