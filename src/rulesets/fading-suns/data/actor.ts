import {
  BONUS_IDS,
  type BonusId,
  CHARACTERISTICS,
  CHARACTERISTIC_DEFAULTS,
  MAX_RATING,
  MOVED_IDS,
  SPECIES,
  VOROX_LIMBS,
  NATURAL_SKILLS,
  STANCE_IDS,
  derive,
  type FadingSunsDerived,
} from "../rules";
import {
  ACTOR_KEYS,
  AGGRESSIVE_KEYS,
  BONUS_KEYS,
  CHARACTERISTIC_KEYS,
  LIMB_KEYS,
  MOVED_KEYS,
  SKILL_KEYS,
  SPECIES_KEYS,
  STANCE_KEYS,
} from "./labels";
import { fadingSunsSource, type CarriedItem, type FadingSunsActorSystem } from "./source";
import { SYSTEM_ID } from "../../../constants";
import { STANCE_SINCE, stanceStamp } from "../combat/stance-stamp";
import { woundPenaltiesSetting } from "../settings";

function fadingSunsActorSchema() {
  const { BooleanField, HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;
  const rating = (label: string, initial: number) =>
    new NumberField({ required: true, nullable: false, integer: true, min: 0, max: MAX_RATING, initial, label });
  const integer = (label: string, initial: number, options: { min?: number; max?: number } = {}) =>
    new NumberField({ required: true, nullable: false, integer: true, initial, label, ...options });
  return {
    characteristics: new SchemaField(
      Object.fromEntries(
        CHARACTERISTICS.map((c) => [c, rating(CHARACTERISTIC_KEYS[c], CHARACTERISTIC_DEFAULTS[c])]),
      ) as Record<string, ReturnType<typeof rating>>,
    ),
    naturalSkills: new SchemaField(
      Object.fromEntries(NATURAL_SKILLS.map((s) => [s, rating(SKILL_KEYS[s], 3)])) as Record<
        string,
        ReturnType<typeof rating>
      >,
    ),
    // Null until set: current is full, the maximum is Endurance + 5. No floor on the current value.
    vitality: new SchemaField({
      value: new NumberField({
        required: true,
        nullable: true,
        integer: true,
        initial: null,
        label: ACTOR_KEYS.vitality,
      }),
      max: new NumberField({
        required: true,
        nullable: true,
        integer: true,
        min: 0,
        initial: null,
        label: ACTOR_KEYS.vitalityMax,
      }),
    }),
    wyrd: new SchemaField({
      value: integer(ACTOR_KEYS.wyrd, 3, { min: 0 }),
      max: integer(ACTOR_KEYS.wyrdMax, 3, { min: 0 }),
    }),
    // Base Defense, before stance, surprise and the battlefield.
    defense: integer(ACTOR_KEYS.defense, 0, { min: -20, max: 20 }),
    stance: new StringField({
      required: true,
      blank: false,
      initial: "neutral",
      choices: Object.fromEntries(STANCE_IDS.map((s) => [s, STANCE_KEYS[s]])),
      label: ACTOR_KEYS.stance,
    }),
    aggressive: new StringField({
      required: true,
      blank: false,
      initial: "goal",
      choices: { ...AGGRESSIVE_KEYS },
      label: ACTOR_KEYS.aggressive,
    }),
    surprised: new BooleanField({ initial: false, label: ACTOR_KEYS.surprised }),
    // A run or charge this turn: −2 Defense until it resets as the next turn starts.
    moved: new StringField({
      required: true,
      blank: false,
      initial: "none",
      choices: Object.fromEntries(MOVED_IDS.map((m) => [m, MOVED_KEYS[m]])),
      label: ACTOR_KEYS.moved,
    }),
    // The movement chart's species (Move 5 or 6) and, for a Vorox, the limbs it moves on (5, 6 or 7).
    species: new StringField({
      required: true,
      blank: false,
      initial: "human",
      choices: Object.fromEntries(SPECIES.map((id) => [id, SPECIES_KEYS[id]])),
      label: ACTOR_KEYS.species,
    }),
    limbs: new NumberField({
      required: true,
      nullable: false,
      integer: true,
      initial: 2,
      choices: Object.fromEntries(VOROX_LIMBS.map((n) => [n, LIMB_KEYS[n]])),
      label: ACTOR_KEYS.limbs,
    }),
    // The initiative's situation modifier (Dexterity + Wits + situation + d6).
    situation: integer(ACTOR_KEYS.situation, 0, { min: -20, max: 20 }),
    notes: new HTMLField({ required: true, blank: true, label: ACTOR_KEYS.notes }),
    // What Active Effects add to the derived numbers (all 0 unless an effect changes them; never edited on
    // the sheet): docs/fading-suns.md, "Effects that change rolls".
    bonuses: new SchemaField(
      Object.fromEntries(BONUS_IDS.map((id) => [id, integer(BONUS_KEYS[id], 0, { min: -20, max: 20 })])) as Record<
        BonusId,
        ReturnType<typeof integer>
      >,
    ),
  };
}

export type FadingSunsActorSchema = ReturnType<typeof fadingSunsActorSchema>;

/** What prepareDerivedData adds to a Fading Suns actor's system data (never stored). */
export interface FadingSunsActorDerived {
  derived: FadingSunsDerived;
}

/**
 * A Fading Suns character or NPC: the characteristics, natural skills, Vitality, Wyrd, base Defense and
 * stance; learned skills, weapons and armor are items. The Vitality track is filled in for the token
 * bar (full until set, Endurance + 5 unless a maximum is set).
 */
export class FadingSunsActorData extends foundry.abstract.TypeDataModel<FadingSunsActorSchema, Actor.Implementation> {
  static TRACKABLE = { bar: ["vitality", "wyrd"], value: ["defense"] };

  static override defineSchema(): FadingSunsActorSchema {
    return fadingSunsActorSchema();
  }

  /** A stance (or the aggressive pick) chosen now is stamped with the round it is declared for. */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>) {
    const [changes] = args as unknown as [Record<string, unknown>];
    const system = changes.system as Record<string, unknown> | undefined;
    const parent = this.parent as unknown as { uuid?: string } | null;
    if (system && ("stance" in system || "aggressive" in system) && parent?.uuid) {
      const flags = (changes.flags ??= {}) as Record<string, Record<string, unknown> | undefined>;
      flags[SYSTEM_ID] = { ...flags[SYSTEM_ID], [STANCE_SINCE]: stanceStamp({ uuid: parent.uuid }) };
    }
    return super._preUpdate(...args);
  }

  override prepareDerivedData(): void {
    const system = this as unknown as FadingSunsActorSystem & FadingSunsActorDerived;
    const parent = this.parent as unknown as { items?: Iterable<CarriedItem> } | null;
    const derived = derive({
      ...fadingSunsSource(system, parent?.items ?? []),
      woundPenalties: woundPenaltiesSetting(),
    });
    system.derived = derived;
    const vitality = system.vitality as { value: number | null; max: number | null };
    vitality.value = derived.vitality.value;
    vitality.max = derived.vitality.max;
  }
}
