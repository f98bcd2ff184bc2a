import { SYSTEM_ID } from "../../../constants";
import { NotationError, parse } from "../../../dice";
import { RequestRefused, onGmRequest, requestGm } from "../../../hooks/socket";
import { num } from "../rules/derive";
import { applyDamage } from "../rules/health";
import {
  HodWeaponError,
  damageAttribute,
  damageFormula,
  hitDamage,
  unarmedDamage,
  type HodWeapon,
} from "../rules/weapons";
import { appliedCardView, damageCardView } from "./cards";
import { HOD_CARD_TEMPLATES, hodCardFlags, i18n, mayRoll, messages, post, rollFormula, warn } from "./common";
import { promptDamage } from "./dialog";
import { readWeapon } from "./attack";
import {
  ref,
  resolve,
  sourceOf,
  type HodActor,
  type HodItem,
  type HodMessage,
  type HodWeaponSnapshot,
  type NamedRef,
} from "./documents";
import type { HodAppliedFlags, HodDamageFlags } from "./flags";
import { firstHodTarget } from "./target";

export const HOD_APPLY_DAMAGE_REQUEST = "hod.applyDamage";

/** The weapon dice of a hit: unarmed strikes by size, others their own dice. */
function weaponDice(weapon: Pick<HodWeaponSnapshot, "category" | "damage">, size: number): string {
  return weapon.category === "unarmed" ? unarmedDamage(size) : weapon.damage;
}

