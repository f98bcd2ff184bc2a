import { describe, expect, it } from "vitest";
import { applyDamage, parseEnergyText } from "../../src/rulesets/fade/rules";

describe("parseEnergyText (the sheet's energy lists)", () => {
  it("reads resistances with or without a colon, and the other lists by comma, semicolon or line", () => {
    const parsed = parseEnergyText({
      resistances: "Fire 5, cold: 10; holy 15",
      immunities: "poison;\nunholy",
      absorptions: " lightning ",
      weaknesses: "",
    });
    expect(parsed.profile).toEqual({
      resistances: { Fire: 5, cold: 10, holy: 15 },
      immunities: ["poison", "unholy"],
      absorptions: ["lightning"],
      weaknesses: [],
    });
    expect(parsed.invalid).toEqual([]);
  });

  it("keeps the highest of a repeated resistance and reports entries without a type or a number", () => {
    const parsed = parseEnergyText({ resistances: "fire 5, fire 8, acid, 12, cold -3" });
    expect(parsed.profile.resistances).toEqual({ fire: 8 });
    expect(parsed.invalid).toEqual(["acid", "12", "cold -3"]);
  });

  it("gives applyDamage what it needs: a typed hit meets the typed resistance", () => {
    const { profile } = parseEnergyText({ resistances: "Fire 5" });
    const result = applyDamage({ damage: 20, soak: 3, damageType: "fire", energy: profile });
    expect(result.hpLoss).toBe(5); // (20 - 5) / 3
  });

  it("reads nothing from empty or missing lists", () => {
    expect(parseEnergyText({})).toEqual({
      profile: { resistances: {}, immunities: [], absorptions: [], weaknesses: [] },
      invalid: [],
    });
  });
});
