import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { isFumble } from "../../src/rulesets/hod/rules/attack";
import { HELPLESS_STATUSES, isHelpless, metDefense, usualDefense } from "../../src/rulesets/hod/rules/defense";
import { applyDamage, hitOnTrack } from "../../src/rulesets/hod/rules/health";
import { specialAction } from "../../src/rulesets/hod/rules/special-actions";
import { isLongbow, stanceAttack, stanceAttackLine } from "../../src/rulesets/hod/rules/stances";
import { attackToHit, judgeToHit, specialToHit, toHitOdds, withBonus } from "../../src/rulesets/hod/rules/to-hit";
import {
  HodWeaponError,
  bestAttackBonus,
  durabilityAfterFumble,
  damageFormula,
  damageMultiplier,
  isDiceSum,
  weaponDamageFormula,
  weaponDice,
} from "../../src/rulesets/hod/rules/weapons";
import { typedOutOfBounds, typedValues } from "../../src/rulesets/hod/rules/typed";
import { attackChoicesFromForm, damageChoicesFromForm } from "../../src/rulesets/hod/chat/dialog-form";

// The rules the play flows and the GM's apply read, moved out of the adapters: pure data in and out.

/** Garret of the flow tests: Accuracy 2, Strength 3, Dexterity 1, Power 1. */
const garret = { accuracy: 2, strength: 3, dexterity: 1, constitution: 2, power: 1, size: 0 };
const longsword = { category: "lightSwords" as const, damage: "1d8", range: 0, proficient: true };
const defenses = { primary: 15, passive: 13, vigor: 11, celerity: 14, spirit: 10 };
const steady = { surprised: false, unsteady: false, helpless: false, meleeWeapon: true };

describe("Heroes of Destiny fumbles and durability", () => {
  it("fumbles on a natural 1 on a d20, never with a spell or on 3d6", () => {
    expect(isFumble(1)).toBe(true);
    expect(isFumble(2)).toBe(false);
    expect(isFumble(1, { spell: true })).toBe(false);
    expect(isFumble(1, { die: "3d6" })).toBe(false);
  });

  it("takes a point of Durability off a weapon that has any, never below 0", () => {
    expect(durabilityAfterFumble({ value: 1, max: 10 })).toBe(0);
    expect(durabilityAfterFumble({ value: 0, max: 10 })).toBe(0);
    expect(durabilityAfterFumble({ value: 7, max: 10 })).toBe(6);
    // A fist has no durability to lose.
    expect(durabilityAfterFumble({ value: 0, max: 0 })).toBeNull();
    expect(durabilityAfterFumble({})).toBeNull();
  });
});

