import { describe, expect, it } from "vitest";
import { api } from "../../src/api";

// Issue 16, Heroes of Destiny: bonus HP's duration, poison, movement per count and the optional
// Simultaneous Actions rule. Every number is worked out by hand from heroes-of-destiny.txt.
const hod = api.rules.hod;

describe("Heroes of Destiny movement per count", () => {
  it("reads the Movement Rates table row by row", () => {
    expect(hod.movementRow(5)).toEqual([0, 1, 0, 0]);
    expect(hod.movementRow(10)).toEqual([1, 0, 1, 0]);
    expect(hod.movementRow(15)).toEqual([1, 1, 0, 1]); // Slow: 1, 1, none on the third, 1
    expect(hod.movementRow(20)).toEqual([1, 1, 1, 1]); // Normal: a square every TC
    expect(hod.movementRow(25)).toEqual([1, 2, 1, 1]); // Fast: 10 ft on the second
    expect(hod.movementRow(30)).toEqual([2, 1, 2, 1]);
    expect(hod.movementRow(35)).toEqual([2, 2, 1, 2]);
    expect(hod.movementRow(40)).toEqual([2, 2, 2, 2]);
    expect(hod.movementRow(45)).toEqual([2, 3, 2, 2]);
    expect(hod.movementRow(50)).toEqual([3, 2, 3, 2]);
    expect(hod.movementRow(55)).toEqual([3, 3, 3, 2]);
    expect(hod.movementRow(60)).toEqual([3, 3, 3, 3]);
  });

  it("starts a movement at the first count and repeats every four", () => {
    expect(hod.movementOnCount(15, 3)).toBe(0);
    expect(hod.movementOnCount(15, 7)).toBe(0);
    expect(hod.movementOnCount(25, 6)).toBe(2);
    // Four counts move the whole rate: 25 ft is 5 squares.
    expect(hod.movementRow(25).reduce((a, b) => a + b)).toBe(5);
  });

  it("rounds a rate down to a square, and goes on past 60 ft by the table's pattern", () => {
    expect(hod.movementRow(22)).toEqual([1, 1, 1, 1]);
    expect(hod.movementRow(0)).toEqual([0, 0, 0, 0]);
    expect(hod.movementRow(65)).toEqual([3, 4, 3, 3]); // 45 ft's row and a square more each count
    expect(hod.movementRow(80)).toEqual([4, 4, 4, 4]);
  });

  it("runs at half the base speed more, rounded down to 5 ft", () => {
    expect(hod.runningSpeed(20)).toBe(30);
    expect(hod.runningSpeed(15)).toBe(20); // 7.5 ft becomes 5
    expect(hod.runningSpeed(25)).toBe(35); // 12.5 ft becomes 10
  });

  it("sprints as if the base speed were 5 ft faster, and 5 ft more per 5 points over 10", () => {
    expect(hod.sprintingSpeed(20, 9)).toBeNull(); // failed: running
    expect(hod.sprintingSpeed(20, 10)).toBe(35); // base 25: 25 + 10
    expect(hod.sprintingSpeed(20, 14)).toBe(35);
    expect(hod.sprintingSpeed(20, 15)).toBe(45); // base 30: 30 + 15
    expect(hod.sprintingSpeed(20, 20)).toBe(50); // base 35: 35 + 15
    expect(hod.sprintingSpeed(15, 10)).toBe(30); // base 20: 20 + 10
  });

  it("works a pace from the base speed slowed by petrification", () => {
    expect(hod.paceSpeed(20, "base")).toBe(20);
    expect(hod.paceSpeed(20, "base", { quarters: 1 })).toBe(15);
    expect(hod.paceSpeed(20, "run", { quarters: 2 })).toBe(15); // base 10, running 15
    expect(hod.paceSpeed(20, "sprint", { check: 15 })).toBe(45);
    expect(hod.paceSpeed(20, "sprint", { check: 3 })).toBe(30); // failed: running
    expect(hod.paceSpeed(20, "base", { quarters: 4 })).toBe(0);
  });
});

