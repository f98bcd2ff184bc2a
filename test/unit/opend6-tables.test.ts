import { DEFAULT_CHOICES, dialogLine, targetNumber } from "../../src/rulesets/opend6/chat/dialog-form";
import { lastingOver } from "../../src/foundry/lasting";
import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import * as od6Rules from "../../src/rulesets/opend6/rules";
import {
  acrobaticsDamage,
  attackDamageCode,
  codeOrder,
  combatDifficulty,
  DEFAULT_TABLES,
  formatTable,
  heal,
  healingDifficulty,
  parseTable,
  readTables,
  type TableName,
  type WoundLevel,
  DEFENSE_LASTS,
  defenseOver,
  defenseValue,
  formatWoundChart,
  initiativeBonus,
  initiativeFormula,
  knockoutHit,
  optionEffects,
  optionsRefusal,
  aimsWith,
  quickDrawLeaves,
  parseWoundChart,
  WOUND_CHART,
} from "../../src/rulesets/opend6/rules";

// OpenD6's tables as a GM edits them (world settings), read back exactly; numbers worked out by hand.
const od6 = api.rules.opend6;

describe("OpenD6 Wound-level chart as a world setting", () => {
  it("writes the default chart as text and reads it back line for line", () => {
    const text = formatWoundChart();
    expect(text).toBe("1 Stunned, 4 Wounded, 9 Severely Wounded, 13 Incapacitated, 16 Mortally Wounded");
    expect(parseWoundChart(text)).toEqual({ chart: WOUND_CHART, unread: [] });
  });

  it("reads an edited chart in any case, spacing and separator, and woundLevel follows it", () => {
    const { chart, unread } = parseWoundChart("6 incapacitated;\n1 WOUNDED ; 3: severely wounded");
    expect(unread).toEqual([]);
    expect(chart).toEqual([
      { from: 1, level: "wounded" },
      { from: 3, level: "severelyWounded" },
      { from: 6, level: "incapacitated" },
    ]);
    // 2 past resistance: Wounded (1-2); 5: Severely Wounded (3-5); 6 and more: Incapacitated.
    expect(od6.woundLevel(2, chart)).toBe("wounded");
    expect(od6.woundLevel(5, chart)).toBe("severelyWounded");
    expect(od6.woundLevel(40, chart)).toBe("incapacitated");
    expect(od6.woundLevel(0, chart)).toBe("none");
  });

  it("leaves out what it cannot read, and falls back to the default with nothing readable", () => {
    expect(parseWoundChart("1 Stunned, 0 Wounded, 4 <b>dead</b>, 5 Stunned, 8 Wounded")).toEqual({
      chart: [
        { from: 1, level: "stunned" },
        { from: 8, level: "wounded" },
      ],
      unread: ["0 Wounded", "4 <b>dead</b>", "5 Stunned"],
    });
    expect(parseWoundChart("nothing here")).toEqual({ chart: WOUND_CHART, unread: ["nothing here"] });
    expect(parseWoundChart("")).toEqual({ chart: WOUND_CHART, unread: [] });
    expect(parseWoundChart(undefined)).toEqual({ chart: WOUND_CHART, unread: [] });
  });
});

