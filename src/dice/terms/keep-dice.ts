import { keepPlanOf } from "../foundry-notation";
import { format } from "../parse";
import type { KeepPlan } from "../plan";
import { AnthologyTerm, type TermData } from "./anthology-term";

/** Roll-and-keep d10s (`8k4x9`): explode before keeping, Negative Dice, criticals on natural 10s. */
export class KeepDice extends AnthologyTerm {
  static DENOMINATION = "k";

  constructor(data: TermData) {
    super({ ...data, faces: 10 }, "keep");
  }

  /**
   * Foundry keys dice fulfillment (manual entry, physical dice) by denomination; these are d10s, so
   * they answer as d10 and the user's d10 method applies.
   */
  get denomination(): string {
    return "d10";
  }

  get plan(): KeepPlan {
    return keepPlanOf(this.number, this.modifiers);
  }

  get notation(): string {
    return format(this.plan);
  }
}
