import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "../../src/dice";
import {
  derive,
  dodgeKept,
  encumbrance,
  carryingLimits,
  healthState,
  type FadeSource,
} from "../../src/rulesets/fade/rules";

// Three characters worked out by hand from the text; each expected number shows its arithmetic.

/** A human fighter in a chain shirt, carrying a medium load. */
const fighter: FadeSource = {
  strength: 6,
  agility: 6,
  endurance: 4,
  smarts: 2,
  luck: 3,
  magic: 0,
  resistance: 2,
  level: 3,
  classHp: 12,
  hpGained: 6,
  speciesSize: 2,
  classSoak: 2,
  speed: 6,
  attacksPerRound: 1,
  armor: [{ deflection: { body: 5, rightArm: 3, leftArm: 3 }, speedPenalty: 1 }],
  carriedWeight: 60,
};

/** An unconscious mage with misc. bonuses, staggering under a load past Heavy. */
const mage: FadeSource = {
  strength: 2,
  agility: 4,
  endurance: 2,
  smarts: 5,
  luck: 5,
  magic: 7,
  resistance: 4,
  level: 8,
  classHp: 8,
  hpGained: 10,
  hp: -3,
  speciesSize: 1,
  classSoak: 0,
  speed: 6,
  attacksPerRound: 1,
  bonuses: { hp: 2, allDefenses: 1, magicalToHit: { rolled: 1 } },
  carriedWeight: 70,
};

/** A big creature at level 17 whose natural Deflection stacks with a helmet and breastplate. */
const brute: FadeSource = {
  strength: 10,
  agility: 3,
  endurance: 8,
  smarts: 1,
  luck: 0,
  magic: 0,
  resistance: 0,
  level: 17,
  classHp: 30,
  hpGained: 40,
  speciesSize: 4,
  classSoak: 2,
  speed: 8,
  attacksPerRound: 3,
  bonuses: { soak: 1 },
  naturalDeflection: { head: 2, rightArm: 2, leftArm: 2, body: 2, rightLeg: 2, leftLeg: 2 },
  naturalDeflectionStacks: true,
  armor: [{ deflection: { head: 4, body: 6 }, speedPenalty: 2 }],
  energy: { resistances: { fire: 5 } },
};

describe("The Fade: a charge (issue 16)", () => {
  it("costs the charger 2 Defense and 2 Avoid, against spells too, while its status lasts", () => {
    // The fighter: Defense 22 and Avoid 16 (18 and 12 against spells); charging: 20 and 14 (16 and 10).
    const charging = derive({ ...fighter, modifiers: ["charge"] });
    expect(charging).toMatchObject({ defense: 20, avoid: 14, modifiers: ["charge"] });
    expect(charging.vsSpells).toMatchObject({ defense: 16, avoid: 10, mentalDefense: 17, bodilyDefense: 17 });
    expect(charging.mentalDefense).toBe(17);
    // A charge counted twice is still one charge.
    expect(derive({ ...fighter, modifiers: ["charge", "charge"] }).defense).toBe(20);
  });

  it("may move twice the speed: the brute's 6 squares (8 less 2 for armor) make a charge of 12", () => {
    expect(derive(brute)).toMatchObject({ speed: 6, run: 18, charge: 12 });
    // Under a medium load the fighter's speed is 2, so a charge covers 4 squares.
    expect(derive(fighter)).toMatchObject({ speed: 2, run: 6, charge: 4 });
  });
});

