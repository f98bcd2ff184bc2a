import type { RollOutcome } from "../../../dice";
import { AnthologyRoll } from "../../../dice/anthology-roll";
import { replayRolls } from "../../../play/cards";
import type { PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { requestOptions } from "../../../play/request";

/** Only an actor's owners (and the GM) roll for it. */
export function mayRoll(actor: { readonly isOwner: boolean; readonly name: string }): boolean {
  if (actor.isOwner) return true;
  warn("ANTHOLOGY.HoD.Errors.notYours", { name: actor.name });
  return false;
}

/** Rolls a formula with Foundry's dice (dice fulfillment, Dice So Nice), carrying what it is rolled for. */
export async function rollDice(formula: string, request: Record<string, unknown>): Promise<PlayRoll> {
  const roll = new AnthologyRoll(formula, {}, requestOptions(request)) as unknown as PlayRoll & {
    evaluate(): Promise<unknown>;
  };
  await roll.evaluate();
  return roll;
}

/** A rolled formula as the rules read it, from its formula and faces (as the GM will read it again). */
export function outcomeOf(roll: PlayRoll): RollOutcome {
  const replayed = replayRolls({ rolls: [roll] })[0];
  if (!replayed) throw new Error(`Anthology: "${roll.formula}" could not be read back`);
  return replayed.outcome;
}

/** A roll to hit as the judgement reads it: the die as it fell (the three d6 together) and the total. */
export function rolledOf(outcome: RollOutcome): { natural: number; total: number } {
  return { natural: outcome.total - outcome.modifier, total: outcome.total };
}
