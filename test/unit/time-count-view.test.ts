import { describe, expect, it } from "vitest";
import { actChoiceFromForm, actDialogContext } from "../../src/rulesets/hod/combat/act-form";
import { timeCountView, type CombatantRow } from "../../src/combat/time-count-view";
import { combatantRow } from "../support/combatant-rows";
import { actChoicePlan } from "../../src/rulesets/hod/rules/act-choice";
import { COMBAT_ACTIONS, ACTION_EXTRAS } from "../../src/rulesets/hod/rules/actions";
import { ACTION_KEYS, SPEED_CLASS_KEYS } from "../../src/rulesets/hod/rules/labels";
import { SPEED_CLASSES } from "../../src/rulesets/hod/rules/speed";
import { type TimeCountError } from "../../src/time-count/time-count-error";

const row = (id: string, initiative: number | null, extra: Partial<CombatantRow> = {}) =>
  combatantRow(id, id.toUpperCase(), initiative, extra);

describe("the Time Count tracker's view", () => {
  it("groups by next TC ascending; due first, then waiting, unrolled and defeated", () => {
    const view = timeCountView({
      rows: [row("c", 9), row("a", 6), row("b", 6, { owner: true }), row("d", null), row("e", 4, { defeated: true })],
      tc: 6,
      started: true,
      isGM: false,
      canUndo: false,
    });
    expect(view.groups.map((g) => [g.kind, g.tc, g.simultaneous, g.rows.map((r) => r.id)])).toEqual([
      ["due", 6, true, ["a", "b"]],
      ["waiting", 9, false, ["c"]],
      ["unrolled", null, false, ["d"]],
      ["defeated", null, false, ["e"]],
    ]);
    expect(view.nextTc).toBe(9);
    // A player acts and delays only for their own; rolls only their own initiative.
    const rows = view.groups.flatMap((g) => g.rows);
    expect(rows.filter((r) => r.canAct).map((r) => r.id)).toEqual(["b"]);
    expect(rows.filter((r) => r.canDelay).map((r) => r.id)).toEqual(["b"]);
    expect(rows.filter((r) => r.canRoll).map((r) => r.id)).toEqual([]);
  });

  it("counts nobody due before the combat starts, and an overdue combatant as due now", () => {
    const before = timeCountView({ rows: [row("a", 0)], tc: 0, started: false, isGM: true, canUndo: false });
    expect(before.groups[0]!.kind).toBe("waiting");
    const revived = timeCountView({
      rows: [row("a", 3), row("b", 10)],
      tc: 10,
      started: true,
      isGM: true,
      canUndo: true,
    });
    expect(revived.groups.map((g) => [g.tc, g.rows.map((r) => r.id)])).toEqual([[10, ["a", "b"]]]);
    expect(revived.nextTc).toBeNull();
  });
});

