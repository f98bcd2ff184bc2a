import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInMacro } from "../foundry/macros";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { fadeActors } from "../support/fade-world";
import { fadingSunsActors } from "../support/fading-suns-world";
import { fudgeActors } from "../support/fudge-world";
import { hodActors } from "../support/hod-world";
import { opend6Actors } from "../support/opend6-world";
import { as, cardData, connect, loadPlay } from "../support/play";

// Hotbar macros through the real path: a sheet row's drag data dropped on the hotbar (Foundry's
// `hotbarDrop` hook), the macro it makes, and its command run as Foundry runs a script macro; the card
// it posts is compared with the card the sheet's own button posts, with the same dice and dialog.
// One world holds an actor of each of the five rule sets (each plug-in is installed in every world).

type SheetClass = (new (o: object) => object) & { DEFAULT_OPTIONS: { actions: Record<string, Action> } };
type Action = (this: unknown, e: Event, t: unknown) => Promise<void>;

let record: StandInRecord;
let hotbar: { last: () => Promise<unknown> };
let sheets: Record<string, SheetClass>;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fade" });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  connect({ id: "player2", isGM: false });
  const { lastRollMacro } = await import("../../src/play/hotbar");
  hotbar = { last: lastRollMacro };
  sheets = {
    fade: (await import("../../src/rulesets/fade/sheets")).FadeActorSheet as never,
    "fading-suns": (await import("../../src/rulesets/fading-suns/sheets")).FadingSunsActorSheet as never,
    hod: (await import("../../src/rulesets/hod/sheets")).HodActorSheet as never,
    fudge: (await import("../../src/rulesets/fudge/sheets")).FudgeActorSheet as never,
    opend6: (await import("../../src/rulesets/opend6/sheets")).OpenD6ActorSheet as never,
  };
});

beforeEach(async () => {
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  (game.user as unknown as { targets: Set<unknown> }).targets.clear();
  await game.settings!.set("anthology" as never, "macroActor" as never, "named" as never);
  delete (globalThis as { canvas?: unknown }).canvas;
});

const ruleSetOf = (actor: StandInActor) =>
  ["fading-suns", "fade", "hod", "fudge", "opend6"].find((id) => actor.type.startsWith(`${id}-`))!;
const itemNamed = (actor: StandInActor, name: string) => actor.items.find((i) => i.name === name)!;
const macros = () => (game as unknown as { macros: { contents: StandInMacro[] } }).macros.contents;
const slots = () => (game.user as unknown as { hotbar: Record<string, string> }).hotbar;
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);

/** The same faces for every die and the same dialog answer, before each of the two rolls compared. */
function script(answer: Record<string, string>): void {
  fulfillment.length = 0;
  fulfillment.push(...Array<number>(60).fill(2));
  dialogAnswers.length = 0;
  dialogAnswers.push(answer);
}

/** Presses a sheet button as Foundry calls an action: the sheet as `this`, a target inside the row. */
async function pressSheet(actor: StandInActor, action: string, row: { item?: string; dataset?: object }) {
  const Sheet = sheets[ruleSetOf(actor)]!;
  const itemId = row.item ? itemNamed(actor, row.item).id : null;
  // Heroes of Destiny's special actions read the weapon chosen above their list: its first weapon.
  const firstWeapon = actor.items.contents
    .filter((i) => i.type === "hod-weapon")
    .sort((a, b) => a.name.localeCompare(b.name))[0];
  const specials = { querySelector: () => ({ value: firstWeapon?.id ?? "" }) };
  const target = {
    dataset: row.dataset ?? {},
    closest: (selector: string) =>
      selector === "[data-item-id]" && itemId
        ? { dataset: { itemId } }
        : selector === "[data-hod-specials]"
          ? specials
          : null,
  };
  await Sheet.DEFAULT_OPTIONS.actions[action]!.call(new Sheet({ document: actor }), new Event("click"), target);
}

/** Foundry's Hotbar drop: the `hotbarDrop` hook with the dropped data and slot (false: a handler took it). */
const drop = (data: unknown, slot: number): boolean =>
  (Hooks as unknown as { call(hook: string, ...args: unknown[]): boolean }).call("hotbarDrop", {}, data, slot);

