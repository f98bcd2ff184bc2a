/**
 * The combat tracker in a Fading Suns fight: under each Fading Suns combatant, its stance (a list its
 * owners and the GM may change, words for everyone else), marks for surprise and a held action, and the
 * Hold and Act now buttons. Added by the `renderCombatTracker` hook; the row's HTML is built from a
 * plain view with every value escaped.
 */
import { SYSTEM_ID } from "../../../constants";
import { escapeHtml } from "../../../play/escape";
import { AGGRESSIVE_KEYS, STANCE_KEYS } from "../data/labels";
import { STANCE_CHOICES, isStance, stanceChoiceOf, type StanceChoice } from "../rules";
import { isFsActor } from "../chat/target";
import { HOLDING, actNow, holdAction, toggleSurprise, type FsCombat, type FsCombatant } from "./turn";

/** What one combatant's controls show. */
export interface TrackerRowView {
  readonly id: string;
  readonly stance: StanceChoice;
  readonly canChoose: boolean;
  readonly surprised: boolean;
  /** The GM marks a fighter surprised here (kept out of the first turn's initiative). */
  readonly canSurprise: boolean;
  /** A run or charge this turn (−2 Defense). */
  readonly moved: "run" | "charge" | null;
  readonly holding: boolean;
  readonly canHold: boolean;
  readonly canActNow: boolean;
}

/** The label of a stance choice: "Aggressive (+4 to the goal)", "Defensive"... */
export function stanceChoiceLabel(id: StanceChoice, localize: (key: string) => string): string {
  const choice = STANCE_CHOICES.find((c) => c.id === id)!;
  const name = localize(STANCE_KEYS[choice.stance]);
  return choice.aggressive ? `${name} (${localize(AGGRESSIVE_KEYS[choice.aggressive])})` : name;
}

/** The view of a combatant's row, or null for a combatant that is not Fading Suns'. */
export function trackerRowView(combat: FsCombat, combatant: FsCombatant, isGm: boolean): TrackerRowView | null {
  const actor = combatant.actor;
  if (!isFsActor(actor)) return null;
  const system = actor.system as { stance?: unknown; aggressive?: unknown; surprised?: unknown; moved?: unknown };
  const stance = isStance(system.stance) ? system.stance : "neutral";
  const holding = combatant.getFlag(SYSTEM_ID, HOLDING) === true;
  const current = combat.combatant?.id === combatant.id;
  const owner = isGm || (actor as { isOwner?: boolean }).isOwner === true;
  return {
    id: combatant.id,
    stance: stanceChoiceOf(stance, system.aggressive === "damage" ? "damage" : "goal"),
    canChoose: owner,
    surprised: system.surprised === true,
    canSurprise: isGm,
    moved: system.moved === "run" || system.moved === "charge" ? system.moved : null,
    holding,
    canHold: combat.round > 0 && current && !holding && (isGm || combatant.isOwner === true),
    canActNow: isGm && holding && !current && combat.round > 0,
  };
}

