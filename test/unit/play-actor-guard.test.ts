import { describe, expect, it } from "vitest";
import { RequestRefused } from "../../src/hooks/socket";
import { derivedActorGuard, ownActor } from "../../src/play/actor-guard";

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

describe("a rule set's own actor, on the GM's side", () => {
  it("is the actor when the guard takes it, and a refusal naming it otherwise", () => {
    const ours = actor("ours-npc", { derived: { defense: 3 } });
    expect(ownActor(ours, isOurs, "Goblin", "ANTHOLOGY.Ours.Errors.notOurs")).toBe(ours);
    for (const other of [actor("theirs-npc", { derived: {} }), null]) {
      let refusal: unknown = null;
      try {
        ownActor(other, isOurs, "Goblin", "ANTHOLOGY.Ours.Errors.notOurs");
      } catch (error) {
        refusal = error instanceof RequestRefused ? error.refusal : error;
      }
      expect(refusal).toEqual({ key: "ANTHOLOGY.Ours.Errors.notOurs", data: { name: "Goblin" } });
    }
  });
});
