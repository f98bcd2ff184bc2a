import type { HodDefense } from "../../rules/hod/attack";
import type { HodCover, HodPosition } from "../../rules/hod/situational";

// i18n keys written out, so the language test sees each one.

/** The five defenses. */
export const DEFENSE_KEYS: Readonly<Record<HodDefense, string>> = Object.freeze({
  primary: "ANTHOLOGY.HoD.Card.Defense.primary",
  passive: "ANTHOLOGY.HoD.Card.Defense.passive",
  vigor: "ANTHOLOGY.HoD.Card.Defense.vigor",
  celerity: "ANTHOLOGY.HoD.Card.Defense.celerity",
  spirit: "ANTHOLOGY.HoD.Card.Defense.spirit",
});

/** The attributes a 3d6 check adds. */
export const CHECK_ATTRIBUTES = ["strength", "dexterity", "constitution", "intelligence", "wisdom", "persona"] as const;
export type HodCheckAttribute = (typeof CHECK_ATTRIBUTES)[number];

export const ATTRIBUTE_KEYS: Readonly<Record<HodCheckAttribute, string>> = Object.freeze({
  strength: "ANTHOLOGY.HoD.Dialog.Attribute.strength",
  dexterity: "ANTHOLOGY.HoD.Dialog.Attribute.dexterity",
  constitution: "ANTHOLOGY.HoD.Dialog.Attribute.constitution",
  intelligence: "ANTHOLOGY.HoD.Dialog.Attribute.intelligence",
  wisdom: "ANTHOLOGY.HoD.Dialog.Attribute.wisdom",
  persona: "ANTHOLOGY.HoD.Dialog.Attribute.persona",
});

export function isCheckAttribute(value: unknown): value is HodCheckAttribute {
  return typeof value === "string" && (CHECK_ATTRIBUTES as readonly string[]).includes(value);
}

/** Cover levels, as the dialog offers them. */
export const COVER_KEYS: Readonly<Record<HodCover, string>> = Object.freeze({
  none: "ANTHOLOGY.HoD.Dialog.Cover.none",
  partial: "ANTHOLOGY.HoD.Dialog.Cover.partial",
  half: "ANTHOLOGY.HoD.Dialog.Cover.half",
  improved: "ANTHOLOGY.HoD.Dialog.Cover.improved",
  nineTenths: "ANTHOLOGY.HoD.Dialog.Cover.nineTenths",
});

export const POSITION_KEYS: Readonly<Record<HodPosition, string>> = Object.freeze({
  front: "ANTHOLOGY.HoD.Dialog.Position.front",
  flanked: "ANTHOLOGY.HoD.Dialog.Position.flanked",
  rear: "ANTHOLOGY.HoD.Dialog.Position.rear",
});

/** One line of an attack's modifiers on the card and in the dialog ({value} is the signed number). */
export const MODIFIER_KEYS: Readonly<Record<string, string>> = Object.freeze({
  proficient: "ANTHOLOGY.HoD.Card.Modifier.proficient",
  noAffinity: "ANTHOLOGY.HoD.Card.Modifier.noAffinity",
  higherGround: "ANTHOLOGY.HoD.Card.Modifier.higherGround",
  flanked: "ANTHOLOGY.HoD.Card.Modifier.flanked",
  rear: "ANTHOLOGY.HoD.Card.Modifier.rear",
  partial: "ANTHOLOGY.HoD.Card.Modifier.partial",
  half: "ANTHOLOGY.HoD.Card.Modifier.half",
  improved: "ANTHOLOGY.HoD.Card.Modifier.improved",
  nineTenths: "ANTHOLOGY.HoD.Card.Modifier.nineTenths",
  range: "ANTHOLOGY.HoD.Card.Modifier.range",
  simultaneous: "ANTHOLOGY.HoD.Card.Modifier.simultaneous",
  twoWeapons: "ANTHOLOGY.HoD.Card.Modifier.twoWeapons",
  extra: "ANTHOLOGY.HoD.Card.Modifier.extra",
});

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
