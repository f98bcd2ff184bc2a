import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import type { FadeAttackData, FadeAttackRow } from "../../src/rulesets/fade/chat/card-data";
import type * as Provoke from "../../src/rulesets/fade/chat/provoke";
import type { FadeProvokeData, FadeProvokeRow } from "../../src/rulesets/fade/chat/provoke";
import { applyUpdate, dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, loadFadeWorld, target } from "../support/fade-world";
import { as, canPress, cardData, press, relay } from "../support/play";
import { requestGm } from "../../src/hooks/socket";
import { projectGeneration, standInGeneration } from "../foundry/generation";

// The GM's client (user1, the active GM) with a scene of tokens and a started combat: Foundry v13's
// TokenDocument (x/y in pixels, width in grid spaces, disposition), the scene's grid size, the
// `moveToken` hook's movement (origin, passed waypoints, recorded history) and Combatant flags.

let record: StandInRecord;
let sheets: typeof Sheets;
let provoke: typeof Provoke;
let garret: StandInActor;
let goblin: StandInActor;

type Data = Record<string, unknown>;
interface Token extends Data {
  id: string;
  name: string;
  x: number;
  y: number;
  width: number;
  disposition: number;
  actor: StandInActor;
  parent?: unknown;
}
interface Combatant extends Data {
  id: string;
  name: string;
  tokenId: string;
  actor: StandInActor;
  flags: Data;
}

const SIZE = 100;
const FRIENDLY = 1;
const HOSTILE = -1;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const provokeCard = (m: unknown) => cardData<FadeProvokeData, FadeProvokeRow>(m);
const tokens: Token[] = [];
const combatants: Combatant[] = [];
const fight = () => (game as unknown as { combat: { flags: Data } }).combat;
/** The turn budgets the GM keeps on the combat, by combatant id. */
const budgets = () => ((fight().flags.anthology as Data | undefined)?.fadeTurns ?? {}) as Record<string, Data>;

/** A v14 scene's first Level (migrated scenes and new tokens start on it); v13 tokens have no level. */
const GROUND = "defaultLevel0000";

/** Puts a token of `actor` on the scene at column x, row y, and makes it a combatant. */
function place(actor: StandInActor, x: number, y: number, disposition: number, name = actor.name): Token {
  const token: Token = {
    id: `token-${tokens.length}`,
    name,
    x: x * SIZE,
    y: y * SIZE,
    width: 1,
    disposition,
    actor,
    ...(standInGeneration() === 14 ? { level: GROUND } : {}),
  };
  token.parent = scene;
  tokens.push(token);
  combatants.push({
    id: `combatant-${combatants.length}`,
    name,
    tokenId: token.id,
    actor,
    flags: {},
    getFlag(scope: string, key: string) {
      return ((this.flags as Data)[scope] as Data | undefined)?.[key];
    },
    async update(data: Data) {
      applyUpdate(this, data);
    },
  });
  return token;
}
const scene = { grid: { size: SIZE }, tokens };

/** The `moveToken` hook as Foundry calls it after a move by user1, squares given as [column, row]. */
function move(token: Token, squares: Array<[number, number]>, history: Array<[number, number]> = []) {
  const [from, ...to] = squares.map(([x, y]) => ({ x: x * SIZE, y: y * SIZE }));
  Object.assign(token, to.at(-1) ?? {});
  return provoke.onMoveToken(
    token as never,
    {
      id: "move-now",
      origin: from!,
      passed: { waypoints: to },
      history: {
        recorded: { waypoints: history.map(([x, y]) => ({ x: x * SIZE, y: y * SIZE, movementId: "earlier" })) },
      },
    },
    {},
    { id: "user1" },
  );
}

/** An allied NPC with a spear (a melee weapon: it threatens). */
function spearman(): Promise<StandInActor> {
  return (
    CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } }
  ).documentClass.create({
    name: "Ally",
    type: "fade-npc",
    system: { agility: 3 },
    items: [{ name: "Spear", type: "fade-weapon", system: { baseDamage: "2k1", range: 0 } }],
  });
}

