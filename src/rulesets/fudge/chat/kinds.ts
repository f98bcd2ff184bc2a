/**
 * FUDGE's card kinds: a check, an attack and a response. Applying a hit marks the wound track (or
 * stuns) on the GM's side, from the dice and the actors: the choices come from the rolls' own
 * requests, the traits, gear and wounds from the documents, each fighter's wounds as they were before
 * the other blow of the same exchange.
 */
import { SYSTEM_ID } from "../../../constants";
import { ladderLabel } from "../../../dice/ladder";
import { CardError, MAX_TARGETS, type Card } from "../../../play/card";
import { appliedOn, replayRolls } from "../../../play/cards";
import { messageById, resolve, userById, type PlayActor, type PlayMessage } from "../../../play/documents";
import { loneFighterMayWound, scaleDieWound } from "../rules/exchange";
import { outcomeOf, rollFor } from "../../../play/dice-roll";
import { LEDGER_FLAG, ledgerKey, readLedger } from "../../../play/ledger";
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice, ReplayedRoll } from "../../../play/kind";
import { refuse } from "../../../play/refuse";
import { checkedRoll, refuseMissing, rollName } from "../../../play/verify";
import { templatePath } from "../../../sheets/paths";
import { MINIMUM_CHOICES, type Wound } from "../rules/combat";
import { MODIFIER_MAX, archerShots, mayTakeStance, trueNote } from "../rules/play";
import { blowOutcome } from "../rules/outcome";
import {
  attackWeapon,
  isFudgeActor,
  minimumAgainst,
  readTrait,
  stanceOf,
  stunOf,
  stunOnRecord,
  traitLevel,
  truthOf,
  type FudgeActorLike,
  type FudgeWeapon,
} from "../data/source";
import {
  attackSchema,
  checkSchema,
  readAttackChoices,
  readResponseChoices,
  responseSchema,
  type AttackChoices,
  type FudgeAttackData,
  type FudgeCheckData,
  type FudgeResponseData,
  type FudgeRow,
} from "./card-data";
import {
  attackFormula,
  attackRow,
  checkPenalty,
  isTacticsTrait,
  itemOn,
  landing,
  penaltyBefore,
  responseFormula,
  type FudgeActorDoc,
} from "./resolve";
import { fudgeFormula } from "./dialog-form";
import { tacticsWinner } from "../rules/actions";
import { fudgeFlows } from "./flow-registry";
import { attackCardView, checkCardView, responseCardView, type FudgeAppliedSummary } from "./views";
import { cardOutcomes } from "./outcomes";

export const FUDGE_CARD_TEMPLATES = {
  check: templatePath("rulesets/fudge/check-card.hbs"),
  attack: templatePath("rulesets/fudge/attack-card.hbs"),
  response: templatePath("rulesets/fudge/response-card.hbs"),
  applied: templatePath("rulesets/fudge/applied.hbs"),
} as const;

type FudgeTarget = PlayActor & FudgeActorDoc;

function fudgeActor(actor: PlayActor | null, name: string): FudgeTarget {
  if (!actor || !isFudgeActor(actor)) refuse("ANTHOLOGY.Fudge.Errors.notFudge", { name });
  return actor as FudgeTarget;
}

/** The same choices: both read by one reader, so their keys come in one order. */
const sameChoices = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Refuses the row: the card's `roll` roll was rolled for something other than the card shows. */
function refuseRequest(roll: string): never {
  refuse("ANTHOLOGY.Fudge.Errors.requestDiffers", { roll: rollName(roll) });
}

/** A modifier past what the dialog offers (the rules' bound, MODIFIER_MAX) refuses the row. */
function boundedModifier(modifier: number, roll: string): void {
  if (Math.abs(modifier) > MODIFIER_MAX) {
    refuse("ANTHOLOGY.Fudge.Errors.modifier", {
      roll: rollName(roll),
      modifier: String(modifier),
      max: String(MODIFIER_MAX),
    });
  }
}

