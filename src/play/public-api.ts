/**
 * What macros and modules call in a world, as `game.anthology.play`: the play layer's public
 * functions, each through the same path (and the same permissions) as the buttons.
 */
import { openRequestDialog } from "./roll-request-dialog";
import { postRequest, type RequestInput } from "./roll-requests";

export const play = Object.freeze({
  /**
   * A GM's roll request: `{ actors?, choice, difficulty?, hidden? }`. `actors` are actors, tokens or
   * uuids (default: the selected tokens, else the targeted ones); `choice` one of the rule set's
   * choice ids; `difficulty` its default when left out; `hidden` keeps the results for the GM.
   * Resolves to the request's chat message, or null (a notice says why).
   */
  request: (input: RequestInput) => postRequest(input),
  /** Opens the GM's roll-request dialog. */
  requestDialog: () => openRequestDialog(),
});

export type PlayApi = typeof play;
