import { fudgePlanOf } from "../foundry-notation";
import { format } from "../parse";
import type { FudgePlan } from "../plan";
import { AnthologyTerm, type TermData } from "./anthology-term";

/** FUDGE dice (`4dF`): each die is a d3 read as minus, blank, plus. */
export class FudgeDice extends AnthologyTerm {
  static DENOMINATION = "g";

  constructor(data: TermData) {
    super({ ...data, faces: 3 }, "fudge");
  }

  get plan(): FudgePlan {
    return fudgePlanOf(this.number);
  }

  get notation(): string {
    return format(this.plan);
  }

  override getResultLabel(result: { result: number }): string {
    return result.result > 0 ? "+" : result.result < 0 ? "\u2212" : "\u00a0";
  }
}
