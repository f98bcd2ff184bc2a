import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnthologyCombat as CombatClass } from "../../src/combat/anthology-combat";
import type { HodActor } from "../../src/rulesets/hod/chat/documents";
import type * as SpecialModule from "../../src/rulesets/hod/chat/special";
import { FIST } from "../../src/rulesets/hod/chat/special-weapon";
import { targetState } from "../../src/rulesets/hod/chat/target";
import { specialAction, type SpecialAction } from "../../src/rulesets/hod/rules/special-actions";
import { deleteKey } from "../../src/foundry";
import { dialogAnswers, receiveUpdate } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { hodWeaponDefaults } from "../support/hod-fixtures";
import { garretItems, garretSystem, goblinItems, goblinSystem, loadHodWorld } from "../support/hod-world";
import { as, press, relay } from "../support/play";

// A hostile player (user2, Pat, who owns Zherynn) against the active GM's client (user1). Whatever the
// player's client skips (its own checks, its own hooks) and whatever it sends or writes reaches the GM
// as the server delivers it: socket requests with the sender's id, document changes with the writer's.
// Nothing a player's client built is taken on trust: the GM works out each speed, keeps the count,
// and checks the rules again where the change is made.

type Doc = {
  id: string;
  name: string;
  initiative: number | null;
  getFlag(scope: string, key: string): unknown;
  update(data: object, options?: object): Promise<unknown>;
};
type Combat = CombatClass & {
  id: string;
  addCombatant(c: unknown): Doc;
  createEmbeddedDocuments(name: string, data: object[]): Promise<Doc[]>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<Doc[]>;
  round: number;
  turn: number | null;
};
type User = { id: string; isGM: boolean; isSelf: boolean; name?: string; targets: Set<unknown> };
type ActorClass = { create(data: object): Promise<StandInActor> };
type Special = typeof SpecialModule;

let record: StandInRecord;
let special: Special;
let combat: Combat;
let pat: StandInActor;
let goblin: StandInActor;
let zherynn: Doc;
let them: Doc;

const users = () => game.users as unknown as Map<string, User>;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const links = (actor: StandInActor) =>
  actor.effects.contents.map((e) => e.getFlag("anthology", "hodEffect")).filter((l) => l !== undefined);

beforeAll(async () => {
  ({ record } = await loadHodWorld());
  special = await import("../../src/rulesets/hod/chat/special");
  users().set("user2", { id: "user2", isGM: false, isSelf: false, name: "Pat", targets: new Set() });
});

beforeEach(async () => {
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  // Zherynn, Pat's: Garret's sheet (longsword and shortbow Standard, rapier Fast, fists) and a Fast spell.
  pat = await Actor.create({
    name: "Zherynn",
    type: "hod-character",
    system: structuredClone(garretSystem),
    items: [
      ...structuredClone(garretItems),
      {
        name: "Force bolt",
        type: "hod-weapon",
        system: { ...hodWeaponDefaults, category: "spell", damage: "1d6", speedClass: "fast", fatigueCost: 2 },
      },
    ],
    ownership: { user2: 3 },
  });
  goblin = await Actor.create({
    name: "Goblin",
    type: "hod-npc",
    system: structuredClone(goblinSystem),
    items: structuredClone(goblinItems),
  });
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const CombatClass = config.Combat.documentClass as new (data: object) => Combat;
  const Combatant = config.Combatant.documentClass as new (data: object) => Doc;
  combat = new CombatClass({ id: "h1" });
  (game as unknown as { combats: Map<string, unknown> }).combats.set("h1", combat);
  (game as unknown as { combat: unknown }).combat = combat;
  zherynn = combat.addCombatant(new Combatant({ id: "z", name: "Zherynn", actor: pat, initiative: 6 }));
  them = combat.addCombatant(new Combatant({ id: "g", name: "Goblin", actor: goblin, initiative: 9 }));
  await combat.startCombat();
  await combat.nextTurn(); // TC 6: Zherynn is due.
  expect(combat.timeCount).toBe(6);
  record.notifications.length = 0;
  record.messages.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
});

