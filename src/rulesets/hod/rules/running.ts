/**
 * Running and sprinting's endurance (heroes-of-destiny.txt, Running and Sprinting): the DC 20 Athletics
 * (Con) checks when a run begins and every 30 TC (20 TC once sprinting), each later check taking the
 * penalty of the earlier ones (1 for a running check, 2 for a sprinting one), their fatigue, the three
 * failures that end a run, the fatigue that would knock the runner out, the sprint's DC 10 Athletics
 * (Str) check, and the rest that takes the penalty off. Pure data in, data out.
 */
import { num } from "./derive";
import { sprintingSpeed } from "./movement";

/** The endurance check's DC, and the sprint's. */
export const ENDURANCE_DC = 20;
export const SPRINT_DC = 10;
/** TC between endurance checks while running, and once the run has any sprinting in it. */
export const RUN_INTERVAL = 30;
export const SPRINT_INTERVAL = 20;
/** The failures that end a run. */
export const RUN_FAILURES = 3;

/** A pace faster than the base speed. */
export type RunPace = "run" | "sprint";

export const isRunPace = (value: unknown): value is RunPace => value === "run" || value === "sprint";

/** What a runner keeps between checks (`system.running`). */
export interface RunState {
  /** The penalty the next endurance check takes: +1 for each running check made, +2 for each sprinting one. */
  readonly penalty: number;
  /** Failed endurance checks in the run under way. */
  readonly failures: number;
  /** "" when not running. */
  readonly pace: "" | RunPace;
  /** The sprint check's total while sprinting (0: not sprinting in this run). */
  readonly sprintCheck: number;
  /** The Time Count of the run's last endurance check (−1: none on a Time Count). */
  readonly since: number;
}

/** A stored run state (untrusted): anything unreadable counts as not running, without a penalty. */
export function runStateOf(raw: unknown): RunState {
  const r = (raw ?? {}) as Record<string, unknown>;
  const whole = (v: unknown, min: number) => Math.max(min, Math.trunc(num(v, min)));
  return {
    penalty: whole(r.penalty, 0),
    failures: Math.min(RUN_FAILURES, whole(r.failures, 0)),
    pace: isRunPace(r.pace) ? r.pace : "",
    sprintCheck: whole(r.sprintCheck, 0),
    since: whole(r.since, -1),
  };
}

/** A runner's state when nothing has happened: not running, no penalty. */
export const RESTED: RunState = Object.freeze({ penalty: 0, failures: 0, pace: "", sprintCheck: 0, since: -1 });

/** What a runner must roll now. */
export interface RunChecks {
  /** The run begins with this check (the failures of an earlier run no longer count). */
  readonly begins: boolean;
  /** The DC 20 Athletics (Con) check is due. */
  readonly endurance: boolean;
  /** The DC 10 Athletics (Str) check: due when a sprint begins; a sprinter may roll it again with an endurance check. */
  readonly sprint: "due" | "optional" | "none";
  /** The penalty the endurance check takes (what the earlier checks left). */
  readonly penalty: number;
}

/**
 * The checks a mover at `pace` makes now. `tc`: the Time Count now, or null outside one (then every
 * call is the moment a check is made: a run begins with one, and a continuing run checks each time it
 * is asked). A run begins with the endurance check; a sprint begins with the sprint check, and with the
 * endurance check too unless the mover was already running; then every 30 TC running, or 20 TC once any
 * of the run was sprinting ("count the whole time as sprinting").
 */
export function runChecks(state: RunState, pace: RunPace, tc: number | null): RunChecks {
  const begins = state.pace === "";
  const sprinting = state.sprintCheck > 0;
  const next = nextCheckAt(state, pace);
  const elapsed = tc === null || next === null ? true : tc >= next;
  const sprint = pace !== "sprint" ? "none" : sprinting ? "optional" : "due";
  return { begins, endurance: begins || elapsed, sprint, penalty: state.penalty };
}

/**
 * The Time Count of a run's next endurance check at `pace`: 30 TC after the last one, 20 TC once any of
 * the run is sprinting; null when the run has no check on a Time Count (it checks when next asked).
 */
export function nextCheckAt(state: RunState, pace: RunPace): number | null {
  if (state.pace === "" || state.since < 0) return null;
  return state.since + (state.sprintCheck > 0 || pace === "sprint" ? SPRINT_INTERVAL : RUN_INTERVAL);
}

/** The sprint check: a failure leaves the mover running; a success sprints at the speed its total gives. */
export function sprintResult(total: number, base: number) {
  const success = Math.trunc(num(total)) >= SPRINT_DC;
  return { success, speed: success ? sprintingSpeed(base, total) : null };
}

