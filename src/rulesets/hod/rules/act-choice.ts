import { TimeCountError } from "../../../time-count/time-count-error";
import { actionSpeedPlan, type ActionSpeedPlan } from "./action-speed";
import { ACTION_EXTRAS, combatAction } from "./actions";
import { FOLLOW_UPS, specialAction } from "./special-actions";
import { isSpeedClass, type SpeedClass } from "./speed";
import { isStanceId, revertSpeed, STANCES } from "./stances";

/** What a user picked in the Act dialog (or a sheet's attack sends): plain data, safe to send over the socket. */
export interface ActChoice {
  /**
   * An id from COMBAT_ACTIONS; "custom" with `speedFactor`; "special" with `special` (a SPECIAL_ACTIONS
   * id); "prepare" with `special` (the preparation a special action needs first, at its own speed);
   * "stance" with `stance` (shifting into it) or "basicStance" with `stance` (leaving it).
   */
  readonly action: string;
  readonly special?: string;
  readonly stance?: string;
  readonly weaponClass?: string;
  /** The weapon item picked in the Act dialog (its id), when one of the actor's weapons was picked. */
  readonly weapon?: string;
  readonly castingTime?: number;
  readonly extras?: readonly string[];
  readonly fumble?: boolean;
  /** Two weapons, alternating: this attack one speed class faster. */
  readonly alternating?: boolean;
  /** Two weapons at once: the other weapon's speed class (the worse SF counts). */
  readonly offHandClass?: string;
  readonly modifier?: number;
  readonly steps?: number;
  /** The SF itself, for "custom". */
  readonly speedFactor?: number;
  /** "move": the pace ("base", "run", "sprint") and which consecutive count of the movement this is. */
  readonly pace?: string;
  readonly moveCount?: number;
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
  const refuse = (value: unknown): never => {
    throw new TimeCountError("action", { value: String(value) }, `Not a combat action: ${String(value)}`);
  };
  if (choice.weaponClass !== undefined && !isSpeedClass(choice.weaponClass)) {
    throw new TimeCountError(
      "speedClass",
      { value: String(choice.weaponClass) },
      `Not a speed class: ${choice.weaponClass}`,
    );
  }
  if (choice.offHandClass !== undefined && !isSpeedClass(choice.offHandClass)) {
    throw new TimeCountError(
      "speedClass",
      { value: String(choice.offHandClass) },
      `Not a speed class: ${choice.offHandClass}`,
    );
  }
  const context = {
    static: !rolled,
    weaponClass: isSpeedClass(choice.weaponClass) ? choice.weaponClass : undefined,
    alternating: choice.alternating === true,
    offHandClass: isSpeedClass(choice.offHandClass) ? choice.offHandClass : undefined,
    extras: (choice.extras ?? []).filter((id) => id in ACTION_EXTRAS),
    fumble: choice.fumble === true,
    modifier: finiteOr(choice.modifier, 0),
    steps: finiteOr(choice.steps, 0),
  };
  const ofClass = (speedClass: SpeedClass) => ({ id: speedClass, speed: { kind: "class" as const, speedClass } });
  if (choice.action === "special") {
    const special = specialAction(String(choice.special));
    // A follow-up (a coup's, a shunt's free attack, a drag's broken grab) is part of its action: never one of its own.
    if (!special || FOLLOW_UPS.includes(special)) return refuse(choice.special);
    const speed = special.speed;
    if (speed.kind === "class") return actionSpeedPlan(ofClass(speed.speedClass), context);
    const weaponAction = combatAction(speed.kind === "weapon" && speed.factor !== 1 ? "feint" : "attack")!;
    const steps = (context.steps ?? 0) + (speed.kind === "weaponClass" ? speed.steps : 0);
    return actionSpeedPlan(weaponAction, { ...context, steps });
  }
  if (choice.action === "prepare") {
    const special = specialAction(String(choice.special));
    if (!special?.preparation) return refuse(choice.special);
    return actionSpeedPlan(ofClass(special.preparation), context);
  }
  if (choice.action === "stance" || choice.action === "basicStance") {
    if (!isStanceId(choice.stance)) return refuse(choice.stance);
    const speedClass = choice.action === "stance" ? STANCES[choice.stance].shift : revertSpeed(choice.stance);
    return actionSpeedPlan(ofClass(speedClass), context);
  }
  const action = combatAction(choice.action);
  if (!action) return refuse(choice.action);
  return actionSpeedPlan(action, { ...context, castingTime: finiteOr(choice.castingTime, undefined) });
}
