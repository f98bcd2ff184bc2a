import { AnthologyRoll } from "./anthology-roll";
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
}

/** With Dice So Nice: keep dice are d10s, FUDGE dice fate dice, die codes d6s. Absent, nothing runs. */
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
}
