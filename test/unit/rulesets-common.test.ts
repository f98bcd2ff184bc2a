import { describe, expect, it } from "vitest";
import { byId, isOneOf, labelKeys } from "../../src/rulesets/common";

// The pure helpers every rule set's rules and data share (src/rulesets/common.ts).

describe("isOneOf", () => {
  const PARTS = ["head", "torso"] as const;

  it("accepts exactly the listed names", () => {
    expect(isOneOf(PARTS, "head")).toBe(true);
    expect(isOneOf(PARTS, "torso")).toBe(true);
    expect(isOneOf(PARTS, "arm")).toBe(false);
    expect(isOneOf(PARTS, "Head")).toBe(false);
  });

  it("refuses what is not a string, even when it would compare equal", () => {
    for (const value of [undefined, null, 0, ["head"], { toString: () => "head" }]) {
      expect(isOneOf(PARTS, value)).toBe(false);
    }
    expect(isOneOf([] as string[], "")).toBe(false);
  });
});

describe("byId", () => {
  it("builds a frozen record with one entry per id, in the list's order", () => {
    const lengths = byId(["torso", "arm", "head"], (id) => id.length);
    expect(lengths).toEqual({ torso: 5, arm: 3, head: 4 });
    expect(Object.keys(lengths)).toEqual(["torso", "arm", "head"]);
    expect(Object.isFrozen(lengths)).toBe(true);
  });
});

describe("labelKeys", () => {
  it("joins the prefix, each id and the suffix", () => {
    expect(labelKeys("ANTHOLOGY.Fade.Encumbrance", ["light", "heavy"])).toEqual({
      light: "ANTHOLOGY.Fade.Encumbrance.light",
      heavy: "ANTHOLOGY.Fade.Encumbrance.heavy",
    });
    expect(labelKeys("ANTHOLOGY.Fudge.FIELDS", ["build"], ".label")).toEqual({
      build: "ANTHOLOGY.Fudge.FIELDS.build.label",
    });
  });

  it("is frozen, and empty for no ids", () => {
    expect(Object.isFrozen(labelKeys("ANTHOLOGY.X", ["a"]))).toBe(true);
    expect(labelKeys("ANTHOLOGY.X", [])).toEqual({});
  });
});
