import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { UNARMED_ATTACK, unarmedDamage, unarmedReaches } from "../../src/rulesets/opend6/rules";

// OpenD6's close combat rules (issue 29, OpenD6 missing), worked out by hand from the text.

describe("OpenD6: the unarmed blow", () => {
  it('"damage total = roll of weapon damage die code plus character\'s Strength Damage die code": unarmed, the code is Strength Damage alone', () => {
    expect(UNARMED_ATTACK.skill).toBe("brawling");
    expect(unarmedDamage("2D")).toBe("2D");
    // The text's examples: Physique 3D gives 2D, lifting 6D+2 gives 3D.
    expect(api.rules.opend6.unarmedDamage("3D")).toBe("2D");
    expect(api.rules.opend6.unarmedDamage("6D+2")).toBe("3D");
    expect(() => api.rules.opend6.unarmedDamage("lots")).toThrow(RangeError);
  });

  it('"characters may use unarmed close combat attacks at Point Blank range only"', () => {
    expect(unarmedReaches("pointBlank")).toBe(true);
    expect(["short", "medium", "long"].map((r) => api.rules.opend6.unarmedReaches(r as never))).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe("OpenD6: who can act, and how long a knockout lasts", () => {
  it('"a character rendered unconscious, immobile, or otherwise unable to act loses his action"', () => {
    expect(api.rules.opend6.actionRefusal("severelyWounded")).toBeNull();
    expect(api.rules.opend6.actionRefusal("incapacitated")).toBe("outOfAction");
    expect(api.rules.opend6.actionRefusal("mortallyWounded", true)).toBe("outOfAction");
    expect(api.rules.opend6.actionRefusal("none", true)).toBe("unconscious");
  });

  it('"he falls unconscious for a number of hours equal to difference between the combat skill total and the combat difficulty"', () => {
    expect(api.rules.opend6.knockoutHours(18, 15)).toBe(3);
    expect(api.rules.opend6.knockoutHours(15, 15)).toBe(0);
    expect(() => api.rules.opend6.knockoutHours(Number.NaN, 15)).toThrow(RangeError);
  });
});
