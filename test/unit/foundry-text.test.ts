import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlToText } from "../../src/foundry/html-text";
import { EFFECT_ENDS, lastingOver, type BearerTurn } from "../../src/foundry/lasting";

// The Foundry-free halves of the one place for v13 and v14 (src/foundry): the text of v14's rich chat
// input, and when a lasting effect is over.

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

describe("htmlToText: what v14's chat editor holds, as the text typed", () => {
  it("reads a command out of its paragraph, with entities decoded", () => {
    expect(htmlToText("<p>/odds 8k4x vs 30</p>")).toBe("/odds 8k4x vs 30");
    expect(htmlToText("<p>/odds&nbsp;2d6 &amp; more &lt;b&gt;</p>")).toBe("/odds 2d6 & more <b>");
    expect(htmlToText("<p><strong>/odds</strong> 3D+2</p>")).toBe("/odds 3D+2");
    expect(htmlToText("<p>one</p><p>two</p>")).toBe("one\ntwo");
    expect(htmlToText("/odds 8k4x")).toBe("/odds 8k4x");
    expect(htmlToText("&#47;odds &#x33;D")).toBe("/odds 3D");
    expect(htmlToText("&bogus; &#99999999;")).toBe("&bogus; &#99999999;");
  });

  it("gives back any one line of text the editor wrapped and escaped", () => {
    const line = fc.string({ unit: "grapheme", maxLength: 60 }).filter((s) => !/[\n\r]/.test(s));
    fc.assert(fc.property(line, (text) => htmlToText(`<p>${escape(text)}</p>`) === text.trim()));
  });
});

describe("lastingOver: an effect's rounds, ending at its bearer's turn", () => {
  const turns: BearerTurn[] = ["before", "current", "after"];

  it("runs before its last round, is over after it, and in it ends as the bearer's turn starts or ends", () => {
    for (const until of EFFECT_ENDS) {
      const start = { startRound: 3, rounds: 2, until };
      for (const bearerTurn of turns) {
        expect(lastingOver(start, { round: 4, bearerTurn })).toBe(false);
        expect(lastingOver(start, { round: 6, bearerTurn })).toBe(true);
      }
      expect(turns.map((bearerTurn) => lastingOver(start, { round: 5, bearerTurn }))).toEqual(
        until === "turnStart" ? [false, true, true] : [false, false, true],
      );
    }
  });

  it("never ends earlier with more rounds, nor later as the round goes on", () => {
    const arbitrary = fc.record({
      startRound: fc.integer({ min: 0, max: 50 }),
      rounds: fc.integer({ min: 0, max: 10 }),
      until: fc.constantFrom(...EFFECT_ENDS),
      round: fc.integer({ min: 0, max: 70 }),
      bearerTurn: fc.constantFrom(...turns),
    });
    fc.assert(
      fc.property(arbitrary, ({ round, bearerTurn, ...start }) => {
        const now = { round, bearerTurn };
        if (lastingOver({ ...start, rounds: start.rounds + 1 }, now)) expect(lastingOver(start, now)).toBe(true);
        if (lastingOver(start, now)) expect(lastingOver(start, { round: round + 1, bearerTurn: "before" })).toBe(true);
      }),
    );
  });
});
