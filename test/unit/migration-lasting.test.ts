import { describe, expect, it } from "vitest";
import { MIGRATIONS, migrateSource } from "../../src/migrations";
import { documentDiff } from "../../src/migrations/diff";

// Migration 6 (issue 25): an effect stored by an older Anthology that counts rounds learns when in its
// bearer's turn it ends, so Foundry v14's core (or Anthology's own expiry on v13) can end it then.

const six = MIGRATIONS.filter((m) => m.version === 6);

const effect = (statuses: string[], duration: object, flags: object = {}) => ({
  _id: `e${statuses.join("")}`,
  name: "x",
  statuses,
  duration,
  flags,
});

describe("migration 6: lasting effects say when they end", () => {
  it("marks The Fade's statuses (turn end) and OpenD6's active defense (turn start), in either stored shape", () => {
    const actor = {
      _id: "a",
      type: "fade-npc",
      effects: [
        effect(["fade-critical-failure"], { rounds: 1, combat: "c", startRound: 2, startTurn: 1 }),
        effect(
          ["fade-bleeding"],
          { value: 2, units: "rounds", expiry: "turnStart" },
          { anthology: { fade: { bleed: 3 } } },
        ),
        effect(["opend6-defending"], { rounds: 1, combat: "c", startRound: 1, startTurn: 0 }),
      ],
    };
    const { source } = migrateSource(six, "Actor", actor);
    const expiry = (source.effects as Array<{ flags: { anthology?: { expiry?: string } } }>).map(
      (e) => e.flags.anthology?.expiry,
    );
    expect(expiry).toEqual(["turnEnd", "turnEnd", "turnStart"]);
    // Other flags stay.
    expect((source.effects as Array<{ flags: object }>)[1]!.flags).toEqual({
      anthology: { fade: { bleed: 3 }, expiry: "turnEnd" },
    });
  });

  it("leaves what does not count rounds, what is not ours, and what is already marked", () => {
    const actor = {
      _id: "a",
      type: "fade-npc",
      effects: [
        effect(["fade-leg-severed"], {}),
        effect(["dead"], { rounds: 2 }),
        effect(["fade-dazed"], { rounds: 1 }, { anthology: { expiry: "turnStart" } }),
        effect(["hod-grabbed"], { rounds: 1 }),
      ],
    };
    const { source } = migrateSource(six, "Actor", actor);
    expect(source.effects).toEqual(actor.effects);
    expect(documentDiff(actor, source, "byId")).toBeNull();
  });

  it("writes only the marked effects, by id", () => {
    const actor = {
      _id: "a",
      type: "opend6-npc",
      effects: [effect(["opend6-defending"], { rounds: 1 }), effect(["fade-leg-severed"], {})],
    };
    const { source } = migrateSource(six, "Actor", actor);
    expect(documentDiff(actor, source, "byId")).toEqual({
      effects: [{ _id: "eopend6-defending", flags: { anthology: { expiry: "turnStart" } } }],
    });
  });
});
