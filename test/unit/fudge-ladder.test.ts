import { describe, expect, it } from "vitest";
import { ladderLabel, relativeDegree } from "../../src/dice/ladder";
import { format as fill, localize } from "../foundry/stand-in";

const read = (level: number) => {
  const { key, data } = ladderLabel(level);
  return fill(key, { ...data }) || localize(key);
};

describe("FUDGE trait ladder", () => {
  it("reads -3..+3 as the seven words, Fair at 0", () => {
    expect([-3, -2, -1, 0, 1, 2, 3].map(read)).toEqual([
      "Terrible",
      "Poor",
      "Mediocre",
      "Fair",
      "Good",
      "Great",
      "Superb",
    ]);
  });

  it("names one step beyond each end, then counts steps from Superb and Terrible", () => {
    expect([4, 5, 7, -4, -5, -6].map(read)).toEqual([
      "Legendary",
      "Superb +2",
      "Superb +4",
      "Infamous",
      "Terrible -2",
      "Terrible -3",
    ]);
  });

  it("reads a Fair trait (+0) rolled +2 as Great; relative degree is the difference", () => {
    expect(read(2 + 0)).toBe("Great");
    expect(relativeDegree(2, 3)).toBe(-1);
    expect(relativeDegree(1, -1)).toBe(2);
  });

  it("refuses a fractional level", () => {
    expect(() => ladderLabel(1.5)).toThrow(RangeError);
  });
});
