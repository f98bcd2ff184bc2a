/**
 * A run's card (heroes-of-destiny.txt, Running and Sprinting): the runner's DC 20 Athletics (Con)
 * endurance check and, for a sprint, its DC 10 Athletics (Str) check, with one row, the runner, which
 * the GM applies: the fatigue a failure adds, the run's failures and the penalty the next check takes,
 * a forced stop (three failures, or fatigue about to knock the runner out) that leaves it fatigued.
 * Undo takes it all back.
 */
import { whole, oneOf, flag, type Card } from "../../../../play/card";
import type { ApplyInput, ApplyPlan, CardKind, CardViewContext, FreeChoice, ReplayedRoll } from "../../../../play/kind";
import { checkedRoll, refuseMissing } from "../../../../play/verify";
import { templatePath } from "../../../../sheets/paths";
import { num } from "../../rules/derive";
import {
  ENDURANCE_DC,
  SPRINT_DC,
  RUN_FAILURES,
  runChecks,
  runResult,
  runStateOf,
  sprintResult,
  type RunPace,
} from "../../rules/running";
import { withBonus } from "../../rules/to-hit";
import { TYPED_BOUNDS, withinTyped } from "../../rules/typed";
import { isHodActor, sourceOf, type HodActor } from "../documents";
import { refuseTyped } from "../typed";
import { signed } from "../labels";
import { countNow, refuse } from "./apply-checks";

export const HOD_RUN_TEMPLATE = templatePath("rulesets/hod/run-card.hbs");

/** The run's status a forced stop leaves ("you become fatigued"). */
export const FATIGUED_STATUS = "hod-fatigued";
export const FATIGUED_STATUS_EFFECT = Object.freeze({
  id: FATIGUED_STATUS,
  name: "ANTHOLOGY.HoD.Run.status",
  img: "icons/svg/downgrade.svg",
});

/** The card: the pace asked for, and where each check's roll is (null: not rolled). */
export interface HodRunData {
  readonly pace: RunPace;
  readonly endurance: number | null;
  readonly sprint: number | null;
  /** The penalty the endurance check took, and the Athletics modifier typed (a rank, the situation). */
  readonly penalty: number;
  readonly modifier: number;
  /** The run began with this card (as the runner's record stood when it was rolled). */
  readonly begins: boolean;
  /** The checks' totals as rolled, for the card to show (the GM's apply works them out from the dice). */
  readonly enduranceTotal: number | null;
  readonly sprintTotal: number | null;
}

/** What applying the row did, as the row shows it. */
export interface HodRunSummary {
  readonly gained: number;
  readonly fatigue: number;
  readonly failures: number;
  readonly penalty: number;
  readonly stop: "failures" | "fatigue" | null;
  readonly pace: RunPace | null;
  readonly speed: number | null;
}

const rollIndex = (v: unknown, field: string) => (v === null || v === undefined ? null : whole(v, field, 0, 8));

export const runSchema = {
  data: (raw: Record<string, unknown>): HodRunData => ({
    pace: oneOf(raw.pace, ["run", "sprint"] as const, "pace"),
    endurance: rollIndex(raw.endurance, "endurance"),
    sprint: rollIndex(raw.sprint, "sprint"),
    penalty: whole(raw.penalty ?? 0, "penalty", 0, 1000),
    modifier: whole(raw.modifier ?? 0, "modifier", -1000, 1000),
    begins: flag(raw.begins),
    enduranceTotal:
      raw.enduranceTotal === null || raw.enduranceTotal === undefined
        ? null
        : whole(raw.enduranceTotal, "enduranceTotal"),
    sprintTotal:
      raw.sprintTotal === null || raw.sprintTotal === undefined ? null : whole(raw.sprintTotal, "sprintTotal"),
  }),
  target: () => ({}),
};

/** A roll's request as the run flow writes it (untrusted). */
interface RunRequest {
  readonly run?: unknown;
  readonly part?: unknown;
  readonly pace?: unknown;
  readonly modifier?: unknown;
  readonly actor?: unknown;
}

/** The bonuses a runner's checks add to 3d6: Athletics (Con) less the penalty, Athletics (Str). */
export function runBonuses(actor: HodActor, modifier: number, penalty: number) {
  const source = sourceOf(actor);
  return { endurance: num(source.constitution) + modifier - penalty, sprint: num(source.strength) + modifier };
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

const STOP_KEYS = {
  failures: "ANTHOLOGY.HoD.Run.stopFailures",
  fatigue: "ANTHOLOGY.HoD.Run.stopFatigue",
} as const;

/** The card as the template shows it: each check against its DC, and what applying did. */
export function runCardView(card: Card<HodRunData, Record<string, never>>, context: CardViewContext) {
  const d = card.data;
  const check = (index: number | null, total: number | null, dc: number) =>
    index === null
      ? null
      : {
          rollHtml: context.rollHtml[index] ?? "",
          dc,
          margin: total === null ? "" : signed(total - dc),
          success: total !== null && total >= dc,
        };
  return {
    actorName: card.actor?.name ?? "",
    titleKey: d.pace === "sprint" ? "ANTHOLOGY.HoD.Run.titleSprint" : "ANTHOLOGY.HoD.Run.titleRun",
    begins: d.begins,
    penalty: d.penalty,
    modifier: d.modifier,
    endurance: check(d.endurance, d.enduranceTotal, ENDURANCE_DC),
    sprint: check(d.sprint, d.sprintTotal, SPRINT_DC),
    rows: card.targets.map((t, index) => {
      const s = t.applied?.summary as Partial<HodRunSummary> | undefined;
      return {
        index,
        name: t.name,
        applied: t.applied
          ? {
              gained: num(s?.gained),
              fatigue: num(s?.fatigue),
              failures: num(s?.failures),
              most: RUN_FAILURES,
              penalty: num(s?.penalty),
              stopKey: s?.stop ? STOP_KEYS[s.stop] : null,
              sprinting: s?.pace === "sprint",
              speed: s?.speed ?? null,
            }
          : null,
      };
    }),
  };
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
