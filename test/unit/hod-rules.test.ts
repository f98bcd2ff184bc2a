import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { combinedArmor, derive } from "../../src/rulesets/hod/rules/derive";
import { applyDamage, applySimultaneous, type HodDamageState } from "../../src/rulesets/hod/rules/health";
import { defaultDefense, judgeAttack } from "../../src/rulesets/hod/rules/attack";
import { attackOdds } from "../../src/rulesets/hod/rules/odds";
import {
  HodWeaponError,
  isMeleeWeapon,
  attackBonus,
  damageAttribute,
  damageFormula,
  hitDamage,
  maxDamage,
  rangePenalty,
  stepDamageDice,
  unarmedDamage,
} from "../../src/rulesets/hod/rules/weapons";

/** A worked character: a fighter in chain with a shield, computed by hand from the text's formulas. */
const fighter = {
  strength: 3,
  dexterity: 1,
  constitution: 2,
  intelligence: 0,
  wisdom: 1,
  persona: 2,
  fortitude: 2,
  agility: 1,
  willpower: 0,
  accuracy: 2,
  power: 1,
  topBase: 3,
  size: 0,
  armor: 5,
  shield: 2,
  naturalArmor: 0,
};

describe("Heroes of Destiny derive", () => {
  it("gives the five defenses and the Threshold of Pain of a hand-worked fighter", () => {
    const d = derive(fighter);
    // Primary 10 + 5 armor + 2 shield + 0 size + 2 (Fortitude, the best of 2/1/0).
    expect(d.primary).toBe(19);
    // Passive 10 + 5 armor + 0 size.
    expect(d.passive).toBe(15);
    expect(d.vigor).toBe(14); // 10 + Con 2 + Fort 2
    expect(d.celerity).toBe(12); // 10 + Dex 1 + Agi 1
    expect(d.spirit).toBe(11); // 10 + Wis 1 + Will 0
    expect(d.thresholdOfPain).toBe(5); // base 3 + Persona 2
    expect(d.attack).toEqual({ strength: 5, dexterity: 3, unarmed: 5, spell: 2 });
  });

  it("adds the size modifier to Primary and Passive and to weapon attacks but not spells", () => {
    const d = derive({ ...fighter, size: 1 });
    expect([d.primary, d.passive]).toEqual([20, 16]);
    expect(d.attack.strength).toBe(6);
    expect(d.attack.spell).toBe(2);
  });

  it("counts the best of Fortitude, Agility and Willpower for Primary", () => {
    expect(derive({ ...fighter, willpower: 4 }).primary).toBe(21);
    expect(derive({ ...fighter, agility: 6 }).primary).toBe(23);
  });

  it("adds the ToP bonus of armor or effects but never the armor's defense bonus", () => {
    expect(derive({ ...fighter, topBonus: 2 }).thresholdOfPain).toBe(7);
    expect(derive({ ...fighter, armor: 9 }).thresholdOfPain).toBe(5);
  });

  it("starts the base ToP at 3 when none is stored, and reads missing numbers as 0", () => {
    const d = derive({});
    expect(d).toMatchObject({ primary: 10, passive: 10, vigor: 10, celerity: 10, spirit: 10, thresholdOfPain: 3 });
  });

  it("stacks natural and worn armor at half the weaker (round down, at least 1)", () => {
    expect(combinedArmor(5, 0)).toBe(5);
    expect(combinedArmor(0, 3)).toBe(3);
    expect(combinedArmor(5, 3)).toBe(6); // 5 + floor(3/2)
    expect(combinedArmor(2, 6)).toBe(7); // 6 + floor(2/2)
    expect(combinedArmor(4, 1)).toBe(5); // 4 + max(1, 0)
    expect(combinedArmor(4, 4)).toBe(6); // a tie: either is the weaker
    const d = derive({ ...fighter, naturalArmor: 3 });
    expect([d.primary, d.passive]).toEqual([20, 16]);
  });

  it("is reachable as api.rules.hod.derive", () => {
    expect(api.rules.hod.derive(fighter).primary).toBe(19);
  });
});

const fresh: HodDamageState = { hp: 20, fatigue: 0, thresholdOfPain: 5, bonusHp: 0, invigoration: 0 };

