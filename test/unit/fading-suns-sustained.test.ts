import { describe, expect, it } from "vitest";
import {
  SUSTAINED_TASKS,
  WOUND_PENALTIES,
  formatSustainedTable,
  formatWoundPenalties,
  parseSustainedTable,
  parseWoundPenalties,
  sustainedTotal,
  woundPenalty,
} from "../../src/rulesets/fading-suns/rules";

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

  it("reads a GM's chart, keeping the text's number for a task it leaves out or cannot read", () => {
    const text = { simple: 5, complex: 10, involved: 15, obscure: 20, arcane: 25 };
    expect(formatSustainedTable(text)).toBe("simple 5, complex 10, involved 15, obscure 20, arcane 25");
    expect(parseSustainedTable(formatSustainedTable(text))).toEqual(text);
    expect(parseSustainedTable("Simple 3; arcane 30, complex ten, involved 0, obscure 21 VP, tricky 4")).toEqual({
      ...text,
      simple: 3,
      arcane: 30,
    });
    expect(parseSustainedTable(undefined)).toEqual(text);
    expect(parseSustainedTable(7)).toEqual(text);
  });
});

describe("Fading Suns wound penalties as a GM writes them", () => {
  it("lists the text's track first wounded level first, and reads a GM's list back", () => {
    expect(formatWoundPenalties(WOUND_PENALTIES)).toBe("-2, -4, -6, -8, -10");
    expect(parseWoundPenalties("-2, -4, -6, -8, -10")).toEqual(WOUND_PENALTIES);
    // Three levels: -1 at 3 left, -2 at 2, -4 at 1 (typographic minus signs too).
    const three = parseWoundPenalties("\u22121 \u22122 \u22124");
    expect([4, 3, 2, 1, 0].map((v) => woundPenalty(v, three))).toEqual([0, -1, -2, -4, -4]);
  });

  it("keeps the text's track when the list cannot be read", () => {
    for (const bad of [undefined, "", "-2, x", "2, -4", "-21", Array(11).fill("-1").join(","), 5])
      expect(parseWoundPenalties(bad)).toEqual(WOUND_PENALTIES);
  });
});
