/**
 * A FUDGE actor's documents read as the rules want them: its traits (attributes and skill items), the
 * weapon it fights with, its worn armor and shield. Pure over document shapes, so the flows, the GM's
 * apply and the tests read actors the same way; everything stored is read as untrusted.
 */
import { STANCE_IDS, WOUNDS, type StanceId, type Wound, type WoundTrack } from "../rules/combat";
import type { Blow, Soak } from "../rules/exchange";
import {
  FUDGE_ATTRIBUTES,
  PAIN_THRESHOLDS,
  SHIELD_SIZES,
  TRAIT_MAX,
  TRAIT_MIN,
  bonusValue,
  painPenalty,
  trueWoundsOf,
  unarmedSize,
  untrainedDefault,
  type FudgeAttribute,
  type FudgeBonus,
  type TrueWounds,
  type PainThreshold,
  type ShieldSize,
} from "../rules/play";

/** An item as the readers see it. */
export interface FudgeItemLike {
  readonly id: string | null;
  readonly uuid?: string;
  readonly name: string;
  readonly type: string;
  readonly system: Readonly<Record<string, unknown>>;
}

/** An actor as the readers see it. */
export interface FudgeActorLike {
  readonly type: string;
  readonly system: Readonly<Record<string, unknown>>;
  readonly items: { readonly contents: readonly FudgeItemLike[] };
}

const int = (value: unknown, fallback = 0): number =>
  typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : fallback;
const clampTrait = (value: unknown): number => Math.max(TRAIT_MIN, Math.min(TRAIT_MAX, int(value)));
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};

export const isFudgeActor = (actor: { readonly type?: unknown } | null | undefined): boolean =>
  typeof actor?.type === "string" && actor.type.startsWith("fudge-") && actor.type !== "fudge-gear";

/** An attribute's level. */
export function attributeLevel(actor: FudgeActorLike, attribute: FudgeAttribute): number {
  return clampTrait(record(actor.system.attributes)[attribute]);
}

/** The wound track as stored (each level clamped to its boxes by the data model; read defensively here). */
export function trackOf(actor: FudgeActorLike): Required<WoundTrack> {
  const w = record(actor.system.wounds);
  return Object.fromEntries(WOUNDS.map((l) => [l, Math.max(0, int(w[l]))])) as Required<WoundTrack>;
}

/** Each marked box's true level, read against the track (a box without a note counts at its own level). */
export function truthOf(actor: FudgeActorLike): TrueWounds {
  return trueWoundsOf(trackOf(actor), record(actor.system.trueWounds) as Partial<Record<Wound, unknown>>);
}

export function painOf(actor: FudgeActorLike): PainThreshold {
  const p = actor.system.painThreshold;
  return (PAIN_THRESHOLDS as readonly unknown[]).includes(p) ? (p as PainThreshold) : "normal";
}

/**
 * A bonus the actor's Active Effects give (`system.bonuses.<id>`, read as prepared, effects applied):
 * 0 when none. The sheet, the dialogs, the flows and the GM's apply all read it here.
 */
export function bonusOf(actor: FudgeActorLike, bonus: FudgeBonus): number {
  return bonusValue(record(actor.system.bonuses)[bonus]);
}

/**
 * The penalty the actor's wounds give every roll now (or with another track, e.g. before a blow), with
 * its pain threshold and any effect easing it.
 */
export function woundPenaltyOf(actor: FudgeActorLike, track: WoundTrack = trackOf(actor)): number {
  return painPenalty(track, painOf(actor), bonusOf(actor, "wounds"));
}

export function stanceOf(actor: FudgeActorLike): StanceId {
  const s = actor.system.stance;
  return (STANCE_IDS as readonly unknown[]).includes(s) ? (s as StanceId) : "normal";
}

/**
 * What a roll is made with: an attribute, one of the actor's skills (by item id), an untrained skill
 * at its default (Poor, or Mediocre when an attribute helps), or nothing (a situational roll, Fair).
 */
export type TraitChoice =
  | { readonly kind: "attribute"; readonly id: FudgeAttribute }
  | { readonly kind: "skill"; readonly id: string }
  | { readonly kind: "untrained"; readonly helped: boolean; readonly name: string }
  | { readonly kind: "situational" };

/** A trait choice from untrusted data (a roll's request, a form), or null. */
export function readTrait(raw: unknown): TraitChoice | null {
  const r = record(raw);
  switch (r.kind) {
    case "attribute":
      return (FUDGE_ATTRIBUTES as readonly unknown[]).includes(r.id)
        ? { kind: "attribute", id: r.id as FudgeAttribute }
        : null;
    case "skill":
      return typeof r.id === "string" && /^[A-Za-z0-9]{1,32}$/.test(r.id) ? { kind: "skill", id: r.id } : null;
    case "untrained":
      return {
        kind: "untrained",
        helped: r.helped === true,
        name: typeof r.name === "string" ? r.name.slice(0, 128) : "",
      };
    case "situational":
      return { kind: "situational" };
    default:
      return null;
  }
}

