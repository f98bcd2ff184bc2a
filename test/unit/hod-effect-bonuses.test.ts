import { describe, expect, it } from "vitest";
import { hodSource } from "../../src/rulesets/hod/data/source";
import { bonusesOf, checkBonus, derive, HOD_BONUSES } from "../../src/rulesets/hod/rules/derive";
import { attackBonus, weaponDamageFormula } from "../../src/rulesets/hod/rules/weapons";
import { hodFighterItems, hodFighterSystem } from "../support/hod-fixtures";

// What Active Effects add through `system.bonuses.<id>` (docs/heroes-of-destiny.md, "Effects that change rolls").

describe("Heroes of Destiny effect bonuses", () => {
  it("reads each bonus as a whole number, 0 when missing or not a number", () => {
    expect(bonusesOf(undefined)).toEqual(Object.fromEntries(HOD_BONUSES.map((id) => [id, 0])));
    // An effect's value arrives as text on v13 and may be a fraction: "2" is 2, 1.7 is 1, "x" is 0.
    expect(bonusesOf({ primary: "2", attack: 1.7, damage: "x", celerity: -3 })).toMatchObject({
      primary: 2,
      attack: 1,
      damage: 0,
      celerity: -3,
      spirit: 0,
    });
  });

  it("adds the defense and Threshold of Pain bonuses to Hadwin's worked numbers, and nothing else", () => {
    const plain = derive(hodSource(hodFighterSystem, hodFighterItems));
    const blessed = derive(
      hodSource(
        {
          ...hodFighterSystem,
          bonuses: { primary: 2, passive: 1, vigor: -1, celerity: 3, spirit: 4, top: 2 },
        },
        hodFighterItems,
      ),
    );
    expect(blessed).toEqual({
      ...plain,
      primary: plain.primary + 2,
      passive: plain.passive + 1,
      vigor: plain.vigor - 1,
      celerity: plain.celerity + 3,
      spirit: plain.spirit + 4,
      thresholdOfPain: plain.thresholdOfPain + 2,
    });
  });

  it("adds the attack bonus to every roll to hit and the damage bonus to every damage roll (through Accuracy and Power)", () => {
    const plain = hodSource(hodFighterSystem, hodFighterItems);
    const blessed = hodSource({ ...hodFighterSystem, bonuses: { attack: 2, damage: 3 } }, hodFighterItems);
    expect(attackBonus("heavySwords", blessed)).toBe(attackBonus("heavySwords", plain) + 2);
    expect(attackBonus("spell", blessed)).toBe(attackBonus("spell", plain) + 2);
    expect(derive(blessed).attack).toEqual({
      strength: derive(plain).attack.strength + 2,
      dexterity: derive(plain).attack.dexterity + 2,
      unarmed: derive(plain).attack.unarmed + 2,
      spell: derive(plain).attack.spell + 2,
    });
    const sword = { category: "heavySwords" as const, damage: "1d8", composite: false };
    const flat = (source: typeof plain) => weaponDamageFormula({ weapon: sword, source, critical: false });
    expect(flat(plain)).toBe(`1d8 + ${Number(plain.strength) + Number(plain.power)}`);
    expect(flat(blessed)).toBe(`1d8 + ${Number(plain.strength) + Number(plain.power) + 3}`);
  });

  it("leaves an immobile actor's Celerity at 5 whatever an effect adds", () => {
    const stiff = derive(hodSource({ ...hodFighterSystem, petrification: 40, bonuses: { celerity: 4 } }));
    expect(stiff.celerity).toBe(5);
  });

  it("adds the check bonus to every attribute check, on top of the attribute", () => {
    const plain = hodSource(hodFighterSystem, hodFighterItems);
    const sharp = hodSource({ ...hodFighterSystem, bonuses: { check: 2 } }, hodFighterItems);
    expect(checkBonus(plain, "wisdom")).toBe(Number(plain.wisdom));
    expect(checkBonus(sharp, "wisdom")).toBe(Number(plain.wisdom) + 2);
    expect(checkBonus(sharp, "strength")).toBe(Number(plain.strength) + 2);
  });
});