/** A request from the player's client, as the GM's socket listener receives it (the server names the sender). */
async function fromPlayer(type: string, payload: object): Promise<{ key: string; data?: object } | null> {
  record.emitted.length = 0;
  for (const fn of record.socketListeners.get("system.anthology") ?? []) {
    fn({ kind: "request", id: "r1", type, payload }, "user2");
  }
  await settle();
  const reply = record.emitted.at(-1)?.message as { to: string; refusal?: { key: string; data?: object } } | undefined;
  expect(reply).toMatchObject({ kind: "reply", id: "r1", to: "user2" });
  return reply?.refusal ?? null;
}

const act = (choice: unknown) => fromPlayer("timeCount.act", { combatId: "h1", combatantId: "z", choice });
const delay = (toTc: unknown) => fromPlayer("timeCount.delay", { combatId: "h1", combatantId: "z", toTc });
const cutShort = (toTc: unknown) => fromPlayer("timeCount.cutShort", { combatId: "h1", combatantId: "z", toTc });

/** Zherynn draws a weapon (Rapid, 1d4 rolled: 4): the count stays at 6, her next action at TC 10. */
async function drawWeapon(): Promise<void> {
  fulfillment.push(4);
  expect(await act({ action: "drawWeapon" })).toBeNull();
  expect(zherynn.initiative).toBe(10);
}

/** `holder` grabs `held` as applying a grab leaves them (extra fields on the held one's link). */
async function grip(holder: StandInActor, held: StandInActor, extra: Record<string, unknown> = {}): Promise<void> {
  const effect = (kind: string, other: string, more: Record<string, unknown> = {}) => ({
    name: kind,
    statuses: [`hod-${kind}`],
    flags: { anthology: { hodEffect: { kind, other, ...more } } },
  });
  await held.createEmbeddedDocuments("ActiveEffect", [effect("grabbed", holder.uuid, extra)]);
  await holder.createEmbeddedDocuments("ActiveEffect", [effect("grabbing", held.uuid)]);
}

/** A special action's card written by Pat's client without its checks (as a tampered client may), not scheduled. */
async function playerCard(id: string, natural: number): Promise<StandInMessage> {
  fulfillment.push(natural);
  const action = specialAction(id) as SpecialAction;
  const card = await as("user2", () =>
    special.postHodSpecial(
      pat as unknown as HodActor,
      action,
      null,
      FIST,
      { defense: "primary" },
      [{ uuid: goblin.uuid, name: "Goblin" }],
      { schedule: false },
    ),
  );
  expect(card).not.toBeNull();
  return card as unknown as StandInMessage;
}

