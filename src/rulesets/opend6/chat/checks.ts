/**
 * The GM's checks on an OpenD6 card's rolls before an apply. A player's client writes its own cards
 * and rolls, so each roll must roll what the sheet and the card's choices give now, be rolled for what
 * the card shows, take no more bonus dice than the dialog offers, and count only the Character and Fate
 * Points a GM took off the actor (receipts.ts). The wound penalty may be the one the roller has now or
 * the one it had when the card was posted: the applies recorded on the roller since then (its ledger)
 * are taken back to find it, so a hit taken between a roll and its apply does not void the roll.
 */
import { SYSTEM_ID } from "../../../constants";
import { RequestRefused } from "../../../hooks/socket";
import { refuse } from "../../../play/refuse";
import { CardError } from "../../../play/card";
import { cardOf, replayRolls } from "../../../play/cards";
import { postedAt, userById, type PlayMessage } from "../../../play/documents";
import type { FreeChoice, ReplayedRoll } from "../../../play/kind";
import { LEDGER_FLAG, readLedger } from "../../../play/ledger";
import { refuseMissing, refuseRoll, rollName, sameFormula } from "../../../play/verify";
import type { OpenD6ActorDerived, OpenD6ActorSystem } from "../data";
import {
  MAX_BONUS_DICE,
  WOUND_PENALTY,
  actionRefusal,
  bodyPointsLevel,
  isDefenseSkill,
  isWoundLevel,
  reflexesBased,
  type WoundLevel,
} from "../rules";
import { stumbleStood } from "./stumble";
import { healthModeSetting } from "../settings";
import { checkSchema, readChoices, readTrait } from "./card-data";
import { rollFormula, type OpenD6RollChoices } from "./dialog-form";
import { traitCode } from "./codes";
import { receiptOf, type PaidSpend } from "./receipts";

/** A roller as the checks read it: its sheet and its record of applies. */
export interface Roller {
  readonly uuid: string;
  readonly name: string;
  readonly system: OpenD6ActorSystem & OpenD6ActorDerived;
  readonly effects?: Iterable<{ readonly id: string; readonly statuses: ReadonlySet<string> }>;
  getFlag(scope: string, key: string): unknown;
  testUserPermission(user: unknown, level: string): boolean;
}

/** The core status of a character knocked out. */
const UNCONSCIOUS = "unconscious";

/** The active defense's roll, as a refusal names it. */
export const DEFENSE_ROLL = "ANTHOLOGY.OpenD6.Rolls.defense";

/** Refuses the row: the card's `roll` roll was rolled for something other than the card shows. */
export function refuseRequest(roll: string): never {
  refuse("ANTHOLOGY.OpenD6.Errors.requestDiffers", { roll: rollName(roll) });
}

