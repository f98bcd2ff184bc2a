import { judge } from "../judge";
import type { ComplicationRule, DieResult, RollOutcome } from "../outcome";
import type { RollPlan } from "../plan";
import { rollAsync } from "../roll";
import { DiceTermBase, type TermData, type TermResult } from "./foundry-base";

interface EvaluateOptions {
  minimize?: boolean;
  maximize?: boolean;
}

/**
 * What Anthology's dice terms share: the rules engine rolls, Foundry supplies the faces (manual
 * entry and other fulfillment methods first, its random generator otherwise), and results keep every
 * face so the card and a reloaded chat message can show explosion chains.
 */
export abstract class AnthologyTerm extends DiceTermBase {
  /** The part of the roll this term stands for, rebuilt from its count and modifiers. */
  abstract get plan(): RollPlan;

  /** Anthology's notation for this term (8k4x), shown in formulas instead of Foundry's transport form. */
  abstract get notation(): string;

  protected complicationRule(): ComplicationRule {
    return "note";
  }

  get expression(): string {
    return this.notation;
  }

  get formula(): string {
    return this.notation;
  }

  async _evaluate(options: EvaluateOptions = {}): Promise<this> {
    const outcome = await rollAsync(this.plan, (sides) => this.nextFace(sides, options), {
      complication: this.complicationRule(),
    });
    this.results = outcome.dice.map(toTermResult);
    return this;
  }

  /** A face for one die: Foundry's fulfillment (manual entry, physical dice) where it answers, else random. */
  protected async nextFace(sides: number, options: EvaluateOptions): Promise<number> {
    if (options.minimize) return 1;
    if (options.maximize) return sides;
    const fulfilled = await this._roll(options);
    return typeof fulfilled === "number" ? fulfilled : this.randomFace();
  }

  /** The dice as the engine describes them, rebuilt from stored results (also after a reload). */
  get dieResults(): DieResult[] {
    return this.results.map((r) => ({
      sides: this.faces,
      faces: r.faces,
      value: r.result,
      kept: r.active,
      ...(r.exploded ? { exploded: true } : {}),
      ...(r.capped ? { capped: true } : {}),
      ...(r.wild ? { wild: true } : {}),
      ...(r.characterPoint ? { characterPoint: true } : {}),
      ...(r.removed ? { removed: true } : {}),
      ...(this.plan.kind === "fudge" ? { fudge: true } : {}),
    }));
  }

  /** The outcome this term's results describe, with the whole roll's total and modifier. */
  outcomeWithin(total: number, formula: string): RollOutcome {
    const dice = this.dieResults;
    const judgement = judge(this.plan, dice);
    return {
      formula,
      plan: this.plan,
      total,
      ...judgement,
      ...(judgement.complication ? { complicationRule: this.complicationRule() } : {}),
      modifier: total - (this.total ?? 0),
      dice,
    };
  }

  getResultLabel(result: TermResult): string {
    return result.faces.join("+");
  }

  getResultCSS(result: TermResult): (string | null)[] {
    return [
      "anthology",
      `d${this.faces}`,
      result.active ? null : "discarded",
      result.exploded ? "exploded" : null,
      result.wild ? "wild" : null,
      result.characterPoint ? "character-point" : null,
      result.faces[0] === this.faces ? "max" : null,
      result.faces[0] === 1 ? "min" : null,
    ];
  }
}

function toTermResult(d: DieResult): TermResult {
  return {
    result: d.value,
    active: d.kept,
    faces: [...d.faces],
    ...(d.kept ? {} : { discarded: true }),
    ...(d.exploded ? { exploded: true } : {}),
    ...(d.capped ? { capped: true } : {}),
    ...(d.wild ? { wild: true } : {}),
    ...(d.characterPoint ? { characterPoint: true } : {}),
    ...(d.removed ? { removed: true } : {}),
  };
}

export type { TermData };
