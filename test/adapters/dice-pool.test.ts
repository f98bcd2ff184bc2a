import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { builtRoll, forgedMessage } from "../support/forge";
import { migrateFixture } from "../support/migrations";
import { as, cardData, clean, connect, press, pressThroughGm } from "../support/play";
import { dicePoolActors, loadDicePoolWorld } from "../dice-pool/world";

// The sixth rule set (test/dice-pool, never shipped) plays on the shared parts alone: its row joins
// the table and its migration the list here, as docs/adding-a-rule-set.md's steps 2 and 5 do.
vi.mock("../../src/rulesets/rows", async (shipped) =>
  (await import("../dice-pool/table")).withDicePoolRow(await shipped()),
);
vi.mock("../../src/migrations/index", async (shipped) =>
  (await import("../dice-pool/migration-list")).withDicePoolMigration(await shipped()),
);

let record: StandInRecord;
let brakk: StandInActor;
let goblin: StandInActor;

const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const lastCard = () => record.messages.at(-1) as StandInMessage;
type Row = { guard: number };

/** Brakk's sheet button for his axe, as a click on the sheet would press it. */
async function attack(faces: number[]): Promise<StandInMessage> {
  const { DicePoolActorSheet } = await import("../dice-pool/sheets");
  const sheet = new (DicePoolActorSheet as unknown as new (o: object) => object)({ document: brakk });
  const itemId = brakk.items.find((i) => i.name === "Axe")!.id;
  const actions = (
    DicePoolActorSheet.DEFAULT_OPTIONS as {
      actions: Record<string, (this: unknown, e: Event, t: unknown) => Promise<void>>;
    }
  ).actions;
  fulfillment.push(...faces);
  await actions.poolAttack!.call(sheet, new Event("click"), { closest: () => ({ dataset: { itemId } }) });
  return lastCard();
}

function targetTokens(...actors: StandInActor[]) {
  const targets = (game.user as unknown as { targets: Set<unknown> }).targets;
  targets.clear();
  for (const actor of actors) targets.add({ actor, name: actor.name });
}

beforeAll(async () => {
  record = await loadDicePoolWorld();
});

beforeEach(async () => {
  await clean(record);
  ({ brakk, goblin } = await dicePoolActors());
  targetTokens(goblin);
});

describe("a sixth rule set built from the shared parts (docs/adding-a-rule-set.md)", () => {
  it("joins the world from its row and plug-in: types, data models, sheets, card kind, strings", async () => {
    const { getRuleSet } = await import("../../src/rulesets");
    expect(getRuleSet("dice-pool" as never).i18n).toBe("DicePool");
    const models = (CONFIG.Actor as unknown as { dataModels: Record<string, unknown> }).dataModels;
    const { DicePoolCharacterData } = await import("../dice-pool/data");
    expect(models["dice-pool-character"]).toBe(DicePoolCharacterData);
    const { DicePoolActorSheet } = await import("../dice-pool/sheets");
    expect(record.sheets.some((s) => s.sheet === DicePoolActorSheet)).toBe(true);
    expect((brakk.system as unknown as { might: number }).might).toBe(4);
    expect(game.i18n!.localize("ANTHOLOGY.DicePool.name")).toBe("Dice Pool");
  });

  it("an attack rolls Might + bonus d6 once and posts one card with a row per target", async () => {
    targetTokens(goblin, brakk);
    const message = await attack([5, 6, 2, 1, 5]);
    expect((message.rolls[0] as { formula: string }).formula).toBe("5d6");
    const card = cardData<{ faces: number[] }, Row>(message);
    expect(card.data.faces).toEqual([5, 6, 2, 1, 5]);
    expect(card.targets.map((t) => [t.name, t.data.guard])).toEqual([
      ["Goblin <i>Snik</i>", 1],
      ["Brakk", 2],
    ]);
  });

  it("Apply takes the damage once (3 successes against Guard 1: 2 + 2 = 4 HP), Undo gives it back", async () => {
    const message = await attack([5, 6, 2, 1, 5]);
    await press(message, "apply", 0);
    expect(hp(goblin)).toBe(2);
    expect(cardData(message).targets[0]!.applied?.summary).toEqual({
      damage: 4,
      before: 6,
      after: 2,
      dropped: "Spear",
    });
    await press(message, "apply", 0);
    expect(hp(goblin)).toBe(2);
    await press(message, "undo", 0);
    expect(hp(goblin)).toBe(6);
  });

  it("an apply changes the target's own items (two successes past the Guard drop its spear), and Undo puts them back", async () => {
    const spear = () => goblin.items.find((i) => i.name === "Spear")!;
    const held = () => (spear().system as unknown as { held: boolean }).held;
    expect(held()).toBe(true);
    const message = await attack([5, 6, 2, 1, 5]);
    await press(message, "apply", 0);
    expect(held()).toBe(false);
    expect(cardData(message).targets[0]!.applied?.summary.dropped).toBe("Spear");
    await press(message, "undo", 0);
    expect(held()).toBe(true);
    expect(hp(goblin)).toBe(6);
    // One success past the Guard hits without a drop: the spear stays in hand and nothing is recorded.
    const light = await attack([5, 2, 2, 1, 5]);
    await press(light, "apply", 0);
    expect(held()).toBe(true);
    expect(hp(goblin)).toBe(3);
  });

  it("an item the target no longer has is passed over by the apply and by its undo", async () => {
    const message = await attack([5, 6, 2, 1, 5]);
    await goblin.items.find((i) => i.name === "Spear")!.delete();
    await press(message, "apply", 0);
    expect(hp(goblin)).toBe(2);
    await press(message, "undo", 0);
    expect(hp(goblin)).toBe(6);
  });

  it("a miss (no success against Guard 1) has nothing to apply", async () => {
    const message = await attack([1, 2, 3, 4, 4]);
    await press(message, "apply", 0);
    expect(hp(goblin)).toBe(6);
  });

  it("the GM recomputes from the dice and the sheet: a roll the sheet no longer gives is refused", async () => {
    const message = await attack([5, 6, 6, 6, 6]);
    await brakk.update({ "system.might": 2 });
    await press(message, "apply", 0);
    expect(hp(goblin)).toBe(6);
    expect(record.notifications.at(-1)?.message).toContain("3d6");
  });
});

