import type { SettingEntry } from "../plugin";

/** Fading Suns' world settings. */
export const FADING_SUNS_SETTINGS: readonly SettingEntry[] = [];