/** What an attack roll was rolled for, read from the roll itself (untrusted data, checked). */
function attackRequest(roll: ReplayedRoll | null | undefined, rowUuid: string, name: string) {
  if (!roll) refuseMissing("toHit");
  const raw = roll.request as { item?: unknown; choices?: unknown; targets?: unknown } | undefined;
  let request;
  try {
    if (!raw || typeof raw !== "object") throw new CardError("request");
    const targets = raw.targets;
    if (!Array.isArray(targets) || targets.length > MAX_TARGETS || !targets.includes(rowUuid)) {
      throw new CardError("request targets");
    }
    const item = raw.item === null ? null : typeof raw.item === "string" ? raw.item : undefined;
    if (item === undefined) throw new CardError("request item");
    request = { roll, item, choices: readAttackChoices(raw.choices), sum: roll.outcome.total - roll.outcome.modifier };
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
    throw error;
  }
  boundedModifier(request.choices.modifier, "toHit");
  boundedMinimum(request.choices.minimum);
  return request;
}

/** A minimum to hit past what the dialog offers (Infamous to Legendary) refuses the row. */
function boundedMinimum(minimum: number): void {
  if (minimum < MINIMUM_CHOICES.lowest || minimum > MINIMUM_CHOICES.highest) {
    refuse("ANTHOLOGY.Fudge.Errors.minimum", {
      minimum: String(minimum),
      lowest: String(MINIMUM_CHOICES.lowest),
      highest: String(MINIMUM_CHOICES.highest),
    });
  }
}

/** The attack roll's request must be what its card shows: the same weapon (or bare hands) and choices. */
function asOnCard(request: ReturnType<typeof attackRequest>, data: FudgeAttackData): void {
  if (request.item !== (data.item?.uuid ?? null) || !sameChoices(request.choices, data.choices)) {
    refuseRequest("toHit");
  }
}

/**
 * A hit location roll, when the attack asked for one: four Fudge dice rolled for it. Returns where the
 * hit lands, read from those dice (the attack type's table or the random one), or the part aimed at.
 */
function checkLocation(rolls: ApplyInput<never, never>["rolls"], choices: AttackChoices, ranged: boolean) {
  if (!choices.location) return landing(choices, ranged, null);
  const where = checkedRoll(rolls[1], "location", "4dF");
  if ((where.request as { location?: unknown } | undefined)?.location !== true) refuseRequest("location");
  return landing(choices, ranged, where.outcome.total - where.outcome.modifier);
}

/** What an apply on `actor` recorded for another card's row (so its blow can be set aside). */
function undoneBy(actor: PlayActor, messageId: string, index: number) {
  return readLedger(actor.getFlag(SYSTEM_ID, LEDGER_FLAG)).get(ledgerKey(messageId, index))?.undo.updates ?? [];
}

/**
 * A response card linked to a row, checked: it answers this card's row, its author may speak for the
 * target, and its roll rolls what the responder's trait, the card's choices and `penalty` (its wounds
 * and stun at the exchange) give now.
 */
function linkedResponse(
  messageId: string | null,
  against: string,
  row: number,
  responder: FudgeTarget,
  penalty: number,
  stunned: number,
  fewerDice = false,
) {
  const message = messageId ? messageById(messageId) : undefined;
  const raw = message?.getFlag(SYSTEM_ID, "card") as
    { kind?: unknown; ruleSet?: unknown; actor?: { uuid?: unknown }; data?: Record<string, unknown> } | undefined;
  if (!message || raw?.ruleSet !== "fudge" || raw.kind !== "response" || !raw.data)
    refuse("ANTHOLOGY.Fudge.Errors.noAnswer", { name: responder.name });
  let data: FudgeResponseData;
  try {
    data = responseSchema.data(raw.data);
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.corrupt", { error: error.detail });
    throw error;
  }
  if (data.against !== against || data.row !== row || raw.actor?.uuid !== responder.uuid) {
    refuse("ANTHOLOGY.Fudge.Errors.noAnswer", { name: responder.name });
  }
  const author = userById(message.author?.id ?? "");
  if (!author || !(author.isGM || responder.testUserPermission(author, "OWNER"))) {
    refuse("ANTHOLOGY.Play.Errors.notTheRoller", { name: responder.name });
  }
  const roll = replayOne(message);
  if (!roll) refuseMissing("response");
  const request = roll.request as { against?: unknown; row?: unknown; choices?: unknown } | undefined;
  if (request?.against !== against || request.row !== row)
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: responder.name });
  let choices;
  try {
    choices = readResponseChoices(request.choices);
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: responder.name });
    throw error;
  }
  if (!sameChoices(choices, data.choices)) refuseRequest("response");
  boundedModifier(choices.modifier, "response");
  // Fewer than four dice only from the GM, for an NPC resisting a leader's Tactics roll.
  if ((choices.dice ?? 4) !== 4 && !(fewerDice && author.isGM && responder.type === "fudge-npc")) {
    refuse("ANTHOLOGY.Fudge.Errors.npcDice", { name: responder.name });
  }
  // A fighter stunned at the exchange kept its stance.
  if (!mayTakeStance(stunned, stanceOf(responder), choices.stance)) {
    refuse("ANTHOLOGY.Fudge.Errors.stunnedStance", { name: responder.name });
  }
  checkedRoll(roll, "response", responseFormula(responder, choices, penalty));
  return { message, choices, sum: roll.outcome.total - roll.outcome.modifier, total: roll.outcome.total };
}

