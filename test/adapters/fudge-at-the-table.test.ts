import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import { fulfillment } from "../foundry/dice";
import type { StandInActor } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, loadFudgeWorld, target } from "../support/fudge-world";
import { cardData, press } from "../support/play";
import type { StandInMessage } from "../foundry/documents";
import type { FudgeAttackData, FudgeResponseData, FudgeRow } from "../../src/rulesets/fudge/chat/card-data";

// Issue 29's FUDGE "missing" list through the real path: the sheet, the dialogs (scripted answers),
// the cards and the GM's apply, on the GM's client.

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

type Settings = { set(scope: string, key: string, value: unknown): Promise<unknown> };
const setSetting = (key: string, value: unknown) => (game.settings as unknown as Settings).set("anthology", key, value);

const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message;
const attackCard = (m: unknown) => cardData<FudgeAttackData, FudgeRow>(m);
const responseCard = (m: unknown) => cardData<FudgeResponseData, FudgeRow>(m);
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: Record<string, number> }).wounds;
const itemId = (a: StandInActor, name: string) => a.items.find((i) => i.name === name)!.id;

/** Mickey swings his broadsword at the bandit (scripted 4dF), and the bandit answers with `answer`'s choices. */
async function exchange(mine: number[], theirs: number[], answer: Record<string, string> = {}) {
  answerDialog({ stance: "normal" });
  fulfillment.push(...mine);
  await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
  const swing = lastMessage();
  answerDialog({ stance: "normal", weapon: itemId(bandit, "Shortsword"), ...answer });
  fulfillment.push(...theirs);
  await press(swing, "respond", 0);
  return { swing, answer: lastMessage() };
}

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

describe("FUDGE melee: choosing to defend only", () => {
  const TEXT =
    '"it is still an Opposed Action, but the defending character cannot hurt the other character even if he wins the combat round"';

  it(`${TEXT}: the defender's win hurts nobody, and the GM applies no blow back`, async () => {
    // Mickey (Good) rolls −1: Fair both ways. The bandit (Fair) rolls +2: Great both ways.
    const fighting = await exchange([1, 2, 2, 2], [3, 3, 2, 2]);
    expect(attackCard(fighting.swing).targets[0]!.data.result?.b).toMatchObject({ relativeDegree: 2, hits: true });
    // The same dice, the bandit only defending: his Great still stops Mickey's blow, and lands none.
    const { swing, answer } = await exchange([1, 2, 2, 2], [3, 3, 2, 2], { defendOnly: "on" });
    expect(responseCard(answer).data.choices.defendOnly).toBe(true);
    expect(attackCard(swing).targets[0]!.data.result).toMatchObject({
      a: { relativeDegree: -2, hits: false },
      b: { relativeDegree: 2, hits: false, wound: null },
    });
    await press(answer, "apply", 0);
    expect(lastNotice()).toContain("There is nothing to apply to Mickey");
    expect(Object.values(wounds(mickey)).every((n) => n === 0)).toBe(true);
  });

  it("refuses a card whose answer claims to fight back after rolling to defend only", async () => {
    const { answer } = await exchange([1, 2, 2, 2], [3, 3, 2, 2], { defendOnly: "on" });
    // The answer's author rewrites its card: fighting back, and hitting.
    const card = responseCard(answer);
    expect(card.data.result?.b?.hits).toBe(false);
    await answer.update({
      "flags.anthology.card.data": {
        ...card.data,
        choices: { ...card.data.choices, defendOnly: false },
        result: { ...card.data.result, b: { ...card.data.result!.b, hits: true, wound: "major" } },
      },
    });
    await press(answer, "apply", 0);
    expect(lastNotice()).toContain("rolled for something other than the card shows");
    expect(Object.values(wounds(mickey)).every((n) => n === 0)).toBe(true);
  });
});
