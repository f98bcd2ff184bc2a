/**
 * Heroes of Destiny play flows: what the sheet's buttons and the chat cards' buttons call. Every rule
 * comes from src/rules/hod; this module asks the user, rolls with Foundry's dice, posts the cards,
 * changes documents, and records actions on the Time Count.
 */
import { SYSTEM_ID } from "../../constants";
import { AnthologyRoll } from "../../dice/anthology-roll";
import { NotationError, parse } from "../../dice";
import { RequestRefused, onGmRequest, requestGm } from "../../hooks/socket";
import { defaultDefense, judgeAttack, type HodDefense } from "../../rules/hod/attack";
import { applyDamage } from "../../rules/hod/health";
import { attackPlan, type HodModifier } from "../../rules/hod/situational";
import {
  HodWeaponError,
  damageAttribute,
  damageFormula,
  hitDamage,
  unarmedDamage,
  type WeaponCategory,
} from "../../rules/hod/weapons";
import { templatePath } from "../../sheets/paths";
import { appliedCardView, attackCardView, checkCardView, damageCardView } from "./cards";
import { promptAttack, promptCheck, promptDamage } from "./dialog";
import { withBonus, type HodAttackChoices, type DialogTarget } from "./dialog-form";
import {
  flagsOf,
  ref,
  resolve,
  sourceOf,
  weaponOf,
  type HodActor,
  type HodItem,
  type HodMessage,
  type HodWeaponSnapshot,
  type NamedRef,
} from "./documents";
import type {
  HodAppliedFlags,
  HodAttackFlags,
  HodCardFlags,
  HodCheckFlags,
  HodDamageFlags,
  HodDefenseResult,
} from "./flags";
import { isCheckAttribute, type HodCheckAttribute } from "./labels";
import { scheduleAction, scheduleInfo, timeCountPlace } from "./schedule";
import { firstHodTarget, targetState } from "./target";

/** An actor as the sheet hands it over (any Actor document; read through HodActor). */
export type HodActorDoc = object;
/** An item as the sheet hands it over (any Item document; read through HodItem). */
export type HodItemDoc = object;

export const HOD_CARD_TEMPLATES = {
  attack: templatePath("chat/hod-attack-card.hbs"),
  damage: templatePath("chat/hod-damage-card.hbs"),
  applied: templatePath("chat/hod-applied-card.hbs"),
  check: templatePath("chat/hod-check-card.hbs"),
} as const;

export const HOD_APPLY_DAMAGE_REQUEST = "hod.applyDamage";

const i18n = () => game.i18n!;
const warn = (key: string, data: Record<string, string> = {}) => void ui.notifications?.warn(i18n().format(key, data));

/** The Heroes of Destiny data of a card, if the message is one of ours. */
export function hodCardFlags(message: Pick<HodMessage, "getFlag">): HodCardFlags | undefined {
  return flagsOf<HodCardFlags>(message, "hod");
}

function messages(): Iterable<HodMessage> & { get(id: string): HodMessage | undefined } {
  return (game as unknown as { messages: Iterable<HodMessage> & { get(id: string): HodMessage | undefined } }).messages;
}

/** Only an actor's owners (and the GM) roll for it. */
function mayRoll(actor: HodActor): boolean {
  if (actor.isOwner) return true;
  warn("ANTHOLOGY.HoD.Errors.notYours", { name: actor.name });
  return false;
}

interface Rolled {
  readonly roll: unknown;
  readonly total: number;
  /** The first dice term's total: the d20 as it fell, or the three d6 together. */
  readonly natural: number;
  readonly html: string;
}

async function rollFormula(formula: string): Promise<Rolled> {
  const roll = new AnthologyRoll(formula) as unknown as {
    evaluate(): Promise<unknown>;
    render(): Promise<string>;
    total: number;
    dice: Array<{ total?: number }>;
  };
  await roll.evaluate();
  return { roll, total: roll.total, natural: roll.dice[0]?.total ?? 0, html: await roll.render() };
}

