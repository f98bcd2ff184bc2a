import { describe, expect, it } from "vitest";
import { donePath, keysToForget, ledgerKey, readLedger } from "../../src/play/ledger";

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

  it("names where an entry's row actions done are written, and forgets the oldest entries first", () => {
    expect(donePath("anthology", "m1-0")).toBe("flags.anthology.applied.m1-0.done");
    const full = readLedger(
      Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, { at: 1000 - i, undo }])),
    );
    expect(keysToForget(full)).toEqual(["k99"]);
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
