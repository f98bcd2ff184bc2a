/**
 * OpenD6 attacks as the sheets make them, for `npm run bench` (scripts/bench-outcomes.mjs): each
 * through the public `api.rules.opend6.outcomeOdds`, from a plain pistol shot to the slowest we can
 * think of (a Fate Point doubling a large pool, Character Point dice, an active defense still to roll,
 * the damage bonus on).
 */
import { opend6Api } from "../../src/rulesets/opend6/rules/api";

type Input = Parameters<typeof opend6Api.outcomeOdds>[0];

const wounds = { mode: "wounds", wounds: "none" } as const;

const attack = (name: string, input: Input) => ({ name, run: () => opend6Api.outcomeOdds(input) });

export const cases: ReadonlyArray<{ readonly name: string; run(): unknown }> = [
  attack("pistol 5D vs passive 10, 4D damage vs Physique 3D", {
    attack: "5D",
    defense: 10,
    damage: "4D",
    resistance: "3D",
    health: wounds,
  }),
  attack("rifle 12D+2+2CP at Long, 8D damage vs 4D+2, bonus", {
    attack: "12D+2+2CP",
    defense: 10,
    situation: { range: "long", cover: "half" },
    damage: "8D",
    resistance: "4D+2",
    damageBonus: true,
    health: { mode: "wounds", wounds: "wounded" },
  }),
  attack("12D+2+5CP vs full dodge 6D+2, 8D+2 damage, Body Points", {
    attack: "12D+2+5CP",
    defense: { roll: "6D+2", kind: "full", plus: 1 },
    damage: "8D+2",
    resistance: "2D",
    damageBonus: true,
    health: { mode: "bodyPoints", bodyPoints: 30, maxBodyPoints: 40 },
  }),
  attack("knockout to the head, 9D+1+3CP, 5D damage vs 4D", {
    attack: "9D+1+3CP",
    defense: 10,
    options: { maneuver: "knockout", location: "head" },
    damage: "5D",
    resistance: "4D",
    health: { mode: "wounds", wounds: "stunned" },
  }),
  attack("sword 9D+2+3CP at a brawler blocking unarmored (full 8D+1), 5D+2 damage, its 3D on a miss", {
    attack: "9D+2+3CP",
    defense: { roll: "8D+1", kind: "full" },
    damage: "5D+2",
    resistance: "4D",
    missDamage: "3D",
    complication: "remove",
    health: { mode: "wounds", wounds: "wounded" },
  }),
  attack("slowest: Fate Point 30D+2+20CP vs full dodge 12D+2+5CP, 8D+2 damage, bonus", {
    // 12D+2 with 3D aiming is 15D+2, doubled by a Fate Point; every Character Point a roll may spend.
    attack: "30D+2+20CP",
    defense: { roll: "12D+2+5CP", kind: "full", plus: 2 },
    damage: "8D+2",
    resistance: "6D+1",
    damageBonus: true,
    complication: "remove",
    health: { mode: "wounds", wounds: "severelyWounded" },
  }),
];