async function post(
  speaker: { actor?: unknown; alias?: string },
  template: string,
  view: object,
  flags: HodCardFlags,
  rolls: unknown[],
): Promise<HodMessage> {
  const content = await foundry.applications.handlebars.renderTemplate(template, view as Record<string, unknown>);
  const ChatMessageImpl = ChatMessage.implementation as unknown as {
    create(data: object): Promise<HodMessage>;
    getSpeaker(options: object): object;
  };
  const sound = (CONFIG as unknown as { sounds?: { dice?: string } }).sounds?.dice;
  return ChatMessageImpl.create({
    speaker: speaker.alias ? { alias: speaker.alias } : ChatMessageImpl.getSpeaker({ actor: speaker.actor }),
    content,
    rolls,
    ...(rolls.length && sound ? { sound } : {}),
    flags: { [SYSTEM_ID]: { hod: flags } },
  });
}

/** The target's five defenses as an attack meets them. */
export function defensesOf(target: HodActor): Record<HodDefense, number> {
  const d = target.system.derived;
  return { primary: d.primary, passive: d.passive, vigor: d.vigor, celerity: d.celerity, spirit: d.spirit };
}

/**
 * The defense an attack meets unless the attacker picks another: the weapon's own (a spell's Spirit, a
 * net's Celerity), else Passive for a target that cannot react (surprised, unsteady, helpless, or
 * meeting a melee attack without a melee weapon), else Primary.
 */
export function defenseFor(weapon: HodWeaponSnapshot, target: HodActor): HodDefense {
  if (weapon.defense && weapon.defense !== "primary") return weapon.defense;
  const state = targetState(target);
  return defaultDefense({
    surprised: state.surprised,
    unsteady: state.unsteady,
    immobile: state.helpless,
    unarmedInMelee: weapon.range === 0 && !state.meleeWeapon,
  });
}

function dialogTarget(
  weapon: HodWeaponSnapshot,
  target: { actor: HodActor; name: string } | null,
): DialogTarget | null {
  if (!target) return null;
  return { name: target.name, defenses: defensesOf(target.actor), defense: defenseFor(weapon, target.actor) };
}

function readWeapon(item: HodItem): HodWeaponSnapshot | null {
  try {
    return weaponOf(item);
  } catch (error) {
    if (!(error instanceof HodWeaponError)) throw error;
    warn(error.key, { ...error.data });
    return null;
  }
}

/** Attack with a weapon: the dialog, then a 1d20 roll against the first target's defense, the card, the Time Count. */
export async function rollHodAttack(actor: HodActorDoc, item: HodItemDoc): Promise<HodMessage | null> {
  const attacker = actor as HodActor;
  const weaponItem = item as HodItem;
  if (!mayRoll(attacker)) return null;
  const weapon = readWeapon(weaponItem);
  if (!weapon) return null;
  const target = firstHodTarget();
  const choices = await promptAttack(
    { kind: "attack", source: sourceOf(attacker), weapon, target: dialogTarget(weapon, target) },
    i18n().format("ANTHOLOGY.HoD.Dialog.attackTitle", { name: weaponItem.name }),
  );
  if (!choices) return null;
  return postHodAttack(
    attacker,
    weaponItem,
    weapon,
    choices,
    target ? { uuid: target.actor.uuid, name: target.name } : null,
  );
}

/** The Time Count action an attack with this weapon is: a spell is cast (SF 1), a weapon costs its SF. */
function attackChoice(weapon: HodWeaponSnapshot, fumble: boolean) {
  return weapon.category === "spell"
    ? { action: "castSpell" }
    : { action: "attack", weaponClass: weapon.speedClass, ...(fumble ? { fumble: true } : {}) };
}

/**
 * Rolls and judges an attack whose choices are made, posts the card, and on the Time Count records the
 * attack when the attacker is due. A fumble costs the weapon a point of durability, ends the turn and
 * leaves the attacker unsteady with 1d6 more on the weapon's SF. Refuses a target beyond the weapon's
 * maximum range.
 */
