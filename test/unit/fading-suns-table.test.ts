import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { goalParts } from "../../src/rulesets/fading-suns/rules";

// Issue 29's Fading Suns items, rule by rule: each test quotes the line of fading-suns.txt (or of
// shared/rules/README.md's decisions) it checks; every number worked out by hand.
const fs = api.rules["fading-suns"];
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("Fading Suns: the Vitality track is ours", () => {
  it('"Fading Suns: the Vitality wound track is our decision, not the text\'s; say so wherever it shows"', () => {
    const lang = JSON.parse(read("src/rulesets/fading-suns/lang/en.json")) as {
      ANTHOLOGY: { FadingSuns: { Settings: { woundPenalties: { hint: string } }; Sheet: { trackHint: string } } };
    };
    const { Settings, Sheet } = lang.ANTHOLOGY.FadingSuns;
    expect(Settings.woundPenalties.hint).toContain("Anthology's decision: the text prints no wound track");
    expect(Settings.woundPenalties.hint).not.toMatch(/the text:|the text's/);
    expect(Sheet.trackHint).toContain("Anthology's decision (the text prints none)");
    expect(read("src/rulesets/fading-suns/templates/sheets/header.hbs")).toContain(
      "ANTHOLOGY.FadingSuns.Sheet.trackHint",
    );
    const doc = read("docs/fading-suns.md");
    expect(doc).toContain("our decision, not the text's: the text prints no wound track");
    expect(doc).not.toMatch(/\(the text's: −2 at 5 left/);
    expect(read("docs/rules-decisions.md")).not.toMatch(/leaves the\s+text's track/);
  });
});

describe("Fading Suns fight actions", () => {
  it('"Grapple Dexterity + Fight - 2" and "Knockdown Dexterity + Fight - 0": both roll Fight, the weapon set aside', () => {
    expect(fs.fightActionRoll("melee", "grapple")).toBe("fight");
    expect(fs.fightActionRoll("melee", "knockdown")).toBe("fight");
    // "Dexterity + Fight or Melee": strike, disarm and knock out roll the weapon's skill.
    expect(fs.fightActionRoll("melee", "strike")).toBe("weapon");
    expect(fs.fightActionRoll("melee", "disarm")).toBe("weapon");
    expect(fs.fightActionRoll("melee", "knockOut")).toBe("weapon");
    expect(fs.fightActionRoll("melee", undefined)).toBe("weapon");
    // Fight actions are melee: a shot rolls its weapon whatever the choices say.
    expect(fs.fightActionRoll("ranged", "grapple")).toBe("weapon");
  });

  it('"Knockdown Dexterity + Fight - 0": DMG 0, with no Strength bonus or stance added', () => {
    const hit = (fightAction: "knockdown" | "grapple" | "strike") =>
      fs.attackDamage({ weapon: 4, kind: "melee", choices: { fightAction }, strengthBonus: 1, stanceDamage: 2 });
    expect(hit("knockdown")).toEqual({ base: 0, strength: 0, stance: 0, action: 0, total: 0, effectDice: 0 });
    // Grapple's DMG 2 takes the bonuses as an unarmed blow does; a strike uses the weapon.
    expect(hit("grapple")).toMatchObject({ base: 2, strength: 1, stance: 2, total: 5 });
    expect(hit("strike")).toMatchObject({ base: 4, strength: 1, stance: 2, total: 7 });
  });
});

describe("Fading Suns charge", () => {
  it('"Charge Effect: Can move up to twice movement; +1 Damage Effect Dice on Unarmed/Melee attack actions per meter charged. +2 -2": melee only', () => {
    expect(fs.moveFor("melee", "charge")).toBe("charge");
    expect(fs.moveFor("ranged", "charge")).toBe("none");
    expect(fs.moveFor("thrown", "charge")).toBe("none");
    expect(fs.moveFor("check", "charge")).toBe("none");
    expect(fs.moveFor("ranged", "run")).toBe("run");
    expect(goalParts({ move: "charge" }, "melee")).toContainEqual({ id: "move", value: 2 });
    expect(goalParts({ move: "charge" }, "ranged").find((p) => p.id === "move")).toBeUndefined();
    expect(goalParts({ move: "charge" }, "check").find((p) => p.id === "move")).toBeUndefined();
    expect(
      fs.attackDamage({
        weapon: 6,
        kind: "ranged",
        choices: { move: "charge", charge: 4 },
        strengthBonus: 1,
        stanceDamage: 0,
      }).effectDice,
    ).toBe(0);
  });
});

describe("Fading Suns several attacks in one action", () => {
  it('"Shooting or attacking twice in one action" (Hard, −2) and "Shooting three targets with one action" (Demanding, −4)', () => {
    expect([1, 2, 3].map((n) => fs.multiAttackPenalty(n))).toEqual([0, -2, -4]);
    expect(() => fs.multiAttackPenalty(4)).toThrow(RangeError);
    expect(() => fs.multiAttackPenalty(0)).toThrow(RangeError);
    // Each target of one d20 is one attack: fewer attacks than targets is refused, more than three too.
    expect(fs.multiAttackCheck(undefined, 1)).toBe("ok");
    expect(fs.multiAttackCheck(undefined, 0)).toBe("ok");
    expect(fs.multiAttackCheck(1, 2)).toBe("tooFew");
    expect(fs.multiAttackCheck(2, 2)).toBe("ok");
    expect(fs.multiAttackCheck(3, 2)).toBe("ok");
    expect(fs.multiAttackCheck(2, 3)).toBe("tooFew");
    expect(fs.multiAttackCheck(3, 4)).toBe("tooMany");
    // The penalty is a part of every attack's goal, never of a goal roll.
    expect(goalParts({ attacks: 2 }, "melee")).toContainEqual({ id: "multiAttack", value: -2 });
    expect(goalParts({ attacks: 3 }, "ranged")).toContainEqual({ id: "multiAttack", value: -4 });
    expect(goalParts({ attacks: 2 }, "check").find((p) => p.id === "multiAttack")).toBeUndefined();
  });
});

describe("Fading Suns: each attack judged as its attacker stood when it was rolled", () => {
  it('"each attack is judged with the attacker as they stood when it was rolled": the Vitality then', () => {
    // 3 Vitality now; a hit of 3 applied after the roll (at 200 ≥ 100) and one of 2 before it (at 50).
    const hits = [
      { at: 200, taken: 3 },
      { at: 50, taken: 2 },
    ];
    expect(fs.vitalityAsRolled(3, hits, 100)).toBe(6);
    expect(fs.vitalityAsRolled(3, hits, 10)).toBe(8);
    expect(fs.vitalityAsRolled(3, hits, 300)).toBe(3);
    // A hit the armor stopped took nothing; a hit applied at the roll's own moment counts as after it.
    expect(fs.vitalityAsRolled(3, [{ at: 100, taken: 0 }], 100)).toBe(3);
    expect(fs.vitalityAsRolled(3, [{ at: 100, taken: 4 }], 100)).toBe(7);
    // Never past the track's maximum, whatever a hit's mark claims it took.
    expect(fs.vitalityAsRolled(3, [{ at: 100, taken: 40 }], 100, 9)).toBe(9);
  });
});

describe("Fading Suns: the stance an attack was rolled in", () => {
  it('"each attack is judged with the attacker as they stood when it was rolled": a stance ended after the roll', () => {
    const aggressive = { stance: "aggressive", aggressive: "goal", at: 200 } as const;
    const neutral = { stance: "neutral", aggressive: "goal" } as const;
    // Ended at 200, after a roll at 100, and neutral now: the roll stood in the aggressive stance.
    expect(fs.stanceAsRolled(neutral, aggressive, 100)).toEqual({ stance: "aggressive", aggressive: "goal" });
    // Ended before the roll: the roll was neutral.
    expect(fs.stanceAsRolled(neutral, aggressive, 300)).toEqual(neutral);
    // A stance declared again since stands as it is now; no record: now.
    const defensive = { stance: "defensive", aggressive: "goal" } as const;
    expect(fs.stanceAsRolled(defensive, aggressive, 100)).toEqual(defensive);
    expect(fs.stanceAsRolled(neutral, null, 100)).toEqual(neutral);
  });
});
