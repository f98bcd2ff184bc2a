import { describe, expect, it } from "vitest";
import {
  LEDGER_SIZE,
  appliedEntry,
  donePath,
  ledgerKey,
  ledgerTrim,
  messageOfKey,
  otherKey,
  readLedger,
} from "../../src/play/ledger";

// The target's record of applied rows (flags.anthology.applied), read as untrusted data: the row
// actions done once since an apply (a check the hit asked for) are kept with the entry.

const undo = { updates: [{ path: "system.hp.value", before: 8, after: 2 }], effects: [], statuses: [] };

describe("the applied-row ledger", () => {
  it("keeps each entry's row actions done, as short text, and none when there are none", () => {
    const ledger = readLedger({
      [ledgerKey("m1", 0)]: { at: 5, undo, done: ["consciousness", 7, "x".repeat(100)] },
      [ledgerKey("m2", 1)]: { at: 6, undo },
      junk: { at: 1, undo: { updates: "no" } },
    });
    expect([...ledger.keys()]).toEqual(["m1-0", "m2-1"]);
    expect(ledger.get("m1-0")!.done).toEqual(["consciousness", "x".repeat(64)]);
    expect(ledger.get("m2-1")!.done).toEqual([]);
    expect(
      readLedger({ a: { at: 1, undo, done: Array.from({ length: 40 }, (_, i) => `a${i}`) } }).get("a")!.done,
    ).toHaveLength(16);
  });

  it("names where an entry's row actions done are written", () => {
    expect(donePath("anthology", "m1-0")).toBe("flags.anthology.applied.m1-0.done");
  });

  it("lets the oldest entries' undo go past 100 but keeps them applied; a mark goes only with its message", () => {
    const full = readLedger(
      Object.fromEntries(Array.from({ length: LEDGER_SIZE }, (_, i) => [`m${i}-0`, { at: 1000 - i, undo }])),
    );
    expect(ledgerTrim(full, () => true)).toEqual({ spend: ["m99-0"], drop: [] });
    const marks = readLedger({
      "gone-0": { at: 1, spent: true },
      "here-2": { at: 2, spent: true, undo: "ignored" },
      "live-0": { at: 3, undo },
    });
    expect(marks.get("here-2")).toMatchObject({ spent: true, done: [], undo: { updates: [] } });
    expect(ledgerTrim(marks, (id) => id !== "gone")).toEqual({ spend: [], drop: ["gone-0"] });
    // Spent marks do not count toward the 100 that keep their undo.
    const many = readLedger({
      ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`old${i}-0`, { at: i, spent: true }])),
      ...Object.fromEntries(Array.from({ length: LEDGER_SIZE - 1 }, (_, i) => [`new${i}-0`, { at: 1000 + i, undo }])),
    });
    expect(ledgerTrim(many, () => true)).toEqual({ spend: [], drop: [] });
  });

  it("finds a card's apply on a target whatever row of the card asks (a card hits each target once)", () => {
    const ledger = readLedger({
      "m1-0": { at: 1, undo },
      "m2-3": { at: 2, spent: true },
      "m3-0": { at: 3, undo, other: true },
    });
    expect(appliedEntry(ledger, "m1", 0)?.key).toBe("m1-0");
    // The same target listed again, or moved to another row, by the card's author.
    expect(appliedEntry(ledger, "m1", 5)?.key).toBe("m1-0");
    expect(appliedEntry(ledger, "m2", 0)?.entry.spent).toBe(true);
    // What a row did to this actor as someone other than its target (a grabber let go) is not its apply.
    expect(appliedEntry(ledger, "m3", 1)).toBeUndefined();
    expect(appliedEntry(ledger, "m4", 0)).toBeUndefined();
    // A part for another actor has a key of its own, of the same message, so a row later applied to
    // that actor is recorded beside it and never merged into it.
    expect(otherKey("m3-0")).not.toBe("m3-0");
    expect(messageOfKey(otherKey("m3-0"))).toBe("m3");
    const both = readLedger({ [otherKey("m3-0")]: { at: 3, undo, other: true }, "m3-1": { at: 4, undo } });
    expect(appliedEntry(both, "m3", 0)?.key).toBe("m3-1");
    // A message id with a dash of its own still ends at the last one.
    expect(appliedEntry(readLedger({ "a-b-7": { at: 1, undo } }), "a-b", 2)?.key).toBe("a-b-7");
  });

  it("keeps what an apply deleted, cut to data an undo may make again, and which other actors it changed", () => {
    const entry = readLedger({
      k: {
        at: 1,
        undo: {
          ...undo,
          removed: [
            {
              _id: "e1",
              name: "Grabbed",
              img: "icons/svg/net.svg",
              statuses: ["hod-grabbed"],
              changes: [{ key: "system.hp.max", value: 99 }],
              flags: { anthology: { hodEffect: { kind: "grabbed", other: "A" } }, other: { x: 1 } },
            },
          ],
          others: ["Actor.g"],
        },
      },
    }).get("k")!;
    // No changes, no other module's flags: only a name, an image, statuses and the system's own flags.
    expect(entry.undo.removed).toEqual([
      {
        name: "Grabbed",
        img: "icons/svg/net.svg",
        statuses: ["hod-grabbed"],
        flags: { anthology: { hodEffect: { kind: "grabbed", other: "A" } } },
      },
    ]);
    // Only which other actors to visit: what was done there is on their own records.
    expect(entry.undo.others).toEqual(["Actor.g"]);
    // An entry from before (neither field) reads as before; a malformed one is dropped.
    expect(readLedger({ k: { at: 1, undo } }).get("k")!.undo).toEqual(undo);
    expect(readLedger({ k: { at: 1, undo: { ...undo, others: [{ uuid: "Actor.g" }] } } }).size).toBe(0);
  });
});
