import { describe, expect, it } from "vitest";
import { CardError, undoRecord } from "../../src/play/card";

// An undo record is read back from a target's flags before an Undo writes anything: read as untrusted
// data, so a record a player could have shaped never names a path outside an item's or actor's data.
describe("undoRecord: what an Undo may put back", () => {
  const base = { updates: [], effects: [], statuses: [] };

  it("reads the item changes an apply recorded: item id, system path, before and after", () => {
    const record = undoRecord({ ...base, items: [{ item: "i1", path: "system.held", before: true, after: false }] });
    expect(record.items).toEqual([{ item: "i1", path: "system.held", before: true, after: false }]);
    expect(undoRecord(base).items).toBeUndefined();
  });

  it.each([
    ["a path outside the item's system data", { item: "i1", path: "name", before: "a", after: "b" }],
    ["a flag path (items keep no undo of flags)", { item: "i1", path: "flags.x.y", before: 1, after: 2 }],
    ["a change with no item", { path: "system.held", before: true, after: false }],
    ["an object as a value", { item: "i1", path: "system.held", before: { a: 1 }, after: false }],
  ])("refuses %s", (_label, change) => {
    expect(() => undoRecord({ ...base, items: [change] })).toThrow(CardError);
  });

  it("refuses a list longer than a row could make", () => {
    const change = { item: "i1", path: "system.held", before: true, after: false };
    expect(() => undoRecord({ ...base, items: Array(65).fill(change) })).toThrow(CardError);
  });
});
