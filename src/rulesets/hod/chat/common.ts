import { SYSTEM_ID } from "../../../constants";
import { AnthologyRoll } from "../../../dice/anthology-roll";
import { templatePath } from "../../../sheets/paths";
import { flagsOf, type HodActor, type HodMessage } from "./documents";
import type { HodCardFlags } from "./flags";

export const HOD_CARD_TEMPLATES = {
  attack: templatePath("chat/hod-attack-card.hbs"),
  damage: templatePath("chat/hod-damage-card.hbs"),
  applied: templatePath("chat/hod-applied-card.hbs"),
  check: templatePath("chat/hod-check-card.hbs"),
  special: templatePath("chat/hod-special-card.hbs"),
  stance: templatePath("chat/hod-stance-card.hbs"),
} as const;

export const i18n = () => game.i18n!;

import { warn } from "../../../play/notify";

export { warn };

/** The Heroes of Destiny data of a card, if the message is one of ours. */
export function hodCardFlags(message: Pick<HodMessage, "getFlag">): HodCardFlags | undefined {
  return flagsOf<HodCardFlags>(message, "hod");
}

/** The world's chat messages. */
export function messages(): Iterable<HodMessage> & { get(id: string): HodMessage | undefined } {
  return (game as unknown as { messages: Iterable<HodMessage> & { get(id: string): HodMessage | undefined } }).messages;
}

/** Only an actor's owners (and the GM) roll for it. */
export function mayRoll(actor: HodActor): boolean {
  if (actor.isOwner) return true;
  warn("ANTHOLOGY.HoD.Errors.notYours", { name: actor.name });
  return false;
}

export interface Rolled {
  readonly roll: unknown;
  readonly total: number;
  /** The first dice term's total: the d20 as it fell, or the three d6 together. */
  readonly natural: number;
  readonly html: string;
}

/** Rolls a formula with Foundry's dice (so Dice So Nice shows it) and renders it for a card. */
export async function rollFormula(formula: string): Promise<Rolled> {
  const roll = new AnthologyRoll(formula) as unknown as {
    evaluate(): Promise<unknown>;
    render(): Promise<string>;
    total: number;
    dice: Array<{ total?: number }>;
  };
  await roll.evaluate();
  return { roll, total: roll.total, natural: roll.dice[0]?.total ?? 0, html: await roll.render() };
}

/** Posts a card: its template rendered with the view, its flags under `flags.anthology.hod`, its rolls. */
export async function post(
  speaker: { actor?: unknown; alias?: string },
  template: string,
  view: object,
  flags: HodCardFlags,
  rolls: unknown[],
): Promise<HodMessage> {
  const content = await foundry.applications.handlebars.renderTemplate(template, view as Record<string, unknown>);
  const ChatMessageImpl = ChatMessage.implementation as unknown as {
    create(data: object): Promise<HodMessage>;
    getSpeaker(options: object): object;
  };
  const sound = (CONFIG as unknown as { sounds?: { dice?: string } }).sounds?.dice;
  return ChatMessageImpl.create({
    speaker: speaker.alias ? { alias: speaker.alias } : ChatMessageImpl.getSpeaker({ actor: speaker.actor }),
    content,
    rolls,
    ...(rolls.length && sound ? { sound } : {}),
    flags: { [SYSTEM_ID]: { hod: flags } },
  });
}
