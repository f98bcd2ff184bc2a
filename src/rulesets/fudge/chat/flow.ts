/**
 * What FUDGE's buttons do: a check (unopposed against a difficulty, or opposed by the targets), an
 * attack (melee or ranged, a row per target), and a target's answer to either (resisting, defending,
 * dodging), which the GM links to the row it answers.
 */
import { onGmRequest, requestGm } from "../../../hooks/socket";
import { CardError, newCard, type CardRef } from "../../../play/card";
import { cardContent, cardOf, postCard, refOf, replayRolls } from "../../../play/cards";
import { messageById, resolve, userById, type PlayMessage, type PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { outcomeOf, rollFor } from "../../../play/dice-roll";
import { refuse } from "../../../play/refuse";
import { mayRoll as mayRollFor } from "../../../play/roller";
import { checkedRoll, refuseMissing, rollName } from "../../../play/verify";
import { targetRef, userTargets } from "../../../play/targets";
import { SYSTEM_ID } from "../../../constants";
import { CARD_FLAG } from "../../../play/cards";
import { withTargetData, type Card } from "../../../play/card";
import { FUDGE_ATTRIBUTE_KEYS } from "../data/labels";
import {
  attackWeapon,
  blowOf,
  isFudgeActor,
  minimumAgainst,
  shieldOf,
  skillsOf,
  soakOf,
  stanceOf,
  traitLevel,
  weaponOf,
  weaponTrait,
  weaponValue,
  attributeLevel,
  stunOf,
  traitValue,
  unarmedTrait,
  type FudgeItemLike,
  type FudgeWeapon,
  type TraitChoice,
  rollBonusParts,
} from "../data/source";
import { FUDGE_ATTRIBUTES, archerShots, dodgePenalty, mayTakeStance } from "../rules/play";
import { fudgeTables } from "../settings";
import { defenderMinimum } from "../rules/combat";
import type { Fighter } from "../rules/exchange";
import {
  readResponseChoices,
  type AttackChoices,
  type FudgeAttackData,
  type FudgeCheckData,
  type FudgeResponseData,
  type FudgeRow,
  type ResponseChoices,
  type ResponseMode,
  type RowResult,
} from "./card-data";
import { promptAttack, promptCheck, promptResponse } from "./dialog";
import { answerTrait, attackOutcomes, defendingWeapon } from "./outcomes";
import { fudgeFormula, traitOptions, type FudgeDialogInput } from "./dialog-form";
import {
  attackFormula,
  attackRow,
  checkPenalty,
  combatPenalty,
  itemOn,
  landing,
  opposedCheckRow,
  responseFormula,
  tacticsTrait,
  type FudgeActorDoc,
} from "./resolve";
import { fudgeAttackKind, fudgeCheckKind, fudgeResponseKind } from "./kinds";
import { fudgeFlows } from "./flow-registry";

/** A FUDGE actor as the flows read and change it. */
export interface FudgeActor extends FudgeActorDoc {
  readonly id: string;
  readonly isOwner: boolean;
  testUserPermission(user: unknown, level: string): boolean;
}

export const LINK_REQUEST = "fudge.link";

const fudgeTargets = () => userTargets((a): a is FudgeActor => isFudgeActor(a as never));

const mayRoll = (actor: FudgeActor) => mayRollFor(actor, "ANTHOLOGY.Fudge.Errors.notYours");

/** The 4dF sum of a rolled formula (its total less its flat part), as the GM reads it again. */
export function diceSum(roll: PlayRoll): number {
  const outcome = outcomeOf(roll);
  return outcome.total - outcome.modifier;
}

/** The name of a trait choice, for a card's title (skills by their own name). */
export function traitName(actor: FudgeActorDoc, trait: TraitChoice): string {
  const i18n = game.i18n!;
  switch (trait.kind) {
    case "attribute":
      return i18n.localize(FUDGE_ATTRIBUTE_KEYS[trait.id]);
    case "skill":
      return (
        actor.items.contents.find((i) => i.id === trait.id)?.name ?? i18n.localize("ANTHOLOGY.Fudge.Dialog.untrained")
      );
    case "untrained":
      return (
        trait.name ||
        i18n.localize(trait.helped ? "ANTHOLOGY.Fudge.Dialog.untrainedHelped" : "ANTHOLOGY.Fudge.Dialog.untrained")
      );
    case "situational":
      return i18n.localize("ANTHOLOGY.Fudge.Dialog.situational");
  }
}

function dialogTraits(actor: FudgeActorDoc) {
  const attributes = Object.fromEntries(FUDGE_ATTRIBUTES.map((a) => [a, attributeLevel(actor, a)]));
  const skills = skillsOf(actor).map((s) => ({
    id: s.id ?? "",
    name: s.name,
    level: traitLevel(actor, { kind: "skill", id: s.id ?? "" }),
  }));
  return traitOptions(attributes, skills);
}

/** A fighter's numbers without the roll's choices (for the dialog's odds). */
function baseFighter(actor: FudgeActorDoc, weapon = weaponOf(null)): Fighter {
  const shield = shieldOf(actor);
  return {
    skill: 0,
    modifier: 0,
    stance: "normal",
    foes: 1,
    minimum: -2,
    reach: weaponValue(weapon) + shield.melee,
    shield: shield.melee,
    berserk: false,
    feint: false,
    canHurt: true,
    blow: blowOf(actor, weapon),
    soak: soakOf(actor),
  };
}

/**
 * A unit leader's Tactics roll from the sheet: a check opposed by the targeted opposing leader, whose
 * winner the GM gives +1 to all rolls during the combat at hand.
 */
export async function rollTactics(actor: FudgeActor): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  if (!fudgeTargets().length) return (warn("ANTHOLOGY.Fudge.Errors.tacticsTarget", { name: actor.name }), null);
  return rollCheck(actor, tacticsTrait(actor), { tactics: true });
}