const replayOne = (message: PlayMessage): ReplayedRoll | null => replayRolls(message)[0] ?? null;

/** An attack card's data, read through its schema (a refusal when it cannot be read). */
function attackCardData(message: PlayMessage): FudgeAttackData {
  const raw = message.getFlag(SYSTEM_ID, "card") as { data?: Record<string, unknown> } | undefined;
  try {
    return attackSchema.data(raw?.data ?? {});
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.corrupt", { error: error.detail });
    throw error;
  }
}

/** The wound (or stun) a hit leaves on its target, as a plan the play layer carries out once. */
export function woundPlan(
  target: FudgeActorLike & { readonly statuses?: ReadonlySet<string> },
  wound: "undamaged" | Wound | null,
  stun: boolean,
): ApplyPlan {
  const left = blowOutcome(truthOf(target), wound, stun, stunOnRecord(target));
  const summary: FudgeAppliedSummary = { wound, marked: left.marked, stun: left.stun, down: left.down };
  if (left.stun !== null) {
    if (!left.changed) return { updates: {}, summary: { ...summary } };
    return {
      updates: {
        "system.stunned":
          left.stun === "veryStunned" ? 2 : left.stun === "stunned" ? 1 : Number(target.system.stunned ?? 0),
        "system.stunTaken": true,
      },
      statuses: left.stun === "knockedOut" ? [{ id: "unconscious" }] : [{ id: "stun" }],
      summary: { ...summary },
    };
  }
  if (!wound || wound === "undamaged") return { updates: {}, summary: { ...summary } };
  // The box takes the wound; its note keeps the wound's true level (it heals by it).
  const { truth, marked } = left;
  const updates = marked
    ? { [`system.wounds.${marked}`]: truth[marked].length, [`system.trueWounds.${marked}`]: trueNote(truth[marked]) }
    : {};
  return { updates, ...(left.down ? { statuses: [{ id: "unconscious" }] } : {}), summary: { ...summary } };
}

