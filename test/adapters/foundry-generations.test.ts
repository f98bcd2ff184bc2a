import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Foundry from "../../src/foundry";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { deprecations, standInGeneration } from "../foundry/generation";
import { readContextMenu } from "../foundry/context-menu";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, loadFadeWorld, target } from "../support/fade-world";
import { statusIds } from "../support/generation";
import { fightOf, type Fight } from "../support/fight";
import type * as Sheets from "../../src/rulesets/fade/sheets";

// The one place that speaks both Foundry generations (src/foundry), run under each: every test here
// runs once in "adapters v13" and once in "adapters v14", where the stand-in plays that generation.

let record: StandInRecord;
let sheets: typeof Sheets;
let foundryApi: typeof Foundry;
let garret: StandInActor;
let goblin: StandInActor;
const v14 = () => standInGeneration() === 14;
declare const _del: unknown;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const statuses = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];
const setCore = (key: string, value: string) => game.settings!.set("core" as never, key as never, value as never);

async function fight(): Promise<Fight> {
  const combat = fightOf("fight", [
    { id: "garret", name: "Garret", initiative: 20, actor: garret },
    { id: "goblin", name: "Goblin", initiative: 10, actor: goblin },
  ]);
  await combat.startCombat();
  return combat;
}

beforeAll(async () => {
  ({ record, sheets } = await loadFadeWorld());
  foundryApi = await import("../../src/foundry");
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  (game as unknown as { combat: unknown }).combat = null;
  await setCore(v14() ? "messageMode" : "rollMode", v14() ? "public" : "publicroll");
});

