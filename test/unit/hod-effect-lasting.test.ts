import { afterEach, describe, expect, it } from "vitest";
import { hodEffectLasting } from "../../src/rulesets/hod/sheets/effect-lasting";
import type { SheetEffect } from "../../src/sheets/effects-tab";

// The Effects tab's "Lasts" for Heroes of Destiny's own effects: they keep the Time Count's time.
const g = globalThis as unknown as { fromUuidSync?: (uuid: string) => unknown };
afterEach(() => delete g.fromUuidSync);

const effect = (link: unknown) =>
  ({
    getFlag: (scope: string, key: string) => (scope === "anthology" && key === "hodEffect" ? link : undefined),
  }) as unknown as SheetEffect;

describe("how long a Heroes of Destiny effect lasts, for the Effects tab", () => {
  it('a feint or distraction: "until the performer acts again", after the TC it began on', () => {
    g.fromUuidSync = (uuid) => (uuid === "Actor.zh" ? { name: "Zherynn" } : null);
    const feint = { kind: "feinting", other: "Actor.gob", endsOn: "Actor.zh", since: 12, strong: false };
    expect(hodEffectLasting(effect(feint))).toEqual({
      key: "ANTHOLOGY.HoD.Effects.Lasting.nextActionAfter",
      data: { name: "Zherynn", tc: 12 },
    });
    expect(hodEffectLasting(effect({ ...feint, since: null }))).toEqual({
      key: "ANTHOLOGY.HoD.Effects.Lasting.nextAction",
      data: { name: "Zherynn" },
    });
  });

  it("a grab lasts until it ends; any other effect is left to Foundry's reading", () => {
    const grab = { kind: "grabbed", other: "Actor.zh", endsOn: null, since: null };
    expect(hodEffectLasting(effect(grab))).toEqual({ key: "ANTHOLOGY.HoD.Effects.Lasting.grab" });
    expect(hodEffectLasting(effect(undefined))).toBeNull();
    expect(hodEffectLasting(effect({ kind: "blessed" }))).toBeNull();
  });
});