describe("a player's act: the GM works out its speed", () => {
  it("refuses a speed factor of the player's own (custom), again and again; the GM's custom still works", async () => {
    for (let i = 0; i < 3; i++) {
      const refusal = await act({ action: "custom", speedFactor: 0 });
      expect(refusal?.key).toBe("ANTHOLOGY.HoD.TimeCount.customGmOnly");
    }
    expect(combat.timeCountHistory).toHaveLength(1); // the Advance to TC 6 only
    expect(record.messages).toHaveLength(0);
    expect(game.i18n!.format("ANTHOLOGY.HoD.TimeCount.customGmOnly", { name: "Zherynn" })).toBe(
      "Only the GM records an action by its speed factor alone: choose what Zherynn did.",
    );
    // The GM's own custom SF stands: 0, a free action, and Zherynn is still due.
    expect(await combat.actCombatant("z", { action: "custom", speedFactor: 0 })).toBe(6);
    expect(combat.timeCountHistory).toHaveLength(2);
  });

  it.each([
    ["a weapon speed the sheet has no weapon of", { action: "attack", weaponClass: "rapid" }, "notInHand"],
    ["a faster speed class", { action: "attack", weaponClass: "standard", steps: -2 }, "fasterGmOnly"],
    ["an SF modifier that takes time off", { action: "drawWeapon", modifier: -3 }, "fasterGmOnly"],
    ["a casting time in TC", { action: "prepareSpell", castingTime: 1 }, "gmRecords"],
    ["a spell it is not preparing", { action: "prepareSpell", weaponClass: "rapid" }, "notPreparing"],
    ["reading a scroll (its speed is on no sheet)", { action: "readScroll", weaponClass: "rapid" }, "gmRecords"],
  ])("refuses %s", async (_what, choice, key) => {
    expect((await act(choice))?.key).toBe(`ANTHOLOGY.HoD.TimeCount.${key}`);
    expect(zherynn.initiative).toBe(6);
    expect(record.messages).toHaveLength(0);
  });

  it("slows the act by the actor's afflictions itself, whatever the player's client sent", async () => {
    // Paralysis 7 is half of Zherynn's Vigor 14: every action one class slower. The longsword's
    // Standard becomes Slow, 1d8+8: 1 + 8 = 9, next at TC 15 (the client sent no steps at all).
    await pat.update({ "system.paralysis": 7 });
    fulfillment.push(1);
    expect(await act({ action: "attack", weaponClass: "standard" })).toBeNull();
    expect(zherynn.initiative).toBe(15);
  });

  it.each([
    // Paralysis 7 of Vigor 14: one class slower; petrification 2: +2 SF; one slashing impairment: +1 to a weapon's SF.
    ["draws a weapon: Rapid → Swift 1d4+2, 1 + 2 + 2", [["action", "drawWeapon"]], 5],
    ["stands up: Swift → Fast 1d6+3, 1 + 3 + 2", [["action", "standUp"]], 6],
    ["drinks a potion: Fast → Standard 1d6+6, 1 + 6 + 2", [["action", "drinkPotion"]], 9],
    [
      "moves a count: SF 1 + 2",
      [
        ["action", "move"],
        ["pace", "base"],
        ["moveCount", "1"],
      ],
      3,
    ],
    [
      "attacks by hand: Standard → Slow 1d8+8, 1 + 8 + 2 + 1",
      [
        ["action", "attack"],
        ["weaponClass", "standard"],
      ],
      12,
    ],
  ])(
    '"all actions you take are slowed by one speed class", "+1 to SF", "+1 to Weapon Speed Factors": the Act dialog %s',
    async (_what, form, sf) => {
      const { hodTimeCount } = await import("../../src/rulesets/hod/combat/time-count-actions");
      await pat.update({ "system.paralysis": 7, "system.petrification": 2, "system.impairments.slashing": 1 });
      fulfillment.push(1);
      // The tracker's Act dialog, read as its form is, and sent to the GM as the tracker sends it.
      expect(await act(hodTimeCount.fromForm(form as Array<[string, string]>))).toBeNull();
      expect(zherynn.initiative).toBe(6 + sf);
    },
  );

  it('"the action requires preparation for a certain amount of time before execution": a coup\'s strike only right after its preparation', async () => {
    const strike = { action: "special", special: "coupDeGrace", weaponClass: "standard" };
    // No preparation: refused, again and again.
    expect((await act(strike))?.key).toBe("ANTHOLOGY.HoD.TimeCount.notPrepared");
    expect(game.i18n!.has("ANTHOLOGY.HoD.TimeCount.notPrepared")).toBe(true);
    // Prepared (Slow 1d8+8 showing 1: TC 15); due again, the strike follows (Standard 1d6+6 showing 1: TC 22).
    fulfillment.push(1);
    expect(await act({ action: "prepare", special: "coupDeGrace" })).toBeNull();
    expect(zherynn.initiative).toBe(15);
    await combat.nextTurn();
    await combat.actCombatant("g", { action: "custom", speedFactor: 20 });
    await combat.nextTurn();
    expect(combat.timeCount).toBe(15);
    fulfillment.push(1);
    expect(await act(strike)).toBeNull();
    expect(zherynn.initiative).toBe(22);
    // Used: a second strike needs a preparation of its own.
    await combat.nextTurn();
    expect(combat.timeCount).toBe(22);
    expect((await act(strike))?.key).toBe("ANTHOLOGY.HoD.TimeCount.notPrepared");
  });

  it("takes a spell's casting time from the spell the sheet prepares", async () => {
    const bolt = pat.items.find((i) => i.name === "Force bolt")!;
    await as("user2", () => pat.update({ "system.spell": { item: bolt.id, prepared: false, since: 6 } }));
    // Force bolt is cast at Fast: 1d6+3 rolled, 2 + 3 = 5, ready at TC 11.
    fulfillment.push(2);
    expect(await act({ action: "prepareSpell", weaponClass: "fast" })).toBeNull();
    expect(zherynn.initiative).toBe(11);
  });
});

