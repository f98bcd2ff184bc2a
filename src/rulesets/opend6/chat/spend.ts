/**
 * Character Points and Fate Points spent after a roll, from the card's buttons. A player cannot add
 * rolls to a posted message, so the active GM does it: it checks the presser owns the roller, rolls the
 * spend's dice on the card (each roll carrying what it was spent on), takes the point off the actor and
 * works the card out again from all its dice. The GM's apply of an attack row reads the same dice, so
 * a spend made before the apply counts there too.
 */
import { SYSTEM_ID } from "../../../constants";
import { AnthologyRoll } from "../../../dice/anthology-roll";
import { onGmRequest, requestGm } from "../../../hooks/socket";
import { refuse } from "../../../play/refuse";
import { CardError, type Card } from "../../../play/card";
import { CARD_FLAG, cardContent, cardOf, replayRolls } from "../../../play/cards";
import { postedAt, messageById, resolve, userById, type PlayMessage, type PlayRoll } from "../../../play/documents";
import type { AnyCardKind, CardAction } from "../../../play/kind";
import { oneAtATime } from "../../../play/lock";
import { requestOptions } from "../../../play/request";
import { meets, spendFormula, spendRefusal, type SpendKind, type SpendsOf } from "../rules";
import type { OpenD6AttackData, OpenD6AttackRow, OpenD6CheckData } from "./card-data";
import { readChoices } from "./card-data";
import { attackRows } from "./attack-rows";
import { weaponOf, type AttackWeapon, type OpenD6ActorDoc } from "./codes";
import { codeDice, withSpends } from "./spent";
import { CHARGE_REQUEST, receiptOf, writeReceipt } from "./receipts";

export const SPEND_REQUEST = "opend6.spend";

type SpendCard = Card<OpenD6CheckData | OpenD6AttackData, OpenD6AttackRow | Record<string, never>>;

/** The i18n key of each reason a spend is refused. */
const REFUSALS: Readonly<Record<string, string>> = Object.freeze({
  noCharacterPoints: "ANTHOLOGY.OpenD6.Errors.noCharacterPointLeft",
  noFatePoints: "ANTHOLOGY.OpenD6.Errors.noFatePoints",
  tooManyCharacterPoints: "ANTHOLOGY.OpenD6.Errors.tooManyCharacterPoints",
  fateTwice: "ANTHOLOGY.OpenD6.Errors.fateTwice",
  nothingToDouble: "ANTHOLOGY.OpenD6.Errors.nothingToDouble",
});

/** The roll a card's points are spent on: a check's only roll, an attack's attack roll. */
const baseIndex = (card: SpendCard) => (card.kind === "attack" ? (card.data as OpenD6AttackData).attackRoll : 0);

/** The spends already on a card, as this client reads them (none when its dice cannot be read). */
function spentOn(message: PlayMessage, card: SpendCard): SpendsOf | null {
  try {
    return withSpends(replayRolls(message), baseIndex(card))?.spent ?? null;
  } catch {
    return null;
  }
}

/** Why the spend cannot be made on this card now (an i18n key), or null. */
function refusalOf(kind: SpendKind, message: PlayMessage, card: SpendCard, actor: OpenD6ActorDoc): string | null {
  const rolls = replayRolls(message);
  const spent = spentOn(message, card);
  if (!spent) return "ANTHOLOGY.Play.Errors.badRoll";
  const choices = card.data.choices;
  const reason = spendRefusal(kind, {
    before: { characterPoints: choices.characterPoints, fatePoint: choices.fatePoint },
    after: spent.after,
    purse: { characterPoints: actor.system.characterPoints, fatePoints: actor.system.fatePoints },
    codeDice: codeDice(rolls[baseIndex(card)]),
  });
  return reason ? (REFUSALS[reason] ?? null) : null;
}