/** The form value of a trait choice, and back: "attribute:build", "skill:<id>", "untrained", "untrained-helped", "situational". */
export function traitValue(choice: TraitChoice): string {
  switch (choice.kind) {
    case "attribute":
      return `attribute:${choice.id}`;
    case "skill":
      return `skill:${choice.id}`;
    case "untrained":
      return choice.helped ? "untrained-helped" : "untrained";
    case "situational":
      return "situational";
  }
}

export function traitFromValue(value: string, untrainedName = ""): TraitChoice | null {
  if (value === "situational") return { kind: "situational" };
  if (value === "untrained" || value === "untrained-helped") {
    return { kind: "untrained", helped: value === "untrained-helped", name: untrainedName };
  }
  const [kind, id] = value.split(":", 2);
  return readTrait({ kind, id });
}

/** A skill item of the actor. */
export function skillsOf(actor: FudgeActorLike): FudgeItemLike[] {
  return [...actor.items.contents].filter((i) => i.type === "fudge-skill");
}

/** The actor's skill of that name (case-insensitive), if listed on its sheet. */
export function skillNamed(actor: FudgeActorLike, name: string): FudgeItemLike | undefined {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return undefined;
  return skillsOf(actor).find((s) => s.name.trim().toLowerCase() === wanted);
}

/**
 * A trait's level as the actor stands: an attribute's, a skill's (a skill no longer on the sheet is
 * untrained, Poor), an untrained default, or Fair for a situational roll. A skill, listed or
 * untrained, adds the effects' skill bonus.
 */
export function traitLevel(actor: FudgeActorLike, choice: TraitChoice): number {
  switch (choice.kind) {
    case "attribute":
      return attributeLevel(actor, choice.id);
    case "skill": {
      const skill = skillsOf(actor).find((s) => s.id === choice.id);
      return (skill ? clampTrait(skill.system.level) : untrainedDefault(false)) + bonusOf(actor, "skills");
    }
    case "untrained":
      return untrainedDefault(choice.helped) + bonusOf(actor, "skills");
    case "situational":
      return 0;
  }
}

/** A weapon's numbers. */
export interface FudgeWeapon {
  readonly size: number;
  readonly sharp: boolean;
  readonly strength: number;
  readonly heavyBlunt: boolean;
  readonly muscle: boolean;
  readonly ranged: boolean;
  readonly propelled: boolean;
  readonly skill: string;
}

/** Bare hands: size −1, muscle-powered, fought with Brawling (untrained if the actor lacks it). */
export const UNARMED: FudgeWeapon = Object.freeze({
  size: -1,
  sharp: false,
  strength: 0,
  heavyBlunt: false,
  muscle: true,
  ranged: false,
  propelled: false,
  skill: "",
});

export function weaponOf(item: FudgeItemLike | null | undefined): FudgeWeapon {
  if (!item || item.type !== "fudge-weapon") return UNARMED;
  const s = item.system;
  return {
    size: Math.max(-1, Math.min(3, int(s.size, 1))),
    sharp: s.sharp === true,
    strength: Math.max(0, int(s.strength)),
    heavyBlunt: s.heavyBlunt === true,
    muscle: s.muscle !== false,
    ranged: s.ranged === true,
    propelled: s.propelled === true,
    skill: typeof s.skill === "string" ? s.skill : "",
  };
}

/** Whether a trait is one of the actor's skills marked as a Martial Art (as the sheet holds it now). */
export function isMartialArt(actor: FudgeActorLike, trait: TraitChoice | null | undefined): boolean {
  if (trait?.kind !== "skill") return false;
  return skillsOf(actor).some((s) => s.id === trait.id && s.system.martialArt === true);
}

/**
 * What a blow is struck with: the weapon item, or bare hands, at +0 when fought with a Martial Art
 * skill and −1 otherwise.
 */
export function attackWeapon(
  actor: FudgeActorLike,
  item: FudgeItemLike | null | undefined,
  trait: TraitChoice | null | undefined,
): FudgeWeapon {
  if (item && item.type === "fudge-weapon") return weaponOf(item);
  return { ...UNARMED, size: unarmedSize(isMartialArt(actor, trait)) };
}

/**
 * The trait bare hands are fought with by default: the actor's best Martial Art, else its Brawling
 * skill, else untrained Brawling.
 */
export function unarmedTrait(actor: FudgeActorLike): TraitChoice {
  const arts = skillsOf(actor).filter((s) => s.system.martialArt === true && s.id);
  const best = arts.sort((a, b) => clampTrait(b.system.level) - clampTrait(a.system.level))[0];
  if (best?.id) return { kind: "skill", id: best.id };
  const brawling = skillNamed(actor, "Brawling");
  return brawling?.id ? { kind: "skill", id: brawling.id } : { kind: "untrained", helped: false, name: "Brawling" };
}

/** A weapon's damage value (size + sharp + its own strength): what the text's table lists. */
export const weaponValue = (w: FudgeWeapon): number => w.size + (w.sharp ? 1 : 0) + w.strength;