/** The attacker's blow on row `index`'s target, as the GM works it out. */
async function applyAttack(input: ApplyInput<FudgeAttackData, FudgeRow>): Promise<ApplyPlan> {
  const row = input.card.targets[input.index]!;
  const target = fudgeActor(input.target, row.name);
  const attacker = fudgeActor(input.actor, input.card.actor?.name ?? "");
  const request = attackRequest(input.rolls[0], row.uuid, row.name);
  asOnCard(request, input.card.data);
  const item = request.item ? itemOn(attacker, request.item) : null;
  if (request.item && !item) refuse("ANTHOLOGY.Fudge.Errors.weaponGone", { name: input.card.data.item?.name ?? "" });
  const weapon = attackWeapon(attacker, item, request.choices.trait);
  const choices: AttackChoices = request.choices;
  // A volley at Fair is only a skilled archer's, with a missile weapon.
  if (choices.arrows > 1 && (!weapon.ranged || choices.arrows > archerShots(traitLevel(attacker, choices.trait)))) {
    refuse("ANTHOLOGY.Fudge.Errors.volley", { arrows: String(choices.arrows) });
  }
  let response = null;
  let attackerPenaltyTrack: ReadonlyArray<{ path: string; before: unknown }> = [];
  if (!choices.unopposed) {
    const penalty = penaltyBefore(target, []);
    const linked = linkedResponse(
      row.data.result?.response ?? null,
      input.message.id,
      input.index,
      target,
      penalty,
      stunOf(target),
    );
    response = { actor: target, choices: linked.choices, roll: linked.sum, penalty, stunned: stunOf(target) };
    attackerPenaltyTrack = undoneBy(attacker, linked.message.id, 0);
  }
  // A fighter stunned when the exchange began cannot attack.
  if (stunOf(attacker, attackerPenaltyTrack) > 0) refuse("ANTHOLOGY.Fudge.Errors.stunned", { name: attacker.name });
  // The roll must be what the attacker's trait, the choices and its wounds at the exchange give now.
  const penalty = penaltyBefore(attacker, attackerPenaltyTrack);
  checkedRoll(request.roll, "toHit", attackFormula(attacker, choices, penalty));
  const location = checkLocation(input.rolls, choices, weapon.ranged);
  const result = attackRow({ actor: attacker, weapon, choices, roll: request.sum, penalty }, target, response);
  if (!result?.a.hits) refuse("ANTHOLOGY.Fudge.Errors.noHit", { name: row.name });
  if (!choices.unopposed && !weapon.ranged && !choices.mass && input.card.targets.length > 1) {
    loneFighter(input, { attacker, weapon, choices, sum: request.sum, degree: result.a.relativeDegree });
  }
  const plan = await scaleChecked(target, result.a, choices.stun);
  return location ? { ...plan, summary: { ...plan.summary, location } } : plan;
}

/**
 * The plan for a hit as the GM worked it out; one that Scale alone stopped gets its one die, rolled
 * here by the GM ("roll one die, a plus result equals a scratch"), shown on the applied row. A
 * stunning blow gets none: a Scratch stuns nobody.
 */
async function scaleChecked(
  target: FudgeTarget,
  side: { readonly wound: "undamaged" | Wound | null; readonly scaleStopped?: boolean },
  stun: boolean,
): Promise<ApplyPlan> {
  if (!side.scaleStopped || stun) return woundPlan(target, side.wound, stun);
  const face = outcomeOf(await rollFor("1dF", { scaleDie: true, target: target.uuid })).total;
  const plan = woundPlan(target, scaleDieWound(face), false);
  return { ...plan, summary: { ...plan.summary, scaleDie: face } };
}

/**
 * A melee attack on several foes at once is a lone fighter's: every foe must have answered, the
 * fighter must beat or tie every one (having tied its best, wound only one it beat by 2 or more), and
 * it wounds only one foe a round: no other row of the card may be applied already.
 */
function loneFighter(
  input: ApplyInput<FudgeAttackData, FudgeRow>,
  own: {
    attacker: FudgeTarget;
    weapon: FudgeWeapon;
    choices: AttackChoices;
    sum: number;
    degree: number;
  },
): void {
  const rows = input.card.targets;
  const degrees = rows.map((r, j) => {
    if (j === input.index) return own.degree;
    const foe = fudgeActor(resolve<PlayActor>(r.uuid), r.name);
    if (r.applied || appliedOn(foe as never, input.message.id))
      refuse("ANTHOLOGY.Fudge.Errors.oneFoe", { name: r.name });
    const linked = linkedResponse(
      r.data.result?.response ?? null,
      input.message.id,
      j,
      foe,
      penaltyBefore(foe, []),
      stunOf(foe),
    );
    const result = attackRow(
      {
        actor: own.attacker,
        weapon: own.weapon,
        choices: own.choices,
        roll: own.sum,
        penalty: penaltyBefore(own.attacker, []),
      },
      foe,
      { actor: foe, choices: linked.choices, roll: linked.sum, penalty: penaltyBefore(foe, []) },
    );
    return result?.a.relativeDegree ?? -1;
  });
  if (!loneFighterMayWound(degrees, input.index)) {
    refuse("ANTHOLOGY.Fudge.Errors.loneFighter", { name: rows[input.index]!.name });
  }
}