describe("OpenD6 initiative", () => {
  it("gives the optional bonus for search over its attribute or for Reflexes, the better, rounded down", () => {
    // search adds 3D+2: 3 dice, one 2D step: +1. Reflexes 7D+2: one 4D step: +1. Both +1: +1.
    expect(initiativeBonus("7D+2", "3D+2")).toBe(1);
    // search adds 4D: +2; Reflexes 3D: nothing.
    expect(initiativeBonus("3D", "4D")).toBe(2);
    // Reflexes 8D: +2; search adds 1D+2: nothing.
    expect(initiativeBonus("8D", "1D+2")).toBe(2);
    expect(initiativeBonus("3D+2", "0D")).toBe(0);
  });

  it("orders by codes without a roll: Perception, then search, Reflexes and dodge", () => {
    const a = codeOrder({ perception: "3D", search: "4D", reflexes: "3D+1", dodge: "4D+1" });
    expect(a).toBe(9.121013);
    // Same Perception and search, better Reflexes: ahead, whatever the dodge.
    const b = codeOrder({ perception: "3D", search: "4D", reflexes: "3D+2", dodge: "2D" });
    expect(b).toBeGreaterThan(a);
    // A better Perception is ahead of everything after it.
    expect(codeOrder({ perception: "3D+1", search: "0D", reflexes: "1D", dodge: "1D" })).toBeGreaterThan(b);
  });

  it("writes the formula each method rolls", () => {
    const codes = { perception: "3D+2", search: "5D", reflexes: "3D", dodge: "3D" };
    expect(initiativeFormula("round", codes)).toBe("3D+2");
    expect(initiativeFormula("firstAction", codes)).toBe("11.150909");
  });

  it('"a character receives +1 to his initiative roll": the bonus adds to the total, not pips to the code', () => {
    const codes = { perception: "3D+2", search: "5D", reflexes: "3D", dodge: "3D" };
    // 3D+2 with +1 rolls three dice and adds 3 (never 4D): the bonus stands after the code.
    expect(initiativeFormula("scene", codes, 1)).toBe("3dw + 2 + 1");
    expect(initiativeFormula("round", { ...codes, perception: "4D" }, 2)).toBe("4dw + 2");
    expect(initiativeFormula("round", codes, 0)).toBe("3D+2");
    expect(od6.initiativeFormula("scene", codes, 1)).toBe("3dw + 2 + 1");
    expect(od6.initiativeBonus("3D", "4D")).toBe(2);
  });
});

describe("OpenD6 active defense", () => {
  it("stands in place of passive defense: full is the roll + 10, partial the roll, even below 10", () => {
    expect(defenseValue(10, null)).toBe(10);
    expect(defenseValue(12, { kind: "full", total: 14 })).toBe(24);
    // A partial defense rolled under passive defense makes the defender easier to hit (the text).
    expect(defenseValue(10, { kind: "partial", total: 7 })).toBe(7);
  });

  it("lasts from the defender's turn until its turn in the next round", () => {
    // Taken in round 2: all of round 2 after it, and round 3 until the bearer's turn.
    const taken = { ...DEFENSE_LASTS, startRound: 2 };
    expect(lastingOver(taken, { round: 2, bearerTurn: "after" })).toBe(false);
    expect(lastingOver(taken, { round: 3, bearerTurn: "before" })).toBe(false);
    expect(lastingOver(taken, { round: 3, bearerTurn: "current" })).toBe(true);
    expect(lastingOver(taken, { round: 4, bearerTurn: "before" })).toBe(true);
  });

  it("\"after the character's current turn but before his turn in the next round\": ended by the next round's order", () => {
    // Taken in round 2: it stands for the rest of round 2, and in round 3 while the bearer's turn is
    // still to come, wherever round 3's roll put it.
    expect(defenseOver(2, { round: 2, bearerTurn: "after" })).toBe(false);
    expect(defenseOver(2, { round: 2, bearerTurn: "current" })).toBe(false);
    expect(defenseOver(2, { round: 3, bearerTurn: "before" })).toBe(false);
    expect(defenseOver(2, { round: 3, bearerTurn: "current" })).toBe(true);
    expect(defenseOver(2, { round: 3, bearerTurn: "after" })).toBe(true);
    expect(defenseOver(2, { round: 4, bearerTurn: "before" })).toBe(true);
    // A GM stepping back to the round it was taken in: it stands again.
    expect(defenseOver(2, { round: 1, bearerTurn: "before" })).toBe(false);
  });
});

