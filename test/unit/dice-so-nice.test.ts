import { describe, expect, it } from "vitest";
import { throwGroups } from "../../src/dice/dice-so-nice";

describe("Dice So Nice throws for a die code", () => {
  it("throws the ordinary dice, then the Wild Die with each explosion, then Character Point dice", () => {
    const groups = throwGroups([
      { result: 4, active: true, faces: [4] },
      { result: 5, active: true, faces: [5] },
      { result: 15, active: true, faces: [6, 6, 3], wild: true, exploded: true },
      { result: 7, active: true, faces: [6, 1], characterPoint: true, exploded: true },
    ]);
    expect(groups).toEqual([
      { kind: "ordinary", faces: [4, 5] },
      { kind: "wild", faces: [6, 6, 3] },
      { kind: "characterPoint", faces: [6, 1] },
    ]);
  });

  it("leaves out empty groups (1D is only the Wild Die)", () => {
    expect(throwGroups([{ result: 2, active: true, faces: [2], wild: true }])).toEqual([{ kind: "wild", faces: [2] }]);
  });
});