/** A spend button: for the roller's owners, while the actor has the point and the roll can take it. */
export function spendAction(kind: SpendKind): CardAction<never, never> {
  return {
    who: "actorOwner",
    enabled: (card, _target, message) => {
      const actor = resolve<OpenD6ActorDoc>((card as SpendCard).actor?.uuid);
      return Boolean(actor?.isOwner) && refusalOf(kind, message, card as SpendCard, actor!) === null;
    },
    run: async ({ message, card }) => {
      const spent = spentOn(message, card as SpendCard);
      // The spends this client saw: the GM refuses a press made on a card that has changed since.
      return requestGm(SPEND_REQUEST, { messageId: message.id, spend: kind, seen: spent?.spends.length ?? 0 });
    },
  };
}

/** One spend at a time on each card, on the GM's client. */
const oneSpendAtATime = oneAtATime();

/** The card kinds a spend can be made on (set by the plug-in, so this file need not import the kinds). */
const kinds = new Map<string, AnyCardKind>();

/** The card a spend or a charge is asked on, checked: the asker owns its roller, and a GM or an owner wrote it. */
function spendCard(messageId: unknown, userId: string) {
  const message = messageById(messageId);
  const read = message ? cardOf(message) : null;
  if (!message || !read || "error" in read || read.card.ruleSet !== "opend6" || !kinds.has(read.card.kind)) {
    refuse("ANTHOLOGY.Play.Errors.cardGone");
  }
  const card = read.card as unknown as SpendCard;
  const actor = resolve<OpenD6ActorDoc & { testUserPermission(user: unknown, level: string): boolean }>(
    card.actor?.uuid,
  );
  if (!actor) refuse("ANTHOLOGY.OpenD6.Errors.actorGone", { name: card.actor?.name ?? "" });
  const user = userById(userId);
  if (!user || !(user.isGM || actor.testUserPermission(user, "OWNER"))) {
    refuse("ANTHOLOGY.OpenD6.Errors.notYours", { name: actor.name });
  }
  const author = userById(message.author?.id ?? "");
  if (!author || !(author.isGM || actor.testUserPermission(author, "OWNER"))) {
    refuse("ANTHOLOGY.Play.Errors.notTheRoller", { name: actor.name });
  }
  return { message, card, actor };
}

/**
 * The GM's side of a spend: the presser must own the roller, and the card must be the roller's own (a
 * GM or an owner wrote it); the point is taken once, the dice rolled on the card, the card worked out again.
 */
async function spendOnCard(payload: Record<string, unknown>, userId: string): Promise<void> {
  const kind = payload.spend;
  if (kind !== "characterPoint" && kind !== "fatePoint") refuse("ANTHOLOGY.Play.Errors.badRoll", { name: "" });
  await oneSpendAtATime(String(payload.messageId), async () => {
    const { message, card, actor } = spendCard(payload.messageId, userId);
    const spent = spentOn(message, card);
    if (!spent) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: actor.name });
    if (payload.seen !== spent.spends.length) refuse("ANTHOLOGY.OpenD6.Errors.spendChanged");
    const reason = refusalOf(kind, message, card, actor);
    if (reason) refuse(reason, { name: actor.name });
    const index = baseIndex(card);
    const formula = spendFormula(kind, codeDice(replayRolls(message)[index]))!;
    const roll = new AnthologyRoll(formula, {}, requestOptions({ spend: kind, of: index })) as unknown as PlayRoll & {
      evaluate(): Promise<unknown>;
    };
    await roll.evaluate();
    await actor.update(
      kind === "characterPoint"
        ? { "system.characterPoints": actor.system.characterPoints - 1 }
        : { "system.fatePoints": actor.system.fatePoints - 1 },
    );
    const rolls = [...message.rolls, roll];
    const spendRoll = rolls.length - 1;
    const next = await reworked(card, rolls, actor, message);
    // The receipt the GM's apply reads (written first, so no apply sees the roll without it): this roll
    // of the card is a spend the actor paid for.
    await writeReceipt(message.id, (r) => ({ ...r, after: [...r.after, { roll: spendRoll, kind, formula }] }));
    await message.update({
      rolls,
      [`flags.${SYSTEM_ID}.${CARD_FLAG}`]: next,
      content: await cardContent(kinds.get(card.kind)!, next as never, rolls),
    });
  });
}

