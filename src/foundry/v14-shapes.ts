/**
 * The few Foundry v14 shapes Anthology uses, declared here because no fvtt-types release covers v14
 * yet (shared/foundry/NOTES-v14.md, with the source of each). Types only: the one place for both
 * generations (src/foundry/) casts to these and nothing else does.
 */

/** v14 `EffectDurationData` (§2): how long an effect lasts, in `units`, and the event that ends it. */
export interface EffectDurationV14 {
  value: number | null;
  units: "years" | "months" | "days" | "hours" | "minutes" | "seconds" | "rounds" | "turns";
  expiry: string | null;
  expired?: boolean;
  /** Derived after preparation, in `units`. */
  readonly remaining?: number;
}

/** v14 `EffectStartData` (§2): where in combat (and world time) an effect began. */
export interface EffectStartV14 {
  combat: string | null;
  combatant: string | null;
  initiative?: number | null;
  round: number | null;
  turn: number | null;
  time?: number;
}

/** v13 `EffectDurationData` (the legacy shape core migrates on v14). */
export interface EffectDurationV13 {
  rounds?: number | null;
  turns?: number | null;
  seconds?: number | null;
  startRound?: number | null;
  startTurn?: number | null;
  startTime?: number | null;
  combat?: string | null;
}

/** v14 `ActiveEffectChangeData` (§1): a string `type` where v13 had a numeric `mode`. */
export interface EffectChangeV14 {
  key: string;
  value: unknown;
  type: string;
  phase?: string;
  priority?: number | null;
}

/** v13 `EffectChangeData`. */
export interface EffectChangeV13 {
  key: string;
  value: string;
  mode: number;
  priority?: number | null;
}

/** `CONFIG.ActiveEffect` on v14 (§2): what the registry does with an expired effect, and package expiry events. */
export interface ActiveEffectConfigV14 {
  expiryAction?: "update" | "delete" | null;
  expiryEvents?: Record<string, string>;
}

/** v14 `ContextMenuEntry` (§6). */
export interface ContextMenuEntryV14 {
  label: string;
  icon: string;
  visible?: boolean | ((target: HTMLElement) => boolean);
  onClick: (event: Event | null, target: HTMLElement) => unknown;
  classes?: string;
  group?: string;
}

/** v13 `ContextMenuEntry`. */
export interface ContextMenuEntryV13 {
  name: string;
  icon: string;
  condition?: boolean | ((target: HTMLElement) => boolean);
  callback: (target: HTMLElement) => unknown;
  classes?: string;
  group?: string;
}

/** v14's global operators (§4): `_del` deletes the key it is written at; `_replace(value)` replaces it whole. */
export interface OperatorGlobalsV14 {
  _del: unknown;
  _replace(value: unknown): unknown;
}

/** v14 `ChatMessage` statics (§3): `applyMode` in place of `applyRollMode`. */
export interface ChatMessageStaticsV14 {
  applyMode(data: object, mode: string): object;
}

/** A v14 TokenDocument's Scene Level (§9): one Level id; absent on v13. */
export interface TokenLevelV14 {
  readonly level?: string | null;
}
