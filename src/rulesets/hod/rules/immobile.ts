import { paralysisEffects, petrificationEffects } from "./afflictions";

/**
 * What leaves a creature immobile in the text, so that attacks meet its Passive defense ("Passive
 * defense replaces your Primary defense whenever you are surprised, unsteady, immobile ..."), and what
 * of moving and acting each one stops. Pure: the GM's check of an act, the sheet and the tracker read it.
 */
export const IMMOBILE_CAUSES = Object.freeze(["grabbed", "stapled", "paralysed", "petrified", "preparing"] as const);
export type ImmobileCause = (typeof IMMOBILE_CAUSES)[number];

/** The status a staple leaves (a GM sets it from the token until the weapon is removed). */
export const STAPLED_STATUS = "hod-stapled";
/** Its entry among the rule set's statuses (the token's status effects). */
export const STAPLED_STATUS_EFFECT = Object.freeze({
  id: STAPLED_STATUS,
  name: "ANTHOLOGY.HoD.Status.stapled",
  img: "icons/svg/sword.svg",
});
/** The status a grab leaves on the one grabbed. */
const GRABBED_STATUS = "hod-grabbed";

/** How a creature stands, as its documents record it. */
export interface ImmobileState {
  /** Its statuses (Active Effects' and the token's): `hod-grabbed`, `hod-stapled`. */
  readonly statuses?: Iterable<string>;
  /** It is held by a grab (a grab link on it). */
  readonly grabbed?: boolean;
  /** Paralysis damage taken, and the Vigor it is measured against (without petrification's gain). */
  readonly paralysis?: number;
  readonly vigor?: number;
  /** Petrification damage taken. */
  readonly petrification?: number;
  /** A special action's preparation (a coup de grâce) is under way. */
  readonly preparing?: boolean;
}

/**
 * Why a creature is immobile, in IMMOBILE_CAUSES' order (none: it is not): grabbed ("The target is
 * immobilized"), stapled ("The target is immobile until the weapon is removed"), paralysed at three
 * times its Vigor ("completely immobile and unable to move or act"), fully petrified (10 points), and
 * preparing a coup de grâce ("You are considered immobile during preparation").
 */
export function immobileCauses(state: ImmobileState): ImmobileCause[] {
  const statuses = new Set(state.statuses ?? []);
  const out: ImmobileCause[] = [];
  if (state.grabbed === true || statuses.has(GRABBED_STATUS)) out.push("grabbed");
  if (statuses.has(STAPLED_STATUS)) out.push("stapled");
  if (paralysisEffects(state.paralysis ?? 0, state.vigor ?? 0).immobile) out.push("paralysed");
  if (petrificationEffects(state.petrification ?? 0).full) out.push("petrified");
  if (state.preparing === true) out.push("preparing");
  return out;
}

/** Whether a creature is immobile, and so meets attacks with its Passive defense. */
export function isImmobile(state: ImmobileState): boolean {
  return immobileCauses(state).length > 0;
}

/** An act an immobile creature may be refused: moving, attacking, or anything else (a spell, a draw, a stance). */
export type ImmobileAct = "move" | "attack" | "act";

const REFUSAL: Readonly<Record<Exclude<ImmobileCause, "grabbed">, string>> = Object.freeze({
  stapled: "ANTHOLOGY.HoD.Immobile.stapled",
  paralysed: "ANTHOLOGY.HoD.Immobile.paralysed",
  petrified: "ANTHOLOGY.HoD.Immobile.petrified",
  preparing: "ANTHOLOGY.HoD.Immobile.preparing",
});

/**
 * Why an immobile creature may not do `act` (an i18n key taking `{name}`), or null. A grab's own
 * limits stay `grabbedRefusal`'s. Stapled: no move. Paralysed at three times Vigor: "unable to move
 * or act". Fully petrified: no speed left (0 ft from 8 points) and, stone until magic restores it,
 * no act (our reading, docs/rules-decisions.md). Preparing a coup de grâce: "You cannot act during
 * preparation" and immobile, so no move or attack (cancelling the preparation stays open). Below
 * full petrification, 8 points leave no speed: no move.
 */
export function immobileRefusal(state: ImmobileState, act: ImmobileAct): string | null {
  const causes = immobileCauses(state);
  for (const cause of ["paralysed", "petrified", "preparing"] as const) {
    if (causes.includes(cause)) return REFUSAL[cause];
  }
  if (act !== "move") return null;
  if (causes.includes("stapled")) return REFUSAL.stapled;
  if (petrificationEffects(state.petrification ?? 0).speedQuarters >= 4) return "ANTHOLOGY.HoD.Immobile.noSpeed";
  return null;
}

/** The immobile rules, spread into `api.rules.hod`. */
export const HOD_IMMOBILE_API = Object.freeze({
  immobileCauses: IMMOBILE_CAUSES,
  stapledStatus: STAPLED_STATUS,
  /** Why a creature is immobile (grabbed, stapled, paralysed, petrified, preparing): it meets attacks with Passive. */
  immobileCausesOf: immobileCauses,
  isImmobile,
  /** Why an immobile creature may not move, attack or act (an i18n key), or null. */
  immobileRefusal,
});
