import { describe, expect, it } from "vitest";
import { bonusOf, derive, plusPips, withDamageBonus, type OpenD6Source } from "../../src/rulesets/opend6/rules";

// What Active Effects add to an OpenD6 actor's numbers (`system.bonuses`, docs/opend6.md "Effects that
// change rolls"): codes in pips (3 pips are 1D), defense in points, the wound penalty in dice.

const hero: OpenD6Source = {
  attributes: { reflexes: "3D+1", coordination: "3D", physique: "4D+2", perception: "3D" },
  skills: { dodge: "1D", marksmanship: "1D+1", lifting: "" },
  wounds: "wounded",
  bodyPoints: { value: 20, max: 20 },
  armor: ["1D"],
};

describe("OpenD6 bonuses from Active Effects", () => {
  it("adds pips to a code, never below nothing nor above the largest code", () => {
    expect(plusPips("3D+1", 3)).toBe("4D+1");
    expect(plusPips("3D+1", 2)).toBe("4D");
    expect(plusPips("3D", -1)).toBe("2D+2");
    expect(plusPips("1D", -6)).toBe("0D");
    expect(plusPips("9999D", 9)).toBe("9999D+2");
    // An effect's value that is not a whole number counts its whole part; one that is no number, nothing.
    expect(plusPips("2D", 3.7)).toBe("3D");
    expect(plusPips("2D", Number.NaN)).toBe("2D");
    expect(bonusOf("3")).toBe(0);
    expect(bonusOf(-4.5)).toBe(-4);
  });

  it("adds a damage bonus only to a hit that does damage", () => {
    expect(withDamageBonus("4D", 3)).toBe("5D");
    expect(withDamageBonus("4D", -20)).toBe("0D");
    // A knockdown or push rolls no damage (0D): a bonus does not make it hurt.
    expect(withDamageBonus("0D", 3)).toBe("0D");
  });

  it("derives nothing new without bonuses, and every effected number with them", () => {
    const plain = derive(hero, { mode: "wounds" });
    expect(plain).toMatchObject({ attackBonus: 0, damageBonus: 0, passiveDefense: 10, woundPenalty: 1 });
    const d = derive(
      {
        ...hero,
        bonuses: {
          attributes: { physique: 3 },
          skills: { marksmanship: 3, dodge: -1 },
          attack: 2,
          damage: 3,
          passiveDefense: 2,
          resistance: 1,
          woundPenalty: -1,
        },
      },
      { mode: "wounds" },
    );
    // Physique 4D+2 and 1D: 5D+2; lifting (untrained) reads it too, and Strength Damage from it: 5 dice, 3D.
    expect(d.attributes.physique).toBe("5D+2");
    expect(d.skills.lifting!.code).toBe("5D+2");
    expect(d.strengthDamage).toBe("3D");
    // Coordination 3D, marksmanship 1D+1, and 1D from the effect: 5D+1; the stored dice are unchanged.
    expect(d.skills.marksmanship).toMatchObject({ code: "5D+1", added: "1D+1", trained: true });
    // Reflexes 3D+1 and dodge 1D, less a pip: 4D.
    expect(d.skills.dodge!.code).toBe("4D");
    // Resistance: Physique 5D+2, armor 1D and a pip: 7D.
    expect(d.resistance).toBe("7D");
    expect(d).toMatchObject({ attackBonus: 2, damageBonus: 3, passiveDefense: 12, woundPenalty: 0 });
  });

  it("never takes the wound penalty below none, and adds to it when an effect says so", () => {
    expect(derive({ ...hero, bonuses: { woundPenalty: -5 } }, { mode: "wounds" }).woundPenalty).toBe(0);
    expect(derive({ ...hero, bonuses: { woundPenalty: 1 } }, { mode: "wounds" }).woundPenalty).toBe(2);
    // Body Points: armor alone resists, with the effect's pips.
    expect(derive({ ...hero, bonuses: { resistance: 3 } }, { mode: "bodyPoints" }).resistance).toBe("2D");
  });
});
