import { lastingOver } from "../../src/foundry/lasting";
import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { roll, scriptedDie } from "../../src/dice";
import {
  ATTACK_KINDS,
  BODY_PARTS,
  CALLED_SHOT_EFFECTS,
  DEFAULT_HIT_LOCATIONS,
  applyDamage,
  calledShotEffect,
  derive,
  fadeRules,
  STATUS_ENDS,
  hitLocation,
  initiativeFormula,
  judgeAttack,
  rollHitLocation,
} from "../../src/rulesets/fade/rules";

describe("The Fade: attacks", () => {
  it("hits when the total reaches the Defense", () => {
    expect(judgeAttack({ total: 20 }, 20)).toMatchObject({ result: "hit", hit: true, critical: false });
    expect(judgeAttack({ total: 19 }, 20)).toMatchObject({ result: "miss", hit: false, criticalFailure: false });
  });

  it("fails critically at half the Defense or less", () => {
    expect(judgeAttack({ total: 11 }, 22).result).toBe("criticalFailure");
    expect(judgeAttack({ total: 12 }, 22).result).toBe("miss");
    // 17 / 2 = 8.5: 8 is at or below half, 9 is not.
    expect(judgeAttack({ total: 8 }, 17).result).toBe("criticalFailure");
    expect(judgeAttack({ total: 9 }, 17).result).toBe("miss");
  });

  it("reads a critical from the dice engine's outcome, and a critical still has to hit", () => {
    const crit = roll("2k1", { die: scriptedDie([10, 3]) });
    expect(crit.critical).toBe(true);
    expect(judgeAttack(crit, 10)).toMatchObject({ result: "criticalHit", critical: true, hit: true });
    expect(judgeAttack(crit, 15)).toMatchObject({ result: "miss", critical: false });
    // Half the Defense or less fails critically, natural 10s or not.
    expect(judgeAttack(crit, 20)).toMatchObject({ result: "criticalFailure", critical: false });
    const plain = roll("2k1", { die: scriptedDie([9, 3]) });
    expect(judgeAttack(plain, 9).result).toBe("hit");
  });

  it("adds a dodge to the Defense, against which a critical failure is measured as well", () => {
    expect(judgeAttack({ total: 25 }, 20, { dodge: 6 })).toMatchObject({ result: "miss", defense: 26 });
    expect(judgeAttack({ total: 13 }, 20, { dodge: 6 }).result).toBe("criticalFailure");
    expect(judgeAttack({ total: 30, critical: true }, 20, { dodge: 6 })).toMatchObject({
      result: "hit",
      criticalDodged: true,
    });
  });

  it("fails a roll with no kept dice without calling it a critical failure", () => {
    const impossible = roll("3k0");
    expect(judgeAttack(impossible, 20)).toMatchObject({ result: "impossible", hit: false, criticalFailure: false });
  });

  it("names the pool, damage attribute and defenses of each kind of attack", () => {
    expect(ATTACK_KINDS.weapon).toMatchObject({ toHit: "physicalToHit", damageAttribute: "strength", vsSpells: false });
    expect(ATTACK_KINDS.finesse).toMatchObject({ toHit: "physicalToHit", damageAttribute: "agility" });
    expect(ATTACK_KINDS.spell).toMatchObject({ toHit: "magicalToHit", damageAttribute: "magic", vsSpells: true });
  });
});

describe("The Fade: hit location", () => {
  it("maps a d10 onto the default table: Body on half the faces", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((d) => hitLocation(d))).toEqual([
      "head",
      "rightArm",
      "leftArm",
      "body",
      "body",
      "body",
      "body",
      "body",
      "rightLeg",
      "leftLeg",
    ]);
    expect(() => hitLocation(0)).toThrow(RangeError);
    expect(() => hitLocation(11)).toThrow(RangeError);
    expect(new Set(DEFAULT_HIT_LOCATIONS.map((r) => r.part))).toEqual(new Set(BODY_PARTS));
  });

  it("takes a table of the caller's own", () => {
    const snake = [
      { from: 1, to: 3, part: "head" as const },
      { from: 4, to: 10, part: "body" as const },
    ];
    expect(hitLocation(2, snake)).toBe("head");
    expect(hitLocation(9, snake)).toBe("body");
  });

  it("rolls again on a missing part, and gives up only when no part is left", () => {
    expect(rollHitLocation(scriptedDie([2, 2, 7]), { missing: ["rightArm"] })).toBe("body");
    expect(rollHitLocation(scriptedDie([9]))).toBe("rightLeg");
    expect(rollHitLocation(scriptedDie([]), { missing: [...BODY_PARTS] })).toBeUndefined();
  });
});