describe("Heroes of Destiny applyDamage", () => {
  it("only fatigues when the damage is at or below the effective ToP, and lowers the ToP by 1", () => {
    expect(applyDamage(fresh, { damage: 5 })).toEqual({
      hp: 20,
      fatigue: 5,
      thresholdOfPain: 4,
      bonusHp: 0,
      invigoration: 0,
      wounded: false,
      unconsciousCheck: null,
      dying: false,
      dead: false,
    });
  });

  it("adds the ToP as fatigue and takes the excess from HP above the ToP", () => {
    expect(applyDamage(fresh, { damage: 8 })).toMatchObject({ hp: 17, fatigue: 5, thresholdOfPain: 4 });
  });

  it("takes the excess from bonus HP, then Invigoration, then HP", () => {
    const state = { ...fresh, bonusHp: 2, invigoration: 3 };
    expect(applyDamage(state, { damage: 6 })).toMatchObject({ bonusHp: 1, invigoration: 3, hp: 20, fatigue: 5 });
    expect(applyDamage(state, { damage: 9 })).toMatchObject({ bonusHp: 0, invigoration: 1, hp: 20 });
    expect(applyDamage(state, { damage: 15 })).toMatchObject({ bonusHp: 0, invigoration: 0, hp: 15, fatigue: 5 });
  });

  it("lets nonlethal damage only fatigue, even above the ToP, and still lowers the ToP", () => {
    expect(applyDamage(fresh, { damage: 12, nonlethal: true })).toMatchObject({
      hp: 20,
      fatigue: 12,
      thresholdOfPain: 4,
    });
  });

  it("is wounded when the effective ToP reaches 0, and then every point comes off HP", () => {
    const one = applyDamage({ ...fresh, thresholdOfPain: 1 }, { damage: 1 });
    expect(one).toMatchObject({ thresholdOfPain: 0, wounded: true, fatigue: 1, hp: 20 });
    expect(applyDamage(one, { damage: 4 })).toMatchObject({ thresholdOfPain: 0, wounded: true, fatigue: 1, hp: 16 });
  });

  it("asks for the Constitution check (DC fatigue − current HP) once fatigue reaches current HP", () => {
    const tired = { ...fresh, hp: 10, fatigue: 7 };
    expect(applyDamage(tired, { damage: 2 }).unconsciousCheck).toBeNull(); // 9 < 10
    expect(applyDamage(tired, { damage: 3 }).unconsciousCheck).toBe(0); // 10 vs 10
    expect(applyDamage(tired, { damage: 5 })).toMatchObject({ fatigue: 12, unconsciousCheck: 2 });
    // Above the ToP: +5 fatigue and -3 HP: 12 fatigue vs 7 HP.
    expect(applyDamage(tired, { damage: 8 })).toMatchObject({ hp: 7, fatigue: 12, unconsciousCheck: 5 });
  });

  it("counts Invigoration as current HP for the check and for dying", () => {
    const state = { ...fresh, hp: 10, invigoration: 4, fatigue: 9 };
    expect(applyDamage(state, { damage: 3 }).unconsciousCheck).toBeNull(); // 12 fatigue vs 14
    expect(applyDamage(state, { damage: 5 }).unconsciousCheck).toBe(0); // 14 vs 14
    // 28 fatigue vs 10 + 4: dying, though HP alone would say so sooner.
    expect(applyDamage({ ...state, fatigue: 24 }, { damage: 4 })).toMatchObject({ fatigue: 28, dying: true });
    expect(applyDamage({ ...state, fatigue: 22 }, { damage: 4 })).toMatchObject({ fatigue: 26, dying: false });
  });

  it("is dying at double current HP and dead at 0 HP", () => {
    const state = { ...fresh, hp: 6, fatigue: 10 };
    expect(applyDamage(state, { damage: 2 })).toMatchObject({ fatigue: 12, dying: true, dead: false });
    expect(applyDamage({ ...state, fatigue: 0 }, { damage: 11 })).toMatchObject({ hp: 0, dead: true, dying: false });
    expect(applyDamage({ ...state, fatigue: 0 }, { damage: 30 })).toMatchObject({ hp: 0, dead: true });
  });

  it("refuses damage that is not a number", () => {
    expect(() => applyDamage(fresh, { damage: Number.NaN })).toThrow(RangeError);
  });

  it("never creates or loses a point: every point of a lethal hit goes to fatigue or a pool", () => {
    fc.assert(
      fc.property(
        fc.record({
          hp: fc.integer({ min: 1, max: 60 }),
          fatigue: fc.integer({ min: 0, max: 60 }),
          thresholdOfPain: fc.integer({ min: 0, max: 12 }),
          bonusHp: fc.integer({ min: 0, max: 10 }),
          invigoration: fc.integer({ min: 0, max: 10 }),
        }),
        fc.integer({ min: 0, max: 80 }),
        fc.boolean(),
        (state, damage, nonlethal) => {
          const after = applyDamage(state, { damage, nonlethal });
          const lost =
            after.fatigue -
            state.fatigue +
            (state.hp - after.hp) +
            (state.bonusHp - after.bonusHp) +
            (state.invigoration - after.invigoration);
          // HP stops at 0 (dead); short of that, every point is accounted for.
          if (after.hp > 0) expect(lost).toBe(damage);
          else expect(lost).toBeLessThanOrEqual(damage);
          expect(after.thresholdOfPain).toBe(Math.max(0, state.thresholdOfPain - 1));
          if (nonlethal) expect(after.hp).toBe(state.hp);
          expect(after.fatigue).toBeGreaterThanOrEqual(state.fatigue);
        },
      ),
    );
  });
});