/** The drag data a row gives (the sheet's own dragstart), dropped on hotbar slot `slot`: the macro made. */
async function dropRow(actor: StandInActor, row: { item?: string; dataset?: Record<string, string> }, slot = 3) {
  const Sheet = sheets[ruleSetOf(actor)]!;
  const sheet = new Sheet({ document: actor }) as { _onDragStart(e: unknown): unknown };
  const itemId = row.item ? itemNamed(actor, row.item).id : undefined;
  let data = "";
  const event = {
    currentTarget: { dataset: { ...(itemId ? { itemId } : {}), ...(row.dataset ?? {}) } },
    target: { dataset: {} },
    dataTransfer: { setData: (_type: string, value: string) => (data = value) },
  };
  sheet._onDragStart(event);
  const handled = drop(JSON.parse(data), slot);
  expect(handled).toBe(false);
  return (await hotbar.last()) as StandInMacro;
}

/** Runs a macro's command as a script macro does, and waits for what its call returns. */
async function runMacro(macro: StandInMacro): Promise<unknown> {
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...a: string[]
  ) => (...a: unknown[]) => Promise<unknown>;
  return new AsyncFunction("game", `return ${macro.command}`)(game);
}

/** A card as it reads back, without what differs from one message to the next. */
function comparable(message: unknown): unknown {
  const text = JSON.stringify(cardData(message));
  return JSON.parse(text.replace(/"(id|messageId|card|timestamp|at)":"[^"]*"/g, '"$1":"-"'));
}
const rollsOf = (message: StandInMessage) =>
  (message as unknown as { rolls: Array<{ formula: string; total: number }> }).rolls.map((r) => [r.formula, r.total]);

interface Case {
  readonly name: string;
  readonly actor: () => Promise<{ actor: StandInActor; foe: StandInActor }>;
  readonly action: string;
  readonly row: { item?: string; dataset?: Record<string, string> };
  readonly answer: Record<string, string>;
  readonly command: Record<string, unknown>;
}

const CASES: Case[] = [
  {
    name: "The Fade: a weapon's attack",
    actor: async () => fadeActors().then(({ garret, goblin }) => ({ actor: garret, foe: goblin })),
    action: "fadeAttack",
    row: { item: "Longsword <i>of</i> Ash", dataset: { rollKind: "attack" } },
    answer: { defense: "defense", location: "body" },
    command: { ruleSet: "fade", kind: "attack" },
  },
  {
    name: "The Fade: a skill check",
    actor: async () => fadeActors().then(({ garret, goblin }) => ({ actor: garret, foe: goblin })),
    action: "fadeSkill",
    row: { dataset: { rollKind: "skill", rollKey: "heal", rollName: "Heal", skill: "heal" } },
    answer: {},
    command: { ruleSet: "fade", kind: "skill", key: "heal" },
  },
  {
    name: "Fading Suns: a weapon's attack",
    actor: async () => fadingSunsActors().then(({ erian, brute }) => ({ actor: erian, foe: brute })),
    action: "fsAttack",
    row: { item: "Rapier <b>fine</b>", dataset: { rollKind: "attack" } },
    answer: {},
    command: { ruleSet: "fading-suns", kind: "attack" },
  },
  {
    name: "Fading Suns: a natural skill's goal roll",
    actor: async () => fadingSunsActors().then(({ erian, brute }) => ({ actor: erian, foe: brute })),
    action: "fsGoal",
    row: { dataset: { rollKind: "goal", rollKey: "dodge", rollName: "Dodge", skill: "dodge" } },
    answer: {},
    command: { ruleSet: "fading-suns", kind: "goal", key: "dodge" },
  },
  {
    name: "Heroes of Destiny: a weapon's attack",
    actor: async () => hodActors().then(({ garret, goblin }) => ({ actor: garret, foe: goblin })),
    action: "hodAttack",
    row: { item: "Longsword <i>of</i> Ash", dataset: { rollKind: "attack" } },
    answer: {},
    command: { ruleSet: "hod", kind: "attack" },
  },
  {
    name: "Heroes of Destiny: an attribute check",
    actor: async () => hodActors().then(({ garret, goblin }) => ({ actor: garret, foe: goblin })),
    action: "hodCheck",
    row: { dataset: { rollKind: "check", rollKey: "strength", rollName: "Strength", attribute: "strength" } },
    answer: {},
    command: { ruleSet: "hod", kind: "check", key: "strength" },
  },
  {
    name: "Heroes of Destiny: a special action",
    actor: async () => hodActors().then(({ garret, goblin }) => ({ actor: garret, foe: goblin })),
    action: "hodSpecial",
    row: { dataset: { rollKind: "special", rollKey: "trip", rollName: "Trip", specialId: "trip" } },
    answer: {},
    command: { ruleSet: "hod", kind: "special", key: "trip" },
  },
  {
    name: "Heroes of Destiny: a special action with the weapon the sheet offers first",
    actor: async () => hodActors().then(({ garret, goblin }) => ({ actor: garret, foe: goblin })),
    action: "hodSpecial",
    row: {
      dataset: { rollKind: "special", rollKey: "disarm", rollName: "Disarm", specialId: "disarm", usesWeapon: "true" },
    },
    answer: {},
    command: { ruleSet: "hod", kind: "special", key: "disarm" },
  },
  {
    name: "Heroes of Destiny: a spell's preparation",
    actor: async () =>
      hodActors().then(async ({ garret, goblin }) => {
        await garret.createEmbeddedDocuments("Item", [
          { name: "Firebolt", type: "hod-weapon", system: { category: "spell", fatigueCost: 1 } },
        ]);
        return { actor: garret, foe: goblin };
      }),
    action: "hodPrepare",
    row: { item: "Firebolt", dataset: { rollKind: "spell" } },
    answer: {},
    command: { ruleSet: "hod", kind: "spell" },
  },
  {
    name: "FUDGE: a weapon's attack",
    actor: async () => fudgeActors().then(({ mickey, bandit }) => ({ actor: mickey, foe: bandit })),
    action: "fudgeAttack",
    row: { item: "Broadsword", dataset: { rollKind: "attack" } },
    answer: {},
    command: { ruleSet: "fudge", kind: "attack" },
  },
  {
    name: "FUDGE: a skill's check",
    actor: async () => fudgeActors().then(({ mickey, bandit }) => ({ actor: mickey, foe: bandit })),
    action: "fudgeSkill",
    row: { item: "Climbing", dataset: { rollKind: "skill" } },
    answer: {},
    command: { ruleSet: "fudge", kind: "skill" },
  },
  {
    name: "OpenD6: a weapon's attack",
    actor: async () => opend6Actors().then(({ kira, thug }) => ({ actor: kira, foe: thug })),
    action: "od6Attack",
    row: { item: "Knife", dataset: { rollKind: "attack" } },
    answer: {},
    command: { ruleSet: "opend6", kind: "attack" },
  },
  {
    name: "OpenD6: a skill's check",
    actor: async () => opend6Actors().then(({ kira, thug }) => ({ actor: kira, foe: thug })),
    action: "od6Roll",
    row: { dataset: { rollKind: "skill", rollKey: "dodge", rollName: "Dodge", kind: "skill", id: "dodge" } },
    answer: {},
    command: { ruleSet: "opend6", kind: "skill", key: "dodge" },
  },
];

describe("a macro dragged from a sheet row rolls exactly what the row's button rolls", () => {
  it.each(CASES)("$name", async ({ actor: make, action, row, answer, command }) => {
    const { actor, foe } = await make();
    (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: foe, name: foe.name });
    const item = row.item ? itemNamed(actor, row.item) : null;

    const macro = await dropRow(actor, row);
    expect(macro.type).toBe("script");
    expect(macro.name).toBe(row.item ?? row.dataset?.rollName);
    expect(macro.img).toEqual(item ? item.img : expect.any(String));
    const expected = { actor: actor.uuid, ...command, ...(item ? { item: item.id } : {}) };
    expect(macro.command).toBe(`game.anthology.play.roll(${JSON.stringify(expected)});`);
    expect(slots()["3"]).toBe(macro.id);

    script(answer);
    const before = record.messages.length;
    await pressSheet(actor, action, row);
    expect(record.messages.length, `the button's card (${warnings().join("; ")})`).toBe(before + 1);
    const fromSheet = record.messages.at(-1) as StandInMessage;

    script(answer);
    const returned = await runMacro(macro);
    expect(record.messages.length, `the macro's card (${warnings().join("; ")})`).toBe(before + 2);
    const fromMacro = record.messages.at(-1) as StandInMessage;
    expect(returned).toBe(fromMacro);
    expect(comparable(fromMacro)).toEqual(comparable(fromSheet));
    expect(rollsOf(fromMacro)).toEqual(rollsOf(fromSheet));
    expect(fromMacro.speaker).toEqual(fromSheet.speaker);
    expect(warnings()).toEqual([]);
  });
});

