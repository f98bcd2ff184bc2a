import { describe, expect, it } from "vitest";
import { DEFAULT_TABLES, parseDamageTable, woundRanges } from "../../src/rulesets/fudge/rules/tables";
import { dodgedShot, meleeExchange, type Fighter } from "../../src/rulesets/fudge/rules/exchange";
import { defenderMayHurt, dodgePenalty } from "../../src/rulesets/fudge/rules/play";
import { chanceToReach, dodgedOdds, fudgeSums, opposedCheckOdds } from "../../src/rulesets/fudge/rules/odds";
import { NPC_DICE, TACTICS_SKILLS, opposed, tacticsWinner } from "../../src/rulesets/fudge/rules/actions";
import { tacticsBonus } from "../../src/rulesets/fudge/data/source";
import {
  attackChoices,
  attackLine,
  checkChoices,
  checkLine,
  dialogView,
  fudgeFormula,
  responseChoices,
  responseLine,
  type FudgeDialogInput,
} from "../../src/rulesets/fudge/chat/dialog-form";

// Issue 29's FUDGE "missing" list, the pure rules (fudge.txt, Yoki's combat).

describe("FUDGE: the wound track's damage labels come from the wound table", () => {
  it('"The numbers above the wound levels represent the amount of damage needed in a single blow to inflict the wound listed under the number"', () => {
    expect(woundRanges(DEFAULT_TABLES.wounds)).toEqual({
      scratch: "1–3",
      light: "4–6",
      major: "7–9",
      critical: "10–12",
      coma: "13+",
    });
    // A GM's harsher table, typed in any order.
    const harsh = parseDamageTable("9 coma, 1 scratch, 3 light, 5 major, 7 critical", DEFAULT_TABLES.wounds);
    expect(woundRanges(harsh)).toEqual({ scratch: "1–2", light: "3–4", major: "5–6", critical: "7–8", coma: "9+" });
  });

  it("shows one damage alone, a level the table never deals as null, and a level reached twice", () => {
    expect(woundRanges(parseDamageTable("0 scratch, 1 light, 2 major", DEFAULT_TABLES.wounds))).toEqual({
      scratch: "0",
      light: "1",
      major: "2+",
      critical: null,
      coma: null,
    });
    expect(woundRanges(parseDamageTable("-2 scratch, 4 light, 6 scratch, 8 coma", DEFAULT_TABLES.wounds))).toEqual({
      scratch: "−2–3, 6–7",
      light: "4–5",
      major: null,
      critical: null,
      coma: "8+",
    });
  });
});

describe("FUDGE: choosing to defend only", () => {
  const TEXT =
    '"it is still an Opposed Action, but the defending character cannot hurt the other character even if he wins the combat round"';
  const fighter = (skill: number, canHurt = true): Fighter => ({
    skill,
    modifier: 0,
    stance: "normal",
    foes: 1,
    minimum: -2,
    reach: 2,
    shield: 0,
    berserk: false,
    feint: false,
    canHurt,
    blow: { size: 1, sharp: true, heavyBlunt: false, muscle: true, build: 0, strengthScale: 0, pull: null },
    soak: { health: 0, armor: 0, massScale: 0 },
  });

  it(`${TEXT}: the rule`, () => {
    expect(defenderMayHurt(0, false)).toBe(true);
    expect(defenderMayHurt(0, true)).toBe(false);
    expect(defenderMayHurt(1, false)).toBe(false);
    // Fair attacker rolls 0, Good defender rolls +1: the defender wins by 2 and stops the blow.
    const fights = meleeExchange(fighter(0), fighter(1, defenderMayHurt(0, false)), 0, 1);
    const defends = meleeExchange(fighter(0), fighter(1, defenderMayHurt(0, true)), 0, 1);
    expect(fights.b).toMatchObject({ relativeDegree: 2, hits: true });
    expect(defends.b).toMatchObject({ relativeDegree: 2, hits: false, wound: null });
    expect(defends.a.hits).toBe(false);
  });

  it(`${TEXT}: the Defend dialog offers it and its odds show no blow back`, () => {
    const input: FudgeDialogInput = {
      kind: "response",
      mode: "defend",
      traits: [{ value: "skill:sword", label: "Sword", localize: false, level: 1 }],
      trait: { kind: "skill", id: "sword" },
      penalty: 0,
      stance: "normal",
      weapons: [],
      self: fighter(0),
      opponent: { fighter: fighter(0) },
    };
    const form = (more: Record<string, string>) => Object.entries({ trait: "skill:sword", ...more });
    const fighting = responseChoices(input, form({}));
    const only = responseChoices(input, form({ defendOnly: "on" }));
    expect([fighting.defendOnly, only.defendOnly]).toEqual([false, true]);
    expect(responseLine(input, fighting).data.hit).not.toBe("0.0%");
    expect(responseLine(input, only).data.hit).toBe("0.0%");
    // Being hit is as likely either way: the choice changes only the blow back.
    expect(responseLine(input, only).data.hitBack).toBe(responseLine(input, fighting).data.hitBack);
    // A dodge or a resisted check never defends only.
    expect(responseChoices({ ...input, mode: "dodge" }, form({ defendOnly: "on" })).defendOnly).toBe(false);
  });
});

