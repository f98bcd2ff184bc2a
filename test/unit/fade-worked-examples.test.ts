import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { scriptedDie } from "../../src/dice";
import {
  applyDamage,
  carryingLimits,
  damagePool,
  deflectionByPart,
  derive,
  dodgePool,
  hitLocation,
  judgeAttack,
  type FadeSource,
} from "../../src/rulesets/fade/rules";

// Every example the text of The Fade works through, as the text gives its numbers.
describe("The Fade: the text's worked examples", () => {
  it("Soak: 12 damage against 4 Soak deals 3; with 4 Deflection first, 2", () => {
    expect(applyDamage({ damage: 12, soak: 4 }).hpLoss).toBe(3);
    expect(applyDamage({ damage: 12, soak: 4, deflection: 4 }).hpLoss).toBe(2);
  });

  it("Damage: Strength 6 with a 4k2 weapon rolls 7k3", () => {
    expect(damagePool(6, "4k2")).toBe("7k3");
  });

  it("Deflection: natural 2 everywhere under 6-Deflection body armor is 6 on the body, 8 when natural stacks", () => {
    const natural = { head: 2, rightArm: 2, leftArm: 2, body: 2, rightLeg: 2, leftLeg: 2 };
    const armor = [{ deflection: { body: 6 } }];
    expect(deflectionByPart({ naturalDeflection: natural, armor }).body).toBe(6);
    expect(deflectionByPart({ naturalDeflection: natural, armor }).head).toBe(2);
    expect(deflectionByPart({ naturalDeflection: natural, naturalDeflectionStacks: true, armor }).body).toBe(8);
  });

  it("Taking damage: a 28 hits, a 6 lands on the Body, 27 damage with Penetration 4 against Deflection 5 and Soak 4 deals 6", () => {
    // Character 2's Defense is not given; any Defense up to 28 is hit by a 28.
    expect(judgeAttack({ total: 28 }, 22).result).toBe("hit");
    expect(hitLocation(6)).toBe("body");
    const hit = applyDamage({ damage: 27, penetration: 4, deflection: 5, soak: 4 });
    // 5 - 4 = 1 Deflection; 27 - 1 = 26; 26 / 4 = 6.5, rounded down to 6.
    expect(hit.steps.map((s) => [s.step, s.before, s.after])).toEqual([
      ["deflection", 27, 26],
      ["soak", 26, 6],
    ]);
    expect(hit.hpLoss).toBe(6);
    // "reduced to 4 HP": Character 2 had 10.
    expect(10 + hit.hpChange).toBe(4);
  });

  it("Dodging: a critical 36 that still beats Defense after a 10 on the 6k1 dodge becomes a regular hit", () => {
    const attack = api.roll("8k4", { die: scriptedDie([10, 10, 10, 10, 1, 1, 1, 1]) });
    expect(attack.critical).toBe(true);
    expect(attack.total).toBe(40);
    expect(judgeAttack(attack, 22, { dodge: 10 }).result).toBe("hit");
    // The text's 36 cannot be a plain 8k4 critical (four kept 10s make 40), so its total is taken as given.
    const roll = { total: 36, critical: true };
    // Character 1 dodges at "their level" with 6k1: Agility 6 at levels 1-5.
    expect(dodgePool(6, 3)).toBe("6k1");
    const judged = judgeAttack(roll, 22, { dodge: 10 });
    expect(judged).toMatchObject({ result: "hit", hit: true, critical: false, criticalDodged: true, defense: 32 });
    expect(judgeAttack(roll, 22).result).toBe("criticalHit");
  });

  it("Negative Dice: a -3k0 penalty on 1k1 leaves -2k1, which rolls three dice and keeps the lowest (shared README)", () => {
    const pool = api.rules.fade.applyModifiers("1k1", [{ rolled: -3 }]);
    expect(pool).toBe("-2k1");
    const outcome = api.roll(pool, { die: scriptedDie([9, 4, 7]) });
    expect(outcome.dice).toHaveLength(3);
    expect(outcome.total).toBe(4);
  });

  it("Defenses against spells put Resistance in place of the attribute (shared README), not on top of it", () => {
    // The text's one example adds Resistance to a Defense of 16 (giving 18); the formula lines, which
    // the shared README makes binding, replace Agility: 15 + Resistance 2 + ½ Luck 0 = 17.
    const source: FadeSource = {
      strength: 2,
      agility: 1,
      endurance: 2,
      smarts: 1,
      luck: 1,
      magic: 0,
      resistance: 2,
      level: 1,
      classHp: 10,
      hpGained: 0,
      speciesSize: 2,
      classSoak: 1,
      speed: 6,
      attacksPerRound: 1,
    };
    expect(derive(source).defense).toBe(16); // 15 + Agility 1 + ½ Luck (1 / 2 = 0)
    expect(derive(source).vsSpells.defense).toBe(17);
  });

  it("Carrying: the six limits follow Strength + Endurance", () => {
    // Strength 3 + Endurance 2 = 5: 5 + 25, 5 + 50, 5 + 75; 80 x 1.5, x 3, x 5.
    expect(carryingLimits(3, 2)).toEqual({
      light: 30,
      medium: 55,
      heavy: 80,
      overHead: 120,
      offGround: 240,
      pushDrag: 400,
    });
  });
});
