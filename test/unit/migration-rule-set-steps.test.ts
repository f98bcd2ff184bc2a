import { describe, expect, it } from "vitest";
import {
  cardFlagsMove,
  healthBecomes,
  isRecord,
  leaveSharedHealth,
  refOf,
  type KeepHealth,
} from "../../src/migrations/rule-set-steps";

// The migration scaffold the rule sets' migrations are built from (src/migrations/rule-set-steps.ts),
// with a rule set made up for the test ("x").

describe("the migration scaffold: reading stored data", () => {
  it("isRecord takes a plain object only; refOf a reference with a uuid only", () => {
    expect([{}, [], null, "a", 1].map(isRecord)).toEqual([true, false, false, false, false]);
    expect(refOf({ uuid: "Actor.a", name: "A", other: 1 })).toEqual({ uuid: "Actor.a", name: "A" });
    expect(refOf({ uuid: "Actor.a" })).toEqual({ uuid: "Actor.a", name: "" });
    expect([refOf({ name: "A" }), refOf("Actor.a"), refOf(null)]).toEqual([null, null, null]);
  });
});

describe("the migration scaffold: leaving the shared health track", () => {
  const kept: Array<[unknown, unknown]> = [];
  const keep: KeepHealth = (system, health) => kept.push([{ ...system }, health]);
  const step = leaveSharedHealth(["x-character", "x-npc"], keep).actor;

  it("takes the track off the rule set's own actors and hands it to keep, the notes staying", () => {
    kept.length = 0;
    const actor = { type: "x-npc", system: { health: { value: 3, max: 5 }, notes: "<p>n</p>" } };
    step(actor);
    expect(actor.system).toEqual({ notes: "<p>n</p>" });
    expect(kept).toEqual([[{ notes: "<p>n</p>" }, { value: 3, max: 5 }]]);
  });

  it("leaves other rule sets' actors, actors without a track and a malformed system alone", () => {
    kept.length = 0;
    const others = [
      { type: "y-npc", system: { health: { value: 3, max: 5 } } },
      { type: "x-character", system: { notes: "" } },
      { type: "x-character", system: { health: 7 } },
      { type: "x-character", system: null },
    ];
    const before = structuredClone(others);
    for (const actor of others) step(actor);
    expect(others).toEqual(before);
    expect(kept).toEqual([]);
  });

  it("healthBecomes: a filled-in track becomes the rule set's own, in whole numbers, max at least 0", () => {
    const into = leaveSharedHealth(["x-npc"], healthBecomes("vitality")).actor;
    const cases: Array<[unknown, unknown]> = [
      [
        { value: 6.7, max: 11 },
        { value: 6, max: 11 },
      ],
      [
        { value: -2, max: 0 },
        { value: -2, max: 0 },
      ],
      [
        { value: 4, max: -3 },
        { value: 4, max: 0 },
      ],
      [
        { value: "4", max: 9 },
        { value: 0, max: 9 },
      ],
    ];
    for (const [health, vitality] of cases) {
      const actor = { type: "x-npc", system: { health } };
      into(actor);
      expect(actor.system, JSON.stringify(health)).toEqual({ vitality });
    }
  });

  it("healthBecomes: an untouched track (0 of 0, or nothing above 0) leaves the defaults; a track already there stays", () => {
    const into = leaveSharedHealth(["x-npc"], healthBecomes("vitality")).actor;
    const untouched = { type: "x-npc", system: { health: { value: 0, max: -1 } } };
    into(untouched);
    expect(untouched.system).toEqual({});
    const moved = { type: "x-npc", system: { health: { value: 3, max: 3 }, vitality: { value: 8, max: 9 } } };
    into(moved);
    expect(moved.system).toEqual({ vitality: { value: 8, max: 9 } });
  });
});

describe("the migration scaffold: old card flags into the play layer's card", () => {
  const step = cardFlagsMove(
    "x",
    (old, message) => (old.kind === "note" ? null : { kind: old.kind, rolls: (message.rolls as unknown[]).length }),
    (old) => (old.kind === "attack" ? [[/data-x-action="roll"/g, 'data-anthology-action="roll"']] : []),
  ).message;

  it("moves the old flag into flags.anthology.card, with the message's rolls in reach, and renames the buttons", () => {
    const message = {
      content: '<button data-x-action="roll">A</button><button data-x-action="roll">B</button>',
      rolls: ["{}", "{}"],
      flags: { anthology: { x: { kind: "attack" }, other: 1 } },
    };
    step(message);
    expect(message.flags.anthology).toEqual({ card: { kind: "attack", rolls: 2 }, other: 1 });
    expect(message.content).toBe(
      '<button data-anthology-action="roll">A</button><button data-anthology-action="roll">B</button>',
    );
  });

  it("a card that becomes plain text loses its flag and gets no card", () => {
    const message = { content: "<p>done</p>", rolls: [], flags: { anthology: { x: { kind: "note" } } } };
    step(message);
    expect(message).toEqual({ content: "<p>done</p>", rolls: [], flags: { anthology: {} } });
  });

  it("leaves a message without the rule set's flag alone (another rule set's, a card already moved, none)", () => {
    const messages = [
      { content: '<button data-x-action="roll">A</button>', flags: { anthology: { y: { kind: "attack" } } } },
      { content: "", flags: { anthology: { card: { kind: "attack" } } } },
      { content: "", flags: { anthology: { x: "attack" } } },
      { content: "" },
    ];
    const before = structuredClone(messages);
    for (const message of messages) step(message);
    expect(messages).toEqual(before);
  });
});
