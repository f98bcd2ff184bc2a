import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import { fulfillment } from "../foundry/dice";
import type { StandInActor } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { fudgeActors, loadFudgeWorld, target } from "../support/fudge-world";

// Issue 29's FUDGE "missing" list through the real path: the sheet, the dialogs (scripted answers),
// the cards and the GM's apply, on the GM's client.

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

type Settings = { set(scope: string, key: string, value: unknown): Promise<unknown> };
const setSetting = (key: string, value: unknown) => (game.settings as unknown as Settings).set("anthology", key, value);

beforeAll(async () => {
  ({ record, sheets } = await loadFudgeWorld());
});

beforeEach(async () => {
  ({ mickey, bandit } = await fudgeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  target(bandit);
});

/** The character sheet's prepared context for an actor. */
async function sheetContext(actor: StandInActor) {
  const Sheet = sheets.FudgeActorSheet as unknown as new (o: object) => {
    _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  };
  const context = await new Sheet({ document: actor })._prepareContext({});
  return context.fudge as { wounds: Array<{ id: string; range: string }> };
}

describe("FUDGE sheet: the wound track reads the GM's wound table", () => {
  it('"The numbers above the wound levels represent the amount of damage needed in a single blow": the sheet shows the world\'s table', async () => {
    const ranges = async () => Object.fromEntries((await sheetContext(mickey)).wounds.map((w) => [w.id, w.range]));
    expect(await ranges()).toEqual({ scratch: "1–3", light: "4–6", major: "7–9", critical: "10–12", coma: "13+" });
    await setSetting("fudgeWoundTable", "1 scratch, 3 light, 5 major, 7 critical, 9 coma");
    try {
      expect(await ranges()).toEqual({ scratch: "1–2", light: "3–4", major: "5–6", critical: "7–8", coma: "9+" });
      // A table without a Coma line: the sheet shows a dash there.
      await setSetting("fudgeWoundTable", "1 scratch, 4 light, 7 major, 10 critical");
      expect((await ranges()).coma).toBe("—");
      // Nothing readable: the text's table.
      await setSetting("fudgeWoundTable", "lots of pain");
      expect((await ranges()).light).toBe("4–6");
    } finally {
      await setSetting("fudgeWoundTable", "1 scratch, 4 light, 7 major, 10 critical, 13 coma");
    }
  });
});