describe("Heroes of Destiny bonus HP's duration", () => {
  const none = { bonusHp: 0, until: { kind: "" as const, tc: -1 } };

  it("lasts a number of TC from the grant on the Time Count", () => {
    const granted = hod.grantBonusHp(none, { amount: 5, kind: "tc", tcs: 10 }, 12);
    expect(granted).toEqual({ bonusHp: 5, until: { kind: "tc", tc: 22 } });
    expect(hod.bonusHpExpires(granted.until, { tc: 21 })).toBe(false);
    expect(hod.bonusHpExpires(granted.until, { tc: 22 })).toBe(true);
    expect(hod.bonusHpExpires(granted.until, "combatEnd")).toBe(true);
  });

  it("does not add up: the larger pool stays with its own duration", () => {
    const eight = { bonusHp: 8, until: { kind: "encounter" as const, tc: -1 } };
    expect(hod.grantBonusHp(eight, { amount: 5, kind: "rest" }, null)).toBe(eight);
    expect(hod.grantBonusHp(eight, { amount: 9, kind: "rest" }, null)).toEqual({
      bonusHp: 9,
      until: { kind: "rest", tc: -1 },
    });
  });

  it("lasts until rest when a TC duration is granted outside a combat", () => {
    expect(hod.grantBonusHp(none, { amount: 3, kind: "tc", tcs: 10 }, null).until.kind).toBe("rest");
  });

  it("ends with the encounter or at rest as granted", () => {
    const encounter = { kind: "encounter" as const, tc: -1 };
    const rest = { kind: "rest" as const, tc: -1 };
    expect(hod.bonusHpExpires(encounter, "combatEnd")).toBe(true);
    expect(hod.bonusHpExpires(encounter, { tc: 1000 })).toBe(false);
    expect(hod.bonusHpExpires(rest, "combatEnd")).toBe(false);
    expect(hod.bonusHpExpires(rest, "rest")).toBe(true);
    expect(hod.bonusHpExpires({ kind: "", tc: -1 }, "rest")).toBe(false);
  });
});

describe("Heroes of Destiny poison", () => {
  const base = { hp: 20, maxHp: 24, fatigue: 3, bonusHp: 2, invigoration: 3 };

  it("takes HP loss from bonus HP, then Invigoration, then HP, and marks what reached HP", () => {
    // 6 poison: 2 bonus HP, 3 Invigoration, 1 HP. Not a hit: nothing about the Threshold of Pain.
    const after = hod.poisonDamage(base, "hp", 6);
    expect(after).toMatchObject({ hp: 19, bonusHp: 0, invigoration: 0, fatigue: 3, unconsciousCheck: null });
    expect(after.poisoned.hp).toBe(1);
  });

  it("fatigues, and asks for the check to stay conscious once fatigue reaches current HP", () => {
    const after = hod.poisonDamage({ hp: 6, maxHp: 24, fatigue: 3, bonusHp: 0, invigoration: 0 }, "fatigue", 5);
    expect(after).toMatchObject({ fatigue: 8, unconsciousCheck: 2 }); // DC 8 − 6
    expect(after.poisoned.fatigue).toBe(5);
  });

  it("damages an attribute, all of it poison", () => {
    const after = hod.poisonDamage({ ...base, attributeDamage: { strength: 1 } }, "strength", 2);
    expect(after.attributeDamage.strength).toBe(3);
    expect(after.poisoned.attributes.strength).toBe(2);
  });

  it("keeps its part out of magical healing's reach", () => {
    // HP 15 of 24, 4 of the 9 lost to poison: room for 24 − 4 − 15 = 5 Invigoration.
    // Fatigue 6, 4 of it poison: magic takes off 2 at most.
    const healed = hod.healMagic(
      { hp: 15, fatigue: 6, invigoration: 0 },
      24,
      { invigoration: 8, fatigue: 5 },
      {
        hp: 4,
        fatigue: 4,
      },
    );
    expect(healed).toEqual({ invigoration: 5, fatigue: 4, used: { invigoration: 5, fatigue: 2 } });
  });

  it("shrinks its marks as the numbers heal the ordinary way", () => {
    const parts = hod.poisonedParts({
      hp: 22,
      maxHp: 24,
      fatigue: 1,
      bonusHp: 0,
      invigoration: 0,
      attributeDamage: { dexterity: 1 },
      poisoned: { hp: 5, fatigue: 3, attributes: { dexterity: 2 } },
    });
    expect(parts).toMatchObject({ hp: 2, fatigue: 1 });
    expect(parts.attributes.dexterity).toBe(1);
  });

  it("heals attributes a point a day of bed rest, a night's sleep only the ordinary damage", () => {
    const damage = { strength: 3, dexterity: 1, constitution: 2 };
    const poisoned = { strength: 2, dexterity: 1 };
    const night = hod.recoverAttributes(damage, poisoned, false);
    expect(night.attributeDamage).toMatchObject({ strength: 2, dexterity: 1, constitution: 1 });
    expect(night.poisoned).toMatchObject({ strength: 2, dexterity: 1 });
    const bed = hod.recoverAttributes(damage, poisoned, true);
    expect(bed.attributeDamage).toMatchObject({ strength: 2, dexterity: 0, constitution: 1 });
    expect(bed.poisoned).toMatchObject({ strength: 1, dexterity: 0 });
    const rested = hod.rest({ invigoration: 0, attributeDamage: damage, poisonedAttributes: poisoned });
    expect(rested.attributeDamage.dexterity).toBe(1);
    expect(rested.recovered.attributes).toEqual(["strength", "constitution"]);
  });

  it("ticks on the Time Count: N doses every X TC, or once after a delay", () => {
    const every = hod.schedulePoison({ every: 10, times: 3 }, 5);
    expect(every).toEqual({ every: 10, left: 3, next: 15 });
    expect(hod.poisonDue(every, 14)).toEqual({ doses: 0, schedule: every });
    expect(hod.poisonDue(every, 15)).toEqual({ doses: 1, schedule: { every: 10, left: 2, next: 25 } });
    expect(hod.poisonDue(every, 40)).toEqual({ doses: 3, schedule: null }); // 15, 25, 35
    const delayed = hod.schedulePoison({ times: 1, delay: 20 }, 0);
    expect(hod.poisonDue(delayed, 19).doses).toBe(0);
    expect(hod.poisonDue(delayed, 20)).toEqual({ doses: 1, schedule: null });
  });
});

