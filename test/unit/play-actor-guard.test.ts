import { describe, expect, it } from "vitest";
import { derivedActorGuard } from "../../src/play/actor-guard";

// A rule set reads an actor as its own only when it is of its types and its data model has derived
// its numbers: another rule set's actor, or one whose derived data is missing, is not read.

const isOurs = derivedActorGuard<{ derived: { defense: number } }>("ours-");
const actor = (type: unknown, system: unknown) => ({ uuid: "Actor.a", name: "A", type, system }) as never;

describe("a rule set's actor guard", () => {
  it("accepts its own types with derived numbers", () => {
    expect(isOurs(actor("ours-character", { derived: { defense: 3 } }))).toBe(true);
    expect(isOurs(actor("ours-npc", { derived: {} }))).toBe(true);
  });

  it("refuses another rule set's actor, one without derived numbers, and no actor", () => {
    expect(isOurs(actor("theirs-character", { derived: {} }))).toBe(false);
    expect(isOurs(actor("character", { derived: {} }))).toBe(false);
    expect(isOurs(actor("ours-character", {}))).toBe(false);
    expect(isOurs(actor("ours-character", undefined))).toBe(false);
    expect(isOurs(actor(7, { derived: {} }))).toBe(false);
    expect(isOurs(null)).toBe(false);
    expect(isOurs(undefined)).toBe(false);
  });
});
