import { describe, expect, it, vi } from "vitest";
import { installFoundry, loadWorld } from "../foundry/stand-in";

async function world(options: Parameters<typeof installFoundry>[0]) {
  vi.resetModules();
  const record = installFoundry(options);
  await import("../../src");
  loadWorld(record);
  const { activeRuleSet } = await import("../../src/settings");
  return { record, active: activeRuleSet() };
}

describe("ready: what the GM is told", () => {
  it("nothing, in a world whose documents all belong to its rule set", async () => {
    const { record, active } = await world({ ruleSet: "fudge", actors: [{ type: "fudge-character" }] });
    expect(active).toBe("fudge");
    expect(record.notifications).toEqual([]);
  });

  it("how many documents belong to another rule set, which stay untouched", async () => {
    const { record } = await world({
      ruleSet: "fade",
      actors: [{ type: "fade-character" }, { type: "hod-npc" }],
      items: [{ type: "opend6-gear" }],
    });
    expect(record.notifications).toHaveLength(1);
    expect(record.notifications[0]).toMatchObject({ level: "info" });
    expect(record.notifications[0]!.message).toContain("2 actors or items");
    expect(record.notifications[0]!.message).toContain("The Fade");
  });

  it("that a stored rule set no version knows falls back to the default, permanently shown", async () => {
    const { record, active } = await world({ ruleSet: "<img src=x onerror=alert(1)>" });
    expect(active).toBe("fade");
    const warning = record.notifications.find((n) => n.level === "warn");
    expect(warning?.message).toContain("Playing The Fade");
    expect(warning?.options).toEqual({ permanent: true });
  });

  it("nothing to players", async () => {
    const { record } = await world({ isGM: false, ruleSet: "bogus", actors: [{ type: "hod-npc" }] });
    expect(record.notifications).toEqual([]);
  });
});
