import { describe, expect, it } from "vitest";
import { api } from "../../src/api";

// heroes-of-destiny.txt: "Passive defense replaces your Primary defense whenever you are surprised,
// unsteady, immobile, ..." Each condition that leaves a creature immobile, through the public rules.

const hod = api.rules.hod;
const steady = { surprised: false, unsteady: false, helpless: false, meleeWeapon: true };
const sword = { defense: null, range: 0 };
const defender = (immobile: boolean) => ({
  defenses: { primary: 16, passive: 14, vigor: 12, celerity: 12, spirit: 11 },
  stance: { stance: "" },
  attackBonus: 5,
  shield: 0,
  immobile,
});

/** A creature immobile for this reason falls to Passive, whichever way the defense is reached. */
function fallsToPassive(state: Parameters<typeof hod.isImmobile>[0]): void {
  expect(hod.isImmobile(state)).toBe(true);
  const immobile = hod.isImmobile(state);
  expect(hod.usualDefense(sword, { ...steady, immobile })).toBe("passive");
  expect(hod.metDefense(defender(immobile), "primary", true)).toMatchObject({
    id: "primary",
    met: "passive",
    value: 14,
  });
  // Vigor, Celerity and Spirit stay what they are.
  expect(hod.metDefense(defender(immobile), "vigor", true)).toMatchObject({ met: "vigor", value: 12 });
}

describe("Heroes of Destiny: immobile targets fall to Passive", () => {
  it('"Hit: The target is immobilized" (Grab): a grabbed creature meets attacks with Passive; it may not move', () => {
    fallsToPassive({ grabbed: true });
    fallsToPassive({ statuses: ["hod-grabbed"] });
    expect(hod.immobileCausesOf({ grabbed: true })).toEqual(["grabbed"]);
    // A grab's own limits stay grabbedRefusal's (tested with the effects).
    expect(hod.immobileRefusal({ grabbed: true }, "move")).toBeNull();
  });

  it('"The target is immobile until the weapon is removed" (Staple): Passive, and no move; it may still attack', () => {
    fallsToPassive({ statuses: [hod.stapledStatus] });
    expect(hod.immobileRefusal({ statuses: ["hod-stapled"] }, "move")).toBe("ANTHOLOGY.HoD.Immobile.stapled");
    expect(hod.immobileRefusal({ statuses: ["hod-stapled"] }, "attack")).toBeNull();
  });

  it('"If your total paralysis damage is three times your Vigor or more, you are completely immobile and unable to move or act."', () => {
    // Vigor 11: 33 points immobilize; 32 only slow.
    expect(hod.isImmobile({ paralysis: 32, vigor: 11 })).toBe(false);
    fallsToPassive({ paralysis: 33, vigor: 11 });
    for (const act of ["move", "attack", "act"] as const) {
      expect(hod.immobileRefusal({ paralysis: 33, vigor: 11 }, act)).toBe("ANTHOLOGY.HoD.Immobile.paralysed");
    }
    expect(hod.immobileRefusal({ paralysis: 32, vigor: 11 }, "attack")).toBeNull();
  });

  it('"Once a character has sustained 10 points of petrification damage, he is fully petrified.": Passive, no move, no act', () => {
    expect(hod.isImmobile({ petrification: 9 })).toBe(false);
    fallsToPassive({ petrification: 10 });
    for (const act of ["move", "attack", "act"] as const) {
      expect(hod.immobileRefusal({ petrification: 10 }, act)).toBe("ANTHOLOGY.HoD.Immobile.petrified");
    }
  });

  it('"every 2 points reduces your speed by ¼ (to a minimum of 0 ft at 8 damage)": no move from 8 points', () => {
    expect(hod.immobileRefusal({ petrification: 7 }, "move")).toBeNull();
    expect(hod.immobileRefusal({ petrification: 8 }, "move")).toBe("ANTHOLOGY.HoD.Immobile.noSpeed");
    expect(hod.immobileRefusal({ petrification: 8 }, "attack")).toBeNull();
  });

  it('"You are considered immobile during preparation" (Coup de grâce): Passive, and "You cannot act during preparation"', () => {
    fallsToPassive({ preparing: true });
    for (const act of ["move", "attack", "act"] as const) {
      expect(hod.immobileRefusal({ preparing: true }, act)).toBe("ANTHOLOGY.HoD.Immobile.preparing");
    }
  });

  it("a creature with none of them is not immobile and meets attacks with Primary", () => {
    expect(hod.immobileCausesOf({ statuses: ["prone"], paralysis: 5, vigor: 11, petrification: 3 })).toEqual([]);
    expect(hod.usualDefense(sword, { ...steady, immobile: false })).toBe("primary");
    expect(hod.metDefense(defender(false), "primary", true)).toMatchObject({ met: "primary", value: 16 });
    expect(hod.immobileCauses).toEqual(["grabbed", "stapled", "paralysed", "petrified", "preparing"]);
  });
});

describe("Heroes of Destiny: the Spellcasting stance", () => {
  it('"Drawback: You use your Passive defense and cannot do anything else except move at half speed while casting."', () => {
    expect(hod.stanceDefense({ stance: "spellcasting" }, { defense: "primary", melee: true })).toEqual({
      defense: "passive",
      modifier: 0,
    });
    expect(hod.halvesMovement("spellcasting")).toBe(true);
    expect(hod.paceSpeed(20, "base", { half: true })).toBe(10);
    expect(hod.paceSpeed(30, "base", { half: true })).toBe(15);
    expect(hod.paceSpeed(20, "run", { half: true })).toBe(15);
  });

  it('Parrying: "You move at half speed"; the other stances move at full speed', () => {
    expect(hod.halvesMovement("parrying")).toBe(true);
    for (const stance of ["", "cautious", "crouch", "poised", "prone"]) expect(hod.halvesMovement(stance)).toBe(false);
  });
});