/** Whether Garret's attack dialog (closed at once) ticks flanking by itself. */
async function flanking(): Promise<boolean> {
  answerDialog(null);
  await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
  const view = record.rendered.filter((r) => r.path.endsWith("fade/roll-dialog.hbs")).at(-1)!.data as {
    modifiers: Array<{ id: string; checked: boolean }>;
  };
  return view.modifiers.find((m) => m.id === "flanking")!.checked;
}

async function withWeapon(actor: StandInActor, name: string, system: Data): Promise<void> {
  await (
    actor as unknown as { createEmbeddedDocuments(n: string, d: Data[]): Promise<unknown> }
  ).createEmbeddedDocuments("Item", [{ name, type: "fade-weapon", system: { baseDamage: "2k1", ...system } }]);
}

beforeAll(async () => {
  ({ record, sheets } = await loadFadeWorld());
  provoke = await import("../../src/rulesets/fade/chat/provoke");
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  await withWeapon(goblin, "Claws", { range: 0 });
  tokens.length = 0;
  combatants.length = 0;
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(null);
  const g = globalThis as unknown as { canvas: unknown; game: { combat: unknown } };
  g.canvas = { scene };
  // Foundry's combatants collection: iterated as values, and read by id (the GM's turn requests).
  const collection = Object.assign(combatants, { get: (id: string) => combatants.find((c) => c.id === id) });
  // The Combat holds the turn budgets (only a GM writes it): its flags, read and merged as Foundry does.
  g.game.combat = {
    id: "combat1",
    started: true,
    round: 2,
    turn: 0,
    combatants: collection,
    turns: combatants,
    flags: {},
    getFlag(this: { flags: Data }, scope: string, key: string) {
      return (this.flags[scope] as Data | undefined)?.[key];
    },
    async update(this: Data, data: Data) {
      applyUpdate(this, data);
    },
  };
  (g.game as unknown as { combats: Map<string, unknown> }).combats.set("combat1", g.game.combat);
});

describe("The Fade: moving in combat", () => {
  it("posts the provocation when a move leaves a threatened square", async () => {
    const hero = place(garret, 6, 5, FRIENDLY);
    place(goblin, 5, 5, HOSTILE, "Goblin");
    const before = record.messages.length;
    await move(hero, [
      [6, 5],
      [7, 5],
      [8, 5],
    ]);
    expect(record.messages.length).toBe(before + 1);
    const card = provokeCard(lastMessage());
    expect(card).toMatchObject({
      kind: "provoke",
      actor: { name: "Garret" },
      data: { reason: "move" },
      targets: [{ uuid: goblin.uuid, name: "Goblin", data: { taken: null } }],
    });
    const view = record.rendered.filter((r) => r.path.endsWith("fade/provoke-card.hbs")).at(-1)!.data as Data;
    expect(view).toMatchObject({ actorName: "Garret", reasonKey: "ANTHOLOGY.Fade.Opportunity.move" });
  });

  it("a Step out of a threatened square, a move far from foes, and a withdraw provoke nothing", async () => {
    const hero = place(garret, 6, 5, FRIENDLY);
    place(goblin, 5, 5, HOSTILE);
    const before = record.messages.length;
    await move(hero, [
      [6, 5],
      [7, 6],
    ]);
    await move(hero, [
      [7, 6],
      [8, 6],
      [9, 6],
    ]);
    // Another part of the system marks a Withdraw with this status.
    await (
      garret as unknown as { createEmbeddedDocuments(n: string, d: Data[]): Promise<unknown> }
    ).createEmbeddedDocuments("ActiveEffect", [{ name: "Withdrawing", statuses: ["fade-withdrawing"] }]);
    Object.assign(hero, { x: 600, y: 500 });
    await move(hero, [
      [6, 5],
      [7, 5],
      [8, 5],
    ]);
    expect(record.messages.length).toBe(before);
  });

  it("entering a threatened square and stopping there provokes nothing; a friendly or hidden token never does", async () => {
    const hero = place(garret, 9, 5, FRIENDLY);
    place(goblin, 5, 5, HOSTILE);
    place(goblin, 8, 8, FRIENDLY, "Tame goblin");
    // A token the GM hid gives nothing away.
    Object.assign(place(goblin, 10, 6, HOSTILE, "Lurker"), { hidden: true });
    const before = record.messages.length;
    await move(hero, [
      [9, 5],
      [8, 6],
      [7, 7],
      [6, 6],
    ]);
    expect(record.messages.length).toBe(before);
  });

  it("tells the mover when the turn's movement is beyond its speed, counting diagonals 1-2-1 across the turn", async () => {
    // Speed 6, less the chain shirt's 1, halved by a medium load: 2. A run: 2 x 3 (armor slows) = 6.
    expect((garret.system as unknown as { derived: { speed: number; run: number } }).derived).toMatchObject({
      speed: 2,
      run: 6,
    });
    const hero = place(garret, 0, 0, FRIENDLY);
    // Earlier this turn one diagonal (1); now one square straight (1): 2 in all, within the speed.
    await move(
      hero,
      [
        [1, 1],
        [2, 1],
      ],
      [
        [0, 0],
        [1, 1],
      ],
    );
    expect(record.notifications).toEqual([]);
    // Earlier one diagonal (1); now another diagonal, the second of the turn: 2. 3 in all.
    await move(
      hero,
      [
        [1, 1],
        [2, 2],
      ],
      [
        [0, 0],
        [1, 1],
      ],
    );
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: "Garret has moved 3 squares this turn, beyond a speed of 2 (a run covers 6).",
    });
  });
});

