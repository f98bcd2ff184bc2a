import { describe, expect, it } from "vitest";
import { dialogView, responseChoices, type FudgeDialogInput } from "../../src/rulesets/fudge/chat/dialog-form";
import { mayTakeStance } from "../../src/rulesets/fudge/rules/play";
import { stunOnRecord } from "../../src/rulesets/fudge/data/source";

// Issue 29's FUDGE fixes (fudge.txt, Yoki's combat): the pure rules and the dialogs' plain-data side.

const defendInput = (stanceLocked: boolean): FudgeDialogInput => ({
  kind: "response",
  mode: "defend",
  traits: [],
  trait: { kind: "situational" },
  penalty: -1,
  stance: "defensive",
  stanceLocked,
  weapons: [],
});

describe("FUDGE: a stunned fighter keeps its stance", () => {
  it('"a stunned character cannot attack or change his combat stance"', () => {
    expect(mayTakeStance(1, "defensive", "defensive")).toBe(true);
    expect(mayTakeStance(1, "defensive", "violent")).toBe(false);
    expect(mayTakeStance(2, "normal", "protective")).toBe(false);
    expect(mayTakeStance(0, "normal", "violent")).toBe(true);
  });

  it("the Defend dialog offers no other stance to a stunned defender", () => {
    expect(responseChoices(defendInput(true), [["stance", "violent"]]).stance).toBe("defensive");
    expect(responseChoices(defendInput(false), [["stance", "violent"]]).stance).toBe("violent");
    expect(dialogView(defendInput(true)).stanceLocked).toBe(true);
    expect(dialogView(defendInput(false)).stanceLocked).toBe(false);
  });
});

describe("FUDGE: a Stun result is kept apart from its rounds", () => {
  it('"the Stun result stays on the character sheet"', () => {
    const actor = (system: Record<string, unknown>) => ({ system }) as never;
    expect(stunOnRecord(actor({ stunned: 0, stunTaken: false }))).toBe(false);
    expect(stunOnRecord(actor({ stunned: 1, stunTaken: false }))).toBe(true);
    // Cleared when its round was over, still on the sheet.
    expect(stunOnRecord(actor({ stunned: 0, stunTaken: true }))).toBe(true);
    // An actor stored before the record existed reads as the stun it shows.
    expect(stunOnRecord(actor({ stunned: 0 }))).toBe(false);
  });
});