describe("making macros", () => {
  it("reuses the user's own identical macro instead of making a second, and leaves other drops to Foundry", async () => {
    const { garret } = await fadeActors();
    const first = await dropRow(garret, { item: "Longsword <i>of</i> Ash", dataset: { rollKind: "attack" } }, 1);
    const count = macros().length;
    const again = await dropRow(garret, { item: "Longsword <i>of</i> Ash", dataset: { rollKind: "attack" } }, 2);
    expect(again).toBe(first);
    expect(macros()).toHaveLength(count);
    expect(slots()).toMatchObject({ "1": first.id, "2": first.id });
    // Gear has no roll: Foundry's own drop (a macro that opens the item) goes on.
    const rations = itemNamed(garret, "Rations");
    expect(drop(rations.toDragData(), 4)).toBe(true);
    expect(drop({ type: "Macro", uuid: "Macro.x" }, 4)).toBe(true);
    // An item row dragged without a roll of its own takes its rule set's roll for the item.
    expect(drop(itemNamed(garret, "Longsword <i>of</i> Ash").toDragData(), 5)).toBe(false);
    expect(await hotbar.last()).toBe(first);
  });

  it("a player makes their own macro from their own actor's row, the name kept as text out of the command", async () => {
    const { garret } = await fadeActors();
    await garret.update({ "ownership.player2": 3 });
    const macro = await as("player2", () =>
      dropRow(garret, { dataset: { rollKind: "dodge", rollName: "<b>Dodge</b>" } }, 7),
    );
    expect(macro).toMatchObject({ name: "<b>Dodge</b>", author: "player2", img: "icons/svg/sword.svg" });
    expect(macro.command).toBe(`game.anthology.play.roll({"actor":"${garret.uuid}","ruleSet":"fade","kind":"dodge"});`);
    const player2 = (game.users as unknown as Map<string, { hotbar: Record<string, string> }>).get("player2")!;
    expect(player2.hotbar["7"]).toBe(macro.id);
    // Another user dropping the same row makes a macro of their own (a macro is reused only by its author).
    const mine = await dropRow(garret, { dataset: { rollKind: "dodge", rollName: "<b>Dodge</b>" } }, 7);
    expect(mine).not.toBe(macro);
    // A user whose role may not make script macros is told so.
    (game.user as unknown as { macroScript?: boolean; isGM: boolean }).isGM = false;
    (game.user as unknown as { macroScript?: boolean }).macroScript = false;
    try {
      await dropRow(garret, { dataset: { rollKind: "heal", rollName: "Heal" } }, 8);
      expect(warnings().at(-1)).toBe(
        'The macro "Heal" could not be made: you may lack the permission to create script macros.',
      );
    } finally {
      Object.assign(game.user as object, { isGM: true, macroScript: undefined });
    }
  });
});