describe("The Fade: the attack of opportunity", () => {
  it("opens the threatener's attack at the provoker, once a round, recorded on its combatant by the GM", async () => {
    const hero = place(garret, 6, 5, FRIENDLY);
    place(goblin, 5, 5, HOSTILE, "Goblin");
    await move(hero, [
      [6, 5],
      [8, 5],
    ]);
    const card = lastMessage();
    expect(canPress(card, "opportunity", 0)).toBe(true);
    // The goblin's claws: Agility 3 rolls 3k1; 9 is kept against Garret.
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(9, 2, 1, 5, 1, 1, 1, 1, 1, 1, 1, 1);
    await press(card, "opportunity", 0);
    const attack = lastMessage();
    const data = cardData<FadeAttackData, FadeAttackRow>(attack);
    expect(data).toMatchObject({ kind: "attack", actor: { name: goblin.name }, targets: [{ uuid: garret.uuid }] });
    expect(data.data.item.name).toBe("Claws");
    expect(data.data.pool).toBe("3k1");
    // Spent on the goblin's turn budget: its attack out of its turn was the round's attack of opportunity.
    expect(budgets()[combatants[1]!.id]).toMatchObject({ round: 2, opportunity: true });
    expect(provokeCard(card).targets[0]!.data.taken).toBe(attack.id);
    expect(canPress(card, "opportunity", 0)).toBe(false);
    // Another provocation in the same round: the goblin has none left, so no card.
    const count = record.messages.length;
    await move(hero, [
      [8, 5],
      [6, 4],
      [5, 3],
    ]);
    expect(record.messages.length).toBe(count);
    // Next round it has one again.
    (game as unknown as { combat: { round: number } }).combat.round = 3;
    Object.assign(hero, { x: 600, y: 400 });
    await move(hero, [
      [6, 4],
      [7, 3],
      [8, 2],
    ]);
    expect(provokeCard(lastMessage()).targets.map((t) => t.name)).toEqual(["Goblin"]);
  });

  it("the GM refuses to spend an attack of opportunity for a player whose attack card it is not", async () => {
    const users = game.users as unknown as Map<
      string,
      { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> }
    >;
    users.set("user2", { id: "user2", isGM: false, isSelf: false, targets: new Set() });
    const hero = place(garret, 6, 5, FRIENDLY);
    place(goblin, 5, 5, HOSTILE, "Goblin");
    await move(hero, [
      [6, 5],
      [8, 5],
    ]);
    const card = lastMessage();
    // The GM's own attack card (user1 wrote it); user2 asks the GM to count it as the goblin's.
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(...Array(12).fill(1));
    await press(card, "opportunity", 0);
    const attack = lastMessage();
    fight().flags = {};
    const asked = as("user2", () =>
      requestGm(provoke.OPPORTUNITY_REQUEST, { provoke: card.id, row: 0, attack: attack.id }),
    );
    await relay(record);
    expect(await asked).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("Only a GM can do that.");
    expect(fight().flags).toEqual({});
    users.delete("user2");
  });

  it("casting a spell while threatened notes it on the attack card and posts the prompt", async () => {
    await withWeapon(garret, "Fire bolt", { spell: true, range: 10, defense: "avoid" });
    place(garret, 6, 5, FRIENDLY);
    place(goblin, 5, 5, HOSTILE, "Goblin");
    target(goblin, "Goblin");
    answerDialog({ spell: "on", defense: "avoid", location: "body" });
    fulfillment.push(...Array(30).fill(1));
    await clickSheet(sheets, garret, "fadeAttack", "Fire bolt");
    const messages = record.messages.slice(-2) as StandInMessage[];
    expect(cardData<FadeAttackData, FadeAttackRow>(messages[0]).data.provokes).toEqual(["Goblin"]);
    expect(provokeCard(messages[1])).toMatchObject({ data: { reason: "spell" }, targets: [{ name: "Goblin" }] });
  });

  it("using an item while a foe threatens posts the prompt for the item; out of reach, none", async () => {
    const owner = garret as unknown as { createEmbeddedDocuments(n: string, d: Data[]): Promise<unknown> };
    await owner.createEmbeddedDocuments("Item", [{ name: "Smoke bomb", type: "fade-gear", system: { quantity: 1 } }]);
    const me = place(garret, 6, 5, FRIENDLY);
    place(goblin, 5, 5, HOSTILE, "Goblin");
    await clickSheet(sheets, garret, "fadeUse", "Smoke bomb");
    const messages = record.messages.slice(-2) as StandInMessage[];
    expect(messages[0]!.content).toContain("Garret uses Smoke bomb.");
    expect(provokeCard(messages[1])).toMatchObject({ data: { reason: "item" }, targets: [{ name: "Goblin" }] });
    expect(budgets()[combatants[0]!.id]).toMatchObject({ standard: true });
    // Two squares away the goblin threatens nothing: the line alone (the GM overrides the second standard action).
    Object.assign(me, { x: 8 * SIZE });
    const before = record.messages.length;
    await clickSheet(sheets, garret, "fadeUse", "Smoke bomb");
    expect(record.messages.length).toBe(before + 1);
    expect(lastMessage().content).toContain("Garret uses Smoke bomb.");
  });

  it("ticks flanking when an ally threatens the target from the opposite side", async () => {
    const ally = await spearman();
    place(garret, 4, 5, FRIENDLY);
    place(goblin, 5, 5, HOSTILE, "Goblin");
    const allyToken = place(ally, 6, 5, FRIENDLY);
    target(goblin, "Goblin");
    expect(await flanking()).toBe(true);
    Object.assign(allyToken, { x: 500, y: 600 });
    expect(await flanking()).toBe(false);
  });
});

