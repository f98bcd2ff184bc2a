import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api } from "../../src/api";

// OpenD6's public rules (issue 19's contract), from opend6.txt and shared/rules/README.md; every
// number worked out by hand.
const od6 = api.rules.opend6;

describe("OpenD6 die codes", () => {
  it("counts codes in pips and writes pips as normalised codes", () => {
    expect(od6.toPips("3D+2")).toBe(11);
    expect(od6.toPips("+1D+1")).toBe(4);
    expect(od6.toPips("4d-1")).toBe(11);
    expect(od6.fromPips(11)).toBe("3D+2");
    expect(od6.fromPips(15)).toBe("5D");
    expect(od6.fromPips(2)).toBe("0D+2");
    expect(od6.fromPips(0)).toBe("0D");
  });

  it("makes a die of three pips, and adds codes as pips", () => {
    expect(od6.normalize("3D+3")).toBe("4D");
    expect(od6.normalize("2D+4")).toBe("3D+1");
    expect(od6.addCodes("2D", "1D+1")).toBe("3D+1");
    expect(od6.addCodes("1D+2", "1D+2")).toBe("3D+1");
    expect(od6.addCodes()).toBe("0D");
  });

  it("refuses what is not a die code, or comes to less than nothing", () => {
    for (const bad of ["", "3", "D+2", "3D+", "3x", "<b>3D</b>", "0D-1", "99999D"]) {
      expect(() => od6.toPips(bad), bad).toThrow(RangeError);
    }
    expect(() => od6.fromPips(-1)).toThrow(RangeError);
    expect(() => od6.fromPips(1.5)).toThrow(RangeError);
  });

  it("reads back every code it writes (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (pips) => {
        const code = od6.fromPips(pips);
        expect(od6.toPips(code)).toBe(pips);
        expect(od6.normalize(code)).toBe(code);
      }),
    );
  });

  it("adds in any order (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 6 }), (pips) => {
        const codes = pips.map((p) => od6.fromPips(p));
        expect(od6.toPips(od6.addCodes(...codes))).toBe(pips.reduce((a, b) => a + b, 0));
        expect(od6.addCodes(...codes)).toBe(od6.addCodes(...[...codes].reverse()));
      }),
    );
  });
});

describe("OpenD6 Strength Damage and weapon damage", () => {
  it("drops the pips, halves the dice and rounds up (the text's examples)", () => {
    // "A character with 3D in Physique has a Strength Damage of 2D. ... 6D+2 in lifting ... 3D."
    expect(od6.strengthDamage("3D")).toBe("2D");
    expect(od6.strengthDamage("6D+2")).toBe("3D");
    expect(od6.strengthDamage("1D+2")).toBe("1D");
  });

  it("adds a '+' weapon to Strength Damage; a plain code stands alone", () => {
    expect(od6.weaponDamage("3D", "+1D+1")).toBe("3D+1");
    expect(od6.weaponDamage("3D", "4D+3")).toBe("5D");
  });
});

describe("OpenD6 combat numbers", () => {
  it("gives the optional damage bonus: (total − difficulty) / 5 rounded up, 0 at or under it", () => {
    expect(od6.damageBonus(21, 15)).toBe(2);
    expect(od6.damageBonus(20, 15)).toBe(1);
    expect(od6.damageBonus(15, 15)).toBe(0);
    expect(od6.damageBonus(9, 15)).toBe(0);
  });

  it("values a full defense at the roll + 10 and a partial one at the roll", () => {
    expect(od6.activeDefense("full", 12)).toBe(22);
    expect(od6.activeDefense("partial", 12)).toBe(12);
    expect(() => od6.activeDefense("half" as never, 12)).toThrow(RangeError);
  });

  it("gives scale's difference to the larger attacker's difficulty and damage, or the smaller's skill and the defender's resistance", () => {
    // A human (0) shooting the text's toy tank (−6): larger attacker.
    expect(od6.scale(0, -6)).toEqual({ skill: 0, difficulty: 6, damage: 6, resistance: 0 });
    expect(od6.scale(-6, 0)).toEqual({ skill: 6, difficulty: 0, damage: 0, resistance: 6 });
    expect(od6.scale(3, 3)).toEqual({ skill: 0, difficulty: 0, damage: 0, resistance: 0 });
  });

  it("reads the default Wound-level chart, and a world's own", () => {
    const levels = [0, 1, 3, 4, 8, 9, 12, 13, 15, 16, 40].map((e) => od6.woundLevel(e));
    expect(levels).toEqual([
      "none",
      "stunned",
      "stunned",
      "wounded",
      "wounded",
      "severelyWounded",
      "severelyWounded",
      "incapacitated",
      "incapacitated",
      "mortallyWounded",
      "mortallyWounded",
    ]);
    const harsh = [
      { from: 1, level: "wounded" },
      { from: 5, level: "mortallyWounded" },
      { from: 3, level: "<b>bogus</b>" },
    ];
    expect(od6.woundLevel(4, harsh)).toBe("wounded");
    expect(od6.woundLevel(5, harsh)).toBe("mortallyWounded");
    expect(od6.woundLevel(-3)).toBe("none");
  });

  it("takes what damage exceeds resistance off Body Points, never adds any", () => {
    expect(od6.bodyPointsAfter({ bodyPoints: 20, damage: 14, resistance: 9 })).toBe(15);
    expect(od6.bodyPointsAfter({ bodyPoints: 20, damage: 7, resistance: 9 })).toBe(20);
    expect(od6.bodyPointsAfter({ bodyPoints: 3, damage: 14, resistance: 9 })).toBe(-2);
  });

  it("takes 1D from every roll for each action beyond the first", () => {
    expect([1, 2, 3, 5].map((n) => od6.multiActionPenalty(n))).toEqual(["0D", "1D", "2D", "4D"]);
    expect(() => od6.multiActionPenalty(1.5)).toThrow(RangeError);
    expect(() => od6.multiActionPenalty(-1)).toThrow(RangeError);
  });
});