describe("cutting an action short", () => {
  it("is refused after an action that cannot be cut short (a weapon drawn)", async () => {
    await drawWeapon();
    const refusal = await cutShort(7);
    expect(refusal).toMatchObject({ key: "ANTHOLOGY.TimeCount.cannotCutShort", data: { name: "Zherynn" } });
    expect(game.i18n!.has(refusal!.key)).toBe(true);
    expect(zherynn.initiative).toBe(10);
    expect(combat.scheduler().tcOf("z")).toBe(10);
  });

  it("brings a spell being prepared to the following count, which the GM works out, once", async () => {
    const bolt = pat.items.find((i) => i.name === "Force bolt")!;
    await as("user2", () => pat.update({ "system.spell": { item: bolt.id, prepared: false, since: 6 } }));
    fulfillment.push(6); // Fast 1d6+3: 9, ready at TC 15.
    expect(await act({ action: "prepareSpell", weaponClass: "fast" })).toBeNull();
    expect(zherynn.initiative).toBe(15);
    // The player asks for TC 8; the rules give the count's next one, TC 7.
    expect(await cutShort(8)).toBeNull();
    expect(zherynn.initiative).toBe(7);
    // Abandoned once: nothing is under way any more.
    expect((await cutShort(7))?.key).toBe("ANTHOLOGY.TimeCount.cannotCutShort");
    expect(zherynn.initiative).toBe(7);
  });
});

