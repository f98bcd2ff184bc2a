import { MAX_AHEAD } from "../../../time-count/bounds";
import { TimeCountError } from "../../../time-count/time-count-error";
import type { ActChoice } from "../rules/act-choice";
import { ACTION_EXTRAS, combatAction } from "../rules/actions";
import { isSpeedClass } from "../rules/speed";

/** The actions a choice may name beside the table's: they take their speed from another field. */
const NAMED = new Set(["custom", "special", "prepare", "stance", "basicStance"]);
/** More speed-class steps than this is no action anyone takes (each beyond Sedentary adds 4 TC). */
export const MAX_STEPS = 20;
const MAX_ID = 64;

function malformed(field: string, value: unknown): never {
  const shown = typeof value === "string" ? value.slice(0, MAX_ID) : typeof value;
  throw new TimeCountError("malformed", { field, value: shown }, `Malformed ${field}: ${shown}`);
}

function id(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value.length > MAX_ID) return malformed(field, value);
  return value;
}

/** A number field: absent, or a finite number within ±max. */
function number(value: unknown, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new TimeCountError("notFinite", { value: String(value) }, `Not a finite number: ${String(value)}`);
  }
  if (Math.abs(value) > max) {
    throw new TimeCountError("tooLarge", { value: String(value), max: String(max) }, `${value} is out of bounds`);
  }
  return value;
}

/** A move's pace and consecutive count (1 when absent), checked. */
function movePart(data: Record<string, unknown>) {
  const pace = data.pace ?? "base";
  if (pace !== "base" && pace !== "run" && pace !== "sprint") return malformed("pace", pace);
  const count = number(data.moveCount, MAX_AHEAD) ?? 1;
  if (!Number.isInteger(count) || count < 1) return malformed("moveCount", count);
  return { pace, moveCount: count };
}

/**
 * A Heroes of Destiny act as it arrives from outside (a player's socket message, a macro), checked
 * field by field and copied: only known fields of the right type survive; an unknown action, extra or
 * speed class, a wrong type, NaN or a number beyond the count's reach is refused with a TimeCountError.
 * The special action or stance it names is checked when its speed is planned (actChoicePlan).
 */
export function parseActChoice(raw: unknown): ActChoice {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return malformed("choice", raw);
  const data = raw as Record<string, unknown>;
  const action = data.action;
  if (typeof action !== "string" || action.length > MAX_ID || !(NAMED.has(action) || combatAction(action))) {
    throw new TimeCountError("action", { value: String(action).slice(0, MAX_ID) }, `Not a combat action: ${action}`);
  }
  const weaponClass = id(data.weaponClass, "weaponClass");
  if (weaponClass !== undefined && !isSpeedClass(weaponClass)) {
    throw new TimeCountError("speedClass", { value: weaponClass }, `Not a speed class: ${weaponClass}`);
  }
  let extras: string[] = [];
  if (data.extras !== undefined && data.extras !== null) {
    if (!Array.isArray(data.extras) || data.extras.length > Object.keys(ACTION_EXTRAS).length) {
      return malformed("extras", data.extras);
    }
    for (const extra of data.extras) {
      if (typeof extra !== "string" || !Object.hasOwn(ACTION_EXTRAS, extra)) {
        throw new TimeCountError("action", { value: String(extra).slice(0, MAX_ID) }, `Not an extra: ${extra}`);
      }
    }
    extras = [...new Set(data.extras as string[])];
  }
  if (data.fumble !== undefined && data.fumble !== null && typeof data.fumble !== "boolean") {
    return malformed("fumble", data.fumble);
  }
  if (data.alternating !== undefined && data.alternating !== null && typeof data.alternating !== "boolean") {
    return malformed("alternating", data.alternating);
  }
  const offHandClass = id(data.offHandClass, "offHandClass");
  if (offHandClass !== undefined && !isSpeedClass(offHandClass)) {
    throw new TimeCountError("speedClass", { value: offHandClass }, `Not a speed class: ${offHandClass}`);
  }
  const choice: Record<string, unknown> = {
    action,
    special: id(data.special, "special"),
    stance: id(data.stance, "stance"),
    weaponClass,
    weapon: id(data.weapon, "weapon"),
    castingTime: number(data.castingTime, MAX_AHEAD),
    speedFactor: number(data.speedFactor, MAX_AHEAD),
    modifier: number(data.modifier, MAX_AHEAD),
    steps: number(data.steps, MAX_STEPS),
    extras,
    fumble: data.fumble === true,
    ...(data.alternating === true ? { alternating: true } : {}),
    offHandClass,
    ...(action === "move" ? movePart(data) : {}),
  };
  for (const key of Object.keys(choice)) if (choice[key] === undefined) delete choice[key];
  return choice as unknown as ActChoice;
}
