/**
 * Healing from the sheet: a medicine roll on the targeted patients (or the healer itself, with no
 * target), or a natural healing roll (Physique, with the day's rest) on the roller. The dialog shows
 * the chance against the first patient's healing difficulty; the card's rows go to the GM to apply.
 */
import type { ComplicationRule } from "../../../dice";
import { oddsHint } from "../../../dice";
import { AnthologyRoll } from "../../../dice/anthology-roll";
import { newCard, type CardRef } from "../../../play/card";
import { postCard, refOf, replayRolls } from "../../../play/cards";
import { promptRoll } from "../../../play/dialog";
import { resolve, type PlayMessage, type PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { requestOptions } from "../../../play/request";
import { targetRef } from "../../../play/targets";
import { complicationSetting } from "../../../settings";
import { templatePath } from "../../../sheets/paths";
import {
  HEALING_METHODS,
  MAX_BONUS_DICE,
  RESTS,
  heal,
  healingDifficulty,
  recoveryCode,
  toPips,
  type HealingMethod,
  type Rest,
} from "../rules";
import {
  HEAL_METHOD_KEYS,
  REST_KEYS,
  healFormula,
  opend6HealKind,
  patientOf,
  type HealChoices,
  type OpenD6HealRow,
} from "./heal-card";
import type { OpenD6ActorDoc } from "./codes";
import { mayAct, opend6Targets } from "./flow";
import { isOpenD6Actor } from "./target";
import { tablesSetting } from "../settings";

export const OPEND6_HEAL_DIALOG_TEMPLATE = templatePath("rulesets/opend6/heal-dialog.hbs");

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** The dialog's form read into choices, every value bounded. */
export function healChoicesFromForm(entries: Iterable<[string, unknown]>): HealChoices {
  const values = new Map<string, unknown>(entries);
  const bonus = Number(values.get("bonusDice"));
  return {
    method: pick(values.get("method"), HEALING_METHODS, "medicine"),
    rest: pick(values.get("rest"), RESTS, "light"),
    bonusDice: Number.isFinite(bonus) ? Math.max(0, Math.min(MAX_BONUS_DICE, Math.trunc(bonus))) : 0,
  };
}

/** Who a healing roll heals: natural healing the roller; medicine the targets, or the healer itself. */
function patientsFor(actor: OpenD6ActorDoc, method: HealingMethod): CardRef[] {
  if (method === "natural") return [refOf(actor)];
  const targets = opend6Targets();
  return targets.length ? targets.map(targetRef) : [refOf(actor)];
}

function line(actor: OpenD6ActorDoc, choices: HealChoices, rule: ComplicationRule) {
  const { formula } = healFormula(actor, choices);
  const first = patientsFor(actor, choices.method)[0];
  const patient = first ? (first.uuid === actor.uuid ? actor : opend6Targets()[0]?.actor) : undefined;
  const state = patient ? patientOf(patient) : null;
  // Natural healing with Body Points reads the chart, not a difficulty.
  const vs =
    state && !(choices.method === "natural" && state.mode === "bodyPoints")
      ? healingDifficulty(state, tablesSetting().healing)
      : null;
  const hint = oddsHint(formula, vs ?? undefined, rule);
  return {
    formula,
    text: hint ? game.i18n!.format(hint.key, { ...hint.data }) : "",
    odds: { formula, vs },
  };
}

/** What the dialog starts at: medicine on the targeted patients, or natural healing after a day's full rest. */
const initialHeal = (): HealChoices => ({
  method: opend6Targets().length ? "medicine" : "natural",
  rest: "full",
  bonusDice: 0,
});

/** The Heal button's odds: the dialog's first line (its formula, against the first patient's difficulty). */
export function healOdds(actor: OpenD6ActorDoc): { formula: string; vs: number | null } {
  return line(actor, initialHeal(), complicationSetting() as ComplicationRule).odds;
}

/** The healing dialog from the sheet, then the card. */
export async function rollHealing(actor: OpenD6ActorDoc): Promise<PlayMessage | null> {
  if (!actor.isOwner) return (warn("ANTHOLOGY.OpenD6.Errors.notYours", { name: actor.name }), null);
  const rule = complicationSetting() as ComplicationRule;
  const initial = initialHeal();
  const first = line(actor, initial, rule);
  const choices = await promptRoll({
    title: game.i18n!.format("ANTHOLOGY.OpenD6.Heal.title", { name: actor.name }),
    template: OPEND6_HEAL_DIALOG_TEMPLATE,
    view: {
      methods: HEALING_METHODS.map((id) => ({ id, labelKey: HEAL_METHOD_KEYS[id], selected: id === initial.method })),
      rests: RESTS.map((id: Rest) => ({ id, labelKey: REST_KEYS[id], selected: id === initial.rest })),
      patients: opend6Targets()
        .map((t) => t.name)
        .join(", "),
      bonusDice: 0,
      maxBonus: MAX_BONUS_DICE,
      formula: first.formula,
      text: first.text,
    },
    okLabel: "ANTHOLOGY.OpenD6.Dialog.roll",
    read: (form) => healChoicesFromForm(form.entries()),
    line: (c) => line(actor, c, rule),
  });
  if (!choices) return null;
  return postHealing(actor, choices, patientsFor(actor, choices.method));
}

async function rollDice(formula: string, request: Record<string, unknown>): Promise<PlayRoll> {
  const roll = new AnthologyRoll(formula, {}, requestOptions(request)) as unknown as PlayRoll & {
    evaluate(): Promise<unknown>;
  };
  await roll.evaluate();
  return roll;
}

/** Rolls a healing roll whose choices are made and posts its card: a row per patient. */
export async function postHealing(
  actor: OpenD6ActorDoc,
  choices: HealChoices,
  patients: readonly CardRef[],
): Promise<PlayMessage | null> {
  if (!actor.isOwner) return (warn("ANTHOLOGY.OpenD6.Errors.notYours", { name: actor.name }), null);
  // Treating a patient is an action; healing naturally is resting, which a downed character still does.
  if (choices.method === "medicine" && !mayAct(actor)) return null;
  const { code, formula } = healFormula(actor, choices);
  const uuids = (choices.method === "natural" ? [refOf(actor)] : patients).map((p) => p.uuid);
  const rolled = await rollDice(formula, { heal: { ...choices, patients: uuids } });
  const outcome = replayRolls({ rolls: [rolled] })[0]!.outcome;
  const rolls: PlayRoll[] = [rolled];
  const rows: Array<CardRef & { data: OpenD6HealRow }> = [];
  const table = tablesSetting().healing;
  for (const ref of choices.method === "natural" ? [refOf(actor)] : patients) {
    const patient = ref.uuid === actor.uuid ? actor : resolve<OpenD6ActorDoc>(ref.uuid);
    if (!patient || !isOpenD6Actor(patient as never)) continue;
    const state = patientOf(patient);
    const difficulty = healingDifficulty(state, table);
    // With Body Points a roll that heals rolls what it brings back at once (the GM reads it again).
    const due = state.mode === "bodyPoints" && difficulty !== null ? recoveryCode(choices.method, outcome.total) : "0D";
    const reaches = choices.method === "natural" || (difficulty !== null && outcome.total >= difficulty);
    let recoveryRoll: number | null = null;
    let recovered = 0;
    if (reaches && toPips(due) > 0) {
      const roll = await rollDice(due, { target: ref.uuid, recovery: due });
      recoveryRoll = rolls.push(roll) - 1;
      recovered = replayRolls({ rolls: [roll] })[0]!.outcome.total;
    }
    const result = heal({ method: choices.method, patient: state, total: outcome.total, recovered, table });
    rows.push({
      uuid: ref.uuid,
      name: ref.name,
      data: {
        difficulty: result.difficulty,
        success: result.success,
        recoveryRoll,
        recovered: recoveryRoll === null ? null : recovered,
        woundsBefore: state.wounds,
        woundsAfter: result.woundsAfter,
        bodyPointsBefore: state.bodyPoints.value,
        bodyPointsAfter: result.bodyPointsAfter,
      },
    });
  }
  const card = newCard({
    ruleSet: "opend6",
    kind: opend6HealKind.id,
    actor: refOf(actor),
    data: { choices, code, formula: outcome.formula, total: outcome.total, complication: outcome.complication },
    targets: rows,
  });
  return postCard({ kind: opend6HealKind, card, rolls, speaker: { actor } });
}

export { healFormula };
