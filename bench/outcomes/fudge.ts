/**
 * FUDGE's outcome odds as the sheets produce them (issue 31), each case one attack through the
 * public `api.rules.fudge.outcomeOdds`. The slowest plausible is a lone fighter's round against six
 * foes (the text's most "under ideal conditions"): every other foe's 4dF is counted against each of
 * the attacker's rolls.
 */
import { rulesById } from "../../src/rulesets";

const { outcomeOdds } = rulesById().fudge;

/** A foe with a weapon (+2: a medium sharp one) and leather, as the NPC pack's bandit. */
const bandit = { skill: 0, reach: 2, blow: { size: 1, sharp: true }, soak: { armor: 1 } } as const;

export const cases: ReadonlyArray<{ readonly name: string; run(): unknown }> = [
  {
    name: "melee: Good swordsman against a Fair bandit in leather",
    run: () =>
      outcomeOdds({
        attacker: { skill: 1, reach: 2, blow: { size: 2, sharp: true, build: 1 } },
        defender: { ...bandit, wounds: { scratch: 1 } },
      }),
  },
  {
    name: "melee: violent, berserk, aimed at the head, a shield, a track nearly full",
    run: () =>
      outcomeOdds({
        attacker: { skill: 3, stance: "violent", berserk: true, aimDegree: 3, reach: 4, blow: { size: 3, build: 2 } },
        defender: {
          skill: 2,
          stance: "protective",
          shield: 2,
          reach: 4,
          soak: { health: 1, armor: 4 },
          wounds: { scratch: 3, light: 2, major: 1, critical: 1 },
        },
      }),
  },
  {
    name: "melee: a human against a hill giant (Scale 3: the one die)",
    run: () =>
      outcomeOdds({
        attacker: { skill: 2, minimum: -3, reach: 2, blow: { size: 1, sharp: true } },
        defender: { skill: 0, reach: 3, blow: { size: 3, strengthScale: 3 }, soak: { armor: 1, massScale: 3 } },
      }),
  },
  {
    name: "melee: a stunning blow with a stun on record",
    run: () =>
      outcomeOdds({
        attacker: { skill: 1, blow: { size: 1, build: 1 } },
        defender: { skill: 0, stunOnRecord: true },
        stun: true,
      }),
  },
  {
    name: "ranged: a longbow at far range, dodged at -3",
    run: () =>
      outcomeOdds({
        kind: "dodged",
        attacker: { skill: 2, modifier: -1, blow: { size: 2, sharp: true, build: 1 } },
        defender: { skill: 1, propelled: true, dodgeLevels: 3, soak: { armor: 2 } },
        difficulty: 1,
      }),
  },
  {
    name: "ranged: an unaware target, aimed at an eye",
    run: () =>
      outcomeOdds({
        kind: "unopposed",
        attacker: { skill: 3, aimDegree: 4, blow: { size: 1, sharp: true } },
        defender: { skill: 0 },
        difficulty: 0,
      }),
  },
  {
    name: "mass battle: 30 levies against 135 spearmen",
    run: () =>
      outcomeOdds({
        kind: "mass",
        attacker: { skill: -1, size: 30, weapon: 2 },
        defender: { skill: 0, size: 135, weapon: 2, wounds: { light: 1 } },
      }),
  },
  {
    name: "slowest plausible: a lone knight against six bandits (every foe's roll counted)",
    run: () =>
      outcomeOdds({
        attacker: { skill: 3, foes: 6, reach: 4, blow: { size: 3, build: 2 } },
        defender: { ...bandit, wounds: { scratch: 3, light: 2, major: 1 } },
        alsoFacing: [bandit, bandit, bandit, bandit, bandit],
      }),
  },
];