describe("Heroes of Destiny attack rolls", () => {
  it("hits at or above the defense", () => {
    expect(judgeAttack({ natural: 10, total: 15, defense: 15 })).toMatchObject({ hit: true, critical: false });
    expect(judgeAttack({ natural: 10, total: 14, defense: 15 })).toMatchObject({ hit: false, margin: -1 });
  });

  it("misses and fumbles on a natural 1, whatever the total", () => {
    expect(judgeAttack({ natural: 1, total: 30, defense: 10 })).toMatchObject({ hit: false, fumble: true });
  });

  it("hits on a natural 20, and crits only when the total beats the defense by at least 1", () => {
    expect(judgeAttack({ natural: 20, total: 22, defense: 25 })).toMatchObject({
      hit: true,
      critical: false,
      automatic: true,
    });
    expect(judgeAttack({ natural: 20, total: 25, defense: 25 })).toMatchObject({ hit: true, critical: false });
    expect(judgeAttack({ natural: 20, total: 26, defense: 25 })).toMatchObject({ hit: true, critical: true });
  });

  it("crits on 19 with a Precise weapon, not without", () => {
    expect(judgeAttack({ natural: 19, total: 26, defense: 25, precise: true }).critical).toBe(true);
    expect(judgeAttack({ natural: 19, total: 26, defense: 25 }).critical).toBe(false);
    expect(judgeAttack({ natural: 19, total: 24, defense: 25, precise: true })).toMatchObject({
      hit: false,
      critical: false,
    });
  });

  it("never crits or fumbles with a spell, though 1 misses and 20 hits", () => {
    expect(judgeAttack({ natural: 1, total: 30, defense: 10, spell: true })).toMatchObject({
      hit: false,
      fumble: false,
    });
    expect(judgeAttack({ natural: 20, total: 30, defense: 10, spell: true })).toMatchObject({
      hit: true,
      critical: false,
    });
  });

  it("crits 3d6 attacks on 17-18 and never makes them automatic", () => {
    expect(judgeAttack({ natural: 17, total: 20, defense: 15, die: "3d6" }).critical).toBe(true);
    expect(judgeAttack({ natural: 16, total: 20, defense: 15, die: "3d6" }).critical).toBe(false);
    expect(judgeAttack({ natural: 18, total: 12, defense: 15, die: "3d6" }).hit).toBe(false);
  });

  it("targets Passive when the defender cannot react", () => {
    expect(defaultDefense({})).toBe("primary");
    for (const flag of ["surprised", "unsteady", "immobile", "unarmedInMelee"] as const) {
      expect(defaultDefense({ [flag]: true })).toBe("passive");
    }
  });
});

