import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { healUpTo, resolveHit, type FadeHitInput } from "../../src/rulesets/fade/rules";

const parts = { head: 0, rightArm: 0, leftArm: 0, body: 5, rightLeg: 0, leftLeg: 0 };
const absorbing = (hp: number): FadeHitInput => ({
  damage: 27,
  part: "body",
  calledShot: false,
  critical: false,
  coupDeGrace: false,
  penetration: 4,
  damageType: "fire",
  target: {
    derived: { deflection: parts, soak: 4, deathAt: -4, hpMax: 10 },
    energy: { resistances: {}, immunities: [], absorptions: ["fire"], weaknesses: [] },
    hp,
  },
});

describe("The Fade: healing never passes the maximum", () => {
  it('"Absorption is an even more powerful version, transmuting damage that would have been dealt into recovering HP": up to the maximum', () => {
    // 27 fire, Deflection 5 less Penetration 4: 26; Soak 4: 6 absorbed. At 8 of 10 HP only 2 come back.
    const hit = resolveHit(absorbing(8));
    expect(hit).toMatchObject({ hpBefore: 8, hpAfter: 10, damage: { hpGain: 2, hpChange: 2, hpLoss: 0 } });
    expect(hit.damage.steps.at(-1)).toMatchObject({
      step: "absorption",
      key: "ANTHOLOGY.Fade.Damage.Step.absorptionCapped",
      data: { absorbed: "6", healed: "2", max: "10" },
    });
    // Far below the maximum the whole 6 heals, with the plain line.
    expect(resolveHit(absorbing(1))).toMatchObject({ hpAfter: 7, damage: { hpGain: 6 } });
    expect(resolveHit(absorbing(1)).damage.steps.at(-1)!.key).toBe("ANTHOLOGY.Fade.Damage.Step.absorption");
    // At the maximum nothing comes back; above it (a GM's own edit) nothing is taken away.
    expect(resolveHit(absorbing(10))).toMatchObject({ hpAfter: 10, damage: { hpChange: 0 } });
    expect(resolveHit(absorbing(12))).toMatchObject({ hpAfter: 12, damage: { hpChange: 0 } });
  });

  it("healUpTo: what is regained, never past the maximum, on api.rules.fade", () => {
    expect(healUpTo(3, 5, 10)).toEqual({ hpBefore: 3, hpAfter: 8, healed: 5 });
    expect(healUpTo(8, 5, 10)).toEqual({ hpBefore: 8, hpAfter: 10, healed: 2 });
    expect(healUpTo(-3, 5, 10)).toEqual({ hpBefore: -3, hpAfter: 2, healed: 5 });
    expect(healUpTo(11, 5, 10)).toEqual({ hpBefore: 11, hpAfter: 11, healed: 0 });
    expect(healUpTo(3, -2, 10).healed).toBe(0);
    expect(api.rules.fade.healUpTo).toBe(healUpTo);
  });
});
