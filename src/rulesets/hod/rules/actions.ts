import type { SpeedClass } from "./speed";

/**
 * How long an action delays its actor's next turn:
 * - `class`: the SF of a speed class (rolled or static);
 * - `fixed`: a set number of TC;
 * - `dice`: its own roll (static: the roll's mean, rounded down, like the speed-class table);
 * - `weapon`: the weapon's SF, times `factor` (a feint costs half, rounded down);
 * - `castingTime`: the spell's casting time, given when the action is taken.
 */
export type ActionSpeed =
  | { readonly kind: "class"; readonly speedClass: SpeedClass }
  | { readonly kind: "fixed"; readonly value: number }
  | { readonly kind: "dice"; readonly count: number; readonly sides: number; readonly plus: number }
  | { readonly kind: "weapon"; readonly factor: number }
  | { readonly kind: "castingTime" };

export interface CombatAction {
  /** Stable id; the label is `ANTHOLOGY.HoD.Actions.<id>`. */
  readonly id: string;
  readonly speed: ActionSpeed;
}

const byClass = (speedClass: SpeedClass, ids: readonly string[]): CombatAction[] =>
  ids.map((id) => ({ id, speed: { kind: "class", speedClass } }));

/** The text's table of combat actions and what each costs. */
export const COMBAT_ACTIONS: readonly CombatAction[] = Object.freeze([
  ...byClass("free", ["dismissSpell", "dropItem"]),
  ...byClass("rapid", ["drawWeapon", "dropToFloor", "lowerSpellResistance", "readyAction", "sheatheWeapon"]),
  ...byClass("swift", [
    "redirectSpell",
    "drawHiddenWeapon",
    "openDoor",
    "pickUpItem",
    "retrieveFromPouch",
    "setAgainstCharge",
    "standUp",
  ]),
  ...byClass("fast", ["activateMagicItem", "drinkPotion", "mount", "readyShield"]),
  ...byClass("standard", ["lightTorch"]),
  ...byClass("slow", ["retrieveFromBackpack", "stabilize"]),
  { id: "attack", speed: { kind: "weapon", factor: 1 } },
  { id: "feint", speed: { kind: "weapon", factor: 0.5 } },
  // Moving on the Time Count: a count at a time (rules/movement.ts says how far).
  { id: "move", speed: { kind: "fixed", value: 1 } },
  { id: "castSpell", speed: { kind: "fixed", value: 1 } },
  { id: "chargeSpell", speed: { kind: "fixed", value: 1 } },
  { id: "releaseCharge", speed: { kind: "fixed", value: 1 } },
  { id: "escapeNet", speed: { kind: "dice", count: 1, sides: 8, plus: 5 } },
  { id: "extinguishFlames", speed: { kind: "dice", count: 1, sides: 6, plus: 6 } },
  { id: "prepareSpell", speed: { kind: "castingTime" } },
  { id: "readScroll", speed: { kind: "castingTime" } },
]);

/** Extras that add to whatever else the actor did (the table's "+1" and "+2" lines). */
export const ACTION_EXTRAS: Readonly<Record<string, number>> = Object.freeze({
  concentrate: 1,
  controlMount: 2,
});

/** A critical fumble adds this roll to the weapon's SF. */
export const FUMBLE_DIE = { count: 1, sides: 6 } as const;

export function combatAction(id: string): CombatAction | undefined {
  return COMBAT_ACTIONS.find((action) => action.id === id);
}