/** A check from the sheet: a trait against a difficulty, or opposed by every target. */
export async function rollCheck(
  actor: FudgeActor,
  trait: TraitChoice,
  options: { tactics?: boolean } = {},
): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  const targets = fudgeTargets();
  const first = targets[0]?.actor;
  const input: FudgeDialogInput = {
    kind: "check",
    traits: dialogTraits(actor),
    trait,
    penalty: checkPenalty(actor),
    ...rollBonusParts(actor),
    stance: stanceOf(actor),
    targets: targets.length,
    opponent: first ? { level: traitLevel(first, trait.kind === "attribute" ? trait : { kind: "situational" }) } : null,
  };
  const prompted = await promptCheck(input, traitName(actor, trait));
  if (!prompted) return null;
  // A Tactics roll is opposed by the other leader, and needs no minimum.
  const tactics = options.tactics === true && targets.length > 0;
  const choices = tactics ? { ...prompted, difficulty: null, minimum: null } : prompted;
  const level = traitLevel(actor, choices.trait);
  const penalty = checkPenalty(actor);
  const opposed = choices.difficulty === null;
  const rows = opposed ? targets.map(targetRef) : [];
  const roll = await rollFor(fudgeFormula(level + choices.modifier + penalty), {
    trait: choices.trait,
    modifier: choices.modifier,
    difficulty: choices.difficulty,
    minimum: choices.minimum,
    ...(tactics ? { tactics: true } : {}),
    targets: rows.map((t) => t.uuid),
  });
  const data: FudgeCheckData = {
    trait: choices.trait,
    traitName: traitName(actor, choices.trait),
    level,
    modifier: choices.modifier,
    penalty,
    difficulty: choices.difficulty,
    total: replayRolls({ rolls: [roll] })[0]?.outcome.total ?? 0,
    minimum: choices.minimum,
    ...(tactics ? { tactics: true } : {}),
  };
  const card = newCard({
    ruleSet: "fudge",
    kind: fudgeCheckKind.id,
    actor: refOf(actor),
    data,
    targets: rows.map((t) => ({ ...t, data: { opposed: true, result: null } satisfies FudgeRow })),
  });
  return postCard({ kind: fudgeCheckKind, card, rolls: [roll], speaker: { actor } });
}

