import { RequestRefused } from "../../../hooks/socket";
import { refuse } from "../../../play/refuse";
import { requestTargets } from "../../../play/attack-request";
import { CardError, type Card } from "../../../play/card";
import { appliedOn, cardOf, replayRolls, rowRecord } from "../../../play/cards";
import { userById, type PlayActor, type PlayItem, type PlayMessage, type PlayUser } from "../../../play/documents";
import type { ReplayedRoll } from "../../../play/kind";
import { warn } from "../../../play/notify";
import { requestOf } from "../../../play/request";
import { ROLLS, checkedRoll, refuseMissing, rollName } from "../../../play/verify";
import {
  EXTRA_DICE_BOUND,
  FadeWeaponError,
  canParry,
  extraWithinBound,
  damagePoolFor,
  hitLocation,
  parryPool,
  reactionMeets,
  toHitPool,
  type BodyPart,
  type FadeDerived,
} from "../rules";
import { readChoices, type FadeAttackData, type FadeCheckData } from "./card-data";
import { dialogPool, type DialogWeapon, type FadeRollChoices } from "./dialog-form";
import { bindPaid, meetDodge } from "./paid";
import { weaponOf } from "./weapon";

/**
 * The GM's checks of a Fade card before its row changes anyone: each roll must roll what the
 * attacker's (or the dodger's) sheet and the roll's own choices give now (play/verify.ts), must have
 * been rolled for what the row says (its weapon, its target), must have been paid for from its
 * combatant's turn in an encounter (paid.ts), and must not be a roll a Luck reroll replaced. Every
 * failure refuses the row with a message naming the roll.
 */

/** A Fade actor's derived numbers, or a refusal. */
export function derivedOf(actor: PlayActor | null, name: string): FadeDerived {
  const derived = (actor as { system?: { derived?: FadeDerived } } | null)?.system?.derived;
  if (!derived) refuse("ANTHOLOGY.Fade.Errors.notFade", { name });
  return derived;
}

/** The weapon as it is now on the actor (by the item's uuid), never as a card says it was. */
export function liveWeapon(actor: PlayActor | null, itemUuid: string | null, name: string): DialogWeapon {
  const item = actor?.items.contents.find((i) => i.uuid === itemUuid) as PlayItem | undefined;
  if (!item || item.type !== "fade-weapon") refuse("ANTHOLOGY.Fade.Errors.weaponGone", { name });
  return weaponOf(item);
}

/** What a roll was rolled for, as the roll itself stores it (play/request.ts), read as untrusted data. */
export interface FadeRollRequest {
  /** The weapon's uuid (an attack, its damage, a parry); null for a dodge. */
  readonly item: string | null;
  readonly choices: FadeRollChoices;
  /** The targets an attack or damage roll was rolled against; null for a roll from before rolls carried requests. */
  readonly targets: readonly string[] | null;
  /** The card a Luck reroll replaces. */
  readonly rerolls: string | null;
  /** The request as stored, for its ticket (paid.ts). */
  readonly raw: unknown;
}

/**
 * A card's main roll's request. A roll from before rolls carried requests reads the card's own
 * choices instead; its formula is checked against the sheet all the same.
 */
export function readRequest(
  roll: ReplayedRoll,
  card: { readonly item: string | null; readonly choices: FadeRollChoices },
  rollId: string,
): FadeRollRequest {
  const read = storedRequest(roll, card, rollId);
  if (!extraWithinBound(read.choices.extra, read.choices.damageExtra)) {
    refuse("ANTHOLOGY.Fade.Errors.extraBeyond", { roll: rollName(rollId), bound: String(EXTRA_DICE_BOUND) });
  }
  return read;
}