describe("the Act dialog", () => {
  it("offers every action of the table once, and labels for every action, extra and class", () => {
    const context = actDialogContext("Z", false);
    const all = context.groups.flatMap((g) => g.options.map((o) => o.id));
    // The stances group (last) shifts into a stance or leaves one: see the stance acts' test.
    const stances = context.groups.at(-1)!.options.map((o) => o.id);
    expect(stances).toEqual(["stance:cautious", "stance:crouch", "stance:parrying", "stance:poised", "basicStance"]);
    const ids = all.filter((id) => !stances.includes(id));
    expect(ids.sort()).toEqual([...COMBAT_ACTIONS.map((a) => a.id), "custom"].sort());
    for (const id of [...ids, ...Object.keys(ACTION_EXTRAS)])
      expect(ACTION_KEYS[id], id).toMatch(/^ANTHOLOGY\.HoD\.Actions\./);
    for (const c of SPEED_CLASSES) expect(SPEED_CLASS_KEYS[c]).toBe(`ANTHOLOGY.HoD.Speed.${c}`);
    // Static costs for NPCs, formulas for player characters.
    expect(context.groups.flatMap((g) => g.options).find((o) => o.id === "stabilize")!.cost).toBe("12");
    expect(actDialogContext("Z", true).speedClasses.find((c) => c.id === "slow")!.cost).toBe("1d8+8");
  });

  it("offers another action by its SF only to a GM: a player's speeds are the GM's to work out", () => {
    const options = (gm: boolean) =>
      actDialogContext("Z", true, "attack", [], { gm }).groups.flatMap((g) => g.options.map((o) => o.id));
    expect(options(true)).toContain("custom");
    expect(options(false)).not.toContain("custom");
    expect(options(false)).toContain("drawWeapon");
    expect(actDialogContext("Z", true, "attack", [], { gm: false }).gm).toBe(false);
    expect(actDialogContext("Z", true).gm).toBe(true);
  });

  it("reads the form into a choice, and the choice into the SF's formulas", () => {
    const choice = actChoiceFromForm([
      ["action", "attack"],
      ["weaponClass", "slow"],
      ["castingTime", ""],
      ["speedFactor", ""],
      ["steps", "1"],
      ["modifier", "-2"],
      ["extras", "concentrate"],
      ["extras", "bogus"],
      ["fumble", "on"],
    ]);
    expect(choice).toEqual({
      action: "attack",
      weaponClass: "slow",
      castingTime: undefined,
      speedFactor: undefined,
      steps: 1,
      modifier: -2,
      extras: ["concentrate", "bogus"],
      fumble: true,
      alternating: false,
      offHandClass: undefined,
    });
    // Slow one step slower is Sluggish; the fumble's 1d6 and concentration's +1 with the -2 follow.
    expect(actChoicePlan(choice, true)).toEqual({ base: "1d10+10", factor: 1, extra: "1d6-1", free: false });
    expect(actChoicePlan(choice, false)).toEqual({ base: "15", factor: 1, extra: "3-1", free: false });
  });

  it("reads two weapons from the form: one at once (the worse SF of both) or alternating (one class faster)", () => {
    const both = actChoiceFromForm([
      ["action", "attack"],
      ["weaponClass", "standard"],
      ["offHandClass", "slow"],
    ]);
    expect(both).toMatchObject({ weaponClass: "standard", offHandClass: "slow", alternating: false });
    // Standard 1d6+6 and Slow 1d8+8 are both rolled.
    expect(actChoicePlan(both, true)).toMatchObject({ base: "1d6+6", offHand: "1d8+8" });
    const alternating = actChoiceFromForm([
      ["action", "attack"],
      ["weaponClass", "standard"],
      ["offHandClass", ""],
      ["alternating", "on"],
    ]);
    expect(alternating).toMatchObject({ offHandClass: undefined, alternating: true });
    expect(actChoicePlan(alternating, true).base).toBe("1d6+3");
  });

  it("lists the weapons in hand first, each with its class and cost, the first one chosen", () => {
    const context = actDialogContext("G", false, "attack", [
      { name: "Axe", speedClass: "slow" },
      { name: "Knife", speedClass: "rapid" },
    ]);
    expect(context.weapons).toEqual([
      {
        name: "Axe",
        speedClass: "slow",
        value: "slow",
        labelKey: "ANTHOLOGY.HoD.Speed.slow",
        cost: "12",
        selected: true,
      },
      {
        name: "Knife",
        speedClass: "rapid",
        value: "rapid",
        labelKey: "ANTHOLOGY.HoD.Speed.rapid",
        cost: "2",
        selected: false,
      },
    ]);
    expect(context.speedClasses.some((c) => c.selected)).toBe(false);
    expect(actDialogContext("G", false).speedClasses.find((c) => c.selected)?.id).toBe("standard");
  });

  it("refuses malformed choices (they may come over the socket)", () => {
    const code = (choice: object) => {
      try {
        actChoicePlan(choice as never, true);
      } catch (error) {
        return (error as TimeCountError).code;
      }
      return "accepted";
    };
    expect(code({ action: "custom", speedFactor: Number.NaN })).toBe("notFinite");
    expect(code({ action: "custom" })).toBe("notFinite");
    expect(code({ action: "custom", speedFactor: -1 })).toBe("negativeSpeed");
    expect(code({ action: "custom", speedFactor: "5" })).toBe("notFinite");
    expect(code({ action: "fly" })).toBe("action");
    expect(code({ action: "attack", weaponClass: "ludicrous" })).toBe("speedClass");
    expect(code({ action: "attack", modifier: Infinity })).toBe("notFinite");
    expect(code({ action: "prepareSpell" })).toBe("notFinite");
    expect(code({ action: "custom", speedFactor: 0 })).toBe("accepted");
  });
});
