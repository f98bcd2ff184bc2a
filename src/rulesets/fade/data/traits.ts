import { itemModel } from "../../../data/item-model";
import { FADE_ACTOR_KEYS, FADE_ARMOR_KEYS, FADE_TRAIT_KEYS } from "./labels";
import { fadeFields } from "./fields";

function fadeSpeciesSchema() {
  const { BooleanField } = foundry.data.fields;
  const f = fadeFields();
  return {
    description: f.description(),
    size: f.integer(FADE_ACTOR_KEYS.speciesSize, 1, { min: 0 }),
    speed: f.integer(FADE_ACTOR_KEYS.speed, 6, { min: 0 }),
    naturalDeflection: f.deflection(FADE_ACTOR_KEYS.naturalDeflection),
    naturalDeflectionStacks: new BooleanField({ initial: false, label: FADE_ACTOR_KEYS.naturalDeflectionStacks }),
    energy: f.energy(),
  };
}

function fadeClassSchema() {
  const f = fadeFields();
  return {
    description: f.description(),
    hp: f.integer(FADE_ACTOR_KEYS.classHp, 10, { min: 0 }),
    soak: f.integer(FADE_ACTOR_KEYS.classSoak, 1, { min: 0 }),
    attacksPerRound: f.integer(FADE_ACTOR_KEYS.attacksPerRound, 1, { min: 1 }),
    hpPerLevel: f.integer(FADE_TRAIT_KEYS.hpPerLevel, 0, { min: 0 }),
    rerolls: f.integer(FADE_TRAIT_KEYS.rerolls, 0, { min: 0 }),
  };
}

function fadeFeatSchema() {
  const { BooleanField } = foundry.data.fields;
  const f = fadeFields();
  return {
    description: f.description(),
    bonuses: f.bonuses(),
    speed: f.integer(FADE_TRAIT_KEYS.speedBonus, 0),
    deflection: f.integer(FADE_TRAIT_KEYS.deflectionAll, 0, { min: 0 }),
    deflectionStacks: new BooleanField({ initial: false, label: FADE_ARMOR_KEYS.stacks }),
    energy: f.energy(),
    attacks: f.integer(FADE_TRAIT_KEYS.extraAttacks, 0, { min: 0 }),
    rerolls: f.integer(FADE_TRAIT_KEYS.rerolls, 0, { min: 0 }),
  };
}

/** A Fade species: Species Size, land speed, natural Deflection and energy lists it gives its members. */
export class FadeSpeciesData extends itemModel(fadeSpeciesSchema) {}

/** A Fade class: Class HP, its Soak bonus, Attacks per Round, HP per level and class-ability rerolls. */
export class FadeClassData extends itemModel(fadeClassSchema) {}

/** A Fade feat: the bonuses it adds to HP, Soak, defenses, pools, speed, Deflection, energy, attacks, rerolls. */
export class FadeFeatData extends itemModel(fadeFeatSchema) {}