export async function postHodAttack(
  actor: HodActor,
  item: HodItem | NamedRef,
  weapon: HodWeaponSnapshot,
  choices: HodAttackChoices,
  target: NamedRef | null,
  extra: readonly HodModifier[] = [],
): Promise<HodMessage | null> {
  const source = sourceOf(actor);
  const plan = attackPlan(source, weapon, choices, extra);
  if (!plan.inRange) {
    warn("ANTHOLOGY.HoD.Errors.outOfRange", { name: item.name, distance: String(choices.distance ?? 0) });
    return null;
  }
  const formula = withBonus("1d20", plan.bonus);
  const rolled = await rollFormula(formula);
  const targetActor = resolve<HodActor>(target?.uuid);
  const spell = weapon.category === "spell";
  let defense: HodDefenseResult | null = null;
  if (targetActor) {
    const value = defensesOf(targetActor)[choices.defense];
    const judged = judgeAttack({
      natural: rolled.natural,
      total: rolled.total,
      defense: value,
      precise: weapon.precise,
      spell,
    });
    defense = { id: choices.defense, value, ...judged };
  }
  const fumble = rolled.natural === 1 && !spell;
  const durabilityLeft = fumble ? await wearWeapon(item, weapon) : null;
  const place = timeCountPlace(actor);
  const flags: HodAttackFlags = {
    kind: "attack",
    actor: ref(actor),
    item: ref(item),
    weapon,
    situation: situationOf(choices),
    modifiers: plan.modifiers,
    base: plan.base,
    formula,
    natural: rolled.natural,
    total: rolled.total,
    target: defense ? target : null,
    defense,
    fumble,
    durabilityLeft,
    schedule: scheduleInfo(place),
  };
  const message = await post({ actor }, HOD_CARD_TEMPLATES.attack, attackCardView(flags, rolled.html), flags, [
    rolled.roll,
  ]);
  await scheduleAction(place, attackChoice(weapon, fumble));
  return message;
}

function situationOf(choices: HodAttackChoices): HodAttackFlags["situation"] {
  const situation: Record<string, unknown> = { ...choices };
  delete situation.defense;
  return situation as HodAttackFlags["situation"];
}

/** A fumble with a weapon that has durability takes a point off it; returns what is left (null: none to lose). */
async function wearWeapon(item: HodItem | NamedRef, weapon: HodWeaponSnapshot): Promise<number | null> {
  if (weapon.durability.max <= 0 || !("update" in item)) return null;
  const left = Math.max(0, weapon.durability.value - 1);
  await item.update({ "system.durability.value": left });
  return left;
}

/** The weapon dice of a hit: unarmed strikes by size, others their own dice. */
function weaponDice(weapon: Pick<HodWeaponSnapshot, "category" | "damage">, size: number): string {
  return weapon.category === "unarmed" ? unarmedDamage(size) : weapon.damage;
}

/** Roll a weapon's damage without an attack card (the sheet's Damage button), against the current target. */
export async function rollHodDamage(actor: HodActorDoc, item: HodItemDoc): Promise<HodMessage | null> {
  const attacker = actor as HodActor;
  const weaponItem = item as HodItem;
  if (!mayRoll(attacker)) return null;
  const weapon = readWeapon(weaponItem);
  if (!weapon) return null;
  const target = firstHodTarget();
  return damageFlow(attacker, ref(weaponItem), weapon, {
    critical: false,
    target: target ? { uuid: target.actor.uuid, name: target.name } : null,
    attackId: null,
  });
}

/** Roll damage from an attack card: its weapon, its critical and its target. */
export async function rollDamageFromAttack(message: HodMessage): Promise<HodMessage | null> {
  const flags = hodCardFlags(message);
  if (flags?.kind !== "attack") return null;
  const actor = resolve<HodActor>(flags.actor.uuid);
  if (!actor) return (warn("ANTHOLOGY.HoD.Errors.actorGone", { name: flags.actor.name }), null);
  if (!mayRoll(actor)) return null;
  return damageFlow(actor, flags.item, flags.weapon, {
    critical: flags.defense?.critical === true,
    target: flags.target,
    attackId: message.id,
  });
}

