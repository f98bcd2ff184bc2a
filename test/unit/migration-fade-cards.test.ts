import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/migrations";
import { DELETE } from "../../src/foundry";
import { attackSchema, checkSchema, damageSchema } from "../../src/rulesets/fade/chat/card-data";
import { readCard } from "../../src/play/card";
import { migrateFixture } from "../support/migrations";

// Migration 1 from chat messages as The Fade wrote them before the play layer (flags.anthology.fade).

const v1 = MIGRATIONS.find((m) => m.version === 1)!;
const actor = { uuid: "Actor.garret", name: "Garret" };
const item = { uuid: "Actor.garret.Item.sword", name: "Longsword <i>of</i> Ash" };
const goblin = { uuid: "Scene.s.Token.t.Actor.goblin", name: "Goblin" };

function message(fade: Record<string, unknown>, content = "") {
  return { _id: "m1", content, flags: { anthology: { fade }, core: { kept: true } }, rolls: [] };
}

describe("migration 1: The Fade's cards move to flags.anthology.card", () => {
  it("turns an attack card into a card with one row for its target, its buttons renamed", () => {
    const old = message(
      {
        kind: "attack",
        actor,
        item,
        weapon: { baseDamage: "4k2", penetration: 4 },
        choices: { modifiers: ["flanking"] },
        pool: "7k3",
        total: 27,
        critical: false,
        impossible: false,
        target: goblin,
        defense: { id: "defense", vsSpells: false, value: 19 },
        result: "hit",
      },
      '<button type="button" data-fade-action="rollDamage">Roll damage</button><button data-fade-action="luckReroll">L</button>',
    );
    const { source, update } = migrateFixture(v1, "ChatMessage", old);
    const flags = source.flags as Record<string, Record<string, unknown>>;
    expect(flags.anthology!.fade).toBeUndefined();
    expect(flags.core).toEqual({ kept: true });
    const card = readCard(flags.anthology!.card, attackSchema);
    expect(card).toMatchObject({
      ruleSet: "fade",
      kind: "attack",
      actor,
      data: { item, pool: "7k3", attackRoll: 0, choices: { modifiers: ["flanking"] }, luckReroll: false },
      targets: [
        {
          ...goblin,
          applied: null,
          data: { defense: { id: "defense", value: 19 }, result: "hit", damageRoll: null, part: null },
        },
      ],
    });
    expect(source.content).toBe(
      '<button type="button" data-anthology-action="rollDamage">Roll damage</button><button data-anthology-action="luckReroll">L</button>',
    );
    expect(update).toMatchObject({ flags: { anthology: { fade: DELETE } } });
  });

  it("keeps an attack without a target (or without a judgement) as a card with no rows", () => {
    const { source } = migrateFixture(
      v1,
      "ChatMessage",
      message({
        kind: "attack",
        actor,
        item,
        weapon: {},
        choices: {},
        pool: "6k3",
        target: null,
        defense: null,
        result: null,
      }),
    );
    const card = readCard((source.flags as { anthology: { card: unknown } }).anthology.card, attackSchema);
    expect(card.targets).toEqual([]);
  });

  it("turns a damage card into a card whose row knows its location roll, and keeps it applied", () => {
    const rolled = {
      kind: "damage",
      actor,
      item,
      pool: "7k3",
      total: 27,
      critical: true,
      coupDeGrace: false,
      part: "body",
      calledShot: false,
      locationFace: 6,
      penetration: 4,
      damageType: "fire",
      target: goblin,
      applied: true,
    };
    const { source } = migrateFixture(
      v1,
      "ChatMessage",
      message(rolled, '<button type="button" data-fade-action="applyDamage" disabled>Apply</button>'),
    );
    const card = readCard((source.flags as { anthology: { card: unknown } }).anthology.card, damageSchema);
    expect(card).toMatchObject({
      kind: "damage",
      data: { damageRoll: 1, pool: "7k3", choices: { critical: true }, weapon: { penetration: 4, damageType: "fire" } },
      targets: [{ ...goblin, data: { locationRoll: 0, part: "body" }, applied: { by: "", at: 0 } }],
    });
    expect(source.content).toBe(
      '<button type="button" data-anthology-action="apply" data-target="0" disabled>Apply</button>',
    );
    // A called shot rolled no location: its damage is the only roll.
    const called = migrateFixture(
      v1,
      "ChatMessage",
      message({ ...rolled, calledShot: true, part: "head", locationFace: null, applied: undefined }),
    );
    const calledCard = readCard((called.source.flags as { anthology: { card: unknown } }).anthology.card, damageSchema);
    expect(calledCard).toMatchObject({
      data: { damageRoll: 0, choices: { calledShot: "head" } },
      targets: [{ data: { locationRoll: null, part: "head" }, applied: null }],
    });
  });

  it("turns a dodge into a check card, and leaves an applied card as plain text", () => {
    const check = migrateFixture(
      v1,
      "ChatMessage",
      message({
        kind: "check",
        actor,
        item: null,
        choices: {},
        pool: "6k1",
        total: 9,
        impossible: false,
        rerolled: true,
      }),
    );
    expect(
      readCard((check.source.flags as { anthology: { card: unknown } }).anthology.card, checkSchema),
    ).toMatchObject({
      kind: "check",
      data: { pool: "6k1", total: 9, rerolled: true, item: null },
    });
    const applied = migrateFixture(
      v1,
      "ChatMessage",
      message({ kind: "applied", target: goblin, part: "body", steps: [], hpBefore: 10, hpAfter: 4 }),
    );
    expect((applied.source.flags as { anthology: Record<string, unknown> }).anthology).toEqual({});
  });

  it("leaves other messages, and cards already moved, alone", () => {
    expect(migrateFixture(v1, "ChatMessage", { _id: "m2", content: "hello", flags: {} }).update).toBeNull();
    const moved = migrateFixture(v1, "ChatMessage", message({ kind: "check", actor, choices: {}, pool: "6k1" }));
    expect(migrateFixture(v1, "ChatMessage", moved.source).update).toBeNull();
  });
});
