import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import {
  CALLED_SHOT_EFFECTS,
  calledShotStatuses,
  chosenPart,
  healingFor,
  healUpTo,
  locationFromFaces,
  missingParts,
  partIsGone,
  resolveHit,
  rollHitLocation,
  statusModifiers,
  type FadeHitInput,
} from "../../src/rulesets/fade/rules";
import { choicesFromForm } from "../../src/rulesets/fade/chat/dialog-form";

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

describe("The Fade: severed limbs", () => {
  it('"A critical hit severs the arm instead, and instead deals a -2k0 penalty": the arm stays lost, the -2k0 lasts its round', () => {
    const plans = calledShotStatuses({ ...CALLED_SHOT_EFFECTS.arm.critical, severedPart: "leftArm" });
    expect(plans).toEqual([
      { status: "fade-arm-severed", key: "ANTHOLOGY.Fade.CalledShot.armCritical" },
      { status: "fade-arm-severing", rounds: 1, key: "ANTHOLOGY.Fade.CalledShot.armCritical" },
    ]);
    // Only the round's status turns the dialog's -2k0 on; the lost arm alone does not.
    expect(statusModifiers(["fade-arm-severing"])).toEqual(["armSevered"]);
    expect(statusModifiers(["fade-arm-severed"])).toEqual([]);
    // A severed leg has no rounds either.
    expect(calledShotStatuses(CALLED_SHOT_EFFECTS.leg.critical)[0]).not.toHaveProperty("rounds");
  });

  it("missingParts: the arms and legs the severed-limb records name, and nothing else", () => {
    expect(
      missingParts([
        { statuses: new Set(["fade-arm-severed"]), severedPart: "leftArm" },
        { statuses: ["fade-leg-severed"], severedPart: "rightLeg" },
        { statuses: ["fade-arm-severing"], severedPart: "rightArm" },
        { statuses: ["fade-arm-severed"], severedPart: "body" },
        { statuses: ["fade-leg-severed"], severedPart: "leftArm" },
        { statuses: ["fade-arm-severed"], severedPart: 3 },
        { statuses: ["fade-arm-severed"] },
      ]).sort(),
    ).toEqual(["leftArm", "rightLeg"]);
    expect(api.rules.fade.missingParts).toBe(missingParts);
  });

  it('"reroll on missing body parts": locationFromFaces reads the faces in turn, as rollHitLocation rolls them', () => {
    const missing = ["leftArm", "rightLeg"] as const;
    expect(locationFromFaces([3, 9, 6], { missing: [...missing] })).toEqual({
      part: "body",
      used: 3,
      rerolledFrom: ["leftArm", "rightLeg"],
    });
    expect(locationFromFaces([1, 3], { missing: [...missing] })).toEqual({ part: "head", used: 1, rerolledFrom: [] });
    expect(locationFromFaces([3], { missing: [...missing] })).toEqual({
      part: undefined,
      used: 1,
      rerolledFrom: ["leftArm"],
    });
    const faces = [3, 9, 6];
    expect(rollHitLocation(() => faces.shift()!, { missing: [...missing] })).toBe("body");
    expect(api.rules.fade.locationFromFaces).toBe(locationFromFaces);
  });

  it("partIsGone: a called shot cannot aim at a lost part", () => {
    expect(partIsGone("leftArm", ["leftArm"])).toBe(true);
    expect(partIsGone("rightArm", ["leftArm"])).toBe(false);
    expect(partIsGone(null, ["leftArm"])).toBe(false);
    expect(api.rules.fade.partIsGone).toBe(partIsGone);
  });
});

describe("The Fade: defaulting to the Body", () => {
  it('"you can default to hitting the enemies\' Body": chosenPart gives the Body, a called shot outranks it', () => {
    expect(chosenPart({ defaultBody: true })).toBe("body");
    expect(chosenPart({ defaultBody: true, modifiers: ["calledShot"], calledShot: "head" })).toBe("head");
    // A part without the called-shot modifier is no called shot; without the default the location is rolled.
    expect(chosenPart({ calledShot: "head" })).toBeNull();
    expect(chosenPart({})).toBeNull();
    expect(api.rules.fade.chosenPart).toBe(chosenPart);
  });

  it("the attack dialog's box: read only without a called shot", () => {
    expect(choicesFromForm("attack", [["defaultBody", "on"]])).toMatchObject({ defaultBody: true });
    const called = choicesFromForm("attack", [
      ["defaultBody", "on"],
      ["modifiers", "calledShot"],
      ["location", "head"],
    ]);
    expect(called).toMatchObject({ calledShot: "head" });
    expect(called).not.toHaveProperty("defaultBody");
    expect(choicesFromForm("attack", [])).not.toHaveProperty("defaultBody");
  });
});

describe("The Fade: healing", () => {
  const holy = (resistances: Record<string, number>) => ({
    resistances,
    immunities: [],
    absorptions: [],
    weaknesses: [],
  });

  it('"Holy Resistance on a living creature increases healing by the tens digit (minimum of 1), and Unholy Resistance on an undead creature does the same effect for them"', () => {
    const base = { hp: 2, hpMax: 20, deathAt: -4 };
    // Living, Holy Resistance 20: +2 on 4 HP of healing.
    expect(healingFor({ ...base, amount: 4, energy: holy({ holy: 20 }) })).toMatchObject({
      amount: 4,
      bonus: 2,
      resistance: "holy",
      total: 6,
      hpBefore: 2,
      hpAfter: 8,
      healed: 6,
      healthState: "conscious",
    });
    // Holy Resistance 5: the minimum of 1. Unholy Resistance does nothing for the living.
    expect(healingFor({ ...base, amount: 4, energy: holy({ holy: 5 }) }).bonus).toBe(1);
    expect(healingFor({ ...base, amount: 4, energy: holy({ unholy: 30 }) }).bonus).toBe(0);
    // Undead: its Unholy Resistance counts, its Holy one does not.
    expect(healingFor({ ...base, amount: 4, undead: true, energy: holy({ unholy: 35, holy: 20 }) })).toMatchObject({
      bonus: 3,
      resistance: "unholy",
      hpAfter: 9,
    });
    expect(healingFor({ ...base, amount: 4, undead: true, energy: holy({ holy: 20 }) }).bonus).toBe(0);
    // No healing, no bonus; and never past the maximum.
    expect(healingFor({ ...base, amount: 0, energy: holy({ holy: 20 }) })).toMatchObject({ bonus: 0, healed: 0 });
    expect(healingFor({ ...base, hp: 18, amount: 4, energy: holy({ holy: 20 }) })).toMatchObject({
      total: 6,
      hpAfter: 20,
      healed: 2,
    });
    expect(api.rules.fade.healingFor).toBe(healingFor);
  });
});
