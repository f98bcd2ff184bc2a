/**
 * The attack dialog's free difficulty modifiers: poor lighting, smoke and fog (the text counts them as
 * cover: "poor lighting, smoke, fog, a table"), an unwieldy weapon (the text's "+5 or more") and a
 * number the GM names. The lighting and smoke steps are OpenD6's published +1D (3), +2D (6) and +4D
 * (12), our decision (docs/rules-decisions.md), kept here as data.
 */

export const LIGHTINGS = Object.freeze(["none", "poor", "moonlit", "dark"] as const);
export type Lighting = (typeof LIGHTINGS)[number];

/** Poor light or twilight +1D (3), a moonlit night +2D (6), near darkness +4D (12). */
export const LIGHTING_MODIFIER: Readonly<Record<Lighting, number>> = Object.freeze({
  none: 0,
  poor: 3,
  moonlit: 6,
  dark: 12,
});

export const SMOKES = Object.freeze(["none", "light", "thick", "veryThick"] as const);
export type Smoke = (typeof SMOKES)[number];

/** Light smoke or fog +1D (3), thick +2D (6), very thick +4D (12). */
export const SMOKE_MODIFIER: Readonly<Record<Smoke, number>> = Object.freeze({
  none: 0,
  light: 3,
  thick: 6,
  veryThick: 12,
});

/** "May incur a +5 or more modifier to the combat difficulty": the dialog's unwieldy weapon. */
export const UNWIELDY_MODIFIER = 5;

/** Most a typed modifier may be, either way (as an acrobatic trick's numbers: docs/rules-decisions.md). */
export const MAX_DIFFICULTY_MODIFIER = 60;

/** What the attacker chose about the scene: lighting, smoke or fog, an unwieldy weapon, a typed number. */
export interface Situation {
  readonly lighting?: Lighting;
  readonly smoke?: Smoke;
  readonly unwieldy?: boolean;
  /** Added to the combat difficulty (below 0 makes the attack easier: the GM's call). */
  readonly modifier?: number;
}

/** What the situation adds to the combat difficulty (the difficulty's floor of 3 is applied after). */
export function situationModifier(situation: Situation): number {
  const modifier = situation.modifier ?? 0;
  if (!Number.isInteger(modifier) || Math.abs(modifier) > MAX_DIFFICULTY_MODIFIER) {
    throw new RangeError(`Not a difficulty modifier: ${String(modifier)}`);
  }
  return (
    (LIGHTING_MODIFIER[situation.lighting ?? "none"] ?? 0) +
    (SMOKE_MODIFIER[situation.smoke ?? "none"] ?? 0) +
    (situation.unwieldy ? UNWIELDY_MODIFIER : 0) +
    modifier
  );
}