function storedRequest(
  roll: ReplayedRoll,
  card: { readonly item: string | null; readonly choices: FadeRollChoices },
  rollId: string,
): FadeRollRequest {
  const raw = roll.request;
  if (raw === undefined) return { ...card, targets: null, rerolls: null, raw };
  try {
    if (!raw || typeof raw !== "object") throw new CardError("request");
    const r = raw as Record<string, unknown>;
    const targets = r.targets === undefined ? null : requestTargets(r.targets);
    if (r.item !== null && typeof r.item !== "string") throw new CardError("request item");
    if (r.rerolls !== undefined && typeof r.rerolls !== "string") throw new CardError("request rerolls");
    return {
      item: r.item,
      choices: readChoices(r.choices),
      targets,
      rerolls: (r.rerolls as string | undefined) ?? null,
      raw,
    };
  } catch (error) {
    if (error instanceof CardError) refuseMissing(rollId);
    throw error;
  }
}

/** Extra dice or kept dice in the choices: the GM's call, which no sheet shows. */
export const hasExtraDice = (choices: FadeRollChoices): boolean =>
  [choices.extra, choices.damageExtra].some((p) => Boolean(p && (p.rolled || p.kept)));

/**
 * The turn's actions that can pay for an attack card with these choices: a charge's attack only
 * the charge's, a coup de grace a full round (its own, or a full-round attack's), any other a
 * standard action, the attack of opportunity or one of a full-round attack's.
 */
export function attackActions(choices: FadeRollChoices): readonly string[] {
  if ((choices.modifiers ?? []).includes("charge")) return ["chargeAttack"];
  if (choices.coupDeGrace) return ["coupDeGrace", "fullAttack"];
  return ["standard", "opportunity", "fullAttack"];
}

/** A damage pool from the sheet, or the weapon's own refusal (base damage that is not keep dice). */
export function damagePoolNow(derived: FadeDerived, weapon: DialogWeapon, choices: FadeRollChoices): string {
  try {
    return damagePoolFor(derived, weapon, choices);
  } catch (error) {
    if (error instanceof FadeWeaponError) refuse(error.key, { ...error.data });
    throw error;
  }
}

/** An attack card's to-hit roll, checked: the weapon is the attacker's now, the pool is the sheet's for its choices. */
export function checkedAttack(input: {
  readonly rolls: ReadonlyArray<ReplayedRoll | null>;
  readonly data: FadeAttackData;
  readonly actor: PlayActor | null;
  readonly actorName: string;
}) {
  const roll = input.rolls[input.data.attackRoll];
  if (!roll) refuseMissing(ROLLS.toHit);
  const request = readRequest(roll, { item: input.data.item.uuid, choices: input.data.choices }, ROLLS.toHit);
  if (request.raw !== undefined && request.targets === null) refuseMissing(ROLLS.toHit);
  const weapon = liveWeapon(input.actor, request.item, input.data.item.name);
  const derived = derivedOf(input.actor, input.actorName);
  checkedRoll(roll, ROLLS.toHit, toHitPool(derived, weapon, request.choices));
  return { roll, request, weapon, derived, choices: request.choices };
}

/**
 * A roll a card made for one row (its location, its damage), checked: it is there, it rolls
 * `formula`, and it was rolled for the row's target (a roll from before rolls carried requests
 * has none to say so when the card's main roll has none either).
 */
export function rowRoll(input: {
  readonly rolls: ReadonlyArray<ReplayedRoll | null>;
  readonly index: number | null;
  readonly uuid: string;
  readonly name: string;
  readonly roll: string;
  readonly formula: string;
  readonly requests: boolean;
}): ReplayedRoll {
  const roll = checkedRoll(input.index === null ? null : input.rolls[input.index], input.roll, input.formula);
  const request = roll.request as { target?: unknown } | undefined;
  if ((input.requests || request !== undefined) && request?.target !== input.uuid) {
    refuse("ANTHOLOGY.Fade.Errors.rollNotFor", { roll: input.roll, name: input.name });
  }
  return roll;
}

/** Where a hit landed: the part the choices give, else the d10 the card rolled for the row. */
export function partOf(part: BodyPart | null | undefined, location: () => ReplayedRoll): BodyPart {
  if (part) return part;
  const face = location().outcome.dice[0]?.value;
  if (face === undefined) refuseMissing(ROLLS.location);
  return hitLocation(face);
}

