import { AnthologyRoll } from "./anthology-roll";
import { WILD_COLORSET, keepThrows, throwGroups } from "./dice-so-nice";
import { setDefaultDie } from "./random";
import { AnthologyTerm } from "./terms/anthology-term";
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

interface ShownRoll {
  terms: unknown[];
  ghost?: boolean;
  secret?: boolean;
}

interface RollStartContext {
  roll: ShownRoll;
  dsnRoll?: ShownRoll;
}

/**
 * With Dice So Nice: FUDGE dice show minus, blank and plus (Dice So Nice picks a model by the term's
 * DENOMINATION, "dg"); keep dice and die codes are swapped for plain d10s and d6s before each throw,
 * with the Wild Die in its own colour. Without the module none of this runs.
 */
function registerDiceSoNice(dice3d: Dice3D): void {
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
      description: game.i18n?.localize("ANTHOLOGY.Dice.Card.wild") ?? "Wild Die",
      category: "Anthology",
      foreground: "#1f1a17",
      background: "#e0b000",
      outline: "#7a5a00",
      edge: "#b8860b",
      texture: "none",
    },
    "default",
  );
  Hooks.on("diceSoNiceRollStart" as never, showDiceApart as never);
}

/**
 * Before Dice So Nice animates a message, swap in a display-only roll where each Anthology term is
 * replaced by plain dice: a keep pool throws every face of every explosion chain as a d10, a die code
 * throws its Wild Die as its own term in the Wild Die colour. Every other term stays as it was, and
 * the ghost and secret flags Dice So Nice set are carried over. The chat message keeps the real roll.
 */
function showDiceApart(_messageId: string, context: RollStartContext): void {
  const original = context.dsnRoll ?? context.roll;
  if (!Array.isArray(original?.terms) || !original.terms.some((t) => t instanceof KeepDice || t instanceof WildDice))
    return;
  // A refused term (forged or damaged data) has no dice to throw; Dice So Nice gets the roll as it is.
  if (original.terms.some((t) => t instanceof AnthologyTerm && t.problem)) return;
  const { Die, OperatorTerm } = foundry.dice.terms as unknown as {
    Die: new (data: object) => { _evaluated?: boolean };
    OperatorTerm: new (data: object) => unknown;
  };
  const terms: unknown[] = [];
  for (const term of original.terms) {
    if (!(term instanceof KeepDice || term instanceof WildDice)) {
      terms.push(term);
      continue;
    }
    const sides = term instanceof KeepDice ? 10 : 6;
    const groups = term instanceof KeepDice ? keepThrows(term.results) : throwGroups(term.results);
    groups.forEach((group, i) => {
      if (i > 0) terms.push(new OperatorTerm({ operator: "+" }));
      const die = new Die({
        number: group.faces.length,
        faces: sides,
        results: group.faces.map((result) => ({ result, active: true })),
        options: group.kind === "wild" ? { colorset: WILD_COLORSET } : {},
      });
      die._evaluated = true;
      terms.push(die);
    });
  }
  const shown = (Roll as unknown as { fromTerms(terms: unknown[]): RollStartContext["roll"] }).fromTerms(terms);
  shown.ghost = original.ghost;
  shown.secret = original.secret;
  context.roll = shown;
  context.dsnRoll = shown;
}
