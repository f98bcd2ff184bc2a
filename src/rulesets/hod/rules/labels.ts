import type { HodDefense } from "./attack";
import type { SpeedClass } from "./speed";
import type { StanceId } from "./stances";
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
  move: "ANTHOLOGY.HoD.Actions.move",
  castSpell: "ANTHOLOGY.HoD.Actions.castSpell",
  chargeSpell: "ANTHOLOGY.HoD.Actions.chargeSpell",
  releaseCharge: "ANTHOLOGY.HoD.Actions.releaseCharge",
  escapeNet: "ANTHOLOGY.HoD.Actions.escapeNet",
  extinguishFlames: "ANTHOLOGY.HoD.Actions.extinguishFlames",
  prepareSpell: "ANTHOLOGY.HoD.Actions.prepareSpell",
  readScroll: "ANTHOLOGY.HoD.Actions.readScroll",
  concentrate: "ANTHOLOGY.HoD.Actions.concentrate",
  controlMount: "ANTHOLOGY.HoD.Actions.controlMount",
  custom: "ANTHOLOGY.HoD.Actions.custom",
});

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
export const ATTACK_MODIFIER_KEYS: Readonly<Record<string, string>> = Object.freeze({
  higherGround: "ANTHOLOGY.HoD.Modifiers.higherGround",
  proficient: "ANTHOLOGY.HoD.Modifiers.proficient",
  flanked: "ANTHOLOGY.HoD.Modifiers.flanked",
  rear: "ANTHOLOGY.HoD.Modifiers.rear",
  noAffinity: "ANTHOLOGY.HoD.Modifiers.noAffinity",
  coverPartial: "ANTHOLOGY.HoD.Modifiers.coverPartial",
  coverHalf: "ANTHOLOGY.HoD.Modifiers.coverHalf",
  coverImproved: "ANTHOLOGY.HoD.Modifiers.coverImproved",
  coverNineTenths: "ANTHOLOGY.HoD.Modifiers.coverNineTenths",
  simultaneous: "ANTHOLOGY.HoD.Modifiers.simultaneous",
  twoWeapons: "ANTHOLOGY.HoD.Modifiers.twoWeapons",
  alternating: "ANTHOLOGY.HoD.Modifiers.alternating",
  improvisedLimb: "ANTHOLOGY.HoD.Modifiers.improvisedLimb",
  crowded: "ANTHOLOGY.HoD.Modifiers.crowded",
  feint: "ANTHOLOGY.HoD.Modifiers.feint",
  distracted: "ANTHOLOGY.HoD.Modifiers.distracted",
  grabbed: "ANTHOLOGY.HoD.Modifiers.grabbed",
  grabHold: "ANTHOLOGY.HoD.Modifiers.grabHold",
});

/** i18n keys of the special actions' names. */
export const SPECIAL_ACTION_KEYS: Readonly<Record<string, string>> = Object.freeze({
  breakGrab: "ANTHOLOGY.HoD.Special.breakGrab.name",
  coupFollowUp: "ANTHOLOGY.HoD.Special.coupFollowUp.name",
  drag: "ANTHOLOGY.HoD.Special.drag.name",
  dragBreak: "ANTHOLOGY.HoD.Special.dragBreak.name",
  escapeGrab: "ANTHOLOGY.HoD.Special.escapeGrab.name",
  grab: "ANTHOLOGY.HoD.Special.grab.name",
  grapple: "ANTHOLOGY.HoD.Special.grapple.name",
  shunt: "ANTHOLOGY.HoD.Special.shunt.name",
  shuntTrip: "ANTHOLOGY.HoD.Special.shuntTrip.name",
  throw: "ANTHOLOGY.HoD.Special.throw.name",
  approach: "ANTHOLOGY.HoD.Special.approach.name",
  bullRush: "ANTHOLOGY.HoD.Special.bullRush.name",
  coupDeGrace: "ANTHOLOGY.HoD.Special.coupDeGrace.name",
  disarm: "ANTHOLOGY.HoD.Special.disarm.name",
  distract: "ANTHOLOGY.HoD.Special.distract.name",
  feint: "ANTHOLOGY.HoD.Special.feint.name",
  quickStrike: "ANTHOLOGY.HoD.Special.quickStrike.name",
  staple: "ANTHOLOGY.HoD.Special.staple.name",
  tackle: "ANTHOLOGY.HoD.Special.tackle.name",
  trip: "ANTHOLOGY.HoD.Special.trip.name",
});

/** i18n keys of the special actions' groups, ranges and skills. */
export const SPECIAL_GROUP_KEYS = Object.freeze({
  wrestling: "ANTHOLOGY.HoD.Special.groups.wrestling",
  misc: "ANTHOLOGY.HoD.Special.groups.misc",
});
export const SPECIAL_RANGE_KEYS = Object.freeze({
  touch: "ANTHOLOGY.HoD.Special.ranges.touch",
  melee: "ANTHOLOGY.HoD.Special.ranges.melee",
  weapon: "ANTHOLOGY.HoD.Special.ranges.weapon",
  fiveFeet: "ANTHOLOGY.HoD.Special.ranges.fiveFeet",
});
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
