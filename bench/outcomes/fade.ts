import { fadeRules } from "../../src/rulesets/fade/rules/api";
import { perBodyPart, type FadeOutcomeInput } from "../../src/rulesets/fade/rules";

// The Fade's outcome odds (issue 31) for attacks as the sheets build them: the to-hit pool is
// (Agility or Magic) k half of it plus the dialog's modifiers (flanking +1k0, a charge +2), the damage
// pool base damage plus half the attribute k a quarter, plus two-handing and a charge; the weapon's
// dice explode on 10, 9, 8 or 7, or not at all. The largest plausible (docs/the-fade.md, "Outcome
// odds"): Agility and Strength 12, a two-handed 6k3 weapon whose dice explode on 7, a feat's +1k0
// damage, and the dialog's every bonus with the most extra dice a player may type (5k5 on each roll).

/** A target: Deflection by part, Soak, HP now and the HP of death. */
const target = (
  deflection: Partial<Record<string, number>>,
  soak: number,
  hp: number,
  deathAt = -4,
  extra: Partial<FadeOutcomeInput["target"]> = {},
): FadeOutcomeInput["target"] => ({
  derived: { deflection: perBodyPart(0, deflection), soak, hpMax: Math.max(hp, 10), deathAt },
  hp,
  ...extra,
});

const armoured = target({ head: 4, body: 6, rightArm: 3, leftArm: 3, rightLeg: 2, leftLeg: 2 }, 3, 18, -8);

export const cases: ReadonlyArray<{ readonly name: string; run(): unknown }> = [
  {
    name: "the text's example: 8k4 against 20, 6k3 Penetration 4 on the Body",
    run: () =>
      fadeRules.outcomeOdds({
        toHit: "8k4",
        damage: "6k3",
        defense: 20,
        part: "body",
        penetration: 4,
        target: target({ body: 5 }, 4, 10),
      }),
  },
  {
    name: "first level: 4k2 against 18, 7k3 on a rolled location",
    run: () => fadeRules.outcomeOdds({ toHit: "4k2", damage: "7k3", defense: 18, target: armoured }),
  },
  {
    name: "flanking finesse 9k4x against 24, 8k3x on a rolled location",
    run: () => fadeRules.outcomeOdds({ toHit: "9k4x", damage: "8k3x", defense: 24, target: armoured }),
  },
  {
    name: "a called shot to the head 8k5x9 against 30, 10k4x9 fire against Resist 5",
    run: () =>
      fadeRules.outcomeOdds({
        toHit: "8k5x9",
        damage: "10k4x9",
        defense: 30,
        part: "head",
        calledShot: true,
        damageType: "fire",
        target: target({ head: 4 }, 3, 20, -8, { energy: { resistances: { fire: 5 } } }),
      }),
  },
  {
    name: "a small pool that needs a critical: 2k1x against 25, 3k1x",
    run: () => fadeRules.outcomeOdds({ toHit: "2k1x", damage: "3k1x", defense: 25, part: "body", target: armoured }),
  },
  {
    name: "Negative Dice: -2k1 against 15, 4k2",
    run: () => fadeRules.outcomeOdds({ toHit: "-2k1", damage: "4k2", defense: 15, target: armoured }),
  },
  {
    name: "high level on 10s: 11k5x+2 charging against 40, 12k5x+2 on a rolled location",
    run: () =>
      fadeRules.outcomeOdds({
        toHit: "11k5x+2",
        damage: "12k5x+2",
        defense: 40,
        target: { ...armoured, hp: 30, derived: { ...armoured.derived, hpMax: 30 } },
      }),
  },
  {
    name: "slowest plausible: 11k5x7+2 charging against 40, 12k5x7+2, rolled location, lost arm",
    run: () =>
      fadeRules.outcomeOdds({
        toHit: "11k5x7+2",
        damage: "12k5x7+2",
        defense: 40,
        target: { ...armoured, hp: 30, derived: { ...armoured.derived, hpMax: 30 }, missing: ["leftArm"] },
      }),
  },
  {
    name: "largest plausible: 18k11x7+2 charging against 45, 18k11x7+2, rolled location",
    run: () =>
      fadeRules.outcomeOdds({
        toHit: "18k11x7+2",
        damage: "18k11x7+2",
        defense: 45,
        target: { ...armoured, hp: 30, derived: { ...armoured.derived, hpMax: 30 } },
      }),
  },
];
