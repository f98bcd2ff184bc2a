/**
 * The migration runner against the Foundry stand-in, with a test-only migration list: a world in the
 * old shape (world actors, one of them invalid, their items, world items, unlinked tokens' deltas,
 * chat cards, world and system packs) is brought to the latest schema version, one update per
 * document, and the GM is told what happened.
 */
import { deletion } from "../support/generation";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Migration } from "../../src/migrations";
import type * as MigrationList from "../../src/migrations/index";
import type * as Runner from "../../src/migrations/runner";
import {
  StandInMessage,
  documentLog,
  type Collection,
  type StandInActor,
  type StandInItem,
} from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { StandInPack, StandInScene } from "../foundry/world";

type Data = Record<string, unknown>;

/** Version 1 moves an old flag to its new name on actors and items; version 2 types the chat cards. */
const renameNote: Migration = {
  version: 1,
  name: "Notes move from flags.anthology.oldNote to flags.anthology.note",
  actor: (source) => moveNote(source),
  item(source, actor) {
    moveNote(source);
    const flags = anthologyFlags(source);
    if (actor && flags?.note !== undefined) flags.carrier = actor.name;
  },
};
const typeCards: Migration = {
  version: 2,
  name: "Chat cards move from flags.anthology.fade to typed cards",
  message(source) {
    const card = anthologyFlags(source)?.fade as Data | undefined;
    if (!card) return;
    source.type = "fade-card";
    source.system = { ...card };
    delete anthologyFlags(source)!.fade;
  },
  actor(source) {
    // Sees version 1's output: a note moved by it is marked.
    const flags = anthologyFlags(source);
    if (flags?.note !== undefined) flags.checked = true;
  },
};
const LIST: readonly Migration[] = [renameNote, typeCards];

function anthologyFlags(source: Data): Data | undefined {
  return (source.flags as { anthology?: Data } | undefined)?.anthology;
}
function moveNote(source: Data): void {
  const flags = anthologyFlags(source);
  if (!flags || flags.oldNote === undefined) return;
  flags.note = flags.oldNote;
  delete flags.oldNote;
}

const old = (note: string) => ({ anthology: { oldNote: note } });

let record: StandInRecord;
let runner: typeof Runner;

async function setUp(options: Parameters<typeof installFoundry>[0] = {}): Promise<void> {
  vi.resetModules();
  documentLog.updates.length = 0;
  record = installFoundry({ ruleSet: "fade", ...options });
  await import("../../src/index");
  loadWorld(record);
  await settle();
  // The world loaded empty, so ready stamped it with the real list's version; these tests start
  // from a world that has never migrated, and pass their own list.
  delete record.settings.get("anthology.schemaVersion")!.value;
  documentLog.updates.length = 0;
  record.notifications.length = 0;
  runner = await import("../../src/migrations/runner");
}

