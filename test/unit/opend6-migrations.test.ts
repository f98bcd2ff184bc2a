import { describe, expect, it } from "vitest";
import { OPEND6_MIGRATIONS } from "../../src/rulesets/opend6/migrations";

describe("OpenD6: migration 4", () => {
  const step = OPEND6_MIGRATIONS[4]!.actor!;

  it("turns a filled-in health track into Body Points and drops an empty one", () => {
    const filled = { type: "opend6-npc", system: { health: { value: 12, max: 18 }, notes: "" } };
    step(filled);
    expect(filled.system).toEqual({ bodyPoints: { value: 12, max: 18 }, notes: "" });
    const empty = { type: "opend6-character", system: { health: { value: 0, max: 0 } } };
    step(empty);
    expect(empty.system).toEqual({});
    const fudge = { type: "fudge-npc", system: { health: { value: 3, max: 3 } } };
    step(fudge);
    expect(fudge.system.health).toEqual({ value: 3, max: 3 });
  });
});
