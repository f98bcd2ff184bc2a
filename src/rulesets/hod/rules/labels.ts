import { labelKeys } from "../../common";
import { SPEED_CLASSES } from "./speed";
import type { HodDefense } from "./attack";
import type { StanceId } from "./stances";
import type { HodAttributeRule, HodDamageType, WeaponCategory } from "./weapons";

/** i18n keys of the speed classes. */
export const SPEED_CLASS_KEYS = labelKeys("ANTHOLOGY.HoD.Speed", SPEED_CLASSES);

/** i18n keys of the combat actions (COMBAT_ACTIONS) and extras (ACTION_EXTRAS). */
export const ACTION_KEYS: Readonly<Record<string, string>> = labelKeys("ANTHOLOGY.HoD.Actions", [
  "dismissSpell",
  "dropItem",
  "drawWeapon",
  "dropToFloor",
  "lowerSpellResistance",
  "readyAction",
  "sheatheWeapon",
  "redirectSpell",
  "drawHiddenWeapon",
  "openDoor",
  "pickUpItem",
  "retrieveFromPouch",
  "setAgainstCharge",
  "standUp",
  "activateMagicItem",
  "drinkPotion",
  "mount",
  "readyShield",
  "lightTorch",
  "retrieveFromBackpack",
  "stabilize",
  "attack",
  "feint",
  "move",
  "castSpell",
  "chargeSpell",
  "releaseCharge",
  "escapeNet",
  "extinguishFlames",
  "prepareSpell",
  "readScroll",
  "concentrate",
  "controlMount",
  "custom",
]);

/** Keys of the Time Count's words for a special action, its preparation and a stance change ({name} filled in). */
const NAMED_ACTION_KEYS = Object.freeze({
  special: "ANTHOLOGY.HoD.Actions.special",
  prepare: "ANTHOLOGY.HoD.Actions.prepare",
  stance: "ANTHOLOGY.HoD.Actions.stance",
  basicStance: "ANTHOLOGY.HoD.Actions.basicStance",
});

/**
 * How the Time Count names an action: its own key, or for a special action, its preparation and a
 * stance change, a key with `{name}` and the key of that name.
 */
export function actionLabel(choice: { action: string; special?: string; stance?: string }): {
  key: string;
  nameKey?: string;
} {
  if (choice.action === "special" || choice.action === "prepare") {
    const nameKey = SPECIAL_ACTION_KEYS[String(choice.special)];
    if (nameKey) return { key: NAMED_ACTION_KEYS[choice.action], nameKey };
  }
  if (choice.action === "stance" || choice.action === "basicStance") {
    const stance = STANCE_KEYS[choice.stance as StanceId] as { name: string } | undefined;
    if (stance) return { key: NAMED_ACTION_KEYS[choice.action], nameKey: stance.name };
  }
  return { key: ACTION_KEYS[choice.action] ?? ACTION_KEYS.custom! };
}

/** i18n keys of the five defenses. */
export const DEFENSE_KEYS = Object.freeze({
  primary: "ANTHOLOGY.HoD.Defenses.primary",
  passive: "ANTHOLOGY.HoD.Defenses.passive",
  vigor: "ANTHOLOGY.HoD.Defenses.vigor",
  celerity: "ANTHOLOGY.HoD.Defenses.celerity",
  spirit: "ANTHOLOGY.HoD.Defenses.spirit",
}) satisfies Readonly<Record<HodDefense, string>>;

/** i18n keys of the weapon categories. */
export const WEAPON_CATEGORY_KEYS = Object.freeze({
  axes: "ANTHOLOGY.HoD.Categories.axes",
  gauntlets: "ANTHOLOGY.HoD.Categories.gauntlets",
  hammers: "ANTHOLOGY.HoD.Categories.hammers",
  heavySwords: "ANTHOLOGY.HoD.Categories.heavySwords",
  javelins: "ANTHOLOGY.HoD.Categories.javelins",
  lightSwords: "ANTHOLOGY.HoD.Categories.lightSwords",
  maces: "ANTHOLOGY.HoD.Categories.maces",
  polearms: "ANTHOLOGY.HoD.Categories.polearms",
  tools: "ANTHOLOGY.HoD.Categories.tools",
  disks: "ANTHOLOGY.HoD.Categories.disks",
  bows: "ANTHOLOGY.HoD.Categories.bows",
  chains: "ANTHOLOGY.HoD.Categories.chains",
  crossbows: "ANTHOLOGY.HoD.Categories.crossbows",
  daggers: "ANTHOLOGY.HoD.Categories.daggers",
  staffs: "ANTHOLOGY.HoD.Categories.staffs",
  unarmed: "ANTHOLOGY.HoD.Categories.unarmed",
  natural: "ANTHOLOGY.HoD.Categories.natural",
  spell: "ANTHOLOGY.HoD.Categories.spell",
}) satisfies Readonly<Record<WeaponCategory, string>>;

