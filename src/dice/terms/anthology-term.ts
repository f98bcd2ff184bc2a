import { judge } from "../judge";
import type { ComplicationRule, DieResult, RollOutcome } from "../outcome";
import type { RollPlan } from "../plan";
import { roll, rollAsync, type DieRequest } from "../roll";
import { storedTermProblem, type StoredRollProblem, type StoredTermKind } from "../stored-roll";
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
  readonly #kind: StoredTermKind;

  /**
   * Data that is not what the dice engine could have made (too many dice or results, faces off the
   * die, a forged chat message) builds an empty term instead, which remembers why: it rolls nothing
   * and its roll shows an error card.
   */
  readonly #refused: StoredRollProblem | null;

  constructor(data: TermData, kind: StoredTermKind) {
    const refused = storedTermProblem(kind, data as Record<string, unknown>);
    super(refused ? { ...data, number: 0, modifiers: [], results: [] } : data);
    this.#kind = kind;
    this.#refused = refused;
  }

  /**
   * Why this term cannot be rolled or shown, or null: what its data held when it was built, or what
   * it holds now (Foundry and modules may write results afterwards). Cheap: at most a hundred dice.
   */
  get problem(): StoredRollProblem | null {
    return (
      this.#refused ??
      storedTermProblem(this.#kind, { number: this.number, modifiers: this.modifiers, results: this.results })
    );
  }

  /**
   * Why this term cannot be rolled: its count or modifiers. Not its results, which before a roll may
   * hold the values a user typed in for the pool's own dice (a FUDGE die's as 1 to 3).
   */
  #rollProblem(): StoredRollProblem | null {
    return this.#refused ?? storedTermProblem(this.#kind, { number: this.number, modifiers: this.modifiers });
  }

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

  /**
   * Rolls through Foundry's dice fulfillment. The resolver may already have written the values the user
   * entered for this term's own dice into `results`; those are taken first, in order, and only extra
   * throws (explosions, Character Point dice) are asked for afterwards.
   */
  async _evaluateAsync(options: EvaluateOptions = {}): Promise<this> {
    if (this.#rollProblem()) return this.#rollNothing();
    const entered = this.results.map((r) => r.result);
    let next = 0;
    const outcome = await rollAsync(
      this.plan,
      async (request: DieRequest) => {
        if (options.minimize) return 1;
        if (options.maximize) return request.sides;
        if (!request.extra && next < entered.length) return entered[next++]!;
        const fulfilled = await this._roll({ ...options, ...(request.extra ? { explode: true } : {}) });
        return typeof fulfilled === "number" ? fulfilled : this.randomFace();
      },
      { complication: this.complicationRule() },
    );
    this.results = outcome.dice.map(toTermResult);
    return this;
  }

  /** The synchronous path (Roll#evaluateSync): Foundry's random generator, or the minimum or maximum. */
  _evaluateSync(options: EvaluateOptions = {}): this {
    if (this.#rollProblem()) return this.#rollNothing();
    const outcome = roll(this.plan, {
      die: (sides) => (options.minimize ? 1 : options.maximize ? sides : this.randomFace()),
      complication: this.complicationRule(),
    });
    this.results = outcome.dice.map(toTermResult);
    return this;
  }

  /** A refused term rolls no dice: its roll shows the error card instead. */
  #rollNothing(): this {
    this.results = [];
    return this;
  }

  /** The dice as the engine describes them, rebuilt from stored results (also after a reload). */
  get dieResults(): DieResult[] {
    return this.results.map((r) => ({
      sides: this.faces,
      faces: r.faces ?? [r.result],
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
    return (result.faces ?? [result.result]).join("+");
  }

  getResultCSS(result: TermResult): (string | null)[] {
    return [
      "anthology",
      `d${this.faces}`,
      result.active ? null : "discarded",
      result.exploded ? "exploded" : null,
      result.wild ? "wild" : null,
      result.characterPoint ? "character-point" : null,
      (result.faces?.[0] ?? result.result) === this.faces ? "max" : null,
      (result.faces?.[0] ?? result.result) === 1 ? "min" : null,
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
