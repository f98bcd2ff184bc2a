import { describe, expect, it } from "vitest";
import { api } from "../../src/api";

// Issue 16, Heroes of Destiny: deflection, damage reduction, spell charges on the attack, and the
// text's "Magic in Combat" (preparing, charging and casting a spell). Every number is worked out by
// hand from heroes-of-destiny.txt.
const hod = api.rules.hod;

describe("Heroes of Destiny deflection", () => {
  it("raises Primary and Passive, and nothing else", () => {
    // Dexterity 2, Agility 1, armor 4: Primary 10 + 4 + 1 = 15, Passive 10 + 4 = 14; deflection 2 adds 2 to both.
    const base = { dexterity: 2, agility: 1, armor: 4 };
    const without = hod.derive(base);
    const withIt = hod.derive({ ...base, deflection: 2 });
    expect([without.primary, without.passive]).toEqual([15, 14]);
    expect([withIt.primary, withIt.passive]).toEqual([17, 16]);
    expect(withIt.celerity).toBe(without.celerity);
    expect(withIt.vigor).toBe(without.vigor);
    expect(withIt.spirit).toBe(without.spirit);
  });

  it("never lowers a defense", () => {
    expect(hod.derive({ deflection: -3 }).primary).toBe(10);
  });
});

describe("Heroes of Destiny damage reduction", () => {
  const state = { hp: 20, fatigue: 0, thresholdOfPain: 4, bonusHp: 0, invigoration: 0 };

  it("lowers the damage, and only it can lower it to 0", () => {
    // 9 damage, reduction 3: 6 left; ToP 4 takes 4 as fatigue and 2 from HP.
    const hit = hod.applyDamage(state, { damage: 9, reduction: 3 });
    expect([hit.hp, hit.fatigue, hit.thresholdOfPain]).toEqual([18, 4, 3]);
    expect(hod.reducedDamage({ damage: 2, reduction: 5 })).toBe(0);
  });

  it("still lowers the Threshold of Pain when it takes the whole hit", () => {
    const hit = hod.applyDamage(state, { damage: 2, reduction: 5 });
    expect([hit.hp, hit.fatigue, hit.thresholdOfPain]).toEqual([20, 0, 3]);
  });

  it("counts for each hit of a count judged together", () => {
    // Two hits of 7 with reduction 2: 5 each against ToP 4: 4 + 4 fatigue, 1 + 1 HP; ToP 4 - 2.
    const after = hod.applySimultaneous(state, [
      { damage: 7, reduction: 2 },
      { damage: 7, reduction: 2 },
    ]);
    expect([after.hp, after.fatigue, after.thresholdOfPain]).toEqual([18, 8, 2]);
  });
});

describe("Heroes of Destiny spell attacks", () => {
  it("add Accuracy + Intelligence + 2 per charge applied, and never size", () => {
    const caster = { accuracy: 2, intelligence: 3, size: 1 };
    expect(hod.attackBonus("spell", caster)).toBe(5);
    expect(hod.attackBonus("spell", caster, { charges: 2 })).toBe(9);
    expect(hod.attackBonus("spell", caster, { charges: -1 })).toBe(5);
    // A weapon ignores charges and keeps its size.
    expect(hod.attackBonus("daggers", { accuracy: 2, dexterity: 1, size: 1 }, { charges: 3 })).toBe(4);
  });
});

