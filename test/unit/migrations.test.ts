import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EmbeddedChangeError, diffSource, documentDiff } from "../../src/migrations/diff";
import { DELETE, forThisGeneration, replaceWith } from "../../src/foundry";
import {
  LATEST_SCHEMA_VERSION,
  MIGRATIONS,
  checkMigrationList,
  latestVersion,
  migrateSource,
  planMigrations,
  type DocumentSource,
  type Migration,
} from "../../src/migrations";
import { applyUpdate } from "../foundry/combat";
import { ForcedDeletion, ForcedReplacement } from "../foundry/generation";

/** Runs `work` with Foundry's generation (game.release) and, on v14, its global operators. */
function asGeneration(generation: number, work: () => void): void {
  const g = globalThis as Record<string, unknown>;
  const saved = { game: g.game, _del: g._del, _replace: g._replace };
  g.game = { release: { generation } };
  if (generation >= 14) Object.assign(g, { _del: new ForcedDeletion(), _replace: ForcedReplacement.create });
  try {
    work();
  } finally {
    Object.assign(g, saved);
  }
}
import { migrateFixture } from "../support/migrations";

/** Two test-only migrations in the shape the real ones take. */
const hpMoves: Migration = {
  version: 1,
  name: "HP moves from health to hp",
  actor(source) {
    const system = source.system as { health?: { value: number; max: number }; hp?: unknown } | undefined;
    if (!system?.health) return;
    system.hp = { ...system.health };
    delete system.health;
  },
};
const cardFlags: Migration = {
  version: 2,
  name: "Card flags become typed cards; weapons note their owner's HP",
  message(source) {
    const flags = source.flags as { anthology?: { fade?: Record<string, unknown> } } | undefined;
    const card = flags?.anthology?.fade;
    if (!card) return;
    source.type = `fade-${String(card.kind)}`;
    source.system = { ...card };
    delete flags.anthology!.fade;
  },
  item(source, actor) {
    const hp = ((actor?.system as { hp?: { max: number } } | undefined)?.hp?.max ?? null) as number | null;
    if (source.type === "fade-weapon" && hp !== null) (source.system as Record<string, unknown>).ownerHp = hp;
  },
};
const LIST = [hpMoves, cardFlags];

const oldActor = (): DocumentSource => ({
  _id: "a1",
  name: "Garret",
  type: "fade-character",
  system: { health: { value: 7, max: 10 }, agility: 3 },
  items: [
    { _id: "i1", name: "Sword", type: "fade-weapon", system: { damage: 3 } },
    { _id: "i2", name: "Rope", type: "fade-gear", system: {} },
  ],
  effects: [{ _id: "e1", name: "Bleeding", changes: [] }],
  flags: {},
});

describe("the migration list", () => {
  it("has positive, strictly increasing versions, a name and a step each, and LATEST is the last one", () => {
    expect(checkMigrationList(MIGRATIONS)).toEqual([]);
    expect(LATEST_SCHEMA_VERSION).toBe(MIGRATIONS.at(-1)?.version ?? 0);
  });

  it("is checked: a version out of order, zero or fractional, a missing name or step is refused", () => {
    const step = { actor() {} };
    expect(
      checkMigrationList([
        { version: 1, name: "a", ...step },
        { version: 3, name: "b", ...step },
      ]),
    ).toEqual([]);
    expect(
      checkMigrationList([
        { version: 2, name: "a", ...step },
        { version: 2, name: "b", ...step },
      ]),
    ).toHaveLength(1);
    expect(
      checkMigrationList([
        { version: 3, name: "a", ...step },
        { version: 1, name: "b", ...step },
      ]),
    ).toHaveLength(1);
    expect(checkMigrationList([{ version: 0, name: "a", ...step }])).toHaveLength(1);
    expect(checkMigrationList([{ version: 1.5, name: "a", ...step }])).toHaveLength(1);
    expect(checkMigrationList([{ version: 1, name: " ", ...step }])).toHaveLength(1);
    expect(checkMigrationList([{ version: 1, name: "a" }])).toHaveLength(1);
  });

  it("an empty list means version 0", () => {
    expect(latestVersion([])).toBe(0);
    expect(planMigrations([], 0)).toEqual({ kind: "current", version: 0 });
    expect(planMigrations([], undefined)).toEqual({ kind: "current", version: 0 });
  });
});

