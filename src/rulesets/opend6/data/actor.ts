import { derive, OPEND6_ATTRIBUTES, OPEND6_SKILL_IDS, WOUND_LEVELS, type OpenD6Derived } from "../rules";
import { defenseBonusSetting, healthModeSetting, initiativeBonusSetting, initiativeMethodSetting } from "../settings";
import { ACTOR_KEYS, ATTRIBUTE_KEYS, BONUS_KEYS, SKILL_KEYS, WOUND_KEYS } from "./labels";
import { opend6Source, storedCode, type CarriedItem, type OpenD6ActorSystem } from "./source";

function opend6ActorSchema() {
  const { HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;
  const integer = (label: string, initial: number, options: { min?: number; max?: number } = {}) =>
    new NumberField({ required: true, nullable: false, integer: true, initial, label, ...options });
  // Codes are kept as text ("3D+1"): an edit is normalised, a typing slip is kept and shown, not lost.
  const bonus = (label: string) => integer(label, 0);
  const code = (label: string, initial: string) => new StringField({ required: true, blank: true, initial, label });
  return {
    attributes: new SchemaField(
      Object.fromEntries(OPEND6_ATTRIBUTES.map((a) => [a, code(ATTRIBUTE_KEYS[a].label, "3D")])) as Record<
        string,
        ReturnType<typeof code>
      >,
    ),
    // Dice each skill adds to its attribute ("" for an untrained skill, which rolls the attribute).
    skills: new SchemaField(
      Object.fromEntries(OPEND6_SKILL_IDS.map((id) => [id, code(SKILL_KEYS[id]!, "")])) as Record<
        string,
        ReturnType<typeof code>
      >,
    ),
    characterPoints: integer(ACTOR_KEYS.characterPoints, 5, { min: 0 }),
    fatePoints: integer(ACTOR_KEYS.fatePoints, 1, { min: 0 }),
    move: integer(ACTOR_KEYS.move, 10, { min: 0 }),
    // Human 0; smaller negative, larger positive.
    scale: integer(ACTOR_KEYS.scale, 0),
    wounds: new StringField({
      required: true,
      blank: false,
      initial: "none",
      choices: Object.fromEntries(WOUND_LEVELS.map((l) => [l, WOUND_KEYS[l]])),
      label: ACTOR_KEYS.wounds,
    }),
    // No floor: Body Points can go below zero. Null (never set) means full.
    bodyPoints: new SchemaField({
      value: new NumberField({
        required: true,
        nullable: true,
        integer: true,
        initial: null,
        label: ACTOR_KEYS.bodyPoints,
      }),
      max: integer(ACTOR_KEYS.bodyPointsMax, 20, { min: 0 }),
    }),
    notes: new HTMLField({ required: true, blank: true, label: ACTOR_KEYS.notes }),
    // What Active Effects add (codes in pips, defense in points, the wound penalty in dice): 0 unless
    // an effect changes them, so the derivation reads each effected number (docs/opend6.md).
    bonuses: new SchemaField({
      attributes: new SchemaField(
        Object.fromEntries(OPEND6_ATTRIBUTES.map((a) => [a, bonus(ATTRIBUTE_KEYS[a].label)])) as Record<
          string,
          ReturnType<typeof bonus>
        >,
      ),
      skills: new SchemaField(
        Object.fromEntries(OPEND6_SKILL_IDS.map((id) => [id, bonus(SKILL_KEYS[id]!)])) as Record<
          string,
          ReturnType<typeof bonus>
        >,
      ),
      attack: bonus(BONUS_KEYS.attack),
      damage: bonus(BONUS_KEYS.damage),
      passiveDefense: bonus(BONUS_KEYS.passiveDefense),
      resistance: bonus(BONUS_KEYS.resistance),
      woundPenalty: bonus(BONUS_KEYS.woundPenalty),
    }),
  };
}

export type OpenD6ActorSchema = ReturnType<typeof opend6ActorSchema>;

/** What prepareDerivedData adds to an OpenD6 actor's system data (never stored). */
export interface OpenD6ActorDerived {
  derived: OpenD6Derived;
  /** Current and maximum Body Points for the token bar (current is the maximum until first set). */
  bodyPoints: { value: number; max: number };
}

type Changes = { system?: { attributes?: Record<string, unknown>; skills?: Record<string, unknown> } } & Record<
  string,
  unknown
>;

/** Codes in a pending change, normalised (both the nested and the flat "system.attributes.x" forms). */
export function normaliseCodes(changes: Changes): void {
  for (const group of ["attributes", "skills"] as const) {
    const nested = changes.system?.[group];
    if (nested) for (const key of Object.keys(nested)) nested[key] = storedCode(nested[key], group === "skills");
    for (const key of Object.keys(changes)) {
      if (key.startsWith(`system.${group}.`)) changes[key] = storedCode(changes[key], group === "skills");
    }
  }
}

/**
 * An OpenD6 character or NPC: attribute and skill codes, Character and Fate Points, Move, scale, and
 * the Wound level or Body Points (the world's choice); everything else comes from the rules' `derive`.
 */
export class OpenD6ActorData extends foundry.abstract.TypeDataModel<OpenD6ActorSchema, Actor.Implementation> {
  static TRACKABLE = { bar: ["bodyPoints"], value: ["characterPoints", "fatePoints"] };

  static override defineSchema(): OpenD6ActorSchema {
    return opend6ActorSchema();
  }

  override prepareDerivedData(): void {
    const system = this as unknown as OpenD6ActorSystem & OpenD6ActorDerived;
    const parent = this.parent as unknown as { items?: Iterable<CarriedItem> } | null;
    const derived = derive(opend6Source(system, parent?.items ?? []), {
      mode: healthModeSetting(),
      defenseBonus: defenseBonusSetting(),
      initiative: initiativeMethodSetting(),
      initiativeBonus: initiativeBonusSetting(),
    });
    system.derived = derived;
    system.bodyPoints.value ??= system.bodyPoints.max;
  }

  /** An edited code is stored normalised ("2D+4" as "3D+1"). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    normaliseCodes(args[0] as unknown as Changes);
    return allowed;
  }
}
