import { DEFENSE_STATUS } from "./defense";
import { FULL_AUTO_STATUS } from "./defense-modifiers";

/** OpenD6's statuses on the token HUD: an active defense while it lasts, a full-auto firer's round. */
export const OPEND6_STATUSES = Object.freeze([
  { id: DEFENSE_STATUS, name: "ANTHOLOGY.OpenD6.Status.defending", img: "icons/svg/shield.svg" },
  { id: FULL_AUTO_STATUS, name: "ANTHOLOGY.OpenD6.Status.fullAuto", img: "icons/svg/target.svg" },
]);
