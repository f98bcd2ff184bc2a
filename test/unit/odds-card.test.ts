import { describe, expect, it } from "vitest";
import { odds, oddsCard, parseOddsCommand, percent } from "../../src/dice";

describe("/odds command and card", () => {
  it("reads the command", () => {
    expect(parseOddsCommand("/odds 8k4x vs 30")).toEqual({ formula: "8k4x", target: 30 });
    expect(parseOddsCommand("/ODDS 4dF+2")).toEqual({ formula: "4dF+2" });
    expect(parseOddsCommand("/odds")).toEqual({ formula: "" });
    expect(parseOddsCommand("/r 1d20")).toBeNull();
    expect(parseOddsCommand("/oddsmaker 1")).toBeNull();
  });

  it("draws bars relative to the most likely total and gives the chance of the target", () => {
    const card = oddsCard(odds("2d6"), 10);
    expect(card.rows.map((r) => r.total)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(card.rows.find((r) => r.total === 7)).toEqual({ total: 7, percent: "16.7%", width: 100 });
    expect(card.rows.find((r) => r.total === 2)!.width).toBe(17);
    expect(card.atLeast).toBe("16.7%");
    expect(card.mean).toBe("7.00");
    expect(card.hidden).toBeUndefined();
  });

  it("leaves out totals too rare to draw but says how much they weigh, and reports truncation", () => {
    const card = oddsCard(odds("8k4x"), 30);
    expect(card.rows.length).toBeGreaterThan(10);
    expect(card.hidden).toBeDefined();
    // Tiny (below 1e-12, how far explosions are followed) and written as a power of ten.
    expect(card.truncated).toMatch(/e-1\d$/);
    expect(card.critical).toMatch(/%$/);
  });

  it("shows an impossible roll as such", () => {
    const card = oddsCard(odds("5k0"), 5);
    expect(card).toMatchObject({ impossible: true, mean: "\u2014", atLeast: "0%", rows: [] });
  });

  it("formats percentages at the edges", () => {
    expect([0, 0.0004, 0.5, 0.9995, 1].map(percent)).toEqual(["0%", "<0.1%", "50.0%", ">99.9%", "100%"]);
  });
});