describe("Heroes of Destiny weapons and damage", () => {
  it("adds Strength or Dexterity by category, the better for unarmed, Intelligence for spells", () => {
    expect(attackBonus("axes", fighter)).toBe(5);
    expect(attackBonus("daggers", fighter)).toBe(3);
    expect(attackBonus("unarmed", { ...fighter, dexterity: 4 })).toBe(6);
    expect(attackBonus("spell", { ...fighter, intelligence: 3, size: 2 })).toBe(5);
  });

  it('"Your Strength applies to Axes; Gauntlets and Claws": natural weapons add Strength, only unarmed attacks the better', () => {
    // "Unarmed attacks and natural weapons apply all the same modifiers as manufactured weapons";
    // "Unarmed attacks use whichever modifier is better."
    const nimble = { ...fighter, strength: 1, dexterity: 4 };
    expect(api.rules.hod.weaponCategories.natural).toBe("strength");
    expect(api.rules.hod.attackAttribute("natural", nimble)).toBe(1);
    expect(api.rules.hod.damageAttribute({ category: "natural" }, nimble)).toBe(1);
    expect(attackBonus("natural", nimble)).toBe(attackBonus("gauntlets", nimble));
    expect(attackBonus("unarmed", nimble)).toBe(attackBonus("natural", nimble) + 3);
    expect(
      api.rules.hod.weaponDamageFormula({
        weapon: { category: "natural", damage: "1d6" },
        source: { ...nimble, power: 1 },
        critical: false,
      }),
    ).toBe("1d6 + 2");
  });

  it("gives bows a Strength penalty, and composite bows the Strength bonus too", () => {
    expect(damageAttribute({ category: "bows" }, { dexterity: 3, strength: -1 })).toBe(2);
    expect(damageAttribute({ category: "bows" }, { dexterity: 3, strength: 2 })).toBe(3);
    expect(damageAttribute({ category: "bows", composite: true }, { dexterity: 3, strength: 2 })).toBe(5);
    expect(damageAttribute({ category: "crossbows" }, { dexterity: 3, strength: -1 })).toBe(3);
  });

  it("writes damage as dice + attribute + Power + modifiers, maximising only the weapon dice on a critical", () => {
    expect(damageFormula({ dice: "1d8", attribute: 3, power: 1 })).toBe("1d8 + 4");
    expect(damageFormula({ dice: "1d8", attribute: 3, power: 1, critical: true })).toBe("8 + 4");
    expect(damageFormula({ dice: "2d6", attribute: -1, power: 0, critical: true, extraDice: "1d6" })).toBe(
      "12 + 1d6 + 1",
    );
    expect(damageFormula({ dice: "1d4", attribute: -2, power: 0, modifier: -1 })).toBe("1d4 - 3");
  });

  it("counts melee and thrown weapons as melee weapons in hand, never fists, spells or bows", () => {
    expect(isMeleeWeapon({ category: "lightSwords", range: 0 })).toBe(true);
    expect(isMeleeWeapon({ category: "javelins", range: 30, thrown: true })).toBe(true);
    expect(isMeleeWeapon({ category: "bows", range: 40 })).toBe(false);
    expect(isMeleeWeapon({ category: "unarmed", range: 0 })).toBe(false);
    expect(isMeleeWeapon({ category: "spell", range: 0 })).toBe(false);
  });

  it("deals at least 1 on a hit", () => {
    expect(hitDamage(-2)).toBe(1);
    expect(hitDamage(7)).toBe(7);
  });

  it("reads the maximum of damage dice and refuses dice it cannot read", () => {
    expect(maxDamage("1d8")).toBe(8);
    expect(maxDamage("2d6+1")).toBe(13);
    expect(() => maxDamage("banana")).toThrow(HodWeaponError);
    expect(() => maxDamage("4k2")).toThrow(HodWeaponError);
    expect(() => damageFormula({ dice: "abc", attribute: 1, power: 0 })).toThrow(HodWeaponError);
    expect(() => damageFormula({ dice: "", attribute: 1, power: 0 })).toThrow(HodWeaponError);
  });

  it("sizes unarmed damage and steps dice up", () => {
    expect([unarmedDamage(0), unarmedDamage(1), unarmedDamage(-1)]).toEqual(["1d3", "1d2", "1d4"]);
    expect(stepDamageDice("1d3", 1)).toBe("1d4");
    expect(stepDamageDice("1d4", 2)).toBe("1d8");
    expect(stepDamageDice("1d12", 1)).toBe("2d8");
    expect(stepDamageDice("4d8", 1)).toBe("5d8");
    expect(stepDamageDice("1d8+1", 1)).toBe("1d8+1 + 1d6");
  });

  it("counts range penalties per full increment exceeded (the shortbow example)", () => {
    expect(rangePenalty(40, 40).penalty).toBe(0);
    expect(rangePenalty(45, 40).penalty).toBe(-1);
    expect(rangePenalty(80, 40).penalty).toBe(-1);
    expect(rangePenalty(85, 40).penalty).toBe(-2);
    expect(rangePenalty(120, 40).penalty).toBe(-2);
    expect(rangePenalty(400, 40).inRange).toBe(true);
    expect(rangePenalty(405, 40).inRange).toBe(false);
    expect(rangePenalty(405, 40, { thrown: true, strength: 1 }).inRange).toBe(true);
  });
});

