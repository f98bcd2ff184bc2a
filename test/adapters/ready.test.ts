import { describe, expect, it, vi } from "vitest";
import { installFoundry, loadWorld } from "../foundry/stand-in";

async function world(options: Parameters<typeof installFoundry>[0]) {
  vi.resetModules();
  // A world whose data is already at this version: what ready says besides migrating.
  const { LATEST_SCHEMA_VERSION } = await import("../../src/migrations");
  const record = installFoundry({
    ...options,
    settings: { schemaVersion: LATEST_SCHEMA_VERSION, ...options?.settings },
  });
  await import("../../src");
  loadWorld(record);
  const { activeRuleSet } = await import("../../src/settings");
  await new Promise((resolve) => setImmediate(resolve));
  return { record, active: activeRuleSet(), notices: record.notifications };
}

describe("ready: what the GM is told", () => {
  it("nothing, in a world whose documents all belong to its rule set", async () => {
    const { notices, active } = await world({ ruleSet: "fudge", actors: [{ type: "fudge-character" }] });
    expect(active).toBe("fudge");
    expect(notices).toEqual([]);
  });

  it("how many documents belong to another rule set, which stay untouched", async () => {
    const { notices } = await world({
      ruleSet: "fade",
      actors: [{ type: "fade-character" }, { type: "hod-npc" }],
      items: [{ type: "opend6-gear" }],
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: "info" });
    expect(notices[0]!.message).toContain("2 actors or items");
    expect(notices[0]!.message).toContain("The Fade");
  });

  it("that a stored rule set no version knows falls back to the default, permanently shown", async () => {
    const { record, active } = await world({ ruleSet: "<img src=x onerror=alert(1)>" });
    expect(active).toBe("fade");
    const warning = record.notifications.find((n) => n.level === "warn");
    expect(warning?.message).toContain("Playing The Fade");
    expect(warning?.options).toMatchObject({ permanent: true });
  });

  it("nothing to players", async () => {
    const { record } = await world({ isGM: false, ruleSet: "bogus", actors: [{ type: "hod-npc" }] });
    expect(record.notifications).toEqual([]);
  });
});
