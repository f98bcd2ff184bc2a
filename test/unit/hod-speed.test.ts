import { describe, expect, it } from "vitest";
import { TimeCountError } from "../../src/time-count/time-count-error";
import { scriptedDie } from "../../src/dice";
import { actionSpeedFactor, actionSpeedPlan, settleActionSpeed } from "../../src/rulesets/hod/rules/action-speed";
import { actChoicePlan } from "../../src/rulesets/hod/rules/act-choice";
import { COMBAT_ACTIONS, combatAction } from "../../src/rulesets/hod/rules/actions";
import {
  SPEED_CLASSES,
  SPEED_TABLE,
  speedFactor,
  speedFactorFormula,
  stepSpeedClass,
  type SpeedClass,
} from "../../src/rulesets/hod/rules/speed";

/** Every face of a class's die, each SF it gives: the exact range of the random SF. */
function range(speedClass: SpeedClass): number[] {
  const row = SPEED_TABLE[speedClass];
  return Array.from({ length: Math.max(1, row.sides) }, (_, i) =>
    speedFactor(speedClass, { die: scriptedDie([i + 1]) }),
  );
}

describe("Heroes of Destiny speed classes", () => {
  it.each([
    ["free", 0, 0, 0],
    ["rapid", 1, 4, 2],
    ["swift", 3, 6, 4],
    ["fast", 4, 9, 6],
    ["standard", 7, 12, 9],
    ["slow", 9, 16, 12],
    ["sluggish", 11, 20, 15],
    ["lethargic", 13, 24, 18],
    ["sedentary", 17, 28, 22],
  ] as const)("%s rolls %i to %i, static %i", (speedClass, low, high, fixed) => {
    const sfs = range(speedClass);
    expect(Math.min(...sfs)).toBe(low);
    expect(Math.max(...sfs)).toBe(high);
    expect(speedFactor(speedClass, { static: true })).toBe(fixed);
  });

  it("each static SF is its random SF's mean, rounded down", () => {
    for (const speedClass of SPEED_CLASSES) {
      const sfs = range(speedClass);
      expect(SPEED_TABLE[speedClass].fixed).toBe(Math.floor(sfs.reduce((a, b) => a + b, 0) / sfs.length));
    }
  });

  it("steps along the table, no faster than Rapid unless allowed, +4 per step beyond Sedentary", () => {
    expect(stepSpeedClass("standard", 1)).toEqual({ speedClass: "slow", extra: 0 });
    expect(stepSpeedClass("standard", -2)).toEqual({ speedClass: "swift", extra: 0 });
    expect(stepSpeedClass("swift", -5)).toEqual({ speedClass: "rapid", extra: 0 });
    expect(stepSpeedClass("swift", -5, true)).toEqual({ speedClass: "free", extra: 0 });
    expect(stepSpeedClass("lethargic", 3)).toEqual({ speedClass: "sedentary", extra: 8 });
    expect(stepSpeedClass("free", 1)).toEqual({ speedClass: "rapid", extra: 0 });
    expect(stepSpeedClass("free", -1)).toEqual({ speedClass: "free", extra: 0 });
    expect(speedFactor("sedentary", { static: true, steps: 2 })).toBe(30);
  });

  it("applies class steps before the SF modifier, and never goes below 1 (Free stays 0)", () => {
    // Standard one step faster is Fast (static 6), then -2: 4.
    expect(speedFactor("standard", { static: true, steps: -1, modifier: -2 })).toBe(4);
    expect(speedFactor("rapid", { die: scriptedDie([1]), modifier: -5 })).toBe(1);
    expect(speedFactor("free", { static: true, modifier: 5 })).toBe(0);
    expect(speedFactor("rapid", { static: true, steps: -1, fasterThanRapid: true, modifier: 3 })).toBe(0);
  });

  it("writes the same SF as a formula to roll visibly", () => {
    expect(speedFactorFormula("standard").formula).toBe("1d6+6");
    expect(speedFactorFormula("rapid").formula).toBe("1d4");
    expect(speedFactorFormula("sedentary", { steps: 1, modifier: -2 }).formula).toBe("1d12+16+4-2");
    expect(speedFactorFormula("slow", { static: true }).formula).toBe("12");
    expect(speedFactorFormula("free", { modifier: 3 }).formula).toBe("0");
  });

  it("refuses a class that is not in the table and modifiers that are not numbers", () => {
    expect(() => speedFactor("quick" as SpeedClass)).toThrow(TimeCountError);
    expect(() => speedFactor("slow", { modifier: Number.NaN })).toThrow(TimeCountError);
    expect(() => speedFactor("slow", { steps: Infinity })).toThrow(TimeCountError);
  });
});