describe("planning a run from the stored version", () => {
  it("runs every migration after the stored version, in order", () => {
    expect(planMigrations(LIST, 0)).toEqual({ kind: "pending", from: 0, to: 2, migrations: LIST });
    expect(planMigrations(LIST, 1)).toEqual({ kind: "pending", from: 1, to: 2, migrations: [cardFlags] });
  });

  it("runs nothing at the latest version", () => {
    expect(planMigrations(LIST, 2)).toEqual({ kind: "current", version: 2 });
  });

  it("refuses a version newer than the list knows", () => {
    expect(planMigrations(LIST, 5)).toEqual({ kind: "newer", stored: 5, latest: 2 });
  });

  it("reads a value that is not a whole number of at least 0 as 0 (idempotent migrations make that safe)", () => {
    for (const odd of [undefined, null, "2", -1, 1.5, Number.NaN]) {
      expect(planMigrations(LIST, odd)).toMatchObject({ kind: "pending", from: 0 });
    }
  });
});

describe("diffSource: the update that turns one source into another", () => {
  it("changes only what changed, nested, and deletes what is gone (DELETE)", () => {
    const before = { system: { health: { value: 7 }, agility: 3, tags: ["a"] }, name: "X" };
    const after = { system: { hp: { value: 7 }, agility: 3, tags: ["a", "b"] }, name: "X" };
    expect(diffSource(before, after)).toEqual({
      system: { hp: { value: 7 }, tags: ["a", "b"], health: DELETE },
    });
  });

  it("is null when nothing changed, and a key holding undefined counts as absent", () => {
    expect(diffSource({ a: { b: [1, { c: 2 }] } }, { a: { b: [1, { c: 2 }] } })).toBeNull();
    expect(diffSource({ a: 1 }, { a: 1, b: undefined })).toBeNull();
    expect(diffSource({ a: 1, b: 2 }, { a: 1, b: undefined })).toEqual({ b: DELETE });
  });

  it("replaces a value whose kind changes (object to number, number to object, object to array)", () => {
    expect(diffSource({ a: { b: 1 }, c: 2, d: { e: 1 } }, { a: 3, c: { x: 1 }, d: [1] })).toEqual({
      a: 3,
      c: { x: 1 },
      d: [1],
    });
  });

  it("turns any source into any other under Foundry's update merge (property)", () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.integer(),
        fc.string(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("value"), { maxLength: 3 }),
        tie("object"),
      ),
      object: fc.dictionary(fc.constantFrom("a", "b", "c", "system", "hp"), tie("value"), { maxKeys: 4 }),
    }));
    fc.assert(
      fc.property(json.object, json.object, (before, after) => {
        const diff = diffSource(before as Record<string, unknown>, after as Record<string, unknown>);
        // Written in each generation's update language (v13's -= keys, v14's operators) and applied.
        for (const generation of [13, 14]) {
          const target = structuredClone(before) as Record<string, unknown>;
          if (diff) asGeneration(generation, () => applyUpdate(target, forThisGeneration(diff)));
          expect(target).toEqual(after);
          expect(diffSource(target, after as Record<string, unknown>)).toBeNull();
        }
      }),
    );
  });
});

