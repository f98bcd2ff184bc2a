import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TimeCountError } from "../../src/time-count/time-count-error";
import { newCard } from "../../src/play/card";
import type { HodAttackData, HodAttackRow } from "../../src/rulesets/hod/chat/card-data";
import { appliedView, attackCardView, scheduleLine } from "../../src/rulesets/hod/chat/views";
import {
  attackChoicesFromForm,
  attackDialogView,
  attackLine,
  checkChoicesFromForm,
  damageChoicesFromForm,
  int,
  optionalInt,
  type HodAttackDialogInput,
} from "../../src/rulesets/hod/chat/dialog-form";
import { weaponOf, type HodWeaponSnapshot } from "../../src/rulesets/hod/chat/documents";
import { actionWeapon, FIST } from "../../src/rulesets/hod/chat/special-weapon";
import { actChoicePlan } from "../../src/rulesets/hod/rules/act-choice";
import { actionLabel } from "../../src/rulesets/hod/rules/labels";
import { attackModifierTotal } from "../../src/rulesets/hod/rules/modifiers";
import { attackPlan, tableModifiers } from "../../src/rulesets/hod/rules/situational";
import { specialAction, type SpecialOutcome } from "../../src/rulesets/hod/rules/special-actions";
import { specialDamage } from "../../src/rulesets/hod/rules/special-damage";
import { HodWeaponError } from "../../src/rulesets/hod/rules/weapons";

const sword: HodWeaponSnapshot = weaponOf({
  name: "Sword",
  system: {
    category: "lightSwords",
    damage: "1d8",
    speedClass: "standard",
    proficient: true,
    durability: { value: 5, max: 5 },
  },
});
const bow: HodWeaponSnapshot = { ...sword, category: "bows", range: 40, proficient: false, noAffinity: true };
const fighter = { accuracy: 2, strength: 3, dexterity: 1, power: 1, size: 0 };
const entries = (o: Record<string, string | string[]>) =>
  Object.entries(o).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]],
  );

describe("Heroes of Destiny attack dialog form", () => {
  it("reads position, cover, situations, distance, modifier and defense", () => {
    expect(
      attackChoicesFromForm(
        entries({
          position: "rear",
          cover: "coverImproved",
          situations: ["higherGround", "crowded"],
          distance: "85",
          modifier: "-3",
          defense: "vigor",
        }),
        "primary",
      ),
    ).toEqual({
      modifiers: ["higherGround", "crowded", "rear", "coverImproved"],
      distance: 85,
      modifier: -3,
      defense: "vigor",
      damageModifier: 0,
      extraDice: "",
      nonlethal: false,
    });
  });

  it("reads each hit's damage options, and the choice of each target's usual defense", () => {
    expect(
      attackChoicesFromForm(
        entries({ defense: "usual", damageModifier: "2", extraDice: " 1d6 ", nonlethal: "on" }),
        "primary",
      ),
    ).toMatchObject({ defense: "usual", damageModifier: 2, extraDice: "1d6", nonlethal: true });
  });

  it("drops anything it does not know: HTML, bad numbers, unknown defenses, weapon-read modifiers", () => {
    const choices = attackChoicesFromForm(
      entries({
        position: "<script>",
        cover: "fortress",
        situations: ["<b>x</b>", "proficient", "twoWeapons"],
        distance: "far",
        modifier: "1e400",
        defense: "armor",
      }),
      "passive",
    );
    expect(choices).toEqual({
      modifiers: ["twoWeapons"],
      distance: 0,
      modifier: 0,
      defense: "passive",
      damageModifier: 0,
      extraDice: "",
      nonlethal: false,
    });
    expect(attackChoicesFromForm(entries({ distance: "-40", skillRank: "2.9" }), "primary")).toMatchObject({
      distance: 0,
      skillRank: 2,
    });
  });

  it("never throws and always gives a known defense, whatever the form holds", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string())), (pairs) => {
        const choices = attackChoicesFromForm(pairs, "primary");
        expect(["primary", "passive", "vigor", "celerity", "spirit", "usual"]).toContain(choices.defense);
        expect(Number.isInteger(choices.damageModifier)).toBe(true);
        expect(Number.isInteger(choices.modifier)).toBe(true);
        expect(choices.distance).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("reads numbers as whole numbers and refuses the rest", () => {
    expect([int("3"), int("-2.7"), int("x"), int(""), int(undefined), int("Infinity")]).toEqual([3, -2, 0, 0, 0, 0]);
    expect([optionalInt(""), optionalInt("12"), optionalInt("<i>ten</i>")]).toEqual([null, 12, null]);
  });

  it("reads the damage and check dialogs", () => {
    expect(damageChoicesFromForm(entries({ critical: "on", modifier: "2", extraDice: " 1d6 " }))).toEqual({
      critical: true,
      nonlethal: false,
      modifier: 2,
      extraDice: "1d6",
    });
    expect(
      checkChoicesFromForm(entries({ attribute: "luck", dc: "x", modifier: "1" }), { attribute: "wisdom", dc: 12 }),
    ).toEqual({
      attribute: "wisdom",
      modifier: 1,
      dc: null,
    });
    // A check asked for by a card keeps its DC whatever the form says.
    expect(checkChoicesFromForm(entries({ dc: "1" }), { attribute: "constitution", dc: 11, fixedDc: true }).dc).toBe(
      11,
    );
    // ... and its attribute: staying conscious is a Constitution check, not a Strength one.
    expect(
      checkChoicesFromForm(entries({ attribute: "strength" }), { attribute: "constitution", dc: 11, fixedDc: true })
        .attribute,
    ).toBe("constitution");
  });
});

