import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StandInActor } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import type { EffectRow } from "../../src/sheets/effects-tab";
import { fadeActors } from "../support/fade-world";
import { fightOf, type Fight } from "../support/fight";
import { as, clean, playerWorld } from "../support/play";

// Issue 30, point 2 (and the "say so" of point 5): the Effects tab every actor sheet has, on the
// stand-in, in a player's world (user1 owns Garret, not the goblin).

type Sheet = { _prepareContext(o: unknown): Promise<{ effects: EffectRow[] }> };
type Action = (this: unknown, e: Event, t: unknown) => Promise<void>;

let record: StandInRecord;
let garret: StandInActor;
let goblin: StandInActor;

const effectsOf = (actor: StandInActor) =>
  (actor as unknown as { effects: { contents: Array<{ id: string; name: string; disabled: boolean }> } }).effects
    .contents;

async function sheetClass(actor: StandInActor) {
  const { FadeActorSheet, FadeNpcSheet } = await import("../../src/rulesets/fade/sheets");
  return actor.type === "fade-npc" ? FadeNpcSheet : FadeActorSheet;
}

async function rows(actor: StandInActor): Promise<EffectRow[]> {
  const Sheet = (await sheetClass(actor)) as unknown as new (o: object) => Sheet;
  return (await new Sheet({ document: actor })._prepareContext({})).effects;
}