/** i18n keys of the attack modifiers (ATTACK_MODIFIERS). */
export const ATTACK_MODIFIER_KEYS: Readonly<Record<string, string>> = labelKeys("ANTHOLOGY.HoD.Modifiers", [
  "higherGround",
  "proficient",
  "flanked",
  "rear",
  "noAffinity",
  "coverPartial",
  "coverHalf",
  "coverImproved",
  "coverNineTenths",
  "simultaneous",
  "twoWeapons",
  "alternating",
  "improvisedLimb",
  "crowded",
  "feint",
  "distracted",
  "grabbed",
  "grabHold",
]);

/** i18n keys of the special actions' names. */
export const SPECIAL_ACTION_KEYS: Readonly<Record<string, string>> = labelKeys(
  "ANTHOLOGY.HoD.Special",
  [
    "breakGrab",
    "coupFollowUp",
    "drag",
    "dragBreak",
    "escapeGrab",
    "grab",
    "grapple",
    "releaseGrab",
    "shunt",
    "shuntTrip",
    "throw",
    "approach",
    "bullRush",
    "coupDeGrace",
    "disarm",
    "distract",
    "feint",
    "quickStrike",
    "staple",
    "tackle",
    "trip",
  ],
  ".name",
);

/** i18n keys of the special actions' groups, ranges and skills. */
export const SPECIAL_GROUP_KEYS = Object.freeze({
  wrestling: "ANTHOLOGY.HoD.Special.groups.wrestling",
  misc: "ANTHOLOGY.HoD.Special.groups.misc",
});
export const SPECIAL_RANGE_KEYS = labelKeys("ANTHOLOGY.HoD.Special.ranges", ["touch", "melee", "weapon", "fiveFeet"]);
export const SKILL_KEYS: Readonly<Record<string, string>> = Object.freeze({
  athletics: "ANTHOLOGY.HoD.Special.skills.athletics",
  acrobatics: "ANTHOLOGY.HoD.Special.skills.acrobatics",
});

/** i18n keys of each stance: its name, what it gives and what it costs. */
export const STANCE_KEYS = Object.freeze({
  cautious: {
    name: "ANTHOLOGY.HoD.Stance.cautious.name",
    benefit: "ANTHOLOGY.HoD.Stance.cautious.benefit",
    drawback: "ANTHOLOGY.HoD.Stance.cautious.drawback",
  },
  crouch: {
    name: "ANTHOLOGY.HoD.Stance.crouch.name",
    benefit: "ANTHOLOGY.HoD.Stance.crouch.benefit",
    drawback: "ANTHOLOGY.HoD.Stance.crouch.drawback",
  },
  parrying: {
    name: "ANTHOLOGY.HoD.Stance.parrying.name",
    benefit: "ANTHOLOGY.HoD.Stance.parrying.benefit",
    drawback: "ANTHOLOGY.HoD.Stance.parrying.drawback",
  },
  poised: {
    name: "ANTHOLOGY.HoD.Stance.poised.name",
    benefit: "ANTHOLOGY.HoD.Stance.poised.benefit",
    drawback: "ANTHOLOGY.HoD.Stance.poised.drawback",
  },
  prone: {
    name: "ANTHOLOGY.HoD.Stance.prone.name",
    benefit: "ANTHOLOGY.HoD.Stance.prone.benefit",
    drawback: "ANTHOLOGY.HoD.Stance.prone.drawback",
  },
  spellcasting: {
    name: "ANTHOLOGY.HoD.Stance.spellcasting.name",
    benefit: "ANTHOLOGY.HoD.Stance.spellcasting.benefit",
    drawback: "ANTHOLOGY.HoD.Stance.spellcasting.drawback",
  },
}) satisfies Readonly<Record<StanceId, { name: string; benefit: string; drawback: string }>>;

/** i18n keys of the attribute each category adds (Strength, Dexterity, the better, Intelligence). */
export const ATTRIBUTE_RULE_KEYS: Readonly<Record<HodAttributeRule, string>> = labelKeys(
  "ANTHOLOGY.HoD.AttributeRule",
  ["strength", "dexterity", "best", "intelligence"],
);

/** i18n keys of the damage types; "" is any other kind. */
export const DAMAGE_TYPE_KEYS: Readonly<Record<HodDamageType | "", string>> = Object.freeze({
  "": "ANTHOLOGY.HoD.DamageType.other",
  bludgeoning: "ANTHOLOGY.HoD.DamageType.bludgeoning",
  piercing: "ANTHOLOGY.HoD.DamageType.piercing",
  slashing: "ANTHOLOGY.HoD.DamageType.slashing",
});