/**
 * What a shot's odds read from its first target: its missile shield, its Scale relative to the
 * shooter's, and its dodge (Agility, the answer's default, with its wounds and stun; the odds line
 * takes a propelled missile's −2 or −3 off it, as the shooter picks).
 */
function rangedTargetOf(actor: FudgeActorDoc, target: FudgeActorDoc) {
  const relativeScale = Number(target.system.massScale ?? 0) - Number(actor.system.massScale ?? 0);
  return {
    shield: shieldOf(target).ranged,
    relativeScale: Number.isFinite(relativeScale) ? Math.trunc(relativeScale) : 0,
    dodge: attributeLevel(target, "agility") + combatPenalty(target),
  };
}

/** The attack dialog's input for a weapon (or bare hands) against the user's targets now. */
export function attackDialogInput(actor: FudgeActor, item: FudgeItemLike | null): FudgeDialogInput {
  // Bare hands: −1, or +0 with a Martial Art (the odds add it when one is picked).
  const weapon = attackWeapon(actor, item, null);
  const first = fudgeTargets()[0]?.actor ?? null;
  return {
    kind: "attack",
    traits: dialogTraits(actor),
    trait: item ? weaponTrait(actor, weapon) : unarmedTrait(actor),
    martialArts: item
      ? []
      : skillsOf(actor)
          .filter((s) => s.system.martialArt === true && s.id)
          .map((s) => traitValue({ kind: "skill", id: s.id! })),
    penalty: combatPenalty(actor),
    ...rollBonusParts(actor),
    stance: stanceOf(actor),
    ranged: weapon.ranged,
    propelled: weapon.ranged && weapon.propelled,
    ranges: fudgeTables().ranges,
    minimum: minimumAgainst(actor, first),
    self: baseFighter(actor, weapon),
    opponent: first
      ? {
          fighter: {
            ...baseFighter(
              first,
              weaponOf(first.items.contents.find((i) => i.type === "fudge-weapon" && i.system.equipped !== false)),
            ),
            skill: traitLevel(
              first,
              weaponTrait(first, weaponOf(first.items.contents.find((i) => i.type === "fudge-weapon"))),
            ),
            modifier: combatPenalty(first),
            stance: stanceOf(first),
          },
        }
      : null,
    rangedTarget: first && weapon.ranged ? rangedTargetOf(actor, first) : null,
  };
}

/** An attack with a weapon item (or bare hands), a row per target. */
export async function rollAttack(actor: FudgeActor, item: FudgeItemLike | null): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  // A stunned fighter cannot attack (it may still defend, and roll its checks).
  if (stunOf(actor) > 0) return (warn("ANTHOLOGY.Fudge.Errors.stunned", { name: actor.name }), null);
  const targets = fudgeTargets();
  const input = attackDialogInput(actor, item);
  // Each targeted token's chances to be hit, hurt and dropped, from the dialog's choices now.
  const outcomes = (c: AttackChoices) =>
    attackOutcomes(
      { actor, weapon: attackWeapon(actor, item, c.trait), choices: c, penalty: combatPenalty(actor) },
      targets.map((t) => t.actor),
    );
  const choices = await promptAttack(
    input,
    item?.name ?? game.i18n!.localize("ANTHOLOGY.Fudge.Dialog.unarmed"),
    outcomes,
  );
  if (!choices) return null;
  return postAttack(
    actor,
    item ? refOf({ uuid: item.uuid ?? "", name: item.name }) : null,
    choices,
    targets.map(targetRef),
  );
}

