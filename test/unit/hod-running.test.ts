import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import {
  RESTED,
  enduranceFatigue,
  nextCheckAt,
  restFromRunning,
  runChecks,
  runResult,
  runStateOf,
  sprintResult,
  stopRunning,
  type RunState,
} from "../../src/rulesets/hod/rules/running";

// heroes-of-destiny.txt, Running and Sprinting: the endurance checks, their fatigue, three failures,
// the sprint's check, recovery.

const track = { fatigue: 0, currentHp: 20 };
const running = (over: Partial<RunState> = {}): RunState => ({ ...RESTED, pace: "run", since: 10, ...over });

describe("Heroes of Destiny running and sprinting (rules)", () => {
  it('"When you begin running, and every 30 TC spent running thereafter, make a DC 20 Athletics (Con) check"', () => {
    expect(runChecks(RESTED, "run", 5)).toMatchObject({ begins: true, endurance: true, sprint: "none" });
    // Checked at TC 10: the next at TC 40.
    expect(nextCheckAt(running(), "run")).toBe(40);
    expect(runChecks(running(), "run", 39)).toMatchObject({ begins: false, endurance: false });
    expect(runChecks(running(), "run", 40)).toMatchObject({ begins: false, endurance: true });
    // Outside a Time Count every call is the moment of a check.
    expect(runChecks(running(), "run", null).endurance).toBe(true);
  });

  it('"If you fail by 5 or less, you gain 1 fatigue point. If you fail by more than 5, you gain 2 fatigue points."', () => {
    expect([20, 19, 15, 14, 3].map((total) => enduranceFatigue(total - 20))).toEqual([0, 1, 1, 2, 2]);
    const failed = runResult(RESTED, "run", { endurance: 15, sprint: null, tc: 4 }, track);
    expect(failed).toMatchObject({ fatigue: 1, gained: 1, stop: null, pace: "run" });
    expect(failed.state).toEqual({ penalty: 1, failures: 1, pace: "run", sprintCheck: 0, since: 4 });
  });

  it('"with a -1 penalty for each previous check" and "-2 penalty for each previous check. These penalties are cumulative"', () => {
    const first = runResult(RESTED, "run", { endurance: 22, sprint: null, tc: 0 }, track).state;
    expect(first.penalty).toBe(1);
    const sprinting = runResult(first, "sprint", { endurance: 22, sprint: 12, tc: 30 }, track).state;
    expect(sprinting).toMatchObject({ penalty: 3, pace: "sprint", sprintCheck: 12 });
    expect(runChecks(sprinting, "sprint", 40).penalty).toBe(3);
  });

  it('"Once you fail three checks during a single run (whether consecutive or not), you must stop running." and "you become fatigued"', () => {
    const third = runResult(running({ failures: 2 }), "run", { endurance: 19, sprint: null, tc: 40 }, track);
    expect(third).toMatchObject({ stop: "failures", fatigued: true, pace: null, fatigue: 1 });
    expect(third.state).toMatchObject({ pace: "", failures: 3 });
    // A new run counts its own failures.
    expect(runResult(third.state, "run", { endurance: 10, sprint: null, tc: 90 }, track).state.failures).toBe(1);
  });

  it('"If running would cause you to fall unconscious from fatigue, then you instead must stop running, with your fatigue 1 point lower than your current hit points."', () => {
    const faint = runResult(running(), "run", { endurance: 5, sprint: null, tc: 40 }, { fatigue: 8, currentHp: 9 });
    expect(faint).toMatchObject({ fatigue: 8, gained: 0, stop: "fatigue", fatigued: true, pace: null });
    const held = runResult(running(), "run", { endurance: 5, sprint: null, tc: 40 }, { fatigue: 8, currentHp: 10 });
    expect(held).toMatchObject({ fatigue: 9, gained: 1, stop: "fatigue" });
    // Below current HP after the fatigue: the run goes on.
    const on = runResult(running(), "run", { endurance: 5, sprint: null, tc: 40 }, { fatigue: 7, currentHp: 10 });
    expect(on).toMatchObject({ fatigue: 9, gained: 2, stop: null });
  });

  it('"When you begin sprinting, roll a DC 10 Athletics (Str) check. If you fail, then you are unable to begin sprinting, and instead are considered running."', () => {
    expect(runChecks(running(), "sprint", 12)).toMatchObject({ endurance: false, sprint: "due" });
    // "If you are not already running when you begin sprinting, then you must make the check when you begin sprinting as well."
    expect(runChecks(RESTED, "sprint", 12)).toMatchObject({ endurance: true, sprint: "due" });
    const failed = runResult(running(), "sprint", { endurance: null, sprint: 9, tc: 12 }, track);
    expect(failed).toMatchObject({ pace: "run", fatigue: 0 });
    expect(failed.state).toMatchObject({ pace: "run", sprintCheck: 0, penalty: 0 });
    expect(sprintResult(9, 20)).toEqual({ success: false, speed: null });
    // 20 ft base: a sprint check of 15 runs as if the base were 30 ft (45 ft).
    expect(sprintResult(15, 20)).toEqual({ success: true, speed: 45 });
  });

  it('"After every 20 TC spent sprinting ... If you spend some of the time running, and some sprinting, count the whole time as sprinting"', () => {
    const sprinting = running({ pace: "sprint", sprintCheck: 12, since: 10 });
    expect(runChecks(sprinting, "sprint", 30)).toMatchObject({ endurance: true, sprint: "optional" });
    expect(runChecks(sprinting, "run", 29).endurance).toBe(false);
    expect(runChecks(sprinting, "run", 30).endurance).toBe(true);
  });

  it('"Your penalty to running decreases by 1 for every minute spent resting."', () => {
    expect(restFromRunning(running({ penalty: 3 }), 1).penalty).toBe(2);
    expect(restFromRunning(running({ penalty: 1 }), 5).penalty).toBe(0);
    // Stopping keeps the penalty, ends the run.
    expect(stopRunning(running({ penalty: 4, failures: 2 }))).toEqual({ ...RESTED, penalty: 4 });
    // Stored values are untrusted.
    expect(runStateOf({ penalty: "x", failures: 9, pace: "fly" })).toEqual({ ...RESTED, failures: 3 });
  });

  it("is public as api.rules.hod", () => {
    const hod = api.rules.hod as unknown as Record<string, unknown>;
    expect(hod.runChecks).toBe(runChecks);
    expect(hod.runResult).toBe(runResult);
    expect([hod.runEnduranceDc, hod.sprintDc, hod.runFailures]).toEqual([20, 10, 3]);
    for (const name of [
      "runStateOf",
      "nextRunCheckAt",
      "enduranceFatigue",
      "sprintResult",
      "restFromRunning",
      "stopRunning",
    ]) {
      expect(typeof hod[name]).toBe("function");
    }
  });
});