describe("The Fade on Foundry v14's Scene Levels", () => {
  const v14 = () => standInGeneration() === 14;
  /** v14: a token on the level below; v13 has one level, so the token stays where it is. */
  const downstairs = (token: Token) => (v14() ? Object.assign(token, { level: "cellar" }) : token);

  it("a foe a floor below (side by side on the grid) does not threaten a move; on v13 every token shares the level", async () => {
    const hero = place(garret, 6, 5, FRIENDLY);
    downstairs(place(goblin, 5, 5, HOSTILE, "Goblin"));
    const before = record.messages.length;
    await move(hero, [
      [6, 5],
      [7, 5],
      [8, 5],
    ]);
    expect(record.messages.length).toBe(before + (v14() ? 0 : 1));
  });

  it.runIf(projectGeneration() === 14)(
    "a move that climbs away from a foe on the level below provokes nothing; one that stays down there does",
    async () => {
      const hero = downstairs(place(garret, 6, 5, FRIENDLY));
      downstairs(place(goblin, 5, 5, HOSTILE, "Goblin"));
      const before = record.messages.length;
      /** The `moveToken` hook for a move from (6, 5) below to (7, 5) and (8, 5) on the given levels. */
      const moveThrough = (levels: [string, string]) =>
        provoke.onMoveToken(
          hero as never,
          {
            id: levels.join("-"),
            origin: { x: 600, y: 500, level: "cellar" },
            passed: { waypoints: levels.map((level, i) => ({ x: 700 + i * 100, y: 500, level })) },
          } as never,
          {},
          { id: "user1" },
        );
      // Up the stairs: the first square is below, the rest on the ground floor.
      await moveThrough([GROUND, GROUND]);
      expect(record.messages.length).toBe(before);
      // The same squares, all below.
      await moveThrough(["cellar", "cellar"]);
      expect(record.messages.length).toBe(before + 1);
    },
  );

  it("an ally a floor away does not flank, nor does a target on another level", async () => {
    const ally = await spearman();
    place(garret, 4, 5, FRIENDLY);
    const foe = place(goblin, 5, 5, HOSTILE, "Goblin");
    const allyToken = downstairs(place(ally, 6, 5, FRIENDLY));
    target(goblin, "Goblin");
    expect(await flanking()).toBe(!v14());
    if (!v14()) return;
    // Ally and target both below, the attacker above: still no flank.
    Object.assign(foe, { level: "cellar" });
    expect(await flanking()).toBe(false);
    // All three on the ground floor: a flank.
    Object.assign(foe, { level: GROUND });
    Object.assign(allyToken, { level: GROUND });
    expect(await flanking()).toBe(true);
  });
});

