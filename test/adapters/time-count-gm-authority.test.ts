import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnthologyCombat as CombatClass } from "../../src/combat/anthology-combat";
import { combatLog, receiveUpdate, standInActor } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";

// The active GM's client (user1), with a player (user2, Pat) connected elsewhere who owns Zherynn. What
// the player's client sends or writes reaches this client as the server delivers it: socket requests
// with the sender's id, document changes with the writer's id. Nothing the player wrote is trusted.

type Doc = { id: string; name: string; initiative: number | null; getFlag(scope: string, key: string): unknown };
type Combat = CombatClass & {
  addCombatant(c: unknown): Doc;
  createEmbeddedDocuments(name: string, data: object[]): Promise<Doc[]>;
  round: number;
  turn: number | null;
};

let record: StandInRecord;
let combat: Combat;
let zherynn: Doc;
let garret: Doc;

const users = () => game.users as unknown as Map<string, { id: string; isGM: boolean; isSelf: boolean; name?: string }>;
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);

beforeAll(async () => {
  record = installFoundry({ ruleSet: "hod" });
  await import("../../src");
  loadWorld(record);
  users().set("user2", { id: "user2", isGM: false, isSelf: false, name: "Pat <i>" });
  Object.assign(users().get("user1")!, { name: "GM" });
});

beforeEach(async () => {
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const Combat = config.Combat.documentClass as new (data: object) => Combat;
  const Combatant = config.Combatant.documentClass as new (data: object) => Doc;
  combat = new Combat({ id: "gm1" });
  (game as unknown as { combats: Map<string, unknown> }).combats.set("gm1", combat);
  const pc = standInActor("Zherynn", { player: "user2" });
  zherynn = combat.addCombatant(new Combatant({ id: "z", name: "Zherynn", actor: pc, initiative: 6 }));
  garret = combat.addCombatant(new Combatant({ id: "g", name: "Garret <b>", actor: standInActor("Garret <b>") }));
  await (garret as unknown as { update(d: object): Promise<unknown> }).update({ initiative: 9 });
  await combat.startCombat();
  await combat.nextTurn(); // TC 6: Zherynn is due.
  expect(combat.timeCount).toBe(6);
  record.notifications.length = 0;
  record.messages.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
});

/** A request from the player's client, as the GM's socket listener receives it (the server names the sender). */
async function fromPlayer(type: string, payload: object): Promise<{ key: string; data?: object } | null> {
  record.emitted.length = 0;
  for (const fn of record.socketListeners.get("system.anthology") ?? [])
    fn({ kind: "request", id: "r1", type, payload }, "user2");
  await new Promise((resolve) => setTimeout(resolve, 20));
  // The GM answers every request, to the user the server named.
  const reply = record.emitted.at(-1)?.message as
    { kind: string; id: string; to: string; refusal?: { key: string; data?: object } } | undefined;
  expect(reply).toMatchObject({ kind: "reply", id: "r1", to: "user2" });
  return reply?.refusal ?? null;
}

const act = (choice: unknown) => fromPlayer("timeCount.act", { combatId: "gm1", combatantId: "z", choice });
const delay = (toTc: unknown) => fromPlayer("timeCount.delay", { combatId: "gm1", combatantId: "z", toTc });