describe("Heroes of Destiny attack odds", () => {
  it("counts the natural 1 and 20: at least 5% and at most 95% to hit with a d20", () => {
    expect(attackOdds(5, 15)).toEqual({ hit: 11 / 20, critical: 1 / 20, fumble: 1 / 20 });
    expect(attackOdds(30, 15).hit).toBe(19 / 20);
    expect(attackOdds(-30, 15)).toMatchObject({ hit: 1 / 20, critical: 0 });
    // A Precise weapon crits on 19 and 20 when both beat the defense by 1.
    expect(attackOdds(10, 15, { precise: true }).critical).toBe(2 / 20);
    // 19 + 0 = 19 does not beat 19 by 1; only the 20 does.
    expect(attackOdds(0, 19, { precise: true }).critical).toBe(1 / 20);
  });

  it("agrees with judging every 3d6 total by hand", () => {
    let hit = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) if (a + b + c + 2 >= 14) hit++;
    expect(attackOdds(2, 14, { die: "3d6" }).hit).toBeCloseTo(hit / 216, 12);
    expect(attackOdds(2, 14, { die: "3d6" }).fumble).toBe(0);
  });
});

describe("hits on the same Time Count (issue 16: applySimultaneous)", () => {
  const hadwin = { hp: 20, fatigue: 0, thresholdOfPain: 8, bonusHp: 0, invigoration: 0 };

  it("judges every hit against the Threshold of Pain at the start of the count, then adds them up", () => {
    // 3 and 6 are at or below the Threshold of 8: fatigue 3 and 6. 10 is above: 8 fatigue, 2 HP.
    // One after another the Threshold would have fallen to 6 first, and 10 would have cost 4 HP.
    const hits = [{ damage: 3 }, { damage: 6 }, { damage: 10 }];
    expect(applySimultaneous(hadwin, hits)).toMatchObject({ hp: 18, fatigue: 17, thresholdOfPain: 5 });
    expect(applyDamage(applyDamage(applyDamage(hadwin, hits[0]!), hits[1]!), hits[2]!)).toMatchObject({
      hp: 16,
      fatigue: 15,
    });
  });

  it("is the same whatever the order of the hits", () => {
    const hits = [{ damage: 10 }, { damage: 3, nonlethal: true }, { damage: 12 }];
    const once = applySimultaneous(hadwin, hits);
    expect(applySimultaneous(hadwin, [...hits].reverse())).toEqual(once);
    // 10 and 12 above 8: 8 + 8 fatigue and 2 + 4 HP; the nonlethal 3 only fatigues.
    expect(once).toMatchObject({ hp: 14, fatigue: 19, thresholdOfPain: 5 });
  });

  it("takes the summed HP loss from bonus HP, then Invigoration, then HP", () => {
    const buffered = { ...hadwin, bonusHp: 3, invigoration: 2 };
    // 12 and 12 above 8: 4 + 4 = 8 HP lost: 3 from bonus HP, 2 from Invigoration, 3 from HP.
    expect(applySimultaneous(buffered, [{ damage: 12 }, { damage: 12 }])).toMatchObject({
      hp: 17,
      bonusHp: 0,
      invigoration: 0,
      fatigue: 16,
    });
  });

  it("with no hit changes nothing", () => {
    expect(applySimultaneous(hadwin, [])).toMatchObject({ ...hadwin, unconsciousCheck: null });
  });
});