describe("Heroes of Destiny weapons as a hit reads them", () => {
  it("rolls unarmed damage by size and any other weapon's own dice", () => {
    expect(weaponDice({ category: "unarmed", damage: "" }, 0)).toBe("1d3");
    expect(weaponDice({ category: "unarmed", damage: "1d8" }, 1)).toBe("1d2");
    expect(weaponDice({ category: "unarmed", damage: "" }, -1)).toBe("1d4");
    expect(weaponDice({ category: "maces", damage: " 1d6 " }, 1)).toBe("1d6");
  });

  it("takes the best equipped weapon's bonus for Parrying, with proficiency and affinity, else the unarmed one", () => {
    // Strength weapons: 2 + 3 = 5 (+1 proficient); Dexterity weapons 2 + 1 = 3 (−2 no affinity).
    expect(
      bestAttackBonus(
        [
          { category: "lightSwords", proficient: true },
          { category: "daggers", noAffinity: true },
          { category: "spell", proficient: true },
        ],
        garret,
      ),
    ).toBe(6);
    // Unworn weapons and unknown categories do not count; with none, the unarmed bonus (2 + 3).
    expect(bestAttackBonus([{ category: "lightSwords", equipped: false }, { category: "banana" }], garret)).toBe(5);
    expect(bestAttackBonus([], { ...garret, size: 1 })).toBe(6);
  });

  it('"roll the damage with all modifiers multiple times and total the results. Do not roll once and multiply the result.": a multiplied hit repeats the weapon\'s dice and modifiers, extra dice once', () => {
    expect(weaponDamageFormula({ weapon: longsword, source: garret, critical: false, times: 2 })).toBe(
      "1d8 + 4 + 1d8 + 4",
    );
    // "Additional damage dice ... are never multiplied. Only weapon damage and modifiers are multiplied."
    expect(
      weaponDamageFormula({
        weapon: longsword,
        source: garret,
        critical: false,
        times: 3,
        extraDice: "1d6",
        modifier: -6,
      }),
    ).toBe("1d8 - 2 + 1d8 - 2 + 1d8 - 2 + 1d6");
    // A critical counts each roll's dice at their maximum.
    expect(weaponDamageFormula({ weapon: longsword, source: garret, critical: true, times: 2 })).toBe("8 + 4 + 8 + 4");
    // A spell's damage is not weapon damage: never multiplied.
    expect(
      weaponDamageFormula({ weapon: { category: "spell", damage: "2d6" }, source: garret, critical: false, times: 2 }),
    ).toBe("2d6 + 1");
    expect(damageFormula({ dice: "1d6", attribute: 0, power: 0, times: 2 })).toBe("1d6 + 1d6");
    // ×1 to ×5; anything else is ×1.
    expect([0, 1, 2, 5, 6, 2.5, Number.NaN, "3"].map(damageMultiplier)).toEqual([1, 1, 2, 5, 1, 2, 1, 1]);
    expect(api.rules.hod.damageMultiplier).toBe(damageMultiplier);
    expect(api.rules.hod.maxDamageMultiplier).toBe(5);
    // The dialogs read it; it is the player's claim, shown and weighed like a typed value.
    expect(attackChoicesFromForm([["damageMultiplier", "2"]], "primary").damageMultiplier).toBe(2);
    expect(attackChoicesFromForm([["damageMultiplier", "1"]], "primary")).not.toHaveProperty("damageMultiplier");
    expect(attackChoicesFromForm([["damageMultiplier", "50"]], "primary")).not.toHaveProperty("damageMultiplier");
    expect(damageChoicesFromForm([["damageMultiplier", "3"]]).times).toBe(3);
    expect(typedValues({ damageMultiplier: 2 })).toEqual([{ field: "multiplier", value: "\u00d72" }]);
    expect(typedValues({ damageMultiplier: 1 })).toEqual([]);
    expect(typedOutOfBounds({ damageMultiplier: 2 })).toBeNull();
  });

  it("writes a hit's damage formula, maximised on a critical, and refuses extra damage that is not dice", () => {
    expect(weaponDamageFormula({ weapon: longsword, source: garret, critical: false })).toBe("1d8 + 4");
    expect(weaponDamageFormula({ weapon: longsword, source: garret, critical: true, extraDice: "1d6" })).toBe(
      "8 + 1d6 + 4",
    );
    expect(weaponDamageFormula({ weapon: { category: "unarmed", damage: "" }, source: garret, critical: false })).toBe(
      "1d3 + 4",
    );
    expect(weaponDamageFormula({ weapon: longsword, source: garret, modifier: -10, critical: false })).toBe("1d8 - 6");
    // A spell without damage dice deals none.
    expect(weaponDamageFormula({ weapon: { category: "spell", damage: "" }, source: garret, critical: false })).toBe(
      null,
    );
    expect(() =>
      weaponDamageFormula({ weapon: longsword, source: garret, critical: false, extraDice: "<b>lots</b>" }),
    ).toThrow(HodWeaponError);
    expect(() =>
      weaponDamageFormula({ weapon: { ...longsword, damage: "d8x" }, source: garret, critical: false }),
    ).toThrow(HodWeaponError);
    expect(isDiceSum("2d4+1")).toBe(true);
    expect(isDiceSum("8k4")).toBe(false);
    expect(isDiceSum("lots")).toBe(false);
  });
});