/** Each roll of a row is a roll of its own: not the attack roll, not another of the row's. */
export function distinctRolls(name: string, ...indices: ReadonlyArray<number | null>): void {
  const used = indices.filter((i): i is number => i !== null);
  if (new Set(used).size !== used.length) refuse("ANTHOLOGY.Fade.Errors.rollNotFor", { roll: ROLLS.damage, name });
}

/** Whether a message's author is a GM, or owns the actor (Foundry's author, never a name in the card). */
export function writtenFor(message: PlayMessage, actor: PlayActor | null): boolean {
  const author = userById(message.author?.id ?? "");
  return Boolean(author && (author.isGM || actor?.testUserPermission(author, "OWNER")));
}

const authorIsGm = (message: PlayMessage) => userById(message.author?.id ?? "")?.isGM === true;

interface Messages {
  values(): Iterable<PlayMessage>;
}
const allMessages = () => [...((game as unknown as { messages?: Messages }).messages?.values() ?? [])];

/** A card's request-carrying first roll (the attack roll, the dodge roll), as the GM reads it. */
function firstRequest(message: PlayMessage): Record<string, unknown> | undefined {
  const roll = message.rolls[0];
  const request = roll ? requestOf(roll) : undefined;
  return request && typeof request === "object" ? (request as Record<string, unknown>) : undefined;
}

/** The Luck rerolls of a card: cards of its kind, by its actor's owners or a GM, whose roll says it replaces it. */
function rerollsOf(id: string, kind: string, actor: PlayActor | null): PlayMessage[] {
  return allMessages().filter((m) => {
    if (m.id === id || firstRequest(m)?.rerolls !== id) return false;
    const read = cardOf(m);
    return Boolean(
      read &&
      !("error" in read) &&
      read.card.ruleSet === "fade" &&
      read.card.kind === kind &&
      read.card.actor?.uuid === actor?.uuid &&
      writtenFor(m, actor),
    );
  });
}

/**
 * A card and Luck: a card whose roll was rerolled is no longer used (the reroll replaces it); a
 * reroll replaces one roll of the same actor's that is not a reroll itself, and only the first
 * reroll of it counts. An attack rerolled after one of its rows was applied is refused too.
 */
export function checkLuck(input: {
  readonly message: PlayMessage;
  readonly kind: "attack" | "check";
  readonly actor: PlayActor | null;
  readonly rerolls: string | null;
  /** The row's target: a reroll of a card that already hit it is refused, whatever that card's rows say now. */
  readonly target?: PlayActor;
}): void {
  const { message, kind, actor } = input;
  if (input.rerolls === null) {
    if (rerollsOf(message.id, kind, actor).length) refuse("ANTHOLOGY.Fade.Errors.rerolledCard");
    return;
  }
  const bad = () => refuse("ANTHOLOGY.Fade.Errors.badReroll", { name: actor?.name ?? "" });
  const original = allMessages().find((m) => m.id === input.rerolls);
  const read = original ? cardOf(original) : null;
  if (!original || !read || "error" in read || read.card.ruleSet !== "fade" || read.card.kind !== kind) return bad();
  if (read.card.actor?.uuid !== actor?.uuid || firstRequest(original)?.rerolls !== undefined) return bad();
  if (rerollsOf(original.id, kind, actor)[0]?.id !== message.id) return bad();
  const card = read.card as unknown as Card;
  if (card.targets.some((_, i) => rowRecord(original, card, i).applied)) return bad();
  if (input.target && appliedOn(input.target, original.id)) return bad();
}

/**
 * The payment check (paid.ts) as the GM makes it: a GM's own click is never stopped (told why, the
 * row is applied anyway); anyone else's is refused.
 */
export async function checkPaid(user: PlayUser, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (!(error instanceof RequestRefused) || !user.isGM) throw error;
    warn(error.refusal.key, error.refusal.data);
  }
}

