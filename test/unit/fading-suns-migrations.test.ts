import { describe, expect, it } from "vitest";
import { FADING_SUNS_MIGRATIONS } from "../../src/rulesets/fading-suns/migrations";
import { MIGRATIONS } from "../../src/migrations";

describe("Fading Suns: migration 5", () => {
  const step = FADING_SUNS_MIGRATIONS[5]!.actor!;

  it("turns a filled-in health track into Vitality, keeps the notes, and drops an empty track", () => {
    const filled = { type: "fading-suns-npc", system: { health: { value: 6, max: 11 }, notes: "<p>old</p>" } };
    step(filled);
    expect(filled.system).toEqual({ vitality: { value: 6, max: 11 }, notes: "<p>old</p>" });
    const wounded = { type: "fading-suns-character", system: { health: { value: -2, max: 0 } } };
    step(wounded);
    expect(wounded.system).toEqual({ vitality: { value: -2, max: 0 } });
    const empty = { type: "fading-suns-character", system: { health: { value: 0, max: 0 }, notes: "" } };
    step(empty);
    expect(empty.system).toEqual({ notes: "" });
  });

  it("leaves other rule sets' actors and already-moved data alone", () => {
    const opend6 = { type: "opend6-npc", system: { health: { value: 3, max: 3 } } };
    step(opend6);
    expect(opend6.system.health).toEqual({ value: 3, max: 3 });
    const moved = { type: "fading-suns-npc", system: { vitality: { value: 4, max: 9 } } };
    step(moved);
    expect(moved.system).toEqual({ vitality: { value: 4, max: 9 } });
  });

  it("runs as the world's migration 5", () => {
    const migration = MIGRATIONS.find((m) => m.version === 5)!;
    const source = { type: "fading-suns-character", system: { health: { value: 7, max: 8 } } };
    migration.actor!(source);
    expect(source.system).toEqual({ vitality: { value: 7, max: 8 } });
  });
});
