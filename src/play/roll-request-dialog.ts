/**
 * The GM's roll-request dialog: which actors (the selected tokens' checked, the players' characters
 * offered), what they roll (the rule set's choices, by group), the difficulty (a number or the rule
 * set's ladder) and whether the results are for the GM only. Posts the request card.
 */
import { pluginOf } from "../rulesets/registry";
import { activeRuleSet } from "../settings";
import { templatePath } from "../sheets/paths";
import type { PlayActor, PlayMessage } from "./documents";
import { warn } from "./notify";
import { promptRoll } from "./dialog";
import { groupedChoices, readRequestForm } from "./request-form";
import { pickedActors, postRequest, sharedChoices } from "./roll-requests";

export const REQUEST_DIALOG_TEMPLATE = templatePath("play/request-dialog.hbs");

/** The world's actors a player owns (the usual ones to ask), for the dialog's list. */
function playersActors(): PlayActor[] {
  const actors = (game as unknown as { actors?: { contents?: PlayActor[] } }).actors?.contents ?? [];
  return actors.filter((a) => (a as { hasPlayerOwner?: boolean }).hasPlayerOwner === true);
}

/** Opens the dialog (a GM only) and posts the request it is given; null when closed or refused. */
export async function openRequestDialog(): Promise<PlayMessage | null> {
  if (!game.user?.isGM) return (warn("ANTHOLOGY.Play.Requests.Errors.gmOnly"), null);
  const requests = pluginOf(activeRuleSet()).rollRequests;
  if (!requests) return (warn("ANTHOLOGY.Play.Requests.Errors.notOffered"), null);
  const picked = pickedActors();
  const chosen = new Set(picked.map((a) => a.uuid));
  const listed = [...picked, ...playersActors().filter((a) => !chosen.has(a.uuid))].filter(
    (a) => requests.choices(a).length > 0,
  );
  if (!listed.length) return (warn("ANTHOLOGY.Play.Requests.Errors.noActors"), null);
  const scale = requests.difficulty();
  const input = await promptRoll({
    title: game.i18n!.localize("ANTHOLOGY.Play.Requests.dialogTitle"),
    template: REQUEST_DIALOG_TEMPLATE,
    okLabel: "ANTHOLOGY.Play.Requests.post",
    view: {
      actors: listed.map((a) => ({ uuid: a.uuid, name: a.name, checked: chosen.size ? chosen.has(a.uuid) : true })),
      // What every selected token's actor offers; with none selected, what any listed actor does.
      groups: groupedChoices(
        picked.length ? [sharedChoices(requests, picked)] : listed.map((a) => requests.choices(a)),
      ),
      difficultyLabel: scale.label,
      ladder: scale.ladder?.map((s) => ({ ...s, selected: s.value === scale.default })) ?? null,
      min: scale.min,
      max: scale.max,
      value: scale.default,
    },
    read: readRequestForm,
  });
  return input ? postRequest(input) : null;
}
