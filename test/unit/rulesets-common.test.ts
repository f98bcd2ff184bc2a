import { describe, expect, it } from "vitest";
import { isOneOf } from "../../src/rulesets/common";

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
