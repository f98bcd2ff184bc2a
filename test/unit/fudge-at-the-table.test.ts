import { describe, expect, it } from "vitest";
import { DEFAULT_TABLES, parseDamageTable, woundRanges } from "../../src/rulesets/fudge/rules/tables";

// Issue 29's FUDGE "missing" list, the pure rules (fudge.txt, Yoki's combat).

describe("FUDGE: the wound track's damage labels come from the wound table", () => {
  it('"The numbers above the wound levels represent the amount of damage needed in a single blow to inflict the wound listed under the number"', () => {
    expect(woundRanges(DEFAULT_TABLES.wounds)).toEqual({
      scratch: "1–3",
      light: "4–6",
      major: "7–9",
      critical: "10–12",
      coma: "13+",
    });
    // A GM's harsher table, typed in any order.
    const harsh = parseDamageTable("9 coma, 1 scratch, 3 light, 5 major, 7 critical", DEFAULT_TABLES.wounds);
    expect(woundRanges(harsh)).toEqual({ scratch: "1–2", light: "3–4", major: "5–6", critical: "7–8", coma: "9+" });
  });

  it("shows one damage alone, a level the table never deals as null, and a level reached twice", () => {
    expect(woundRanges(parseDamageTable("0 scratch, 1 light, 2 major", DEFAULT_TABLES.wounds))).toEqual({
      scratch: "0",
      light: "1",
      major: "2+",
      critical: null,
      coma: null,
    });
    expect(woundRanges(parseDamageTable("-2 scratch, 4 light, 6 scratch, 8 coma", DEFAULT_TABLES.wounds))).toEqual({
      scratch: "−2–3, 6–7",
      light: "4–5",
      major: null,
      critical: null,
      coma: "8+",
    });
  });
});