/** Lets the stand-in's promise chains (all microtasks) finish. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const storedVersion = () => game.settings!.get("anthology" as never, "schemaVersion" as never) as unknown;
const setStoredVersion = (value: unknown) => void (record.settings.get("anthology.schemaVersion")!.value = value);
const updatesOf = (uuid: string) => documentLog.updates.filter((u) => u.uuid === uuid);

const ActorClass = () => (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
const ItemClass = () => (CONFIG.Item as unknown as { documentClass: new (d: object) => StandInItem }).documentClass;
const actors = () => game.actors as unknown as Collection<StandInActor>;
const items = () => game.items as unknown as Collection<StandInItem>;
const messages = () => game.messages as unknown as Collection<StandInMessage>;
const scenes = () => (game as unknown as { scenes: Collection<StandInScene> }).scenes;
const packs = () => (game as unknown as { packs: Collection<StandInPack> }).packs;

function addActor(data: Data): StandInActor {
  const actor = new (ActorClass())(data);
  actors().set(actor.id, actor);
  return actor;
}

/** A world saved before both migrations. */
function oldWorld() {
  const garret = addActor({
    _id: "garret",
    name: "Garret",
    type: "fade-character",
    flags: old("brave"),
    items: [
      { _id: "sword", name: "Sword", type: "fade-weapon", flags: old("sharp") },
      { _id: "rope", name: "Rope", type: "fade-gear" },
    ],
  });
  // A Heroes of Destiny actor in a Fade world: another rule set's documents are migrated all the same.
  const goblin = addActor({
    _id: "goblin",
    name: "Goblin",
    type: "hod-npc",
    flags: old("sneaky"),
    items: [{ _id: "club", name: "Club", type: "hod-weapon", flags: old("heavy") }],
  });
  const current = addActor({
    _id: "current",
    name: "Current",
    type: "fade-npc",
    flags: { anthology: { note: "new", checked: true } },
  });
  const invalid = new (ActorClass())({ _id: "invalid", name: "Broken data", type: "fade-npc", flags: old("odd") });
  actors().setInvalid("invalid", invalid);

  const axe = new (ItemClass())({ _id: "axe", name: "Axe", type: "fade-weapon", flags: old("old axe") });
  items().set(axe.id, axe);

  const scene = new StandInScene("keep", "The Keep");
  scenes().set(scene.id, scene);
  const linked = scene.addToken({ id: "t-garret", actorId: "garret", actorLink: true });
  // The token's own changes: an old flag of its own and its own copy of the club.
  const goblinToken = scene.addToken({
    id: "t-goblin",
    actorId: "goblin",
    delta: {
      flags: old("token note"),
      items: [{ _id: "club", name: "Spiked club", type: "hod-weapon", flags: old("spiked") }],
    },
  });
  const plainToken = scene.addToken({ id: "t-plain", actorId: "current" });
  const orphan = scene.addToken({ id: "t-orphan", actorId: "deleted", delta: { flags: old("nobody") } });

  const card = new StandInMessage({
    _id: "card",
    type: "base",
    flags: { anthology: { fade: { kind: "attack", total: 27 } } },
  });
  const chat = new StandInMessage({ _id: "chat", type: "base", content: "hello" });
  messages().set(card.id, card).set(chat.id, chat);

  const monsters = new StandInPack({
    name: "monsters",
    documentName: "Actor",
    packageType: "world",
    locked: true,
    documents: [
      {
        _id: "troll",
        name: "Troll",
        type: "fade-npc",
        flags: old("big"),
        items: [{ _id: "fist", name: "Fist", type: "fade-weapon", flags: old("hits") }],
      },
    ],
  });
  const loot = new StandInPack({
    name: "loot",
    documentName: "Item",
    packageType: "world",
    locked: false,
    documents: [{ _id: "ring", name: "Ring", type: "fade-gear", flags: old("shiny") }],
  });
  const tidy = new StandInPack({
    name: "tidy",
    documentName: "Item",
    packageType: "world",
    locked: true,
    documents: [{ _id: "cup", name: "Cup", type: "fade-gear", flags: { anthology: { note: "new" } } }],
  });
  const guide = new StandInPack({
    name: "guide",
    documentName: "Item",
    packageType: "system",
    documents: [{ _id: "book", name: "Book", type: "fade-gear", flags: old("the system's own") }],
  });
  const module = new StandInPack({
    name: "bestiary",
    documentName: "Actor",
    packageType: "module",
    packageName: "some-module",
    documents: [{ _id: "orc", name: "Orc", type: "fade-npc", flags: old("a module's") }],
  });
  for (const pack of [monsters, loot, tidy, guide, module]) packs().set(pack.id, pack);
  return {
    garret,
    goblin,
    current,
    invalid,
    axe,
    linked,
    goblinToken,
    plainToken,
    orphan,
    card,
    chat,
    monsters,
    loot,
    tidy,
    guide,
    module,
  };
}

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("a new or current world", () => {
  it("a world with no documents takes the latest version without running anything or saying so", async () => {
    await setUp();
    expect(await runner.migrateWorld(LIST)).toEqual({ status: "stamped", version: 2 });
    expect(storedVersion()).toBe(2);
    expect(record.notifications).toEqual([]);
    expect(documentLog.updates).toEqual([]);
  });

  it("with no migrations in a list, every world is current at version 0", async () => {
    await setUp();
    oldWorld();
    expect(await runner.migrateWorld([])).toEqual({ status: "current", version: 0 });
    expect(documentLog.updates).toEqual([]);
  });

  it("a world already at the latest version is left alone", async () => {
    await setUp();
    oldWorld();
    setStoredVersion(2);
    expect(await runner.migrateWorld(LIST)).toEqual({ status: "current", version: 2 });
    expect(documentLog.updates).toEqual([]);
    expect(record.notifications).toEqual([]);
  });

  it("a version newer than this build knows: a permanent warning, and nothing run", async () => {
    await setUp();
    const { garret } = oldWorld();
    setStoredVersion(5);
    expect(await runner.migrateWorld(LIST)).toEqual({ status: "newer", stored: 5, latest: 2 });
    expect(record.notifications).toHaveLength(1);
    expect(record.notifications[0]).toMatchObject({ level: "warn", options: { permanent: true } });
    expect(record.notifications[0]!.message).toContain("version 5");
    expect(record.notifications[0]!.message).toContain("(2)");
    expect(documentLog.updates).toEqual([]);
    expect(garret.flags).toEqual(old("brave"));
    expect(storedVersion()).toBe(5);
  });
});

