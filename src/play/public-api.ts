import { rollFromMacro } from "./macro-roll";

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
});

export type AnthologyPlay = typeof play;
