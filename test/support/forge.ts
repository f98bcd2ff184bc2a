/**
 * What a hostile player's client can make without any sheet (issue 26): a roll of any formula with a
 * request of its own making, and a chat message of their own holding such rolls under any flags.
 */
import { fulfillment } from "../foundry/dice";
import type { StandInMessage } from "../foundry/documents";

export interface BuiltRoll {
  readonly formula: string;
  evaluate(): Promise<unknown>;
}

/** A roll the player's client builds: its formula, the faces it shows, what it claims to be rolled for (none if omitted). */
export async function builtRoll(
  formula: string,
  faces: number[],
  request?: Record<string, unknown>,
): Promise<BuiltRoll> {
  const { AnthologyRoll } = await import("../../src/dice/anthology-roll");
  const { requestOptions } = await import("../../src/play/request");
  const roll = new AnthologyRoll(formula, {}, request ? requestOptions(request) : {}) as unknown as BuiltRoll;
  fulfillment.push(...faces);
  await roll.evaluate();
  return roll;
}

/** The player's own message: the rolls they built under the flags they choose (a copy). */
export function forgedMessage(flags: object, rolls: unknown[], speaker: object = {}): Promise<StandInMessage> {
  const messages = ChatMessage.implementation as unknown as { create(d: object): Promise<StandInMessage> };
  return messages.create({ content: "", speaker, flags: structuredClone(flags), rolls });
}