describe("an old world, migrated", () => {
  it("actors with their items, invalid actors, items, token deltas, messages and world packs; one update each", async () => {
    await setUp();
    const w = oldWorld();
    const outcome = await runner.migrateWorld(LIST);
    expect(outcome).toMatchObject({ status: "migrated", from: 0, to: 2, failures: [] });
    expect(storedVersion()).toBe(2);

    // A world actor and its items: one update, embedded changes by id.
    expect(w.garret.flags).toEqual({ anthology: { note: "brave", checked: true } });
    expect(w.garret.items.get("sword")!.flags).toEqual({ anthology: { note: "sharp", carrier: "Garret" } });
    expect(w.garret.items.get("rope")!.flags).toEqual({});
    expect(updatesOf("Actor.garret")).toEqual([
      {
        uuid: "Actor.garret",
        userId: "user1",
        data: {
          flags: { anthology: { note: "brave", checked: true, ...deletion("oldNote") } },
          items: [{ _id: "sword", flags: { anthology: { note: "sharp", carrier: "Garret", ...deletion("oldNote") } } }],
        },
        options: { render: false, anthologyMigration: 2 },
      },
    ]);
    expect(w.goblin.flags).toEqual({ anthology: { note: "sneaky", checked: true } });
    expect(w.invalid.flags).toEqual({ anthology: { note: "odd", checked: true } });
    expect(updatesOf("Actor.current")).toEqual([]);
    expect(w.axe.flags).toEqual({ anthology: { note: "old axe" } });

    // The unlinked token: its delta is migrated through its synthetic actor, whole items; the base actor only once.
    // The delta keeps only what differs from the migrated base actor ("checked" comes from the base).
    expect(w.goblinToken.delta._source.flags).toEqual({ anthology: { note: "token note" } });
    expect(w.goblinToken.actor!.flags).toEqual({ anthology: { note: "token note", checked: true } });
    expect(w.goblinToken.actor!.items.get("club")!.flags).toEqual({
      anthology: { note: "spiked", carrier: "Goblin" },
    });
    const tokenUpdates = updatesOf("Scene.keep.Token.t-goblin.Actor.goblin");
    expect(tokenUpdates).toHaveLength(1);
    expect(tokenUpdates[0]!.options).toEqual({ render: false, anthologyMigration: 2 });
    expect(tokenUpdates[0]!.data.items).toEqual([
      expect.objectContaining({
        _id: "club",
        name: "Spiked club",
        flags: { anthology: { note: "spiked", carrier: "Goblin" } },
      }),
    ]);
    expect(updatesOf("Actor.goblin")).toHaveLength(1);
    expect(documentLog.updates.filter((u) => u.uuid.includes("t-plain") || u.uuid.includes("t-garret"))).toEqual([]);

    // Chat cards: typed; a plain message untouched.
    expect(w.card).toMatchObject({
      type: "fade-card",
      system: { kind: "attack", total: 27 },
      flags: { anthology: {} },
    });
    expect(updatesOf("ChatMessage.card")[0]!.options).toEqual({ render: false, anthologyMigration: 2, diff: false });
    expect(updatesOf("ChatMessage.chat")).toEqual([]);

    // World packs: a locked one unlocked for the run and locked again; an unlocked one left unlocked;
    // one with nothing to change never unlocked; the system's and a module's packs never even loaded.
    expect(w.monsters.configured).toEqual([{ locked: false }, { locked: true }]);
    expect(w.monsters.locked).toBe(true);
    expect(w.monsters.get("troll")!.flags).toEqual({ anthology: { note: "big", checked: true } });
    expect((w.monsters.get("troll") as StandInActor).items.get("fist")!.flags).toEqual({
      anthology: { note: "hits", carrier: "Troll" },
    });
    expect(updatesOf("Compendium.test-world.monsters.Actor.troll")).toHaveLength(1);
    expect(w.loot.configured).toEqual([]);
    expect(w.loot.get("ring")!.flags).toEqual({ anthology: { note: "shiny" } });
    expect(w.tidy.configured).toEqual([]);
    expect([w.guide.loads, w.module.loads]).toEqual([0, 0]);
    expect([w.guide.configured, w.module.configured]).toEqual([[], []]);

    // Nothing is ever deleted.
    expect([actors().size, items().size, messages().size, w.guide.index.size]).toEqual([3, 1, 2, 1]);
    expect(outcome).toMatchObject({ written: 8 });
  });

  it("shows a progress bar that ends full, then says it is done", async () => {
    await setUp();
    oldWorld();
    await runner.migrateWorld(LIST);
    const [progress, done, ...rest] = record.notifications;
    expect(rest).toEqual([]);
    expect(progress).toMatchObject({ level: "info", options: { progress: true } });
    // 4 world actors, 1 item, 2 unlinked tokens with a base actor, 2 messages, 3 world pack documents.
    expect(progress!.message).toContain("0 of 12");
    expect(progress!.updates!.at(-1)).toEqual({ pct: 1, message: expect.stringContaining("12 of 12") });
    const pcts = progress!.updates!.map((u) => u.pct as number);
    expect(pcts).toEqual([...pcts].sort((a, b) => a - b));
    expect(done).toMatchObject({ level: "success" });
    expect(done!.message).toContain("version 2");
    expect(done!.message).toContain("8 documents changed");
  });

  it("a second run changes nothing", async () => {
    await setUp();
    oldWorld();
    await runner.migrateWorld(LIST);
    const after = documentLog.updates.length;
    // Even forced from version 0 again: every step is idempotent.
    setStoredVersion(0);
    expect(await runner.migrateWorld(LIST)).toMatchObject({ status: "migrated", written: 0, failures: [] });
    expect(documentLog.updates).toHaveLength(after);
    expect(await runner.migrateWorld(LIST)).toEqual({ status: "current", version: 2 });
  });

  it("a world at version 1 runs only version 2", async () => {
    await setUp();
    const w = oldWorld();
    setStoredVersion(1);
    await runner.migrateWorld(LIST);
    expect(w.garret.flags).toEqual(old("brave"));
    expect(w.card).toMatchObject({ type: "fade-card" });
    expect(storedVersion()).toBe(2);
  });
});