/**
 * A dodge or parry card's roll, checked against the dodger's sheet now: a dodge rolls the dodge pool,
 * a parry the parry pool of a weapon the dodger still wields that can parry, each with the choices
 * its request carries. Refuses a roll that differs; null when there is no such card.
 */
export function dodgeRoll(card: string, dodger: PlayActor) {
  const message = allMessages().find((m) => m.id === card);
  const read = message ? cardOf(message) : null;
  if (!message || !read || "error" in read) return null;
  const data = read.card.data as unknown as FadeCheckData;
  const roll = replayRolls(message)[0];
  if (!roll) refuseMissing(ROLLS.response);
  const request = readRequest(roll, { item: data.item?.uuid ?? null, choices: data.choices }, ROLLS.response);
  const derived = derivedOf(dodger, dodger.name);
  const weapon = request.item === null ? null : liveWeapon(dodger, request.item, data.item?.name ?? "");
  if (weapon && !canParry(weapon)) refuse("ANTHOLOGY.Fade.Errors.weaponGone", { name: data.item?.name ?? "" });
  const parries = weapon ? [{ id: "parry", name: "", pool: parryPool(derived, weapon) }] : [];
  const pool = dialogPool(
    { kind: "check", derived, parries },
    { ...request.choices, reaction: weapon ? "parry" : "dodge" },
  ).pool;
  checkedRoll(roll, ROLLS.response, pool ?? "");
  return { message, roll, request, weapon };
}

/** Whether a dodge or parry card rolls what its dodger's sheet gives now (an attacker's client counts no other). */
export function rollsTheSheet(card: string, dodger: PlayActor): boolean {
  try {
    return dodgeRoll(card, dodger) !== null;
  } catch (error) {
    if (error instanceof RequestRefused) return false;
    throw error;
  }
}

/** What an attack's apply needs of the dodge or parry it meets. */
export interface DodgeCheck {
  /** The dodge or parry card's message. */
  readonly card: string;
  /** The attack is a melee one (a parry meets only those). */
  readonly melee: boolean;
  readonly dodger: PlayActor;
  /** Who asked for the apply (a GM's own click accepts extra dice and an unpaid dodge). */
  readonly user: PlayUser;
  /** The attack it meets: the attack card, or the card its Luck reroll replaces. */
  readonly attack: string;
}

/**
 * A declared dodge or parry, checked by the GM before an attack meets it: its roll rolls what the
 * dodger's sheet gives for its choices (a parry with a weapon the dodger still wields), it is no
 * roll a Luck reroll replaced, it was paid from the dodger's turn in an encounter, and it has not
 * met another attack there. Refuses a roll that differs; null when it met another attack already.
 */
export async function checkedDodge(input: DodgeCheck): Promise<{ total: number; parry: boolean } | null> {
  const rolled = dodgeRoll(input.card, input.dodger);
  if (!rolled) return null;
  const { message, roll, request, weapon } = rolled;
  if (!reactionMeets({ parry: weapon !== null }, { melee: input.melee })) return null;
  if (hasExtraDice(request.choices) && !input.user.isGM && !authorIsGm(message)) {
    refuse("ANTHOLOGY.Fade.Errors.extraDice", { roll: ROLLS.response, name: input.dodger.name });
  }
  // A dodge a Luck reroll replaced does not count (its reroll does); nor does a reroll of nothing.
  try {
    checkLuck({ message, kind: "check", actor: input.dodger, rerolls: request.rerolls });
  } catch (error) {
    if (error instanceof RequestRefused) return null;
    throw error;
  }
  const key = request.rerolls ?? message.id;
  if (!authorIsGm(message)) {
    await checkPaid(input.user, () =>
      bindPaid({
        actorUuid: input.dodger.uuid,
        name: input.dodger.name,
        request: request.raw,
        key,
        actions: ["dodge"],
        roll: ROLLS.response,
      }),
    );
  }
  if (!(await meetDodge({ dodgerUuid: input.dodger.uuid, request: request.raw, attack: input.attack }))) return null;
  return { total: roll.outcome.total, parry: weapon !== null };
}
