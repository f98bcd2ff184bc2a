import { isOneOf } from "../../common";
import { type STANCE_IDS, WOUNDS, WOUND_BOXES, type Wound, type WoundTrack } from "../rules/combat";
import {
  FUDGE_ATTRIBUTES,
  PAIN_THRESHOLDS,
  TRAIT_MAX,
  TRAIT_MIN,
  movement,
  painPenalty,
  type FudgeAttribute,
  type PainThreshold,
} from "../rules/play";
import { FUDGE_ACTOR_KEYS, FUDGE_ATTRIBUTE_KEYS, FUDGE_PAIN_KEYS, FUDGE_STANCE_KEYS, FUDGE_WOUND_KEYS } from "./labels";

function fudgeActorSchema() {
  const { BooleanField, HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;
  const integer = (label: string, initial: number, options: { min?: number; max?: number } = {}) =>
    new NumberField({ required: true, nullable: false, integer: true, initial, label, ...options });
  const trait = (label: string) => integer(label, 0, { min: TRAIT_MIN, max: TRAIT_MAX });
  return {
    attributes: new SchemaField(
      Object.fromEntries(FUDGE_ATTRIBUTES.map((a) => [a, trait(FUDGE_ATTRIBUTE_KEYS[a])])) as Record<
        FudgeAttribute,
        ReturnType<typeof trait>
      >,
    ),
    // Boxes marked on the wound track, per level (the text's 3, 2, 1, 1, 1).
    wounds: new SchemaField(
      Object.fromEntries(
        WOUNDS.map((w) => [w, integer(FUDGE_WOUND_KEYS[w], 0, { min: 0, max: WOUND_BOXES[w] })]),
      ) as Record<Wound, ReturnType<typeof integer>>,
    ),
    // Each marked box's true level, per box level ("light,light"): a Light wound marked in the Major
    // box because the Light boxes were full is noted "light" there, and heals as a Light wound.
    trueWounds: new SchemaField(
      Object.fromEntries(
        WOUNDS.map((w) => [
          w,
          new StringField({
            required: true,
            blank: true,
            nullable: true,
            initial: "",
            label: FUDGE_ACTOR_KEYS.trueWounds,
          }),
        ]),
      ) as Record<Wound, InstanceType<typeof StringField>>,
    ),
    strengthScale: integer(FUDGE_ACTOR_KEYS.strengthScale, 0),
    massScale: integer(FUDGE_ACTOR_KEYS.massScale, 0),
    painThreshold: new StringField({
      required: true,
      blank: false,
      initial: "normal",
      choices: { ...FUDGE_PAIN_KEYS },
      label: FUDGE_ACTOR_KEYS.painThreshold,
    }),
    // The stance the fighter means to take this round (dialogs start from it).
    stance: new StringField({
      required: true,
      blank: false,
      initial: "normal",
      choices: { ...FUDGE_STANCE_KEYS },
      label: FUDGE_ACTOR_KEYS.stance,
    }),
    // A unit of this many alike fighters, for mass battles (its size is a Scale bonus).
    unitSize: integer(FUDGE_ACTOR_KEYS.unitSize, 1, { min: 1, max: 1_000_000 }),
    // Stun results still on the sheet (a second one makes Very Stunned); they heal like Scratches.
    // 1: Stunned (no attacks or stance change, −1 to defend); 2: Very Stunned (no attacks, −2 to all).
    stunned: integer(FUDGE_ACTOR_KEYS.stunned, 0, { min: 0, max: 2 }),
    // A Stun result on the sheet, kept apart from the stun's rounds: clearing the stun when its rounds
    // are over leaves it, so a second Stun result in the same fight is Very Stunned; it heals after
    // the fight, like a Scratch. (A new field: missing, it reads false, as an old actor's state was.)
    stunTaken: new BooleanField({ required: true, initial: false, label: FUDGE_ACTOR_KEYS.stunTaken }),
    // A leader's won Tactics roll: +1 to all its rolls during the combat at hand (0 or 1). A new field:
    // missing, it reads 0.
    tactics: integer(FUDGE_ACTOR_KEYS.tactics, 0, { min: 0, max: 1 }),
    notes: new HTMLField({ required: true, blank: true, label: FUDGE_ACTOR_KEYS.notes }),
  };
}

export type FudgeActorSchema = ReturnType<typeof fudgeActorSchema>;

/** A FUDGE actor's stored data, as plain values. */
export interface FudgeActorSystem {
  attributes: Record<FudgeAttribute, number>;
  wounds: Required<WoundTrack>;
  trueWounds: Record<Wound, string>;
  strengthScale: number;
  massScale: number;
  painThreshold: PainThreshold;
  stance: (typeof STANCE_IDS)[number];
  stunned: number;
  stunTaken: boolean;
  tactics?: number;
  unitSize: number;
  notes: string;
}

/** What prepareDerivedData adds (never stored). */
export interface FudgeActorDerived {
  /** The penalty wounds give every roll (with the pain threshold). */
  woundPenalty: number;
  /** Open boxes on the wound track, for the token bar. */
  boxes: { value: number; max: number };
  movement: ReturnType<typeof movement>;
}

const TOTAL_BOXES = WOUNDS.reduce((sum, w) => sum + WOUND_BOXES[w], 0);

/** The derived numbers of a FUDGE actor, from its stored data (pure; the data model and tests use it). */
export function fudgeDerived(system: FudgeActorSystem): FudgeActorDerived {
  const marked = WOUNDS.reduce((sum, w) => sum + Math.max(0, system.wounds[w] ?? 0), 0);
  const pain = isOneOf(PAIN_THRESHOLDS, system.painThreshold) ? system.painThreshold : "normal";
  return {
    woundPenalty: painPenalty(system.wounds, pain),
    boxes: { value: TOTAL_BOXES - marked, max: TOTAL_BOXES },
    movement: movement(system.attributes.speed ?? 0),
  };
}

/** A FUDGE character or NPC: attributes on the ladder, Scale, the wound track and the stance. */
export class FudgeActorData extends foundry.abstract.TypeDataModel<FudgeActorSchema, Actor.Implementation> {
  /** The token bar: open boxes of the wound track. */
  static TRACKABLE = { bar: ["boxes"], value: ["woundPenalty"] };

  static override defineSchema(): FudgeActorSchema {
    return fudgeActorSchema();
  }

  override prepareDerivedData(): void {
    const system = this as unknown as FudgeActorSystem & FudgeActorDerived;
    Object.assign(system, fudgeDerived(system));
  }
}
