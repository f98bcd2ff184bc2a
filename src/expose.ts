import type { AnthologyApi } from "./api";

type GameWithApi = { anthology?: AnthologyApi };

/** Puts the API where macros and modules look for it: `game.anthology`. */
export function exposeApi(api: AnthologyApi): void {
  (game as unknown as GameWithApi).anthology = api;
}

export function exposedApi(): AnthologyApi | undefined {
  return (game as unknown as GameWithApi).anthology;
}