describe("The Fade: called shots", () => {
  it("has an effect only on a called shot, lost when Deflection negates the damage", () => {
    expect(calledShotEffect({ part: "head", calledShot: false, criticalEffects: true })).toBeNull();
    expect(calledShotEffect({ part: "head", calledShot: true, criticalEffects: false })).toBe(
      CALLED_SHOT_EFFECTS.head.hit,
    );
    const negated = applyDamage({ damage: 4, deflection: 5, soak: 2, critical: true });
    expect(calledShotEffect({ part: "head", calledShot: true, ...negated })).toBeNull();
    // Damage lost to Soak or energy Resistance does not cancel it.
    const soaked = applyDamage({ damage: 3, soak: 4 });
    expect(calledShotEffect({ part: "body", calledShot: true, ...soaked })).toBe(CALLED_SHOT_EFFECTS.body.hit);
  });

  it("uses the critical effect on a critical hit or a coup de grace", () => {
    const cdg = applyDamage({ damage: 10, soak: 3, coupDeGrace: true });
    expect(calledShotEffect({ part: "leftLeg", calledShot: true, ...cdg })).toEqual({
      ...CALLED_SHOT_EFFECTS.leg.critical,
      severedPart: "leftLeg",
    });
    expect(calledShotEffect({ part: "rightArm", calledShot: true, criticalEffects: true })).toMatchObject({
      severs: true,
      attackPenalty: { rolled: -2 },
    });
  });

  it("holds each area's effects as the text names them", () => {
    expect(CALLED_SHOT_EFFECTS.head.hit).toMatchObject({ staggeredRounds: 1 });
    expect(CALLED_SHOT_EFFECTS.head.critical).toMatchObject({ dazedRounds: 1, staggeredRounds: 1 });
    expect(CALLED_SHOT_EFFECTS.arm.hit).toMatchObject({ dropItem: true, attackPenalty: { rolled: -1 } });
    expect(CALLED_SHOT_EFFECTS.body.hit).toMatchObject({ bleed: 2, bleedRounds: 2 });
    expect(CALLED_SHOT_EFFECTS.body.critical).toMatchObject({ bleed: "1d5+2", bleedRounds: 2 });
    expect(CALLED_SHOT_EFFECTS.leg.hit).toMatchObject({ speedLoss: 2 });
    expect(CALLED_SHOT_EFFECTS.leg.hit.permanent).toBeUndefined();
    expect(CALLED_SHOT_EFFECTS.leg.critical).toMatchObject({ severs: true, speedLoss: 2, permanent: true });
  });
});

describe("The Fade: initiative and the public API", () => {
  it("rolls 1d10 + Agility", () => {
    expect(initiativeFormula(3)).toBe("1d10+3");
    expect(initiativeFormula(0)).toBe("1d10");
    expect(roll(initiativeFormula(4), { die: scriptedDie([7]) }).total).toBe(11);
  });

  it("is api.rules.fade, frozen", () => {
    expect(api.rules.fade).toBe(fadeRules);
    expect(Object.isFrozen(api.rules)).toBe(true);
    expect(Object.isFrozen(api.rules.fade)).toBe(true);
    expect(api.rules.fade.derive).toBe(derive);
    expect(api.rules.fade.damagePool(6, "4k2")).toBe("7k3");
  });
});

describe("a status's rounds (issue 16)", () => {
  it("lasts from its round to the end of its bearer's turn that many rounds later", () => {
    // A critical failure in round 3: the -2k0 holds in round 4 until the bearer's turn ends.
    const start = { startRound: 3, rounds: 1, until: STATUS_ENDS };
    expect(lastingOver(start, { round: 3, bearerTurn: "after" })).toBe(false);
    expect(lastingOver(start, { round: 4, bearerTurn: "before" })).toBe(false);
    expect(lastingOver(start, { round: 4, bearerTurn: "current" })).toBe(false);
    expect(lastingOver(start, { round: 4, bearerTurn: "after" })).toBe(true);
    expect(lastingOver(start, { round: 5, bearerTurn: "before" })).toBe(true);
    expect(lastingOver({ startRound: 1, rounds: 2, until: STATUS_ENDS }, { round: 2, bearerTurn: "after" })).toBe(
      false,
    );
    // A withdrawal (0 rounds) ends with the withdrawing turn.
    expect(lastingOver({ startRound: 2, rounds: 0, until: STATUS_ENDS }, { round: 2, bearerTurn: "current" })).toBe(
      false,
    );
    expect(lastingOver({ startRound: 2, rounds: 0, until: STATUS_ENDS }, { round: 2, bearerTurn: "after" })).toBe(true);
  });
});

describe("a severing called shot names the part it severs (issue 16)", () => {
  it("severs the part the hit landed on: the left arm, the right leg", () => {
    expect(calledShotEffect({ part: "leftArm", calledShot: true, criticalEffects: true })).toMatchObject({
      severs: true,
      severedPart: "leftArm",
    });
    expect(calledShotEffect({ part: "rightLeg", calledShot: true, criticalEffects: true })?.severedPart).toBe(
      "rightLeg",
    );
  });
  it("names none for an effect that severs nothing", () => {
    expect(
      calledShotEffect({ part: "leftArm", calledShot: true, criticalEffects: false })?.severedPart,
    ).toBeUndefined();
    expect(calledShotEffect({ part: "head", calledShot: true, criticalEffects: true })?.severedPart).toBeUndefined();
  });
});