/** The same choices: both read by one reader, so their keys come in one order. */
export const sameChoices = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Bonus dice typed in the dialog (surprise, a GM's bonus): the GM's call, as a free choice a row rests on. */
export function bonusDiceChoice(dice: number): FreeChoice | null {
  // Past the bound the apply itself refuses the row.
  return dice > 0 && dice <= MAX_BONUS_DICE ? { key: "ANTHOLOGY.OpenD6.Play.bonusDice", data: { dice } } : null;
}

/** Bonus dice past what the dialog offers (the rules' bound) refuse the row. */
export function boundedBonus(bonusDice: number, roll: string): void {
  if (bonusDice > MAX_BONUS_DICE) {
    refuse("ANTHOLOGY.OpenD6.Errors.bonusDice", {
      roll: rollName(roll),
      dice: String(bonusDice),
      max: String(MAX_BONUS_DICE),
    });
  }
}

/**
 * How the roller stood at `since` (now, when not given): its Wound level (its Wound level or Body
 * Points before every apply recorded on it since), and whether it was unconscious (it is now, and no
 * apply recorded since put the status on it).
 */
export function standingSince(actor: Roller, since: number | undefined): { level: WoundLevel; unconscious: boolean } {
  const later =
    since === undefined
      ? []
      : [...readLedger(actor.getFlag(SYSTEM_ID, LEDGER_FLAG)).values()]
          .filter((entry) => entry.at >= since)
          .sort((a, b) => b.at - a.at);
  let wounds: unknown = actor.system.wounds;
  let bodyPoints: unknown = actor.system.bodyPoints.value;
  const madeSince = new Set<string>();
  let knockedOutSince = false;
  for (const entry of later) {
    for (const u of entry.undo.updates) {
      if (u.path === "system.wounds") wounds = u.before;
      if (u.path === "system.bodyPoints.value") bodyPoints = u.before;
    }
    entry.undo.effects.forEach((id) => madeSince.add(id));
    if (entry.undo.statuses.includes(UNCONSCIOUS)) knockedOutSince = true;
  }
  const max = actor.system.bodyPoints.max;
  const level =
    healthModeSetting() === "wounds"
      ? isWoundLevel(wounds)
        ? wounds
        : "none"
      : bodyPointsLevel(typeof bodyPoints === "number" ? bodyPoints : max, max);
  const out = [...(actor.effects ?? [])].filter((e) => e.statuses.has(UNCONSCIOUS));
  const unconscious = !knockedOutSince && out.length > 0 && out.some((e) => !madeSince.has(e.id));
  return { level, unconscious };
}

/**
 * The wound penalties a roll made at `since` may carry: the roller's now, and the one it had then (its
 * Wound level or Body Points before every apply recorded on it since).
 */
export function penaltiesSince(actor: Roller, since: number | undefined): number[] {
  const now = actor.system.derived.woundPenalty;
  if (since === undefined) return [now];
  return [now, WOUND_PENALTY[standingSince(actor, since).level]];
}

/**
 * Refuses the row when the roller could not act when it rolled (at `since`): out of action by its
 * wounds, or unconscious. A character put down after its roll had already acted (the text: one loses
 * the action "if he hasn't taken it already").
 */
export function refuseUnableToAct(actor: Roller, since: number | undefined): void {
  const then = standingSince(actor, since);
  const reason = actionRefusal(then.level, then.unconscious);
  if (reason) refuse(ACTION_REFUSALS[reason], { name: actor.name });
}

/** The i18n key of each reason a character cannot act. */
export const ACTION_REFUSALS = Object.freeze({
  outOfAction: "ANTHOLOGY.OpenD6.Errors.outOfAction",
  unconscious: "ANTHOLOGY.OpenD6.Errors.unconscious",
});

/**
 * The stored roll, checked: it rolls `formula(penalty)` for one of the roller's penalties (now first);
 * otherwise the row is refused, naming the roll and the formula the sheet gives now.
 */
export function rollsAsSheet(
  stored: ReplayedRoll | null | undefined,
  roll: string,
  formula: (penalty: number) => string,
  penalties: readonly number[],
): ReplayedRoll {
  if (!stored) refuseMissing(roll);
  if (!penalties.some((p) => sameFormula(stored.stored.formula, formula(p)))) {
    refuseRoll(roll, stored.stored.formula, formula(penalties[0]!));
  }
  return stored;
}

/**
 * The points a card's roll `index` counts must all be on the card's receipt: the dialog's Character
 * and Fate Points (in its roll's choices) and each spend rolled after it. Refuses the row otherwise.
 */
export function paidPoints(
  message: Pick<PlayMessage, "id">,
  rolls: ReadonlyArray<ReplayedRoll | null>,
  index: number,
  choices: Pick<OpenD6RollChoices, "characterPoints" | "fatePoint">,
  actor: { readonly name: string },
  roll: string,
): void {
  const receipt = receiptOf(message.id);
  const before = receipt.before;
  if (
    (choices.characterPoints > 0 || choices.fatePoint) &&
    !(before && before.characterPoints === choices.characterPoints && before.fatePoint === choices.fatePoint)
  ) {
    refuse("ANTHOLOGY.OpenD6.Errors.unpaid", { name: actor.name, roll: rollName(roll) });
  }
  rolls.forEach((r, i) => {
    const request = r?.request as { spend?: unknown; of?: unknown } | undefined;
    const paid = (p: PaidSpend) =>
      p.roll === i && p.kind === request?.spend && sameFormula(p.formula, r!.stored.formula);
    if (request?.spend !== undefined && request.of === index && !receipt.after.some(paid)) {
      refuse("ANTHOLOGY.OpenD6.Errors.unpaid", { name: actor.name, roll: rollName("spend") });
    }
  });
}

/**
 * Whether an active defense's card holds: written by a GM or one of the defender's owners, its roll
 * made for the trait and choices the card shows (an active defense), rolling what the defender's
 * sheet gives (its wound penalty now or when the card was posted), with no point it did not pay. A
 * defense that does not hold is not counted, wherever attacks read it (the dialog's odds, the card's
 * rows, the GM's apply judge them against passive defense): refusing the attack would let a defender
 * stop every attack with a card of their own making.
 */
export function defenseHolds(message: PlayMessage, defender: Roller): boolean {
  try {
    const author = userById(message.author?.id ?? "");
    if (!author || !(author.isGM || defender.testUserPermission(author, "OWNER"))) return false;
    const read = cardOf(message);
    if (!read || "error" in read) return false;
    const data = checkSchema.data((read.card as { data: Record<string, unknown> }).data);
    const rolls = replayRolls(message);
    const roll = rolls[0];
    const request = roll?.request as { trait?: unknown; choices?: unknown } | undefined;
    if (!roll || !request) return false;
    const trait = readTrait(request.trait);
    const choices = readChoices(request.choices);
    if (!sameChoices(trait, data.trait) || !sameChoices(choices, data.choices) || !choices.defense) return false;
    // Only dodge, brawling (a block) and melee combat (a parry) defend.
    if (trait.kind !== "skill" || !isDefenseSkill(trait.id)) return false;
    boundedBonus(choices.bonusDice, DEFENSE_ROLL);
    const code = traitCode(defender as never, trait);
    if (code === null) return false;
    const when = postedAt(message);
    rollsAsSheet(
      roll,
      DEFENSE_ROLL,
      (p) => rollFormula({ code, woundPenalty: p }, choices).formula,
      penaltiesSince(defender, typeof when === "number" ? when : undefined),
    );
    paidPoints(message, rolls, 0, choices, defender, DEFENSE_ROLL);
    // A defender out of action or unconscious when it rolled could not defend.
    refuseUnableToAct(defender, typeof when === "number" ? when : undefined);
    // A Reflexes-based defense rolled while stumbling had to take the stumble.
    if (reflexesBased(trait.id) && !choices.stumbled && stumbleStood(defender as never, when)) return false;
    return true;
  } catch (error) {
    if (error instanceof RequestRefused || error instanceof CardError || error instanceof RangeError) return false;
    throw error;
  }
}
