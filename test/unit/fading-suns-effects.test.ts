import { describe, expect, it } from "vitest";
import { goalOf, type FsRollDialogInput } from "../../src/rulesets/fading-suns/chat/dialog-form";
import {
  attackDamage,
  damageBonus,
  derive,
  type FadingSunsSource,
  type GoalChoices,
} from "../../src/rulesets/fading-suns/rules";

// Issue 30, point 3: what Active Effects add through system.bonuses (docs/fading-suns.md, "Effects that
// change rolls"), in the pure functions every roll and the GM's apply read. Numbers worked out by hand.

const source = (over: Partial<FadingSunsSource> = {}): FadingSunsSource => ({
  strength: 7,
  endurance: 5,
  vitality: { value: null, max: null },
  defense: 1,
  stance: "neutral",
  aggressive: "goal",
  surprised: false,
  armor: [3, 5],
  ...over,
});

describe("Fading Suns: derive reads the effects' bonuses", () => {
  it("without bonuses nothing changes, and the roll bonuses are 0", () => {
    const d = derive(source());
    expect(d).toMatchObject({ defense: 1, armor: 5, bonuses: { goal: 0, attack: 0, damage: 0 } });
    expect(d.woundPenalties).toEqual([-10, -8, -6, -4, -2]);
  });

  it("Defense and armor take theirs; armor never goes below 0", () => {
    const d = derive(source({ bonuses: { defense: 2, armor: 1, goal: 1, attack: 2, damage: -1 } }));
    expect(d).toMatchObject({ defense: 3, armor: 6, bonuses: { goal: 1, attack: 2, damage: -1 } });
    expect(derive(source({ bonuses: { armor: -9 } })).armor).toBe(0);
  });

  it("a Defense bonus goes with the stance, and surprise still leaves 0", () => {
    // Whatever the stance adds, the blessing adds its 2 on top.
    expect(derive(source({ stance: "fullDefense", bonuses: { defense: 2 } })).defense).toBe(
      derive(source({ stance: "fullDefense" })).defense + 2,
    );
    expect(derive(source({ surprised: true, bonuses: { defense: 2 } })).defense).toBe(0);
  });

  it("a wound bonus eases each level's penalty, never past 0", () => {
    // 3 Vitality left of 10: −6, eased by 2: −4; the track from the last level up.
    const d = derive(source({ vitality: { value: 3, max: null }, bonuses: { wounds: 2 } }));
    expect(d.woundPenalties).toEqual([-8, -6, -4, -2, 0]);
    expect(d.woundPenalty).toBe(-4);
    expect(derive(source({ vitality: { value: 3, max: null }, bonuses: { wounds: 20 } })).woundPenalty).toBe(0);
  });
});

describe("Fading Suns: a hit's damage with an effect's bonus", () => {
  const base = { weapon: 4, kind: "melee" as const, strengthBonus: 1, stanceDamage: 0 };
  const bonus = (effects: number, choices: GoalChoices = {}) =>
    damageBonus(attackDamage({ ...base, choices }), effects, "melee", choices);

  it("adds to the listed number after bonuses (4 + Strength 1 = 5)", () => {
    expect(bonus(2)).toBe(2);
    expect(bonus(0)).toBe(0);
  });

  it("never takes the damage below 0", () => {
    expect(bonus(-9)).toBe(-5);
  });

  it("leaves knockdown's flat DMG 0 at 0", () => {
    expect(bonus(3, { fightAction: "knockdown" })).toBe(0);
  });
});

describe("Fading Suns: the goal's parts name the effects", () => {
  const input: FsRollDialogInput = {
    kind: "check",
    characteristics: { perception: 4 },
    characteristic: "perception",
    skill: 4,
    woundPenalty: -2,
    stanceGoal: 0,
  };

  it("an effect's bonus is its own part, after the wounds", () => {
    expect(goalOf({ ...input, effectGoal: 1 }, {})).toEqual({
      characteristic: "perception",
      natural: 8,
      parts: [
        { id: "wounds", value: -2 },
        { id: "effects", value: 1 },
      ],
      goal: 7,
    });
    expect(goalOf(input, {}).parts).toEqual([{ id: "wounds", value: -2 }]);
  });
});
