import { rollFromMacro } from "./macro-roll";
import { openRequestDialog } from "./roll-request-dialog";
import { postRequest, type RequestInput } from "./roll-requests";

/**
 * The Foundry side of the public API, `game.anthology.play`: what macros and modules call to play
 * (docs/macros.md). One entry per verb; add new ones here.
 */
export const play = Object.freeze({
  /**
   * Rolls what a sheet button rolls, through the same dialog, odds, card and targets:
   * `game.anthology.play.roll({ actor, kind, item, key })`. Resolves to the card's message, or null.
   */
  roll: (args: unknown): Promise<unknown> => rollFromMacro(args),
  /**
   * A GM's roll request (docs/roll-requests.md): `{ actors?, choice, difficulty?, hidden? }`. `actors`
   * are actors, tokens or uuids (default: the selected tokens, else the targeted ones); `choice` one of
   * the rule set's choice ids; `difficulty` its default when left out; `hidden` keeps the results for
   * the GM. Resolves to the request's chat message, or null (a notice says why).
   */
  request: (input: RequestInput): Promise<unknown> => postRequest(input),
  /** Opens the GM's roll-request dialog. */
  requestDialog: (): Promise<unknown> => openRequestDialog(),
});

export type AnthologyPlay = typeof play;
