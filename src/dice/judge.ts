import type { DieResult } from "./outcome";
import type { RollPlan } from "./plan";

/** What the rules read from a set of rolled dice, whether just rolled or rebuilt from a chat message. */
export interface Judgement {
  /** Keep dice: every kept die's first face is a 10. */
  readonly critical: boolean;
  /** Keep dice with no kept dice: automatic failure. */
  readonly impossible: boolean;
  /** OpenD6: the Wild Die's first face is a 1. */
  readonly complication: boolean;
}

export function judge(plan: RollPlan, dice: readonly DieResult[]): Judgement {
  const impossible = plan.kind === "keep" && plan.kept <= 0;
  let critical = plan.kind === "keep" && !impossible;
  let kept = 0;
  let complication = false;
  for (const d of dice) {
    if (d.wild && d.faces[0] === 1) complication = true;
    if (!d.kept || !critical) continue;
    kept += 1;
    if (d.faces[0] !== 10) critical = false;
  }
  return { critical: critical && kept > 0, impossible, complication };
}
