import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { applyTraits, derive, featTotals, mergeEnergy, type FadeSource } from "../../src/rulesets/fade/rules";

// A level-3 character with Endurance 4, Agility 3, Luck 4 and no species or class of its own yet.
const base: FadeSource = {
  strength: 4,
  agility: 3,
  endurance: 4,
  smarts: 2,
  luck: 4,
  magic: 0,
  resistance: 0,
  level: 3,
  classHp: 10,
  hpGained: 1,
  speciesSize: 1,
  classSoak: 1,
  speed: 6,
  attacksPerRound: 1,
  bonuses: { hp: 1, defense: 1 },
  energy: { resistances: { fire: 5 }, immunities: [], absorptions: [], weaknesses: [] },
};

const species = {
  size: 2,
  speed: 5,
  naturalDeflection: { body: 2, head: 2 },
  energy: { resistances: { Fire: 10, cold: 5 }, immunities: ["poison"] },
};
const warrior = { hp: 12, soak: 2, attacksPerRound: 2, hpPerLevel: 3, rerolls: 1 };
const toughness = { bonuses: { hp: 3 } };
const guard = { bonuses: { allDefenses: 1, avoid: 1, physicalToHit: { rolled: 1 }, magicalToHit: { rolled: 1 } } };
const hide = { deflection: 3, speed: 1, attacks: 1, rerolls: 1, energy: { weaknesses: ["holy"] } };

describe("applyTraits (species, class and feats onto a source)", () => {
  it("leaves the source as it is without species, class or feats", () => {
    const d = derive(applyTraits(base));
    const plain = derive(base);
    expect(d.hpMax).toBe(plain.hpMax);
    expect(d.soak).toBe(plain.soak);
    expect(d.defense).toBe(plain.defense);
    expect(d.speed).toBe(6);
    expect(d.luckRerolls).toBe(2);
  });

  it("takes Species Size, speed and natural Deflection from the species", () => {
    const s = applyTraits(base, { species });
    const d = derive(s);
    // Soak: size 2 + the actor's class Soak 1.
    expect(d.soak).toBe(3);
    expect(d.speed).toBe(5);
    expect(d.deflection.body).toBe(2);
    expect(d.deflection.leftLeg).toBe(0);
    // Energy joined: the highest Fire Resistance (the species' 10), cold 5, immune to poison.
    expect(s.energy).toEqual({
      resistances: { fire: 10, cold: 5 },
      immunities: ["poison"],
      absorptions: [],
      weaknesses: [],
    });
  });

  it("takes Class HP, class Soak, Attacks per Round and HP per level from the class", () => {
    const d = derive(applyTraits(base, { species, class: warrior }));
    // HP: Class HP 12 + Endurance 4 + HP gained (1 + 3 per level after the first: 3 x 2) + misc 1 = 24.
    expect(d.hpMax).toBe(12 + 4 + (1 + 6) + 1);
    // Soak: size 2 + class 2.
    expect(d.soak).toBe(4);
    expect(d.attacksPerRound).toBe(2);
    // Luck 4 gives 2 rerolls, the class ability 1 more.
    expect(d.luckRerolls).toBe(3);
  });

  it("adds every feat's bonuses on top of the misc. bonuses", () => {
    const d = derive(applyTraits(base, { species, class: warrior, feats: [toughness, guard, hide] }));
    expect(d.hpMax).toBe(24 + 3);
    // Defense 15 + Agility 3 + ½ Luck 2 + misc 1 + all 1 = 22; Avoid 10 + 3 + ¼ Luck 1 + all 1 + avoid 1 = 16.
    expect(d.defense).toBe(22);
    expect(d.avoid).toBe(16);
    expect(d.mentalDefense).toBe(15 + 2 + 1 + 1);
    expect(d.vsSpells.bodilyDefense).toBe(15 + 0 + 1 + 1);
    // To-hit Agility 3 k 1, one more die.
    expect(d.physicalToHit).toBe("4k1");
    expect(d.speed).toBe(5 + 1);
    expect(d.attacksPerRound).toBe(3);
    expect(d.luckRerolls).toBe(4);
    // The feat's Deflection 3 beats the species' 2 on the body; it does not stack.
    expect(d.deflection.body).toBe(3);
    expect(d.deflection.rightArm).toBe(3);
  });

  it("stacks a feat's Deflection when it says so", () => {
    const d = derive(applyTraits(base, { species, feats: [{ deflection: 1, deflectionStacks: true }] }));
    expect(d.deflection.body).toBe(3);
    expect(d.deflection.rightArm).toBe(1);
  });

  it("sums feats for the sheet, and joins energy lists without repeats", () => {
    const totals = featTotals([toughness, guard, hide, { bonuses: { hp: 2, damage: { kept: 1 } } }]);
    expect(totals.bonuses.hp).toBe(5);
    expect(totals.bonuses.damage).toEqual({ rolled: 0, kept: 1, flat: 0 });
    expect(totals.speed).toBe(1);
    expect(totals.attacks).toBe(1);
    expect(mergeEnergy({ immunities: ["Poison"] }, { immunities: ["poison", "fire"] }).immunities).toEqual([
      "Poison",
      "fire",
    ]);
  });

  it("is public on api.rules.fade", () => {
    expect(api.rules.fade.applyTraits).toBe(applyTraits);
    expect(derive(api.rules.fade.applyTraits(base, { class: warrior })).hpMax).toBe(12 + 4 + 7 + 1);
  });
});