describe("Heroes of Destiny Simultaneous Actions (optional rule)", () => {
  // Four attack Hadwin (Threshold of Pain 8) on one count; three hit for 3, 6 and 8.
  const hits = [
    { damage: 3, attacker: "a", damageType: "slashing" },
    { damage: 6, attacker: "b", damageType: "slashing" },
    { damage: 8, attacker: "c", damageType: "slashing" },
  ];

  it("lowers the count's Threshold by 1 per successful attacker beyond the first: 8 − 2 = 6", () => {
    expect(hod.simultaneousTop(8, hits)).toBe(6);
  });

  it("gives Hadwin more impairments than the hits would apart", () => {
    // Against 6 the 8 exceeds it; the 6 only equals it. The text counts the 6 too (two impairments);
    // Anthology keeps the text's rule everywhere else, "exceeds" (shared/rules/README.md), so one.
    expect(hod.countImpairments(8, hits, true)).toEqual([null, null, "slashing"]);
    // Without the rule every hit meets the count's 8: none exceeds it.
    expect(hod.countImpairments(8, hits, false)).toEqual([null, null, null]);
    // With equal counting (the text's example) the 6 would be the second impairment.
    expect(hits.filter((h) => h.damage >= hod.simultaneousTop(8, hits))).toHaveLength(2);
  });

  it("does not count two weapons of one attacker", () => {
    const twoWeapons = [
      { damage: 5, attacker: "a" },
      { damage: 5, attacker: "a" },
    ];
    expect(hod.simultaneousTop(8, twoWeapons)).toBe(8);
    expect(hod.simultaneousTop(1, hits)).toBe(0);
  });

  it("takes damage reduction off and leaves nonlethal hits out", () => {
    const reduced = [
      { damage: 8, attacker: "a", damageType: "piercing", reduction: 2 },
      { damage: 9, attacker: "b", damageType: "piercing", nonlethal: true },
    ];
    // Threshold 8 − 1 = 7: 8 − 2 = 6 does not exceed it; the nonlethal 9 leaves none.
    expect(hod.countImpairments(8, reduced, true)).toEqual([null, null]);
  });

  it("keeps applySimultaneous's shape", () => {
    const state = { hp: 30, fatigue: 0, thresholdOfPain: 8, bonusHp: 0, invigoration: 0 };
    // Each judged against 8: 3 and 6 fatigue, 8 fatigues 8; HP untouched; the Threshold drops by 3.
    expect(hod.applySimultaneous(state, hits)).toMatchObject({ hp: 30, fatigue: 17, thresholdOfPain: 5 });
  });
});