describe("FUDGE: a propelled missile's dodge", () => {
  const TEXT = '"If the ranged weapon is thrown, there is no modifier to the defense roll"';
  const blow = { size: 0, sharp: true, heavyBlunt: false, muscle: true, build: 0, strengthScale: 0, pull: null };
  const soak = { health: 0, armor: 0, massScale: 0 };

  it(`${TEXT}; a propelled one: "reduce the defender's trait by -2 or -3"`, () => {
    expect(dodgePenalty(false)).toBe(0);
    expect(dodgePenalty(false, 3)).toBe(0);
    expect(dodgePenalty(true)).toBe(-2);
    expect(dodgePenalty(true, 3)).toBe(-3);
    expect(() => dodgePenalty(true, 4)).toThrow(RangeError);
    // Fair shooter rolls +1 (Good) against a Fair dodger's +1 (Good), less 2 or 3.
    const dodge = { skill: 0, modifier: 0, propelled: true, roll: 1 };
    expect(dodgedShot({ skill: 0, modifier: 0, blow }, 0, 1, dodge, soak).relativeDegree).toBe(2);
    expect(dodgedShot({ skill: 0, modifier: 0, blow }, 0, 1, { ...dodge, levels: 3 }, soak).relativeDegree).toBe(3);
    expect(dodgedShot({ skill: 0, modifier: 0, blow }, 0, 1, { ...dodge, propelled: false }, soak).hits).toBe(false);
  });

  it("the ranged dialog offers −3 for a propelled missile only, and its odds take it", () => {
    const input = (propelled: boolean): FudgeDialogInput => ({
      kind: "attack",
      traits: [{ value: "skill:archery", label: "Archery", localize: false, level: 1 }],
      trait: { kind: "skill", id: "archery" },
      penalty: 0,
      stance: "normal",
      ranged: true,
      propelled,
      rangedTarget: { shield: 0, relativeScale: 0, dodge: 0 },
      opponent: null,
      self: null,
    });
    const form = (penalty: string) =>
      Object.entries({ trait: "skill:archery", range: "medium", dodgePenalty: penalty });
    expect(attackChoices(input(true), form("3")).dodgePenalty).toBe(3);
    expect(attackChoices(input(false), form("3")).dodgePenalty).toBe(2);
    expect(dialogView(input(true)).propelled).toBe(true);
    expect(dialogView(input(false)).propelled).toBe(false);
    const pct = (p: number) => `${(Math.round(p * 1000) / 10).toFixed(1)}%`;
    expect(attackLine(input(true), attackChoices(input(true), form("3"))).data.chance).toBe(pct(dodgedOdds(1, -3, 0)));
    expect(attackLine(input(true), attackChoices(input(true), form("2"))).data.chance).toBe(pct(dodgedOdds(1, -2, 0)));
    expect(attackLine(input(false), attackChoices(input(false), form("3"))).data.chance).toBe(pct(dodgedOdds(1, 0, 0)));
  });
});