describe("Heroes of Destiny defenses as an attack meets them", () => {
  it("names the helpless statuses", () => {
    expect(HELPLESS_STATUSES).toEqual(["unconscious", "sleep", "paralysis", "restrain"]);
    expect(isHelpless(new Set(["prone", "sleep"]))).toBe(true);
    expect(isHelpless(["dead"])).toBe(false);
    expect(isHelpless()).toBe(false);
  });

  it("meets the weapon's own defense, else Passive when the target cannot react, else Primary", () => {
    const melee = { defense: null, range: 0 };
    expect(usualDefense(melee, steady)).toBe("primary");
    expect(usualDefense({ defense: "spirit", range: 40 }, { ...steady, helpless: true })).toBe("spirit");
    expect(usualDefense(melee, { ...steady, helpless: true })).toBe("passive");
    expect(usualDefense(melee, { ...steady, surprised: true })).toBe("passive");
    expect(usualDefense(melee, { ...steady, unsteady: true })).toBe("passive");
    // No melee weapon in hand matters against melee only.
    expect(usualDefense(melee, { ...steady, meleeWeapon: false })).toBe("passive");
    expect(usualDefense({ defense: "primary", range: 40 }, { ...steady, meleeWeapon: false })).toBe("primary");
  });

  it("changes the defense met by the defender's stance: benefits once shifted, drawbacks at once", () => {
    const defender = (stance: string, shifting = false) => ({
      defenses,
      stance: { stance, shifting },
      attackBonus: 6,
      shield: 2,
    });
    expect(metDefense(defender(""), "primary", true)).toEqual({
      id: "primary",
      met: "primary",
      value: 15,
      stance: null,
      stanceModifier: 0,
    });
    expect(metDefense(defender("cautious"), "primary", true)).toMatchObject({ value: 17, stance: "cautious" });
    expect(metDefense(defender("cautious", true), "primary", true)).toMatchObject({ value: 15, stance: null });
    expect(metDefense(defender("prone", true), "primary", true)).toMatchObject({ value: 11, stanceModifier: -4 });
    expect(metDefense(defender("prone"), "passive", false)).toMatchObject({ value: 17, stanceModifier: 4 });
    // Parrying: half the best attack bonus (3), and the shield again (2).
    expect(metDefense(defender("parrying"), "primary", true)).toMatchObject({ value: 20, stance: "parrying" });
    expect(metDefense(defender("poised"), "primary", true)).toMatchObject({ met: "passive", value: 13 });
    expect(metDefense(defender("spellcasting"), "vigor", true)).toMatchObject({ met: "vigor", stance: null });
  });
});

describe("Heroes of Destiny to hit, worked out once", () => {
  it("rolls 1d20 + the weapon's bonus with the situation and the attacker's stance", () => {
    const plain = attackToHit({ source: garret, weapon: longsword });
    expect(plain).toMatchObject({ formula: "1d20 + 6", die: "d20", precise: false, spell: false, melee: true });
    expect(plain.plan.modifiers).toEqual([{ id: "proficient", value: 1 }]);
    const cautious = attackToHit({
      source: garret,
      weapon: longsword,
      situation: { modifiers: ["flanked"], modifier: 2 },
      stance: { stance: "cautious" },
    });
    expect(cautious.formula).toBe("1d20 + 8");
    expect(cautious.plan.modifiers).toEqual([
      { id: "proficient", value: 1 },
      { id: "flanked", value: 2 },
      { id: "stance", value: -2 },
      { id: "extra", value: 2 },
    ]);
    expect(attackToHit({ source: garret, weapon: longsword, stance: { stance: "parrying" } }).refused).toBe(
      "ANTHOLOGY.HoD.Stance.refused.parrying",
    );
  });

  it('"Drawback: You suffer a -2 penalty to defense against melee attacks, cannot use longbows": a crouch refuses a longbow, not a shortbow or a crossbow', () => {
    expect(isLongbow({ category: "bows", name: "Longbow" })).toBe(true);
    expect(isLongbow({ category: "bows", name: "Composite Longbow" })).toBe(true);
    expect(isLongbow({ category: "bows", name: "elven long bow" })).toBe(true);
    expect(isLongbow({ category: "bows", name: "Shortbow" })).toBe(false);
    expect(isLongbow({ category: "crossbows", name: "Long crossbow" })).toBe(false);
    expect(isLongbow({ category: "bows" })).toBe(false);
    const crouch = { stance: "crouch" };
    expect(stanceAttack(crouch, { melee: false, category: "bows", longbow: true })).toEqual({
      modifier: 0,
      refused: "ANTHOLOGY.HoD.Stance.refused.crouch",
    });
    expect(
      stanceAttackLine({ stance: "crouch", shifting: true }, { range: 60, category: "bows", longbow: true }).refused,
    ).toBe("ANTHOLOGY.HoD.Stance.refused.crouch");
    expect(stanceAttack(crouch, { melee: false, category: "bows", longbow: false })).toEqual({
      modifier: 0,
      refused: null,
    });
    expect(
      attackToHit({ source: garret, weapon: { category: "bows", range: 60 }, stance: crouch, longbow: true }).refused,
    ).toBe("ANTHOLOGY.HoD.Stance.refused.crouch");
    expect(attackToHit({ source: garret, weapon: { category: "bows", range: 60 }, longbow: true }).refused).toBeNull();
    expect(api.rules.hod.isLongbow).toBe(isLongbow);
  });

  it("lets a caster in the Spellcasting stance cast, and nothing else", () => {
    expect(stanceAttackLine({ stance: "spellcasting" }, { range: 40, category: "spell" })).toEqual({
      line: null,
      refused: null,
    });
    expect(stanceAttackLine({ stance: "spellcasting" }, { range: 0, category: "maces" }).refused).toBe(
      "ANTHOLOGY.HoD.Stance.refused.spellcasting",
    );
    expect(stanceAttackLine({ stance: "crouch" }, { range: 0, category: "maces" }).line).toEqual({
      id: "stance",
      value: -2,
    });
  });

  it("rolls a special action's own way: skills on 3d6 with the rank, attributes with Accuracy, weapons with Precise", () => {
    const fist = { category: "unarmed" as const, range: 0, precise: true };
    expect(
      specialToHit({ action: specialAction("breakGrab")!, source: garret, weapon: fist, skillRank: 2 }),
    ).toMatchObject({ formula: "3d6 + 5", die: "3d6", precise: false });
    expect(specialToHit({ action: specialAction("throw")!, source: garret, weapon: fist })).toMatchObject({
      formula: "1d20 + 5",
      die: "d20",
    });
    const disarm = specialToHit({
      action: specialAction("disarm")!,
      source: garret,
      weapon: { ...longsword, precise: true },
    });
    expect(disarm.formula).toBe("1d20 + 2");
    expect(disarm.precise).toBe(true);
    expect(disarm.plan.modifiers).toContainEqual({ id: "special", value: -4 });
  });

  it("judges the roll as the text says, and gives the same chance the judgement counts", () => {
    const roll = attackToHit({ source: garret, weapon: { ...longsword, precise: true } });
    expect(judgeToHit(roll, { natural: 19, total: 25 }, 15)).toMatchObject({ hit: true, critical: true, margin: 10 });
    expect(judgeToHit(roll, { natural: 1, total: 7 }, 5)).toMatchObject({ hit: false, fumble: true });
    expect(toHitOdds(roll, 15).hit).toBeCloseTo(0.6);
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 10 }), fc.integer({ min: 0, max: 30 }), (bonus, defense) => {
        const r = attackToHit({ source: {}, weapon: { category: "maces" }, situation: { modifier: bonus } });
        let hits = 0;
        for (let natural = 1; natural <= 20; natural++) {
          if (judgeToHit(r, { natural, total: natural + r.plan.bonus }, defense).hit) hits++;
        }
        expect(toHitOdds(r, defense).hit).toBeCloseTo(hits / 20);
      }),
    );
    expect(withBonus("1d20", -3)).toBe("1d20 - 3");
    expect(withBonus("3d6", 0)).toBe("3d6");
  });
});

