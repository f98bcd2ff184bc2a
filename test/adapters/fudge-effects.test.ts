import { readFileSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import type { FudgeAttackData, FudgeResponseData, FudgeRow } from "../../src/rulesets/fudge/chat/card-data";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, target } from "../support/fudge-world";
import { as, cardData, loadPlay, press, relay } from "../support/play";

// Issue 30, point 3 for FUDGE: Active Effects on `system.bonuses.*` change what the sheet shows, the
// dialog's odds, the rolled formula, the card and the GM's apply; the GM refuses a roll that no longer
// matches the sheet once an effect is gone. A player's client (user1 owns Mickey), the GM (gm1)
// connected elsewhere.

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
type EffectHolder = {
  createEmbeddedDocuments(name: string, data: object[]): Promise<Array<{ id: string }>>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
};
const users = () => game.users as unknown as Map<string, User>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: Record<string, number> }).wounds;
const attackRow = (m: StandInMessage) => cardData<FudgeAttackData, FudgeRow>(m).targets[0]!;
const formula = (m: StandInMessage) => (m.rolls[0] as { formula: string }).formula.replace(/\s/g, "");
const itemId = (a: StandInActor, name: string) => a.items.find((i) => i.name === name)!.id;

/** An effect's data changing these bonuses (added), in this Foundry generation's shape. */
async function bonusEffect(name: string, bonuses: Record<string, number>, extra: object = {}): Promise<object> {
  const { changesData } = await import("../../src/foundry");
  const changes = Object.entries(bonuses).map(([key, value]) => ({
    key: `system.bonuses.${key}`,
    type: "add" as const,
    value,
  }));
  return { name, ...changesData(changes), ...extra };
}

/** The GM gives Mickey an effect of his own; its id. */
async function bless(bonuses: Record<string, number>): Promise<string> {
  const data = await bonusEffect("Blessed", bonuses);
  const [made] = await as("gm1", () =>
    (mickey as unknown as EffectHolder).createEmbeddedDocuments("ActiveEffect", [data]),
  );
  return made!.id;
}

/** Mickey's player swings the broadsword at the bandit; the GM answers for the bandit. */
async function swingAndAnswer(mine: number[], theirs: number[]) {
  answerDialog({ stance: "normal" });
  fulfillment.push(...mine);
  await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
  const swing = lastMessage();
  await as("gm1", async () => {
    answerDialog({ stance: "normal", weapon: itemId(bandit, "Shortsword") });
    fulfillment.push(...theirs);
    await press(swing, "respond", 0);
  });
  return { swing, answer: lastMessage() };
}

/** The GM presses Apply on a card's row. */
const gmApply = (message: StandInMessage) => as("gm1", () => press(message, "apply", 0));

/** The sheet's context as Mickey's sheet draws it. */
async function sheetView(actor: StandInActor) {
  const Sheet = sheets.FudgeActorSheet as unknown as new (o: object) => {
    _prepareContext(
      o: unknown,
    ): Promise<{ fudge: { skills: Array<{ name: string; formula: string; level: string }> } }>;
  };
  return (await new Sheet({ document: actor })._prepareContext({})).fudge;
}

/** The attack dialog's last line (formula, chance to hit and to be hit), as the player's dialog shows it. */
async function meleeChance(actor: StandInActor): Promise<string> {
  const { attackDialogInput } = await import("../../src/rulesets/fudge/chat/flow");
  const { attackChoices, attackLine } = await import("../../src/rulesets/fudge/chat/dialog-form");
  const sword = actor.items.find((i) => i.name === "Broadsword")!;
  const input = attackDialogInput(actor as never, sword as never);
  const line = attackLine(input, attackChoices(input, Object.entries({ stance: "normal" })));
  expect(line.key).toBe("ANTHOLOGY.Fudge.Dialog.oddsMelee");
  return JSON.stringify({ formula: line.formula, ...line.data });
}

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fudge", isGM: false });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  sheets = await import("../../src/rulesets/fudge/sheets");
});

beforeEach(async () => {
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
  ({ mickey, bandit } = await fudgeActors());
  record.notifications.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
  target(bandit);
});

