import { describe, expect, it } from "vitest";
import { BONUS_LIMIT, FUDGE_BONUSES, bonusValue, painPenalty } from "../../src/rulesets/fudge/rules/play";
import {
  blowOf,
  bonusOf,
  rollBonus,
  soakOf,
  traitLevel,
  weaponOf,
  woundPenaltyOf,
  type FudgeActorLike,
} from "../../src/rulesets/fudge/data/source";
import { checkLine, checkChoices, dialogView, type FudgeDialogInput } from "../../src/rulesets/fudge/chat/dialog-form";

// Issue 30, point 3 for FUDGE: what the readers make of `system.bonuses.*` once Foundry has applied an
// actor's Active Effects to its prepared data (docs/fudge.md, "Effects that change rolls").

const actor = (system: Record<string, unknown>): FudgeActorLike => ({
  type: "fudge-character",
  system: { attributes: { build: 1, health: 0 }, wounds: {}, ...system },
  items: {
    contents: [
      { id: "sword0000000001", name: "Swordsmanship", type: "fudge-skill", system: { level: 1 } },
      { id: "leather00000001", name: "Leather", type: "fudge-armor", system: { protection: 1 } },
    ],
  },
});
const broadsword = weaponOf({ id: "b", name: "Broadsword", type: "fudge-weapon", system: { size: 2, sharp: true } });

describe("the bonuses an effect gives", () => {
  it("are five, read as whole numbers within the ladder's span (anything else counts 0)", () => {
    expect(FUDGE_BONUSES).toEqual(["rolls", "skills", "damage", "protection", "wounds"]);
    expect(bonusValue(2)).toBe(2);
    expect(bonusValue(-1.7)).toBe(-1);
    expect(bonusValue(99)).toBe(BONUS_LIMIT);
    expect(bonusValue(-99)).toBe(-BONUS_LIMIT);
    expect([bonusValue("2"), bonusValue(Number.NaN), bonusValue(undefined)]).toEqual([0, 0, 0]);
    expect(bonusOf(actor({}), "rolls")).toBe(0);
    expect(bonusOf(actor({ bonuses: { rolls: 1 } }), "rolls")).toBe(1);
  });

  it("`wounds` eases the wound penalty by levels, never into a bonus, and only for a wounded actor", () => {
    expect(painPenalty({ major: 1 }, "normal", 1)).toBe(-1);
    expect(painPenalty({ major: 1 }, "high", 1)).toBe(0);
    expect(painPenalty({ light: 1 }, "normal", 3)).toBe(0);
    expect(painPenalty({ light: 1 }, "normal", -1)).toBe(-2);
    expect(painPenalty({ scratch: 3 }, "normal", -2)).toBe(0);
    expect(woundPenaltyOf(actor({ wounds: { critical: 1 }, bonuses: { wounds: 2 } }))).toBe(-1);
  });

  it("`skills` raises every skill, listed or untrained, and no attribute", () => {
    const blessed = actor({ bonuses: { skills: 1 } });
    expect(traitLevel(blessed, { kind: "skill", id: "sword0000000001" })).toBe(2);
    expect(traitLevel(blessed, { kind: "untrained", helped: false, name: "Climbing" })).toBe(-1);
    expect(traitLevel(blessed, { kind: "attribute", id: "build" })).toBe(1);
    expect(traitLevel(blessed, { kind: "situational" })).toBe(0);
  });

  it("`rolls` joins a won Tactics roll's +1; `damage` and `protection` move the two factors", () => {
    expect(rollBonus(actor({ tactics: 1, bonuses: { rolls: 2 } }))).toBe(3);
    expect(blowOf(actor({ bonuses: { damage: 2 } }), broadsword).size).toBe(4);
    expect(blowOf(actor({}), broadsword).size).toBe(2);
    expect(soakOf(actor({ bonuses: { protection: 2 } }))).toEqual({ health: 2, armor: 1, massScale: 0 });
  });
});

describe("the check dialog with an effect's bonus", () => {
  const input = (penalty: number): FudgeDialogInput => ({
    kind: "check",
    traits: [{ value: "skill:climb", label: "Climbing", localize: false, level: 1 }],
    trait: { kind: "skill", id: "climb" },
    penalty,
    stance: "normal",
    targets: 0,
    opponent: null,
  });

  it("signs what is added to the roll either way, and counts it in the formula and the odds", () => {
    expect([dialogView(input(1)).penalty, dialogView(input(-2)).penalty, dialogView(input(0)).penalty]).toEqual([
      "+1",
      "\u22122",
      null,
    ]);
    const line = (penalty: number) =>
      checkLine(
        input(penalty),
        checkChoices(input(penalty), Object.entries({ trait: "skill:climb", difficulty: "0" })),
      );
    expect(line(1).formula).toBe(line(0).formula.replace("+1", "+2"));
    // Good + 1 against Fair: a Great roller's chance, the same as a Great skill without the bonus.
    const great = { ...input(0), traits: [{ value: "skill:climb", label: "Climbing", localize: false, level: 2 }] };
    expect(line(1).data).toEqual(
      checkLine(great, checkChoices(great, Object.entries({ trait: "skill:climb", difficulty: "0" }))).data,
    );
    expect(line(1).data).not.toEqual(line(0).data);
  });
});
