import { describe, expect, it } from "vitest";
import { TimeCountError } from "../../src/time-count/time-count-error";
import { actChoicePlan } from "../../src/rulesets/hod/rules/act-choice";
import { judgeAttack, type HodAttackResult, type HodDefense } from "../../src/rulesets/hod/rules/attack";
import { ATTACK_MODIFIERS, attackModifierTotal } from "../../src/rulesets/hod/rules/modifiers";
import {
  SPECIAL_ACTIONS,
  specialAction,
  specialDefenses,
  specialOutcomes,
  targetsChoice,
  usesWeapon,
} from "../../src/rulesets/hod/rules/special-actions";
import { STANCES, revertSpeed, stanceAttack, stanceDefense } from "../../src/rulesets/hod/rules/stances";
import { api } from "../../src/api";

const judged = (total: number, defenses: Partial<Record<HodDefense, number>>, natural = 10) =>
  Object.fromEntries(
    Object.entries(defenses).map(([d, value]) => [d, judgeAttack({ natural, total, defense: value! })]),
  ) as Partial<Record<HodDefense, HodAttackResult>>;

const ids = (action: string, results: Partial<Record<HodDefense, HodAttackResult>>) =>
  specialOutcomes(specialAction(action)!, results).map((o) => o.key.split(".").pop());

describe("Heroes of Destiny special actions", () => {
  it("lists the text's seven wrestling and ten miscellaneous actions", () => {
    expect(SPECIAL_ACTIONS.filter((a) => a.group === "wrestling").map((a) => a.id)).toEqual([
      "breakGrab",
      "drag",
      "escapeGrab",
      "grab",
      "grapple",
      "shunt",
      "throw",
    ]);
    expect(SPECIAL_ACTIONS.filter((a) => a.group === "misc")).toHaveLength(10);
  });

  it("carries each action's numbers: attack, defense, speed and fatigue", () => {
    expect(specialAction("drag")).toMatchObject({
      attack: { kind: "attribute", attribute: "strength", modifier: -2 },
      defense: { mode: "one", defenses: ["vigor"] },
      speed: { kind: "class", speedClass: "standard" },
      fatigue: 1,
    });
    expect(specialAction("throw")).toMatchObject({
      defense: { mode: "and", defenses: ["vigor", "celerity"] },
      speed: { kind: "class", speedClass: "slow" },
      fatigue: 2,
    });
    expect(specialAction("coupDeGrace")).toMatchObject({
      attack: { kind: "weapon", modifier: 10 },
      defense: { defenses: ["passive"] },
      preparation: "slow",
    });
    expect(specialAction("disarm")).toMatchObject({
      attack: { modifier: -4 },
      speed: { kind: "weaponClass", steps: 1 },
    });
    expect(specialAction("quickStrike")!.speed).toEqual({ kind: "weaponClass", steps: -1 });
    expect(specialAction("feint")!.speed).toEqual({ kind: "weapon", factor: 0.5 });
    expect(specialAction("breakGrab")!.attack).toMatchObject({ kind: "skill", skill: "athletics" });
  });

  it("knows which actions need a weapon and which defense a weapon action meets", () => {
    expect(usesWeapon(specialAction("disarm")!)).toBe(true);
    expect(usesWeapon(specialAction("grab")!)).toBe(false);
    expect(specialDefenses(specialAction("quickStrike")!, "celerity")).toEqual(["celerity"]);
    expect(specialDefenses(specialAction("trip")!)).toEqual(["vigor"]);
  });

  it("adds Great Successes to a hit when the margin reaches them", () => {
    expect(ids("grapple", judged(14, { vigor: 15 }))).toEqual([]);
    expect(ids("grapple", judged(15, { vigor: 15 }))).toEqual(["hit"]);
    expect(ids("grapple", judged(20, { vigor: 15 }))).toEqual(["hit", "great5"]);
    expect(ids("grapple", judged(25, { vigor: 15 }))).toEqual(["hit", "great5", "great10"]);
  });

  it("applies a critical only on a critical roll, without granting a Great Success", () => {
    expect(ids("grab", judged(16, { celerity: 15 }, 20))).toEqual(["hit", "critical"]);
    expect(ids("grab", judged(16, { celerity: 15 }, 12))).toEqual(["hit"]);
  });

  it("compares one roll with each defense of an 'and' action", () => {
    expect(ids("throw", judged(16, { vigor: 14, celerity: 18 }))).toEqual(["hitVigor"]);
    expect(ids("throw", judged(20, { vigor: 15, celerity: 12 }))).toEqual(["hitVigor", "great5", "hitCelerity"]);
  });

  it("lets the target choose the worse defense for an 'or' action", () => {
    const results = judged(16, { vigor: 14, celerity: 17 });
    expect(targetsChoice(specialAction("bullRush")!, results)).toBe("celerity");
    expect(ids("bullRush", results)).toEqual([]);
    expect(ids("bullRush", judged(18, { vigor: 14, celerity: 17 }))).toEqual(["hit"]);
    expect(targetsChoice(specialAction("trip")!, results)).toBeNull();
  });
});

