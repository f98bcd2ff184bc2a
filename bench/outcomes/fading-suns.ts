/**
 * Fading Suns' outcome odds (issue 31) on attacks as the sheets make them, timed by
 * scripts/bench-outcomes.mjs. Victory Points add no damage dice in Fading Suns (shared/rules/README.md),
 * so the work is the attack's d20 and its rerolls (400 ways) and, for a knock-out, the target's roll
 * against the damage (400 more): the knock-out cases are the slowest.
 */
import { fadingSunsApi } from "../../src/rulesets/fading-suns/rules/api";

const { outcomeOdds } = fadingSunsApi;

/** The fixtures' brute: Defense 1, a leather jerkin (2), Endurance 4 (9 Vitality), Vigor 3. */
const brute = { defense: 1, armor: 2, vitality: 9, endurance: 4, vigor: 3 };

/** Both d20s in play: a hit on a critical (rerolled) goal, and the target's own roll with its rerolls. */
const knockOut = (i: number) =>
  outcomeOdds({
    goal: 20,
    kind: "melee",
    choices: { fightAction: "knockOut", targetPosture: "prone", group: 3, move: "charge", charge: 10 },
    damage: 12 + i,
    target: { defense: 3 + i, armor: 1, vitality: 20, endurance: 12, vigor: 10, woundPenalties: [-10, -8, -6, -4, -2] },
  });

export const cases: ReadonlyArray<{ readonly name: string; run(): unknown }> = [
  {
    name: "rapier strike (Dexterity 6 + Melee 5 + 1, DMG 4 + Strength 1) against the brute",
    run: () => outcomeOdds({ goal: 12, kind: "melee", choices: { fightAction: "strike" }, damage: 5, target: brute }),
  },
  {
    name: "blaster, empty the clip at long range (DMG 6 + 7) into partial cover",
    run: () =>
      outcomeOdds({
        goal: 12 - 4 - 2,
        kind: "ranged",
        choices: { fireAction: "emptyClip", range: "long", targetCover: "partial" },
        damage: 13,
        target: { ...brute, armor: 7, vitality: 12 },
      }),
  },
  {
    name: "a charging knock-out on a prone target in a melee group, its roll after the blow",
    run: () => knockOut(0),
  },
  {
    name: "slowest: a knock-out's dialog line for three targets (the first shown)",
    run: () => [0, 1, 2].map(knockOut)[0],
  },
];
