import type { AnthologyApi } from "./api";
import type { AnthologyPlay } from "./play/public-api";

/** `game.anthology`: the Foundry-free API and, in Foundry, the `play` namespace. */
export type ExposedApi = AnthologyApi & { readonly play: AnthologyPlay };

type GameWithApi = { anthology?: ExposedApi };

/** Puts the API where macros and modules look for it: `game.anthology`. */
export function exposeApi(api: AnthologyApi, play: AnthologyPlay): void {
  (game as unknown as GameWithApi).anthology = Object.freeze({ ...api, play });
}

export function exposedApi(): ExposedApi | undefined {
  return (game as unknown as GameWithApi).anthology;
}