/** Roll a weapon's damage without an attack card (the sheet's Damage button), against the current target. */
export async function rollHodDamage(actor: object, item: object): Promise<HodMessage | null> {
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

/** Whether extra damage typed in the dialog is dice to add (`1d6`, `2d4+1`). */
export function isDiceSum(dice: string): boolean {
  try {
    return parse(dice).kind === "sum";
  } catch (error) {
    if (error instanceof NotationError) return false;
    throw error;
  }
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
    if (extraDice && !isDiceSum(extraDice)) {
      throw new HodWeaponError("ANTHOLOGY.HoD.Errors.extraDice", { dice: extraDice });
    }
    formula = damageFormula({
      dice: weaponDice(weapon, Number(source.size ?? 0)),
      attribute: damageAttribute(weapon as HodWeapon, source),
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
  return postDamageRoll(actor, item, formula, {
    critical: hit.critical,
    nonlethal: hit.nonlethal,
    damageType: weapon.damageType,
    target: hit.target,
    attackId: hit.attackId ?? null,
  });
}

/** Rolls a damage formula (× a special action's factor, rounded down, at least 1) and posts the damage card. */
export async function postDamageRoll(
  actor: HodActor,
  item: NamedRef,
  formula: string,
  hit: Pick<HodDamageFlags, "critical" | "nonlethal" | "damageType" | "target" | "attackId" | "factor" | "special">,
  extraDice?: string,
): Promise<HodMessage> {
  const rolled = await rollFormula(formula);
  const factor = hit.factor ?? 1;
  // Extra dice (magic, skills) are never multiplied or halved: they are rolled apart and added after.
  const extra = extraDice ? await rollFormula(extraDice) : null;
  const flags: HodDamageFlags = {
    kind: "damage",
    actor: ref(actor),
    item,
    formula: extraDice ? `${formula} + ${extraDice}` : formula,
    rolled: rolled.total + (extra?.total ?? 0),
    total: hitDamage(Math.floor(rolled.total * factor) + (extra?.total ?? 0)),
    ...hit,
  };
  const html = extra ? rolled.html + extra.html : rolled.html;
  const rolls = extra ? [rolled.roll, extra.roll] : [rolled.roll];
  return post({ actor }, HOD_CARD_TEMPLATES.damage, damageCardView(flags, html), flags, rolls);
}

/** The damage card already rolled for an attack or special action card, if any: a hit rolls damage once. */
export function damageCardOf(attack: Pick<HodMessage, "id">): HodMessage | null {
  for (const message of messages()) {
    const flags = hodCardFlags(message);
    if (flags?.kind === "damage" && flags.attackId === attack.id) return message;
  }
  return null;
}

/**
 * Whether the attack card a damage card follows shows a hit on the same target, so a player's Apply
 * stands on a roll the table saw. A hit's card: an attack that hit, or a special action whose outcomes
 * deal damage.
 */
function followsHitOn(flags: HodDamageFlags): { attack: HodMessage } | null {
  if (!flags.attackId || !flags.target) return null;
  const attack = messages().get(flags.attackId);
  const attackFlags = attack ? hodCardFlags(attack) : undefined;
  if (!attack || (attackFlags?.kind !== "attack" && attackFlags?.kind !== "special")) return null;
  if (attackFlags.target?.uuid !== flags.target.uuid) return null;
  const hit = attackFlags.kind === "attack" ? attackFlags.defense?.hit === true : attackFlags.damage;
  return hit ? { attack } : null;
}

/** Damage cards being applied on this client right now: a second click waits for nothing and is refused. */
const applying = new Set<string>();

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
  // Every Apply goes through the one active GM, who applies them in turn; with no GM connected the
  // target's owner may still apply to their own actor.
  const activeGm = (game.users as unknown as { activeGM?: unknown } | undefined)?.activeGM;
  if (!game.user?.isGM && !activeGm && target.isOwner) {
    await applyHodHit(message, flags, target);
    return true;
  }
  return requestGm(HOD_APPLY_DAMAGE_REQUEST, { messageId: message.id });
}

/** What the GM does for a player's Apply damage: the player must have rolled the damage or own the attacker. */
export function registerApplyDamageRequest(): void {
  onGmRequest(HOD_APPLY_DAMAGE_REQUEST, async (payload, userId) => {
    const message = messages().get(String(payload.messageId));
    const flags = message ? hodCardFlags(message) : undefined;
    if (!message || flags?.kind !== "damage" || !flags.target) {
      throw new RequestRefused({ key: "ANTHOLOGY.HoD.Errors.cardGone" });
    }
    const user = (game.users as unknown as { get(id: string): unknown }).get(userId) as
      { isGM?: boolean; id?: string } | undefined;
    const attacker = resolve<HodActor>(flags.actor.uuid);
    const target = resolve<HodActor>(flags.target.uuid);
    const author = message.author?.id;
    const rolledIt = author === userId || Boolean(attacker?.testUserPermission(user, "OWNER"));
    const ownsTarget = Boolean(target?.testUserPermission(user, "OWNER"));
    if (!user || !(user.isGM || ownsTarget || rolledIt)) {
      throw new RequestRefused({ key: "ANTHOLOGY.HoD.Errors.notYourHit", data: { name: flags.target.name } });
    }
    // A player's damage lands on someone else's actor only after an attack card that hit that actor.
    const hit = followsHitOn(flags);
    if (!user.isGM && !ownsTarget && (!hit || (hit.attack.author?.id !== userId && !rolledIt))) {
      throw new RequestRefused({ key: "ANTHOLOGY.HoD.Errors.needsHit", data: { name: flags.target.name } });
    }
    if (appliedCardOf(message)) {
      throw new RequestRefused({ key: "ANTHOLOGY.HoD.Errors.alreadyApplied", data: { name: flags.target.name } });
    }
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
export async function applyHodHit(
  message: HodMessage,
  flags: HodDamageFlags,
  target: HodActor,
): Promise<HodMessage | null> {
  // Checked and claimed before the first await, so two requests for one card cannot both pass.
  if (applying.has(message.id) || appliedCardOf(message)) {
    warn("ANTHOLOGY.HoD.Errors.alreadyApplied", { name: flags.target?.name ?? target.name });
    return null;
  }
  applying.add(message.id);
  try {
    return await applyOnce(message, flags, target);
  } finally {
    applying.delete(message.id);
  }
}

async function applyOnce(message: HodMessage, flags: HodDamageFlags, target: HodActor): Promise<HodMessage> {
  const system = target.system;
  const fullTop = Math.max(0, system.derived.thresholdOfPain);
  const topLost = Math.max(0, num(system.topLost));
  const before = {
    hp: num(system.hp?.value),
    fatigue: num(system.fatigue),
    thresholdOfPain: Math.max(0, fullTop - topLost),
    bonusHp: num(system.bonusHp),
    invigoration: num(system.invigoration),
  };
  const result = applyDamage(before, { damage: flags.total, nonlethal: flags.nonlethal });
  await target.update({
    "system.hp.value": result.hp,
    "system.fatigue": result.fatigue,
    "system.bonusHp": result.bonusHp,
    "system.invigoration": result.invigoration,
    // The effective Threshold of Pain never goes below 0.
    "system.topLost": Math.min(fullTop, topLost + 1),
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
