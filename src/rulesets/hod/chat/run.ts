/**
 * Running and sprinting at the table: the sheet's Run and Sprint (and the tracker's Move at a run or
 * sprint pace) roll the checks the rules say are due, on a card whose one row, the runner, the GM
 * applies (kinds/run.ts); Stop running ends the run, Rest a minute takes 1 off the penalty.
 */
import { SYSTEM_ID } from "../../../constants";
import { newCard } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import { promptRoll } from "../../../play/dialog";
import type { PlayMessage } from "../../../play/documents";
import { info, warn } from "../../../play/notify";
import { percent } from "../../../dice/odds-card";
import { templatePath } from "../../../sheets/paths";
import { attackOdds } from "../rules/odds";
import {
  ENDURANCE_DC,
  SPRINT_DC,
  isRunPace,
  nextCheckAt,
  restFromRunning,
  runChecks,
  runStateOf,
  stopRunning,
  type RunPace,
  type RunState,
} from "../rules/running";
import { clampTyped, TYPED_BOUNDS } from "../rules/typed";
import type { ActChoice } from "../rules/act-choice";
import { mayRoll, outcomeOf, rollDice } from "./dice";
import { isHodActor, type HodActor } from "./documents";
import { formValues } from "../../../play/form-values";
import { CHECK_CHANCE_KEY, int } from "./dialog-form";
import { FATIGUED_STATUS, hodRunKind, runBonuses, runFormulas } from "./kinds/run";
import { scheduleAction, timeCountPlace } from "./schedule";

export const HOD_RUN_DIALOG_TEMPLATE = templatePath("rulesets/hod/run-dialog.hbs");

/** The run dialog's choices: the Athletics modifier (a rank, the situation), and a sprinter's reroll. */
interface RunChoices {
  readonly modifier: number;
  readonly reroll: boolean;
}

const writeState = (actor: HodActor, state: RunState) =>
  actor.update({
    "system.running.penalty": state.penalty,
    "system.running.failures": state.failures,
    "system.running.pace": state.pace,
    "system.running.sprintCheck": state.sprintCheck,
    "system.running.since": state.since,
  });

/** The count the move this run records is (the one after the combatant's previous move), 1 for a new movement. */
function nextMoveCount(place: NonNullable<ReturnType<typeof timeCountPlace>>): number {
  const combatant = (
    place.combat as unknown as {
      combatants: { get(id: string): { getFlag(scope: string, key: string): unknown } | undefined };
    }
  ).combatants.get(place.combatantId);
  const last = combatant?.getFlag(SYSTEM_ID, "moveCount");
  return (typeof last === "number" && Number.isInteger(last) && last > 0 ? last : 0) + 1;
}

/**
 * Run or sprint: the checks the runner's record says are due are rolled, after a dialog for the
 * Athletics modifier, on one card for the GM to apply. From the sheet (`recorded` false) a runner due on
 * the Time Count also has the count's Move recorded at that pace; from the tracker the Move is already
 * recorded (`recorded` true) and nothing is said when no check is due. A fatigued runner cannot begin a run.
 */
export async function rollHodRun(
  actor: object,
  pace: RunPace,
  options: { readonly recorded?: boolean } = {},
): Promise<PlayMessage | null> {
  const runner = actor as HodActor;
  if (!mayRoll(runner)) return null;
  const state = runStateOf(runner.system.running);
  if (state.pace === "" && runner.statuses?.has(FATIGUED_STATUS)) {
    return (warn("ANTHOLOGY.HoD.Run.fatiguedRefused", { name: runner.name }), null);
  }
  const place = timeCountPlace(runner);
  const tc = place && place.info.state !== "notStarted" ? (place.info.tc ?? null) : null;
  const due = runChecks(state, pace, tc);
  const record = async () => {
    if (options.recorded || !place) return;
    const choice: ActChoice = { action: "move", pace, moveCount: nextMoveCount(place) };
    await scheduleAction(place, choice);
  };
  if (!due.endurance && due.sprint !== "due") {
    await record();
    if (!options.recorded)
      info("ANTHOLOGY.HoD.Run.noCheck", { name: runner.name, tc: String(nextCheckAt(state, pace)) });
    return null;
  }
  const choices = await promptRun(runner, pace, due, state);
  if (!choices) return null;
  await record();
  const formulas = runFormulas(runner, choices.modifier, state.penalty);
  const request = { run: true, pace, modifier: choices.modifier, actor: runner.uuid };
  const rolls = [];
  let endurance: number | null = null;
  let sprint: number | null = null;
  if (due.endurance) {
    endurance = rolls.length;
    rolls.push(await rollDice(formulas.endurance, { ...request, part: "endurance" }));
  }
  if (due.sprint === "due" || (due.sprint === "optional" && choices.reroll)) {
    sprint = rolls.length;
    rolls.push(await rollDice(formulas.sprint, { ...request, part: "sprint" }));
  }
  const card = newCard({
    ruleSet: "hod",
    kind: hodRunKind.id,
    actor: refOf(runner),
    data: {
      pace,
      endurance,
      sprint,
      penalty: state.penalty,
      modifier: choices.modifier,
      begins: due.begins,
      enduranceTotal: endurance === null ? null : outcomeOf(rolls[endurance]!).total,
      sprintTotal: sprint === null ? null : outcomeOf(rolls[sprint]!).total,
    },
    targets: [{ ...refOf(runner), data: {} }],
  });
  return postCard({ kind: hodRunKind, card, rolls, speaker: { actor: runner } });
}

