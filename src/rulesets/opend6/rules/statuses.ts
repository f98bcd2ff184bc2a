import { DEFENSE_STATUS } from "./defense";

/** OpenD6's statuses on the token HUD: an active defense while it lasts. */
export const OPEND6_STATUSES = Object.freeze([
  { id: DEFENSE_STATUS, name: "ANTHOLOGY.OpenD6.Status.defending", img: "icons/svg/shield.svg" },
]);