/** Rolls an attack whose choices are made; unopposed rows are judged at once, the others wait for their target. */
export async function postAttack(
  actor: FudgeActor,
  item: CardRef | null,
  choices: AttackChoices,
  targets: readonly CardRef[],
): Promise<PlayMessage | null> {
  const weaponItem = item ? itemOn(actor, item.uuid) : null;
  if (item && !weaponItem) return (warn("ANTHOLOGY.Fudge.Errors.weaponGone", { name: item.name }), null);
  const weapon = attackWeapon(actor, weaponItem, choices.trait);
  const skill = traitLevel(actor, choices.trait);
  if (choices.arrows > 1 && (!weapon.ranged || choices.arrows > archerShots(skill))) {
    return (warn("ANTHOLOGY.Fudge.Errors.volley", { arrows: String(choices.arrows) }), null);
  }
  // Each arrow of a volley is its own attack, shot at Fair.
  if (choices.arrows > 1) {
    let last: PlayMessage | null = null;
    for (let arrow = 0; arrow < choices.arrows; arrow++)
      last = await rollOneAttack(actor, item, weapon, choices, targets);
    return last;
  }
  return rollOneAttack(actor, item, weapon, choices, targets);
}

async function rollOneAttack(
  actor: FudgeActor,
  item: CardRef | null,
  weapon: FudgeWeapon,
  choices: AttackChoices,
  targets: readonly CardRef[],
): Promise<PlayMessage> {
  const level = choices.arrows > 1 ? 0 : traitLevel(actor, choices.trait);
  const penalty = combatPenalty(actor);
  const roll = await rollFor(attackFormula(actor, choices, penalty), {
    item: item?.uuid ?? null,
    choices,
    targets: targets.map((t) => t.uuid),
  });
  const sum = diceSum(roll);
  const rolls = [roll];
  // Where it lands: the part aimed at, or the location roll read on its table.
  const where = choices.location ? await rollFor("4dF", { location: true }) : null;
  if (where) rolls.push(where);
  const location: FudgeAttackData["location"] = landing(choices, weapon.ranged, where ? diceSum(where) : null);
  const rows = targets.map((t) => {
    const target = resolve<FudgeActor>(t.uuid);
    const result =
      target && choices.unopposed ? attackRow({ actor, weapon, choices, roll: sum, penalty }, target, null) : null;
    const row: FudgeRow = {
      opposed: !choices.unopposed,
      result: result ? { ...result, response: null, responseTotal: null } : null,
    };
    return { ...t, data: row };
  });
  const data: FudgeAttackData = {
    item,
    ranged: weapon.ranged,
    choices,
    traitName: traitName(actor, choices.trait),
    level,
    penalty,
    total: level + choices.modifier + penalty + sum,
    location,
  };
  const card = newCard({ ruleSet: "fudge", kind: fudgeAttackKind.id, actor: refOf(actor), data, targets: rows });
  return postCard({ kind: fudgeAttackKind, card, rolls, speaker: { actor } });
}

/** What a response answers: the card and its row, read from the message. */
interface Answered {
  readonly message: PlayMessage;
  readonly card: Card<FudgeCheckData | FudgeAttackData, FudgeRow>;
  readonly kind: "check" | "attack";
  readonly row: number;
}

function answered(message: PlayMessage, row: number): Answered | null {
  const read = cardOf(message);
  if (!read || "error" in read || read.card.ruleSet !== "fudge") return null;
  const kind = read.card.kind;
  if (kind !== "check" && kind !== "attack") return null;
  const card = read.card as unknown as Answered["card"];
  return card.targets[row] ? { message, card, kind, row } : null;
}

const modeOf = (a: Answered): ResponseMode => {
  if (a.kind === "check") return "resist";
  const data = a.card.data as FudgeAttackData;
  // Units in a mass battle fight it out whatever their weapons.
  return data.ranged && !data.choices.mass ? "dodge" : "defend";
};

/**
 * A target's answer to a row (the row's button): its owner picks the trait (and, defending in melee,
 * stance and weapon), rolls, and posts a response card; the GM links it to the row.
 */