describe("OpenD6 combat options", () => {
  it("adds up a called shot and a hit location", () => {
    // A called shot at something 10-50 cm: +3 and +1D damage; the head: +10 and +6 damage.
    expect(optionEffects({ calledShot: "small", location: "head" })).toMatchObject({
      difficulty: 13,
      damageDice: 1,
      damageTotal: 6,
      noDamageBonus: false,
    });
    // An arm takes less damage and ignores the optional damage bonus (the text).
    expect(optionEffects({ location: "arm" })).toMatchObject({ difficulty: 10, damageTotal: -3, noDamageBonus: true });
  });

  it("gives each special action its numbers", () => {
    expect(optionEffects({ maneuver: "allOut" })).toMatchObject({ skillDice: 1, noDefense: true });
    expect(optionEffects({ maneuver: "sweep" })).toMatchObject({ difficulty: -6, damageDice: -3 });
    expect(optionEffects({ maneuver: "fullAuto" })).toMatchObject({ skillDice: 2, damageDice: 2, noDefense: false });
    // Three shots at one target: two beyond the first, +2D to hit and to damage.
    expect(optionEffects({ maneuver: "singleFireAsMulti", shots: 3 })).toMatchObject({ skillDice: 2, damageDice: 2 });
    expect(optionEffects({ maneuver: "entangle" })).toMatchObject({ noDamage: true, status: "restrain" });
    expect(optionEffects({ maneuver: "grabFlip" })).toMatchObject({ damageFrom: "fixed3D", status: "prone" });
    expect(optionEffects({ twoWeapons: true, quickDraw: 2 })).toMatchObject({ extraActions: 1, skillDice: -2 });
  });

  it("gives an acrobatic trick half its margin, rounded up, to damage", () => {
    // Difficulty 10, acrobatics 15: 5 over, 3 damage. 9 fails: nothing.
    expect(acrobaticsDamage(10, 15)).toBe(3);
    expect(acrobaticsDamage(10, 9)).toBe(0);
    expect(optionEffects({ maneuver: "acrobatics", acrobaticsDifficulty: 10, acrobaticsTotal: 16 }).damageTotal).toBe(
      3,
    );
  });

  it("rolls the damage each action calls for", () => {
    expect(attackDamageCode(optionEffects({ maneuver: "grabChoke" }), "4D", "2D")).toBe("2D");
    expect(attackDamageCode(optionEffects({ maneuver: "grabHold" }), "4D+1", "2D")).toBe("1D+1");
    expect(attackDamageCode(optionEffects({ maneuver: "sweep" }), "2D", "2D")).toBe("0D");
    expect(attackDamageCode(optionEffects({ maneuver: "grabFlip" }), "5D", "2D")).toBe("3D");
  });

  it("refuses options the weapon or the code cannot take", () => {
    expect(optionsRefusal({ maneuver: "entangle" }, "brawling", 12)).toBe("wrongSkill");
    expect(optionsRefusal({ maneuver: "knockout", location: "arm" }, "brawling", 12)).toBe("knockoutHead");
    expect(optionsRefusal({ maneuver: "knockout", location: "head" }, "brawling", 12)).toBeNull();
    // 4D+2 in the skill: 3D may move to initiative, not 4D (1D stays).
    expect(optionsRefusal({ quickDraw: 3 }, "throwing", 14)).toBeNull();
    expect(optionsRefusal({ quickDraw: 4 }, "throwing", 14)).toBe("quickDraw");
    expect(optionsRefusal({ shots: 2 }, "marksmanship", 14)).toBe("shots");
  });

  it('"adds 1D to the characters\'s marksmanship, missile weapons, or throwing skill": aiming with no other skill', () => {
    for (const skill of ["marksmanship", "missileWeapons", "throwing"]) {
      expect(aimsWith(skill)).toBe(true);
      expect(optionsRefusal({ aim: 3 }, skill, 12)).toBeNull();
    }
    for (const skill of ["meleeCombat", "brawling"]) {
      expect(aimsWith(skill)).toBe(false);
      expect(optionsRefusal({ aim: 1 }, skill, 12)).toBe("aim");
      expect(optionsRefusal({ aim: 0 }, skill, 12)).toBeNull();
    }
    expect([od6.aimsWith("throwing"), od6.aimsWith("brawling")]).toEqual([true, false]);
  });

  it('"The player must leave at least 1D in her skill": after the multi-action and wound penalties', () => {
    // 4D+2 (4 dice), one extra action (-1D): 3D left, so 2D may move and 3D may not.
    expect(optionsRefusal({ quickDraw: 2 }, "throwing", 14, 1)).toBeNull();
    expect(optionsRefusal({ quickDraw: 3 }, "throwing", 14, 1)).toBe("quickDraw");
    // The text's example: 8D, two shuriken (-1D): up to 6D moves.
    expect(quickDrawLeaves(24, 1, 6)).toBe(true);
    expect(quickDrawLeaves(24, 1, 7)).toBe(false);
    // Nothing moved: no refusal, whatever the penalties.
    expect(quickDrawLeaves(3, 5, 0)).toBe(true);
    expect(od6.quickDrawLeaves(24, 1, 7)).toBe(false);
  });

  it("\"the scale modifier is added to the combat difficulty\" (or to a smaller attacker's total) in the dialog's odds", () => {
    const input = (attackerScale: number, targetScale: number) =>
      ({
        kind: "attack",
        code: "5D",
        woundPenalty: 0,
        characterPoints: 0,
        fatePoints: 0,
        target: { name: "T", defense: 10, scale: targetScale },
        attackerScale,
      }) as const;
    const choices = { ...DEFAULT_CHOICES, range: "short", cover: "none", posture: "standing" } as const;
    // The text's toy tank (-6) and the thief (0): the thief's difficulty +6; the tank's total +6.
    expect(targetNumber(input(0, -6), choices)).toBe(16);
    expect(targetNumber(input(-6, 0), choices)).toBe(4);
    expect(targetNumber(input(3, 3), choices)).toBe(10);
    expect(dialogLine(input(0, -6), choices).vs).toBe(16);
  });

  it("halves a knockout's wound and knocks out at two levels or half the Body Points", () => {
    const wounds = od6Rules.resolveHit({ mode: "wounds", damage: 16, resistance: 6, wounds: "none", bodyPoints: 0 });
    // 10 past resistance: Severely Wounded (three levels); halved, rounded down: one level, Stunned.
    expect(knockoutHit(wounds, 0)).toMatchObject({
      hit: { hitLevel: "stunned", woundsAfter: "stunned" },
      unconscious: true,
    });
    const light = od6Rules.resolveHit({ mode: "wounds", damage: 8, resistance: 6, wounds: "none", bodyPoints: 0 });
    expect(knockoutHit(light, 0)).toMatchObject({ hit: { hitLevel: "none" }, unconscious: false });
    // 12 Body Points of 20 lost: more than half, out cold; only 6 come off.
    const bp = od6Rules.resolveHit({ mode: "bodyPoints", damage: 15, resistance: 3, wounds: "none", bodyPoints: 20 });
    expect(knockoutHit(bp, 20)).toMatchObject({ hit: { bodyPointsAfter: 14 }, unconscious: true });
  });
});