describe("Heroes of Destiny attack plan", () => {
  it("sums to the rules' attackModifierTotal for any choice of the table's modifiers", () => {
    const ids = [
      "higherGround",
      "flanked",
      "rear",
      "coverPartial",
      "coverHalf",
      "coverImproved",
      "coverNineTenths",
      "simultaneous",
      "twoWeapons",
      "alternating",
      "improvisedLimb",
      "crowded",
    ];
    fc.assert(
      fc.property(fc.subarray(ids), fc.boolean(), (chosen, melee) => {
        const lines = tableModifiers({}, chosen, { melee });
        expect(lines.reduce((s, m) => s + m.value, 0)).toBe(attackModifierTotal(chosen, { melee }));
      }),
    );
  });

  it("adds proficiency or lack of affinity from the weapon, the range penalty, extra lines and the rest", () => {
    const plan = attackPlan(fighter, sword, { modifiers: ["flanked"], modifier: 2 }, [{ id: "stance", value: -2 }]);
    expect(plan).toMatchObject({ base: 5, bonus: 8, ranged: false, inRange: true });
    expect(plan.modifiers.map((m) => m.id)).toEqual(["proficient", "flanked", "stance", "extra"]);
    const shot = attackPlan(fighter, bow, { modifiers: ["flanked"], distance: 85 });
    expect(shot).toMatchObject({ base: 3, bonus: -1, ranged: true });
    expect(shot.modifiers).toEqual([
      { id: "noAffinity", value: -2 },
      { id: "range", value: -2 },
    ]);
    expect(attackPlan(fighter, bow, { distance: 401 }).inRange).toBe(false);
    expect(attackPlan(fighter, sword, {}, [], { base: 9 }).bonus).toBe(10);
  });

  it("shows the chance to hit through the cards' own judgement (natural 1s and 20s counted)", () => {
    const input: HodAttackDialogInput = {
      kind: "attack",
      source: fighter,
      weapon: sword,
      targets: [
        {
          name: "Goblin",
          defenses: { primary: 40, passive: 13, vigor: 11, celerity: 14, spirit: 5 },
          defense: "primary",
        },
      ],
      damage: { nonlethal: false },
    };
    expect(attackLine(input, { defense: "primary" }).chance).toBe("5.0%");
    expect(attackLine(input, { defense: "spirit" }).chance).toBe("95.0%");
    // "Each target's usual defense" is the first target's own on the line.
    expect(attackLine(input, { defense: "usual" }).vs).toBe(40);
    const special = {
      ...input,
      special: {
        action: specialAction("grab")!,
        nameKey: "k",
        skillKey: null,
        defenses: ["vigor", "celerity"] as const,
      },
    };
    expect(attackLine(special, { defense: "primary" }).chance).toBe("80.0% / 65.0%");
    const view = attackDialogView(input);
    expect(view.defenses.find((d) => d.selected)).toMatchObject({ id: "primary", value: 40 });
    expect(view.fixed).toEqual([{ id: "proficient", key: "ANTHOLOGY.HoD.Modifiers.proficient", value: "+1" }]);
    expect(view).toMatchObject({ usual: null, others: 0, hitDamage: { nonlethal: false } });
    // Several targets: each meets its usual defense unless the attacker picks one.
    const many = attackDialogView({ ...input, targets: [...input.targets, { ...input.targets[0]!, name: "Other" }] });
    expect(many).toMatchObject({ usual: { selected: true }, others: 1 });
    expect(many.defenses.some((d) => d.selected)).toBe(false);
  });
});

