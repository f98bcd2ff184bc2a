/**
 * i18n keys of the Fade data fields, written out so the language test sees each one. The data models
 * give them to their fields as labels and the sheets read them from here, so a field has one label.
 */
export const FADE_ATTRIBUTES = Object.freeze([
  "strength",
  "agility",
  "endurance",
  "smarts",
  "luck",
  "magic",
  "resistance",
] as const);

export type FadeAttribute = (typeof FADE_ATTRIBUTES)[number];

export const FADE_ATTRIBUTE_KEYS: Readonly<Record<FadeAttribute, { label: string; abbr: string }>> = Object.freeze({
  strength: { label: "ANTHOLOGY.Fade.FIELDS.strength.label", abbr: "ANTHOLOGY.Fade.FIELDS.strength.abbr" },
  agility: { label: "ANTHOLOGY.Fade.FIELDS.agility.label", abbr: "ANTHOLOGY.Fade.FIELDS.agility.abbr" },
  endurance: { label: "ANTHOLOGY.Fade.FIELDS.endurance.label", abbr: "ANTHOLOGY.Fade.FIELDS.endurance.abbr" },
  smarts: { label: "ANTHOLOGY.Fade.FIELDS.smarts.label", abbr: "ANTHOLOGY.Fade.FIELDS.smarts.abbr" },
  luck: { label: "ANTHOLOGY.Fade.FIELDS.luck.label", abbr: "ANTHOLOGY.Fade.FIELDS.luck.abbr" },
  magic: { label: "ANTHOLOGY.Fade.FIELDS.magic.label", abbr: "ANTHOLOGY.Fade.FIELDS.magic.abbr" },
  resistance: { label: "ANTHOLOGY.Fade.FIELDS.resistance.label", abbr: "ANTHOLOGY.Fade.FIELDS.resistance.abbr" },
});

/** Labels of the actor's other fields, by their path under `system`. */
export const FADE_ACTOR_KEYS = Object.freeze({
  level: "ANTHOLOGY.Fade.FIELDS.level.label",
  classHp: "ANTHOLOGY.Fade.FIELDS.classHp.label",
  hpGained: "ANTHOLOGY.Fade.FIELDS.hpGained.label",
  hp: "ANTHOLOGY.Fade.FIELDS.hp.label",
  speciesSize: "ANTHOLOGY.Fade.FIELDS.speciesSize.label",
  classSoak: "ANTHOLOGY.Fade.FIELDS.classSoak.label",
  speed: "ANTHOLOGY.Fade.FIELDS.speed.label",
  speedLoss: "ANTHOLOGY.Fade.FIELDS.speedLoss.label",
  attacksPerRound: "ANTHOLOGY.Fade.FIELDS.attacksPerRound.label",
  naturalDeflection: "ANTHOLOGY.Fade.FIELDS.naturalDeflection.label",
  naturalDeflectionStacks: "ANTHOLOGY.Fade.FIELDS.naturalDeflectionStacks.label",
  luckRerollsUsed: "ANTHOLOGY.Fade.FIELDS.luckRerollsUsed.label",
  notes: "ANTHOLOGY.Fade.FIELDS.notes.label",
});

/** Misc. bonuses: numbers, and pools of dice, kept dice and a flat bonus. */
export const FADE_BONUS_KEYS = Object.freeze({
  hp: "ANTHOLOGY.Fade.FIELDS.bonuses.hp.label",
  soak: "ANTHOLOGY.Fade.FIELDS.bonuses.soak.label",
  allDefenses: "ANTHOLOGY.Fade.FIELDS.bonuses.allDefenses.label",
  defense: "ANTHOLOGY.Fade.FIELDS.bonuses.defense.label",
  avoid: "ANTHOLOGY.Fade.FIELDS.bonuses.avoid.label",
  mentalDefense: "ANTHOLOGY.Fade.FIELDS.bonuses.mentalDefense.label",
  bodilyDefense: "ANTHOLOGY.Fade.FIELDS.bonuses.bodilyDefense.label",
  toHit: "ANTHOLOGY.Fade.FIELDS.bonuses.toHit.label",
  damage: "ANTHOLOGY.Fade.FIELDS.bonuses.damage.label",
});

export const FADE_POOL_PART_KEYS = Object.freeze({
  rolled: "ANTHOLOGY.Fade.FIELDS.pool.rolled",
  kept: "ANTHOLOGY.Fade.FIELDS.pool.kept",
  flat: "ANTHOLOGY.Fade.FIELDS.pool.flat",
});