describe("Heroes of Destiny stances", () => {
  it("shifts at the text's speeds and stands up at theirs", () => {
    expect(Object.fromEntries(Object.values(STANCES).map((s) => [s.id, s.shift]))).toEqual({
      cautious: "swift",
      crouch: "rapid",
      parrying: "fast",
      poised: "swift",
      prone: "rapid",
      spellcasting: "free",
    });
    expect([revertSpeed("prone"), revertSpeed("crouch"), revertSpeed("cautious"), revertSpeed("")]).toEqual([
      "swift",
      "rapid",
      "free",
      "free",
    ]);
  });

  it("changes the holder's attacks", () => {
    expect(stanceAttack({ stance: "cautious" }, { melee: false })).toEqual({ modifier: -2, refused: null });
    expect(stanceAttack({ stance: "crouch" }, { melee: true }).modifier).toBe(-2);
    expect(stanceAttack({ stance: "crouch" }, { melee: false }).modifier).toBe(0);
    expect(stanceAttack({ stance: "prone" }, { melee: true }).modifier).toBe(-4);
    expect(stanceAttack({ stance: "prone" }, { melee: false, category: "bows" }).refused).toMatch(/prone/);
    expect(stanceAttack({ stance: "prone" }, { melee: false, category: "crossbows" }).refused).toBeNull();
    expect(stanceAttack({ stance: "parrying" }, { melee: true }).refused).toMatch(/parrying/);
    expect(stanceAttack({ stance: "" }, { melee: true })).toEqual({ modifier: 0, refused: null });
  });

  it("changes the defense an attack meets, benefits only once the shift is done", () => {
    expect(stanceDefense({ stance: "cautious" }, { defense: "primary", melee: true }).modifier).toBe(2);
    expect(stanceDefense({ stance: "cautious", shifting: true }, { defense: "primary", melee: true }).modifier).toBe(0);
    expect(stanceDefense({ stance: "prone" }, { defense: "primary", melee: false }).modifier).toBe(4);
    expect(stanceDefense({ stance: "prone" }, { defense: "passive", melee: true }).modifier).toBe(-4);
    expect(stanceDefense({ stance: "prone", shifting: true }, { defense: "primary", melee: true }).modifier).toBe(-4);
    expect(stanceDefense({ stance: "prone" }, { defense: "vigor", melee: true }).modifier).toBe(0);
    expect(stanceDefense({ stance: "crouch" }, { defense: "primary", melee: false }).modifier).toBe(2);
    expect(stanceDefense({ stance: "poised" }, { defense: "primary", melee: true }).defense).toBe("passive");
    expect(stanceDefense({ stance: "spellcasting" }, { defense: "primary", melee: false }).defense).toBe("passive");
  });

  it("parries with half the attack bonus and the shield counted twice, at least 2 in all (issue 16)", () => {
    const parry = (attackBonus: number, shield = 0) =>
      stanceDefense({ stance: "parrying" }, { defense: "primary", melee: true, attackBonus, shield }).modifier;
    expect(parry(7)).toBe(3); // half of 7 is 3
    expect(parry(2)).toBe(2); // half of 2 is 1: at least 2
    expect(parry(7, 2)).toBe(5); // 3 and the shield's 2 again
    // The minimum counts the shield too: bonus 2 and shield 2 is 1 + 2 = 3, not 2 + 2;
    // bonus 0 and shield 1 is 0 + 1, raised to 2, not 2 + 1.
    expect(parry(2, 2)).toBe(3);
    expect(parry(0, 1)).toBe(2);
  });

  it("lets a prone caster cast: the text's prone limits concern weapons (issue 16)", () => {
    expect(stanceAttack({ stance: "prone" }, { melee: false, category: "spell" })).toEqual({
      modifier: 0,
      refused: null,
    });
    expect(stanceAttack({ stance: "prone" }, { melee: true, category: "spell" })).toEqual({
      modifier: 0,
      refused: null,
    });
    expect(stanceAttack({ stance: "prone" }, { melee: true, category: "swords" }).modifier).toBe(-4);
  });
});