describe("the GM checks a player's act before it changes anything", () => {
  it("carries out a well-formed one", async () => {
    // Zherynn has a player owner: drawing a weapon is Rapid, 1d4 rolled, showing 3: next at TC 9.
    fulfillment.push(3);
    expect(await act({ action: "drawWeapon" })).toBeNull();
    expect(zherynn.initiative).toBe(9);
    expect(combat.timeCountHistory.at(-1)).toEqual({
      tc: 6,
      round: 2,
      combatants: { z: { initiative: 6, flags: { unsteady: null, moveCount: null, lastAction: null, runPace: null } } },
    });
  });

  it.each([
    ["an unknown action", { action: "teleport" }, "ANTHOLOGY.TimeCount.Errors.action"],
    ["an action that is not a string", { action: 42 }, "ANTHOLOGY.TimeCount.Errors.action"],
    ["a choice that is not an object", "attack", "ANTHOLOGY.TimeCount.Errors.malformed"],
    ["a choice that is an array", [{ action: "attack" }], "ANTHOLOGY.TimeCount.Errors.malformed"],
    [
      "a speed factor of its own (the GM's alone), even NaN, which JSON carries as null",
      { action: "custom", speedFactor: null },
      "ANTHOLOGY.HoD.TimeCount.customGmOnly",
    ],
    ["a number given as text", { action: "custom", speedFactor: "5" }, "ANTHOLOGY.TimeCount.Errors.notFinite"],
    ["a huge speed factor", { action: "custom", speedFactor: 1e9 }, "ANTHOLOGY.TimeCount.Errors.tooLarge"],
    [
      "a negative speed factor (the GM's alone)",
      { action: "custom", speedFactor: -3 },
      "ANTHOLOGY.HoD.TimeCount.customGmOnly",
    ],
    ["huge speed-class steps", { action: "attack", steps: 1e6 }, "ANTHOLOGY.TimeCount.Errors.tooLarge"],
    ["a huge modifier", { action: "attack", modifier: -1e6 }, "ANTHOLOGY.TimeCount.Errors.tooLarge"],
    ["an unknown speed class", { action: "attack", weaponClass: "ludicrous" }, "ANTHOLOGY.TimeCount.Errors.speedClass"],
    [
      "a speed class that is not a string",
      { action: "attack", weaponClass: {} },
      "ANTHOLOGY.TimeCount.Errors.malformed",
    ],
    ["extras that are not a list", { action: "attack", extras: "concentrate" }, "ANTHOLOGY.TimeCount.Errors.malformed"],
    ["an unknown extra", { action: "attack", extras: ["haste"] }, "ANTHOLOGY.TimeCount.Errors.action"],
    ["a fumble that is not true or false", { action: "attack", fumble: "yes" }, "ANTHOLOGY.TimeCount.Errors.malformed"],
    ["an unknown special action", { action: "special", special: "fly" }, "ANTHOLOGY.TimeCount.Errors.action"],
    [
      "a casting time out of reach",
      { action: "prepareSpell", castingTime: 5000 },
      "ANTHOLOGY.TimeCount.Errors.tooLarge",
    ],
  ])("refuses %s with a localised message, changing nothing", async (_what, choice, key) => {
    const before = combat.timeCountHistory.length;
    const refusal = await act(choice);
    expect(refusal?.key).toBe(key);
    expect(game.i18n!.has(key)).toBe(true);
    expect(zherynn.initiative).toBe(6);
    expect(combat.timeCountHistory).toHaveLength(before);
    expect(record.messages).toHaveLength(0);
  });

  it("refuses an act for a combatant the player does not own, and for one that is gone", async () => {
    const refusal = await fromPlayer("timeCount.act", {
      combatId: "gm1",
      combatantId: "g",
      choice: { action: "custom", speedFactor: 1 },
    });
    expect(refusal?.key).toBe("ANTHOLOGY.TimeCount.notOwner");
    expect((await fromPlayer("timeCount.act", { combatId: "gm1", combatantId: { id: "z" }, choice: {} }))?.key).toBe(
      "ANTHOLOGY.TimeCount.gone",
    );
    expect(garret.initiative).toBe(9);
  });
});

describe("the GM checks a player's delay", () => {
  it.each([
    ["a TC given as text", "30", "ANTHOLOGY.TimeCount.Errors.notFinite"],
    ["no TC (NaN arrives as null)", null, "ANTHOLOGY.TimeCount.Errors.notFinite"],
    ["a TC in the past", 3, "ANTHOLOGY.TimeCount.Errors.inThePast"],
    ["a TC beyond reach", 1e12, "ANTHOLOGY.TimeCount.Errors.tooLarge"],
    ["a TC that is not later", 6, "ANTHOLOGY.TimeCount.Errors.notLater"],
  ])("refuses %s", async (_what, toTc, key) => {
    expect((await delay(toTc))?.key).toBe(key);
    expect(zherynn.initiative).toBe(6);
  });

  it("moves the action to a later TC within reach", async () => {
    expect(await delay(30)).toBeNull();
    expect(zherynn.initiative).toBe(30);
    expect(combat.scheduler().tcOf("z")).toBe(30);
  });
});

