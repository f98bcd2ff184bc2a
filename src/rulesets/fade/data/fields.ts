import { BODY_PART_KEYS, BODY_PARTS } from "../rules";
import {
  FADE_ACTOR_KEYS,
  FADE_BONUS_KEYS,
  FADE_EFFECT_BONUS_KEYS,
  FADE_ENERGY_KEYS,
  FADE_POOL_PART_KEYS,
} from "./labels";

/** Field builders the Fade actor and its species, class and feat items share, so a field reads the same. */
export function fadeFields() {
  const { HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;
  const integer = (label: string, initial: number, options: { min?: number; max?: number } = {}) =>
    new NumberField({ required: true, nullable: false, integer: true, initial, label, ...options });
  const poolBonus = (label: string) =>
    new SchemaField(
      {
        rolled: integer(FADE_POOL_PART_KEYS.rolled, 0),
        kept: integer(FADE_POOL_PART_KEYS.kept, 0),
        flat: integer(FADE_POOL_PART_KEYS.flat, 0),
      },
      { label },
    );
  const text = (label: string) => new StringField({ required: true, blank: true, initial: "", label });
  return {
    integer,
    description: () => new HTMLField({ required: true, blank: true }),
    /** Misc. bonuses: HP, Soak, the defenses, to-hit and damage pools. */
    bonuses: () =>
      new SchemaField({
        hp: integer(FADE_BONUS_KEYS.hp, 0),
        soak: integer(FADE_BONUS_KEYS.soak, 0),
        allDefenses: integer(FADE_BONUS_KEYS.allDefenses, 0),
        defense: integer(FADE_BONUS_KEYS.defense, 0),
        avoid: integer(FADE_BONUS_KEYS.avoid, 0),
        mentalDefense: integer(FADE_BONUS_KEYS.mentalDefense, 0),
        bodilyDefense: integer(FADE_BONUS_KEYS.bodilyDefense, 0),
        toHit: poolBonus(FADE_BONUS_KEYS.toHit),
        damage: poolBonus(FADE_BONUS_KEYS.damage),
      }),
    /**
     * What Active Effects add (docs/the-fade.md, "Effects that change rolls"): the misc. bonuses and
     * land speed, never shown as an input, so an effect's change is never saved into the actor.
     */
    effectBonuses: () =>
      new SchemaField({
        hp: integer(FADE_BONUS_KEYS.hp, 0),
        soak: integer(FADE_BONUS_KEYS.soak, 0),
        allDefenses: integer(FADE_BONUS_KEYS.allDefenses, 0),
        defense: integer(FADE_BONUS_KEYS.defense, 0),
        avoid: integer(FADE_BONUS_KEYS.avoid, 0),
        mentalDefense: integer(FADE_BONUS_KEYS.mentalDefense, 0),
        bodilyDefense: integer(FADE_BONUS_KEYS.bodilyDefense, 0),
        toHit: poolBonus(FADE_BONUS_KEYS.toHit),
        damage: poolBonus(FADE_BONUS_KEYS.damage),
        speed: integer(FADE_ACTOR_KEYS.speed, 0),
        dodge: poolBonus(FADE_EFFECT_BONUS_KEYS.dodge),
        skills: poolBonus(FADE_EFFECT_BONUS_KEYS.skills),
      }),
    /** Deflection per body part. */
    deflection: (label: string) =>
      new SchemaField(Object.fromEntries(BODY_PARTS.map((p) => [p, integer(BODY_PART_KEYS[p], 0, { min: 0 })])), {
        label,
      }),
    /** The four energy lists as text. */
    energy: () =>
      new SchemaField({
        resistances: text(FADE_ENERGY_KEYS.resistances),
        immunities: text(FADE_ENERGY_KEYS.immunities),
        absorptions: text(FADE_ENERGY_KEYS.absorptions),
        weaknesses: text(FADE_ENERGY_KEYS.weaknesses),
      }),
  };
}