/**
 * The GM's side of the points a roll's dialog spent (the roller's client asks once it has posted the
 * card): the asker must own the roller and the card be the roller's own, the points are taken off the
 * actor once, and the card's receipt says so. Points the actor no longer has are refused, and then
 * count for nothing on the card.
 */
async function chargeCard(payload: Record<string, unknown>, userId: string): Promise<void> {
  await oneSpendAtATime(String(payload.messageId), async () => {
    const { message, card, actor } = spendCard(payload.messageId, userId);
    if (receiptOf(message.id).before) refuse("ANTHOLOGY.OpenD6.Errors.charged", { name: actor.name });
    const request = replayRolls(message)[baseIndex(card)]?.request as { choices?: unknown } | undefined;
    let choices;
    try {
      choices = readChoices(request?.choices);
    } catch (error) {
      if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: actor.name });
      throw error;
    }
    if (!choices.characterPoints && !choices.fatePoint) return;
    if (choices.characterPoints > actor.system.characterPoints) {
      refuse("ANTHOLOGY.OpenD6.Errors.noCharacterPoints", {
        name: actor.name,
        asked: String(choices.characterPoints),
        left: String(actor.system.characterPoints),
      });
    }
    if (choices.fatePoint && actor.system.fatePoints < 1)
      refuse("ANTHOLOGY.OpenD6.Errors.noFatePoints", { name: actor.name });
    await actor.update({
      "system.characterPoints": actor.system.characterPoints - choices.characterPoints,
      "system.fatePoints": actor.system.fatePoints - (choices.fatePoint ? 1 : 0),
    });
    const before = { characterPoints: choices.characterPoints, fatePoint: choices.fatePoint };
    await writeReceipt(message.id, (r) => ({ ...r, before }));
  });
}

/** The card worked out again from its dice with the spends: a check's total and result, an attack's rows. */
async function reworked(card: SpendCard, rolls: PlayRoll[], actor: OpenD6ActorDoc, message: PlayMessage) {
  const replayed = replayRolls({ rolls });
  const index = baseIndex(card);
  const base = withSpends(replayed, index);
  if (!base) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: actor.name });
  const request = base.roll.request as { choices?: unknown; targets?: unknown } | undefined;
  const choices = readChoices(request?.choices);
  const spends = base.spent.spends;
  if (card.kind === "check") {
    const d = card.data as OpenD6CheckData;
    const difficulty = choices.difficulty ?? null;
    return {
      ...card,
      data: {
        ...d,
        total: base.total,
        difficulty,
        success: difficulty === null ? null : meets(base.total, difficulty),
        spends,
      },
    };
  }
  const d = card.data as OpenD6AttackData;
  const targets = Array.isArray(request?.targets) ? (request.targets as unknown[]) : [];
  const when = postedAt(message);
  const rows = await attackRows({
    actor,
    choices,
    damage: d.damageCode,
    total: base.total,
    // The rows the attack was rolled at, in the card's order; a row already applied keeps its data.
    targets: card.targets.filter((t) => targets.includes(t.uuid)).map((t) => ({ uuid: t.uuid, name: t.name })),
    rolls,
    ...(typeof when === "number" ? { before: when } : {}),
    weapon: attackWeapon(actor, d),
  });
  return {
    ...card,
    data: { ...d, total: base.total, spends },
    targets: card.targets.map((t) => {
      const row = rows.find((r) => r.uuid === t.uuid);
      return row && !t.applied ? { ...t, data: row.data } : t;
    }),
  };
}

/** The weapon an attack card was rolled with, as the attacker carries it now (null when it is gone). */
function attackWeapon(actor: OpenD6ActorDoc, d: OpenD6AttackData): AttackWeapon | null {
  if (d.item === null) return weaponOf(null);
  const item = actor.items.contents.find((i) => i.uuid === d.item!.uuid);
  return item ? weaponOf(item) : null;
}

/** The GM's side of spends (and of the points a dialog spent), on the card kinds they are made on. */
export function registerSpendRequest(on: readonly AnyCardKind[]): void {
  for (const kind of on) kinds.set(kind.id, kind);
  onGmRequest(SPEND_REQUEST, spendOnCard);
  onGmRequest(CHARGE_REQUEST, chargeCard);
}
