/**
 * Stand-ins for Foundry v13's DiceTerm, Die and Roll, reduced to the documented behaviour Anthology
 * relies on (shared/foundry/NOTES.md §1): the formula grammar (count, "d", faces or one denomination
 * letter, then modifiers split into letter-led commands), term lookup by denomination, total of active
 * results, fulfillment through `_roll`, and serialisation by class name through `termTypes` and
 * `CONFIG.Dice.rolls`.
 */
type Result = { result: number; active: boolean; [k: string]: unknown };
type TermJson = {
  class: string;
  number: number;
  faces: number;
  modifiers: string[];
  results: Result[];
  options: Record<string, unknown>;
  evaluated: boolean;
};

/** Faces a "manual entry" user types in, consumed by `_roll`; empty means Foundry's random source. */
export const fulfillment: number[] = [];
/** The options each `_roll` call received (Foundry passes `explode: true` for explosion throws). */
export const rollCalls: Array<Record<string, unknown>> = [];

const dice = () => (globalThis as unknown as { CONFIG: { Dice: DiceConfig } }).CONFIG.Dice;

interface DiceConfig {
  terms: Record<string, new (data: Partial<TermJson>) => DiceTerm>;
  termTypes: Record<string, new (data: Partial<TermJson>) => DiceTerm>;
  types: unknown[];
  rolls: Array<typeof Roll>;
  randomUniform: () => number;
}

export class DiceTerm {
  static DENOMINATION = "";
  number: number;
  faces: number;
  modifiers: string[];
  results: Result[];
  options: Record<string, unknown>;
  _evaluated = false;
  constructor({ number = 1, faces = 6, modifiers = [], results = [], options = {} }: Partial<TermJson> = {}) {
    this.number = number;
    this.faces = faces;
    this.modifiers = modifiers;
    this.results = results;
    this.options = options;
  }
  get denomination(): string {
    return `d${(this.constructor as typeof DiceTerm).DENOMINATION || this.faces}`;
  }
  get expression(): string {
    return `${this.number}${this.denomination}${this.modifiers.join("")}`;
  }
  get formula(): string {
    return this.expression;
  }
  get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.results.reduce((t, r) => (r.active ? t + r.result : t), 0);
  }
  randomFace(): number {
    return Math.ceil((1 - dice().randomUniform()) * this.faces);
  }
  async _roll(options: Record<string, unknown> = {}): Promise<number | void> {
    rollCalls.push(options);
    return fulfillment.length ? fulfillment.shift() : undefined;
  }
  /** Foundry's DiceTerm#_evaluate hands the async path to _evaluateAsync. */
  async _evaluate(options: Record<string, unknown> = {}): Promise<this> {
    return this._evaluateAsync(options);
  }
  async _evaluateAsync(_options: Record<string, unknown> = {}): Promise<this> {
    for (let i = this.results.length; i < this.number; i += 1) {
      this.results.push({ result: (await this._roll()) ?? this.randomFace(), active: true });
    }
    return this;
  }
  async evaluate(options: Record<string, unknown> = {}): Promise<this> {
    await this._evaluate(options);
    this._evaluated = true;
    return this;
  }
  toJSON(): TermJson {
    return {
      class: this.constructor.name,
      number: this.number,
      faces: this.faces,
      modifiers: this.modifiers,
      results: this.results,
      options: this.options,
      evaluated: this._evaluated,
    };
  }
  static fromData(data: TermJson): DiceTerm {
    const cls = dice().termTypes[data.class];
    if (!cls) throw new Error(`no termTypes entry for ${data.class}`);
    const term = new cls(data);
    term._evaluated = data.evaluated;
    return term;
  }
}

export class Die extends DiceTerm {}

export class OperatorTerm {
  operator: string;
  constructor({ operator }: { operator: string }) {
    this.operator = operator;
  }
}

type Part = { sign: 1 | -1; term: DiceTerm | number };