/** Presses one of the tab's buttons on the row of `effectId` (and of the item it lives on). */
async function press(actor: StandInActor, action: string, effectId = "", itemId = ""): Promise<void> {
  const Sheet = await sheetClass(actor);
  const sheet = new (Sheet as unknown as new (o: object) => object)({ document: actor });
  const row = { dataset: { effectId, ...(itemId ? { itemId } : {}) } };
  const target = { dataset: {}, closest: (selector: string) => (selector === "[data-effect-id]" ? row : null) };
  const actions = (Sheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
  await actions[action]!.call(sheet, new Event("click"), target);
}

beforeAll(async () => {
  record = await playerWorld("fade");
});

beforeEach(async () => {
  await clean(record);
  (game as unknown as { combat: unknown }).combat = null;
  ({ garret, goblin } = await as("gm1", () => fadeActors()));
});

describe("every actor sheet has an Effects tab", () => {
  it("between the rule set's own tabs and the notes, in all five rule sets, with the shared part", async () => {
    const sheets = await Promise.all(
      ["fade", "fading-suns", "hod", "fudge", "opend6"].map((id) => import(`../../src/rulesets/${id}/sheets/index.ts`)),
    );
    const classes = sheets.flatMap((m) =>
      Object.entries(m as Record<string, unknown>)
        .filter(([name]) => /ActorSheet$/.test(name))
        .map(([, cls]) => cls as { TABS: { primary: { tabs: Array<{ id: string }> } }; PARTS: object }),
    );
    expect(classes).toHaveLength(5);
    for (const cls of classes) {
      expect(cls.TABS.primary.tabs.map((t) => t.id).slice(-2)).toEqual(["effects", "notes"]);
      expect(Object.keys(cls.PARTS).slice(-2)).toEqual(["effects", "notes"]);
    }
  });
});

describe("the Effects tab's rows", () => {
  it("show each effect's source, statuses, changes and what is left of it, in the user's language", async () => {
    await as("gm1", async () => {
      const { withLasting, forEncounter, changesData } = await import("../../src/foundry");
      const combat: Fight = fightOf("fight", [
        { id: "garret", name: "Garret", initiative: 20, actor: garret },
        { id: "goblin", name: "Goblin", initiative: 10, actor: goblin },
      ]);
      await combat.startCombat();
      await garret.createEmbeddedDocuments("ActiveEffect", [
        withLasting({ name: "Dazed", statuses: ["fade-dazed"] }, garret, { rounds: 2, until: "turnEnd" }),
        forEncounter({ name: "Rallied" }),
        { name: "Blessed", ...changesData([{ key: "system.speed", type: "add", value: 1 }]) },
      ]);
      await combat.nextTurn();
      await combat.nextTurn(); // round 2
    });
    const [dazed, rallied, blessed] = await rows(garret);
    expect(dazed).toMatchObject({ name: "Dazed", source: "on this actor", lasting: "Rounds left: 1", itemId: "" });
    expect(dazed!.statuses).toEqual(["Dazed"]);
    expect(rallied).toMatchObject({ name: "Rallied", lasting: "Until the encounter ends", changes: [] });
    expect(blessed).toMatchObject({ lasting: "Until removed", changes: ["system.speed add 1"] });
  });

  it("say so when an effect counts rounds but its actor is in no combat", async () => {
    const { withLasting } = await import("../../src/foundry");
    await garret.createEmbeddedDocuments("ActiveEffect", [
      withLasting({ name: "Dazed" }, garret, { rounds: 2, until: "turnEnd" }),
    ]);
    expect((await rows(garret))[0]!.lasting).toBe("Counts 2 rounds in combat; out of combat it lasts until removed");
  });

  it("show the effects an item passes on (and only those), named by the item", async () => {
    const [sword] = await garret.createEmbeddedDocuments("Item", [
      {
        name: "Ring <b>of</b> Ash",
        type: "fade-gear",
        effects: [
          { _id: "ringward00000001", name: "Ward", transfer: true },
          { _id: "ringkept00000001", name: "Kept on the ring", transfer: false },
        ],
      },
    ]);
    const found = (await rows(garret)).filter((r) => r.itemId);
    expect(found.map((r) => [r.name, r.source, r.itemId])).toEqual([["Ward", "from Ring <b>of</b> Ash", sword!.id]]);
  });
});

describe("the Effects tab's controls", () => {
  it("create, switch off and on, edit and delete the owner's effects, on the actor and on its items", async () => {
    await as("user1", async () => {
      await press(garret, "effectCreate");
      const [created] = effectsOf(garret);
      expect(created!.name).toBe("New effect");
      await press(garret, "effectToggle", created!.id);
      expect(effectsOf(garret)[0]!.disabled).toBe(true);
      expect((await rows(garret))[0]!.disabled).toBe(true);
      await press(garret, "effectToggle", created!.id);
      expect(effectsOf(garret)[0]!.disabled).toBe(false);
      await press(garret, "effectEdit", created!.id);
      const sheet = (garret as unknown as { effects: { get(id: string): { sheet: { rendered: number } } } }).effects;
      expect(sheet.get(created!.id).sheet.rendered).toBe(2); // opened when made, then by Edit
      await press(garret, "effectDelete", created!.id);
      expect(effectsOf(garret)).toEqual([]);

      const [ring] = await garret.createEmbeddedDocuments("Item", [
        { name: "Ring", type: "fade-gear", effects: [{ _id: "ringward00000001", name: "Ward", transfer: true }] },
      ]);
      await press(garret, "effectToggle", "ringward00000001", ring!.id);
      expect((await rows(garret)).find((r) => r.name === "Ward")!.disabled).toBe(true);
      await press(garret, "effectDelete", "ringward00000001", ring!.id);
      expect((await rows(garret)).some((r) => r.name === "Ward")).toBe(false);
    });
  });

  it("never let a player change an actor they do not own: Foundry's server refuses, and nothing changes", async () => {
    await as("gm1", () => goblin.createEmbeddedDocuments("ActiveEffect", [{ name: "Cursed" }]));
    const [cursed] = effectsOf(goblin);
    await as("user1", async () => {
      await expect(press(goblin, "effectToggle", cursed!.id)).rejects.toThrow(/lacks permission/);
      await expect(press(goblin, "effectCreate")).rejects.toThrow(/lacks permission/);
    });
    expect(effectsOf(goblin).map((e) => [e.name, e.disabled])).toEqual([["Cursed", false]]);
  });
});
