import { describe, expect, it } from "vitest";
import { MAX_AHEAD, checkAhead, checkTarget } from "../../src/time-count/bounds";
import { TimeCountError } from "../../src/time-count/time-count-error";

const code = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(TimeCountError);
    return (error as TimeCountError).code;
  }
  return "accepted";
};

describe("a TC from outside the count", () => {
  it("must be a finite number, not in the past, and at most MAX_AHEAD past the count", () => {
    expect(checkTarget(12, 10)).toBe(12);
    expect(checkTarget(10 + MAX_AHEAD, 10)).toBe(10 + MAX_AHEAD);
    expect(code(() => checkTarget(11 + MAX_AHEAD, 10))).toBe("tooLarge");
    expect(code(() => checkTarget(1e308, 10))).toBe("tooLarge");
    expect(code(() => checkTarget(9, 10))).toBe("inThePast");
    for (const bad of [Number.NaN, Infinity, -Infinity, "12", null, undefined, {}, [12]]) {
      expect(
        code(() => checkTarget(bad, 10)),
        String(bad),
      ).toBe("notFinite");
    }
  });

  it("says how far it may reach", () => {
    try {
      checkAhead(MAX_AHEAD + 1, 5000);
    } catch (error) {
      expect(error).toMatchObject({ data: { value: "5000", max: String(MAX_AHEAD) } });
    }
    expect(checkAhead(MAX_AHEAD)).toBe(MAX_AHEAD);
  });
});
