import { AnthologyRoll } from "../dice/anthology-roll";
import type { RollOutcome } from "../dice";
import { replayRolls } from "./cards";
import type { PlayRoll } from "./documents";
import { requestOptions } from "./request";

/**
 * Rolls a formula with Foundry's dice (dice fulfillment, Dice So Nice), the roll carrying what it is
 * rolled for (`request`, read again by the GM: request.ts).
 */
export async function rollFor(formula: string, request: Readonly<Record<string, unknown>>): Promise<PlayRoll> {
  const roll = new AnthologyRoll(formula, {}, requestOptions(request)) as unknown as PlayRoll & {
    evaluate(): Promise<unknown>;
  };
  await roll.evaluate();
  return roll;
}

/** A rolled formula as the rules read it, from its formula and faces alone, as the GM will read it again. */
export function outcomeOf(roll: PlayRoll): RollOutcome {
  const replayed = replayRolls({ rolls: [roll] })[0];
  if (!replayed) throw new Error(`Anthology: "${roll.formula}" could not be read back`);
  return replayed.outcome;
}
