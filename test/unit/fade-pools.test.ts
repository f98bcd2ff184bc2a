import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse, roll, scriptedDie } from "../../src/dice";
import {
  addPools,
  applyModifiers,
  attributeDamage,
  damagePool,
  formatPool,
  MODIFIER_IDS,
  MODIFIERS,
  isMeleeAttack,
  parryPool,
  parsePool,
  reactionMeets,
} from "../../src/rulesets/fade/rules";

describe("The Fade: damage pools", () => {
  it("adds half the attribute in dice and a quarter in kept dice, rounded down", () => {
    // 6 -> 3k1 (the text's example), 7 -> 3k1, 8 -> 4k2, 3 -> 1k0, 1 -> 0k0.
    expect([6, 7, 8, 3, 1].map((a) => formatPool(attributeDamage(a)))).toEqual(["3k1", "3k1", "4k2", "1k0", "0k0"]);
    expect(damagePool(6, "4k2")).toBe("7k3");
    expect(damagePool(8, "4k2")).toBe("8k4");
    expect(damagePool(0, "4k2")).toBe("4k2");
  });

  it("adds 1k0 for two-handing a one-handed weapon", () => {
    expect(damagePool(6, "4k2", { twoHanding: true })).toBe("8k3");
    expect(damagePool(6, "4k2", { twoHanding: false })).toBe("7k3");
  });

  it("takes further bonuses and keeps an exploding base exploding", () => {
    expect(damagePool(6, "4k2", { bonuses: [{ flat: 2 }] })).toBe("7k3+2"); // a charge
    expect(damagePool(6, "4k2x", { bonuses: ["1k1"] })).toBe("8k4x");
    expect(damagePool(6, { rolled: 4, kept: 2, flat: 1 })).toBe("7k3+1");
  });
});

describe("The Fade: pools and modifiers", () => {
  it("reads and writes keep notation, flat bonuses included", () => {
    expect(parsePool("7k3+2")).toEqual({ rolled: 7, kept: 3, flat: 2 });
    expect(parsePool("4k2x9")).toEqual({ rolled: 4, kept: 2, flat: 0, explode: 9 });
    expect(parsePool("+2")).toEqual({ rolled: 0, kept: 0, flat: 2 });
    expect(() => parsePool("1d20")).toThrow(RangeError);
    expect(formatPool(addPools("6k3", "1k0", { kept: 1, flat: -1 }))).toBe("7k4-1");
  });

  it("applies the named situational modifiers to the attack or the damage roll", () => {
    expect(applyModifiers("6k3", ["flanking"])).toBe("7k3");
    expect(applyModifiers("6k3", ["calledShot"])).toBe("4k3");
    expect(applyModifiers("6k3", ["flanking", "calledShot"])).toBe("5k3");
    expect(applyModifiers("6k3", ["charge"])).toBe("6k3+2");
    expect(applyModifiers("6k3", ["charge"], "damage")).toBe("6k3+2");
    expect(applyModifiers("4k2", ["twoHanding"], "damage")).toBe("5k2");
    expect(applyModifiers("4k2", ["twoHanding"])).toBe("4k2"); // no effect on the attack
    expect(applyModifiers("6k3", ["criticalFailure", "armHit"])).toBe("3k3");
    expect(applyModifiers("6k3", ["armSevered"])).toBe("4k3");
    expect(applyModifiers("6k3", [{ kept: 1 }])).toBe("6k4"); // extra kept dice
    expect(MODIFIERS.charge.defenseAndAvoid).toBe(-2);
    expect(MODIFIERS.calledShot.needsLocation).toBe(true);
    expect(Object.keys(MODIFIERS)).toEqual([...MODIFIER_IDS]);
  });

  it("leaves a pool pushed below one die to the dice engine's Negative Dice", () => {
    const pool = applyModifiers("1k1", ["calledShot"]);
    expect(pool).toBe("-1k1");
    // -1 dice: two dice rolled, the lowest kept.
    expect(roll(pool, { die: scriptedDie([8, 3]) }).total).toBe(3);
    // No kept dice at all: the check cannot be made.
    expect(roll(applyModifiers("3k1", [{ kept: -1 }])).impossible).toBe(true);
  });

  it("adds modifiers part by part, and the dice engine agrees", () => {
    const bonus = fc.record({
      rolled: fc.integer({ min: -3, max: 3 }),
      kept: fc.integer({ min: -2, max: 2 }),
      flat: fc.integer({ min: -5, max: 5 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 5 }), fc.array(bonus), (r, k, bs) => {
        const out = parse(applyModifiers(`${r}k${k}`, bs));
        const sum = (key: "rolled" | "kept" | "flat") => bs.reduce((s, b) => s + b[key], 0);
        expect(out).toMatchObject({ kind: "keep", rolled: r + sum("rolled"), kept: k + sum("kept") });
        expect(out.kind === "keep" && out.modifier).toBe(sum("flat"));
      }),
    );
  });
});

describe("a parry (issue 16: the dodge's table, rolled with the weapon's attack)", () => {
  const derived = { physicalToHit: "6k3", magicalToHit: "0k0", dodge: "6k1" };
  it("rolls the weapon's attack dice, kept as the dodge keeps them", () => {
    // Agility 6 at level 3: a 6k3 sword parries with 6k1, not its full 6k3.
    expect(parryPool(derived, { baseDamage: "4k2" })).toBe("6k1");
    // At level 11 the dodge keeps 3; a weapon that explodes on 9 explodes in the parry too.
    expect(parryPool({ ...derived, dodge: "6k3" }, { baseDamage: "4k2", explodesOn: 9 })).toBe("6k3x9");
  });
  it("meets only a melee attack; a dodge meets any", () => {
    expect(isMeleeAttack({ baseDamage: "4k2" })).toBe(true);
    expect(isMeleeAttack({ baseDamage: "4k2", range: 10 } as never)).toBe(false);
    expect(isMeleeAttack({ baseDamage: "4k2", spell: true })).toBe(false);
    expect(reactionMeets({ parry: true }, { melee: false })).toBe(false);
    expect(reactionMeets({ parry: false }, { melee: false })).toBe(true);
    expect(reactionMeets({ parry: true }, { melee: true })).toBe(true);
  });
});

describe("extra dice a player may type (docs/rules-decisions.md: at most 5 either way)", () => {
  it("holds a typed number to ±5 and tells pools within the bound from pools past it", async () => {
    const { EXTRA_DICE_BOUND, clampExtraDice, extraWithinBound } = await import("../../src/rulesets/fade/rules");
    expect(EXTRA_DICE_BOUND).toBe(5);
    expect([-100, -5, 0, 3, 5, 94].map(clampExtraDice)).toEqual([-5, -5, 0, 3, 5, 5]);
    expect(extraWithinBound(undefined, { rolled: 5, kept: -5 })).toBe(true);
    expect(extraWithinBound({ rolled: 2, kept: 1 }, { rolled: 6, kept: 0 })).toBe(false);
    expect(extraWithinBound({ rolled: 0, kept: -6 })).toBe(false);
  });
});