describe("Heroes of Destiny Move on the Time Count", () => {
  it("costs a count, and the dialog says the squares on the movement's next count at each pace", async () => {
    const { actMove, actChoiceFromForm } = await import("../../src/rulesets/hod/combat/act-form");
    const { parseActChoice } = await import("../../src/rulesets/hod/combat/parse-choice");
    const { hodTimeCount } = await import("../../src/rulesets/hod/combat/time-count-actions");
    // A Fast (25 ft) mover on its second consecutive count: 2 squares at base speed (1 2 1 1);
    // running 35 ft (2 2 1 2): 2; sprinting at least 25 + 5 = 30 base, 45 ft (2 3 2 2): 3.
    const move = actMove({ system: { speed: 25 } }, 1);
    expect(move.count).toBe(2);
    expect(move.paces.map((p) => [p.id, p.feet, p.squares, p.row])).toEqual([
      ["base", 25, 2, "1 2 1 1"],
      ["run", 35, 2, "2 2 1 2"],
      ["sprint", 45, 3, "2 3 2 2"],
    ]);
    // A new movement starts at count 1; 4 points of petrification take half the speed: 20 ft → 10 ft (1 0 1 0).
    expect(actMove({ system: { speed: 20, petrification: 4 } }, null).paces[0]).toMatchObject({ feet: 10, squares: 1 });
    const choice = parseActChoice(
      actChoiceFromForm([
        ["action", "move"],
        ["pace", "run"],
        ["moveCount", "2"],
      ]),
    );
    expect(choice).toMatchObject({ action: "move", pace: "run", moveCount: 2 });
    expect(hodTimeCount.plan(choice, true).formulas[0]).toBe("1");
    expect(hodTimeCount.flagsAfter(choice)).toEqual({
      unsteady: true,
      moveCount: 2,
      lastAction: "move",
      runPace: "run",
    });
    expect(hodTimeCount.flagsAfter(parseActChoice({ action: "drawWeapon" }))).toEqual({
      unsteady: false,
      moveCount: null,
      lastAction: "drawWeapon",
      runPace: null,
    });
    expect(() => parseActChoice({ action: "move", pace: "fly" })).toThrow();
    expect(() => parseActChoice({ action: "move", moveCount: 0 })).toThrow();
  });
});

describe("Heroes of Destiny: the weapon picked in the Act dialog", () => {
  it('"cannot use longbows": the Act dialog\'s weapon names its item, so the GM can tell a longbow from the fists of the same class', async () => {
    const { actChoiceFromForm, actDialogContext } = await import("../../src/rulesets/hod/combat/act-form");
    const { parseActChoice } = await import("../../src/rulesets/hod/combat/parse-choice");
    const weapons = actDialogContext("Brannoc", true, "attack", [
      { name: "Fists", speedClass: "standard", id: "fists01" },
      { name: "Longbow", speedClass: "standard", id: "longbow1" },
    ]).weapons;
    expect(weapons.map((w) => w.value)).toEqual(["standard:fists01", "standard:longbow1"]);
    const choice = parseActChoice(
      actChoiceFromForm([
        ["action", "attack"],
        ["weaponClass", "standard:longbow1"],
        ["offHandClass", "standard:fists01"],
      ]),
    );
    expect(choice).toMatchObject({ weaponClass: "standard", weapon: "longbow1", offHandClass: "standard" });
    // A speed class alone names no weapon.
    expect(actChoiceFromForm([["weaponClass", "slow"]])).not.toHaveProperty("weapon");
    expect(() => parseActChoice({ action: "attack", weapon: 42 })).toThrow();
    expect(() => parseActChoice({ action: "attack", weapon: "x".repeat(65) })).toThrow();
  });
});