/** The defender's blow back on the attacker (a response card's one row). */
async function applyResponse(input: ApplyInput<FudgeResponseData, FudgeRow>): Promise<ApplyPlan> {
  const d = input.card.data;
  const responder = fudgeActor(input.actor, input.card.actor?.name ?? "");
  const attacker = fudgeActor(input.target, input.card.targets[0]?.name ?? "");
  const answeredMessage = messageById(d.against);
  const answered = answeredMessage?.getFlag(SYSTEM_ID, "card") as
    | {
        kind?: unknown;
        ruleSet?: unknown;
        actor?: { uuid?: unknown };
        targets?: Array<{ uuid?: unknown; data?: { result?: { response?: unknown } | null } }>;
      }
    | undefined;
  if (
    !answeredMessage ||
    answered?.ruleSet !== "fudge" ||
    answered.kind !== "attack" ||
    answered.actor?.uuid !== attacker.uuid
  ) {
    refuse("ANTHOLOGY.Play.Errors.cardGone");
  }
  if (answered.targets?.[d.row]?.uuid !== responder.uuid)
    refuse("ANTHOLOGY.Fudge.Errors.notTheTarget", { name: responder.name });
  // Only the answer the GM linked to the row counts (not a second one rolled for a better result).
  if (answered.targets[d.row]?.data?.result?.response !== input.message.id) {
    refuse("ANTHOLOGY.Fudge.Errors.notLinked", { name: responder.name });
  }
  // The attack card must speak for its attacker (its author a GM or an owner), as any apply requires.
  const attackAuthor = userById(answeredMessage.author?.id ?? "");
  if (!attackAuthor || !(attackAuthor.isGM || attacker.testUserPermission(attackAuthor, "OWNER"))) {
    refuse("ANTHOLOGY.Play.Errors.notTheRoller", { name: attacker.name });
  }
  // The responder's wounds and stun as they were before the attacker's blow of the same exchange.
  const undone = undoneBy(responder, d.against, d.row);
  const penalty = penaltyBefore(responder, undone);
  const linked = linkedResponse(input.message.id, d.against, d.row, responder, penalty, stunOf(responder, undone));
  const request = attackRequest(replayOne(answeredMessage), responder.uuid, responder.name);
  const attackData = attackCardData(answeredMessage);
  asOnCard(request, attackData);
  const item = request.item ? itemOn(attacker, request.item) : null;
  if (request.item && !item) refuse("ANTHOLOGY.Fudge.Errors.weaponGone", { name: attackData.item?.name ?? "" });
  const attackerPenalty = penaltyBefore(attacker, []);
  checkedRoll(request.roll, "toHit", attackFormula(attacker, request.choices, attackerPenalty));
  const result = attackRow(
    {
      actor: attacker,
      weapon: attackWeapon(attacker, item, request.choices.trait),
      choices: request.choices,
      roll: request.sum,
      penalty: attackerPenalty,
    },
    responder,
    {
      actor: responder,
      choices: linked.choices,
      roll: linked.sum,
      penalty,
      stunned: stunOf(responder, undone),
    },
  );
  if (!result?.b?.hits) refuse("ANTHOLOGY.Fudge.Errors.noHit", { name: attacker.name });
  return scaleChecked(attacker, result.b, false);
}

/**
 * A leader's Tactics roll worked out again as the GM: the check card's roll (a Tactics or Leadership
 * roll, what the roller's sheet gives now) against its row's linked answer (the other leader's, its
 * roll checked the same way); returns who won and the two actors.
 */
