import { describe, expect, it } from "vitest";
import { preparationDone } from "../../src/rulesets/hod/rules/spells";
import { castChance, castChoicesFromForm } from "../../src/rulesets/hod/chat/spell-form";
import { api } from "../../src/api";

// The Foundry side's pure parts of spellcasting: when a casting time is over, and the exact chance
// of the Arcana check.
describe("Heroes of Destiny: when a preparation is over", () => {
  it("counts the casting time on the Time Count: done once the caster is due at a later count", () => {
    const begun = { prepared: false, since: 6 };
    expect(preparationDone(begun, { state: "notDue", tc: 8 })).toBe(false);
    expect(preparationDone(begun, { state: "due", tc: 6 })).toBe(false);
    expect(preparationDone(begun, { state: "due", tc: 11 })).toBe(true);
    // Outside a Time Count (or once the fight is over) nothing holds it back.
    expect(preparationDone({ prepared: false, since: -1 }, { state: "notDue", tc: 3 })).toBe(true);
    expect(preparationDone(begun, { state: "none" })).toBe(true);
    expect(preparationDone({ prepared: true, since: 6 }, { state: "notDue", tc: 7 })).toBe(true);
  });
});

describe("Heroes of Destiny: how long a spell is held", () => {
  it('"if a spell is not completed and cast within the span of the encounter, or immediately thereafter, it is lost to no effect"', () => {
    const spells = api.rules.hod.spells;
    expect(spells.lostAt).toEqual(["encounterEnd", "rest"]);
    expect(spells.spellLostAt("encounterEnd")).toBe(true);
    // A night's sleep comes later still: lost then too.
    expect(spells.spellLostAt("rest")).toBe(true);
    // Nothing else on the clock loses it: a new count, a new round.
    expect(spells.spellLostAt("advance")).toBe(false);
    expect(spells.spellLostAt("round")).toBe(false);
  });
});

describe("Heroes of Destiny: the Arcana check's exact chance", () => {
  it("counts the 216 ways of 3d6", () => {
    // 3d6 reaches 11 in exactly half the ways; 18 in one.
    expect(castChance(0, 11, false)).toBe(108 / 216);
    expect(castChance(0, 18, false)).toBe(1 / 216);
    expect(castChance(3, 6, false)).toBe(1);
    // Taking 10: certain or impossible.
    expect(castChance(3, 13, true)).toBe(1);
    expect(castChance(3, 14, true)).toBe(0);
  });

  it("reads the cast dialog, holding the charges to what the spell has", () => {
    expect(
      castChoicesFromForm(
        [
          ["takeTen", "on"],
          ["modifier", "2"],
          ["charges", "5"],
        ],
        2,
      ),
    ).toEqual({ takeTen: true, modifier: 2, charges: 2 });
    expect(
      castChoicesFromForm(
        [
          ["modifier", "abc"],
          ["charges", "-3"],
        ],
        2,
      ),
    ).toEqual({ takeTen: false, modifier: 0, charges: 0 });
  });
});

describe("Heroes of Destiny: a cast's fatigue and the check to stay conscious", () => {
  it('"every time thereafter that either your fatigue increases ... you must make a Constitution check (DC equal to your current fatigue minus your current hit points)"', () => {
    const spent = api.rules.hod.fatigueSpent;
    // HP 20 and 5 Invigoration: current HP 25. 24 + 2 = 26: DC 1.
    expect(spent({ hp: 20, invigoration: 5, fatigue: 24 }, 2)).toEqual({ fatigue: 26, unconsciousCheck: 1 });
    // Reaching current HP exactly: DC 0, still a check.
    expect(spent({ hp: 20, invigoration: 0, fatigue: 18 }, 2)).toEqual({ fatigue: 20, unconsciousCheck: 0 });
    // Below current HP: none.
    expect(spent({ hp: 20, invigoration: 0, fatigue: 10 }, 2)).toEqual({ fatigue: 12, unconsciousCheck: null });
    // Nothing spent (a spell of no cost): nothing new to check.
    expect(spent({ hp: 5, invigoration: 0, fatigue: 9 }, 0)).toEqual({ fatigue: 9, unconsciousCheck: null });
  });
});

describe("Heroes of Destiny: a spell's miss", () => {
  it('"On a hit, the spell takes full effect. On a miss, the spell may fail completely, do half damage, or have some other effect"', () => {
    const { attackDamageFactor, missFactor } = api.rules.hod.spells;
    expect(missFactor).toBe(0.5);
    expect(attackDamageFactor({ hit: true, spell: true, halfOnMiss: true })).toBe(1);
    expect(attackDamageFactor({ hit: false, spell: true, halfOnMiss: true })).toBe(0.5);
    // A spell that does not say so fails completely; a weapon's miss never deals damage.
    expect(attackDamageFactor({ hit: false, spell: true, halfOnMiss: false })).toBeNull();
    expect(attackDamageFactor({ hit: false, spell: false, halfOnMiss: true })).toBeNull();
    expect(attackDamageFactor({ hit: true, spell: false, halfOnMiss: false })).toBe(1);
  });
});
