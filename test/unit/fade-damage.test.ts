import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyDamage,
  DAMAGE_STEP_KEYS,
  energyResponse,
  resistanceHealingBonus,
  type FadeDamageInput,
} from "../../src/rulesets/fade/rules";
import { format as fill } from "../foundry/stand-in";

const steps = (input: FadeDamageInput) => applyDamage(input).steps.map((s) => [s.step, s.before, s.after]);

describe("The Fade: applyDamage", () => {
  it("negates a hit that Deflection takes to 0, and stops there", () => {
    const r = applyDamage({ damage: 5, deflection: 6, soak: 2, critical: true });
    expect(r).toMatchObject({ hpLoss: 0, hpGain: 0, hpChange: 0, negatedBy: "deflection", criticalEffects: true });
    expect(steps({ damage: 5, deflection: 6, soak: 2, critical: true })).toEqual([["deflection", 5, 0]]);
    // Exactly equal is negated too.
    expect(applyDamage({ damage: 6, deflection: 6, soak: 1 }).negatedBy).toBe("deflection");
  });

  it("lets Penetration lower Deflection but never below 0", () => {
    // Deflection 2 - Penetration 5 is 0, not -3: the damage stays 10; 10 / 3 = 3.
    const r = applyDamage({ damage: 10, deflection: 2, penetration: 5, soak: 3 });
    expect(r.steps[0]).toMatchObject({ step: "deflection", before: 10, after: 10 });
    expect(r.steps[0]!.data).toEqual({ deflection: "2", penetration: "5", effective: "0" });
    expect(r.hpLoss).toBe(3);
  });

  it("subtracts energy Resistance for its damage type, before Soak", () => {
    // 20 fire - Resist 5 = 15; 15 / 3 = 5.
    const fire = { damage: 20, soak: 3, damageType: "fire", energy: { resistances: { fire: 5 } } };
    expect(steps(fire)).toEqual([
      ["deflection", 20, 20],
      ["resistance", 20, 15],
      ["soak", 15, 5],
    ]);
    expect(applyDamage(fire).hpLoss).toBe(5);
    // Other types and untyped damage pass by it: 20 / 3 = 6.
    expect(applyDamage({ ...fire, damageType: "cold" }).hpLoss).toBe(6);
    expect(applyDamage({ ...fire, damageType: undefined }).hpLoss).toBe(6);
  });

  it("negates a hit that Resistance takes to 0", () => {
    const r = applyDamage({
      damage: 9,
      deflection: 4,
      soak: 1,
      damageType: "fire",
      energy: { resistances: { fire: 5 } },
    });
    // 9 - 4 = 5; 5 - 5 = 0.
    expect(r).toMatchObject({ hpLoss: 0, negatedBy: "resistance" });
  });

  it("negates damage of a type the target is immune to", () => {
    const r = applyDamage({
      damage: 40,
      soak: 2,
      critical: true,
      damageType: "unholy",
      energy: { immunities: ["unholy"] },
    });
    expect(r).toMatchObject({ hpLoss: 0, hpGain: 0, negatedBy: "immunity", criticalEffects: true });
    expect(r.steps.map((s) => s.step)).toEqual(["deflection", "immunity"]);
  });

  it("turns absorbed damage into healing by what it would have dealt after Soak", () => {
    // 20 fire - Deflection 2 = 18; 18 / 3 = 6: heals 6. Absorption outranks Immunity and Resistance.
    const energy = { absorptions: ["fire"], immunities: ["fire"], resistances: { fire: 5 } };
    const r = applyDamage({ damage: 20, deflection: 2, soak: 3, damageType: "fire", energy });
    expect(r).toMatchObject({ hpLoss: 0, hpGain: 6, hpChange: 6, negatedBy: null });
    expect(r.steps.map((s) => [s.step, s.before, s.after])).toEqual([
      ["deflection", 20, 18],
      ["soak", 18, 6],
      ["absorption", 6, 0],
    ]);
    expect(r.steps[2]!.data).toMatchObject({ type: "fire", healed: "6" });
  });

  it("doubles damage of a type the target is weak to, after Resistance", () => {
    // 10 cold x 2 = 20; 20 / 4 = 5.
    expect(applyDamage({ damage: 10, soak: 4, damageType: "cold", energy: { weaknesses: ["cold"] } }).hpLoss).toBe(5);
    // 10 - Resist 4 = 6; x 2 = 12; 12 / 4 = 3.
    const both = {
      damage: 10,
      soak: 4,
      damageType: "cold",
      energy: { weaknesses: ["cold"], resistances: { cold: 4 } },
    };
    expect(steps(both)).toEqual([
      ["deflection", 10, 10],
      ["resistance", 10, 6],
      ["weakness", 6, 12],
      ["soak", 12, 3],
    ]);
  });

  it("doubles a critical hit before Soak, after energy", () => {
    // 13 x 2 = 26; 26 / 4 = 6 (3 without the critical).
    expect(applyDamage({ damage: 13, soak: 4 }).hpLoss).toBe(3);
    expect(applyDamage({ damage: 13, soak: 4, critical: true })).toMatchObject({ hpLoss: 6, criticalEffects: true });
    // Weak and critical: 10 x 2 x 2 = 40; 40 / 4 = 10.
    const weakCrit = { damage: 10, soak: 4, critical: true, damageType: "cold", energy: { weaknesses: ["cold"] } };
    expect(steps(weakCrit)).toEqual([
      ["deflection", 10, 10],
      ["weakness", 10, 20],
      ["critical", 20, 40],
      ["soak", 40, 10],
    ]);
  });

  it("divides a coup de grace by a Soak of 1 and does not double it, but critical effects trigger", () => {
    // 13 - Deflection 1 = 12, not doubled although the roll was critical; 12 / 1 = 12.
    const r = applyDamage({ damage: 13, deflection: 1, soak: 4, critical: true, coupDeGrace: true });
    expect(r).toMatchObject({ hpLoss: 12, criticalEffects: true });
    expect(r.steps.map((s) => s.step)).toEqual(["deflection", "coupDeGrace"]);
    expect(r.steps[1]!.data).toEqual({ soak: "1", targetSoak: "4" });
    expect(applyDamage({ damage: 13, soak: 4, coupDeGrace: true }).criticalEffects).toBe(true);
    expect(applyDamage({ damage: 13, soak: 4 }).criticalEffects).toBe(false);
  });

  it("rounds the division by Soak down, to 0 for a hit weaker than Soak (lost to Soak, not negated)", () => {
    expect(applyDamage({ damage: 15, soak: 4 }).hpLoss).toBe(3); // 3.75
    expect(applyDamage({ damage: 16, soak: 4 }).hpLoss).toBe(4);
    expect(applyDamage({ damage: 3, soak: 4 })).toMatchObject({ hpLoss: 0, negatedBy: null });
    expect(applyDamage({ damage: 7, soak: 0 }).hpLoss).toBe(7); // Soak below 1 counts as 1
  });

  it("matches damage types regardless of case and spacing", () => {
    expect(energyResponse({ immunities: ["Fire"] }, " FIRE ").immune).toBe(true);
    expect(energyResponse({ resistances: { fire: 5, Fire: 10 } }, "fire").resistance).toBe(10);
    expect(energyResponse({ weaknesses: ["fire"] }, "")).toEqual({
      resistance: 0,
      immune: false,
      absorbs: false,
      weak: false,
    });
  });

  it("gives each step a label whose placeholders its data fills", () => {
    const r = applyDamage({
      damage: 30,
      deflection: 3,
      penetration: 1,
      soak: 4,
      critical: true,
      damageType: "fire",
      energy: { resistances: { fire: 2 }, weaknesses: ["fire"] },
    });
    const lines = r.steps.map((s) => fill(s.key, { ...s.data }));
    expect(r.steps.map((s) => s.key)).toEqual(r.steps.map((s) => DAMAGE_STEP_KEYS[s.step]));
    for (const line of lines) expect(line).not.toMatch(/[{}]|ANTHOLOGY/);
    // 30 - (3 - 1) = 28; - 2 = 26; x 2 = 52; x 2 = 104; / 4 = 26.
    expect(r.hpLoss).toBe(26);
  });

  it("adds the tens of Holy (or Unholy) Resistance to healing, at least 1", () => {
    expect([0, 1, 5, 10, 19, 20, 35].map(resistanceHealingBonus)).toEqual([0, 1, 1, 1, 1, 2, 3]);
  });

  const input = fc.record({
    damage: fc.integer({ min: -5, max: 200 }),
    penetration: fc.integer({ min: 0, max: 10 }),
    deflection: fc.integer({ min: 0, max: 15 }),
    soak: fc.integer({ min: 0, max: 12 }),
    critical: fc.boolean(),
    coupDeGrace: fc.boolean(),
    damageType: fc.constantFrom(undefined, "fire", "cold"),
    energy: fc.record({
      resistances: fc.record({ fire: fc.integer({ min: 0, max: 10 }) }),
      immunities: fc.subarray(["fire", "cold"]),
      absorptions: fc.subarray(["fire"]),
      weaknesses: fc.subarray(["cold", "fire"]),
    }),
  });

  it("never returns a negative or fractional HP loss or gain, and the change is gain less loss", () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = applyDamage(i);
        expect(Number.isInteger(r.hpLoss) && r.hpLoss >= 0).toBe(true);
        expect(Number.isInteger(r.hpGain) && r.hpGain >= 0).toBe(true);
        expect(r.hpLoss === 0 || r.hpGain === 0).toBe(true);
        expect(r.hpChange).toBe(r.hpGain - r.hpLoss);
        for (const s of r.steps) expect(s.after).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("never deals more for more Deflection or Soak, nor less for more Penetration or a critical", () => {
    const amount = (i: FadeDamageInput) => {
      const r = applyDamage(i);
      return r.hpLoss + r.hpGain;
    };
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 5 }), (i, more) => {
        const base = amount(i);
        expect(amount({ ...i, deflection: i.deflection + more })).toBeLessThanOrEqual(base);
        expect(amount({ ...i, soak: i.soak + more })).toBeLessThanOrEqual(base);
        expect(amount({ ...i, penetration: i.penetration + more })).toBeGreaterThanOrEqual(base);
        expect(amount({ ...i, critical: true })).toBeGreaterThanOrEqual(amount({ ...i, critical: false }));
      }),
    );
  });
});
