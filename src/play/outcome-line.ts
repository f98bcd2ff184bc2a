import { percent } from "../dice/odds-card";
import type { OutcomeOdds } from "../dice/outcome-odds";

/** One target's exact outcome chances, with the name the dialog or card shows it by. */
export interface TargetOutcome {
  readonly name: string;
  readonly odds: OutcomeOdds;
}

/** What templates/play/outcome-odds.hbs renders for one target: its name and three localised chances. */
export interface OutcomeView {
  readonly name: string;
  readonly hit: string;
  readonly hurt: string;
  readonly drop: string;
  /** The whole line, for a screen reader and a tooltip. */
  readonly label: string;
}

/**
 * The partial every rule set's attack dialog and card row include. A dialog names each target on its line;
 * a card row, whose header names its one target, passes `unnamed=true` and shows the three chances alone.
 */
export const OUTCOME_TEMPLATE = "systems/anthology/templates/play/outcome-odds.hbs";

const LIST = ".anthology-outcome-odds";
const PARTS = ["hit", "hurt", "drop"] as const;
const KEYS: Readonly<Record<(typeof PARTS)[number], string>> = {
  hit: "ANTHOLOGY.Outcome.hit",
  hurt: "ANTHOLOGY.Outcome.hurt",
  drop: "ANTHOLOGY.Outcome.drop",
};

/** One target's line in the user's language: "Hit 62.5%", "Hurt 41.2%", "Drop 3.1%". */
export function outcomeView(outcome: TargetOutcome): OutcomeView {
  const i18n = game.i18n!;
  const [hit, hurt, drop] = PARTS.map((part) => i18n.format(KEYS[part], { chance: percent(outcome.odds[part]) })) as [
    string,
    string,
    string,
  ];
  const name = String(outcome.name ?? "");
  return { name, hit, hurt, drop, label: i18n.format("ANTHOLOGY.Outcome.label", { name, hit, hurt, drop }) };
}

/** The views of several targets' lines (a dialog's initial render; a card row passes its one). */
export function outcomeViews(outcomes: readonly TargetOutcome[] | null | undefined): OutcomeView[] {
  return (outcomes ?? []).map(outcomeView);
}

/**
 * Writes a dialog's per-target list anew from these outcomes, as text (a name with HTML in it stays text).
 * The list element is the partial's; a dialog without one is left alone.
 */
export function showOutcomes(root: HTMLElement, outcomes: readonly TargetOutcome[]): void {
  const list = root.querySelector<HTMLElement>(LIST);
  if (!list) return;
  const doc = list.ownerDocument;
  const items = outcomeViews(outcomes).map((view) => {
    const item = doc.createElement("li");
    item.className = "anthology-outcome";
    item.title = view.label;
    const name = doc.createElement("span");
    name.className = "anthology-outcome-name";
    name.textContent = view.name;
    item.append(name);
    for (const part of PARTS) {
      const chance = doc.createElement("span");
      chance.className = `anthology-outcome-${part}`;
      chance.textContent = view[part];
      item.append(" ", chance);
    }
    return item;
  });
  list.replaceChildren(...items);
  list.hidden = items.length === 0;
}
