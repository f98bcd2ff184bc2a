import { RUN_FAILURES, runStateOf } from "../rules/running";

const STATE_KEYS = {
  "": "ANTHOLOGY.HoD.Run.stateNone",
  run: "ANTHOLOGY.HoD.Run.stateRun",
  sprint: "ANTHOLOGY.HoD.Run.stateSprint",
} as const;

/** The sheet's running block: the run under way (its failed checks) and the penalty the next check takes. */
export function runningView(raw: unknown) {
  const state = runStateOf(raw);
  return {
    stateKey: STATE_KEYS[state.pace],
    running: state.pace !== "",
    failures: state.failures,
    most: RUN_FAILURES,
    penalty: state.penalty,
  };
}
