import type { EnergyProfile } from "./energy";

/** The four energy lists as a sheet stores them: plain text, one entry per comma or semicolon. */
export interface EnergyText {
  /** `fire 5, cold 10` (a colon is allowed: `fire: 5`). */
  readonly resistances?: string;
  /** `poison, holy` */
  readonly immunities?: string;
  readonly absorptions?: string;
  readonly weaknesses?: string;
}

export interface ParsedEnergy {
  readonly profile: EnergyProfile;
  /** Resistance entries that name no number (`fire`, `5`), as typed, so a sheet can point at them. */
  readonly invalid: readonly string[];
}

const entries = (text: string | undefined) =>
  (text ?? "")
    .split(/[,;\n]/)
    .map((e) => e.trim())
    .filter((e) => e !== "");

const RESISTANCE = /^(.*?[^\s:+-])\s*(?::\s*|\s)\s*(\d+)$/;

/** Reads the four lists into an EnergyProfile; damage types are kept as typed (compared in lower case). */
export function parseEnergyText(text: EnergyText): ParsedEnergy {
  const resistances: Record<string, number> = {};
  const invalid: string[] = [];
  for (const entry of entries(text.resistances)) {
    const match = RESISTANCE.exec(entry);
    if (!match || /^\d+$/.test(match[1]!)) {
      invalid.push(entry);
      continue;
    }
    const type = match[1]!.trim();
    resistances[type] = Math.max(resistances[type] ?? 0, Number(match[2]));
  }
  return {
    profile: {
      resistances,
      immunities: entries(text.immunities),
      absorptions: entries(text.absorptions),
      weaknesses: entries(text.weaknesses),
    },
    invalid,
  };
}