describe("the one place for Foundry v13 and v14 (src/foundry)", () => {
  it("knows the generation from game.release", () => {
    expect(foundryApi.generation()).toBe(standInGeneration());
    expect(foundryApi.isV14()).toBe(v14());
  });

  it("posts a card in the user's chat mode, read from this generation's setting (a GM-only mode stays private)", async () => {
    await setCore(v14() ? "messageMode" : "rollMode", v14() ? "gm" : "gmroll");
    expect(foundryApi.currentMessageMode()).toBe("gm");
    target(goblin, "Goblin");
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(4, 3, 3, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    const message = lastMessage();
    expect(message.whisper).toEqual(["user1"]);
    expect(record.createOptions.at(-1)).toEqual(v14() ? { messageMode: "gm" } : { rollMode: "gmroll" });
  });

  it("hands a mode a module added to Foundry as the user set it, not as public", async () => {
    await setCore(v14() ? "messageMode" : "rollMode", "party");
    expect(foundryApi.currentMessageMode()).toBeNull();
    target(goblin, "Goblin");
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(4, 3, 3, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    expect(record.createOptions.at(-1)).toEqual(v14() ? { messageMode: "party" } : { rollMode: "party" });
  });

  it("reads either generation's mode names", () => {
    expect(["publicroll", "gmroll", "blindroll", "selfroll"].map(foundryApi.messageModeOf)).toEqual([
      "public",
      "gm",
      "blind",
      "self",
    ]);
    expect(["public", "ic", "blind", "nonsense", 3].map(foundryApi.messageModeOf)).toEqual([
      "public",
      "public",
      "blind",
      null,
      null,
    ]);
  });

  it("deletes a key in this generation's update language", async () => {
    await garret.update({ "flags.anthology.note": "kept", "flags.anthology.gone": 1 });
    await garret.update(foundryApi.deleteKey("flags.anthology.gone"));
    expect(garret.flags.anthology).toMatchObject({ note: "kept" });
    expect(garret.flags.anthology).not.toHaveProperty("gone");
  });

  it("writes a migration's update (its DELETE and replaceWith markers) in this generation's language", async () => {
    await garret.update({ "flags.anthology.old": 1, "flags.anthology.keep": 2, "flags.anthology.tags": { a: 1 } });
    const update = foundryApi.forThisGeneration({
      flags: { anthology: { old: foundryApi.DELETE, tags: foundryApi.replaceWith({ b: 2 }) } },
    });
    expect(update).toEqual(
      v14()
        ? { flags: { anthology: { old: _del, tags: expect.objectContaining({ value: { b: 2 } }) } } }
        : { flags: { anthology: { "-=old": null, "==tags": { b: 2 } } } },
    );
    await garret.update(update);
    expect(garret.flags.anthology).toEqual(expect.objectContaining({ keep: 2, tags: { b: 2 } }));
    expect(garret.flags.anthology).not.toHaveProperty("old");
  });

  it("adds a status effect once to this generation's registry, and finds it by id", () => {
    const status = { id: "anthology-test", name: "Test", img: "icons/svg/aura.svg" };
    foundryApi.registerStatus(status);
    foundryApi.registerStatus({ ...status, name: "Second" });
    expect(statusIds().filter((id) => id === "anthology-test")).toHaveLength(1);
    expect(foundryApi.statusEntry("anthology-test")).toMatchObject({ name: "Test" });
    expect(foundryApi.statusEntry("fade-bleeding")).toMatchObject({ id: "fade-bleeding" });
    expect(foundryApi.statusEntries().some((s) => s.id === "dead")).toBe(true);
  });

  it("writes a context-menu entry this generation's menu reads without a warning", async () => {
    let clicked: unknown = null;
    const [entry] = readContextMenu([
      foundryApi.menuEntry({
        label: "ANTHOLOGY.Combat.toggleAmbusher",
        icon: "<i></i>",
        visible: (li) => li.id === "yes",
        onClick: (li) => (clicked = li),
      }),
    ]);
    expect(entry!.label).toBe("ANTHOLOGY.Combat.toggleAmbusher");
    expect([entry!.visible({ id: "yes" }), entry!.visible({ id: "no" })]).toEqual([true, false]);
    await entry!.click({ id: "row" });
    expect(clicked).toEqual({ id: "row" });
  });

  it("reads a chat command from this generation's chat input", () => {
    const typed = v14() ? "<p>/odds&nbsp;8k4x vs 30</p>" : "/odds 8k4x vs 30";
    expect(foundryApi.chatCommandText(typed)).toBe("/odds 8k4x vs 30");
  });

  it("counts two tokens a floor apart as apart on v14 only (v13 has one level)", () => {
    const a = { level: "ground" };
    const b = { level: "cellar" };
    expect(foundryApi.sameLevel(a, b)).toBe(!v14());
    expect(foundryApi.sameLevel(a, { level: "ground" })).toBe(true);
    expect(foundryApi.sameLevel({}, {})).toBe(true);
  });

  it("makes an effect's changes in this generation's shape, which Foundry applies", async () => {
    const before = (goblin.system as unknown as { speedLoss: number }).speedLoss ?? 0;
    await goblin.createEmbeddedDocuments("ActiveEffect", [
      { name: "Hobbled", ...foundryApi.changesData([{ key: "system.speedLoss", type: "add", value: 2 }]) },
    ]);
    expect((goblin.system as unknown as { speedLoss: number }).speedLoss).toBe(before + 2);
  });
});

describe("lasting effects on both generations", () => {
  it("name their bearer's combatant and round, even when made on another's turn", async () => {
    const combat = await fight(); // round 1, Garret's turn
    const data = foundryApi.withLasting({ name: "Staggered", statuses: ["fade-staggered"] }, goblin, {
      rounds: 1,
      until: "turnEnd",
    });
    await goblin.createEmbeddedDocuments("ActiveEffect", [data]);
    const effect = (goblin as unknown as { effects: { contents: Array<Foundry.EffectLike> } }).effects.contents.at(-1)!;
    expect(foundryApi.effectRounds(effect)).toBe(1);
    expect(foundryApi.effectEnd(effect)).toBe("turnEnd");
    expect(foundryApi.effectStart(effect)).toEqual({ combat: "fight", round: 1 });
    const source = effect._source as Record<string, Record<string, unknown>>;
    if (v14()) {
      expect(source.duration).toMatchObject({ value: 1, units: "rounds", expiry: "turnEnd" });
      // Core stamps the current turn's combatant (Garret); Anthology's own start wins: the goblin's place.
      expect(source.start).toMatchObject({ combat: "fight", combatant: "goblin", round: 1, turn: 1 });
    } else expect(source.duration).toEqual({ rounds: 1, combat: "fight", startRound: 1, startTurn: 1 });
    await combat.nextTurn(); // the goblin's turn, round 1
    await combat.nextTurn(); // Garret, round 2
    await combat.nextTurn(); // the goblin, round 2: it lasts through this turn
    await settle();
    expect(statuses(goblin)).toEqual(["fade-staggered"]);
    await combat.nextTurn(); // the goblin's turn is over
    await settle();
    expect(statuses(goblin)).toEqual([]);
  });

  it("last until removed outside a combat", async () => {
    await goblin.createEmbeddedDocuments("ActiveEffect", [
      foundryApi.withLasting({ name: "Dazed", statuses: ["fade-dazed"] }, goblin, { rounds: 1, until: "turnEnd" }),
    ]);
    const effect = (goblin as unknown as { effects: { contents: Array<Foundry.EffectLike> } }).effects.contents.at(-1)!;
    expect(foundryApi.effectStart(effect)).toBeNull();
    const combat = await fight();
    for (let i = 0; i < 6; i += 1) await combat.nextTurn();
    await settle();
    expect(statuses(goblin)).toEqual(["fade-dazed"]);
  });

  it("end with their encounter: what lasts it and what counts its rounds go when the GM deletes the combat", async () => {
    const combat = await fight();
    const effects = (actor: StandInActor) =>
      (actor as unknown as { effects: { contents: Array<{ name: string }> } }).effects.contents.map((e) => e.name);
    const rounds = { rounds: 5, until: "turnEnd" } as const;
    await goblin.createEmbeddedDocuments("ActiveEffect", [
      foundryApi.withLasting({ name: "Dazed" }, goblin, rounds),
      foundryApi.forEncounter({ name: "Rallied" }),
      // Made during the encounter but lasting (core stamps its start too): it stays.
      { name: "Blessed" },
    ]);
    // Made out of any combat: no encounter ends it.
    await garret.createEmbeddedDocuments("ActiveEffect", [
      foundryApi.forEncounter({ name: "Rallied" }, null),
      foundryApi.withLasting({ name: "Dazed" }, { uuid: "Actor.nobody" }, rounds),
    ]);
    const rallied = (goblin as unknown as { effects: { contents: Foundry.EffectLike[] } }).effects.contents[1]!;
    expect(foundryApi.effectEncounter(rallied)).toBe("fight");
    await (combat as unknown as { delete(): Promise<unknown> }).delete();
    for (const fn of record.hooks.get("deleteCombat") ?? []) await fn(combat, {}, "gm1");
    expect(effects(goblin)).toEqual(["Blessed"]);
    expect(effects(garret)).toEqual(["Rallied", "Dazed"]);
    // A player's client never deletes: only the active GM's does.
    const again = await fight();
    await goblin.createEmbeddedDocuments("ActiveEffect", [foundryApi.forEncounter({ name: "Rallied" })]);
    const gm = game.users!.activeGM as unknown as { isSelf: boolean };
    gm.isSelf = false;
    try {
      expect(await foundryApi.endWithCombat(again as never)).toBe(0);
    } finally {
      gm.isSelf = true;
    }
    expect(await foundryApi.endWithCombat(again as never)).toBe(1);
    expect(effects(goblin)).toEqual(["Blessed"]);
  });

  it("stored by an older Anthology (before v14 and its expiry), still end when the text says", async () => {
    const combat = await fight();
    // As Anthology wrote it before: v13's duration, marked by migration 6 with when it ends. On v14
    // core has migrated it but cannot know whose turn ends it; at ready the GM's client tells it.
    const actor = await (
      CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } }
    ).documentClass.create({
      name: "Old goblin",
      type: "fade-npc",
      effects: [
        {
          name: "Dazed",
          statuses: ["fade-dazed"],
          duration: { rounds: 1, combat: "fight", startRound: 1, startTurn: 0 },
          flags: { anthology: { expiry: "turnEnd" } },
        },
      ],
    });
    const Combatant = (CONFIG as unknown as { Combatant: { documentClass: new (d: object) => object } }).Combatant
      .documentClass;
    combat.addCombatant(new Combatant({ id: "old", name: "Old goblin", initiative: 5, actor }));
    const adopted = await foundryApi.adoptLegacyLasting([combat as never]);
    expect(adopted).toBe(v14() ? 1 : 0);
    expect(await foundryApi.adoptLegacyLasting([combat as never])).toBe(0);
    // Round 1: Garret, the goblin, the old goblin; round 2 the same.
    for (let i = 0; i < 5; i += 1) await combat.nextTurn();
    await settle();
    expect([combat.round, combat.combatant?.id, statuses(actor)]).toEqual([2, "old", ["fade-dazed"]]);
    await combat.nextTurn(); // the old goblin's turn in round 2 is over
    await settle();
    expect(statuses(actor)).toEqual([]);
  });
});

describe("the stand-in's v14 deprecations (what makes a v14 test fail)", () => {
  it("logs one for each legacy form Foundry v14 warns about, and none on v13", async () => {
    await garret.update({ "flags.anthology.-=nothing": null });
    void CONST.ACTIVE_EFFECT_MODES;
    game.settings!.get("core" as never, "rollMode" as never);
    const logged = deprecations.splice(0);
    expect(logged).toHaveLength(v14() ? 3 : 0);
  });
});
