import { AnthologyRoll } from "./anthology-roll";
import { WILD_COLORSET, throwGroups } from "./dice-so-nice";
import { setDefaultDie } from "./random";
import { FudgeDice } from "./terms/fudge-dice";
import { KeepDice } from "./terms/keep-dice";
import { WildDice } from "./terms/wild-dice";

export const TERMS = [KeepDice, FudgeDice, WildDice] as const;

interface DiceConfig {
  terms: Record<string, unknown>;
  termTypes: Record<string, unknown>;
  types: unknown[];
  rolls: unknown[];
  randomUniform: () => number;
}

/**
 * Registers the dice terms by denomination (for Foundry's parser) and by class name (for rebuilding
 * chat messages), makes AnthologyRoll the default Roll class, and points the engine's default die at
 * Foundry's random generator.
 */
export function registerDice(): void {
  const dice = CONFIG.Dice as unknown as DiceConfig;
  for (const term of TERMS) {
    dice.terms[term.DENOMINATION] = term;
    dice.termTypes[term.name] = term;
    if (!dice.types.includes(term)) dice.types.push(term);
  }
  dice.rolls = [AnthologyRoll, ...dice.rolls.filter((r) => r !== AnthologyRoll)];
  setDefaultDie((sides) => Math.max(1, Math.ceil((1 - dice.randomUniform()) * sides)));
  Hooks.once("diceSoNiceReady" as never, registerDiceSoNice as never);
}

interface Dice3D {
  addDicePreset(data: Record<string, unknown>, shape?: string): void;
  addColorset(data: Record<string, unknown>, mode?: string): Promise<void> | void;
}

interface RollStartContext {
  roll: { terms: unknown[] };
}

/**
 * With Dice So Nice: keep dice are d10s, FUDGE dice show minus, blank and plus, die codes are d6s with
 * the Wild Die in its own colour. Without the module none of this runs.
 */
function registerDiceSoNice(dice3d: Dice3D): void {
  const numbers = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
  dice3d.addDicePreset({ type: `d${KeepDice.DENOMINATION}`, labels: numbers(10), system: "standard" }, "d10");
  dice3d.addDicePreset({ type: `d${WildDice.DENOMINATION}`, labels: numbers(6), system: "standard" }, "d6");
  dice3d.addDicePreset(
    {
      type: `d${FudgeDice.DENOMINATION}`,
      labels: ["\u2212", " ", "+"],
      values: { min: -1, max: 1 },
      system: "standard",
    },
    "d6",
  );
  void dice3d.addColorset(
    {
      name: WILD_COLORSET,
      description: "ANTHOLOGY.Dice.Card.wild",
      category: "Anthology",
      foreground: "#1f1a17",
      background: "#e0b000",
      outline: "#7a5a00",
      edge: "#b8860b",
      texture: "none",
    },
    "default",
  );
  Hooks.on("diceSoNiceRollStart" as never, showWildDieApart as never);
}

/**
 * Before Dice So Nice animates a die code, swap in a display-only roll whose Wild Die is its own term
 * in the Wild Die colour. The chat message keeps the real roll.
 */
function showWildDieApart(_messageId: string, context: RollStartContext): void {
  const term = context.roll.terms.find((t): t is WildDice => t instanceof WildDice);
  if (!term) return;
  const { Die, OperatorTerm } = foundry.dice.terms as unknown as {
    Die: new (data: object) => unknown;
    OperatorTerm: new (data: object) => unknown;
  };
  const terms: unknown[] = [];
  for (const group of throwGroups(term.results)) {
    if (terms.length) terms.push(new OperatorTerm({ operator: "+" }));
    const die = new Die({
      number: group.faces.length,
      faces: 6,
      results: group.faces.map((result) => ({ result, active: true })),
      options: group.kind === "wild" ? { appearance: { colorset: WILD_COLORSET } } : {},
    }) as { _evaluated?: boolean };
    die._evaluated = true;
    terms.push(die);
  }
  context.roll = (Roll as unknown as { fromTerms(terms: unknown[]): { terms: unknown[] } }).fromTerms(terms);
}