function tacticsOutcome(checkMessage: PlayMessage | undefined, row: number) {
  const raw = checkMessage?.getFlag(SYSTEM_ID, "card") as
    | { kind?: unknown; ruleSet?: unknown; actor?: { uuid?: unknown; name?: unknown }; data?: Record<string, unknown> }
    | undefined;
  if (!checkMessage || raw?.ruleSet !== "fudge" || raw.kind !== "check" || !raw.data)
    refuse("ANTHOLOGY.Play.Errors.cardGone");
  let data: FudgeCheckData;
  try {
    data = checkSchema.data(raw.data);
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.corrupt", { error: error.detail });
    throw error;
  }
  if (!data.tactics) refuse("ANTHOLOGY.Fudge.Errors.notTactics");
  const roller = fudgeActor(resolve<PlayActor>(String(raw.actor?.uuid ?? "")), String(raw.actor?.name ?? ""));
  const author = userById(checkMessage.author?.id ?? "");
  if (!author || !(author.isGM || roller.testUserPermission(author, "OWNER"))) {
    refuse("ANTHOLOGY.Play.Errors.notTheRoller", { name: roller.name });
  }
  const targets = (checkMessage.getFlag(SYSTEM_ID, "card") as { targets?: unknown[] }).targets ?? [];
  const target = targets[row] as { uuid?: unknown; name?: unknown; data?: { result?: { response?: unknown } | null } };
  if (!target) refuse("ANTHOLOGY.Play.Errors.cardGone");
  const opponent = fudgeActor(resolve<PlayActor>(String(target.uuid ?? "")), String(target.name ?? ""));
  // The roll: a Tactics (or Leadership) roll, rolled as its request says and as the sheet gives now.
  const roll = replayOne(checkMessage);
  if (!roll) refuseMissing("check");
  const request = roll.request as
    { trait?: unknown; modifier?: unknown; tactics?: unknown; targets?: unknown } | undefined;
  const trait = readTrait(request?.trait);
  if (
    !trait ||
    request?.tactics !== true ||
    request.modifier !== data.modifier ||
    !sameChoices(trait, data.trait) ||
    !Array.isArray(request.targets) ||
    !request.targets.includes(opponent.uuid)
  ) {
    refuseRequest("check");
  }
  boundedModifier(data.modifier, "check");
  if (!isTacticsTrait(roller, trait)) refuse("ANTHOLOGY.Fudge.Errors.notTactics");
  checkedRoll(roll, "check", fudgeFormula(traitLevel(roller, trait) + data.modifier + checkPenalty(roller)));
  const answer = target.data?.result?.response;
  const linked = linkedResponse(
    typeof answer === "string" ? answer : null,
    checkMessage.id,
    row,
    opponent,
    penaltyBefore(opponent, []),
    stunOf(opponent),
    true,
  );
  if (!isTacticsTrait(opponent, linked.choices.trait)) refuse("ANTHOLOGY.Fudge.Errors.notTactics");
  return { roller, opponent, answer: linked.message, ...tacticsWinner(roll.outcome.total, linked.total) };
}

/** The Tactics bonus on its winner, as a plan (Undo takes it back). */
const tacticsPlan = (): ApplyPlan => ({
  updates: { "system.tactics": 1 },
  summary: { wound: null, marked: null, stun: null, down: false, tactics: true } satisfies FudgeAppliedSummary,
});

/** A Tactics roll's row, applied when the other leader won: the bonus on the row's target. */
function applyTacticsRow(input: ApplyInput<FudgeCheckData, FudgeRow>): ApplyPlan {
  const outcome = tacticsOutcome(input.message, input.index);
  if (outcome.opponent.uuid !== input.target.uuid || outcome.winner !== "opponent") {
    refuse("ANTHOLOGY.Fudge.Errors.tacticsLost", { name: input.card.targets[input.index]?.name ?? "" });
  }
  return tacticsPlan();
}

/** The other leader's answer to a Tactics roll, applied when the roller won: the bonus on the roller. */
function applyTacticsAnswer(input: ApplyInput<FudgeResponseData, FudgeRow>): ApplyPlan {
  const d = input.card.data;
  const outcome = tacticsOutcome(messageById(d.against), d.row);
  if (outcome.answer.id !== input.message.id)
    refuse("ANTHOLOGY.Fudge.Errors.notLinked", { name: outcome.opponent.name });
  if (outcome.roller.uuid !== input.target.uuid || outcome.winner !== "roller") {
    refuse("ANTHOLOGY.Fudge.Errors.tacticsLost", { name: input.card.targets[0]?.name ?? "" });
  }
  return tacticsPlan();
}

/** A FUDGE action against a row's target: its owner answers with a roll (resist, defend, dodge). */
const respondAction = <D>(run: (message: PlayMessage, row: number) => Promise<unknown>) => ({
  who: "targetOwner" as const,
  enabled: (card: Card<D, FudgeRow>, target: number | null) =>
    target !== null && Boolean(card.targets[target]?.data.opposed) && !card.targets[target]?.data.result,
  run: ({ message, target }: { message: PlayMessage; target: number | null }) =>
    target === null ? Promise.resolve(null) : run(message, target),
});

// The answer flow posts these kinds' cards: the buttons find it in the registry when pressed.
const respond = (message: PlayMessage, row: number) => fudgeFlows.flow("respond")(message, row);