/** The run dialog: what is due, the Athletics modifier and, for a sprinter, whether to roll the sprint check again. */
function promptRun(
  runner: HodActor,
  pace: RunPace,
  due: ReturnType<typeof runChecks>,
  state: RunState,
): Promise<RunChoices | null> {
  const read = (form: FormData): RunChoices => {
    const values = formValues(form.entries());
    return {
      modifier: clampTyped("check", int(values.get("modifier"))),
      reroll: values.get("reroll") === "on",
    };
  };
  return promptRoll({
    title: game.i18n!.format(pace === "sprint" ? "ANTHOLOGY.HoD.Run.titleSprint" : "ANTHOLOGY.HoD.Run.titleRun", {
      name: runner.name,
    }),
    template: HOD_RUN_DIALOG_TEMPLATE,
    view: {
      begins: due.begins,
      endurance: due.endurance,
      sprint: due.sprint === "due",
      reroll: due.sprint === "optional" && due.endurance,
      penalty: state.penalty,
      failures: state.failures,
      enduranceDc: ENDURANCE_DC,
      sprintDc: SPRINT_DC,
      modifierBound: TYPED_BOUNDS.check,
      formula: runFormulas(runner, 0, state.penalty)[due.endurance ? "endurance" : "sprint"],
    },
    okLabel: "ANTHOLOGY.HoD.Dialog.roll",
    read,
    line: (choices) => {
      const part = due.endurance ? "endurance" : "sprint";
      const formula = runFormulas(runner, choices.modifier, state.penalty)[part];
      const bonus = runBonuses(runner, choices.modifier, state.penalty)[part];
      const dc = due.endurance ? ENDURANCE_DC : SPRINT_DC;
      const chance = percent(attackOdds(bonus, dc, { die: "3d6" }).hit);
      return { formula, text: game.i18n!.format(CHECK_CHANCE_KEY, { chance }), odds: null };
    },
  });
}

/** Stop running: the run ends (its failures with it); the penalty stays until the runner rests. */
export async function stopHodRun(actor: object): Promise<void> {
  const runner = actor as HodActor;
  if (!mayRoll(runner)) return;
  await writeState(runner, stopRunning(runStateOf(runner.system.running)));
}

/** A minute of rest: the running penalty goes down by 1. */
export async function restHodRun(actor: object): Promise<void> {
  const runner = actor as HodActor;
  if (!mayRoll(runner)) return;
  await writeState(runner, restFromRunning(runStateOf(runner.system.running), 1));
}

/**
 * The tracker's Move at a run or sprint pace, once recorded (on the acting user's client): the checks
 * due now are rolled as from the sheet, without recording the Move again.
 */
export async function afterHodAct(choice: ActChoice, actor: object | null): Promise<void> {
  if (!actor || choice.action !== "move" || !isRunPace(choice.pace)) return;
  await rollHodRun(actor, choice.pace, { recorded: true });
}

interface ActCombat {
  readonly combatants: {
    get(id: string): { readonly actor: unknown; getFlag(s: string, k: string): unknown } | undefined;
  };
}

/**
 * `anthology.timeCountAct` (the GM's client, as it records an act): any act but a Move at a run or
 * sprint pace ends the runner's run ("you must continue to move"); the penalty stays.
 */
export async function onRunAct(combat: ActCombat, step: { id: string }): Promise<void> {
  const combatant = combat.combatants.get(step.id);
  const actor = combatant?.actor as HodActor | null | undefined;
  if (!combatant || !actor || !isHodActor(actor)) return;
  const state = runStateOf(actor.system.running);
  if (state.pace === "" || isRunPace(combatant.getFlag(SYSTEM_ID, "runPace"))) return;
  await writeState(actor, stopRunning(state));
}