/** The skill a weapon is fought with by default: the named skill if the actor has it, else untrained. */
export function weaponTrait(actor: FudgeActorLike, weapon: FudgeWeapon): TraitChoice {
  const skill = skillNamed(actor, weapon.skill);
  return skill?.id ? { kind: "skill", id: skill.id } : { kind: "untrained", helped: false, name: weapon.skill };
}

const equipped = (i: FudgeItemLike) => i.system.equipped !== false;

/** The best worn armor's protection (armor does not stack; decision in docs/rules-decisions.md). */
export function armorOf(actor: FudgeActorLike): number {
  let best = 0;
  for (const i of actor.items.contents)
    if (i.type === "fudge-armor" && equipped(i)) best = Math.max(best, int(i.system.protection));
  return best;
}

/** The carried shield's value in melee and against missiles (the largest one carried counts). */
export function shieldOf(actor: FudgeActorLike): { melee: number; ranged: number } {
  let out = { melee: 0, ranged: 0 };
  for (const i of actor.items.contents) {
    if (i.type !== "fudge-shield" || !equipped(i)) continue;
    const size = Object.hasOwn(SHIELD_SIZES, String(i.system.size)) ? (i.system.size as ShieldSize) : "medium";
    const magic = Math.max(0, int(i.system.magic));
    const v = {
      melee: SHIELD_SIZES[size].melee + magic,
      ranged: SHIELD_SIZES[size].ranged + (SHIELD_SIZES[size].ranged ? magic : 0),
    };
    if (v.melee + v.ranged > out.melee + out.ranged) out = v;
  }
  return out;
}

/** What an actor's blow with a weapon reads (an effect's damage bonus adds to the offensive factor). */
export function blowOf(actor: FudgeActorLike, weapon: FudgeWeapon, pull: Wound | null = null): Blow {
  return {
    size: weapon.size + weapon.strength + bonusOf(actor, "damage"),
    sharp: weapon.sharp,
    heavyBlunt: weapon.heavyBlunt,
    muscle: weapon.muscle,
    build: attributeLevel(actor, "build"),
    strengthScale: int(actor.system.strengthScale),
    pull,
  };
}

/**
 * What soaks a hit on the actor: Health, armor, Mass Scale. An effect's protection bonus adds to the
 * defensive factor (with Health: a heavy blunt weapon halves only the armor).
 */
export function soakOf(actor: FudgeActorLike): Soak {
  return {
    health: attributeLevel(actor, "health") + bonusOf(actor, "protection"),
    armor: armorOf(actor),
    massScale: int(actor.system.massScale),
  };
}

/** The lowest result that hits a target: Poor, Mediocre against a smaller Scale, Terrible against a larger one. */
export function minimumAgainst(attacker: FudgeActorLike, target: FudgeActorLike | null): number {
  if (!target) return -2;
  const diff = int(attacker.system.massScale) - int(target.system.massScale);
  return diff > 0 ? -1 : diff < 0 ? -3 : -2;
}

export const isWound = (value: unknown): value is Wound => (WOUNDS as readonly unknown[]).includes(value);

/**
 * How stunned the actor is: 0 not, 1 Stunned, 2 Very Stunned; with `undone`, as it was before another
 * blow of the same exchange (its apply's recorded changes).
 */
export function stunOf(actor: FudgeActorLike, undone: ReadonlyArray<{ path: string; before: unknown }> = []): number {
  let value: unknown = actor.system.stunned;
  for (const u of undone) if (u.path === "system.stunned") value = typeof u.before === "number" ? u.before : 0;
  return Math.max(0, Math.min(2, int(value)));
}

/**
 * Whether a Stun result is on the actor's sheet (a stun now, or one whose rounds were cleared in this
 * fight): a second Stun result is then Very Stunned.
 */
export function stunOnRecord(actor: FudgeActorLike): boolean {
  return stunOf(actor) > 0 || actor.system.stunTaken === true;
}

/** A won Tactics roll's bonus to all the actor's rolls during the combat at hand: +1, or 0. */
export const tacticsBonus = (actor: FudgeActorLike): number => (int(actor.system.tactics) > 0 ? 1 : 0);

/** What is added to all the actor's rolls: a won Tactics roll's +1 and the effects' roll bonus. */
export const rollBonus = (actor: FudgeActorLike): number => tacticsBonus(actor) + bonusOf(actor, "rolls");

/** The two parts of `rollBonus`, which a roll dialog shows each on its own line beside the wounds. */
export const rollBonusParts = (actor: FudgeActorLike): { tactics: number; effects: number } => ({
  tactics: tacticsBonus(actor),
  effects: bonusOf(actor, "rolls"),
});

/** What a stun takes off a fighter's combat rolls: Stunned −1 (it only defends), Very Stunned −2. */
export const stunPenalty = (stunned: number): number => (stunned >= 2 ? -2 : stunned === 1 ? -1 : 0);
