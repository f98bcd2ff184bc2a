import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LIMITS, parse, roll, rollCard, scriptedDie } from "../../src/dice";
import { STORED_ROLL_KEYS, storedRollProblem, storedTermProblem } from "../../src/dice/stored-roll";
import { foundryHandlebars } from "../foundry/handlebars";

/** A chat message's roll as Foundry stores it: an 8k4x + 5 with one exploded die. */
function stored(): Record<string, unknown> {
  return {
    class: "AnthologyRoll",
    options: { against: 30 },
    formula: "8k4x + 5",
    terms: [
      {
        class: "KeepDice",
        number: 8,
        faces: 10,
        modifiers: ["k4", "x10"],
        results: [[10, 7], [3], [9], [2], [8], [5], [6], [1]].map((faces, i) => ({
          result: faces.reduce((a, b) => a + b, 0),
          active: i === 0 || i === 2 || i === 4 || i === 6,
          faces,
          ...(faces.length > 1 ? { exploded: true } : {}),
        })),
        options: {},
        evaluated: true,
      },
      { class: "OperatorTerm", operator: "+", options: {}, evaluated: true },
      { class: "NumericTerm", number: 5, options: {}, evaluated: true },
    ],
    total: 45,
    evaluated: true,
  };
}

type Json = Record<string, unknown>;
const keepTerm = (data: Json): Json => (data.terms as Json[])[0]!;

describe("stored roll data is checked like user input", () => {
  it("accepts what the dice engine makes, and Foundry's own terms", () => {
    expect(storedRollProblem(stored())).toBeNull();
    const plain = {
      class: "AnthologyRoll",
      formula: "1d20 + 5",
      terms: [{ class: "Die", number: 1, faces: 20, results: [{ result: 12, active: true }] }],
      total: 17,
    };
    expect(storedRollProblem(plain)).toBeNull();
    // A pool nobody has rolled yet, and results typed in by hand (no faces).
    expect(storedTermProblem("keep", { number: 3, modifiers: ["k2", "n"], results: [] })).toBeNull();
    expect(
      storedTermProblem("code", { number: 2, modifiers: ["cp1"], results: [{ result: 4, active: true }] }),
    ).toBeNull();
    expect(
      storedTermProblem("fudge", { number: 4, modifiers: [], results: [{ result: -1, active: true, faces: [1] }] }),
    ).toBeNull();
  });

  it.each<[string, (data: Json) => unknown, string]>([
    ["not an object", () => "8k4", STORED_ROLL_KEYS.shape],
    ["terms that are not a list", (d) => ({ ...d, terms: "KeepDice" }), STORED_ROLL_KEYS.shape],
    ["a formula that is not text", (d) => ({ ...d, formula: 42 }), STORED_ROLL_KEYS.shape],
    ["a total that is not a number", (d) => ({ ...d, total: "45" }), STORED_ROLL_KEYS.shape],
    ["a huge formula", (d) => ({ ...d, formula: "1".repeat(100_000) }), STORED_ROLL_KEYS.tooLong],
    ["NaN for a total", (d) => ({ ...d, total: NaN }), STORED_ROLL_KEYS.number],
    [
      "Infinity in a result",
      (d) => ({ ...d, terms: [{ class: "Die", number: 1, faces: 6, results: [{ result: Infinity }] }] }),
      STORED_ROLL_KEYS.number,
    ],
    ["NaN for a target", (d) => ({ ...d, options: { against: NaN } }), STORED_ROLL_KEYS.number],
    ["a million dice", (d) => ((keepTerm(d).number = 1_000_000), d), STORED_ROLL_KEYS.term],
    [
      "a million results",
      (d) => ((keepTerm(d).results = new Array(1_000_000).fill({ result: 5, active: true })), d),
      STORED_ROLL_KEYS.term,
    ],
    ["a face off the die", (d) => (((keepTerm(d).results as Json[])[1]!.faces = [11]), d), STORED_ROLL_KEYS.term],
    [
      "a value that is not its faces",
      (d) => (((keepTerm(d).results as Json[])[0]!.result = 99), d),
      STORED_ROLL_KEYS.term,
    ],
    [
      "an explosion chain past the bound",
      (d) => (((keepTerm(d).results as Json[])[0]!.faces = new Array(200).fill(10)), d),
      STORED_ROLL_KEYS.term,
    ],
    ["a modifier no keep pool has", (d) => ((keepTerm(d).modifiers = ["k4", "r1"]), d), STORED_ROLL_KEYS.term],
    ["an explosion on 1", (d) => ((keepTerm(d).modifiers = ["k4", "x1"]), d), STORED_ROLL_KEYS.term],
    ["options that are not an object", (d) => ((keepTerm(d).options = "x"), d), STORED_ROLL_KEYS.term],
    [
      "a million results on Foundry's own dice",
      (d) => ({ ...d, terms: [{ class: "Die", number: 1e6, faces: 6, results: new Array(1e6).fill({ result: 1 }) }] }),
      STORED_ROLL_KEYS.tooLarge,
    ],
    [
      "a flavor of a megabyte",
      (d) => ({ ...d, options: { flavor: "<b>".repeat(300_000) } }),
      STORED_ROLL_KEYS.tooLarge,
    ],
    [
      "data nested a thousand deep",
      (d) => {
        let deep: unknown = 1;
        for (let i = 0; i < 1000; i += 1) deep = [deep];
        return { ...d, options: { deep } };
      },
      STORED_ROLL_KEYS.tooLarge,
    ],
  ])("refuses %s", (_name, forge, key) => {
    expect(storedRollProblem(forge(stored()))?.key).toBe(key);
  });

  it("is not fooled by class names an object already has", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"])
      expect(storedRollProblem({ ...stored(), terms: [{ class: name, number: 1 }] })).toBeNull();
  });

  it("names the limits it applies", () => {
    expect(storedRollProblem({ ...stored(), formula: "1".repeat(LIMITS.maxFoundryFormulaLength + 1) })?.data).toEqual({
      limit: "2,000",
    });
    const flooded = { ...stored(), options: { flavor: "x".repeat(LIMITS.maxStoredText + 1) } };
    expect(storedRollProblem(flooded)?.data).toEqual({ values: "50,000", text: "20,000", depth: "32" });
    expect(storedRollProblem({ ...stored(), terms: [{ class: "WildDice", number: 200 }] })?.data).toEqual({
      term: "die code",
    });
  });
});

describe("the roll card template", () => {
  const hbs = foundryHandlebars();
  const template = hbs.compile(readFileSync("templates/chat/roll-card.hbs", "utf8"));

  it("shows a refused roll as one line saying why, with no dice and no total", () => {
    const html = template({ error: storedRollProblem({ ...stored(), formula: "1".repeat(5000) }), isPrivate: false });
    expect(html).toContain('class="anthology-roll-error"');
    expect(html).toContain("This roll cannot be shown: its formula is longer than 2,000 characters.");
    expect(html).not.toContain("anthology-roll-total");
    expect(html).toContain("anthology anthology-roll refused");
  });

  it("keeps a private refused roll private", () => {
    const html = template({ error: null, card: null, isPrivate: true });
    expect(html).not.toContain("anthology-roll-error");
  });

  it("escapes HTML in the flavor and the formula", () => {
    const card = rollCard(roll(parse("2k1"), { die: scriptedDie([3, 4]) }));
    const html = template({
      card: { ...card, formula: "<script>x</script>" },
      flavor: '<img src=x onerror="alert(1)">',
    });
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;img src&#x3D;x onerror&#x3D;&quot;alert(1)&quot;&gt;");
  });
});