describe("whose actor, and what is refused", () => {
  async function swordMacro() {
    const { garret, goblin } = await fadeActors();
    const macro = await dropRow(garret, { item: "Longsword <i>of</i> Ash", dataset: { rollKind: "attack" } });
    return { garret, goblin, macro };
  }

  it("rolls for the selected token's actor when the GM sets it so, finding the item by name", async () => {
    const { macro } = await swordMacro();
    const { garret: other } = await fadeActors();
    await other.update({ name: "Other" });
    await game.settings!.set("anthology" as never, "macroActor" as never, "selected" as never);
    (globalThis as { canvas?: unknown }).canvas = { tokens: { controlled: [{ actor: other }] } };
    script({ defense: "defense", location: "body" });
    const message = (await runMacro(macro)) as StandInMessage;
    expect(message).toBeTruthy();
    expect(cardData(message).actor).toMatchObject({ uuid: other.uuid });
    // With the setting left at "named", the macro's own actor rolls whatever is selected.
    await game.settings!.set("anthology" as never, "macroActor" as never, "named" as never);
    script({ defense: "defense", location: "body" });
    const named = (await runMacro(macro)) as StandInMessage;
    expect(cardData(named).actor).not.toMatchObject({ uuid: other.uuid });
  });

  it("says so when the actor or the item is gone, and posts nothing", async () => {
    const { garret, macro } = await swordMacro();
    const before = record.messages.length;
    const sword = itemNamed(garret, "Longsword <i>of</i> Ash");
    await sword.delete();
    expect(await runMacro(macro)).toBeNull();
    expect(warnings().at(-1)).toBe(`Garret has no item "${sword.id}" any more: make the macro again from the sheet.`);
    await garret.delete();
    expect(await runMacro(macro)).toBeNull();
    expect(warnings().at(-1)).toMatch(/^This macro's actor is gone \(Actor\.[^)]+\)/);
    expect(record.messages.length).toBe(before);
  });

  it("refuses an actor of another rule set, a roll its rule set lacks, and a skill the actor lacks", async () => {
    const { macro } = await swordMacro();
    const { garret: hodGarret } = await hodActors();
    await game.settings!.set("anthology" as never, "macroActor" as never, "selected" as never);
    (globalThis as { canvas?: unknown }).canvas = { tokens: { controlled: [{ actor: hodGarret }] } };
    expect(await runMacro(macro)).toBeNull();
    expect(warnings().at(-1)).toBe("Garret does not play The Fade: this macro's roll is not one of theirs.");
    await game.settings!.set("anthology" as never, "macroActor" as never, "named" as never);
    const play = (game as unknown as { anthology: { play: { roll(a: unknown): Promise<unknown> } } }).anthology.play;
    expect(await play.roll({ actor: hodGarret.uuid, kind: "dodge" })).toBeNull();
    expect(warnings().at(-1)).toBe(`"dodge" is not a roll Heroes of Destiny macros know (docs/macros.md lists them).`);
    expect(await play.roll({ actor: hodGarret.uuid, kind: "check", key: "<b>luck</b>" })).toBeNull();
    expect(warnings().at(-1)).toBe(`Garret has no "&lt;b&gt;luck&lt;/b&gt;" to roll.`);
    expect(await play.roll({ actor: hodGarret.uuid, kind: "check" })).toBeNull();
    expect(await play.roll("attack")).toBeNull();
    expect(warnings().at(-1)).toMatch(/^game\.anthology\.play\.roll: "kind" is missing/);
    // Naming no actor, a call takes the selected token's (here one of Heroes of Destiny)...
    expect(await play.roll({ kind: "attack" })).toBeNull();
    expect(warnings().at(-1)).toBe("This roll needs one of Garret's items: give the macro an item.");
    // ...and with none selected and no character of the user's, says so.
    delete (globalThis as { canvas?: unknown }).canvas;
    expect(await play.roll({ kind: "attack" })).toBeNull();
    expect(warnings().at(-1)).toBe("This macro names no actor: select a token, or give it an actor.");
  });

  it("refuses a user who does not own the actor, with its name as text, and the flows' own guards hold", async () => {
    const { garret, macro } = await swordMacro();
    await garret.update({ name: "<i>Garret</i>" });
    const before = record.messages.length;
    await as("player2", async () => {
      script({ defense: "defense", location: "body" });
      expect(await runMacro(macro)).toBeNull();
      // Past the shared check, the rule set's own flow refuses too.
      const { plugin } = await import("../../src/rulesets/fade");
      const item = itemNamed(garret, "Longsword <i>of</i> Ash");
      expect(await plugin.macros!.rolls.attack!.roll(garret, item, null)).toBeNull();
    });
    expect(warnings().slice(-2)).toEqual([
      "You do not own &lt;i&gt;Garret&lt;/i&gt;: only its owners (and the GM) roll for it.",
      expect.stringContaining("&lt;i&gt;Garret&lt;/i&gt;"),
    ]);
    expect(record.messages.length).toBe(before);
  });
});