describe("Heroes of Destiny combat actions", () => {
  it("lists every action of the text's table with a speed", () => {
    // The table's 28, charging a prepared spell or releasing a charge (1 TC each, "Preparing a Spell"),
    // and moving a count (1 TC, "Handling Movement in Combat").
    expect(COMBAT_ACTIONS).toHaveLength(31);
    expect(combatAction("move")!.speed).toEqual({ kind: "fixed", value: 1 });
    expect(new Set(COMBAT_ACTIONS.map((a) => a.id)).size).toBe(COMBAT_ACTIONS.length);
    expect(combatAction("drinkPotion")!.speed).toEqual({ kind: "class", speedClass: "fast" });
    expect(combatAction("standUp")!.speed).toEqual({ kind: "class", speedClass: "swift" });
  });

  it("costs what the table says", () => {
    const sf = (id: string, context = {}) => actionSpeedFactor(combatAction(id)!, { static: true, ...context });
    expect(sf("dropItem")).toBe(0);
    expect(sf("drawWeapon")).toBe(2);
    expect(sf("stabilize")).toBe(12);
    expect(sf("castSpell")).toBe(1);
    expect(sf("escapeNet")).toBe(9);
    expect(sf("extinguishFlames")).toBe(9);
    expect(sf("prepareSpell", { castingTime: 14 })).toBe(14);
    // A spell's casting time as its speed class: Standard's static SF.
    expect(sf("prepareSpell", { weaponClass: "standard" })).toBe(9);
    expect(sf("chargeSpell")).toBe(1);
    expect(sf("releaseCharge")).toBe(1);
    expect(sf("attack", { weaponClass: "slow" })).toBe(12);
    expect(sf("feint", { weaponClass: "standard" })).toBe(4);
    expect(sf("attack", { weaponClass: "standard", extras: ["concentrate", "controlMount"] })).toBe(12);
  });

  it("rolls them for player characters, a fumble adding 1d6", () => {
    const die = scriptedDie([3, 5]);
    // Standard 1d6+6 rolls 3 (9), the fumble's 1d6 a 5: 14.
    expect(actionSpeedFactor(combatAction("attack")!, { weaponClass: "standard", fumble: true, die })).toBe(14);
    expect(actionSpeedPlan(combatAction("attack")!, { weaponClass: "standard", fumble: true })).toEqual({
      base: "1d6+6",
      factor: 1,
      extra: "1d6",
      free: false,
    });
    expect(actionSpeedFactor(combatAction("escapeNet")!, { die: scriptedDie([8]) })).toBe(13);
    // A feint with a Rapid weapon rolling 1 would be half of 1: never below 1.
    expect(actionSpeedFactor(combatAction("feint")!, { weaponClass: "rapid", die: scriptedDie([1]) })).toBe(1);
  });

  it("refuses a spell without a casting time", () => {
    expect(() => actionSpeedFactor(combatAction("prepareSpell")!, {})).toThrow(TimeCountError);
    expect(() => actionSpeedFactor(combatAction("readScroll")!, { castingTime: -3 })).toThrow(TimeCountError);
  });
});

describe("two-weapon fighting on the Time Count (issue 16)", () => {
  const action = combatAction;
  const attack = action("attack")!;
  it("makes an alternating attack one speed class faster than the weapon's own", () => {
    // A Standard weapon, alternating, has the static SF of a Fast one.
    const standard = actionSpeedFactor(attack, { weaponClass: "standard", static: true });
    const fast = actionSpeedFactor(attack, { weaponClass: "fast", static: true });
    expect(actionSpeedFactor(attack, { weaponClass: "standard", alternating: true, static: true })).toBe(fast);
    expect(standard).toBeGreaterThan(fast);
    // Only attacks speed up: alternating means nothing to a fixed action.
    const cast = action("castSpell")!;
    expect(actionSpeedPlan(cast, { alternating: true }).base).toBe(actionSpeedPlan(cast).base);
  });

  it("rolls both weapons' speed factors for two at once and takes the worse", () => {
    const plan = actionSpeedPlan(attack, { weaponClass: "fast", offHandClass: "slow" });
    expect(plan.offHand).toBeDefined();
    expect(settleActionSpeed(plan, 7, 0, 12)).toBe(12);
    expect(settleActionSpeed(plan, 9, 0, 4)).toBe(9);
    // With scripted dice: whichever falls higher counts.
    const both = actionSpeedFactor(attack, { weaponClass: "fast", offHandClass: "fast", static: true });
    expect(both).toBe(actionSpeedFactor(attack, { weaponClass: "fast", static: true }));
  });

  it("takes both from a choice the Act dialog or a sheet sends", () => {
    expect(actChoicePlan({ action: "attack", weaponClass: "standard", alternating: true }, false).base).toBe(
      actChoicePlan({ action: "attack", weaponClass: "fast" }, false).base,
    );
    expect(actChoicePlan({ action: "attack", weaponClass: "fast", offHandClass: "slow" }, true).offHand).toBeTruthy();
    expect(() => actChoicePlan({ action: "attack", weaponClass: "fast", offHandClass: "nope" }, true)).toThrow();
  });
});
