import { describe, expect, it } from "vitest";
import {
  applyDamage,
  downedBy,
  resistFails,
  resistGoal,
  resolveGoal,
  woundPenalty,
  WOUND_PENALTIES,
  type FsOutcomeInput,
  type GoalChoices,
  type WeaponKind,
} from "../../src/rulesets/fading-suns/rules";
import { fadingSunsApi } from "../../src/rulesets/fading-suns/rules/api";
import { attackRow } from "../../src/rulesets/fading-suns/chat/attack-math";
import type { CardWeapon } from "../../src/rulesets/fading-suns/chat/card-data";

// Outcome odds (issue 31): the exact chances an attack hits, hurts and drops its target, checked against
// the GM's apply run on every face: the attack's d20 and its reroll (attackRow, as the card and the apply
// judge a row), the hit through the armor (applyDamage, downedBy), and a knock-out's Endurance + Vigor
// roll with its reroll (resistGoal and resolveGoal, as the follow-up rolls it; resistFails).

const { outcomeOdds } = fadingSunsApi;

const weaponOf = (kind: WeaponKind): CardWeapon => ({
  damage: 4,
  goal: 0,
  skill: kind === "ranged" ? "shoot" : "melee",
  kind,
});

/** What the apply does with one attack d20 (and reroll) and, for a knock-out, the target's d20 (and reroll). */
function applied(input: FsOutcomeInput, roll: number, reroll: number, resist: number, resistReroll: number) {
  const choices = input.choices ?? {};
  const row = attackRow({
    goal: input.goal,
    ownDefense: input.target.defense,
    armor: input.target.armor,
    weapon: weaponOf(input.kind),
    choices,
    damage: input.damage,
    roll,
    reroll,
  });
  if (!row.hit || row.damage === null) return { hit: false, hurt: false, drop: false };
  // DMG 0: the GM applies nothing (knockdown's hit goes on record and takes nothing).
  if (row.damage === 0) return { hit: true, hurt: false, drop: false };
  const hit = applyDamage({ vitality: input.target.vitality, damage: row.damage, armor: row.armor });
  let knockedOut = false;
  if (choices.fightAction === "knockOut" && !downedBy(hit)) {
    const goal = resistGoal("knockOut", {
      characteristics: { endurance: input.target.endurance ?? 0 },
      vigor: input.target.vigor ?? 0,
      woundPenalty: woundPenalty(hit.after, input.target.woundPenalties ?? WOUND_PENALTIES),
      damage: hit.taken,
    }).goal;
    let result = resolveGoal({ goal, rolls: [resist] });
    if (result.needsReroll) result = resolveGoal({ goal, rolls: [resist, resistReroll] });
    knockedOut = resistFails(result.outcome);
  }
  const drop = downedBy(hit) || knockedOut;
  return { hit: true, hurt: hit.taken > 0 || drop, drop };
}

/** Every face of both d20s and both rerolls, each of the 20^4 ways weighed alike. */
function bruteForce(input: FsOutcomeInput) {
  const knockOut = input.choices?.fightAction === "knockOut";
  const faces = knockOut ? 20 : 1;
  let hit = 0;
  let hurt = 0;
  let drop = 0;
  for (let roll = 1; roll <= 20; roll++)
    for (let reroll = 1; reroll <= 20; reroll++) {
      // A miss is a miss whatever the target would have rolled: all its faces at once.
      if (!applied(input, roll, reroll, 1, 1).hit) continue;
      for (let resist = 1; resist <= faces; resist++)
        for (let resistReroll = 1; resistReroll <= faces; resistReroll++) {
          const r = applied(input, roll, reroll, resist, resistReroll);
          hit += Number(r.hit);
          hurt += Number(r.hurt);
          drop += Number(r.drop);
        }
    }
  const all = 400 * faces * faces;
  return { hit: hit / all, hurt: hurt / all, drop: drop / all };
}

describe("Fading Suns outcome odds against the apply on every face", () => {
  const cases: FsOutcomeInput[] = [];
  const kinds: Array<[WeaponKind, GoalChoices]> = [
    ["melee", { fightAction: "strike" }],
    ["melee", { fightAction: "knockdown", targetPosture: "prone", group: 3 }],
    ["ranged", { fireAction: "longBurst", targetCover: "partial" }],
    ["thrown", { targetPosture: "kneeling", targetSlippery: true }],
  ];
  for (const [kind, choices] of kinds)
    for (const goal of [-3, 1, 7, 12, 19, 24])
      for (const [damage, armor, vitality] of [
        [0, 0, 5],
        [4, 2, 3],
        [5, 5, 9],
        [9, 1, 8],
      ] as const)
        cases.push({ goal, kind, choices, damage, target: { defense: 2, armor, vitality } });
  for (const goal of [2, 9, 15])
    for (const [damage, armor, vitality, endurance, vigor] of [
      [4, 4, 10, 3, 3],
      [5, 2, 8, 4, 3],
      [7, 1, 6, 6, 5],
      [3, 0, 2, 5, 5],
      [6, 0, 20, 12, 10],
    ] as const)
      cases.push({
        goal,
        kind: "melee",
        choices: { fightAction: "knockOut" },
        damage,
        target: { defense: 1, armor, vitality, endurance, vigor, woundPenalties: [-6, -3] },
      });

  it.each(cases.map((c, i) => [i, c] as const))("case %i agrees with the apply, face by face", (_i, input) => {
    const odds = outcomeOdds(input);
    const brute = bruteForce(input);
    expect(odds.hit).toBeCloseTo(brute.hit, 12);
    expect(odds.hurt).toBeCloseTo(brute.hurt, 12);
    expect(odds.drop).toBeCloseTo(brute.drop, 12);
    expect(odds.drop).toBeLessThanOrEqual(odds.hurt);
    expect(odds.hurt).toBeLessThanOrEqual(odds.hit);
  });
});

