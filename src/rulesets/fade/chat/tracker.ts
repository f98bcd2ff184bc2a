import type { RoundsTrackerParts } from "../../../combat/rounds-tracker";
import { FADE_PREPARABLE } from "../rules";
import { escapeHtml } from "../../../play/escape";
import { FADE_SKILL_ACTION_KEYS } from "../data/labels";
import { askTurn, budgetOf, inTurn, postNote, turnIcons, type TurnCombat, type TurnCombatant } from "./turn";

type Owned = TurnCombatant & { readonly isOwner?: boolean };

const mine = (c: unknown) => Boolean(game.user?.isGM || (c as Owned).isOwner);
const actionName = (p: { action: string; trigger: string }) => ({
  trigger: p.trigger,
  action: game.i18n!.localize(FADE_SKILL_ACTION_KEYS[p.action] ?? ""),
});
const budget = (c: unknown, combat: unknown) => budgetOf(combat as TurnCombat, c as TurnCombatant);

/** The prepared action's type and trigger, asked in a small dialog. */
async function askPrepared(): Promise<{ action: string; trigger: string } | null> {
  const t = (key: string) => escapeHtml(game.i18n!.localize(key));
  const options = FADE_PREPARABLE.map((a) => `<option value="${a}">${t(FADE_SKILL_ACTION_KEYS[a]!)}</option>`).join("");
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as { prompt(config: object): Promise<unknown> };
  const form = await DialogV2.prompt({
    window: { title: "ANTHOLOGY.Fade.Turn.prepare" },
    content: `<label>${t("ANTHOLOGY.Fade.Turn.preparedAction")} <select name="action">${options}</select></label>
<label>${t("ANTHOLOGY.Fade.Turn.trigger")} <input type="text" name="trigger" maxlength="200" required /></label>`,
    rejectClose: false,
    ok: { callback: (_e: Event, button: { form: HTMLFormElement }) => new FormData(button.form) },
  });
  if (!(form instanceof FormData)) return null;
  return { action: String(form.get("action") ?? ""), trigger: String(form.get("trigger") ?? "") };
}

/**
 * The Fade's part of the rounds tracker: each row shows what its combatant has left this round (and a
 * held or prepared action); the combatant menu prepares an action, takes it, holds, and acts now.
 */
export const fadeRounds: RoundsTrackerParts = {
  decorate(row, combatant, combat) {
    const state = budget(combatant, combat);
    const box = document.createElement("span");
    box.className = "anthology-fade-turn";
    const icon = (cls: string, title: string) => {
      const i = document.createElement("i");
      i.className = `fa-solid ${cls}`;
      i.title = title;
      box.append(i);
    };
    for (const i of turnIcons(state)) icon(`${i.icon}${i.left ? "" : " spent"}`, game.i18n!.localize(i.key));
    if (state.held) icon("fa-hourglass-half held", game.i18n!.localize("ANTHOLOGY.Fade.Turn.held"));
    if (state.prepared)
      icon(
        "fa-hand prepared",
        game.i18n!.format("ANTHOLOGY.Fade.Turn.preparedTitle", { trigger: state.prepared.trigger }),
      );
    (row.querySelector(".token-name, .name") ?? row).append(box);
  },
  entries: [
    {
      label: "ANTHOLOGY.Fade.Turn.prepare",
      icon: '<i class="fa-solid fa-hand"></i>',
      visible: (c, combat) => mine(c) && !budget(c, combat).prepared,
      async onClick(c, combat) {
        const prepared = await askPrepared();
        if (prepared && (await askTurn(combat as TurnCombat, c as TurnCombatant, { op: "prepare", ...prepared })))
          await postNote((c as Owned).actor as never, "ANTHOLOGY.Fade.Turn.preparedNote", actionName(prepared));
      },
    },
    {
      label: "ANTHOLOGY.Fade.Turn.takePrepared",
      icon: '<i class="fa-solid fa-hand-sparkles"></i>',
      visible: (c, combat) => mine(c) && Boolean(budget(c, combat).prepared),
      async onClick(c, combat) {
        const prepared = budget(c, combat).prepared!;
        if (await askTurn(combat as TurnCombat, c as TurnCombatant, { op: "takePrepared" }))
          await postNote((c as Owned).actor as never, "ANTHOLOGY.Fade.Turn.takenNote", actionName(prepared));
      },
    },
    {
      label: "ANTHOLOGY.Fade.Turn.hold",
      icon: '<i class="fa-solid fa-hourglass-half"></i>',
      visible: (c, combat) => mine(c) && inTurn(combat as TurnCombat, c as TurnCombatant),
      onClick: (c, combat) => askTurn(combat as TurnCombat, c as TurnCombatant, { op: "hold" }),
    },
    {
      label: "ANTHOLOGY.Fade.Turn.actNow",
      icon: '<i class="fa-solid fa-forward"></i>',
      visible: (c, combat) => mine(c) && budget(c, combat).held,
      onClick: (c, combat) => askTurn(combat as TurnCombat, c as TurnCombatant, { op: "actNow" }),
    },
  ],
};
