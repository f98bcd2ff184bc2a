import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as RollDialog from "../../src/play/roll-dialog";
import { dialogAnswers, dialogCalls } from "../foundry/combat";
import { installFoundry, loadWorld } from "../foundry/stand-in";

// A rule set's roll dialogs share their plumbing: the title of each kind of roll given the name, one
// template and one Roll button, the form read by the rule set; the live line shows the rules' hint.

let dialogs: typeof RollDialog;

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fudge" });
  await import("../../src");
  loadWorld(record);
  dialogs = await import("../../src/play/roll-dialog");
});
beforeEach(() => {
  dialogAnswers.length = 0;
  dialogCalls.length = 0;
});

const spec = {
  template: "systems/anthology/templates/test/roll-dialog.hbs",
  // A string with a {name} in it: the title is formatted with the name given.
  titles: { attack: "ANTHOLOGY.Play.Errors.badRoll", check: "Check" },
  okLabel: "Roll it",
};

describe("a rule set's roll dialogs", () => {
  it("open with the kind's title for the name, the template and the Roll button, and read the form", async () => {
    const open = dialogs.kindDialogs(spec);
    dialogAnswers.push({ modifier: "2" });
    const choices = await open("attack", "Garret", {
      view: { modifiers: [] },
      read: (form) => ({ modifier: Number(form.get("modifier")) }),
    });
    expect(choices).toEqual({ modifier: 2 });
    const call = dialogCalls[0] as { window: { title: string }; ok: { label: string }; content: string };
    expect(call.window.title).toBe("The dice stored on the card for Garret cannot be read; roll again.");
    expect(call.ok.label).toBe("Roll it");
    expect(call.content).toBe(`<rendered ${spec.template}>`);
  });

  it("give null when the dialog is closed", async () => {
    const open = dialogs.kindDialogs(spec);
    dialogAnswers.push(null);
    expect(await open("check", "Garret", { view: {}, read: () => "read" })).toBeNull();
    expect((dialogCalls[0] as { window: { title: string } }).window.title).toBe("Check");
  });
});

describe("a roll line", () => {
  it("shows the rules' hint in the user's language, with the formula and the odds", () => {
    const hint = { key: "ANTHOLOGY.Play.Errors.badRoll", data: { name: "4dF+2" } };
    expect(dialogs.hintLine("4dF+2", hint, { formula: "4dF+2", vs: 1 })).toEqual({
      formula: "4dF+2",
      text: "The dice stored on the card for 4dF+2 cannot be read; roll again.",
      odds: { formula: "4dF+2", vs: 1 },
    });
  });

  it("has no text without a hint", () => {
    expect(dialogs.hintLine("", null, null)).toEqual({ formula: "", text: "", odds: null });
  });
});