describe("FUDGE effects that change rolls: an effect on the actor", () => {
  it("Blessed (+1 to every roll, +2 damage): the sheet, the odds, the formula, the card and the GM's apply", async () => {
    const without = await meleeChance(mickey);
    expect((await sheetView(mickey)).skills.find((s) => s.name === "Swordsmanship")!.formula).toBe("4dF+1");
    await bless({ rolls: 1, damage: 2 });
    // The sheet: Good Swordsmanship rolls 4dF+2 now.
    expect((await sheetView(mickey)).skills.find((s) => s.name === "Swordsmanship")!.formula).toBe("4dF+2");
    // The dialog's odds are a Great swordsman's: the same as Mickey's with Swordsmanship one higher.
    const blessed = await meleeChance(mickey);
    expect(blessed).not.toBe(without);
    await as("gm1", () =>
      mickey.updateEmbeddedDocuments("Item", [{ _id: itemId(mickey, "Swordsmanship"), "system.level": 2 }]),
    );
    await as("gm1", async () => {
      const ids = (mickey as unknown as { effects: { contents: Array<{ id: string }> } }).effects.contents.map(
        (e) => e.id,
      );
      await (mickey as unknown as EffectHolder).deleteEmbeddedDocuments("ActiveEffect", ids);
    });
    const greatSwordsman = await meleeChance(mickey);
    expect(blessed).toBe(greatSwordsman);
    await as("gm1", () =>
      mickey.updateEmbeddedDocuments("Item", [{ _id: itemId(mickey, "Swordsmanship"), "system.level": 1 }]),
    );
    await bless({ rolls: 1, damage: 2 });
    // Mickey rolls 0: Great (2). The bandit rolls −1: Mediocre. Relative degree 3.
    const { swing } = await swingAndAnswer([2, 2, 2, 2], [2, 2, 2, 1]);
    expect(formula(swing)).toBe("4dF+2");
    expect(attackRow(swing).data.result?.a).toMatchObject({ offense: 2, relativeDegree: 3, hits: true });
    // 2 × 3 + Build 1 + broadsword 3 + Blessed 2 − leather 1 = 11: a Critical Wound (a Major without it).
    expect(attackRow(swing).data.result?.a).toMatchObject({ damage: 11, wound: "critical" });
    // The GM works it out again with the effect, and does not refuse it.
    const pending = press(swing, "apply", 0);
    await relay(record);
    expect(await pending).toBe(true);
    expect(record.notifications).toEqual([]);
    expect(wounds(bandit)).toMatchObject({ critical: 1, major: 0 });
  });

  it("eases wound penalties (`wounds`) on the sheet and in the formula the GM checks", async () => {
    await as("gm1", () => mickey.update({ "system.wounds.major": 1 }));
    expect((mickey.system as unknown as { woundPenalty: number }).woundPenalty).toBe(-2);
    await bless({ wounds: 1 });
    expect((mickey.system as unknown as { woundPenalty: number }).woundPenalty).toBe(-1);
    const { swing } = await swingAndAnswer([2, 2, 2, 2], [2, 2, 2, 1]);
    // Good, less the eased Major's −1.
    expect(formula(swing)).toBe("4dF");
    expect(await gmApply(swing)).toBe(true);
    expect(record.notifications).toEqual([]);
  });
});

describe("FUDGE effects that change rolls: an item's transferred effect", () => {
  it("a charm's +1 to skills and +2 protection: the formula, the blow back's damage and the GM's apply", async () => {
    const charm = await bonusEffect("Charm's blessing", { skills: 1, protection: 2 }, { transfer: true });
    await as("gm1", () =>
      mickey.createEmbeddedDocuments("Item", [{ name: "Charm", type: "fudge-gear", effects: [charm] }]),
    );
    const view = await sheetView(mickey);
    expect(view.skills.find((s) => s.name === "Climbing")).toMatchObject({
      formula: "4dF+2",
      level: { key: "ANTHOLOGY.Dice.Ladder.great" },
    });
    // Mickey rolls −2: Great (2) less 2, Fair (0). The bandit rolls +3: Superb (3). Relative degree 3.
    const { swing, answer } = await swingAndAnswer([1, 1, 2, 2], [3, 3, 3, 2]);
    expect(formula(swing)).toBe("4dF+2");
    // The bandit's blow back: 2 × 3 + shortsword 2 = 8, less Mickey's Fair Health and the charm's 2: 6, Light.
    const back = cardData<FudgeResponseData, FudgeRow>(answer).data.result;
    expect(back?.b).toMatchObject({ offense: 3, defense: 0, hits: true, damage: 6, wound: "light" });
    expect(await gmApply(answer)).toBe(true);
    expect(wounds(mickey)).toMatchObject({ light: 1, major: 0 });
  });
});

