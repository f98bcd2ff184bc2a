import { templatePath } from "../sheets/paths";
import { rollCard, type Against } from "./card";
import { NotationError } from "./errors";
import { translateFormula } from "./foundry-notation";
import { STORED_ROLL_KEYS, storedRollProblem, type StoredRollProblem } from "./stored-roll";
import { AnthologyTerm } from "./terms/anthology-term";
import { WildDice } from "./terms/wild-dice";

interface RollLike {
  terms: unknown[];
  _formula: string;
  _total: number | undefined;
  _evaluated: boolean;
  readonly total: number | undefined;
  readonly formula: string;
  options: Record<string, unknown>;
  render(options?: RenderOptions): Promise<string>;
}

interface RenderOptions {
  flavor?: string;
  template?: string;
  isPrivate?: boolean;
}

// The one place the Roll class meets fvtt-types: typed by the surface used here.
const RollBase = Roll as unknown as new (formula: string, data?: object, options?: object) => RollLike;

/** Options every new roll takes from the world: how an OpenD6 complication is handled. */
let complicationRule: () => string = () => "note";

export function setComplicationRule(source: () => string): void {
  complicationRule = source;
}

/**
 * Foundry's default Roll class in an Anthology world: `/r 8k4`, `/r 4dF+2` and `/r 3D+2` are rewritten
 * into Anthology's dice terms; every other formula is Foundry's, unchanged. The chat card shows the
 * dice as the rules read them.
 */
export class AnthologyRoll extends RollBase {
  /** The Anthology card; core's CHAT_TEMPLATE stays for every roll that has no Anthology dice. */
  static ANTHOLOGY_TEMPLATE = templatePath("chat/roll-card.hbs");

  /** Set while Foundry or a module rebuilds a roll from terms or stored data: never refuse then. */
  static #rebuilding = 0;

  static fromTerms(...args: unknown[]): unknown {
    return AnthologyRoll.#rebuild(() =>
      (RollBase as unknown as { fromTerms: (...a: unknown[]) => unknown }).fromTerms.apply(this, args),
    );
  }

  /**
   * Rebuilds a roll from stored data (a chat message) after checking it like user input
   * (storedRollProblem): data that is forged or damaged becomes a roll that shows an error card,
   * never an exception in a hook or a freeze. Foundry's Roll.fromData hands data whose class is
   * AnthologyRoll here.
   */
  static fromData(data: unknown, ...rest: unknown[]): unknown {
    const problem = storedRollProblem(data);
    if (problem) return AnthologyRoll.#refused(problem);
    try {
      return AnthologyRoll.#rebuild(() =>
        (RollBase as unknown as { fromData: (...a: unknown[]) => unknown }).fromData.call(this, data, ...rest),
      );
    } catch (error) {
      // Foundry could not rebuild it either (a term class nobody registered, say): show the card,
      // and leave the reason in the console for whoever looks into it.
      console.warn("Anthology: a stored roll could not be rebuilt; it is shown as an error card.", error);
      return AnthologyRoll.#refused({ key: STORED_ROLL_KEYS.shape, data: {} });
    }
  }

  /** Why this roll's stored data was refused, if it was. */
  #problem: StoredRollProblem | null = null;

  /** A stand-in for a refused stored roll: evaluated, total 0, rendered as the error card. */
  static #refused(problem: StoredRollProblem): AnthologyRoll {
    const roll = new AnthologyRoll("0");
    roll.#problem = problem;
    roll._total = 0;
    roll._evaluated = true;
    return roll;
  }

  /** Why this roll cannot be shown: refused stored data, or one of its Anthology terms refused. */
  get problem(): StoredRollProblem | null {
    if (this.#problem) return this.#problem;
    for (const term of this.terms) if (term instanceof AnthologyTerm && term.problem) return term.problem;
    return null;
  }

  static #rebuild<T>(build: () => T): T {
    AnthologyRoll.#rebuilding += 1;
    try {
      return build();
    } finally {
      AnthologyRoll.#rebuilding -= 1;
    }
  }

  constructor(formula: string, data: object = {}, options: object = {}) {
    let translated: string;
    let against: number | undefined;
    let placeholder = false;
    try {
      // Not text at all: Foundry's parser decides what to make of it.
      ({ formula: translated, against } = typeof formula === "string" ? translateFormula(formula) : { formula });
    } catch (error) {
      if (!(error instanceof NotationError)) throw error;
      // A rebuilt roll gets its terms from its source, so any formula will do for the moment.
      if (AnthologyRoll.#rebuilding === 0) throw new Error(localizedNotationError(error), { cause: error });
      translated = "0";
      placeholder = true;
    }
    super(translated, data, against === undefined ? options : { against, ...options });
    if (placeholder) this._formula = formula;
    for (const term of this.terms) {
      if (term instanceof WildDice && term.options.complication === undefined) {
        term.options.complication = complicationRule();
      }
    }
  }

  /** The Anthology term of this roll, if it has one. */
  get anthologyTerm(): AnthologyTerm | undefined {
    return this.terms.find((t): t is AnthologyTerm => t instanceof AnthologyTerm);
  }

  /** What the roll is measured against: options.against (a difficulty) or options.opposedBy (a result). */
  get against(): Against | undefined {
    const { against, opposedBy } = this.options;
    if (Number.isFinite(opposedBy)) return { target: opposedBy as number, opposed: true };
    if (Number.isFinite(against)) return { target: against as number };
    return undefined;
  }

  /**
   * The Anthology card, or the error card for a roll whose data was refused (or whose dice cannot
   * be read as the rules read them); every other roll keeps Foundry's own card.
   */
  override async render(options: RenderOptions = {}): Promise<string> {
    const problem = this.problem;
    const term = this.anthologyTerm;
    if (!problem && (!term || this.total === undefined)) return super.render(options);
    const isPrivate = options.isPrivate ?? false;
    let card = null;
    let error = problem;
    if (!error && !isPrivate) {
      try {
        card = rollCard(term!.outcomeWithin(this.total!, this.formula), this.against);
      } catch {
        error = { key: STORED_ROLL_KEYS.shape, data: {} };
      }
    }
    return foundry.applications.handlebars.renderTemplate(options.template ?? AnthologyRoll.ANTHOLOGY_TEMPLATE, {
      card: error ? null : card,
      error: isPrivate ? null : error,
      flavor: typeof options.flavor === "string" ? options.flavor : undefined,
      isPrivate,
    });
  }
}

/** A NotationError in the user's language. */
export function localizedNotationError(error: NotationError): string {
  const i18n = (globalThis as { game?: { i18n?: { format(key: string, data: object): string } } }).game?.i18n;
  return i18n ? i18n.format(error.key, error.data) : error.message;
}