describe("The Fade: the grid's diagonals", () => {
  /** Foundry's settings as the check reads them: the value, and whether the world stores a choice. */
  const settingsWith = (value: number, chosen: boolean) => {
    const set: Array<[string, unknown]> = [];
    (game as unknown as { settings: unknown }).settings = {
      get: (ns: string) => (ns === "anthology" ? "fade" : value),
      set: async (ns: string, key: string, v: unknown) => set.push([`${ns}.${key}`, v]),
      settings: new Map([["core.gridDiagonals", {}]]),
      storage: new Map([["world", { getSetting: () => (chosen ? { value } : undefined) }]]),
    };
    (CONST as unknown as Data).GRID_DIAGONALS = { EQUIDISTANT: 0, ALTERNATING_1: 4 };
    return set;
  };

  it("sets Foundry's diagonal rule to 1-2-1 while no one chose it, and keeps a GM's choice", async () => {
    const real = (game as unknown as { settings: unknown }).settings;
    try {
      let set = settingsWith(0, false);
      await provoke.checkDiagonals();
      expect(set).toEqual([["core.gridDiagonals", 4]]);
      expect(record.notifications.at(-1)?.level).toBe("info");
      set = settingsWith(0, true);
      await provoke.checkDiagonals();
      expect(set).toEqual([]);
      expect(record.notifications.at(-1)?.level).toBe("warn");
      set = settingsWith(4, true);
      record.notifications.length = 0;
      await provoke.checkDiagonals();
      expect([set, record.notifications]).toEqual([[], []]);
    } finally {
      (game as unknown as { settings: unknown }).settings = real;
    }
  });
});
