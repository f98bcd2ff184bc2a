import { byId, labelKeys } from "../../common";
import { DAMAGEABLE_ATTRIBUTES } from "../rules/afflictions";

/**
 * i18n keys of the Heroes of Destiny data fields: built by labelKeys where a table follows one pattern
 * (the language test reads what it builds), written out where not. The data models give them to their
 * fields as labels and the sheets read them from here.
 */
// The six attributes, in the text's order (every one of them can take attribute damage).
export const HOD_ATTRIBUTES = DAMAGEABLE_ATTRIBUTES;
export type HodAttribute = (typeof HOD_ATTRIBUTES)[number];

/** The three traits Primary picks the best of (and Vigor, Celerity and Spirit each add one). */
export const HOD_TRAITS = Object.freeze(["fortitude", "agility", "willpower"] as const);
export type HodTrait = (typeof HOD_TRAITS)[number];

/** Each attribute's and trait's label and abbreviation. */
export const HOD_ATTRIBUTE_KEYS = byId([...HOD_ATTRIBUTES, ...HOD_TRAITS], (a) =>
  labelKeys(`ANTHOLOGY.HoD.Fields.${a}`, ["label", "abbr"]),
);

/** Labels of the actor's other fields, by their path under `system`. */
export const HOD_ACTOR_KEYS = Object.freeze({
  accuracy: "ANTHOLOGY.HoD.Fields.accuracy.label",
  power: "ANTHOLOGY.HoD.Fields.power.label",
  topBase: "ANTHOLOGY.HoD.Fields.topBase.label",
  size: "ANTHOLOGY.HoD.Fields.size.label",
  armor: "ANTHOLOGY.HoD.Fields.armor.label",
  shield: "ANTHOLOGY.HoD.Fields.shield.label",
  naturalArmor: "ANTHOLOGY.HoD.Fields.naturalArmor.label",
  deflection: "ANTHOLOGY.HoD.Fields.deflection.label",
  damageReduction: "ANTHOLOGY.HoD.Fields.damageReduction.label",
  hp: "ANTHOLOGY.HoD.Fields.hp.value.label",
  hpMax: "ANTHOLOGY.HoD.Fields.hp.max.label",
  fatigue: "ANTHOLOGY.HoD.Fields.fatigue.label",
  invigoration: "ANTHOLOGY.HoD.Fields.invigoration.label",
  bonusHp: "ANTHOLOGY.HoD.Fields.bonusHp.label",
  speed: "ANTHOLOGY.HoD.Fields.speed.label",
  poisoned: "ANTHOLOGY.HoD.Fields.poisoned.label",
  topLost: "ANTHOLOGY.HoD.Fields.topLost.label",
  initiativeBonus: "ANTHOLOGY.HoD.Fields.initiativeBonus.label",
  stance: "ANTHOLOGY.HoD.Fields.stance.label",
  stanceShifting: "ANTHOLOGY.HoD.Fields.stanceShifting.label",
  immuneToCriticals: "ANTHOLOGY.HoD.Fields.immuneToCriticals.label",
  spell: "ANTHOLOGY.HoD.Fields.spell.item.label",
  spellDc: "ANTHOLOGY.HoD.Fields.spell.baseDc.label",
  spellFatigue: "ANTHOLOGY.HoD.Fields.spell.fatigueCost.label",
  spellCharges: "ANTHOLOGY.HoD.Fields.spell.charges.label",
  spellTaken: "ANTHOLOGY.HoD.Fields.spell.taken.label",
  spellMoved: "ANTHOLOGY.HoD.Fields.spell.moved.label",
  spellPrepared: "ANTHOLOGY.HoD.Fields.spell.prepared.label",
  spellSince: "ANTHOLOGY.HoD.Fields.spell.since.label",
  runPenalty: "ANTHOLOGY.HoD.Run.Fields.penalty",
  runFailures: "ANTHOLOGY.HoD.Run.Fields.failures",
  runSprintCheck: "ANTHOLOGY.HoD.Run.Fields.sprintCheck",
  runSince: "ANTHOLOGY.HoD.Run.Fields.since",
  notes: "ANTHOLOGY.HoD.Fields.notes.label",
});

/** The labels of what wears a character down. */
export const HOD_AFFLICTION_KEYS = Object.freeze({
  impairments: Object.freeze({
    bludgeoning: "ANTHOLOGY.HoD.Fields.impairments.bludgeoning.label",
    piercing: "ANTHOLOGY.HoD.Fields.impairments.piercing.label",
    slashing: "ANTHOLOGY.HoD.Fields.impairments.slashing.label",
  }),
  paralysis: "ANTHOLOGY.HoD.Fields.paralysis.label",
  petrification: "ANTHOLOGY.HoD.Fields.petrification.label",
});

/** The stance field's label for "" (no stance taken). */
export const HOD_STANCE_BASIC_KEY = "ANTHOLOGY.HoD.Fields.stance.basic";

export const HOD_WEAPON_KEYS = Object.freeze({
  fatigueCost: "ANTHOLOGY.HoD.Fields.fatigueCost.label",
  castToday: "ANTHOLOGY.HoD.Fields.castToday.label",
  verbalOnly: "ANTHOLOGY.HoD.Fields.verbalOnly.label",
  halfOnMiss: "ANTHOLOGY.HoD.Fields.halfOnMiss.label",
  damage: "ANTHOLOGY.HoD.Fields.damage.label",
  category: "ANTHOLOGY.HoD.Fields.category.label",
  speedClass: "ANTHOLOGY.HoD.Fields.speedClass.label",
  precise: "ANTHOLOGY.HoD.Fields.precise.label",
  damageType: "ANTHOLOGY.HoD.Fields.damageType.label",
  durability: "ANTHOLOGY.HoD.Fields.durability.value.label",
  durabilityMax: "ANTHOLOGY.HoD.Fields.durability.max.label",
  composite: "ANTHOLOGY.HoD.Fields.composite.label",
  nonlethal: "ANTHOLOGY.HoD.Fields.nonlethal.label",
  range: "ANTHOLOGY.HoD.Fields.range.label",
  thrown: "ANTHOLOGY.HoD.Fields.thrown.label",
  twoHanded: "ANTHOLOGY.HoD.Fields.twoHanded.label",
  defense: "ANTHOLOGY.HoD.Fields.defense.label",
  proficient: "ANTHOLOGY.HoD.Fields.proficient.label",
  noAffinity: "ANTHOLOGY.HoD.Fields.noAffinity.label",
  equipped: "ANTHOLOGY.HoD.Fields.equipped.label",
});

export const HOD_ARMOR_KEYS = labelKeys(
  "ANTHOLOGY.HoD.Fields",
  ["spellFailure", "armor", "naturalArmor", "shield", "topBonus", "worn"],
  ".label",
);
