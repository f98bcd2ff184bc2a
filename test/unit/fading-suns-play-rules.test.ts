import { describe, expect, it } from "vitest";
import {
  applyDamage,
  attackDamage,
  goalOdds,
  goalParts,
  targetDefense,
  vitalityMax,
  woundPenalty,
} from "../../src/rulesets/fading-suns/rules";
import { choicesFromForm } from "../../src/rulesets/fading-suns/chat/dialog-form";

// Fading Suns at the table, pure parts; numbers worked out by hand from fading-suns.txt and the decisions.

describe("Fading Suns exact goal odds", () => {
  it("counts a goal of 10 outside combat: 10 successes in 20, one critical, a 20 rerolled over 10", () => {
    const odds = goalOdds(10);
    expect(odds.success).toBeCloseTo(10 / 20, 12);
    expect(odds.critical).toBeCloseTo(1 / 20, 12);
    // 20, then 11-20 on the reroll (10 of 20).
    expect(odds.criticalFailure).toBeCloseTo(10 / 400, 12);
    // VP of 1..10: 0+1+1+2+2+3+3+4+4+5 = 25, over 20.
    expect(odds.expectedVictoryPoints).toBeCloseTo(25 / 20, 12);
  });

  it("adds a combat critical's successful reroll: goal 4 in combat", () => {
    // 1-4 succeed; the 4 (2 VP) rerolls: 1 adds 0, 2-3 add 1, 4 adds 2 → (0+1+1+2)/20 more VP.
    // VP: (0 + 1 + 1) / 20 + (2 + 4 / 20) / 20.
    const odds = goalOdds(4, true);
    expect(odds.success).toBeCloseTo(4 / 20, 12);
    expect(odds.expectedVictoryPoints).toBeCloseTo(2 / 20 + (2 + 4 / 20) / 20, 12);
    // Goal 0: only a 1 succeeds; a 20's reroll fails unless a 1.
    expect(goalOdds(0).success).toBeCloseTo(1 / 20, 12);
    expect(goalOdds(0).criticalFailure).toBeCloseTo(19 / 400, 12);
  });
});

describe("Fading Suns Vitality", () => {
  it("is Endurance + 5, with -2 to -10 on the last five levels", () => {
    expect(vitalityMax(5)).toBe(10);
    expect([7, 6, 5, 4, 3, 2, 1, 0, -2].map((v) => woundPenalty(v))).toEqual([0, 0, -2, -4, -6, -8, -10, -10, -10]);
  });

  it("takes damage past armor, never less than nothing", () => {
    expect(applyDamage({ vitality: 9, damage: 9, armor: 2 })).toEqual({ taken: 7, after: 2 });
    expect(applyDamage({ vitality: 9, damage: 2, armor: 4 })).toEqual({ taken: 0, after: 9 });
  });
});

describe("Fading Suns goal and Defense modifiers", () => {
  it("lists each chart's modifier for the roll's kind", () => {
    const parts = goalParts(
      {
        level: "hard",
        sight: "fog",
        conditions: ["offHand", "drawing"],
        calledShot: -4,
        move: "charge",
        fromGround: true,
        fightAction: "disarm",
        range: "extreme",
        fireAction: "emptyClip",
        aim: 5,
      },
      "melee",
    );
    // Range, aim and the firearms action do not count in melee.
    expect(parts).toEqual([
      { id: "level", value: -2 },
      { id: "sight", value: -4 },
      { id: "offHand", value: -4 },
      { id: "drawing", value: -2 },
      { id: "calledShot", value: -4 },
      { id: "move", value: 2 },
      { id: "fromGround", value: -2 },
      { id: "fightAction", value: -4 },
    ]);
    // At range: extreme -4, aim capped at +3, empty the clip -4.
    expect(goalParts({ range: "extreme", aim: 5, fireAction: "emptyClip" }, "ranged")).toEqual([
      { id: "range", value: -4 },
      { id: "aim", value: 3 },
      { id: "fireAction", value: -4 },
    ]);
  });

  it("moves the target's Defense by cover, posture against ranged or melee, floor, group and bursts", () => {
    const choices = { targetCover: "full", targetPosture: "prone", targetSlippery: true, group: 3 } as const;
    // Melee: 1 + 4 - 2 - 1 + 2 (two more fighters) = 4.
    expect(targetDefense(1, choices, "melee")).toEqual({ own: 1, conditions: 3, burst: 0, value: 4 });
    // Ranged, emptying the clip: 1 + 4 + 2 - 1 - 3 = 3.
    expect(targetDefense(1, { ...choices, fireAction: "emptyClip" }, "ranged")).toEqual({
      own: 1,
      conditions: 5,
      burst: -3,
      value: 3,
    });
  });

  it("builds damage from DMG, Strength, stance and burst (no VP), with a charge's effect dice", () => {
    expect(
      attackDamage({
        weapon: 5,
        kind: "melee",
        choices: { move: "charge", charge: 4, fightAction: "knockOut" },
        strengthBonus: 2,
        stanceDamage: 2,
      }),
    ).toEqual({ base: 5, strength: 2, stance: 2, action: 0, total: 9, effectDice: 4 });
    // Grapple does 2 whatever the weapon; a short burst adds 3 and no Strength at range.
    expect(
      attackDamage({
        weapon: 6,
        kind: "melee",
        choices: { fightAction: "grapple" },
        strengthBonus: 1,
        stanceDamage: 0,
      }).total,
    ).toBe(3);
    expect(
      attackDamage({
        weapon: 6,
        kind: "ranged",
        choices: { fireAction: "shortBurst" },
        strengthBonus: 1,
        stanceDamage: 0,
      }).total,
    ).toBe(9);
  });

  it("reads the dialog's form with every value bounded", () => {
    expect(
      choicesFromForm("check", [
        ["characteristic", "faith"],
        ["level", "nonsense"],
        ["conditions", "offHand"],
        ["conditions", "<b>"],
        ["calledShot", "-3"],
        ["other", "99"],
        ["combat", "on"],
      ]),
    ).toMatchObject({
      characteristic: "faith",
      level: "standard",
      conditions: ["offHand"],
      calledShot: 0,
      // The other modifier stops at ±10 (docs/rules-decisions.md).
      other: 10,
      combat: true,
    });
    expect(
      choicesFromForm("ranged", [
        ["aim", "9"],
        ["fireAction", "longBurst"],
        ["range", "sniper"],
      ]),
    ).toMatchObject({
      aim: 3,
      fireAction: "longBurst",
      range: "sniper",
      combat: true,
    });
  });
});