describe("a player's own write to their combatant's place", () => {
  it("is put back where the GM keeps it: an initiative written back to now", async () => {
    await drawWeapon();
    await receiveUpdate(zherynn as never, { initiative: 6 }, "user2");
    await settle();
    expect(zherynn.initiative).toBe(10);
    expect(combat.scheduler().tcOf("z")).toBe(10);
    expect(combat.scheduler().due()).toEqual([]);
    expect(warnings()).toEqual(["Pat's change to Zherynn was undone: Only the GM moves the Time Count."]);
    // The flag that says what it last did, too.
    await receiveUpdate(zherynn as never, { "flags.anthology.lastAction": "prepareSpell" }, "user2");
    await settle();
    expect(zherynn.getFlag("anthology", "lastAction")).toBe("drawWeapon");
  });

  it("written while no GM was connected, is put back when the GM's client starts, and never counted", async () => {
    await drawWeapon();
    const me = users().get("user1")!;
    Object.assign(me, { isSelf: false });
    try {
      await receiveUpdate(zherynn as never, { initiative: 6 }, "user2");
    } finally {
      Object.assign(me, { isSelf: true });
    }
    expect(zherynn.initiative).toBe(6);
    // The count is built from the places the GM keeps in the combat, not from the document.
    expect(combat.scheduler().tcOf("z")).toBe(10);
    combat.primeTimeCount();
    await settle();
    expect(zherynn.initiative).toBe(10);
  });

  it("does not make an unsteady target steady for the rules, while it waits to be put back", async () => {
    // A fumbled weapon draw: Rapid 1d4 (2) + the fumble's 1d6 (3): next at TC 11, unsteady.
    fulfillment.push(2, 3);
    expect(await act({ action: "drawWeapon", fumble: true })).toBeNull();
    const me = users().get("user1")!;
    Object.assign(me, { isSelf: false });
    try {
      await receiveUpdate(zherynn as never, { "flags.anthology.unsteady": false }, "user2");
    } finally {
      Object.assign(me, { isSelf: true });
    }
    expect(zherynn.getFlag("anthology", "unsteady")).toBe(false);
    // An attack on Zherynn is judged against the GM's record: still unsteady (Passive defense).
    expect(targetState(pat as unknown as HodActor)).toMatchObject({ unsteady: true });
  });

  it("cannot set up a delay backward: the GM delays only later than the TC it keeps", async () => {
    await drawWeapon();
    // The player's write lands where no active GM puts it back; then it asks to "delay" to TC 8.
    const me = users().get("user1")!;
    Object.assign(me, { isSelf: false });
    try {
      await receiveUpdate(zherynn as never, { initiative: 7 }, "user2");
    } finally {
      Object.assign(me, { isSelf: true });
    }
    const refusal = await delay(8);
    expect(refusal).toMatchObject({ key: "ANTHOLOGY.TimeCount.Errors.notLater", data: { own: "10", tc: "8" } });
    expect(combat.scheduler().tcOf("z")).toBe(10);
    // A delay later than the kept TC goes through the GM.
    expect(await delay(12)).toBeNull();
    expect(zherynn.initiative).toBe(12);
  });

  it("a player's initiative roll is asked of the GM, who rolls it; a second roll is refused", async () => {
    const Combatant = (CONFIG as unknown as { Combatant: { documentClass: new (d: object) => Doc } }).Combatant
      .documentClass;
    // Pat adds a second character of theirs mid-fight (Foundry lets an owner).
    const late = await as("user2", () =>
      combat.addCombatant(new Combatant({ id: "late", name: "Late", actor: pat, initiative: null })),
    );
    const rolling = as("user2", () => combat.rollInitiative(["late"]));
    await settle();
    expect(record.emitted.at(-1)).toMatchObject({
      from: "user2",
      message: { kind: "request", type: "timeCount.rollInitiative", payload: { combatantIds: ["late"] } },
    });
    expect(late.initiative).toBeNull();
    // The GM rolls 1d6 + 4, less Zherynn's Wisdom 1, at TC 6: 3 + 4 - 1 + 6 = 12.
    fulfillment.push(3);
    await relay(record);
    await rolling;
    expect(late.initiative).toBe(12);
    expect(combat.scheduler().tcOf("late")).toBe(12);
    expect((await fromPlayer("timeCount.rollInitiative", { combatId: "h1", combatantIds: ["late"] }))?.key).toBe(
      "ANTHOLOGY.TimeCount.rolledAlready",
    );
  });
});

