import { FADE_SKILL_IDS } from "../rules/skills";
import { FADE_SKILL_KEYS } from "./labels";
import { derive, type BodyPart, type EnergyProfile, type FadeDerived } from "../rules";
import { fadeFields } from "./fields";
import { FADE_ACTOR_KEYS, FADE_ATTRIBUTES, FADE_ATTRIBUTE_KEYS } from "./labels";
import { fadeSource, type CarriedItem, type FadeActorSystem } from "./source";

function fadeActorSchema() {
  const { BooleanField, HTMLField, NumberField, SchemaField } = foundry.data.fields;
  const f = fadeFields();
  const integer = f.integer;
  const attributes = Object.fromEntries(
    FADE_ATTRIBUTES.map((a) => [a, integer(FADE_ATTRIBUTE_KEYS[a].label, a === "magic" || a === "resistance" ? 0 : 2)]),
  ) as Record<(typeof FADE_ATTRIBUTES)[number], ReturnType<typeof integer>>;
  return {
    ...attributes,
    level: integer(FADE_ACTOR_KEYS.level, 1, { min: 1, max: 20 }),
    classHp: integer(FADE_ACTOR_KEYS.classHp, 10, { min: 0 }),
    hpGained: integer(FADE_ACTOR_KEYS.hpGained, 0, { min: 0 }),
    // No floor: The Fade counts HP below zero until death. Null (never set) means full HP.
    hp: new SchemaField({
      value: new NumberField({
        required: true,
        nullable: true,
        integer: true,
        initial: null,
        label: FADE_ACTOR_KEYS.hp,
      }),
    }),
    speciesSize: integer(FADE_ACTOR_KEYS.speciesSize, 1, { min: 0 }),
    classSoak: integer(FADE_ACTOR_KEYS.classSoak, 1, { min: 0 }),
    speed: integer(FADE_ACTOR_KEYS.speed, 6, { min: 0 }),
    speedLoss: integer(FADE_ACTOR_KEYS.speedLoss, 0, { min: 0 }),
    attacksPerRound: integer(FADE_ACTOR_KEYS.attacksPerRound, 1, { min: 1 }),
    bonuses: f.bonuses(),
    // What Active Effects add (a new field: zeros when missing); no input shows it.
    effectBonuses: f.effectBonuses(),
    naturalDeflection: f.deflection(FADE_ACTOR_KEYS.naturalDeflection),
    naturalDeflectionStacks: new BooleanField({ initial: false, label: FADE_ACTOR_KEYS.naturalDeflectionStacks }),
    energy: f.energy(),
    // Undead: Unholy Resistance adds to its healing instead of Holy (a new field: false when missing).
    undead: new BooleanField({ initial: false, label: FADE_ACTOR_KEYS.undead }),
    luckRerollsUsed: integer(FADE_ACTOR_KEYS.luckRerollsUsed, 0, { min: 0 }),
    // Ranks in each of the text's skills (a check adds them to its attribute's pool).
    skills: new SchemaField(
      Object.fromEntries(FADE_SKILL_IDS.map((id) => [id, integer(FADE_SKILL_KEYS[id]!, 0, { min: 0 })])) as Record<
        string,
        ReturnType<typeof integer>
      >,
    ),
    notes: new HTMLField({ required: true, blank: true, label: FADE_ACTOR_KEYS.notes }),
  };
}

export type FadeActorSchema = ReturnType<typeof fadeActorSchema>;

/** What prepareDerivedData adds to a Fade actor's system data (never stored). */
export interface FadeActorDerived {
  /** Everything `derive` gives. */
  derived: FadeDerived;
  /** Current and maximum HP for the token bar (current is the maximum until first set). */
  hp: { value: number; max: number };
  luckRerollsLeft: number;
  energyProfile: EnergyProfile;
  /** Energy Resistance entries the sheet could not read. */
  energyInvalid: readonly string[];
  carriedWeight: number;
}

/**
 * A Fade character or NPC: the numbers the rules name, stored; everything else comes from the rules'
 * `derive` with the actor's worn armor and carried items, in prepareDerivedData.
 */
export class FadeActorData extends foundry.abstract.TypeDataModel<FadeActorSchema, Actor.Implementation> {
  /** The token bar: current and maximum HP. */
  static TRACKABLE = { bar: ["hp"], value: ["luckRerollsLeft"] };

  static override defineSchema(): FadeActorSchema {
    return fadeActorSchema();
  }

  override prepareDerivedData(): void {
    const system = this as unknown as FadeActorSystem & FadeActorDerived;
    const parent = this.parent as unknown as { items?: Iterable<CarriedItem>; statuses?: Set<string> } | null;
    const { source, invalidEnergy } = fadeSource(system, parent?.items ?? [], parent?.statuses ?? []);
    const derived = derive(source);
    system.derived = derived;
    system.hp.max = derived.hpMax;
    system.hp.value ??= derived.hpMax;
    system.luckRerollsLeft = Math.max(0, derived.luckRerolls - (system.luckRerollsUsed ?? 0));
    system.energyProfile = source.energy ?? {};
    system.energyInvalid = invalidEnergy;
    system.carriedWeight = source.carriedWeight ?? 0;
  }
}

export type { BodyPart };
