import { describe, expect, it } from "vitest";
import { SUSTAINED_TASKS, sustainedTotal } from "../../src/rulesets/fading-suns/rules";

describe("Fading Suns sustained actions", () => {
  it("holds the sustained action chart: Simple 5 to Arcane 25", () => {
    expect(SUSTAINED_TASKS.map((t) => [t.id, t.vp])).toEqual([
      ["simple", 5],
      ["complex", 10],
      ["involved", 15],
      ["obscure", 20],
      ["arcane", 25],
    ]);
  });

  it("adds each roll's VP, nothing for a failure, and loses all gathered so far at a critical failure", () => {
    expect(sustainedTotal([])).toBe(0);
    // 3 + 0 + 4 = 7
    expect(
      sustainedTotal([
        { outcome: "success", victoryPoints: 3 },
        { outcome: "failure", victoryPoints: 0 },
        { outcome: "critical", victoryPoints: 4 },
      ]),
    ).toBe(7);
    // 7, spoiled, then 2
    expect(
      sustainedTotal([
        { outcome: "success", victoryPoints: 7 },
        { outcome: "criticalFailure", victoryPoints: 0 },
        { outcome: "success", victoryPoints: 2 },
      ]),
    ).toBe(2);
  });
});
