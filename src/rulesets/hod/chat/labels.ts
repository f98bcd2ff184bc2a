import { isOneOf, labelKeys } from "../../common";
import { ATTACK_MODIFIER_KEYS } from "../rules/labels";
import { typedValues, type TypedChoices } from "../rules/typed";

// i18n keys: built by labelKeys from an exported list of ids (the language test reads the module), or
// written out in full.

/** The attributes a 3d6 check adds. */
export const CHECK_ATTRIBUTES = ["strength", "dexterity", "constitution", "intelligence", "wisdom", "persona"] as const;
export type HodCheckAttribute = (typeof CHECK_ATTRIBUTES)[number];

export const ATTRIBUTE_KEYS: Readonly<Record<HodCheckAttribute, string>> = labelKeys(
  "ANTHOLOGY.HoD.Dialog.Attribute",
  CHECK_ATTRIBUTES,
);

export const isCheckAttribute = (value: unknown): value is HodCheckAttribute => isOneOf(CHECK_ATTRIBUTES, value);

/** The attack dialog's choices of cover: none, or one of the table's degrees. */
export const COVER_CHOICES = ["none", "coverPartial", "coverHalf", "coverImproved", "coverNineTenths"] as const;
/** Where the attacker stands: in front, beside a flanked target, or behind it. */
export const POSITION_CHOICES = ["front", "flanked", "rear"] as const;
/** The table's other situations, as check boxes. */
export const SITUATION_CHOICES = [
  "higherGround",
  "simultaneous",
  "twoWeapons",
  "alternating",
  "improvisedLimb",
  "crowded",
  "feint",
  "distracted",
  "grabbed",
  "grabHold",
] as const;

/** The situations the special actions' effects give (rules/effects.ts), offered when the attacker has them. */
export const EFFECT_SITUATIONS: readonly string[] = ["feint", "distracted", "grabbed", "grabHold"];

/** Labels of the choices the table has no line for. */
export const NO_COVER_KEY = "ANTHOLOGY.HoD.Dialog.noCover";
export const FRONT_KEY = "ANTHOLOGY.HoD.Dialog.front";

/** Modifier lines that are not in the text's table ({value} is the signed number). */
const OTHER_MODIFIER_KEYS: Readonly<Record<string, string>> = Object.freeze({
  range: "ANTHOLOGY.HoD.Card.Modifier.range",
  stance: "ANTHOLOGY.HoD.Card.Modifier.stance",
  special: "ANTHOLOGY.HoD.Card.Modifier.special",
  extra: "ANTHOLOGY.HoD.Card.Modifier.extra",
});

/** The label of a modifier line: the table's own (its value in the text), or one with the value filled in. */
export function modifierKey(id: string): string {
  return ATTACK_MODIFIER_KEYS[id] ?? OTHER_MODIFIER_KEYS[id] ?? OTHER_MODIFIER_KEYS.extra!;
}

/** The Time Count line of a card. */
export const SCHEDULE_KEYS: Readonly<Record<"notStarted" | "notDue" | "notInCount" | "due", string>> = Object.freeze({
  notStarted: "ANTHOLOGY.HoD.Card.Schedule.notStarted",
  notDue: "ANTHOLOGY.HoD.Card.Schedule.notDue",
  notInCount: "ANTHOLOGY.HoD.Card.Schedule.notInCount",
  due: "ANTHOLOGY.HoD.Card.Schedule.due",
});

/** A signed number as the cards print it: +2, −1, 0. */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `\u2212${-value}` : "0";
}

/** A typed value with its value filled in ({value}), on the card and in the GM's notice. */
export const TYPED_VALUE_KEYS: Readonly<Record<string, string>> = Object.freeze({
  toHit: "ANTHOLOGY.HoD.Typed.Value.toHit",
  damage: "ANTHOLOGY.HoD.Typed.Value.damage",
  skillRank: "ANTHOLOGY.HoD.Typed.Value.skillRank",
  extraDice: "ANTHOLOGY.HoD.Typed.Value.extraDice",
  multiplier: "ANTHOLOGY.HoD.Typed.Value.multiplier",
});

/** The typed values of a roll's choices as a card lists them (none: an empty list). */
export function typedView(choices: TypedChoices | null | undefined): Array<{ key: string; value: string }> {
  return choices ? typedValues(choices).map((t) => ({ key: TYPED_VALUE_KEYS[t.field]!, value: t.value })) : [];
}
