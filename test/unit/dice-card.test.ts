import { describe, expect, it } from "vitest";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import { translateFormula } from "../../src/dice/foundry-notation";

const outcome = (formula: string, faces: number[]) => roll(parse(formula), { die: scriptedDie(faces) });

describe("the card against a difficulty or an opponent", () => {
  it("reads a FUDGE roll against a difficulty: success and the relative degree", () => {
    const card = rollCard(outcome("4dF+2", [3, 2, 2, 2]), { target: 1 });
    expect(card.ladder).toEqual({ key: "ANTHOLOGY.Dice.Ladder.superb", data: {} });
    expect(card.versus).toEqual({
      target: 1,
      resultKey: "ANTHOLOGY.Dice.Card.success",
      tone: "good",
      relativeDegree: "+2",
      targetLabel: { key: "ANTHOLOGY.Dice.Ladder.good", data: {} },
    });
  });

  it("meets a difficulty exactly as a success, but an equal opposed result as a stand-off", () => {
    expect(rollCard(outcome("4dF", [2, 2, 2, 2]), { target: 0 }).versus?.resultKey).toBe("ANTHOLOGY.Dice.Card.success");
    const opposed = rollCard(outcome("4dF", [2, 2, 2, 2]), { target: 0, opposed: true }).versus!;
    expect([opposed.resultKey, opposed.relativeDegree]).toEqual(["ANTHOLOGY.Dice.Card.standoff", "0"]);
    expect(rollCard(outcome("4dF", [1, 2, 2, 2]), { target: 0, opposed: true }).versus?.relativeDegree).toBe("-1");
  });

  it("judges keep dice against a target number, and an impossible roll always fails", () => {
    expect(rollCard(outcome("3k2", [9, 8, 1]), { target: 17 }).versus).toEqual({
      target: 17,
      resultKey: "ANTHOLOGY.Dice.Card.success",
      tone: "good",
    });
    expect(rollCard(outcome("3k2", [9, 7, 1]), { target: 17 }).versus?.resultKey).toBe("ANTHOLOGY.Dice.Card.failure");
    expect(rollCard(outcome("5k0", []), { target: -10 }).versus?.resultKey).toBe("ANTHOLOGY.Dice.Card.failure");
  });

  it("takes `vs N` from a chat formula", () => {
    expect(translateFormula("4dF+2 vs 1")).toEqual({ formula: "4dg + 2", plan: parse("4dF+2"), against: 1 });
    expect(translateFormula("8k4x VS -2")).toMatchObject({ formula: "8dkk4x10", against: -2 });
    expect(() => translateFormula("8k4 vs")).toThrow(/Unexpected character \(in "8k4 vs" at position 5\)/);
  });
});