/** Fatigue a failed endurance check adds: 1 when it failed by 5 or less, 2 when by more. */
export function enduranceFatigue(margin: number): number {
  if (margin >= 0) return 0;
  return margin >= -5 ? 1 : 2;
}

/** What an endurance check (and a sprint check with it) does to the runner. */
export interface RunResult {
  readonly state: RunState;
  readonly fatigue: number;
  /** Fatigue gained (after the stop short of unconsciousness). */
  readonly gained: number;
  /** Why the run had to stop, or null. */
  readonly stop: "failures" | "fatigue" | null;
  /** Forced to stop: the runner becomes fatigued. */
  readonly fatigued: boolean;
  /** The pace the runner goes on at (null: stopped); a failed sprint check runs. */
  readonly pace: RunPace | null;
}

/**
 * The runner after its checks. `endurance`: the endurance check's total (null: none was due); `sprint`:
 * the sprint check's total (null: none rolled; the last success stands). `track`: fatigue and current HP
 * (HP + Invigoration). A failure adds its fatigue and counts toward the run's three; the penalty grows by
 * 1 (running) or 2 (sprinting) per check. Fatigue that would reach current HP (where the check to stay
 * conscious begins) is held 1 below it instead, and the run stops; three failures stop it too. A forced
 * stop leaves the runner fatigued.
 */
export function runResult(
  state: RunState,
  pace: RunPace,
  rolls: { readonly endurance: number | null; readonly sprint: number | null; readonly tc: number | null },
  track: { readonly fatigue: number; readonly currentHp: number },
): RunResult {
  const failures = state.pace === "" ? 0 : state.failures;
  const sprintCheck =
    pace !== "sprint"
      ? state.sprintCheck
      : rolls.sprint === null
        ? state.sprintCheck
        : rolls.sprint >= SPRINT_DC
          ? Math.trunc(rolls.sprint)
          : // A failed sprint check: "considered running" (a sprinter's earlier success stands only when not rerolled).
            0;
  const going: RunPace = pace === "sprint" && sprintCheck >= SPRINT_DC ? "sprint" : "run";
  const fatigue = Math.max(0, Math.trunc(num(track.fatigue)));
  if (rolls.endurance === null) {
    const next: RunState = { ...state, failures, pace: going, sprintCheck };
    return { state: next, fatigue, gained: 0, stop: null, fatigued: false, pace: going };
  }
  const margin = Math.trunc(rolls.endurance) - ENDURANCE_DC;
  const gain = enduranceFatigue(margin);
  const failed = failures + (margin < 0 ? 1 : 0);
  const currentHp = Math.trunc(num(track.currentHp));
  const faint = gain > 0 && fatigue + gain >= currentHp;
  const after = faint ? Math.max(fatigue, currentHp - 1) : fatigue + gain;
  const stop = faint ? "fatigue" : failed >= RUN_FAILURES ? "failures" : null;
  const penalty = state.penalty + (going === "sprint" ? 2 : 1);
  const since = rolls.tc === null ? -1 : Math.trunc(rolls.tc);
  const next: RunState = stop
    ? { penalty, failures: Math.min(RUN_FAILURES, failed), pace: "", sprintCheck: 0, since: -1 }
    : { penalty, failures: failed, pace: going, sprintCheck, since };
  return {
    state: next,
    fatigue: after,
    gained: after - fatigue,
    stop,
    fatigued: stop !== null,
    pace: stop ? null : going,
  };
}

/** Resting: "Your penalty to running decreases by 1 for every minute spent resting." */
export function restFromRunning(state: RunState, minutes: number): RunState {
  const rested = Math.max(0, Math.trunc(num(minutes)));
  return { ...state, penalty: Math.max(0, state.penalty - rested) };
}

/** The run ends (the runner stops, or acts otherwise on the Time Count): the penalty stays. */
export function stopRunning(state: RunState): RunState {
  return { ...state, pace: "", failures: 0, sprintCheck: 0, since: -1 };
}

/** The public names of running and sprinting (`api.rules.hod`). */
export const HOD_RUNNING_API = Object.freeze({
  runEnduranceDc: ENDURANCE_DC,
  sprintDc: SPRINT_DC,
  runFailures: RUN_FAILURES,
  /** The checks a mover at a run or sprint pace makes now (`tc` null outside a Time Count). */
  runChecks,
  /** What the endurance (and sprint) check does to the runner: fatigue, failures, penalty, a forced stop. */
  runResult,
  runStateOf,
  nextRunCheckAt: nextCheckAt,
  enduranceFatigue,
  sprintResult,
  restFromRunning,
  stopRunning,
});