describe("Heroes of Destiny preparing and casting a spell", () => {
  const spells = hod.spells;

  it("starts at 10 + fatigue cost + armor spell failure, +3 for each casting earlier that day", () => {
    // Fatigue cost 3, armor spell failure 2, cast twice already today: 10 + 3 + 2 + 6 = 21.
    expect(spells.baseCastingDc({ fatigueCost: 3, armorSpellFailure: 2, priorCastings: 2 })).toBe(21);
    expect(spells.castingDc(spells.prepareSpell({ fatigueCost: 3 }))).toBe(13);
  });

  it("adds damage taken and turns walked before the spell is prepared, and nothing after", () => {
    let p = spells.prepareSpell({ fatigueCost: 2 });
    p = spells.takenWhilePreparing(p, 5);
    p = spells.walkedWhilePreparing(p);
    p = spells.walkedWhilePreparing(p);
    expect(spells.castingDc(p)).toBe(12 + 5 + 2);
    p = spells.spellPrepared(p);
    p = spells.takenWhilePreparing(p, 4);
    p = spells.walkedWhilePreparing(p);
    expect(spells.castingDc(p)).toBe(19);
  });

  it("charges: +1 DC and +1 fatigue each, one released at a time, only once prepared", () => {
    const fresh = spells.prepareSpell({ fatigueCost: 2 });
    expect(() => spells.chargeSpell(fresh)).toThrow(RangeError);
    let p = spells.spellPrepared(fresh);
    p = spells.chargeSpell(spells.chargeSpell(p));
    expect([spells.castingDc(p), spells.castingFatigue(p)]).toEqual([14, 4]);
    p = spells.releaseCharge(p);
    expect([spells.castingDc(p), spells.castingFatigue(p)]).toEqual([13, 3]);
    expect(spells.releaseCharge(spells.releaseCharge(p)).charges).toBe(0);
    expect(spells.chargeTc).toBe(1);
  });

  it("casts with Speed Factor 1 and an Arcana check that must meet the DC; fatigue is spent either way", () => {
    const p = spells.chargeSpell(spells.spellPrepared(spells.prepareSpell({ fatigueCost: 2 })));
    // DC 10 + 2 + 1 = 13; 3d6 rolled 9 + bonus 4 = 13 meets it; 8 + 4 = 12 does not.
    const met = spells.castSpell(p, { roll: 9, bonus: 4 });
    const missed = spells.castSpell(p, { roll: 8, bonus: 4 }, 1);
    expect(met).toEqual({ dc: 13, total: 13, success: true, fatigue: 3, castingsToday: 1 });
    expect(missed).toEqual({ dc: 13, total: 12, success: false, fatigue: 3, castingsToday: 2 });
    expect(spells.castSf).toBe(1);
  });

  it("takes 10 when asked, and refuses a cast before the spell is prepared or without a roll", () => {
    const p = spells.spellPrepared(spells.prepareSpell({ fatigueCost: 1 }));
    expect(spells.castSpell(p, { roll: 3, bonus: 1, takeTen: true }).total).toBe(11);
    expect(() => spells.castSpell(spells.prepareSpell({ fatigueCost: 1 }), { roll: 10, bonus: 0 })).toThrow(RangeError);
    expect(() => spells.castSpell(p, { bonus: 0 })).toThrow(RangeError);
  });

  it("after abandoning, the caster acts again on the following count", () => {
    expect(spells.abandonSpellAt(37)).toBe(38);
  });
});

describe("Heroes of Destiny falling unconscious and waking", () => {
  it("keeps a character out 10 TC for each point the check to stay conscious failed by", () => {
    expect(hod.unconsciousFor(-4)).toBe(40);
    expect(hod.unconsciousFor(0)).toBeNull();
    expect(hod.unconsciousFor(3)).toBeNull();
  });

  it("sets the check to wake at the check to stay conscious as the track stands now, and retries every 1d10 TC", () => {
    // Fatigue 13 against 8 HP + 2 Invigoration: DC 3; once fatigue is below current HP, DC 0.
    expect(hod.wakeDc({ hp: 8, invigoration: 2, fatigue: 13 })).toBe(3);
    expect(hod.wakeDc({ hp: 8, invigoration: 0, fatigue: 5 })).toBe(0);
    expect(hod.wakeRecheck).toBe("1d10");
  });
});