describe("a document that fails", () => {
  const cursed: Migration = {
    version: 1,
    name: "fails on one actor",
    actor(source) {
      if (source.name === "Cursed <img src=x onerror=alert(1)>") throw new Error("cannot read this one");
      moveNote(source);
    },
  };

  it("is skipped, left as it was, and named with its uuid; the others are migrated; the version is not stamped", async () => {
    await setUp();
    const w = oldWorld();
    addActor({ _id: "cursed", name: "Cursed <img src=x onerror=alert(1)>", type: "fade-npc", flags: old("x") });
    // The server refuses one write (as it would a document that fails validation).
    w.axe.update = async () => {
      throw new Error("validation failed");
    };
    const outcome = await runner.migrateWorld([{ ...cursed, item: renameNote.item }]);
    expect(outcome).toMatchObject({ status: "failed", from: 0, to: 1, written: 6 });
    const failures = (outcome as { failures: readonly Runner.MigrationFailure[] }).failures;
    expect(failures.map((f) => [f.documentName, f.name, f.uuid])).toEqual([
      ["Actor", "Cursed <img src=x onerror=alert(1)>", "Actor.cursed"],
      ["Item", "Axe", "Item.axe"],
    ]);
    expect(actors().get("cursed")!.flags).toEqual(old("x"));
    expect(w.axe.flags).toEqual(old("old axe"));
    expect(w.garret.flags).toEqual({ anthology: { note: "brave" } });
    expect(storedVersion()).toBe(0);
    // The locked pack was relocked.
    expect(w.monsters.locked).toBe(true);

    const error = record.notifications.find((n) => n.level === "error")!;
    expect(error.options).toEqual({ permanent: true });
    expect(error.message).toContain("2 documents");
    expect(error.message).toContain('Actor "Cursed &lt;img src=x onerror=alert(1)&gt;" (Actor.cursed)');
    expect(error.message).toContain('Item "Axe" (Item.axe)');
    expect(error.message).not.toContain("<img");
    expect(record.notifications.some((n) => n.level === "success")).toBe(false);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("Actor.cursed"), expect.any(Error));
  });

  it("is tried again on the next load, and then the version is stamped", async () => {
    await setUp();
    const w = oldWorld();
    const update = w.axe.update.bind(w.axe);
    w.axe.update = async () => {
      throw new Error("the server is busy");
    };
    expect(await runner.migrateWorld(LIST)).toMatchObject({ status: "failed" });
    w.axe.update = update;
    expect(await runner.migrateWorld(LIST)).toMatchObject({ status: "migrated", written: 1, failures: [] });
    expect(w.axe.flags).toEqual({ anthology: { note: "old axe" } });
    expect(storedVersion()).toBe(2);
  });

  it("names only the first five, and how many more", async () => {
    await setUp();
    for (let i = 0; i < 7; i += 1) addActor({ _id: `bad${i}`, name: `Bad ${i}`, type: "fade-npc", flags: old("x") });
    const all: Migration = { version: 1, name: "fails everywhere", actor: () => void JSON.parse("{") };
    await runner.migrateWorld([all]);
    const error = record.notifications.find((n) => n.level === "error")!.message;
    expect(error).toContain("7 documents");
    expect(error).toContain("Bad 4");
    expect(error).not.toContain("Bad 5");
    expect(error).toContain("and 2 more");
  });

  it("a pack that cannot be opened is named, its lock restored, and the rest still migrated", async () => {
    await setUp();
    const w = oldWorld();
    w.monsters.getDocuments = async () => {
      throw new Error("the pack file is damaged");
    };
    const outcome = await runner.migrateWorld(LIST);
    expect(outcome).toMatchObject({ status: "failed" });
    expect((outcome as { failures: readonly Runner.MigrationFailure[] }).failures.map((f) => f.uuid)).toEqual([
      "Compendium.test-world.monsters",
    ]);
    expect(w.monsters.locked).toBe(true);
    expect(w.garret.flags).toMatchObject({ anthology: { note: "brave" } });
    expect(storedVersion()).toBe(0);
  });

  it("an error outside any document never escapes: the GM is told, nothing is stamped", async () => {
    await setUp();
    oldWorld();
    (game as unknown as { scenes: unknown }).scenes = {
      [Symbol.iterator]() {
        throw new Error("scenes unavailable");
      },
    };
    await expect(runner.migrateWorld(LIST)).resolves.toMatchObject({ status: "failed" });
    expect(record.notifications.find((n) => n.level === "error")!.message).toContain("scenes unavailable");
    expect(storedVersion()).toBe(0);
  });
});

