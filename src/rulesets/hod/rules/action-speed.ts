import { roll } from "../../../dice/roll";
import type { DieSource } from "../../../dice/random";
import { TimeCountError } from "../../../time-count/time-count-error";
import { ACTION_EXTRAS, FUMBLE_DIE, type CombatAction } from "./actions";
import { clampSpeedFactor, speedFactorFormula, type SpeedClass, type SpeedOptions } from "./speed";

/** What the actor did, beyond which action: the facts the action's speed depends on. */
export interface ActionContext extends Omit<SpeedOptions, "die"> {
  /** The weapon's speed class, for attacks and feints. */
  readonly weaponClass?: SpeedClass;
  /** The spell's casting time in TC, for preparing a spell or reading a scroll. */
  readonly castingTime?: number;
  /** Ids from ACTION_EXTRAS done alongside (concentrating on a spell, controlling a frightened mount). */
  readonly extras?: readonly string[];
  /** A critical fumble: 1d6 more on top of the weapon's SF. */
  readonly fumble?: boolean;
  /**
   * Two weapons, alternating: the previous attack was with the other weapon, so this one is one speed
   * class faster (with -4 to hit, which the attack takes).
   */
  readonly alternating?: boolean;
  /** Two weapons at once (-6 to hit each): the off-hand weapon's class; both SFs are rolled and the worse counts. */
  readonly offHandClass?: SpeedClass;
}

/**
 * An action's speed factor as formulas, so a table can roll it visibly: the SF is
 * `clamp(floor(base × factor) + extra)`; `free` actions cost 0 whatever is added.
 */
export interface ActionSpeedPlan {
  readonly base: string;
  readonly factor: number;
  readonly extra: string;
  readonly free: boolean;
  /** Two weapons at once: the other weapon's SF, rolled too; the worse (higher) of the two counts. Empty: none. */
  readonly offHand?: string;
}

function required(value: number | undefined, what: string): number {
  if (value === undefined || !Number.isFinite(value)) {
    throw new TimeCountError("notFinite", { value: String(value) }, `${what} must be a finite number`);
  }
  if (value < 0) throw new TimeCountError("negativeSpeed", { value: String(value) }, `${what} cannot be negative`);
  return value;
}

/** Turns an action and its context into the formulas of its speed factor. */
export function actionSpeedPlan(action: CombatAction, context: ActionContext = {}): ActionSpeedPlan {
  const weaponAction = action.speed.kind === "weapon";
  // Alternating two weapons: one speed class faster than the weapon's own.
  const steps = (context.steps ?? 0) - (weaponAction && context.alternating ? 1 : 0);
  const options = { static: context.static, steps, fasterThanRapid: context.fasterThanRapid };
  let offHand = "";
  const speed = action.speed;
  let base: string;
  let factor = 1;
  let free = false;
  switch (speed.kind) {
    case "class": {
      const settled = speedFactorFormula(speed.speedClass, options);
      base = settled.formula;
      free = settled.speedClass === "free";
      break;
    }
    case "weapon":
      base = speedFactorFormula(context.weaponClass ?? "standard", options).formula;
      if (context.offHandClass) offHand = speedFactorFormula(context.offHandClass, options).formula;
      factor = speed.factor;
      break;
    case "fixed":
      base = String(speed.value);
      break;
    case "dice":
      base = context.static
        ? String(speed.plus + Math.floor((speed.count * (speed.sides + 1)) / 2))
        : `${speed.count}d${speed.sides}+${speed.plus}`;
      break;
    case "castingTime":
      // A casting time given in TC, or a spell's casting time as a speed class (rolled like a weapon's).
      base =
        context.castingTime === undefined && context.weaponClass
          ? speedFactorFormula(context.weaponClass, options).formula
          : String(required(context.castingTime, "A casting time"));
      break;
  }
  let add = Number(context.modifier ?? 0);
  if (!Number.isFinite(add)) throw new TimeCountError("notFinite", { value: String(add) }, "A modifier must be finite");
  for (const id of context.extras ?? []) add += ACTION_EXTRAS[id] ?? 0;
  const extra: string[] = [];
  if (context.fumble) {
    extra.push(
      context.static
        ? String(Math.floor((FUMBLE_DIE.count * (FUMBLE_DIE.sides + 1)) / 2))
        : `${FUMBLE_DIE.count}d${FUMBLE_DIE.sides}`,
    );
  }
  if (add) extra.push(String(add));
  return { base, factor, extra: extra.join("+").replace(/\+-/g, "-"), free, ...(offHand ? { offHand } : {}) };
}

/** The speed factor from the plan's rolled totals (with two weapons at once, the worse of the two SFs). */
export function settleActionSpeed(
  plan: ActionSpeedPlan,
  baseTotal: number,
  extraTotal = 0,
  offHandTotal?: number,
): number {
  const worse = plan.offHand && offHandTotal !== undefined ? Math.max(baseTotal, offHandTotal) : baseTotal;
  return clampSpeedFactor(Math.floor(worse * plan.factor) + extraTotal, plan.free ? "free" : "standard");
}

/** Rolls (or takes the static value of) an action's speed factor with the given die source. */
export function actionSpeedFactor(action: CombatAction, context: ActionContext & { die?: DieSource } = {}): number {
  const plan = actionSpeedPlan(action, context);
  const die = context.die;
  const total = (formula: string) => (formula ? roll(formula, die ? { die } : {}).total : 0);
  const base = total(plan.base);
  const offHand = plan.offHand ? total(plan.offHand) : undefined;
  return settleActionSpeed(plan, base, total(plan.extra), offHand);
}
