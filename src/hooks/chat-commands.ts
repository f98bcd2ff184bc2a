import { info, warn } from "../play/notify";
import { NotationError } from "../dice/errors";
import { odds } from "../dice/odds";
import { oddsCard, parseOddsCommand } from "../dice/odds-card";
import type { ComplicationRule } from "../dice/outcome";
import { complicationSetting } from "../settings";
import { templatePath } from "../sheets/paths";
import { chatCommandText } from "../foundry";

export const ODDS_TEMPLATE = templatePath("chat/odds-card.hbs");

interface ChatMessageClass {
  create(data: object): Promise<unknown>;
  getSpeaker(): object;
}

/**
 * `chatMessage` hook: answers `/odds <formula> [vs <number>]` and keeps it out of the chat log (from
 * v13's plain chat input or v14's rich one).
 */
export function onChatMessage(_log: unknown, message: string): boolean | void {
  if (typeof message !== "string") return;
  const command = parseOddsCommand(chatCommandText(message));
  if (!command) return;
  void postOdds(command.formula, command.target);
  return false;
}

/** Whispers the odds card to the user who asked; a formula it cannot answer gets a message instead. */
export async function postOdds(formula: string, target?: number): Promise<void> {
  if (formula === "") {
    info("ANTHOLOGY.Dice.Odds.usage");
    return;
  }
  let result;
  try {
    result = odds(formula, { complication: complicationSetting() as ComplicationRule });
  } catch (error) {
    if (error instanceof NotationError) {
      warn(error.key, error.data);
      return;
    }
    throw error;
  }
  const content = await foundry.applications.handlebars.renderTemplate(ODDS_TEMPLATE, {
    odds: oddsCard(result, target),
  });
  const ChatMessageImpl = (ChatMessage as unknown as { implementation: ChatMessageClass }).implementation;
  await ChatMessageImpl.create({ content, whisper: [game.user!.id], speaker: ChatMessageImpl.getSpeaker() });
}