export async function respond(message: PlayMessage, row: number): Promise<PlayMessage | null> {
  const a = answered(message, row);
  if (!a) return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  const target = a.card.targets[row]!;
  if (target.data.result) return (warn("ANTHOLOGY.Fudge.Errors.answered", { name: target.name }), null);
  const actor = resolve<FudgeActor>(target.uuid);
  if (!actor || !isFudgeActor(actor as never))
    return (warn("ANTHOLOGY.Play.Errors.targetGone", { name: target.name }), null);
  if (!mayRoll(actor)) return null;
  const mode = modeOf(a);
  const attacker = resolve<FudgeActor>(a.card.actor?.uuid);
  const weapons = actor.items.contents.filter((i) => i.type === "fudge-weapon" && i.system.ranged !== true);
  // The weapon and trait the answer opens on, as the outcome odds expect them (outcomes.ts).
  const firstWeapon = defendingWeapon(actor);
  const attackData = a.kind === "attack" ? (a.card.data as FudgeAttackData) : null;
  const trait: TraitChoice =
    mode === "defend" || mode === "dodge"
      ? answerTrait(actor, mode)
      : (a.card.data as FudgeCheckData).tactics
        ? tacticsTrait(actor)
        : (a.card.data as FudgeCheckData).trait.kind === "attribute"
          ? (a.card.data as FudgeCheckData).trait
          : { kind: "attribute", id: "will" };
  const input: FudgeDialogInput = {
    kind: "response",
    mode,
    traits: dialogTraits(actor),
    trait,
    penalty: combatPenalty(actor),
    ...rollBonusParts(actor),
    stance: stanceOf(actor),
    stanceLocked: stunOf(actor) > 0,
    // Dodging a propelled missile: what the shot takes off the dodge (−2, or −3 as the shooter chose).
    dodgeAt:
      mode === "dodge" && attacker && attackData
        ? -dodgePenalty(
            weaponOf(itemOn(attacker, attackData.item?.uuid ?? null)).propelled,
            attackData.choices.dodgePenalty ?? 2,
          )
        : 0,
    weapons: weapons.map((w) => ({ id: w.id ?? "", name: w.name, selected: w === firstWeapon })),
    // The defender's minimum mirrors the attacker's.
    self: {
      ...baseFighter(actor, weaponOf(firstWeapon)),
      ...(attackData ? { minimum: defenderMinimum(attackData.choices.minimum) } : {}),
    },
    opponent:
      attacker && attackData && !attackData.ranged
        ? {
            fighter: {
              ...baseFighter(attacker, weaponOf(itemOn(attacker, attackData.item?.uuid ?? null))),
              skill: attackData.level,
              modifier: attackData.choices.modifier + attackData.penalty,
              stance: attackData.choices.stance,
              foes: attackData.choices.foes,
              minimum: attackData.choices.minimum,
            },
          }
        : {
            level:
              (a.card.data as FudgeCheckData).level + (a.card.data as FudgeCheckData).modifier + a.card.data.penalty,
            minimum: a.kind === "check" ? ((a.card.data as FudgeCheckData).minimum ?? null) : null,
          },
    // The Storyteller may roll fewer dice for an NPC resisting a check (or none: its trait stands).
    npcDice: mode === "resist" && mayRollFewerDice(actor, game.user),
  };
  const choices = await promptResponse(input, a.card.actor?.name ?? "");
  if (!choices) return null;
  return postResponse(message, row, actor, choices);
}

/**
 * Rolls a target's answer whose choices are made and posts it on its own card; the GM then links it
 * to the row it answers (once) and shows the outcome on both cards.
 */