export const FADE_ENERGY_KEYS = Object.freeze({
  resistances: "ANTHOLOGY.Fade.FIELDS.energy.resistances.label",
  immunities: "ANTHOLOGY.Fade.FIELDS.energy.immunities.label",
  absorptions: "ANTHOLOGY.Fade.FIELDS.energy.absorptions.label",
  weaknesses: "ANTHOLOGY.Fade.FIELDS.energy.weaknesses.label",
});

export const FADE_WEAPON_KEYS = Object.freeze({
  baseDamage: "ANTHOLOGY.Fade.FIELDS.baseDamage.label",
  finesse: "ANTHOLOGY.Fade.FIELDS.finesse.label",
  spell: "ANTHOLOGY.Fade.FIELDS.spell.label",
  twoHanded: "ANTHOLOGY.Fade.FIELDS.twoHanded.label",
  canTwoHand: "ANTHOLOGY.Fade.FIELDS.canTwoHand.label",
  penetration: "ANTHOLOGY.Fade.FIELDS.penetration.label",
  damageType: "ANTHOLOGY.Fade.FIELDS.damageType.label",
  explodesOn: "ANTHOLOGY.Fade.FIELDS.explodesOn.label",
  range: "ANTHOLOGY.Fade.FIELDS.range.label",
  defense: "ANTHOLOGY.Fade.FIELDS.defense.label",
});

export const FADE_ARMOR_KEYS = Object.freeze({
  deflection: "ANTHOLOGY.Fade.FIELDS.deflection.label",
  stacks: "ANTHOLOGY.Fade.FIELDS.stacks.label",
  speedPenalty: "ANTHOLOGY.Fade.FIELDS.speedPenalty.label",
  equipped: "ANTHOLOGY.Fade.FIELDS.equipped.label",
});

/** The faces a weapon's dice can explode on; 0 is "never". */
export const EXPLODES_ON_CHOICES: Readonly<Record<number, string>> = Object.freeze({
  0: "ANTHOLOGY.Fade.ExplodesOn.none",
  10: "ANTHOLOGY.Fade.ExplodesOn.10",
  9: "ANTHOLOGY.Fade.ExplodesOn.9",
  8: "ANTHOLOGY.Fade.ExplodesOn.8",
  7: "ANTHOLOGY.Fade.ExplodesOn.7",
});

/** The skills' names, by skill id (rules/skills.ts). */
export const FADE_SKILL_KEYS: Readonly<Record<string, string>> = Object.freeze({
  deception: "ANTHOLOGY.Fade.Skills.deception",
  heal: "ANTHOLOGY.Fade.Skills.heal",
  persuasion: "ANTHOLOGY.Fade.Skills.persuasion",
  useComputers: "ANTHOLOGY.Fade.Skills.useComputers",
  useMagicDevice: "ANTHOLOGY.Fade.Skills.useMagicDevice",
  artisan: "ANTHOLOGY.Fade.Skills.artisan",
  acrobatics: "ANTHOLOGY.Fade.Skills.acrobatics",
  drive: "ANTHOLOGY.Fade.Skills.drive",
  ride: "ANTHOLOGY.Fade.Skills.ride",
  handleAnimal: "ANTHOLOGY.Fade.Skills.handleAnimal",
  linguistics: "ANTHOLOGY.Fade.Skills.linguistics",
  awareness: "ANTHOLOGY.Fade.Skills.awareness",
  fortitude: "ANTHOLOGY.Fade.Skills.fortitude",
  knowledges: "ANTHOLOGY.Fade.Skills.knowledges",
  spellcraft: "ANTHOLOGY.Fade.Skills.spellcraft",
  stealth: "ANTHOLOGY.Fade.Skills.stealth",
});

/** The action types' names, by id. */
export const FADE_SKILL_ACTION_KEYS: Readonly<Record<string, string>> = Object.freeze({
  standard: "ANTHOLOGY.Fade.SkillAction.standard",
  move: "ANTHOLOGY.Fade.SkillAction.move",
  swift: "ANTHOLOGY.Fade.SkillAction.swift",
  free: "ANTHOLOGY.Fade.SkillAction.free",
});

/** Labels of the species, class and feat fields the actor has no field for. */
export const FADE_TRAIT_KEYS = Object.freeze({
  hpPerLevel: "ANTHOLOGY.Fade.FIELDS.hpPerLevel.label",
  rerolls: "ANTHOLOGY.Fade.FIELDS.rerolls.label",
  speedBonus: "ANTHOLOGY.Fade.FIELDS.speedBonus.label",
  deflectionAll: "ANTHOLOGY.Fade.FIELDS.deflectionAll.label",
  extraAttacks: "ANTHOLOGY.Fade.FIELDS.extraAttacks.label",
});
