import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import {
  codeOrder,
  defenseEnded,
  defenseValue,
  formatWoundChart,
  initiativeBonus,
  initiativeFormula,
  parseWoundChart,
  WOUND_CHART,
} from "../../src/rulesets/opend6/rules";

// OpenD6's tables as a GM edits them (world settings), read back exactly; numbers worked out by hand.
const od6 = api.rules.opend6;

describe("OpenD6 Wound-level chart as a world setting", () => {
  it("writes the default chart as text and reads it back line for line", () => {
    const text = formatWoundChart();
    expect(text).toBe("1 Stunned, 4 Wounded, 9 Severely Wounded, 13 Incapacitated, 16 Mortally Wounded");
    expect(parseWoundChart(text)).toEqual({ chart: WOUND_CHART, unread: [] });
  });

  it("reads an edited chart in any case, spacing and separator, and woundLevel follows it", () => {
    const { chart, unread } = parseWoundChart("6 incapacitated;\n1 WOUNDED ; 3: severely wounded");
    expect(unread).toEqual([]);
    expect(chart).toEqual([
      { from: 1, level: "wounded" },
      { from: 3, level: "severelyWounded" },
      { from: 6, level: "incapacitated" },
    ]);
    // 2 past resistance: Wounded (1-2); 5: Severely Wounded (3-5); 6 and more: Incapacitated.
    expect(od6.woundLevel(2, chart)).toBe("wounded");
    expect(od6.woundLevel(5, chart)).toBe("severelyWounded");
    expect(od6.woundLevel(40, chart)).toBe("incapacitated");
    expect(od6.woundLevel(0, chart)).toBe("none");
  });

  it("leaves out what it cannot read, and falls back to the default with nothing readable", () => {
    expect(parseWoundChart("1 Stunned, 0 Wounded, 4 <b>dead</b>, 5 Stunned, 8 Wounded")).toEqual({
      chart: [
        { from: 1, level: "stunned" },
        { from: 8, level: "wounded" },
      ],
      unread: ["0 Wounded", "4 <b>dead</b>", "5 Stunned"],
    });
    expect(parseWoundChart("nothing here")).toEqual({ chart: WOUND_CHART, unread: ["nothing here"] });
    expect(parseWoundChart("")).toEqual({ chart: WOUND_CHART, unread: [] });
    expect(parseWoundChart(undefined)).toEqual({ chart: WOUND_CHART, unread: [] });
  });
});

describe("OpenD6 initiative", () => {
  it("gives the optional bonus for search over its attribute or for Reflexes, the better, rounded down", () => {
    // search adds 3D+2: 3 dice, one 2D step: +1. Reflexes 7D+2: one 4D step: +1. Both +1: +1.
    expect(initiativeBonus("7D+2", "3D+2")).toBe(1);
    // search adds 4D: +2; Reflexes 3D: nothing.
    expect(initiativeBonus("3D", "4D")).toBe(2);
    // Reflexes 8D: +2; search adds 1D+2: nothing.
    expect(initiativeBonus("8D", "1D+2")).toBe(2);
    expect(initiativeBonus("3D+2", "0D")).toBe(0);
  });

  it("orders by codes without a roll: Perception, then search, Reflexes and dodge", () => {
    const a = codeOrder({ perception: "3D", search: "4D", reflexes: "3D+1", dodge: "4D+1" });
    expect(a).toBe(9.121013);
    // Same Perception and search, better Reflexes: ahead, whatever the dodge.
    const b = codeOrder({ perception: "3D", search: "4D", reflexes: "3D+2", dodge: "2D" });
    expect(b).toBeGreaterThan(a);
    // A better Perception is ahead of everything after it.
    expect(codeOrder({ perception: "3D+1", search: "0D", reflexes: "1D", dodge: "1D" })).toBeGreaterThan(b);
  });

  it("writes the formula each method rolls", () => {
    const codes = { perception: "3D+2", search: "5D", reflexes: "3D", dodge: "3D" };
    expect(initiativeFormula("round", codes)).toBe("3D+2");
    // The bonus joins the code as pips: 3D+2 and +1 is 4D.
    expect(initiativeFormula("scene", codes, 1)).toBe("4D");
    expect(initiativeFormula("firstAction", codes)).toBe("11.150909");
  });
});

describe("OpenD6 active defense", () => {
  it("stands in place of passive defense: full is the roll + 10, partial the roll, even below 10", () => {
    expect(defenseValue(10, null)).toBe(10);
    expect(defenseValue(12, { kind: "full", total: 14 })).toBe(24);
    // A partial defense rolled under passive defense makes the defender easier to hit (the text).
    expect(defenseValue(10, { kind: "partial", total: 7 })).toBe(7);
  });

  it("lasts from the defender's turn until its turn in the next round", () => {
    // Taken in round 2: all of round 2 after it, and round 3 until the bearer's turn.
    expect(defenseEnded(2, { round: 2, bearerTurnReached: true })).toBe(false);
    expect(defenseEnded(2, { round: 3, bearerTurnReached: false })).toBe(false);
    expect(defenseEnded(2, { round: 3, bearerTurnReached: true })).toBe(true);
    expect(defenseEnded(2, { round: 4, bearerTurnReached: false })).toBe(true);
  });
});