/** The row's controls as HTML (every text escaped). */
export function trackerRowHtml(view: TrackerRowView, localize: (key: string) => string): string {
  const t = (key: string) => escapeHtml(localize(key));
  const label = escapeHtml(localize("ANTHOLOGY.FadingSuns.FIELDS.stance.label"));
  const stance = view.canChoose
    ? `<select class="anthology-fs-tracker-stance" aria-label="${label}" data-combatant="${escapeHtml(view.id)}">` +
      STANCE_CHOICES.map(
        (c) =>
          `<option value="${c.id}"${c.id === view.stance ? " selected" : ""}>${escapeHtml(stanceChoiceLabel(c.id, localize))}</option>`,
      ).join("") +
      `</select>`
    : `<span class="anthology-fs-tracker-stance-text">${escapeHtml(stanceChoiceLabel(view.stance, localize))}</span>`;
  const marks = [
    view.canSurprise
      ? `<button type="button" class="anthology-fs-surprise${view.surprised ? " active" : ""}" aria-pressed="${view.surprised}" data-fs-tracker="surprise" data-combatant="${escapeHtml(view.id)}" data-tooltip="${t("ANTHOLOGY.FadingSuns.Combat.surpriseHint")}">${t("ANTHOLOGY.FadingSuns.FIELDS.surprised.label")}</button>`
      : view.surprised
        ? `<span class="anthology-fs-mark surprised">${t("ANTHOLOGY.FadingSuns.FIELDS.surprised.label")}</span>`
        : "",
    view.moved
      ? `<span class="anthology-fs-mark moved">${t(view.moved === "run" ? "ANTHOLOGY.FadingSuns.Combat.running" : "ANTHOLOGY.FadingSuns.Combat.charging")}</span>`
      : "",
    view.holding ? `<span class="anthology-fs-mark holding">${t("ANTHOLOGY.FadingSuns.Combat.holding")}</span>` : "",
    view.canHold
      ? `<button type="button" class="anthology-fs-hold" data-fs-tracker="hold" data-combatant="${escapeHtml(view.id)}">${t("ANTHOLOGY.FadingSuns.Combat.hold")}</button>`
      : "",
    view.canActNow
      ? `<button type="button" class="anthology-fs-act-now" data-fs-tracker="actNow" data-combatant="${escapeHtml(view.id)}">${t("ANTHOLOGY.FadingSuns.Combat.actNow")}</button>`
      : "",
  ].join("");
  return `<div class="anthology-fs-tracker">${stance}${marks}</div>`;
}

/** A stance picked from the tracker's list, written to the actor (its owner's or the GM's client). */
export async function chooseStance(combatant: FsCombatant, choice: string): Promise<boolean> {
  const entry = STANCE_CHOICES.find((c) => c.id === choice);
  const actor = combatant.actor;
  if (!entry || !actor || !isFsActor(actor)) return false;
  await actor.update({
    "system.stance": entry.stance,
    ...(entry.aggressive ? { "system.aggressive": entry.aggressive } : {}),
  });
  return true;
}

interface TrackerApp {
  readonly viewed?: unknown;
}

/** `renderCombatTracker`: the controls under each Fading Suns combatant, and what they do. */
export function onRenderFsTracker(app: TrackerApp, html: HTMLElement): void {
  const combat = app.viewed as (FsCombat & { combatants: { get(id: string): FsCombatant | undefined } }) | null;
  if (!combat?.combatants || typeof html?.querySelectorAll !== "function") return;
  const isGm = game.user?.isGM === true;
  const localize = (key: string) => game.i18n!.localize(key);
  for (const li of html.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
    const combatant = combat.combatants.get(li.dataset.combatantId ?? "");
    const view = combatant ? trackerRowView(combat, combatant, isGm) : null;
    if (!combatant || !view || li.querySelector(".anthology-fs-tracker")) continue;
    const host = li.querySelector(".token-name, .name") ?? li;
    host.insertAdjacentHTML("beforeend", trackerRowHtml(view, localize));
    const controls = host.querySelector<HTMLElement>(".anthology-fs-tracker")!;
    // The row itself reacts to clicks (select the token, pan): the controls keep theirs.
    controls.addEventListener("click", (event) => {
      event.stopPropagation();
      const button = (event.target as HTMLElement).closest<HTMLElement>("[data-fs-tracker]");
      if (!button) return;
      event.preventDefault();
      const act = { hold: holdAction, actNow, surprise: toggleSurprise }[button.dataset.fsTracker ?? ""];
      if (act) void act(combat, combatant);
    });
    controls.addEventListener("change", (event) => {
      const select = event.target as HTMLSelectElement;
      if (select.classList.contains("anthology-fs-tracker-stance")) void chooseStance(combatant, select.value);
    });
  }
}
