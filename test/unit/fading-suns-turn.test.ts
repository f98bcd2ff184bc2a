import { describe, expect, it } from "vitest";
import { actNowInitiative, stanceChoiceOf, stanceEnds } from "../../src/rulesets/fading-suns/rules";
import { fadingSuns } from "../../src/rulesets/fading-suns/rules/definition";

// The text's turn: stance declared (step 2) and kept until the fighter's next turn, initiative
// Dexterity + Wits + situation + d6, and a held action going before anyone the holder out-rolled.

describe("Fading Suns turn rules", () => {
  it("ends a stance at the fighter's turn in a later round than it was declared for", () => {
    const now = (round: number) => ({ combat: "c1", round });
    expect(stanceEnds({ combat: "c1", round: 2 }, now(2))).toBe(false);
    expect(stanceEnds({ combat: "c1", round: 2 }, now(3))).toBe(true);
    // Declared before the fight (round 0), outside any (null), in another fight, or never stamped: round 1.
    for (const since of [{ combat: "c1", round: 0 }, { combat: null, round: 0 }, { combat: "c0", round: 7 }, null]) {
      expect(stanceEnds(since, now(1))).toBe(false);
      expect(stanceEnds(since, now(2))).toBe(true);
    }
  });

  it("names the aggressive fighter's pick in the list of stances", () => {
    expect(stanceChoiceOf("aggressive", "damage")).toBe("aggressive:damage");
    expect(stanceChoiceOf("aggressive", "goal")).toBe("aggressive:goal");
    expect(stanceChoiceOf("fullDefense", "damage")).toBe("fullDefense");
  });

  it("lets a held action go right before a fighter the holder out-rolled, never one that rolled as high", () => {
    expect(actNowInitiative(14, 9)).toBe(9.5);
    expect(actNowInitiative(9, 9)).toBeNull();
    expect(actNowInitiative(8, 9)).toBeNull();
    expect(actNowInitiative(null, 9)).toBeNull();
  });

  it("rolls initiative as Dexterity + Wits + situation + 1d6", () => {
    const formula = fadingSuns.initiative.formula;
    expect(formula({ characteristics: { dexterity: 6, wits: 5 }, situation: -2 })).toBe("1d6 + 9");
    expect(formula({ characteristics: { dexterity: 3, wits: 3 } })).toBe("1d6 + 6");
  });
});