describe("OpenD6 modifier tables as world settings", () => {
  it("writes each default table as text and reads it back to the rules' own numbers", () => {
    expect(formatTable("range")).toBe("Point Blank -5, Short 0, Medium 5, Long 10");
    expect(formatTable("cover")).toBe("Quarter 3, Half 6, Three Quarters 12");
    expect(formatTable("calledShot")).toBe("Small 3, Tiny 12, Minute 24");
    expect(formatTable("location")).toBe("Head 10 6, Torso 5 0, Arm 10 -3, Leg 10 -3, Hand 20 -6");
    expect(formatTable("difficulty")).toBe(
      "Very Easy 5, Easy 10, Moderate 15, Difficult 20, Very Difficult 25, Heroic 30",
    );
    expect(formatTable("healing")).toBe(
      "Stunned 5, Wounded 10, Severely Wounded 15, Incapacitated 20, Mortally Wounded 25",
    );
    const text = (name: TableName) => formatTable(name);
    expect(readTables(text)).toEqual(DEFAULT_TABLES);
    expect(DEFAULT_TABLES.range).toEqual({ pointBlank: -5, short: 0, medium: 5, long: 10 });
    expect(DEFAULT_TABLES.cover).toEqual({ none: 0, quarter: 3, half: 6, threeQuarters: 12 });
    expect(DEFAULT_TABLES.location.hand).toEqual({ difficulty: 20, damage: -6, noDamageBonus: true });
  });

  it("reads an edited row in any case and spacing, keeps the default of rows left out", () => {
    const { rows, unread } = parseTable("range", "long 15;\nPOINT BLANK −3 ; medium +7");
    expect(unread).toEqual([]);
    expect(rows).toEqual({ pointBlank: [-3], short: [0], medium: [7], long: [15] });
    // The id works as a name too; a location takes two numbers, difficulty then damage.
    expect(parseTable("location", "head 12 8, threeQuarters 1").rows.head).toEqual([12, 8]);
  });

  it("reports what it cannot read and keeps those rows' defaults", () => {
    const { rows, unread } = parseTable(
      "location",
      "Head 12, Arm 8 -2 1, Tail 5 5, <b>Leg</b> 1 1, Arm 9 -1, Hand x 3",
    );
    // One number where two are due, three, an unknown row, HTML, a row named twice... Arm 8 -2 1 is
    // unread, so the later "Arm 9 -1" is the first good Arm row and counts.
    expect(unread).toEqual(["Head 12", "Arm 8 -2 1", "Tail 5 5", "<b>Leg</b> 1 1", "Hand x 3"]);
    expect(rows).toMatchObject({ head: [10, 6], arm: [9, -1], leg: [10, -3], hand: [20, -6] });
    expect(parseTable("cover", "Half 4, half 9")).toEqual({
      rows: { none: [0], quarter: [3], half: [4], threeQuarters: [12] },
      unread: ["half 9"],
    });
    // Numbers past three digits are not read; nothing (or not text) is the default table.
    expect(parseTable("range", "Long 1000").unread).toEqual(["Long 1000"]);
    expect(readTables(() => 42)).toEqual(DEFAULT_TABLES);
  });

  it("are what the combat difficulty, the options and the healing difficulty read", () => {
    const tables = readTables((name) =>
      name === "range"
        ? "Long 20"
        : name === "cover"
          ? "Half 9"
          : name === "location"
            ? "Arm 4 -1"
            : name === "calledShot"
              ? "Small 5"
              : name === "healing"
                ? "Wounded 12, Incapacitated 22"
                : undefined,
    );
    // Passive 10, Long 20, half cover 9: 39 (the default tables give 10 + 10 + 6 = 26).
    expect(combatDifficulty(10, { range: "long", cover: "half", posture: "standing" }, 0, 0, tables).value).toBe(39);
    expect(combatDifficulty(10, { range: "long", cover: "half", posture: "standing" }).value).toBe(26);
    // A called shot at something small at the arm: 5 + 4 to the difficulty, -1 to damage, still no damage bonus.
    expect(optionEffects({ calledShot: "small", location: "arm" }, tables)).toMatchObject({
      difficulty: 9,
      damageTotal: -1,
      damageDice: 1,
      noDamageBonus: true,
    });
    const patient = (wounds: WoundLevel) => ({ mode: "wounds" as const, wounds, bodyPoints: { value: 0, max: 0 } });
    expect(healingDifficulty(patient("wounded"), tables.healing)).toBe(12);
    expect(healingDifficulty(patient("stunned"), tables.healing)).toBe(5);
    // Body Points: 8 of 20 left is under half, at least a quarter, read as Severely Wounded (15);
    // 3 of 20 is above 0 and under a quarter, read as Incapacitated: 22 on this table.
    const bp = (value: number) => ({
      mode: "bodyPoints" as const,
      wounds: "none" as const,
      bodyPoints: { value, max: 20 },
    });
    expect(healingDifficulty(bp(8), tables.healing)).toBe(15);
    expect(healingDifficulty(bp(3), tables.healing)).toBe(22);
    expect(
      heal({ method: "medicine", patient: patient("wounded"), total: 11, recovered: 0, table: tables.healing }),
    ).toMatchObject({ difficulty: 12, success: false, woundsAfter: "wounded" });
  });
});