describe("documentDiff: one update per document", () => {
  it("writes a type change as the new type with system replaced whole", () => {
    const before = { type: "base", system: {}, flags: { anthology: { fade: { kind: "attack" } } } };
    const after = { type: "fade-attack", system: { kind: "attack" }, flags: { anthology: {} } };
    expect(documentDiff(before, after, "byId")).toEqual({
      type: "fade-attack",
      system: replaceWith({ kind: "attack" }),
      flags: { anthology: { fade: DELETE } },
    });
  });

  it("writes changed embedded documents by _id, only those, for a world actor", () => {
    const before = oldActor();
    const after = structuredClone(before);
    (after.items as DocumentSource[])[1]!.name = "Silk rope";
    expect(documentDiff(before, after, "byId")).toEqual({ items: [{ _id: "i2", name: "Silk rope" }] });
  });

  it("writes every item and effect whole for a token's synthetic actor, and nothing when none changed", () => {
    const before = oldActor();
    const after = structuredClone(before);
    (after.items as DocumentSource[])[1]!.name = "Silk rope";
    expect(documentDiff(before, after, "whole")).toEqual({ items: after.items, effects: after.effects });
    expect(documentDiff(before, structuredClone(before), "whole")).toBeNull();
  });

  it("refuses a step that adds or removes an embedded document", () => {
    const added = oldActor();
    (added.items as DocumentSource[]).push({ _id: "i3", name: "New" });
    expect(() => documentDiff(oldActor(), added, "byId")).toThrow(EmbeddedChangeError);
    const removed = oldActor();
    removed.effects = [];
    expect(() => documentDiff(oldActor(), removed, "whole")).toThrow(EmbeddedChangeError);
  });
});

describe("migrateSource: migrations over one document's source", () => {
  it("an actor: each migration's actor step, then its item step on every item with the actor as it now is", () => {
    const original = oldActor();
    const { source, update } = migrateSource(LIST, "Actor", original);
    expect(source.system).toEqual({ hp: { value: 7, max: 10 }, agility: 3 });
    expect((source.items as DocumentSource[])[0]!.system).toEqual({ damage: 3, ownerHp: 10 });
    expect(update).toEqual({
      system: { hp: { value: 7, max: 10 }, health: DELETE },
      items: [{ _id: "i1", system: { ownerHp: 10 } }],
    });
    expect(original).toEqual(oldActor());
  });

  it("is idempotent: migrating the result again changes nothing", () => {
    const once = migrateSource(LIST, "Actor", oldActor()).source;
    expect(migrateSource(LIST, "Actor", once).update).toBeNull();
  });

  it("gives item steps the actor read-only", () => {
    const writer: Migration = {
      version: 1,
      name: "writes to the actor it was lent",
      item: (_item, actor) => void ((actor as { name: string }).name = "changed"),
    };
    expect(() => migrateSource([writer], "Actor", oldActor())).toThrow(TypeError);
  });

  it("a world item gets a null actor; a message gets the message step only", () => {
    const seen: unknown[] = [];
    const spy: Migration = { version: 1, name: "spy", item: (_s, actor) => void seen.push(actor), actor: () => {} };
    migrateSource([spy], "Item", { type: "fade-weapon", system: {} });
    expect(seen).toEqual([null]);
    const message = { type: "base", flags: { anthology: { fade: { kind: "damage", total: 4 } } } };
    expect(migrateSource(LIST, "ChatMessage", message).update).toEqual({
      type: "fade-damage",
      system: replaceWith({ kind: "damage", total: 4 }),
      flags: { anthology: { fade: DELETE } },
    });
    expect(migrateSource([spy], "ChatMessage", message).update).toBeNull();
  });

  it("test/support/migrations.ts runs one migration over a fixture and checks that it is idempotent", () => {
    const { source, update } = migrateFixture(hpMoves, "Actor", oldActor());
    expect(source.system).toEqual({ hp: { value: 7, max: 10 }, agility: 3 });
    expect(update).toEqual({ system: { hp: { value: 7, max: 10 }, health: DELETE } });
    const growing: Migration = {
      version: 1,
      name: "not idempotent",
      actor: (s) => void (s.count = Number(s.count ?? 0) + 1),
    };
    expect(() => migrateFixture(growing, "Actor", oldActor())).toThrow(/a second run changes nothing/);
  });
});