describe("who runs it", () => {
  it("a player never does", async () => {
    await setUp({ isGM: false });
    const { garret } = oldWorld();
    expect(await runner.migrateWorld(LIST)).toEqual({ status: "skipped" });
    expect(garret.flags).toEqual(old("brave"));
    expect(record.notifications).toEqual([]);
  });

  it("a GM who is not the active GM does not either", async () => {
    await setUp({ otherActiveGM: true });
    const { garret } = oldWorld();
    setStoredVersion(5);
    expect(await runner.migrateWorld(LIST)).toEqual({ status: "skipped" });
    expect(garret.flags).toEqual(old("brave"));
    expect(record.notifications).toEqual([]);
    expect(documentLog.updates).toEqual([]);
  });

  it("the active GM's ready hook starts the run with the real list", async () => {
    vi.resetModules();
    documentLog.updates.length = 0;
    vi.doMock("../../src/migrations/index", async (importOriginal) => ({
      ...(await importOriginal<typeof MigrationList>()),
      MIGRATIONS: LIST,
    }));
    record = installFoundry({ ruleSet: "fade" });
    await import("../../src/index");
    const w = oldWorld();
    loadWorld(record);
    await settle();
    vi.doUnmock("../../src/migrations/index");
    expect(storedVersion()).toBe(2);
    expect(w.card).toMatchObject({ type: "fade-card" });
  });
});