export async function postResponse(
  message: PlayMessage,
  row: number,
  actor: FudgeActor,
  choices: ResponseChoices,
): Promise<PlayMessage | null> {
  const a = answered(message, row);
  if (!a) return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  const mode = modeOf(a);
  // A stunned fighter cannot change its stance.
  if (!mayTakeStance(stunOf(actor), stanceOf(actor), choices.stance)) {
    return (warn("ANTHOLOGY.Fudge.Errors.stunnedStance", { name: actor.name }), null);
  }
  const level = traitLevel(actor, choices.trait);
  const penalty = combatPenalty(actor);
  const roll = await rollFor(responseFormula(actor, choices, penalty), {
    against: message.id,
    row,
    choices,
  });
  const data: FudgeResponseData = {
    mode,
    against: message.id,
    row,
    choices,
    traitName: traitName(actor, choices.trait),
    level,
    penalty,
    total: replayRolls({ rolls: [roll] })[0]?.outcome.total ?? 0,
    result: null,
  };
  // Only a melee defence can hurt back, and a leader's Tactics answer can win the bonus off the roller:
  // its one row is the attacker (or the roller, who gets the bonus when it wins).
  const tacticsAnswer = mode === "resist" && (a.card.data as FudgeCheckData).tactics === true;
  const rows =
    (mode === "defend" || tacticsAnswer) && a.card.actor
      ? [{ ...a.card.actor, data: { opposed: true, result: null } satisfies FudgeRow }]
      : [];
  const card = newCard({ ruleSet: "fudge", kind: fudgeResponseKind.id, actor: refOf(actor), data, targets: rows });
  const posted = await postCard({ kind: fudgeResponseKind, card, rolls: [roll], speaker: { actor } });
  await requestGm(LINK_REQUEST, { messageId: posted.id });
  return posted;
}

/** A response card and what it answers, checked as the GM: the responder is the row's target, and its author owns it. */
export function readResponse(messageId: unknown) {
  const message = messageById(messageId);
  const read = message ? cardOf(message) : null;
  if (!message || !read || "error" in read || read.card.ruleSet !== "fudge" || read.card.kind !== "response") {
    refuse("ANTHOLOGY.Play.Errors.cardGone");
  }
  const card = read.card as unknown as Card<FudgeResponseData, FudgeRow>;
  const againstMessage = messageById(card.data.against);
  const a = againstMessage ? answered(againstMessage, card.data.row) : null;
  if (!a) refuse("ANTHOLOGY.Play.Errors.cardGone");
  const row = a.card.targets[a.row]!;
  const responder = resolve<FudgeActor>(card.actor?.uuid);
  if (!responder || row.uuid !== responder.uuid) refuse("ANTHOLOGY.Fudge.Errors.notTheTarget", { name: row.name });
  const author = userById(message.author?.id ?? "");
  if (!author || !(author.isGM || responder.testUserPermission(author, "OWNER"))) {
    refuse("ANTHOLOGY.Play.Errors.notTheRoller", { name: responder.name });
  }
  if (modeOf(a) !== card.data.mode) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: responder.name });
  return { message, card, answered: a, responder };
}

/**
 * The roll a response card was rolled with: its 4dF sum and the choices its request carries, read
 * again from its dice; they must be the card's, and the roll what the responder's trait, the choices
 * and its penalty now give.
 */
export function responseRoll(
  message: PlayMessage,
  card: Card<FudgeResponseData, FudgeRow>,
  responder: FudgeActor,
  expect: { against: string; row: number },
) {
  const roll = replayRolls(message)[0];
  if (!roll) refuseMissing("response");
  const request = roll.request as { against?: unknown; row?: unknown; choices?: unknown } | undefined;
  if (request?.against !== expect.against || request.row !== expect.row) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: responder.name });
  }
  let choices: ResponseChoices;
  try {
    choices = readResponseChoices(request.choices);
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: responder.name });
    throw error;
  }
  if (JSON.stringify(choices) !== JSON.stringify(card.data.choices)) {
    refuse("ANTHOLOGY.Fudge.Errors.requestDiffers", { roll: rollName("response") });
  }
  if (!mayTakeStance(stunOf(responder), stanceOf(responder), choices.stance)) {
    refuse("ANTHOLOGY.Fudge.Errors.stunnedStance", { name: responder.name });
  }
  checkedRoll(roll, "response", responseFormula(responder, choices, combatPenalty(responder)));
  return { sum: roll.outcome.total - roll.outcome.modifier, total: roll.outcome.total, choices };
}

/** Whether a resisting actor's roller may roll fewer than four dice: the GM, for an NPC. */
function mayRollFewerDice(actor: { readonly type: string }, user: { readonly isGM?: boolean } | null | undefined) {
  return actor.type === "fudge-npc" && user?.isGM === true;
}