export class Roll {
  static CHAT_TEMPLATE = "templates/dice/roll.hbs";
  terms: DiceTerm[] = [];
  parts: Part[];
  _formula: string;
  _total: number | undefined;
  _evaluated = false;
  constructor(
    formula: string,
    public data: object = {},
    public options: Record<string, unknown> = {},
  ) {
    this._formula = formula;
    this.parts = Roll.parse(formula);
    this.terms = this.parts.map((p) => p.term).filter((t): t is DiceTerm => t instanceof DiceTerm);
  }
  static parse(formula: string): Part[] {
    const parts: Part[] = [];
    const re = /\s*([+-])?\s*(?:(\d*)d([a-z]|\d+)([^\s()+\-*/]*)|(\d+(?:\.\d+)?))/giy;
    let m: RegExpExecArray | null;
    let end = 0;
    while ((m = re.exec(formula))) {
      end = re.lastIndex;
      const sign = m[1] === "-" ? -1 : 1;
      if (m[5] !== undefined) {
        parts.push({ sign, term: Number(m[5]) });
        continue;
      }
      const number = m[2] ? Number(m[2]) : 1;
      const modifiers = m[4] ? (m[4].match(/[A-Za-z]+[^A-Za-z]*/g) ?? []) : [];
      if (/^\d+$/.test(m[3]!)) parts.push({ sign, term: new Die({ number, faces: Number(m[3]), modifiers }) });
      else {
        const cls = dice().terms[m[3]!.toLowerCase()];
        if (!cls) throw new TypeError(`Unknown die denomination "${m[3]}"`);
        parts.push({ sign, term: new cls({ number, modifiers }) });
      }
    }
    if (end !== formula.length || parts.length === 0) throw new Error(`Unable to parse the formula "${formula}"`);
    return parts;
  }
  get formula(): string {
    return this.parts
      .map((p, i) => {
        const text = typeof p.term === "number" ? String(p.term) : p.term.formula;
        return i === 0 ? (p.sign < 0 ? `-${text}` : text) : ` ${p.sign < 0 ? "-" : "+"} ${text}`;
      })
      .join("");
  }
  get total(): number | undefined {
    return this._total;
  }
  get dice(): DiceTerm[] {
    return this.terms;
  }
  async evaluate(options: Record<string, unknown> = {}): Promise<this> {
    let total = 0;
    for (const p of this.parts) {
      if (typeof p.term === "number") total += p.sign * p.term;
      else total += p.sign * (await p.term.evaluate(options)).total!;
    }
    this._total = total;
    this._evaluated = true;
    return this;
  }
  async render(options: { template?: string } = {}): Promise<string> {
    const template = options.template ?? (this.constructor as typeof Roll).CHAT_TEMPLATE;
    return `<div class="dice-roll" data-template="${template}">${this.formula} = ${this._total}</div>`;
  }
  toJSON() {
    return {
      class: this.constructor.name,
      options: this.options,
      formula: this.formula,
      terms: this.parts.map((p) =>
        typeof p.term === "number"
          ? { class: "NumericTerm", number: p.term, sign: p.sign }
          : { ...p.term.toJSON(), sign: p.sign },
      ),
      total: this._total,
      evaluated: this._evaluated,
    };
  }
  /** A roll made of given terms: Foundry builds the formula from the terms and calls the constructor with it. */
  static fromTerms(terms: Array<DiceTerm | OperatorTerm>, options: Record<string, unknown> = {}): Roll {
    const dice = terms.filter((t): t is DiceTerm => t instanceof DiceTerm);
    const roll = new this(dice.map((t) => t.formula).join(" + "), {}, options);
    roll.terms = dice;
    roll.parts = dice.map((term) => ({ sign: 1 as const, term }));
    return roll;
  }
  /**
   * Data naming another Roll class goes to that class's own fromData (as Foundry's does, so a system's
   * Roll class sees its chat messages' data first); an unknown class is an error.
   */
  static fromData(data: ReturnType<Roll["toJSON"]>): Roll {
    if (data.class && data.class !== this.name) {
      const cls = dice().rolls.find((r) => r.name === data.class);
      if (!cls) throw new Error(`Unable to recreate ${data.class} instance from provided data`);
      return cls.fromData(data);
    }
    const roll = new this(data.formula, {}, data.options);
    roll.parts = data.terms.map((t) => ({
      sign: (t as { sign: 1 | -1 }).sign,
      term: t.class === "NumericTerm" ? (t as { number: number }).number : DiceTerm.fromData(t as TermJson),
    }));
    roll.terms = roll.parts.map((p) => p.term).filter((t): t is DiceTerm => t instanceof DiceTerm);
    roll._total = data.total;
    roll._evaluated = data.evaluated;
    return roll;
  }
}

export function diceConfig(): DiceConfig {
  return { terms: {}, termTypes: { Die }, types: [Die], rolls: [Roll], randomUniform: Math.random };
}
