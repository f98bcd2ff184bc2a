import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/migrations";
import { initiativeFormula } from "../../src/rulesets/hod/rules/initiative";
import { migrateFixture } from "../support/migrations";

describe("Heroes of Destiny: migration 8 (the initiative modifier becomes a bonus)", () => {
  const migration = MIGRATIONS.find((m) => m.version === 8)!;

  it("flips a stored modifier's sign, so the actor's roll is what it was (wisdom aside), once", () => {
    const fixture = { _id: "a1", type: "hod-character", system: { initiativeBonus: 2 }, flags: {} };
    // Before: 1d6 + 4 + 2, acting two counts later; the new formula takes the bonus off the roll.
    const { source, update } = migrateFixture(migration, "Actor", fixture);
    expect((source.system as { initiativeBonus: number }).initiativeBonus).toBe(-2);
    expect(initiativeFormula(source.system as Record<string, unknown>)).toBe("1d6 + 4 + 2");
    expect(update).toMatchObject({
      system: { initiativeBonus: -2 },
      flags: { anthology: { hodInitiativeSigned: true } },
    });
  });

  it("leaves a zero, a marked actor and other rule sets' actors alone", () => {
    for (const fixture of [
      { _id: "a2", type: "hod-npc", system: { initiativeBonus: 0 } },
      {
        _id: "a3",
        type: "hod-npc",
        system: { initiativeBonus: 3 },
        flags: { anthology: { hodInitiativeSigned: true } },
      },
      { _id: "a4", type: "fade-character", system: { initiativeBonus: 3 } },
    ]) {
      expect(migrateFixture(migration, "Actor", fixture).update, fixture._id).toBeNull();
    }
  });
});