describe("the grab's rules, checked again by the GM where the change is made", () => {
  it("refuses a grabbed player's move on the Time Count (immobilized), though the player's client skipped its check", async () => {
    await grip(goblin, pat);
    const refusal = await act({ action: "move", pace: "base" });
    expect(refusal).toMatchObject({ key: "ANTHOLOGY.HoD.Effects.immobilized", data: { name: "Zherynn" } });
    expect(zherynn.initiative).toBe(6);
  });

  it("refuses an attack on the Time Count by a player held by a critical grab; Escape Grab stays open", async () => {
    await grip(goblin, pat, { critical: true });
    expect((await act({ action: "special", special: "grab", weaponClass: "standard" }))?.key).toBe(
      "ANTHOLOGY.HoD.Effects.noAttack",
    );
    expect((await act({ action: "attack", weaponClass: "fast" }))?.key).toBe("ANTHOLOGY.HoD.Effects.noAttack");
    expect((await act({ action: "prepare", special: "coupDeGrace" }))?.key).toBe("ANTHOLOGY.HoD.Effects.noAttack");
    expect(zherynn.initiative).toBe(6);
    fulfillment.push(4); // Escape Grab is Fast: 1d6+3, 4 + 3 = 7.
    expect(await act({ action: "special", special: "escapeGrab" })).toBeNull();
    expect(zherynn.initiative).toBe(13);
  });

  it("refuses to apply a grab a critically grabbed player's client rolled anyway", async () => {
    await grip(goblin, pat, { critical: true });
    // 15 + 5 beats the goblin's Celerity 14: the card says the grab holds.
    const card = await playerCard("grab", 15);
    expect(await press(card, "apply", 0)).toBe(false);
    expect(warnings().at(-1)).toBe(
      "Zherynn is held by a critical grab: no attacks until released (Break Grab and Escape Grab stay open).",
    );
    expect(links(goblin)).toMatchObject([{ kind: "grabbing" }]);
    expect(goblin.statuses.has("hod-grabbed")).toBe(false);
  });

  it("refuses to apply a throw by a player who grabs nobody", async () => {
    const card = await playerCard("throw", 15);
    expect(await press(card, "apply", 0)).toBe(false);
    expect(warnings().at(-1)).toBe("You do not grab Goblin: this action needs you grabbing the target.");
  });

  it("lets through a grab made at the same count as the action it would stop (both happen)", async () => {
    // The goblin's critical grab on Zherynn was made at TC 6, the count now: Zherynn's grab of this
    // count is judged as things stood when the count began.
    await grip(goblin, pat, { critical: true, since: 6 });
    const card = await playerCard("grab", 15);
    expect(await press(card, "apply", 0)).toBe(true);
    expect(goblin.statuses.has("hod-grabbed")).toBe(true);
  });
});

describe("the stand-in refuses what Foundry's server refuses", () => {
  it("a player's write to a combatant or an encounter they do not own", async () => {
    await as("user2", async () => {
      await expect(them.update({ initiative: 20 })).rejects.toThrow(/Pat lacks permission to update Combatant \[g\]/);
      await expect(zherynn.update({ hidden: true })).rejects.toThrow(/lacks permission to update Combatant \[z\]/);
      await expect(combat.deleteEmbeddedDocuments("Combatant", ["g"])).rejects.toThrow(/lacks permission/);
      await expect(combat.update({ "flags.anthology.tc": 0 })).rejects.toThrow(/lacks permission to update Combat/);
      await expect(combat.createEmbeddedDocuments("Combatant", [{ actorId: goblin.id }])).rejects.toThrow(
        /lacks permission to create Combatant/,
      );
    });
    expect(them.initiative).toBe(9);
    expect(combat.combatants.get("g")).toBeDefined();
    expect(combat.timeCount).toBe(6);
  });

  it("deletes a combatant's flag as it deletes other documents' keys, and names the real writer to hooks", async () => {
    const seen: string[] = [];
    const hooks = record.hooks.get("updateCombatant") ?? [];
    record.hooks.set("updateCombatant", [
      ...hooks,
      (_d: unknown, _c: unknown, _o: unknown, id: unknown) => void seen.push(String(id)),
    ]);
    try {
      await drawWeapon();
      expect(zherynn.getFlag("anthology", "lastAction")).toBe("drawWeapon");
      await zherynn.update(deleteKey("flags.anthology.lastAction"));
      expect((zherynn as unknown as { flags: { anthology: object } }).flags.anthology).not.toHaveProperty("lastAction");
      await as("user2", () => zherynn.update({ "flags.anthology.note": "mine" }));
    } finally {
      record.hooks.set("updateCombatant", hooks);
    }
    expect(seen).toEqual(["user1", "user1", "user2"]);
  });

  it("deletes a key of an encounter's flags: a deleted combatant's kept place goes with it", async () => {
    const kept = () => Object.keys((combat.getFlag("anthology", "schedule") ?? {}) as object);
    expect(kept().sort()).toEqual(["g", "z"]);
    await combat.deleteEmbeddedDocuments("Combatant", ["g"]);
    await settle();
    expect(kept()).toEqual(["z"]);
  });
});