describe("Heroes of Destiny hits on one Time Count, applied one at a time", () => {
  // Threshold of Pain 4 (full 4, none lost), 20 HP, fatigue 0.
  const start = { hp: 20, fatigue: 0, bonusHp: 0, invigoration: 0, fullTop: 4, topLost: 0 };
  const add = (track: typeof start, c: ReturnType<typeof hod.hitInCount>["change"]) => ({
    ...track,
    hp: track.hp + c.hp,
    fatigue: track.fatigue + c.fatigue,
    bonusHp: track.bonusHp + c.bonusHp,
    invigoration: track.invigoration + c.invigoration,
    topLost: track.topLost + c.topLost,
  });

  it("judges the second hit against the Threshold at the start of the count, not the one the first hit left", () => {
    // 6 then 4. Together from ToP 4: 4 + 4 fatigue, 2 HP lost (the 4 only tires). One after another,
    // the 4 would meet ToP 3 and take 1 HP more.
    const first = hod.hitInCount(start, [], { damage: 6 });
    expect(first.change).toEqual({ hp: -2, fatigue: 4, bonusHp: 0, invigoration: 0, topLost: 1 });
    const second = hod.hitInCount(start, [{ damage: 6 }], { damage: 4 });
    expect(second.change).toEqual({ hp: 0, fatigue: 4, bonusHp: 0, invigoration: 0, topLost: 1 });
    const track = add(add(start, first.change), second.change);
    expect([track.hp, track.fatigue, track.topLost]).toEqual([18, 8, 2]);
    expect(second.result).toMatchObject({ hp: 18, fatigue: 8, thresholdOfPain: 2 });
  });

  it("comes to the same track in either order", () => {
    const a = { damage: 6 };
    const b = { damage: 4 };
    const ab = add(add(start, hod.hitInCount(start, [], a).change), hod.hitInCount(start, [a], b).change);
    const ba = add(add(start, hod.hitInCount(start, [], b).change), hod.hitInCount(start, [b], a).change);
    expect(ab).toEqual(ba);
  });

  it("stops counting hits taken at the full Threshold", () => {
    const worn = { ...start, topLost: 3 };
    expect(hod.hitInCount(worn, [{ damage: 1 }], { damage: 1 }).change.topLost).toBe(0);
  });
});

describe("Heroes of Destiny impairments (optional rule)", () => {
  it("takes one of the hit's damage type when its damage exceeds the Threshold of Pain it met", () => {
    expect(hod.impairmentFor("slashing", 6, 5)).toBe("slashing");
    expect(hod.impairmentFor("slashing", 5, 5)).toBeNull();
    expect(hod.impairmentFor("fire", 9, 1)).toBeNull();
  });

  it("applies the text's table: bludgeoning Fortitude and Accuracy, piercing Willpower and Power, slashing Agility and +1 SF", () => {
    expect(hod.impairmentEffects({ bludgeoning: 2, piercing: 1, slashing: 3 })).toEqual({
      fortitude: -2,
      accuracy: -2,
      willpower: -1,
      power: -1,
      agility: -3,
      weaponSf: 3,
    });
    // −2 on the check to stay conscious for each one.
    expect(hod.impairmentCheckPenalty({ bludgeoning: 2, piercing: 1, slashing: 3 })).toBe(-12);
  });

  it("recovers one point of the worst each night, one of each of the two worst after a day of bed rest", () => {
    expect(hod.recoverImpairments({ bludgeoning: 1, piercing: 3, slashing: 2 })).toEqual({
      bludgeoning: 1,
      piercing: 2,
      slashing: 2,
    });
    expect(hod.recoverImpairments({ bludgeoning: 1, piercing: 3, slashing: 2 }, { bedRest: true })).toEqual({
      bludgeoning: 1,
      piercing: 2,
      slashing: 1,
    });
    // A tie: the die picks among the tied in the table's order.
    expect(hod.recoverImpairments({ bludgeoning: 2, slashing: 2 }, { tieBreak: 0.2 })).toMatchObject({
      bludgeoning: 1,
      slashing: 2,
    });
    expect(hod.recoverImpairments({ bludgeoning: 2, slashing: 2 }, { tieBreak: 0.7 })).toMatchObject({
      bludgeoning: 2,
      slashing: 1,
    });
    expect(hod.recoverImpairments({})).toEqual({ bludgeoning: 0, piercing: 0, slashing: 0 });
  });
});