describe("Heroes of Destiny hits on a stored track", () => {
  it("meets the full Threshold of Pain less the hits taken, and counts one more hit, never past the full one", () => {
    const hit = hitOnTrack({ hp: 8, fatigue: 0, bonusHp: 0, invigoration: 0, fullTop: 3, topLost: 0 }, { damage: 9 });
    expect(hit.before).toEqual({ hp: 8, fatigue: 0, thresholdOfPain: 3, bonusHp: 0, invigoration: 0 });
    expect(hit.result).toEqual(applyDamage(hit.before, { damage: 9 }));
    expect(hit.result).toMatchObject({ hp: 2, fatigue: 3, thresholdOfPain: 2, unconsciousCheck: 1 });
    expect(hit.topLost).toBe(1);
    const wounded = hitOnTrack(
      { hp: 8, fatigue: 0, bonusHp: 0, invigoration: 0, fullTop: 3, topLost: 3 },
      { damage: 22 },
    );
    expect(wounded.before.thresholdOfPain).toBe(0);
    expect(wounded.result).toMatchObject({ hp: 0, dead: true, wounded: true });
    expect(wounded.topLost).toBe(3);
  });

  it("is reachable under api.rules.hod, with the older names kept", () => {
    const hod = api.rules.hod;
    for (const name of [
      "hitOnTrack",
      "metDefense",
      "usualDefense",
      "isHelpless",
      "isFumble",
      "bestAttackBonus",
      "durabilityAfterFumble",
      "weaponDice",
      "attackToHit",
      "specialToHit",
      "judgeToHit",
      "applyDamage",
      "judgeAttack",
      "unarmedDamage",
    ]) {
      expect(typeof (hod as Record<string, unknown>)[name], name).toBe("function");
    }
  });
});