describe("FUDGE effects that change rolls: the compendium's Blessed gift", () => {
  it("passes its effect on (transfer): +1 to every roll and +1 protection while the character has it", async () => {
    const gift = JSON.parse(
      readFileSync(new URL("../../src/rulesets/fudge/packs/traits/blessed.json", import.meta.url), "utf8"),
    ) as Record<string, unknown>;
    delete gift._key;
    for (const effect of gift.effects as Array<Record<string, unknown>>) delete effect._key;
    await as("gm1", () => mickey.createEmbeddedDocuments("Item", [gift]));
    expect((await sheetView(mickey)).skills.find((s) => s.name === "Swordsmanship")!.formula).toBe("4dF+2");
    // Mickey rolls −2: Good + 1 − 2, Fair (0). The bandit rolls +3: Superb (3). Relative degree 3.
    const { swing, answer } = await swingAndAnswer([1, 1, 2, 2], [3, 3, 3, 2]);
    expect(formula(swing)).toBe("4dF+2");
    // The bandit's blow back: 2 × 3 + shortsword 2 = 8, less Mickey's Fair Health and the blessing's 1: 7, Major.
    expect(cardData<FudgeResponseData, FudgeRow>(answer).data.result?.b).toMatchObject({ damage: 7, wound: "major" });
    expect(await gmApply(answer)).toBe(true);
    expect(wounds(mickey)).toMatchObject({ major: 1 });
    // The gift taken off the sheet: its effect goes with it, and the roll made with it is refused.
    const again = await swingAndAnswer([2, 2, 2, 2], [2, 2, 2, 1]);
    const held = mickey.items.find((i) => i.name === "Blessed")!;
    await as("gm1", () => (mickey as unknown as EffectHolder).deleteEmbeddedDocuments("Item", [held.id]));
    expect((await sheetView(mickey)).skills.find((s) => s.name === "Swordsmanship")!.formula).toBe("4dF-1");
    expect(await gmApply(again.swing)).toBe(false);
    expect(wounds(bandit)).toMatchObject({ scratch: 0, light: 0, major: 0, critical: 0 });
  });
});

describe("FUDGE effects that change rolls: the GM refuses a roll the sheet no longer gives", () => {
  it("an attack rolled with Blessed is refused once the effect is gone", async () => {
    const blessed = await bless({ rolls: 1 });
    const { swing } = await swingAndAnswer([2, 2, 2, 2], [2, 2, 2, 1]);
    expect(formula(swing)).toBe("4dF+2");
    await as("gm1", () => (mickey as unknown as EffectHolder).deleteEmbeddedDocuments("ActiveEffect", [blessed]));
    await gmApply(swing);
    expect(wounds(bandit)).toMatchObject({ scratch: 0, light: 0, major: 0, critical: 0 });
    expect(record.notifications.at(-1)?.message).toContain("4dF+1");
  });

  it("an attack rolled without the effect is refused once the GM gives it (the sheet now says 4dF+2)", async () => {
    const { swing } = await swingAndAnswer([2, 2, 2, 2], [2, 2, 2, 1]);
    expect(formula(swing)).toBe("4dF+1");
    await bless({ rolls: 1 });
    await gmApply(swing);
    expect(wounds(bandit)).toMatchObject({ scratch: 0, light: 0, major: 0, critical: 0 });
    expect(record.notifications.at(-1)?.message).toContain("4dF+2");
  });
});
