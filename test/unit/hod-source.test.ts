import { describe, expect, it } from "vitest";
import { hodSource } from "../../src/rulesets/hod/data/source";
import { derive } from "../../src/rulesets/hod/rules/derive";
import { attackBonus, damageAttribute, damageFormula, isWeaponCategory } from "../../src/rulesets/hod/rules/weapons";
import {
  hodFighterItems,
  hodFighterSystem,
  hodGoblinItems,
  hodGoblinSystem,
  type HodItemData,
} from "../support/hod-fixtures";
import type { HodActorSystem } from "../../src/rulesets/hod/data/source";

/** Each weapon of a fixture as the rules read it: attack bonus and damage formula. */
function weapons(system: HodActorSystem, items: readonly HodItemData[]) {
  const source = hodSource(system, items);
  return items
    .filter((i) => i.type === "hod-weapon")
    .map((i) => {
      const w = i.system as { category: string; damage: string; composite?: boolean };
      if (!isWeaponCategory(w.category)) throw new Error(w.category);
      const weapon = { ...w, category: w.category };
      return [
        i.name,
        attackBonus(weapon.category, source),
        damageFormula({ dice: weapon.damage, attribute: damageAttribute(weapon, source), power: source.power ?? 0 }),
      ];
    });
}

describe("the shared Heroes of Destiny fixtures (hand-worked numbers)", () => {
  it("give Hadwin his worked defenses, ToP and weapons, counting only worn armor", () => {
    expect(derive(hodSource(hodFighterSystem, hodFighterItems))).toMatchObject({
      armorBonus: 5,
      primary: 19,
      passive: 15,
      vigor: 14,
      celerity: 13,
      spirit: 12,
      thresholdOfPain: 6,
      attack: { strength: 6, dexterity: 5, unarmed: 6, spell: 3 },
      currentHp: 24,
    });
    expect(weapons(hodFighterSystem, hodFighterItems)).toEqual([
      ["Longsword <i>of</i> Ash", 6, "1d8 + 4"],
      ["Dagger", 5, "1d4 + 3"],
    ]);
  });

  it("give the goblin natural armor under leather at the minimum half of 1, and size on defenses and attacks", () => {
    expect(derive(hodSource(hodGoblinSystem, hodGoblinItems))).toMatchObject({
      armorBonus: 3,
      primary: 16,
      passive: 14,
      vigor: 11,
      celerity: 14,
      spirit: 10,
      thresholdOfPain: 3,
    });
    expect(weapons(hodGoblinSystem, hodGoblinItems)).toEqual([
      ["Short sword", 2, "1d6"],
      ["Shortbow", 4, "1d6 + 2"],
    ]);
  });
});
