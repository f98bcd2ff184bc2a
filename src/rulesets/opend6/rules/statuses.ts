import { DEFENSE_STATUS } from "./defense";

/** The status of a character who stumbled (knockdown, push, trip): −2D from its next Reflexes roll. */
export const STUMBLE_STATUS = "opend6-stumbled";

/** OpenD6's statuses on the token HUD: an active defense while it lasts, a stumble until the next Reflexes roll. */
export const OPEND6_STATUSES = Object.freeze([
  { id: DEFENSE_STATUS, name: "ANTHOLOGY.OpenD6.Status.defending", img: "icons/svg/shield.svg" },
  { id: STUMBLE_STATUS, name: "ANTHOLOGY.OpenD6.Status.stumbled", img: "icons/svg/falling.svg" },
]);
