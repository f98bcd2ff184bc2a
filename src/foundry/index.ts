/**
 * The one place that speaks both Foundry generations (v13 and v14): everything version-specific that
 * Anthology touches goes through these helpers (docs/foundry-versions.md). Nothing outside this
 * folder reads `game.release` or names a generation-specific API.
 */
export { GENERATIONS, generation, isV14, type Generation } from "./generation";
export {
  ENCOUNTER_FLAG,
  EXPIRY_FLAG,
  adoptLegacyLasting,
  changesData,
  configureEffects,
  effectChanges,
  effectEncounter,
  effectEnd,
  effectRounds,
  effectStart,
  endWithCombat,
  expireLasting,
  forEncounter,
  roundsLeft,
  withLasting,
  type StoredChange,
  type EffectLike,
  type NumberChange,
} from "./effects";
export {
  EFFECT_ENDS,
  isEffectEnd,
  lastingOver,
  storedRounds,
  type BearerTurn,
  type EffectEnd,
  type Lasting,
} from "./lasting";
export { MESSAGE_MODES, applyMessageMode, currentMessageMode, messageModeOf, type MessageMode } from "./message-mode";
export { changedKeys, deleteKey, forThisGeneration } from "./updates";
export { DELETE, Deletion, Replacement, replaceWith } from "./operations";
export { registerStatus, statusEntries, statusEntry, type StatusConfig } from "./statuses";
export { menuEntry, type MenuEntry } from "./context-menu";
export { chatCommandText } from "./chat-text";
export { htmlToText } from "./html-text";
export { atLevel, sameLevel } from "./levels";
export { onDetachedWindow } from "./detached-windows";