describe("Heroes of Destiny attribute damage, paralysis and petrification", () => {
  it("gives a point back to each damaged attribute a day", () => {
    expect(hod.recoverAttributeDamage({ strength: 2, wisdom: 1 })).toMatchObject({
      strength: 1,
      wisdom: 0,
      persona: 0,
    });
  });

  it("worsens paralysis by one for each half of the Vigor, immobile at three times it", () => {
    // Vigor 12: 5 points nothing; 6 (half) −1 and a class slower; 18 (1½×) −3; 36 (3×) immobile.
    expect(hod.paralysisEffects(5, 12)).toMatchObject({ level: 0, hit: -0, immobile: false });
    expect(hod.paralysisEffects(6, 12)).toEqual({
      level: 1,
      speedSteps: 1,
      hit: -1,
      damage: -1,
      celerity: -1,
      immobile: false,
    });
    expect(hod.paralysisEffects(18, 12)).toMatchObject({ level: 3, speedSteps: 3, hit: -3 });
    expect(hod.paralysisEffects(35, 12)).toMatchObject({ level: 5, celerity: -5, immobile: false });
    expect(hod.paralysisEffects(36, 12)).toMatchObject({ immobile: true, speedSteps: 5 });
  });

  it("turns each point of petrification into −1 hit, +1 SF, −1 Celerity, +1 Vigor, a quarter of speed every 2, petrified at 10", () => {
    expect(hod.petrificationEffects(5)).toEqual({
      hit: -5,
      sf: 5,
      celerity: -5,
      vigor: 5,
      speedQuarters: 2,
      full: false,
    });
    expect(hod.petrificationEffects(10)).toMatchObject({ speedQuarters: 4, full: true });
    // 1 point back every 8 hours, none once fully petrified.
    expect(hod.recoverPetrification(5, 24)).toBe(2);
    expect(hod.recoverPetrification(10, 24)).toBe(10);
  });
});

describe("Heroes of Destiny healing magic", () => {
  it("splits the points between Invigoration and fatigue, never past the maximum HP or below 0 fatigue", () => {
    // The text's example: 8 points, 5 Invigoration and 3 off fatigue.
    const state = { hp: 12, fatigue: 7, invigoration: 0 };
    expect(hod.healMagic(state, 20, { invigoration: 5, fatigue: 3 })).toEqual({
      invigoration: 5,
      fatigue: 4,
      used: { invigoration: 5, fatigue: 3 },
    });
    // 18 HP + 1 Invigoration of 20: only 1 more fits; fatigue 2 cannot fall by 3.
    expect(hod.healMagic({ hp: 18, fatigue: 2, invigoration: 1 }, 20, { invigoration: 4, fatigue: 3 })).toEqual({
      invigoration: 2,
      fatigue: 0,
      used: { invigoration: 1, fatigue: 2 },
    });
  });
});

describe("Heroes of Destiny derived numbers with afflictions", () => {
  // Str 2, Dex 2, Con 1, Int 0, Fortitude 2, Agility 1, Accuracy 3, Power 1.
  const fighter = { strength: 2, dexterity: 2, constitution: 1, fortitude: 2, agility: 1, accuracy: 3, power: 1 };

  it("lowers attributes by their damage, and traits, Accuracy and Power by impairments", () => {
    const source = {
      ...fighter,
      afflictions: { attributeDamage: { strength: 1, constitution: 2 }, impairments: { bludgeoning: 1, slashing: 1 } },
    };
    const d = hod.derive(source);
    // Vigor 10 + (1 − 2) + (2 − 1) = 10; Celerity 10 + 2 + (1 − 1) = 12; Primary 10 + best trait 1 = 11.
    expect([d.vigor, d.celerity, d.primary]).toEqual([10, 12, 11]);
    // Strength attack: Accuracy 3 − 1 + Strength 2 − 1 = 3.
    expect(d.attack.strength).toBe(3);
    expect(hod.derive(fighter).attack.strength).toBe(5);
  });

  it("takes paralysis and petrification off attacks and Celerity, never below 5; petrification adds to Vigor", () => {
    // Vigor 13 (10 + 1 + 2): paralysis 7 reaches half (6.5): −1 hit, −1 Celerity.
    const paralysed = hod.derive({ ...fighter, afflictions: { paralysis: 7 } });
    expect([paralysed.attack.dexterity, paralysed.celerity, paralysed.vigor]).toEqual([4, 12, 13]);
    // Petrification 4: −4 hit, −4 Celerity (13 → 9), +4 Vigor.
    const stiff = hod.derive({ ...fighter, afflictions: { petrification: 4 } });
    expect([stiff.attack.dexterity, stiff.celerity, stiff.vigor]).toEqual([1, 9, 17]);
    // 9 points of petrification would bring Celerity to 4: it stops at 5; 10 petrifies (Celerity 5).
    expect(hod.derive({ ...fighter, afflictions: { petrification: 9 } }).celerity).toBe(5);
    expect(hod.derive({ ...fighter, afflictions: { paralysis: 39 } }).celerity).toBe(5);
  });
});

