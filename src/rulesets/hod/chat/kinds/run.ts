/**
 * A run's card (heroes-of-destiny.txt, Running and Sprinting): the runner's DC 20 Athletics (Con)
 * endurance check and, for a sprint, its DC 10 Athletics (Str) check, with one row, the runner, which
 * the GM applies: the fatigue a failure adds, the run's failures and the penalty the next check takes,
 * a forced stop (three failures, or fatigue about to knock the runner out) that leaves it fatigued.
 * Undo takes it all back.
 */
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice, ReplayedRoll } from "../../../../play/kind";
import { checkedRoll, refuseMissing } from "../../../../play/verify";
import { templatePath } from "../../../../sheets/paths";
import { num, runCheckBonuses } from "../../rules/derive";
import { runChecks, runResult, runStateOf, sprintResult } from "../../rules/running";
import { withBonus } from "../../rules/to-hit";
import { TYPED_BOUNDS, withinTyped } from "../../rules/typed";
import { isHodActor, sourceOf, type HodActor } from "../documents";
import { refuseTyped } from "../typed";
import { runCardView, runSchema, type HodRunData, type HodRunSummary } from "../run-view";

export { runCardView, runSchema, type HodRunData, type HodRunSummary };
import { countNow, refuse } from "./apply-checks";

export const HOD_RUN_TEMPLATE = templatePath("rulesets/hod/run-card.hbs");

/** The run's status a forced stop leaves ("you become fatigued"). */
export const FATIGUED_STATUS = "hod-fatigued";
export const FATIGUED_STATUS_EFFECT = Object.freeze({
  id: FATIGUED_STATUS,
  name: "ANTHOLOGY.HoD.Run.status",
  img: "icons/svg/downgrade.svg",
});

/** A roll's request as the run flow writes it (untrusted). */
interface RunRequest {
  readonly run?: unknown;
  readonly part?: unknown;
  readonly pace?: unknown;
  readonly modifier?: unknown;
  readonly actor?: unknown;
}

/** The bonuses a runner's checks add to 3d6: Athletics (Con) less the penalty, Athletics (Str), with effects'. */
export function runBonuses(actor: HodActor, modifier: number, penalty: number) {
  const bonus = runCheckBonuses(sourceOf(actor), penalty);
  return { endurance: bonus.endurance + modifier, sprint: bonus.sprint + modifier };
}

/** The formulas a runner's checks roll. */
export function runFormulas(actor: HodActor, modifier: number, penalty: number) {
  const bonus = runBonuses(actor, modifier, penalty);
  return { endurance: withBonus("3d6", bonus.endurance), sprint: withBonus("3d6", bonus.sprint) };
}

/** The card's roll of `part`, checked: rolled for this runner's run, with the formula the sheet gives now. */
function partRoll(
  input: ApplyInput<HodRunData, Record<string, never>>,
  index: number | null,
  part: "endurance" | "sprint",
  formula: string,
): ReplayedRoll | null {
  if (index === null) return null;
  const roll = input.rolls[index];
  if (!roll) refuseMissing("check");
  const request = roll.request as RunRequest | undefined;
  const row = input.card.targets[input.index]!;
  if (request?.run !== true || request.part !== part || request.actor !== row.uuid) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  }
  return checkedRoll(roll, "check", formula);
}

/**
 * The GM's apply: the runner as it stands (its record of the run, fatigue, HP and Invigoration), the
 * checks worked out again from their dice, each formula what the sheet gives now with the roll's own
 * modifier (within the check's bounds) and the penalty the runner's record holds now. A fatigued runner
 * cannot begin a run. The checks due are the rules' (`runChecks`) at the Time Count now: an endurance
 * roll where none is due counts for nothing, a missing one that is due is refused.
 */
function applyRun(input: ApplyInput<HodRunData, Record<string, never>>): ApplyPlan {
  const row = input.card.targets[input.index]!;
  const runner = input.target as unknown as HodActor;
  if (!isHodActor(runner)) refuse("ANTHOLOGY.HoD.Errors.notHod", { name: row.name });
  if (input.card.actor?.uuid !== row.uuid) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  const first = input.rolls[input.card.data.endurance ?? input.card.data.sprint ?? -1];
  const request = first?.request as RunRequest | undefined;
  const modifier = Math.trunc(num(request?.modifier, Number.NaN));
  if (!Number.isFinite(modifier)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  if (!withinTyped("check", modifier)) {
    const { min, max } = TYPED_BOUNDS.check;
    refuseTyped("check", String(modifier), `${min} … +${max}`);
  }
  const pace = input.card.data.pace;
  if (request?.pace !== pace) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  const state = runStateOf(runner.system.running);
  const tc = countNow();
  const due = runChecks(state, pace, tc);
  if (due.begins && runner.statuses?.has(FATIGUED_STATUS))
    refuse("ANTHOLOGY.HoD.Run.fatiguedRefused", { name: row.name });
  const formulas = runFormulas(runner, modifier, state.penalty);
  const endurance = due.endurance ? partRoll(input, input.card.data.endurance, "endurance", formulas.endurance) : null;
  if (due.endurance && !endurance) refuseMissing("ANTHOLOGY.HoD.Run.enduranceRoll");
  const sprint = due.sprint !== "none" ? partRoll(input, input.card.data.sprint, "sprint", formulas.sprint) : null;
  if (due.sprint === "due" && !sprint) refuseMissing("ANTHOLOGY.HoD.Run.sprintRoll");
  const s = runner.system;
  const result = runResult(
    state,
    pace,
    { endurance: endurance?.outcome.total ?? null, sprint: sprint?.outcome.total ?? null, tc },
    { fatigue: num(s.fatigue), currentHp: num(s.hp?.value) + num(s.invigoration) },
  );
  const speed = result.pace === "sprint" ? sprintResult(result.state.sprintCheck, num(s.speed, 20)).speed : null;
  const summary: HodRunSummary = {
    gained: result.gained,
    fatigue: result.fatigue,
    failures: result.state.failures,
    penalty: result.state.penalty,
    stop: result.stop,
    pace: result.pace,
    speed,
  };
  return {
    updates: {
      "system.fatigue": result.fatigue,
      "system.running.penalty": result.state.penalty,
      "system.running.failures": result.state.failures,
      "system.running.pace": result.state.pace,
      "system.running.sprintCheck": result.state.sprintCheck,
      "system.running.since": result.state.since,
    },
    ...(result.fatigued ? { statuses: [{ id: FATIGUED_STATUS }] } : {}),
    summary: { ...summary },
  };
}

/** A typed Athletics modifier (a rank, the situation) is the runner's claim: someone else's apply waits for the GM. */
function runTyped(input: ApplyInput<HodRunData, Record<string, never>>): FreeChoice | null {
  const modifier = input.card.data.modifier;
  return modifier
    ? { key: "ANTHOLOGY.HoD.Run.typed", data: { value: modifier > 0 ? `+${modifier}` : modifier } }
    : null;
}

export const hodRunKind: CardKind<HodRunData, Record<string, never>> = {
  id: "run",
  template: HOD_RUN_TEMPLATE,
  schema: runSchema as never,
  view: runCardView,
  applyBy: ["actorOwner"],
  resolveApply: applyRun,
  restsOnChoice: runTyped,
};