describe("Dice Pool on the hotbar", () => {
  it("its weapon row's macro (the plug-in's macros) posts the same card as the sheet's button", async () => {
    const axe = brakk.items.find((i) => i.name === "Axe")!;
    const handled = (Hooks as unknown as { call(h: string, ...a: unknown[]): boolean }).call(
      "hotbarDrop",
      {},
      { ...axe.toDragData(), anthology: { kind: "attack" } },
      2,
    );
    expect(handled).toBe(false);
    const macro = (await (await import("../../src/play/hotbar")).lastRollMacro()) as { name: string; command: string };
    expect(macro.name).toBe("Axe");
    expect(macro.command).toBe(
      `game.anthology.play.roll({"actor":"${brakk.uuid}","ruleSet":"dice-pool","kind":"attack","item":"${axe.id}"});`,
    );
    const fromSheet = cardData(await attack([6, 5, 1, 2, 3]));
    fulfillment.push(6, 5, 1, 2, 3);
    const play = (game as unknown as { anthology: { play: { roll(a: unknown): Promise<unknown> } } }).anthology.play;
    const fromMacro = cardData(await play.roll(JSON.parse(macro.command.slice(25, -2))));
    expect(fromMacro).toEqual(fromSheet);
  });
});

describe("Dice Pool for a player", () => {
  it("a player's Apply on the goblin goes through the GM, and a forged roll is refused", async () => {
    connect();
    const message = await as("user1", async () => {
      (game.user as unknown as { isGM: boolean }).isGM = false;
      return attack([5, 5, 5, 1, 1]);
    });
    const axe = brakk.items.find((i) => i.name === "Axe")!;
    const forged = await forgedMessage(
      { anthology: { card: structuredClone((message.flags as { anthology: { card: object } }).anthology.card) } },
      [await builtRoll("12d6", Array(12).fill(6), { weapon: axe.id })],
    );
    await as("user1", async () => {
      await pressThroughGm(record, forged, "apply", 0);
      expect(hp(goblin)).toBe(6);
      await pressThroughGm(record, message, "apply", 0);
    });
    expect(hp(goblin)).toBe(2);
  });
});

describe("Dice Pool's migration", () => {
  it("a character's stored pool becomes its Might, in a migration appended to the world's list", async () => {
    const { MIGRATIONS, LATEST_SCHEMA_VERSION, checkMigrationList } = await import("../../src/migrations");
    expect(LATEST_SCHEMA_VERSION).toBe(1000);
    expect(checkMigrationList(MIGRATIONS)).toEqual([]);
    const fixture = { _id: "a1", type: "dice-pool-character", system: { pool: 5, guard: 1 } };
    const { source } = migrateFixture(MIGRATIONS.at(-1)!, "Actor", fixture);
    expect(source.system).toEqual({ might: 5, guard: 1 });
  });
});