async function damageFlow(
  actor: HodActor,
  item: NamedRef,
  weapon: HodWeaponSnapshot,
  hit: { critical: boolean; target: NamedRef | null; attackId: string | null },
): Promise<HodMessage | null> {
  const choices = await promptDamage(
    { kind: "damage", critical: hit.critical, nonlethal: weapon.nonlethal || weapon.category === "unarmed" },
    i18n().format("ANTHOLOGY.HoD.Dialog.damageTitle", { name: item.name }),
  );
  if (!choices) return null;
  return postHodDamage(actor, item, weapon, { ...choices, target: hit.target, attackId: hit.attackId });
}

/**
 * Rolls a hit's damage: weapon dice + Power + the weapon's attribute + modifiers (+ extra dice). A
 * critical counts the weapon dice at their maximum and the attribute at least +1; any hit deals at
 * least 1. Posts the damage card.
 */
export async function postHodDamage(
  actor: HodActor,
  item: NamedRef,
  weapon: HodWeaponSnapshot,
  hit: {
    critical: boolean;
    nonlethal: boolean;
    modifier?: number;
    extraDice?: string;
    target: NamedRef | null;
    attackId?: string | null;
  },
): Promise<HodMessage | null> {
  const source = sourceOf(actor);
  const extraDice = hit.extraDice?.trim() ?? "";
  let formula: string;
  try {
    if (extraDice && !isSum(extraDice)) throw new HodWeaponError("ANTHOLOGY.HoD.Errors.extraDice", { dice: extraDice });
    formula = damageFormula({
      dice: weaponDice(weapon, Number(source.size ?? 0)),
      attribute: damageAttribute(weapon as { category: WeaponCategory; composite?: boolean }, source),
      power: Number(source.power ?? 0),
      modifier: hit.modifier ?? 0,
      extraDice,
      critical: hit.critical,
    });
  } catch (error) {
    if (!(error instanceof HodWeaponError)) throw error;
    warn(error.key, { ...error.data, name: item.name });
    return null;
  }
  const rolled = await rollFormula(formula);
  const flags: HodDamageFlags = {
    kind: "damage",
    actor: ref(actor),
    item,
    formula,
    rolled: rolled.total,
    total: hitDamage(rolled.total),
    critical: hit.critical,
    nonlethal: hit.nonlethal,
    damageType: weapon.damageType,
    target: hit.target,
    attackId: hit.attackId ?? null,
  };
  return post({ actor }, HOD_CARD_TEMPLATES.damage, damageCardView(flags, rolled.html), flags, [rolled.roll]);
}

function isSum(dice: string): boolean {
  try {
    return parse(dice).kind === "sum";
  } catch (error) {
    if (error instanceof NotationError) return false;
    throw error;
  }
}

/** The applied card that followed a damage card, if the damage has been applied. */
export function appliedCardOf(damage: Pick<HodMessage, "id" | "getFlag">): HodMessage | null {
  if ((hodCardFlags(damage) as HodDamageFlags | undefined)?.applied) return damage as HodMessage;
  for (const message of messages()) {
    const flags = hodCardFlags(message);
    if (flags?.kind === "applied" && flags.damageId === damage.id) return message;
  }
  return null;
}

/**
 * Apply damage from a damage card: the target's owner applies it at once; anyone else asks the GM
 * (told when no GM is connected). A hit is applied once.
 */
export async function requestApplyHodDamage(message: HodMessage): Promise<boolean> {
  const flags = hodCardFlags(message);
  if (flags?.kind !== "damage") return false;
  if (!flags.target) return (warn("ANTHOLOGY.HoD.Errors.noTarget"), false);
  if (appliedCardOf(message)) return (warn("ANTHOLOGY.HoD.Errors.alreadyApplied", { name: flags.target.name }), false);
  const target = resolve<HodActor>(flags.target.uuid);
  if (!target) return (warn("ANTHOLOGY.HoD.Errors.targetGone", { name: flags.target.name }), false);
  if (target.isOwner) {
    await applyHodHit(message, flags, target);
    return true;
  }
  return requestGm(HOD_APPLY_DAMAGE_REQUEST, { messageId: message.id });
}

