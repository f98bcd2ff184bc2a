import { SYSTEM_ID } from "../constants";
import { RULE_SETS, ruleSetLabelKey } from "../rulesets";

/**
 * Once translations are loaded: warn in the console about rule-set labels the active language lacks,
 * so a translator sees what is missing before a player meets an English fallback or a raw key.
 */
export function onI18nInit(): void {
  const missing = RULE_SETS.map(ruleSetLabelKey).filter((key) => !game.i18n!.has(key, false));
  if (missing.length > 0) {
    console.warn(`${SYSTEM_ID} | ${game.i18n!.lang}: no translation for ${missing.join(", ")}`);
  }
}