describe("Heroes of Destiny attack modifiers", () => {
  it("sums the chosen modifiers, counting only the worst cover and flanking only in melee", () => {
    expect(ATTACK_MODIFIERS.find((m) => m.id === "rear")!.value).toBe(4);
    expect(attackModifierTotal(["higherGround", "rear"], { melee: true })).toBe(5);
    expect(attackModifierTotal(["flanked"], { melee: true })).toBe(2);
    expect(attackModifierTotal(["flanked"], { melee: false })).toBe(0);
    expect(attackModifierTotal(["coverPartial", "coverImproved"], { melee: false })).toBe(-6);
    expect(attackModifierTotal(["nonsense", "<b>"], { melee: true })).toBe(0);
  });
});

describe("Time Count choices for special actions and stances", () => {
  it("costs a special action its class, or the weapon's class stepped", () => {
    expect(actChoicePlan({ action: "special", special: "grab" }, false).base).toBe("9");
    expect(actChoicePlan({ action: "special", special: "trip" }, true).base).toBe("1d6+3");
    // Disarm with a Fast weapon: one class slower, Standard.
    expect(actChoicePlan({ action: "special", special: "disarm", weaponClass: "fast" }, false).base).toBe("9");
    // Quick strike with a Swift weapon: Rapid, and never faster than Rapid.
    expect(actChoicePlan({ action: "special", special: "quickStrike", weaponClass: "swift" }, false).base).toBe("2");
    expect(actChoicePlan({ action: "special", special: "quickStrike", weaponClass: "rapid" }, false).base).toBe("2");
    expect(actChoicePlan({ action: "special", special: "feint", weaponClass: "standard" }, false)).toMatchObject({
      base: "9",
      factor: 0.5,
    });
  });

  it('"Once you begin moving, you revert to a basic stance automatically": a Move ends Poised, and only Poised', () => {
    const after = api.rules.hod.stanceAfterAction;
    expect(after("move", { stance: "poised" }, { timeCount: true })).toEqual({ stance: "", shifting: false });
    expect(after("move", { stance: "poised", shifting: true }, { timeCount: true })).toEqual({
      stance: "",
      shifting: false,
    });
    // Moving in any other stance keeps it (Parrying and Spellcasting halve the pace instead).
    expect(after("move", { stance: "parrying" }, { timeCount: true })).toBeNull();
    expect(after("move", { stance: "" }, { timeCount: true })).toBeNull();
    expect(after("drawWeapon", { stance: "poised" }, { timeCount: true })).toBeNull();
  });

  it('"Once you begin moving, you revert to a basic stance automatically": a special action that moves its performer ends Poised too', () => {
    const after = api.rules.hod.stanceAfterAction;
    // Approach ("You enter the target's space"), Bull Rush (you move with the target), Drag ("You and your
    // target move"), Shunt ("Both you and your target slide"), Tackle (a rush at the target).
    for (const special of ["approach", "bullRush", "drag", "shunt", "tackle"]) {
      expect(api.rules.hod.specialAction(special)?.moves).toBe(true);
      expect(after("special", { stance: "poised" }, { timeCount: true, special })).toEqual({
        stance: "",
        shifting: false,
      });
      expect(after("special", { stance: "crouch" }, { timeCount: true, special })).toBeNull();
    }
    // Actions that leave the performer where it stands keep Poised.
    for (const special of ["grab", "trip", "feint", "disarm", "throw", undefined]) {
      expect(after("special", { stance: "poised" }, { timeCount: true, special })).toBeNull();
    }
  });

  it('"Shifting into a given stance is a standard action with an SF of its shift speed": a stance act shifts into it (its drawbacks until done), a revert leaves it', async () => {
    const after = api.rules.hod.stanceAfterAction;
    expect(after("stance", { stance: "" }, { timeCount: true, stance: "crouch" })).toEqual({
      stance: "crouch",
      shifting: true,
    });
    expect(after("stance", { stance: "crouch" }, { timeCount: true, stance: "crouch" })).toBeNull();
    expect(after("stance", { stance: "" }, { timeCount: true, stance: "flying" })).toBeNull();
    expect(after("basicStance", { stance: "parrying" }, { timeCount: true })).toEqual({ stance: "", shifting: false });
    expect(after("basicStance", { stance: "" }, { timeCount: true })).toBeNull();
    // The Act dialog's stance options read into stance acts.
    const { actChoiceFromForm } = await import("../../src/rulesets/hod/combat/act-form");
    expect(actChoiceFromForm([["action", "stance:crouch"]])).toMatchObject({ action: "stance", stance: "crouch" });
    expect(actChoiceFromForm([["action", "basicStance"]])).toMatchObject({ action: "basicStance" });
    expect(actChoicePlan({ action: "stance", stance: "crouch" }, true).base).toBe("1d4");
  });

  it("costs a stance its shift speed, and leaving it its stand-up speed or nothing", () => {
    expect(actChoicePlan({ action: "stance", stance: "parrying" }, false).base).toBe("6");
    expect(actChoicePlan({ action: "stance", stance: "spellcasting" }, false).free).toBe(true);
    expect(actChoicePlan({ action: "basicStance", stance: "prone" }, false).base).toBe("4");
    expect(actChoicePlan({ action: "basicStance", stance: "cautious" }, false).free).toBe(true);
  });

  it('"Drop to the floor" (Rapid) lies prone and "Stand up from prone" (Swift) gets up: the stance changes with the act', () => {
    const after = api.rules.hod.stanceAfterAction;
    // On the Time Count the drop is a shift: the prone drawbacks at once, its benefits once it is done.
    expect(after("dropToFloor", { stance: "" }, { timeCount: true })).toEqual({ stance: "prone", shifting: true });
    expect(after("dropToFloor", { stance: "cautious" })).toEqual({ stance: "prone", shifting: false });
    expect(after("dropToFloor", { stance: "prone" }, { timeCount: true })).toBeNull();
    expect(after("standUp", { stance: "prone", shifting: true }, { timeCount: true })).toEqual({
      stance: "",
      shifting: false,
    });
    // Getting up from a crouch is the crouch's own Rapid revert, not this action; other acts change nothing.
    expect(after("standUp", { stance: "crouch" })).toBeNull();
    expect(after("standUp", { stance: "" })).toBeNull();
    expect(after("drawWeapon", { stance: "prone" })).toBeNull();
    // The table's costs: Rapid (static 2) and Swift (static 4), the same as shifting into prone and out of it.
    expect(actChoicePlan({ action: "dropToFloor" }, false).base).toBe(
      actChoicePlan({ action: "stance", stance: "prone" }, false).base,
    );
    expect(actChoicePlan({ action: "standUp" }, false).base).toBe("4");
  });

  it("refuses unknown special actions and stances", () => {
    expect(() => actChoicePlan({ action: "special", special: "<script>" }, false)).toThrow(TimeCountError);
    expect(() => actChoicePlan({ action: "stance", stance: "handstand" }, false)).toThrow(TimeCountError);
    expect(() => actChoicePlan({ action: "special", special: "grab", weaponClass: "warp" }, false)).toThrow(
      TimeCountError,
    );
  });
});

