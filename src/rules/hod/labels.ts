import type { SpeedClass } from "./speed";

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
