import { describe, expect, it } from "vitest";
import { choicesFromForm, goalOf } from "../../src/rulesets/fading-suns/chat/dialog-form";
import { goalParts, resolveGoal } from "../../src/rulesets/fading-suns/rules";

// Complementary actions (the marsh eel, Lissa's detonator), the Spirit chart and suppressing fire in the
// goal: numbers from fading-suns.txt, worked out by hand.

const input = {
  kind: "check" as const,
  characteristics: { wits: 5, tech: 4 },
  characteristic: "wits" as const,
  skill: 3,
  woundPenalty: 0,
  stanceGoal: 0,
};

describe("Fading Suns complementary actions", () => {
  it("turns the marsh eel's complementary Victory Points into a goal bonus", () => {
    // Planetary Lore: Wits 4 + 4 = 8; a 6 succeeds with 3 VP.
    const lore = resolveGoal({ goal: 8, rolls: [6] });
    expect(lore.victoryPoints).toBe(3);
    // Physick with Wits 5 + 3 = 8, +3 from the complementary roll: 11.
    const physick = goalOf(input, { complementary: lore.victoryPoints });
    expect(physick.parts).toEqual([{ id: "complementary", value: 3 }]);
    expect(physick.goal).toBe(11);
  });

  it("adds half a quick complementary skill's rating (Lissa's Tech Redemption 7: +3), at least 1", () => {
    expect(goalParts({ quickRating: 7 }, "check")).toEqual([{ id: "quickComplementary", value: 3 }]);
    expect(goalParts({ quickRating: 1 }, "check")).toEqual([{ id: "quickComplementary", value: 1 }]);
    // Only one complementary skill: a rolled one takes the quick one's place; attacks take no quick one.
    expect(goalParts({ quickRating: 7, complementary: 2 }, "check")).toEqual([{ id: "complementary", value: 2 }]);
    expect(goalParts({ quickRating: 7 }, "melee")).toEqual([]);
  });

  it("costs both rolls −2 when the complementary roll is made in the same turn", () => {
    expect(goalParts({ sameTurn: true }, "check")).toEqual([{ id: "sameTurn", value: -2 }]);
    expect(goalParts({ sameTurn: true, complementary: 4 }, "check")).toEqual([
      { id: "complementary", value: 4 },
      { id: "sameTurn", value: -2 },
    ]);
  });

  it("reads the quick skill's rating from the roller's skills, never from the form", () => {
    const skills = [{ id: "techRedemption", name: "Tech Redemption", rating: 7 }];
    const read = choicesFromForm(
      "check",
      [
        ["quickSkill", "techRedemption"],
        ["quickRating", "40"],
        ["complementary", "99"],
        ["sameTurn", "on"],
        ["spirit", "life"],
      ],
      skills,
    );
    expect(read).toMatchObject({ quickRating: 7, complementary: 18, sameTurn: true, spirit: "life" });
    expect(choicesFromForm("check", [["quickSkill", "<b>x</b>"]], skills).quickRating).toBeUndefined();
  });
});

describe("Fading Suns Spirit chart and suppressing fire", () => {
  it("adds what is at stake: a life threatened +5, money +1, in combat +1", () => {
    expect(goalParts({ spirit: "life" }, "check")).toEqual([{ id: "spirit", value: 5 }]);
    expect(goalParts({ spirit: "money" }, "check")).toEqual([{ id: "spirit", value: 1 }]);
    expect(goalParts({ spirit: "inCombat" }, "ranged")).toContainEqual({ id: "spirit", value: 1 });
  });

  it("lays suppressing fire with no goal or damage change of its own", () => {
    expect(goalParts({ fireAction: "suppressing" }, "ranged")).toEqual([]);
  });
});