describe("Heroes of Destiny Approach into a crowded space (issue 28)", () => {
  it('"If multiple creatures are in the space, you must make a separate attack roll against each": one roll per target', async () => {
    const { api } = await import("../../src/api");
    const hod = api.rules.hod;
    const approach = hod.specialAction("approach")!;
    expect(hod.specialRollGroups(approach, ["a", "b", "c"])).toEqual([["a"], ["b"], ["c"]]);
    expect(hod.specialRollGroups(approach, ["a"])).toEqual([["a"]]);
    expect(hod.specialRollGroups(approach, [])).toEqual([[]]);
    // Every other action rolls once against all its targets.
    expect(hod.specialRollGroups(hod.specialAction("trip")!, ["a", "b"])).toEqual([["a", "b"]]);
    expect(hod.specialActions.filter((a) => a.rollsEach).map((a) => a.id)).toEqual(["approach"]);
  });
});

describe("Heroes of Destiny a special action's preparation (issue 28)", () => {
  it('"the action requires preparation for a certain amount of time before execution" and "you can cancel preparation at any time": the strike follows the preparation, nothing banked', async () => {
    const { api } = await import("../../src/api");
    const hod = api.rules.hod;
    const coup = hod.specialAction("coupDeGrace")!;
    const prepared = { special: "coupDeGrace", combatId: "c1" };
    expect(hod.strikeFollows(coup, prepared, "c1", "prepare")).toBe(true);
    // Another act since the preparation, or the preparation called off (no last act kept): prepare again.
    expect(hod.strikeFollows(coup, prepared, "c1", "drawWeapon")).toBe(false);
    expect(hod.strikeFollows(coup, prepared, "c1", null)).toBe(false);
    // Prepared in another combat, or never.
    expect(hod.strikeFollows(coup, prepared, "c2", "prepare")).toBe(false);
    expect(hod.strikeFollows(coup, null, "c1", "prepare")).toBe(false);
    // An action with no preparation always strikes.
    expect(hod.strikeFollows(hod.specialAction("trip")!, null, "c1", null)).toBe(true);
  });
});