describe("Heroes of Destiny weapons as the flows read them", () => {
  it("refuses an item without a known category, naming it", () => {
    expect(() => weaponOf({ name: "Banana", system: { category: "fruit" } })).toThrow(HodWeaponError);
    expect(weaponOf({ name: "Net", system: { category: "tools", defense: "celerity" } }).defense).toBe("celerity");
    expect(weaponOf({ name: "Odd", system: { category: "tools", defense: "<b>" } }).defense).toBeNull();
  });

  it("gives special actions the weapon they need", () => {
    expect(actionWeapon(specialAction("disarm")!, null)).toBe("needsWeapon");
    expect(actionWeapon(specialAction("feint")!, bow)).toBe("needsMelee");
    expect(actionWeapon(specialAction("distract")!, null)).toBe(FIST);
    expect(actionWeapon(specialAction("grapple")!, null)).toBe(FIST);
    expect(actionWeapon(specialAction("trip")!, sword)).toBe(sword);
    expect(actionWeapon(specialAction("throw")!, sword)).toBe(FIST);
  });
});

describe("Heroes of Destiny special damage", () => {
  const outcomes = (id: string, ...keys: string[]): SpecialOutcome[] =>
    specialAction(id)!.outcomes.filter((o) => keys.some((k) => o.key.endsWith(k)));

  it("deals an attribute and extra dice as they are, with no Power", () => {
    expect(specialDamage({ outcomes: outcomes("throw", "hitVigor", "great5"), source: fighter, weapon: null })).toEqual(
      {
        formula: "1d6 + 3",
        factor: 1,
        critical: false,
        nonlethal: false,
      },
    );
    expect(
      specialDamage({ outcomes: outcomes("escapeGrab", "great5"), source: { dexterity: 5 }, weapon: null })?.formula,
    ).toBe("2");
    expect(
      specialDamage({ outcomes: outcomes("drag", "hit"), source: { strength: -2 }, weapon: null, modifier: 0 })
        ?.formula,
    ).toBe("-2");
    expect(specialDamage({ outcomes: outcomes("grab", "hit"), source: fighter, weapon: null })).toBeNull();
  });

  it("steps a grapple's dice to the highest step reached, unarmed by size", () => {
    expect(specialDamage({ outcomes: outcomes("grapple", "hit", "great5"), source: fighter, weapon: null })).toEqual({
      formula: "1d6 + 4",
      factor: 1,
      critical: false,
      nonlethal: true,
    });
    expect(
      specialDamage({ outcomes: outcomes("grapple", "hit", "great5", "great10"), source: fighter, weapon: sword })
        ?.formula,
    ).toBe("2d8 + 4");
  });

  it("halves a quick strike, and a critical one halves the critical damage", () => {
    expect(specialDamage({ outcomes: outcomes("quickStrike", "hit"), source: fighter, weapon: sword })).toMatchObject({
      formula: "1d8 + 4",
      factor: 0.5,
      critical: false,
    });
    expect(
      specialDamage({ outcomes: outcomes("quickStrike", "hit", "critical"), source: fighter, weapon: sword }),
    ).toMatchObject({
      formula: "8 + 4",
      factor: 0.5,
      critical: true,
    });
    expect(specialDamage({ outcomes: outcomes("coupDeGrace", "hit"), source: fighter, weapon: sword })).toMatchObject({
      formula: "8 + 4",
      factor: 2,
    });
  });
});

