import { describe, expect, it } from "vitest";
import {
  FadeWeaponError,
  attackKind,
  damagePoolFor,
  declaredCalledShot,
  defenseAgainst,
  derive,
  toHitPool,
  type FadeSource,
} from "../../src/rulesets/fade/rules";

const source: FadeSource = {
  strength: 6,
  agility: 6,
  endurance: 4,
  smarts: 2,
  luck: 3,
  magic: 4,
  resistance: 2,
  level: 3,
  classHp: 12,
  hpGained: 6,
  speciesSize: 2,
  classSoak: 2,
  speed: 6,
  attacksPerRound: 1,
};
const derived = derive(source);
const sword = { baseDamage: "4k2", penetration: 2 };

describe("attack plan (to-hit and damage pools from a weapon and the dialog's choices)", () => {
  it("reads the kind from the weapon, or from the dialog's spell choice", () => {
    expect(attackKind(sword)).toBe("weapon");
    expect(attackKind({ ...sword, finesse: true })).toBe("finesse");
    expect(attackKind({ ...sword, spell: true })).toBe("spell");
    expect(attackKind({ ...sword, spell: true }, { spell: false })).toBe("weapon");
    expect(attackKind(sword, { spell: true })).toBe("spell");
  });

  it("rolls the kind's to-hit pool with flanking, a called shot and extra kept dice", () => {
    expect(toHitPool(derived, sword)).toBe("6k3");
    expect(toHitPool(derived, { ...sword, spell: true })).toBe("4k2");
    expect(toHitPool(derived, sword, { modifiers: ["flanking"] })).toBe("7k3");
    expect(toHitPool(derived, sword, { modifiers: ["calledShot", "charge"] })).toBe("4k3+2");
    expect(toHitPool(derived, sword, { extra: { kept: 1 } })).toBe("6k4");
  });

  it("leaves a pool pushed below one die to the dice engine's Negative Dice", () => {
    const weak = derive({ ...source, agility: 1 });
    expect(toHitPool(weak, sword, { modifiers: ["calledShot"] })).toBe("-1k0");
    const two = derive({ ...source, agility: 2 });
    expect(toHitPool(two, sword, { modifiers: ["calledShot", "criticalFailure"] })).toBe("-2k1");
  });

  it("adds the attribute's damage (Strength, Agility for finesse, Magic for spells) and two-handing once", () => {
    // The text's example: Strength 6 with 4k2 rolls 7k3.
    expect(damagePoolFor(derived, sword)).toBe("7k3");
    expect(damagePoolFor(derived, { ...sword, finesse: true })).toBe("7k3");
    expect(damagePoolFor(derived, { ...sword, spell: true })).toBe("6k3");
    expect(damagePoolFor(derived, sword, { modifiers: ["twoHanding", "charge"] })).toBe("8k3+2");
    // A two-handed weapon has the +1k0 in its base damage already.
    expect(damagePoolFor(derived, { ...sword, twoHanded: true }, { modifiers: ["twoHanding"] })).toBe("7k3");
  });

  it("makes both rolls explode when the weapon says so", () => {
    expect(toHitPool(derived, { ...sword, explodesOn: 9 })).toBe("6k3x9");
    expect(damagePoolFor(derived, { ...sword, explodesOn: 10 })).toBe("7k3x");
    expect(toHitPool(derived, { ...sword, explodesOn: 0 })).toBe("6k3");
  });

  it("refuses base damage that is not keep dice, naming it", () => {
    for (const baseDamage of ["4d6", "banana", ""]) {
      const error = (() => {
        try {
          damagePoolFor(derived, { baseDamage });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(FadeWeaponError);
      expect((error as FadeWeaponError).key).toBe("ANTHOLOGY.Fade.Errors.baseDamage");
      expect((error as FadeWeaponError).data).toEqual({ value: baseDamage });
    }
  });

  it("meets the weapon's defense, or the chosen one, in the against-spells variant for a spell", () => {
    expect(defenseAgainst(derived, sword)).toEqual({ id: "defense", vsSpells: false, value: 22 });
    expect(defenseAgainst(derived, { ...sword, defense: "avoid" })).toEqual({
      id: "avoid",
      vsSpells: false,
      value: 16,
    });
    expect(defenseAgainst(derived, { ...sword, spell: true })).toEqual({ id: "defense", vsSpells: true, value: 18 });
    expect(defenseAgainst(derived, sword, { spell: true, defense: "bodilyDefense" })).toEqual({
      id: "bodilyDefense",
      vsSpells: true,
      value: 17,
    });
  });
});

describe("a declared called shot (issue 16: only one declared with its -2k0 earns an effect)", () => {
  it("is the part an attack aims at with the called-shot modifier", () => {
    expect(declaredCalledShot({ modifiers: ["calledShot"], calledShot: "head" })).toBe("head");
  });
  it("is no called shot when a part is merely chosen (the damage dialog's location), or without a part", () => {
    expect(declaredCalledShot({ calledShot: "head" })).toBeNull();
    expect(declaredCalledShot({ modifiers: ["flanking"], calledShot: "leftArm" })).toBeNull();
    expect(declaredCalledShot({ modifiers: ["calledShot"] })).toBeNull();
  });
});