describe("the active GM puts back what a player wrote against the count", () => {
  it("an initiative in the past, not a number, or beyond reach, with a notification naming who and whom (escaped)", async () => {
    for (const bad of [2, Number.NaN, 1e9]) {
      await receiveUpdate(zherynn as never, { initiative: bad }, "user2");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(zherynn.initiative).toBe(6);
    }
    expect(warnings()[0]).toBe(
      "Pat &lt;i&gt;'s change to Zherynn was undone: TC 2 has already passed: the count is at 6.",
    );
    expect(warnings()).toHaveLength(3);
    const put = combatLog.updates.filter((u) => u.id === "z" && u.options.anthologyTimeCount).at(-1);
    expect(put?.data).toEqual({ initiative: 6 });
    // The count never moved Zherynn.
    expect(combat.scheduler().due()).toEqual(["z"]);
  });

  it("puts back a player's later initiative too: a delay goes through the GM (Delay), who keeps the count", async () => {
    await receiveUpdate(zherynn as never, { initiative: 20 }, "user2");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(zherynn.initiative).toBe(6);
    expect(combat.scheduler().tcOf("z")).toBe(6);
    expect(warnings()).toEqual(["Pat &lt;i&gt;'s change to Zherynn was undone: Only the GM moves the Time Count."]);
  });

  it("the combat's round and turn (the server refuses a player's write to its flags)", async () => {
    const history = combat.timeCountHistory;
    // Foundry refuses a player writing the encounter's flags: nothing reaches the GM.
    await expect(
      receiveUpdate(combat as never, { "flags.anthology.tc": 99, "flags.anthology.history": [] }, "user2"),
    ).rejects.toThrow(/lacks permission to update Combat/);
    // It lets a player move the round and turn while the combatant whose turn it is is theirs (Zherynn).
    await receiveUpdate(combat as never, { round: 40, turn: 1 }, "user2");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(combat.timeCount).toBe(6);
    expect(combat.round).toBe(2);
    expect(combat.turn).toBe(0);
    expect(combat.timeCountHistory).toEqual(history);
    expect(warnings()).toEqual(["Pat &lt;i&gt;'s change to Time Count was undone: Only the GM moves the Time Count."]);
    // The count is still where the GM left it, and moves on as before.
    await combat.actCombatant("z", { action: "custom", speedFactor: 3 });
    await combat.advanceCount();
    expect(combat.timeCount).toBe(9);
  });

  it("the combatant flags only the GM writes", async () => {
    // The dagger's Fast SF 1d6+3 shows 2 and the fumble's 1d6 shows 4: 9, and Zherynn is unsteady.
    fulfillment.push(2, 4);
    await combat.actCombatant("z", { action: "attack", weaponClass: "fast", fumble: true });
    expect(zherynn.getFlag("anthology", "unsteady")).toBe(true);
    await receiveUpdate(zherynn as never, { "flags.anthology.unsteady": false }, "user2");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(zherynn.getFlag("anthology", "unsteady")).toBe(true);
  });

  it("a combatant a player adds with an initiative in the past enters without one", async () => {
    const Combatant = (CONFIG as unknown as { Combatant: { documentClass: new (d: object) => Doc } }).Combatant
      .documentClass;
    const late = new Combatant({
      id: "late",
      name: "Late",
      actor: standInActor("Late", { player: "user2" }),
      initiative: 1,
    });
    const me = users().get("user1")!;
    const them = users().get("user2")!;
    // The player's client creates it (the server names the player as the writer).
    (game as unknown as { user: unknown }).user = them;
    try {
      combat.addCombatant(late);
    } finally {
      (game as unknown as { user: unknown }).user = me;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(late.initiative).toBeNull();
    expect(combat.scheduler().has("late")).toBe(false);
  });

  it("leaves a GM's own writes alone, and does nothing on a client that is not the active GM", async () => {
    await receiveUpdate(zherynn as never, { "flags.anthology.unsteady": true }, "user1");
    expect(zherynn.getFlag("anthology", "unsteady")).toBe(true);
    const me = users().get("user1")!;
    Object.assign(me, { isSelf: false });
    try {
      await receiveUpdate(zherynn as never, { initiative: 1 }, "user2");
    } finally {
      Object.assign(me, { isSelf: true });
    }
    expect(zherynn.initiative).toBe(1);
    expect(warnings()).toEqual([]);
  });
});

describe("names a player typed, in HTML the GM posts", () => {
  it("are escaped in the chat flavor and in the notice of those held", async () => {
    await combat.actCombatant("z", { action: "custom", speedFactor: 5 });
    await combat.advanceCount(); // TC 9: Garret <b> is due, and does not act.
    await combat.advanceCount();
    expect(record.notifications.at(-1)?.message).toBe("Garret &lt;b&gt; did not act and wait until TC 11.");
    await combat.actCombatant("g", { action: "custom", speedFactor: 2 });
    const flavor = (record.messages.at(-1) as { flavor: string }).flavor;
    expect(flavor).toBe("Garret &lt;b&gt;: Another action (enter its SF). Speed factor 2, next action at TC 13.");
  });
});
