/**
 * The special actions' requirements the rules can check from the documents: a coup de grâce's helpless
 * target, the size limits of grab, tackle and trip, a tackle's move before it, a grab's free hands and a
 * staple's piercing weapon. Pure: the sheet's flow and the GM's apply read the same answer.
 */
import { isHelpless } from "./defense";
import { immobileCauses, type ImmobileState } from "./immobile";

/**
 * The size modifiers of the size categories (Small +1, Tiny +2, Diminutive +4, Fine +8; Large −1, Huge
 * −2, Gargantuan −4, Colossal −8). The text names the categories and a size modifier but prints no
 * table: these are the usual d20 steps (docs/rules-decisions.md).
 */
export const SIZE_STEPS = Object.freeze([1, 2, 4, 8]);

/**
 * A size modifier as a size category: 0 for Medium, +1 for each category larger (Large 1, Huge 2 ...),
 * −1 for each smaller (Small −1 ...). A modifier between two steps counts as the one nearer Medium.
 */
export function sizeCategory(modifier: unknown): number {
  const m = Math.trunc(Number(modifier) || 0);
  const steps = SIZE_STEPS.filter((s) => Math.abs(m) >= s).length;
  return m < 0 ? steps : m > 0 ? -steps : 0;
}

/** Whether a target is "no more than one size category larger than you" (size modifiers in). */
export function withinOneSizeLarger(performerSize: unknown, targetSize: unknown): boolean {
  return sizeCategory(targetSize) - sizeCategory(performerSize) <= 1;
}

/** The actions whose requirement includes the size limit. */
const SIZE_LIMITED = new Set(["grab", "tackle", "trip"]);

/**
 * Whether a shield is a tower shield, which a grab forbids: a piece with a shield bonus whose name says
 * so (the item has no field for it), as a longbow is known by its name.
 */
export function isTowerShield(armor: { readonly name?: string; readonly shield?: unknown }): boolean {
  return Number(armor.shield) > 0 && /tower/i.test(armor.name ?? "");
}

/**
 * Whether a target is helpless (a coup de grâce's requirement). The text uses the word without defining
 * it; we read it as unable to react or act: a status that stops it reacting (unconscious, asleep,
 * paralysed, restrained: HELPLESS_STATUSES), paralysed at three times its Vigor ("unable to move or
 * act") or fully petrified.
 */
export function isHelplessTarget(state: ImmobileState): boolean {
  if (isHelpless(state.statuses ?? [])) return true;
  const causes = immobileCauses(state);
  return causes.includes("paralysed") || causes.includes("petrified");
}

/** What a special action's requirement is checked against. Anything left out is not checked. */
export interface RequirementFacts {
  /** The performer's and the target's size modifiers. */
  readonly performerSize?: unknown;
  readonly targetSize?: unknown;
  /** The target is helpless (`isHelplessTarget`). */
  readonly targetHelpless?: boolean;
  /**
   * The performer's previous act on the Time Count ("move" for a Move), or undefined when no count
   * records it (outside a Time Count): a tackle's move is then the table's to judge.
   */
  readonly previousAct?: unknown;
  /** The performer wields a two-handed weapon (an equipped one) or wears a tower shield. */
  readonly twoHanded?: boolean;
  readonly towerShield?: boolean;
  /** The damage type of the weapon the action uses (null: none, a bare hand). */
  readonly damageType?: string | null;
}

/**
 * Why a special action's requirement is not met against one target (an i18n key taking `{name}`, the
 * target's name), or null. A coup de grâce needs a helpless target; grab, tackle and trip a target at
 * most one size category larger; a tackle a Move as the performer's previous act (its direction is the
 * table's); a grab no two-handed weapon or tower shield; a staple a piercing weapon. The grabs the
 * wrestling actions need are `grabRequirement`'s; a staple's wall and an approach's room, the table's.
 */
export function specialRequirement(actionId: string, facts: RequirementFacts): string | null {
  if (actionId === "coupDeGrace" && facts.targetHelpless === false) return "ANTHOLOGY.HoD.Requirement.helpless";
  if (actionId === "grab" && facts.twoHanded === true) return "ANTHOLOGY.HoD.Requirement.twoHanded";
  if (actionId === "grab" && facts.towerShield === true) return "ANTHOLOGY.HoD.Requirement.towerShield";
  if (SIZE_LIMITED.has(actionId) && !withinOneSizeLarger(facts.performerSize, facts.targetSize)) {
    return "ANTHOLOGY.HoD.Requirement.size";
  }
  if (actionId === "tackle" && facts.previousAct !== undefined && facts.previousAct !== "move") {
    return "ANTHOLOGY.HoD.Requirement.moveFirst";
  }
  if (actionId === "staple" && facts.damageType !== undefined && facts.damageType !== "piercing") {
    return "ANTHOLOGY.HoD.Requirement.piercing";
  }
  return null;
}

/** The requirements' public rules, spread into `api.rules.hod`. */
export const HOD_REQUIREMENTS_API = Object.freeze({
  sizeSteps: SIZE_STEPS,
  /** A size modifier as a category: 0 Medium, +1 per category larger, −1 per category smaller. */
  sizeCategory,
  withinOneSizeLarger,
  /** A worn shield whose name says tower (a grab forbids it). */
  isTowerShield,
  /** Helpless for a coup de grâce: a helpless status, paralysed at three times Vigor, or fully petrified. */
  isHelplessTarget,
  /** Why a special action's requirement is not met against a target (an i18n key), or null. */
  specialRequirement,
});