/** What the GM does for a player's Apply damage: the player must have rolled the damage or own the attacker. */
export function registerHodRequests(): void {
  onGmRequest(HOD_APPLY_DAMAGE_REQUEST, async (payload, userId) => {
    const message = messages().get(String(payload.messageId));
    const flags = message ? hodCardFlags(message) : undefined;
    if (!message || flags?.kind !== "damage" || !flags.target) {
      throw new RequestRefused({ key: "ANTHOLOGY.HoD.Errors.cardGone" });
    }
    const user = (game.users as unknown as { get(id: string): unknown }).get(userId) as
      { isGM?: boolean; id?: string } | undefined;
    const attacker = resolve<HodActor>(flags.actor.uuid);
    const author = message.author?.id;
    if (!user || !(user.isGM || author === userId || attacker?.testUserPermission(user, "OWNER"))) {
      throw new RequestRefused({ key: "ANTHOLOGY.HoD.Errors.notYourHit", data: { name: flags.target.name } });
    }
    if (appliedCardOf(message)) {
      throw new RequestRefused({ key: "ANTHOLOGY.HoD.Errors.alreadyApplied", data: { name: flags.target.name } });
    }
    const target = resolve<HodActor>(flags.target.uuid);
    if (!target) {
      throw new RequestRefused({ key: "ANTHOLOGY.HoD.Errors.targetGone", data: { name: flags.target.name } });
    }
    await applyHodHit(message, flags, target);
  });
}

/**
 * Resolves the hit with the rules' applyDamage against the target's track (its effective Threshold of
 * Pain is the full one less the hits taken), writes the new HP, fatigue, bonus HP, Invigoration and
 * hits taken, marks the dead, and posts the applied card.
 */
export async function applyHodHit(message: HodMessage, flags: HodDamageFlags, target: HodActor): Promise<HodMessage> {
  const system = target.system;
  const fullTop = system.derived.thresholdOfPain;
  const topLost = Math.max(0, Number(system.topLost) || 0);
  const before = {
    hp: system.hp.value,
    fatigue: system.fatigue,
    thresholdOfPain: Math.max(0, fullTop - topLost),
    bonusHp: system.bonusHp,
    invigoration: system.invigoration,
  };
  const result = applyDamage(before, { damage: flags.total, nonlethal: flags.nonlethal });
  await target.update({
    "system.hp.value": result.hp,
    "system.fatigue": result.fatigue,
    "system.bonusHp": result.bonusHp,
    "system.invigoration": result.invigoration,
    // The effective Threshold of Pain never goes below 0.
    "system.topLost": Math.min(Math.max(0, fullTop), topLost + 1),
  });
  if (result.dead) await target.toggleStatusEffect("dead", { active: true, overlay: true });
  if (message.isOwner) await message.update({ [`flags.${SYSTEM_ID}.hod.applied`]: true });
  const applied: HodAppliedFlags = {
    kind: "applied",
    damageId: message.id,
    target: flags.target ?? ref(target),
    damage: flags.total,
    nonlethal: flags.nonlethal,
    before,
    after: {
      hp: result.hp,
      fatigue: result.fatigue,
      thresholdOfPain: result.thresholdOfPain,
      bonusHp: result.bonusHp,
      invigoration: result.invigoration,
    },
    wounded: result.wounded,
    dying: result.dying,
    dead: result.dead,
    unconsciousCheck: result.unconsciousCheck,
  };
  return post({ alias: applied.target.name }, HOD_CARD_TEMPLATES.applied, appliedCardView(applied), applied, []);
}