describe("The Fade: derive", () => {
  it("derives every number of the fighter", () => {
    expect(derive(fighter)).toEqual({
      hpMax: 22, // Class HP 12 + Endurance 4 + HP gained 6
      deathAt: -6, // -(2 + Endurance 4)
      healthState: "conscious", // no current HP given: at maximum
      soak: 4, // size 2 + class 2
      defense: 22, // 15 + Agility 6 + ½ Luck (3 / 2 = 1)
      avoid: 16, // 10 + Agility 6 + ¼ Luck (3 / 4 = 0)
      mentalDefense: 17, // 15 + Smarts 2 + 0
      bodilyDefense: 19, // 15 + Endurance 4 + 0
      vsSpells: {
        defense: 18, // 15 + Resistance 2 + 1
        avoid: 12, // 10 + Resistance 2 + 0
        mentalDefense: 17, // 15 + Resistance 2 + 0
        bodilyDefense: 17, // 15 + Resistance 2 + 0
      },
      initiativeBonus: 6,
      initiativeFormula: "1d10+6",
      physicalToHit: "6k3", // Agility 6 k ½ Agility 3
      magicalToHit: "0k0", // Magic 0: no dice kept, the check cannot be made
      damageBonus: { strength: "3k1", agility: "3k1", magic: "0k0" }, // ½ k ¼: 6 gives 3k1
      dodge: "6k1", // Agility 6 dice, k1 at level 3
      luckRerolls: 1, // 3 / 2
      attacksPerRound: 1,
      // Strength 6 + Endurance 4 = 10: 5 + 50, 5 + 100, 5 + 150; 155 x 1.5 = 232.5 -> 232, x 3, x 5
      carrying: { light: 55, medium: 105, heavy: 155, overHead: 232, offGround: 465, pushDrag: 775 },
      encumbrance: "medium", // 60 lbs is over 55, within 105
      deflection: { head: 0, rightArm: 3, leftArm: 3, body: 5, rightLeg: 0, leftLeg: 0 },
      speedPenalty: 1,
      speed: 2, // (6 - armor 1) = 5, halved by a medium load: 2.5 -> 2
      run: 6, // armor slows: triple, 2 x 3
      charge: 4, // double speed
      modifiers: [],
    });
  });

  it("derives every number of the mage", () => {
    expect(derive(mage)).toEqual({
      hpMax: 22, // 8 + Endurance 2 + 10 + misc. 2
      deathAt: -4, // -(2 + 2)
      healthState: "unconscious", // -3: at or below 0, above -4
      soak: 1, // size 1 + class 0
      // Strength 2 + Endurance 2 = 4: light 25, medium 45, heavy 65; 70 lbs is past Heavy, within 97 (over the head)
      defense: 17, // 15 + Agility 4 + ½ Luck 2 + all Defenses 1 - 5 (heavy penalties)
      avoid: 11, // 10 + 4 + ¼ Luck 1 + 1 - 5
      mentalDefense: 22, // 15 + Smarts 5 + 1 + 1
      bodilyDefense: 19, // 15 + Endurance 2 + 1 + 1
      vsSpells: {
        defense: 17, // 15 + Resistance 4 + 2 + 1 - 5
        avoid: 11, // 10 + 4 + 1 + 1 - 5
        mentalDefense: 21, // 15 + 4 + 1 + 1
        bodilyDefense: 21, // 15 + 4 + 1 + 1
      },
      initiativeBonus: 4,
      initiativeFormula: "1d10+4",
      physicalToHit: "4k2", // 4 k 2
      magicalToHit: "8k3", // Magic 7 k (7 / 2 = 3), misc. +1k0
      damageBonus: { strength: "1k0", agility: "2k1", magic: "3k1" }, // 2 -> 1k0, 4 -> 2k1, 7 -> 3k1
      dodge: "4k2", // Agility 4 dice, k2 at level 8
      luckRerolls: 2, // 5 / 2
      attacksPerRound: 1,
      carrying: { light: 25, medium: 45, heavy: 65, overHead: 97, offGround: 195, pushDrag: 325 },
      encumbrance: "overHead",
      deflection: { head: 0, rightArm: 0, leftArm: 0, body: 0, rightLeg: 0, leftLeg: 0 },
      speedPenalty: 0,
      speed: 3, // 6, halved
      run: 12, // no armor: quadruple
      charge: 6,
      modifiers: [],
    });
  });

  it("derives every number of the brute", () => {
    expect(derive(brute)).toEqual({
      hpMax: 78, // 30 + 8 + 40
      deathAt: -10, // -(2 + 8)
      healthState: "conscious",
      soak: 7, // 4 + 2 + misc. 1
      defense: 18, // 15 + 3 + 0
      avoid: 13, // 10 + 3 + 0
      mentalDefense: 16, // 15 + 1
      bodilyDefense: 23, // 15 + 8
      vsSpells: { defense: 15, avoid: 10, mentalDefense: 15, bodilyDefense: 15 }, // Resistance 0
      initiativeBonus: 3,
      initiativeFormula: "1d10+3",
      physicalToHit: "3k1", // 3 k (3 / 2 = 1)
      magicalToHit: "0k0",
      damageBonus: { strength: "5k2", agility: "1k0", magic: "0k0" }, // 10 -> 5k2, 3 -> 1k0
      dodge: "3k4", // k4 at level 17 (more kept than rolled: every die counts)
      luckRerolls: 0,
      attacksPerRound: 3,
      // 10 + 8 = 18: 5 + 90, 5 + 180, 5 + 270; 275 x 1.5 = 412.5 -> 412, x 3, x 5
      carrying: { light: 95, medium: 185, heavy: 275, overHead: 412, offGround: 825, pushDrag: 1375 },
      encumbrance: "light", // nothing carried
      // natural 2 stacks: head 4 + 2, body 6 + 2, the rest 0 + 2
      deflection: { head: 6, rightArm: 2, leftArm: 2, body: 8, rightLeg: 2, leftLeg: 2 },
      speedPenalty: 2,
      speed: 6, // 8 - 2
      run: 18, // armor slows: 6 x 3
      charge: 12,
      modifiers: [],
    });
  });

  it("takes the highest Deflection of sources that do not stack, and adds those that do", () => {
    const d = derive({
      ...fighter,
      naturalDeflection: { head: 3, body: 1 },
      armor: [
        { deflection: { body: 5 }, speedPenalty: 1 },
        { deflection: { head: 2, body: 2 }, speedPenalty: 1 },
        { deflection: { body: 1, leftLeg: 1 }, stacks: true },
      ],
    });
    expect(d.deflection).toEqual({ head: 3, rightArm: 0, leftArm: 0, body: 6, rightLeg: 0, leftLeg: 1 });
    // Two slowing pieces: 1 + 1; (6 - 2) = 4, halved by the medium load to 2.
    expect(d.speedPenalty).toBe(2);
    expect(d.speed).toBe(2);
  });

  it("takes leg wounds off speed before a load halves it, and a load past push/drag stops the character", () => {
    const light = { ...fighter, armor: [], carriedWeight: 0 };
    expect(derive({ ...light, speedLoss: 2 })).toMatchObject({ speed: 4, run: 16 }); // 6 - 2; no armor: x4
    expect(derive({ ...light, speedLoss: 2, carriedWeight: 100 })).toMatchObject({ speed: 2 }); // 4 / 2
    expect(derive({ ...light, speedLoss: 9 }).speed).toBe(0);
    expect(derive({ ...light, carriedWeight: 776 })).toMatchObject({ encumbrance: "overloaded", speed: 0, run: 0 });
    expect(derive({ ...light, carriedWeight: 776 }).defense).toBe(22 - 5);
  });

  it("applies a bonus to all Defenses and single-defense bonuses", () => {
    const d = derive({ ...fighter, bonuses: { allDefenses: 2, avoid: 1, mentalDefense: -1 } });
    expect([d.defense, d.avoid, d.mentalDefense, d.bodilyDefense]).toEqual([24, 19, 18, 21]);
    expect(d.vsSpells).toEqual({ defense: 20, avoid: 15, mentalDefense: 18, bodilyDefense: 19 });
  });

  it("adds misc. to-hit and damage bonuses to the pools", () => {
    const d = derive({
      ...fighter,
      bonuses: { physicalToHit: { rolled: 1, flat: 2 }, damage: { kept: 1 } },
    });
    expect(d.physicalToHit).toBe("7k3+2");
    expect(d.damageBonus.strength).toBe("3k2");
  });

  it("counts Soak as at least 1", () => {
    expect(derive({ ...fighter, speciesSize: 0, classSoak: 0 }).soak).toBe(1);
  });

  it("keeps dodge dice by level bands of five", () => {
    const levels = [1, 5, 6, 10, 11, 15, 16, 20];
    expect(levels.map(dodgeKept)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it("reads the load state at each limit's edge", () => {
    const limits = carryingLimits(6, 4);
    const edges = [0, 55, 55.5, 105, 106, 155, 156, 232, 233, 465, 466, 775, 776];
    expect(edges.map((w) => encumbrance(w, limits))).toEqual([
      "light",
      "light",
      "medium",
      "medium",
      "heavy",
      "heavy",
      "overHead",
      "overHead",
      "offGround",
      "offGround",
      "pushDrag",
      "pushDrag",
      "overloaded",
    ]);
  });

  it("is conscious above 0 HP, unconscious at 0 and below, dead at the negative HP of death", () => {
    expect([1, 0, -5, -6, -7].map((hp) => healthState(hp, -6))).toEqual([
      "conscious",
      "unconscious",
      "unconscious",
      "dead",
      "dead",
    ]);
  });

  const attribute = fc.integer({ min: 0, max: 12 });
  const source = fc
    .record({
      strength: attribute,
      agility: attribute,
      endurance: attribute,
      smarts: attribute,
      luck: attribute,
      magic: attribute,
      resistance: attribute,
      level: fc.integer({ min: 1, max: 20 }),
      carriedWeight: fc.integer({ min: 0, max: 2000 }),
    })
    .map((s): FadeSource => ({
      ...fighter,
      ...s,
      armor: [],
    }));

  it("against spells, each defense moves by exactly Resistance less the attribute it replaces", () => {
    fc.assert(
      fc.property(source, (s) => {
        const d = derive(s);
        expect(d.vsSpells.defense - d.defense).toBe(s.resistance - s.agility);
        expect(d.vsSpells.avoid - d.avoid).toBe(s.resistance - s.agility);
        expect(d.vsSpells.mentalDefense - d.mentalDefense).toBe(s.resistance - s.smarts);
        expect(d.vsSpells.bodilyDefense - d.bodilyDefense).toBe(s.resistance - s.endurance);
      }),
    );
  });

  it("gives pools the dice engine reads back as they are, and more Luck never lowers a defense", () => {
    fc.assert(
      fc.property(source, (s) => {
        const d = derive(s);
        for (const pool of [d.physicalToHit, d.magicalToHit, d.dodge, ...Object.values(d.damageBonus)]) {
          expect(parse(pool).kind).toBe("keep");
        }
        const luckier = derive({ ...s, luck: s.luck + 1 });
        expect(luckier.defense).toBeGreaterThanOrEqual(d.defense);
        expect(luckier.avoid).toBeGreaterThanOrEqual(d.avoid);
        expect(luckier.luckRerolls).toBeGreaterThanOrEqual(d.luckRerolls);
      }),
    );
  });
});
