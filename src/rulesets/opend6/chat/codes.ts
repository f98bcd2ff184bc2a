/**
 * What a roll takes from the sheet as it stands: the documents the flows read, a trait's code, a
 * weapon's fields, the formula an attack rolls and the damage code of its hit. The flows roll with
 * them and the GM's checks compare the stored rolls with them, so both read them from here.
 */
import type { RollerActor, RollerItem } from "../../../play/roller";
import { OPEND6_WEAPON_TYPE, type OpenD6ActorDerived, type OpenD6ActorSystem } from "../data";
import {
  UNARMED_ATTACK,
  WEAPON_SKILLS,
  listedDamage,
  struckBy,
  toPips,
  type Struck,
  damageCode,
  isAttribute,
  opend6Skill,
  plusPips,
} from "../rules";
import type { RolledTrait } from "./card-data";
import { hitDamageCodeOf, rollFormula, type AttackDamage, type OpenD6RollChoices } from "./dialog-form";

/** An OpenD6 item as the flows read it. */
export type OpenD6ItemDoc = RollerItem;

/** An OpenD6 actor as the flows read and change it. */
export type OpenD6ActorDoc = RollerActor<OpenD6ActorSystem & OpenD6ActorDerived, OpenD6ItemDoc>;

/** The code of an attribute or skill on the actor now, or null for an id that is neither. */
export function traitCode(actor: OpenD6ActorDoc, trait: RolledTrait): string | null {
  const derived = actor.system.derived;
  if (trait.kind === "attribute") return isAttribute(trait.id) ? derived.attributes[trait.id] : null;
  return opend6Skill(trait.id) ? (derived.skills[trait.id]?.code ?? null) : null;
}

/** A weapon item's stored fields as the flows read them; no item is the unarmed blow (brawling, Strength Damage). */
export function weaponOf(item: OpenD6ItemDoc | null): {
  damage: string;
  skill: string;
  ranged: boolean;
  edged: boolean;
} {
  if (item === null) return { ...UNARMED_ATTACK, edged: false };
  const s = item.system;
  const skill = typeof s.skill === "string" && WEAPON_SKILLS.includes(s.skill) ? s.skill : "meleeCombat";
  return {
    damage: typeof s.damage === "string" ? s.damage : "",
    skill,
    ranged: [s.short, s.medium, s.long].some((m) => typeof m === "number" && m > 0),
    edged: s.edged === true,
  };
}

/**
 * The code an attack with a weapon skill rolls now: the skill's code with what Active Effects add to
 * attacks (`system.bonuses.attack`). The dialog, the card and the GM's apply all read it here.
 */
export function attackCode(actor: OpenD6ActorDoc, skill: string): string {
  const derived = actor.system.derived;
  return plusPips(derived.skills[skill]?.code ?? derived.attributes.reflexes, derived.attackBonus ?? 0);
}

/** The formula an attack with this weapon rolls: its attack code now, less `woundPenalty`, with the choices. */
export function attackFormula(
  actor: OpenD6ActorDoc,
  item: OpenD6ItemDoc | null,
  choices: OpenD6RollChoices,
  woundPenalty: number = actor.system.derived.woundPenalty,
): string {
  const code = attackCode(actor, weaponOf(item).skill);
  return rollFormula({ code, woundPenalty }, choices).formula;
}

/**
 * The damage code a hit rolls, from the weapon, the attacker (with what Active Effects add to damage)
 * and the choices as they stand (a RangeError when the weapon's code cannot be read).
 */
export function hitDamageCode(actor: OpenD6ActorDoc, item: OpenD6ItemDoc | null, choices: OpenD6RollChoices): string {
  return hitDamageCodeOf(attackDamageOf(actor, item), choices);
}

/** What an attack's damage code is made of, from the weapon and the attacker now (a RangeError for an unreadable code). */
export function attackDamageOf(actor: OpenD6ActorDoc, item: OpenD6ItemDoc | null): AttackDamage {
  const strength = actor.system.derived.strengthDamage;
  return {
    weapon: damageCode(strength, weaponOf(item).damage),
    strength,
    bonus: actor.system.derived.damageBonus ?? 0,
  };
}

/** The weapon an attack was made with, as `struckOn` reads it. */
export type AttackWeapon = ReturnType<typeof weaponOf>;

/**
 * What a miss still does through the active defense that stopped it (`active`, on `defender`): a
 * blade parrying an unarmed blow hurts the attacker, a body blocking a blade takes its damage (unless
 * armored); with the listed damage code dealt. Null when neither.
 */
export function struckOn(
  weapon: AttackWeapon,
  active: { readonly skill?: string; readonly parryWith?: string | null } | null,
  defender: OpenD6ActorDoc,
): { struck: Struck; code: string } | null {
  const parrying = active?.parryWith
    ? defender.items.contents.find((i) => i.id === active.parryWith && i.type === OPEND6_WEAPON_TYPE)
    : undefined;
  const parry = parrying && weaponOf(parrying).skill === "meleeCombat" ? weaponOf(parrying) : null;
  const struck = struckBy({
    attackSkill: weapon.skill,
    attackEdged: weapon.edged,
    defenseSkill: active?.skill ?? null,
    parryEdged: parry?.edged === true,
    defenderArmored: toPips(defender.system.derived.armor) > 0,
  });
  if (!struck) return null;
  try {
    return { struck, code: listedDamage(struck === "parry" ? parry!.damage : weapon.damage) };
  } catch {
    return null;
  }
}

/** What a disarmed target rolls to keep its grip: Physique or lifting, the better (lifting adds to Physique). */
export function gripCodeOf(actor: OpenD6ActorDoc): string {
  return actor.system.derived.skills.lifting?.code ?? actor.system.derived.attributes.physique;
}

/** The i18n key of each reason the combat options are refused. */
export const OPTION_REFUSALS: Readonly<Record<string, string>> = Object.freeze({
  wrongSkill: "ANTHOLOGY.OpenD6.Errors.optionSkill",
  aim: "ANTHOLOGY.OpenD6.Errors.aimSkill",
  knockoutHead: "ANTHOLOGY.OpenD6.Errors.knockoutHead",
  quickDraw: "ANTHOLOGY.OpenD6.Errors.quickDraw",
  shots: "ANTHOLOGY.OpenD6.Errors.shots",
  unarmedRange: "ANTHOLOGY.OpenD6.Errors.unarmedRange",
  blunt: "ANTHOLOGY.OpenD6.Errors.blunt",
  disarmCalled: "ANTHOLOGY.OpenD6.Errors.disarmCalled",
});
