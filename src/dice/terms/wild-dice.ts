import { codePlanOf } from "../foundry-notation";
import type { ComplicationRule } from "../outcome";
import { format } from "../parse";
import type { CodePlan } from "../plan";
import { AnthologyTerm, type TermData } from "./anthology-term";

/** An OpenD6 die code (`3D`): one die is the Wild Die; Character Point dice ride along (`cp1`). */
export class WildDice extends AnthologyTerm {
  static DENOMINATION = "w";

  constructor(data: TermData) {
    super({ ...data, faces: 6 }, "code");
  }

  /** Fulfillment sees d6s (see KeepDice). */
  get denomination(): string {
    return "d6";
  }

  get plan(): CodePlan {
    return codePlanOf(this.number, this.modifiers);
  }

  get notation(): string {
    return format(this.plan);
  }

  protected override complicationRule(): ComplicationRule {
    const rule = this.options.complication;
    return rule === "remove" || rule === "gm" ? rule : "note";
  }
}