/**
 * A modifier typed in the dialog (the GM's call on the situation, at most three levels): a row that
 * rests on one waits for a GM's own click on someone else's actor (play/cards.ts). Read from the
 * roll's own request; the apply checks it against the card and the bound.
 */
function typedModifier(input: { readonly rolls: ReadonlyArray<ReplayedRoll | null> }): FreeChoice | null {
  const choices = (input.rolls[0]?.request as { choices?: { modifier?: unknown } } | undefined)?.choices;
  const modifier = typeof choices?.modifier === "number" ? Math.trunc(choices.modifier) : 0;
  // Nothing typed, or beyond the bound, which the apply itself refuses.
  if (!modifier || Math.abs(modifier) > MODIFIER_MAX) return null;
  return { key: "ANTHOLOGY.Fudge.Play.typed", data: { modifier: modifier > 0 ? `+${modifier}` : String(modifier) } };
}

/** A ladder level in the user's language ("Terrible", "Superb +2"). */
function ladderName(level: number): string {
  const label = ladderLabel(level);
  return game.i18n!.format(label.key, label.data);
}

/**
 * An attack's free choices, each the attacker's own call in its favour: a typed modifier; a minimum
 * to hit below what the two fighters' Scales give (Poor between equals); the shooter's call that its
 * propelled missile is dodged at −3 rather than −2 (the text leaves "-2 or -3" to the table). A row
 * that rests on one waits, on someone else's actor, for a GM's own click.
 */
function attackChoice(input: ApplyInput<FudgeAttackData, FudgeRow>): FreeChoice | null {
  const typed = typedModifier(input);
  if (typed) return typed;
  const choices = (
    input.rolls[0]?.request as
      { choices?: { minimum?: unknown; dodgePenalty?: unknown; unopposed?: unknown } } | undefined
  )?.choices;
  const minimum = typeof choices?.minimum === "number" ? Math.trunc(choices.minimum) : null;
  if (minimum !== null && input.actor && isFudgeActor(input.actor)) {
    const scale = minimumAgainst(input.actor as FudgeTarget, input.target as FudgeTarget);
    if (minimum < scale)
      return { key: "ANTHOLOGY.Fudge.Play.minimum", data: { minimum: ladderName(minimum), scale: ladderName(scale) } };
  }
  return choices?.dodgePenalty === 3 && choices.unopposed !== true ? { key: "ANTHOLOGY.Fudge.Play.dodgeThree" } : null;
}

export const fudgeCheckKind: CardKind<FudgeCheckData, FudgeRow> = {
  id: "check",
  template: FUDGE_CARD_TEMPLATES.check,
  schema: checkSchema,
  view: checkCardView,
  actions: { respond: respondAction<FudgeCheckData>(respond) },
  // A leader's Tactics roll the other leader won: the bonus is theirs.
  appliable: (card, index) =>
    card.data.tactics === true && (card.targets[index]?.data.result?.a.relativeDegree ?? 0) < 0,
  resolveApply: applyTacticsRow,
};

export const fudgeAttackKind: CardKind<FudgeAttackData, FudgeRow> = {
  id: "attack",
  template: FUDGE_CARD_TEMPLATES.attack,
  schema: attackSchema,
  // Each row's chances to hit, hurt and drop its target, from the card's own choices (display only).
  view: (card, context) => attackCardView(card, context, cardOutcomes(card)),
  actions: { respond: respondAction<FudgeAttackData>(respond) },
  appliable: (card, index) => Boolean(card.targets[index]?.data.result?.a.hits),
  resolveApply: applyAttack,
  restsOnChoice: attackChoice,
};

export const fudgeResponseKind: CardKind<FudgeResponseData, FudgeRow> = {
  id: "response",
  template: FUDGE_CARD_TEMPLATES.response,
  schema: responseSchema,
  view: responseCardView,
  // The blow back, or (answering a leader's Tactics roll) the roller's win, whose bonus is the roller's.
  appliable: (card) =>
    Boolean(card.data.result?.b?.hits) ||
    (card.data.mode === "resist" && card.targets.length === 1 && Boolean(card.data.result?.a.hits)),
  resolveApply: (input) => (input.card.data.mode === "resist" ? applyTacticsAnswer(input) : applyResponse(input)),
  restsOnChoice: typedModifier,
};