/** A 3d6 check: an attribute + modifier against a DC (a dialog lets the user change both). */
export async function rollHodCheck(
  actor: HodActorDoc,
  attribute: string,
  dc?: number,
  options: { appliedId?: string } = {},
): Promise<HodMessage | null> {
  const roller = actor as HodActor;
  if (!mayRoll(roller)) return null;
  const first: HodCheckAttribute = isCheckAttribute(attribute) ? attribute : "strength";
  const fixedDc = options.appliedId !== undefined;
  const choices = await promptCheck(
    { kind: "check", source: sourceOf(roller), attribute: first, dc: dc ?? null, fixedDc },
    i18n().format(fixedDc ? "ANTHOLOGY.HoD.Dialog.consciousnessTitle" : "ANTHOLOGY.HoD.Dialog.checkTitle", {
      name: roller.name,
    }),
  );
  if (!choices) return null;
  return postHodCheck(roller, choices.attribute, choices.modifier, choices.dc, options);
}

/**
 * Rolls 3d6 + attribute + modifier against the DC and posts the check card. A check to stay conscious
 * that fails knocks the actor out for at least 10 TC per point it failed by.
 */
export async function postHodCheck(
  actor: HodActor,
  attribute: HodCheckAttribute,
  modifier: number,
  dc: number | null,
  options: { appliedId?: string } = {},
): Promise<HodMessage> {
  const bonus = Number(sourceOf(actor)[attribute] ?? 0) + modifier;
  const formula = withBonus("3d6", bonus);
  const rolled = await rollFormula(formula);
  const margin = dc === null ? null : rolled.total - dc;
  const success = margin === null ? null : margin >= 0;
  const unconsciousTc = options.appliedId !== undefined && success === false ? 10 * -margin! : undefined;
  const flags: HodCheckFlags = {
    kind: "check",
    actor: ref(actor),
    attribute,
    formula,
    natural: rolled.natural,
    total: rolled.total,
    dc,
    success,
    margin,
    ...(options.appliedId !== undefined ? { appliedId: options.appliedId } : {}),
    ...(unconsciousTc !== undefined ? { unconsciousTc } : {}),
  };
  if (unconsciousTc !== undefined) await actor.toggleStatusEffect("unconscious", { active: true });
  return post({ actor }, HOD_CARD_TEMPLATES.check, checkCardView(flags, rolled.html), flags, [rolled.roll]);
}

/** The check to stay conscious an applied card asks for, if it has been rolled. */
export function consciousnessCheckOf(applied: Pick<HodMessage, "id">): HodMessage | null {
  for (const message of messages()) {
    const flags = hodCardFlags(message);
    if (flags?.kind === "check" && flags.appliedId === applied.id) return message;
  }
  return null;
}

/** The Constitution check button of an applied card: the target's owner (or the GM) rolls it, once. */
export async function rollConsciousness(message: HodMessage): Promise<HodMessage | null> {
  const flags = hodCardFlags(message);
  if (flags?.kind !== "applied" || flags.unconsciousCheck === null) return null;
  if (consciousnessCheckOf(message))
    return (warn("ANTHOLOGY.HoD.Errors.alreadyChecked", { name: flags.target.name }), null);
  const target = resolve<HodActor>(flags.target.uuid);
  if (!target) return (warn("ANTHOLOGY.HoD.Errors.targetGone", { name: flags.target.name }), null);
  return rollHodCheck(target, "constitution", flags.unconsciousCheck, { appliedId: message.id });
}

/** A special combat action (wrestling or miscellaneous) by id, with the weapon it uses if any. */
export async function rollHodSpecial(_actor: HodActorDoc, _actionId: string, _item?: HodItemDoc): Promise<unknown> {
  throw new Error("Heroes of Destiny special actions are not built yet");
}

/** Shift into a stance (its shift speed on the Time Count), or "" to revert to a basic stance. */
export async function shiftHodStance(_actor: HodActorDoc, _stanceId: string): Promise<unknown> {
  throw new Error("Heroes of Destiny stances are not built yet");
}