describe("Heroes of Destiny Time Count choices and labels", () => {
  it("costs a preparation its own speed class and refuses one for an action without preparation", () => {
    expect(actChoicePlan({ action: "prepare", special: "coupDeGrace" }, false).base).toBe("12");
    expect(actChoicePlan({ action: "prepare", special: "coupDeGrace" }, true).base).toBe("1d8+8");
    expect(() => actChoicePlan({ action: "prepare", special: "grab" }, false)).toThrow(TimeCountError);
    expect(() => actChoicePlan({ action: "prepare" }, false)).toThrow(TimeCountError);
  });

  it("names special actions, preparations and stance changes on the Time Count", () => {
    expect(actionLabel({ action: "special", special: "grab" })).toEqual({
      key: "ANTHOLOGY.HoD.Actions.special",
      nameKey: "ANTHOLOGY.HoD.Special.grab.name",
    });
    expect(actionLabel({ action: "prepare", special: "coupDeGrace" }).key).toBe("ANTHOLOGY.HoD.Actions.prepare");
    expect(actionLabel({ action: "basicStance", stance: "prone" }).nameKey).toBe("ANTHOLOGY.HoD.Stance.prone.name");
    expect(actionLabel({ action: "special", special: "<b>" })).toEqual({ key: "ANTHOLOGY.HoD.Actions.custom" });
    expect(actionLabel({ action: "attack" })).toEqual({ key: "ANTHOLOGY.HoD.Actions.attack" });
  });
});

describe("Heroes of Destiny card views", () => {
  const card = (natural: number, data: Partial<HodAttackData> = {}) =>
    newCard<HodAttackData, HodAttackRow>({
      ruleSet: "hod",
      kind: "attack",
      actor: { uuid: "Actor.a", name: "Garret" },
      data: {
        item: { uuid: "Actor.a.Item.s", name: "Sword" },
        weapon: sword,
        choices: { defense: "primary" },
        modifiers: [],
        base: 5,
        formula: "1d20 + 5",
        attackRoll: 0,
        natural,
        total: natural + 5,
        fumble: false,
        durabilityLeft: null,
        damageRolled: false,
        schedule: { state: "none" },
        ...data,
      },
      targets: [],
    });

  it("judges nothing without a target but notes a natural in the critical range", () => {
    expect(attackCardView(card(20), { rollHtml: [] })).toMatchObject({ noTarget: true, criticalRange: true, rows: [] });
    expect(attackCardView(card(19, { weapon: { ...sword, precise: true } }), { rollHtml: [] }).criticalRange).toBe(
      true,
    );
    expect(attackCardView(card(19), { rollHtml: [] }).criticalRange).toBe(false);
    expect(attackCardView(card(1, { fumble: true }), { rollHtml: [] })).toMatchObject({
      fumble: true,
      criticalRange: false,
    });
  });

  it("says where an action stands on the Time Count", () => {
    expect(scheduleLine({ state: "none" }, "G")).toBeNull();
    expect(scheduleLine({ state: "notDue", tc: 6, next: 9 }, "G")).toMatchObject({
      data: { next: "9", tc: "6" },
      tone: "bad",
    });
    expect(scheduleLine({ state: "notDue", tc: 6 }, "G")?.key).toBe("ANTHOLOGY.HoD.Card.Schedule.notInCount");
  });

  it("shows what a hit did to the track, read as plain data", () => {
    const view = appliedView({
      by: "gm",
      at: 1,
      summary: {
        damage: 9,
        nonlethal: false,
        before: { hp: 8, fatigue: 0, thresholdOfPain: 3, bonusHp: 2, invigoration: 1 },
        after: { hp: 5, fatigue: 3, thresholdOfPain: 2, bonusHp: 0, invigoration: 0 },
        wounded: false,
        dying: false,
        dead: false,
        unconsciousCheck: null,
      },
    });
    expect(view).toMatchObject({
      overThreshold: true,
      bonusAbsorbed: 2,
      invigorationAbsorbed: 1,
      hp: { lost: 3 },
      fatigue: { added: 3 },
      health: "standing",
      unconsciousCheck: null,
    });
    expect(appliedView(null)).toBeNull();
    // A mark whose summary is not what an apply writes shows zeros, never throws.
    expect(appliedView({ by: "x", at: 0, summary: { before: "<b>", damage: "9" } })).toMatchObject({
      damage: 0,
      hp: { before: 0, after: 0 },
      states: [],
    });
  });
});
