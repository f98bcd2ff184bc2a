import { DEFENSE_STATUS } from "./defense";
import { FULL_AUTO_STATUS } from "./defense-modifiers";

/** The status of a character who stumbled (knockdown, push, trip): −2D from its next Reflexes roll. */
export const STUMBLE_STATUS = "opend6-stumbled";

/** OpenD6's statuses on the token HUD: an active defense while it lasts, a full-auto firer's round, a stumble until the next Reflexes roll. */
export const OPEND6_STATUSES = Object.freeze([
  { id: DEFENSE_STATUS, name: "ANTHOLOGY.OpenD6.Status.defending", img: "icons/svg/shield.svg" },
  { id: FULL_AUTO_STATUS, name: "ANTHOLOGY.OpenD6.Status.fullAuto", img: "icons/svg/target.svg" },
  { id: STUMBLE_STATUS, name: "ANTHOLOGY.OpenD6.Status.stumbled", img: "icons/svg/falling.svg" },
]);
