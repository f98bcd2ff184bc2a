import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { usualDefense } from "../../src/rulesets/hod/rules/defense";
import { specialAction } from "../../src/rulesets/hod/rules/special-actions";
import { attackToHit, specialToHit } from "../../src/rulesets/hod/rules/to-hit";
import {
  canThrow,
  defaultUse,
  meleeOrThrown,
  weaponInUse,
  weaponUseRefused,
} from "../../src/rulesets/hod/rules/weapon-use";
import type { HodSource } from "../../src/rulesets/hod/rules/derive";

// A thrown weapon struck in melee is a melee attack for every rule that asks (shared/rules/README.md).

const source: HodSource = { accuracy: 2, strength: 3, dexterity: 1 };
const dagger = { category: "daggers", range: 10, thrown: true } as const;
const javelin = { category: "javelins", range: 30, thrown: true } as const;
const longsword = { category: "lightSwords", range: 0, thrown: false } as const;
const shortbow = { category: "bows", range: 40, thrown: false } as const;
const steady = { surprised: false, unsteady: false, helpless: false, meleeWeapon: true };

describe("Heroes of Destiny: a thrown weapon struck in melee or thrown", () => {
  it("offers both uses only for a thrown weapon with a range increment; a bow, a sword, a fist or a spell are what they are", () => {
    expect(meleeOrThrown(dagger)).toBe(true);
    expect(defaultUse(dagger)).toBe("melee");
    expect(canThrow(javelin)).toBe(true);
    for (const weapon of [longsword, shortbow, { category: "unarmed", range: 0 }, { category: "spell", range: 60 }]) {
      expect(meleeOrThrown(weapon)).toBe(false);
      expect(defaultUse(weapon)).toBeNull();
    }
    // Marked thrown but without a range increment: nothing to throw it by.
    expect(canThrow({ category: "daggers", range: 0, thrown: true })).toBe(false);
  });

  it("refuses a use the weapon cannot make: a weapon that cannot be thrown is never thrown, a bow never strikes in melee", () => {
    expect(weaponUseRefused(dagger, "melee")).toBeNull();
    expect(weaponUseRefused(dagger, "thrown")).toBeNull();
    expect(weaponUseRefused(dagger, undefined)).toBeNull();
    expect(weaponUseRefused(longsword, "melee")).toBeNull();
    expect(weaponUseRefused(longsword, "thrown")).toBe("ANTHOLOGY.HoD.Errors.cannotThrow");
    expect(weaponUseRefused(shortbow, "thrown")).toBe("ANTHOLOGY.HoD.Errors.cannotThrow");
    expect(weaponUseRefused(shortbow, "melee")).toBe("ANTHOLOGY.HoD.Errors.notMelee");
    expect(weaponUseRefused(dagger, "<b>lob</b>")).toBe("ANTHOLOGY.HoD.Errors.cannotThrow");
    // Struck in melee, the weapon has no range increment; thrown, or absent a choice, it is as it is.
    expect(weaponInUse(dagger, "melee")).toEqual({ ...dagger, range: 0 });
    expect(weaponInUse(dagger, "thrown")).toBe(dagger);
    expect(weaponInUse(dagger, undefined)).toBe(dagger);
    expect(weaponInUse(shortbow, "melee")).toBe(shortbow);
  });

  it('"This provides all melee attackers with a +2 bonus to hit the flanked character. Ranged attacks do not benefit from this.": a dagger stabbed gets it, thrown not', () => {
    const situation = { modifiers: ["flanked"] };
    const stab = attackToHit({ source, weapon: weaponInUse(dagger, "melee"), situation });
    expect(stab.melee).toBe(true);
    expect(stab.plan.modifiers).toContainEqual({ id: "flanked", value: 2 });
    const thrown = attackToHit({ source, weapon: weaponInUse(dagger, "thrown"), situation });
    expect(thrown.melee).toBe(false);
    expect(thrown.plan.modifiers).not.toContainEqual({ id: "flanked", value: 2 });
  });

  it('"cannot use ranged weapons except for crossbows, and suffer a -4 penalty to attack with any melee weapon": prone, a dagger stabs at −4 and cannot be thrown', () => {
    const prone = { stance: "prone" };
    const stab = attackToHit({ source, weapon: weaponInUse(dagger, "melee"), stance: prone });
    expect(stab.refused).toBeNull();
    expect(stab.plan.modifiers).toContainEqual({ id: "stance", value: -4 });
    expect(attackToHit({ source, weapon: weaponInUse(dagger, "thrown"), stance: prone }).refused).toBe(
      "ANTHOLOGY.HoD.Stance.refused.prone",
    );
  });

  it('"You gain a +4 to defense against ranged attacks." / "You take a -4 to defense against melee attacks": a prone defender meets a stabbed dagger at −4, a thrown one at +4', () => {
    const defenses = { primary: 15, passive: 13, vigor: 11, celerity: 14, spirit: 10 };
    const defender = { defenses, stance: { stance: "prone" }, attackBonus: 0, shield: 0 };
    const primary = defenses.primary;
    const stab = attackToHit({ source, weapon: weaponInUse(dagger, "melee") });
    const thrown = attackToHit({ source, weapon: weaponInUse(dagger, "thrown") });
    expect(api.rules.hod.metDefense(defender, "primary", stab.melee).value).toBe(primary - 4);
    expect(api.rules.hod.metDefense(defender, "primary", thrown.melee).value).toBe(primary + 4);
  });

  it('"Passive defense replaces your Primary defense whenever you are ... targeted in melee while not wielding a melee weapon": a stabbed dagger meets an unarmed target\'s Passive', () => {
    const unarmed = { ...steady, meleeWeapon: false };
    expect(usualDefense({ defense: null, ...weaponInUse(dagger, "melee") }, unarmed)).toBe("passive");
    expect(usualDefense({ defense: null, ...weaponInUse(dagger, "thrown") }, unarmed)).toBe("primary");
  });

  it('"Feint / Attack: Melee vs. Spirit" and "Distract Opponent / Attack: Melee vs. Spirit": Zherynn, "stabbing Garret with his dagger", can feint and distract with it', () => {
    for (const id of ["feint", "distract"]) {
      const action = specialAction(id)!;
      expect(action.attack.kind).toBe("melee");
      const roll = specialToHit({ action, source, weapon: weaponInUse(dagger, "melee"), situation: {} });
      expect(roll.melee).toBe(true);
      // Daggers add Dexterity: Accuracy 2 + Dexterity 1.
      expect(roll.formula).toBe("1d20 + 3");
    }
  });

  it('"When using a thrown weapon (such as a javelin or sling), the maximum range is 10 increments, modified by 1 increment for each point of Strength": only thrown', () => {
    const far = { distance: 390 };
    expect(attackToHit({ source, weapon: weaponInUse(javelin, "thrown"), situation: far }).plan).toMatchObject({
      ranged: true,
      inRange: true,
      modifiers: [{ id: "range", value: -12 }],
    });
    // Struck in melee the distance is no part of it: no penalty.
    expect(attackToHit({ source, weapon: weaponInUse(javelin, "melee"), situation: far }).plan).toMatchObject({
      ranged: false,
      inRange: true,
      modifiers: [],
    });
  });

  it("is reachable under api.rules.hod", () => {
    expect(api.rules.hod.weaponUses).toEqual(["melee", "thrown"]);
    expect(api.rules.hod.weaponUseRefused(shortbow, "melee")).toBe("ANTHOLOGY.HoD.Errors.notMelee");
    expect(api.rules.hod.weaponInUse(dagger, "melee").range).toBe(0);
    expect(api.rules.hod.meleeOrThrown(dagger)).toBe(true);
    expect(api.rules.hod.canThrow(longsword)).toBe(false);
    expect(api.rules.hod.defaultUse(dagger)).toBe("melee");
  });
});