describe("Heroes of Destiny afflictions on the Time Count", () => {
  it("slows every action a class per paralysis level and a point per petrification, a weapon's a point per slashing impairment", async () => {
    const { afflictionSpeed, slowedChoice } = await import("../../src/rulesets/hod/rules/afflictions");
    const speed = afflictionSpeed({ paralysis: 12, petrification: 1, impairments: { slashing: 2 } }, 12);
    expect(speed).toEqual({ steps: 2, modifier: 1, weaponModifier: 2 });
    expect(slowedChoice({ action: "attack", weaponClass: "fast", steps: 0 }, speed)).toEqual({
      action: "attack",
      weaponClass: "fast",
      steps: 2,
      modifier: 3,
    });
    // No weapon: the slashing impairments do not count.
    expect(slowedChoice({ action: "drinkPotion" }, speed)).toEqual({ action: "drinkPotion", steps: 2, modifier: 1 });
    const none = { action: "attack" };
    expect(slowedChoice(none, { steps: 0, modifier: 0, weaponModifier: 0 })).toBe(none);
  });
});

describe("Heroes of Destiny rest", () => {
  it("loses Invigoration and recovers a step of each affliction; bed rest recovers more", () => {
    const state = {
      invigoration: 4,
      impairments: { bludgeoning: 3, slashing: 1 },
      attributeDamage: { dexterity: 1 },
      petrification: 5,
    };
    expect(hod.rest(state)).toEqual({
      invigoration: 0,
      impairments: { bludgeoning: 2, piercing: 0, slashing: 1 },
      attributeDamage: { strength: 0, dexterity: 0, constitution: 0, intelligence: 0, wisdom: 0, persona: 0 },
      petrification: 4,
      poisonedAttributes: { strength: 0, dexterity: 0, constitution: 0, intelligence: 0, wisdom: 0, persona: 0 },
      recovered: { invigoration: 4, impairments: ["bludgeoning"], attributes: ["dexterity"], petrification: 1 },
    });
    expect(hod.rest(state, { bedRest: true })).toMatchObject({
      impairments: { bludgeoning: 2, piercing: 0, slashing: 0 },
      petrification: 2,
      recovered: { impairments: ["bludgeoning", "slashing"], petrification: 3 },
    });
  });
});

describe("Heroes of Destiny afflictions on the Act dialog's acts (issue 28)", () => {
  it('"all actions you take are slowed by one speed class", "+1 to SF", "+1 to Weapon Speed Factors": the Act dialog\'s move, draw, stand up, potion and attack by hand', async () => {
    const { api } = await import("../../src/api");
    const { actChoiceFromForm } = await import("../../src/rulesets/hod/combat/act-form");
    const { actChoicePlan } = await import("../../src/rulesets/hod/rules/act-choice");
    const hod = api.rules.hod;
    // Paralysis 7 of Vigor 14 (one class), petrification 2, one slashing impairment.
    const speed = hod.afflictionSpeed({ paralysis: 7, petrification: 2, impairments: { slashing: 1 } }, 14);
    const plan = (form: Array<[string, string]>) =>
      actChoicePlan(hod.slowedChoice(actChoiceFromForm(form), speed), true);
    expect(plan([["action", "drawWeapon"]])).toMatchObject({ base: "1d4+2", extra: "2" });
    expect(plan([["action", "standUp"]])).toMatchObject({ base: "1d6+3", extra: "2" });
    expect(plan([["action", "drinkPotion"]])).toMatchObject({ base: "1d6+6", extra: "2" });
    // A count's move is SF 1, no speed class to slow: petrification's points alone.
    expect(
      plan([
        ["action", "move"],
        ["pace", "base"],
        ["moveCount", "1"],
      ]),
    ).toMatchObject({ base: "1", extra: "2" });
    expect(
      plan([
        ["action", "attack"],
        ["weaponClass", "standard"],
      ]),
    ).toMatchObject({ base: "1d8+8", extra: "3" });
  });
});