describe("Fading Suns outcome odds: the worked example", () => {
  // From fading-suns.txt's charts: Knock Out rolls Dexterity + Melee at −4 and "the target must make
  // Endurance + Vigor roll against final damage done". Dexterity 6 + Melee 5 − 4 = 7 against Defense 2:
  // 1-5 hit (5 in 20). A rapier's DMG 4 and Strength 7's +1 (the Strength bonus chart) make 5; armor 2
  // leaves 3 off Vitality 8: 5 left, whose wound penalty is −2. Endurance 4 + Vigor 3 − 2 − 3 = 2: the
  // roll holds on at 1 and 2 (the critical), fails on 3-20 (18 in 20). Drop: 1/4 × 9/10 = 22.5%.
  const example: FsOutcomeInput = {
    goal: 7,
    kind: "melee",
    choices: { fightAction: "knockOut" },
    damage: 5,
    target: { defense: 2, armor: 2, vitality: 8, endurance: 4, vigor: 3 },
  };

  it("hits 25%, hurts 25%, drops 22.5%", () => {
    expect(outcomeOdds(example)).toEqual({
      hit: 0.25,
      hurt: 0.25,
      drop: 0.225,
      goal: 5,
      taken: 3,
      after: 5,
      knockOut: 0.9,
    });
  });

  it("a plain strike with the same blow hurts as often as it hits and never drops a target with 8 Vitality", () => {
    // Strike: no −4, so 11 − 2 = 9: 1-9 hit (45%).
    const strike = outcomeOdds({ ...example, goal: 11, choices: { fightAction: "strike" } });
    expect(strike).toMatchObject({ hit: 0.45, hurt: 0.45, drop: 0, taken: 3, knockOut: null });
    // At 3 Vitality the 3 it takes puts the target down: drop = hit.
    expect(
      outcomeOdds({ ...example, goal: 11, choices: {}, target: { ...example.target, vitality: 3 } }),
    ).toMatchObject({ hit: 0.45, hurt: 0.45, drop: 0.45 });
    // Armor 5 takes the whole blow: a hit, but nothing lost.
    expect(outcomeOdds({ ...example, goal: 11, choices: {}, target: { ...example.target, armor: 5 } })).toMatchObject({
      hit: 0.45,
      hurt: 0,
      drop: 0,
    });
  });
});

describe("Fading Suns outcome odds: each outcome as the apply finds it on scripted rolls", () => {
  const input: FsOutcomeInput = {
    goal: 7,
    kind: "melee",
    choices: { fightAction: "knockOut" },
    damage: 5,
    target: { defense: 2, armor: 2, vitality: 8, endurance: 4, vigor: 3 },
  };

  it("hit: a 5 (the goal, a critical) hits and a 6 misses, as the 25% counts them", () => {
    expect(applied(input, 5, 1, 1, 1).hit).toBe(true);
    expect(applied(input, 6, 1, 1, 1).hit).toBe(false);
    // A 20 never hits, whatever the reroll; a 1 always does, even against a goal below 1.
    expect(applied(input, 20, 1, 1, 1).hit).toBe(false);
    expect(applied({ ...input, goal: -5 }, 1, 20, 1, 1).hit).toBe(true);
    expect(outcomeOdds({ ...input, goal: -5 }).hit).toBe(1 / 20);
  });

  it("hurt: a hit takes 3 Vitality past the armor; armor 5 takes it all (hurt 0)", () => {
    expect(applyDamage({ vitality: 8, damage: 5, armor: 2 })).toEqual({ taken: 3, after: 5 });
    expect(applied({ ...input, choices: {} }, 3, 1, 1, 1)).toEqual({ hit: true, hurt: true, drop: false });
    const armored = { ...input, choices: {}, target: { ...input.target, armor: 5 } };
    expect(applied(armored, 3, 1, 1, 1)).toEqual({ hit: true, hurt: false, drop: false });
    expect(outcomeOdds(armored).hurt).toBe(0);
  });

  it("drop: the knock-out's roll of 3 fails (knocked out), 2 holds on; at 3 Vitality the blow itself drops it", () => {
    expect(applied(input, 3, 1, 3, 1).drop).toBe(true);
    expect(applied(input, 3, 1, 2, 1).drop).toBe(false);
    const low = { ...input, choices: {}, target: { ...input.target, vitality: 3 } };
    expect(downedBy(applyDamage({ vitality: 3, damage: 5, armor: 2 }))).toBe(true);
    expect(applied(low, 3, 1, 1, 1).drop).toBe(true);
    expect(outcomeOdds(low).drop).toBe(outcomeOdds(low).hit);
  });

  it("refuses numbers that are not numbers", () => {
    expect(() => outcomeOdds({ ...input, goal: Number.NaN })).toThrow(RangeError);
    expect(() => outcomeOdds({ ...input, target: { ...input.target, vitality: "8" as unknown as number } })).toThrow(
      RangeError,
    );
  });
});
