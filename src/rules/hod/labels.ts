import type { HodDefense } from "./attack";
import type { SpeedClass } from "./speed";
import type { HodAttributeRule, HodDamageType, WeaponCategory } from "./weapons";

/** i18n keys of the speed classes, written out so the language test can see each one. */
export const SPEED_CLASS_KEYS: Readonly<Record<SpeedClass, string>> = Object.freeze({
  free: "ANTHOLOGY.HoD.Speed.free",
  rapid: "ANTHOLOGY.HoD.Speed.rapid",
  swift: "ANTHOLOGY.HoD.Speed.swift",
  fast: "ANTHOLOGY.HoD.Speed.fast",
  standard: "ANTHOLOGY.HoD.Speed.standard",
  slow: "ANTHOLOGY.HoD.Speed.slow",
  sluggish: "ANTHOLOGY.HoD.Speed.sluggish",
  lethargic: "ANTHOLOGY.HoD.Speed.lethargic",
  sedentary: "ANTHOLOGY.HoD.Speed.sedentary",
});

/** i18n keys of the combat actions (COMBAT_ACTIONS) and extras (ACTION_EXTRAS). */
export const ACTION_KEYS: Readonly<Record<string, string>> = Object.freeze({
  dismissSpell: "ANTHOLOGY.HoD.Actions.dismissSpell",
  dropItem: "ANTHOLOGY.HoD.Actions.dropItem",
  drawWeapon: "ANTHOLOGY.HoD.Actions.drawWeapon",
  dropToFloor: "ANTHOLOGY.HoD.Actions.dropToFloor",
  lowerSpellResistance: "ANTHOLOGY.HoD.Actions.lowerSpellResistance",
  readyAction: "ANTHOLOGY.HoD.Actions.readyAction",
  sheatheWeapon: "ANTHOLOGY.HoD.Actions.sheatheWeapon",
  redirectSpell: "ANTHOLOGY.HoD.Actions.redirectSpell",
  drawHiddenWeapon: "ANTHOLOGY.HoD.Actions.drawHiddenWeapon",
  openDoor: "ANTHOLOGY.HoD.Actions.openDoor",
  pickUpItem: "ANTHOLOGY.HoD.Actions.pickUpItem",
  retrieveFromPouch: "ANTHOLOGY.HoD.Actions.retrieveFromPouch",
  setAgainstCharge: "ANTHOLOGY.HoD.Actions.setAgainstCharge",
  standUp: "ANTHOLOGY.HoD.Actions.standUp",
  activateMagicItem: "ANTHOLOGY.HoD.Actions.activateMagicItem",
  drinkPotion: "ANTHOLOGY.HoD.Actions.drinkPotion",
  mount: "ANTHOLOGY.HoD.Actions.mount",
  readyShield: "ANTHOLOGY.HoD.Actions.readyShield",
  lightTorch: "ANTHOLOGY.HoD.Actions.lightTorch",
  retrieveFromBackpack: "ANTHOLOGY.HoD.Actions.retrieveFromBackpack",
  stabilize: "ANTHOLOGY.HoD.Actions.stabilize",
  attack: "ANTHOLOGY.HoD.Actions.attack",
  feint: "ANTHOLOGY.HoD.Actions.feint",
  castSpell: "ANTHOLOGY.HoD.Actions.castSpell",
  escapeNet: "ANTHOLOGY.HoD.Actions.escapeNet",
  extinguishFlames: "ANTHOLOGY.HoD.Actions.extinguishFlames",
  prepareSpell: "ANTHOLOGY.HoD.Actions.prepareSpell",
  readScroll: "ANTHOLOGY.HoD.Actions.readScroll",
  concentrate: "ANTHOLOGY.HoD.Actions.concentrate",
  controlMount: "ANTHOLOGY.HoD.Actions.controlMount",
  custom: "ANTHOLOGY.HoD.Actions.custom",
});

/** i18n keys of the five defenses. */
export const DEFENSE_KEYS: Readonly<Record<HodDefense, string>> = Object.freeze({
  primary: "ANTHOLOGY.HoD.Defense.primary",
  passive: "ANTHOLOGY.HoD.Defense.passive",
  vigor: "ANTHOLOGY.HoD.Defense.vigor",
  celerity: "ANTHOLOGY.HoD.Defense.celerity",
  spirit: "ANTHOLOGY.HoD.Defense.spirit",
});

/** i18n keys of the weapon categories (WEAPON_CATEGORIES). */
export const WEAPON_CATEGORY_KEYS: Readonly<Record<WeaponCategory, string>> = Object.freeze({
  axes: "ANTHOLOGY.HoD.Category.axes",
  gauntlets: "ANTHOLOGY.HoD.Category.gauntlets",
  hammers: "ANTHOLOGY.HoD.Category.hammers",
  heavySwords: "ANTHOLOGY.HoD.Category.heavySwords",
  javelins: "ANTHOLOGY.HoD.Category.javelins",
  lightSwords: "ANTHOLOGY.HoD.Category.lightSwords",
  maces: "ANTHOLOGY.HoD.Category.maces",
  polearms: "ANTHOLOGY.HoD.Category.polearms",
  tools: "ANTHOLOGY.HoD.Category.tools",
  disks: "ANTHOLOGY.HoD.Category.disks",
  bows: "ANTHOLOGY.HoD.Category.bows",
  chains: "ANTHOLOGY.HoD.Category.chains",
  crossbows: "ANTHOLOGY.HoD.Category.crossbows",
  daggers: "ANTHOLOGY.HoD.Category.daggers",
  staffs: "ANTHOLOGY.HoD.Category.staffs",
  unarmed: "ANTHOLOGY.HoD.Category.unarmed",
  natural: "ANTHOLOGY.HoD.Category.natural",
  spell: "ANTHOLOGY.HoD.Category.spell",
});

/** i18n keys of the attribute each category adds (Strength, Dexterity, the better, Intelligence). */
export const ATTRIBUTE_RULE_KEYS: Readonly<Record<HodAttributeRule, string>> = Object.freeze({
  strength: "ANTHOLOGY.HoD.AttributeRule.strength",
  dexterity: "ANTHOLOGY.HoD.AttributeRule.dexterity",
  best: "ANTHOLOGY.HoD.AttributeRule.best",
  intelligence: "ANTHOLOGY.HoD.AttributeRule.intelligence",
});

/** i18n keys of the damage types; "" is any other kind. */
export const DAMAGE_TYPE_KEYS: Readonly<Record<HodDamageType | "", string>> = Object.freeze({
  "": "ANTHOLOGY.HoD.DamageType.other",
  bludgeoning: "ANTHOLOGY.HoD.DamageType.bludgeoning",
  piercing: "ANTHOLOGY.HoD.DamageType.piercing",
  slashing: "ANTHOLOGY.HoD.DamageType.slashing",
});