describe("FUDGE: opposed actions with a minimum, and the NPC's dice", () => {
  it('"Some Opposed actions have a minimum level needed for success"', () => {
    // The telepath's Mediocre against a Poor resistance, needing Fair: it fails.
    expect(opposed(-1, -2, 0)).toEqual({ success: false, relativeDegree: 1, belowMinimum: true, tie: false });
    expect(opposed(0, -2, 0)).toMatchObject({ success: true, relativeDegree: 2 });
    expect(opposed(-1, -2)).toMatchObject({ success: true, belowMinimum: false });
    // "the relative degree is 0: the status quo is maintained"
    expect(opposed(2, 2)).toMatchObject({ success: false, tie: true });
    expect(() => opposed(1, 0, 0.5)).toThrow(RangeError);
  });

  it('"the Storyteller rolls 1dF or 2dF when rolling for an NPC", or none: "the NPC will always roll a 0"', () => {
    expect(NPC_DICE).toEqual([4, 2, 1, 0]);
    expect(fudgeSums(0)).toEqual([{ sum: 0, p: 1 }]);
    expect(fudgeSums(2).map((s) => s.p * 9)).toEqual([1, 2, 3, 2, 1]);
    expect(fudgeSums(4).map((s) => Math.round(s.p * 81))).toEqual([1, 4, 10, 16, 19, 16, 10, 4, 1]);
    expect(fudgeFormula(1, 2)).toBe("2dF+1");
    expect(fudgeFormula(0, 1)).toBe("1dF");
    expect(fudgeFormula(-2, 0)).toBe("-2");
    expect(fudgeFormula(0, 0)).toBe("0");
    // Against an NPC rolling 0 the roller's chance is its chance to beat the trait as a difficulty.
    expect(opposedCheckOdds(1, 0, { resisterDice: 0 }).win).toBeCloseTo(chanceToReach(1, 1), 12);
    // Needing Great, a Good roller wins only on +1 or better (and beating the resister).
    const needsGreat = opposedCheckOdds(1, -4, { minimum: 2, resisterDice: 0 });
    expect(needsGreat.win).toBeCloseTo(chanceToReach(1, 2), 12);
  });

  it("the check dialog reads a minimum only when opposed, and only the GM's NPC gets fewer dice", () => {
    const check: FudgeDialogInput = {
      kind: "check",
      traits: [{ value: "attribute:agility", label: "Agility", localize: true, level: 1 }],
      trait: { kind: "attribute", id: "agility" },
      penalty: 0,
      stance: "normal",
      targets: 1,
      opponent: { level: 0 },
    };
    const opposedForm = (min: string) =>
      [
        ["difficulty", "opposed"],
        ["minimum", min],
      ] as Array<[string, string]>;
    expect(checkChoices(check, opposedForm("2")).minimum).toBe(2);
    expect(checkChoices(check, opposedForm("")).minimum).toBeNull();
    expect(
      checkChoices(check, [
        ["difficulty", "1"],
        ["minimum", "2"],
      ]).minimum,
    ).toBeNull();
    // The odds line counts the minimum.
    expect(checkLine(check, checkChoices(check, opposedForm("2"))).data.win).toBe(
      `${(Math.round(opposedCheckOdds(1, 0, { minimum: 2 }).win * 1000) / 10).toFixed(1)}%`,
    );
    const resist = (npcDice: boolean): FudgeDialogInput => ({
      kind: "response",
      mode: "resist",
      traits: check.traits,
      trait: check.trait,
      penalty: 0,
      stance: "normal",
      npcDice,
      opponent: { level: 1, minimum: null },
    });
    expect(responseChoices(resist(true), [["dice", "2"]]).dice).toBe(2);
    expect(responseChoices(resist(true), [["dice", "0"]]).dice).toBe(0);
    expect(responseChoices(resist(true), [["dice", "3"]]).dice).toBe(4);
    expect(responseChoices(resist(false), [["dice", "2"]]).dice).toBe(4);
    expect(dialogView(resist(true)).npcDice).toBe(true);
    expect(responseLine(resist(true), responseChoices(resist(true), [["dice", "0"]])).formula).toBe("1");
  });
});

describe("FUDGE: the leader's Tactics roll", () => {
  it('"The winner gets a +1 level bonus to all rolls during the combat at hand"', () => {
    expect(TACTICS_SKILLS).toEqual(["Tactics", "Leadership"]);
    expect(tacticsWinner(2, 0)).toEqual({ winner: "roller", bonus: 1 });
    expect(tacticsWinner(-1, 1)).toEqual({ winner: "opponent", bonus: 1 });
    expect(tacticsWinner(1, 1)).toEqual({ winner: null, bonus: 1 });
    const actor = (system: Record<string, unknown>) => ({ type: "fudge-npc", system, items: { contents: [] } });
    expect(tacticsBonus(actor({ tactics: 1 }))).toBe(1);
    // An actor stored before the field reads as no bonus.
    expect(tacticsBonus(actor({}))).toBe(0);
  });
});
