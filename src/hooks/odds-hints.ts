import { oddsHint } from "../dice/odds-hint";
import type { ComplicationRule } from "../dice/outcome";
import { complicationSetting } from "../settings";

/** Attributes a sheet puts on an attack or check button to get live odds on hover and focus. */
export const ODDS_ATTRIBUTE = "data-anthology-odds";
export const ODDS_TARGET_ATTRIBUTE = "data-anthology-odds-vs";

interface HintTarget {
  closest(selector: string): HintElement | null;
}
interface HintElement {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * Before Foundry's tooltip appears over (or focus reaches) a button that names a formula, write the
 * chance of success into its tooltip and accessible description. No odds, no tooltip.
 */
export function onOddsHover(event: { target: unknown }): void {
  const target = event.target as HintTarget | null;
  const element = typeof target?.closest === "function" ? target.closest(`[${ODDS_ATTRIBUTE}]`) : null;
  if (!element) return;
  const formula = element.getAttribute(ODDS_ATTRIBUTE) ?? "";
  const vs = element.getAttribute(ODDS_TARGET_ATTRIBUTE);
  const against = vs !== null && vs.trim() !== "" && Number.isFinite(Number(vs)) ? Number(vs) : undefined;
  const hint = oddsHint(formula, against, complicationSetting() as ComplicationRule);
  if (!hint) {
    element.removeAttribute("data-tooltip");
    return;
  }
  const text = game.i18n!.format(hint.key, { ...hint.data });
  element.setAttribute("data-tooltip", text);
  element.setAttribute("aria-description", text);
}

/** Listens on the whole document, so every sheet and dialog gets hints without wiring of its own. */
export function installOddsHints(root: {
  addEventListener(type: string, fn: (e: Event) => void, capture: boolean): void;
}): void {
  for (const type of ["pointerover", "focusin"]) root.addEventListener(type, onOddsHover as (e: Event) => void, true);
}