/** The GM links a response to the row it answers, once, and shows the result on both cards. */
async function link(messageId: unknown): Promise<void> {
  const { message, card, answered: a, responder } = readResponse(messageId);
  const row = a.card.targets[a.row]!;
  if (row.data.result) refuse("ANTHOLOGY.Fudge.Errors.answered", { name: row.name });
  const response = responseRoll(message, card, responder, { against: a.message.id, row: a.row });
  if ((response.choices.dice ?? 4) !== 4) {
    const author = userById(message.author?.id ?? "");
    if (a.kind !== "check" || !mayRollFewerDice(responder, author)) {
      refuse("ANTHOLOGY.Fudge.Errors.npcDice", { name: responder.name });
    }
  }
  const result = await rowOutcome(a, {
    actor: responder,
    choices: response.choices,
    sum: response.sum,
    total: response.total,
  });
  const linked: RowResult = { ...result, response: message.id, responseTotal: response.total };
  const nextAnswered = withTargetData(a.card, a.row, { ...row.data, result: linked });
  const kindOfAnswered = a.kind === "check" ? fudgeCheckKind : fudgeAttackKind;
  await a.message.update({
    [`flags.${SYSTEM_ID}.${CARD_FLAG}`]: nextAnswered,
    content: await cardContent(kindOfAnswered as never, nextAnswered as never, a.message.rolls),
  });
  const nextResponse = { ...card, data: { ...card.data, result: linked } };
  await message.update({
    [`flags.${SYSTEM_ID}.${CARD_FLAG}`]: nextResponse,
    content: await cardContent(fudgeResponseKind as never, nextResponse as never, message.rolls),
  });
}

/**
 * An opposed check's minimum, read from what its roll was rolled for (untrusted: a ladder level or
 * none), which must be what its card shows.
 */
function checkMinimum(a: Answered, request: unknown): number | null {
  const raw = (request as { minimum?: unknown } | null | undefined)?.minimum ?? null;
  const minimum = typeof raw === "number" && Number.isInteger(raw) && Math.abs(raw) <= 50 ? raw : null;
  if (raw !== minimum || minimum !== ((a.card.data as FudgeCheckData).minimum ?? null)) {
    refuse("ANTHOLOGY.Fudge.Errors.requestDiffers", { roll: rollName("check") });
  }
  return minimum;
}

/** A row's result from the answered card's roll and a response, with both sides' wounds as they stand. */
async function rowOutcome(
  a: Answered,
  response: { actor: FudgeActor; choices: ResponseChoices; sum: number; total: number },
): Promise<Omit<RowResult, "response" | "responseTotal">> {
  const roll = replayRolls(a.message)[0];
  if (!roll) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: "" });
  if (a.kind === "check") return opposedCheckRow(roll.outcome.total, response.total, checkMinimum(a, roll.request));
  const data = a.card.data as FudgeAttackData;
  const attacker = resolve<FudgeActor>(a.card.actor?.uuid);
  if (!attacker) refuse("ANTHOLOGY.Play.Errors.targetGone", { name: a.card.actor?.name ?? "" });
  const weapon = attackWeapon(attacker, itemOn(attacker, data.item?.uuid ?? null), data.choices.trait);
  const sum = roll.outcome.total - roll.outcome.modifier;
  const result = attackRow(
    { actor: attacker, weapon, choices: data.choices, roll: sum, penalty: combatPenalty(attacker) },
    response.actor,
    {
      actor: response.actor,
      choices: response.choices,
      roll: response.sum,
      penalty: combatPenalty(response.actor),
      stunned: stunOf(response.actor),
    },
  );
  if (!result) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: "" });
  return result;
}

/** The GM's side of linking responses. */
export function registerLinkRequest(): void {
  onGmRequest(LINK_REQUEST, (payload) => link(payload.messageId));
}

/** Provides the flows the cards' buttons start (flow-registry.ts). */
export function registerFudgeFlows(): void {
  fudgeFlows.provide({ respond });
}
