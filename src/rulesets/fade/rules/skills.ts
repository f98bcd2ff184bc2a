import { addPools, formatPool, keepPool, type PoolBonus } from "./pool";

/**
 * The Fade's skills: the text names them by the action each takes (Standard, Move, Swift, Free). The
 * attribute each rolls is our decision (docs/rules-decisions.md): the text gives none. A skill check
 * rolls like an attack with its attribute, (Attribute) k (½ Attribute), plus the ranks as a flat
 * bonus; skills never critically hit.
 */
export const FADE_SKILL_ACTIONS = Object.freeze(["standard", "move", "swift", "free"] as const);
export type FadeSkillAction = (typeof FADE_SKILL_ACTIONS)[number];

/** The attributes a skill can roll. */
export type FadeSkillAttribute = "strength" | "agility" | "endurance" | "smarts" | "luck" | "magic";

export interface FadeSkill {
  readonly id: string;
  readonly action: FadeSkillAction;
  readonly attribute: FadeSkillAttribute;
}

export const FADE_SKILLS: readonly FadeSkill[] = Object.freeze([
  { id: "deception", action: "standard", attribute: "smarts" },
  { id: "heal", action: "standard", attribute: "smarts" },
  { id: "persuasion", action: "standard", attribute: "smarts" },
  { id: "useComputers", action: "standard", attribute: "smarts" },
  { id: "useMagicDevice", action: "standard", attribute: "magic" },
  { id: "artisan", action: "move", attribute: "agility" },
  { id: "acrobatics", action: "move", attribute: "agility" },
  { id: "drive", action: "move", attribute: "agility" },
  { id: "ride", action: "move", attribute: "agility" },
  { id: "handleAnimal", action: "swift", attribute: "smarts" },
  { id: "linguistics", action: "swift", attribute: "smarts" },
  { id: "awareness", action: "free", attribute: "smarts" },
  { id: "fortitude", action: "free", attribute: "endurance" },
  { id: "knowledges", action: "free", attribute: "smarts" },
  { id: "spellcraft", action: "free", attribute: "magic" },
  { id: "stealth", action: "free", attribute: "agility" },
] satisfies FadeSkill[]);

export const FADE_SKILL_IDS: readonly string[] = Object.freeze(FADE_SKILLS.map((s) => s.id));

export function fadeSkill(id: string): FadeSkill | undefined {
  return FADE_SKILLS.find((s) => s.id === id);
}

const whole = (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? Math.trunc(n) : 0);

/**
 * A skill check's pool: (Attribute) k (½ Attribute, rounded down) + ranks, then any bonuses (a
 * critical failure's −2k0 on the next turn's checks, extra dice). An attribute of 0 rolls Negative
 * Dice as the dice engine reads `0k0`.
 */
export function skillPool(
  attributes: Partial<Record<FadeSkillAttribute, number>>,
  skill: string,
  ranks = 0,
  ...bonuses: PoolBonus[]
): string {
  const s = fadeSkill(skill);
  if (!s) throw new RangeError(`Not a Fade skill: ${skill}`);
  const attribute = Math.max(0, whole(attributes[s.attribute]));
  return formatPool(addPools(keepPool(attribute, Math.floor(attribute / 2), Math.max(0, whole(ranks))), ...bonuses));
}

/** A skill check judged against a DC: success at or above it; a total of half the DC or less fails critically. */
export interface FadeSkillResult {
  readonly success: boolean;
  readonly criticalFailure: boolean;
}

/**
 * Judges a skill check's total against a DC: success when it reaches the DC; at half the DC or below
 * (rounded down) a critical failure, as for a roll against a Defense. An impossible roll (no keep dice
 * left) fails without being a critical failure, as an attack with no kept dice does (`judgeAttack`):
 * no roll was made. Skills never critically hit.
 */
export function judgeSkill(total: number, dc: number, impossible = false): FadeSkillResult {
  if (impossible) return { success: false, criticalFailure: false };
  const t = whole(total);
  const d = whole(dc);
  return { success: t >= d, criticalFailure: t <= Math.floor(d / 2) };
}
