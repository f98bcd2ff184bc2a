import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { combatChoicesOf, dialogLine, targetNumber, choicesFromForm } from "../../src/rulesets/opend6/chat/dialog-form";
import {
  FULL_AUTO_DEFENSE_PENALTY,
  acrobaticsDefenseBonus,
  defenseWith,
  derive,
  initiativeTie,
  initiativeWithExtras,
  optionEffects,
  MAX_DIFFICULTY_MODIFIER,
  UNWIELDY_MODIFIER,
  combatDifficulty,
  situationModifier,
} from "../../src/rulesets/opend6/rules";

// Issue 29 (OpenD6, missing): the attack dialog's free difficulty modifiers, from the text's Cover
// ("poor lighting, smoke, fog, a table") and Unwieldy Weapon ("+5 or more") paragraphs.

const od6 = api.rules.opend6;

describe("OpenD6: the scene's difficulty modifiers", () => {
  it('"may incur a +5 or more modifier to the combat difficulty": an unwieldy weapon adds 5', () => {
    expect(UNWIELDY_MODIFIER).toBe(5);
    expect(situationModifier({ unwieldy: true })).toBe(5);
    // 10, Short 0, unwieldy +5: 15.
    expect(combatDifficulty(10, { range: "short", cover: "none", posture: "standing", unwieldy: true })).toMatchObject({
      situation: 5,
      value: 15,
    });
  });

  it('"protected by something — poor lighting, smoke, fog": lighting and smoke add +1D (3), +2D (6) or +4D (12) each', () => {
    expect(situationModifier({ lighting: "poor" })).toBe(3);
    expect(situationModifier({ lighting: "moonlit" })).toBe(6);
    expect(situationModifier({ lighting: "dark" })).toBe(12);
    expect(situationModifier({ smoke: "light" })).toBe(3);
    expect(situationModifier({ smoke: "thick" })).toBe(6);
    expect(situationModifier({ smoke: "veryThick" })).toBe(12);
    // All of them add up, with a number the GM names: 12 + 6 + 5 + 2 = 25.
    expect(od6.situationModifier({ lighting: "dark", smoke: "thick", unwieldy: true, modifier: 2 })).toBe(25);
    expect(situationModifier({})).toBe(0);
  });

  it('"the total combat difficulty may never go below 3": a typed modifier below 0 stops at 3', () => {
    expect(combatDifficulty(10, { range: "pointBlank", cover: "none", posture: "standing", modifier: -20 }).value).toBe(
      3,
    );
  });

  it("refuses a typed modifier that is not a whole number within the dialog's bound", () => {
    expect(() => situationModifier({ modifier: MAX_DIFFICULTY_MODIFIER + 1 })).toThrow(RangeError);
    expect(() => situationModifier({ modifier: -MAX_DIFFICULTY_MODIFIER - 1 })).toThrow(RangeError);
    expect(() => situationModifier({ modifier: 1.5 })).toThrow(RangeError);
    expect(situationModifier({ modifier: -MAX_DIFFICULTY_MODIFIER })).toBe(-MAX_DIFFICULTY_MODIFIER);
  });

  it("counts them in the dialog's odds, read from its form and bounded", () => {
    const choices = choicesFromForm("attack", [
      ["range", "short"],
      ["lighting", "poor"],
      ["smoke", "light"],
      ["unwieldy", "on"],
      ["modifier", "-4"],
      ["actions", "1"],
    ]);
    expect(choices).toMatchObject({ lighting: "poor", smoke: "light", unwieldy: true, modifier: -4 });
    const input = {
      kind: "attack" as const,
      code: "5D",
      woundPenalty: 0,
      characterPoints: 0,
      fatePoints: 0,
      target: { name: "Thug", defense: 10 },
    };
    // 10 + 3 + 3 + 5 - 4 = 17.
    expect(targetNumber(input, choices)).toBe(17);
    expect(dialogLine(input, choices).vs).toBe(17);
    // Past the bound the form brings the number back to it; junk reads as nothing.
    expect(choicesFromForm("attack", [["modifier", "500"]]).modifier).toBe(MAX_DIFFICULTY_MODIFIER);
    expect(
      choicesFromForm("attack", [
        ["modifier", "x"],
        ["lighting", "<b>"],
      ]),
    ).toMatchObject({
      modifier: 0,
      lighting: "none",
    });
  });
});

describe("OpenD6 rules-tables journal: the scene", () => {
  it("prints the scene's modifiers the dialog adds", async () => {
    const { readFileSync } = await import("node:fs");
    const journal = JSON.parse(
      readFileSync(new URL("../../src/rulesets/opend6/packs/tables/opend6-at-the-table.json", import.meta.url), "utf8"),
    ) as { pages: Array<{ name: string; text: { content: string } }> };
    const page = journal.pages.find((p) => p.name === "Combat difficulty")!.text.content;
    const { LIGHTING_MODIFIER, SMOKE_MODIFIER } = await import("../../src/rulesets/opend6/rules");
    expect(page).toContain(
      `<tr><td>Poor light or twilight; light smoke or fog</td><td>+${LIGHTING_MODIFIER.poor}</td></tr>`,
    );
    expect(SMOKE_MODIFIER.light).toBe(LIGHTING_MODIFIER.poor);
    expect(page).toContain(`<tr><td>Moonlit night; thick smoke or fog</td><td>+${SMOKE_MODIFIER.thick}</td></tr>`);
    expect(page).toContain(
      `<tr><td>Near darkness; very thick smoke or fog</td><td>+${LIGHTING_MODIFIER.dark}</td></tr>`,
    );
    expect(page).toContain(`<tr><td>Unwieldy weapon</td><td>+${UNWIELDY_MODIFIER}</td></tr>`);
    expect(page).toContain(`−${MAX_DIFFICULTY_MODIFIER} to +${MAX_DIFFICULTY_MODIFIER}`);
  });
});

describe("OpenD6: what changes a defense value (optional defense modifier, full auto)", () => {
  it('"a character with 7D in acrobatics has a +2 bonus": +1 per 2D above 4D, rounded up', () => {
    expect(acrobaticsDefenseBonus("4D+2")).toBe(0);
    expect(acrobaticsDefenseBonus("5D")).toBe(1);
    expect(acrobaticsDefenseBonus("6D+2")).toBe(1);
    expect(acrobaticsDefenseBonus("7D")).toBe(2);
    expect(od6.acrobaticsDefenseBonus("9D")).toBe(3);
  });

  it('"+1 to her active or passive defense value for attacks at Short range or greater": not at Point Blank', () => {
    const acrobat = { acrobatics: 2, fullAuto: false };
    expect(defenseWith(10, "pointBlank", acrobat)).toBe(10);
    expect(defenseWith(10, "short", acrobat)).toBe(12);
    // An active defense (a full dodge of 9: 19) takes it too.
    expect(od6.defenseWith(19, "long", acrobat)).toBe(21);
  });

  it('"the modifier to the character\'s defensive value during the round he is performing a full auto attack": −6 (ours)', () => {
    expect(FULL_AUTO_DEFENSE_PENALTY).toBe(6);
    expect(defenseWith(10, "short", { acrobatics: 0, fullAuto: true })).toBe(4);
    expect(defenseWith(10, "short", { acrobatics: 2, fullAuto: true })).toBe(6);
    // Full auto no longer forbids an active defense: the penalty is its cost.
    expect(optionEffects({ maneuver: "fullAuto" })).toMatchObject({ skillDice: 2, damageDice: 2, noDefense: false });
  });

  it("derives the acrobatics bonus only under the optional defense modifier, from acrobatics' total", () => {
    const source = {
      attributes: { reflexes: "3D" },
      skills: { acrobatics: "4D" },
      wounds: "none" as const,
      bodyPoints: { value: 10, max: 10 },
      armor: [],
    };
    expect(derive(source, { mode: "wounds" }).acrobaticsDefense).toBe(0);
    // Reflexes 3D and acrobatics 4D: 7D, +2 (passive defense stays 10: Reflexes and dodge are 3D).
    expect(derive(source, { mode: "wounds", defenseBonus: true })).toMatchObject({
      acrobaticsDefense: 2,
      passiveDefense: 10,
    });
  });
});

describe("OpenD6: initiative ties by the order of codes", () => {
  const codes = { perception: "3D", search: "5D", reflexes: "3D+1", dodge: "4D+1" };
  it('"the character with the highest value in the characteristic goes first": Perception, then search, Reflexes, dodge', () => {
    expect(initiativeTie(codes, { ...codes, perception: "2D+2" })).toBeLessThan(0);
    expect(initiativeTie({ ...codes, perception: "2D+2" }, codes)).toBeGreaterThan(0);
    // "Ties are broken by moving to the next factor and looking at those values."
    expect(initiativeTie(codes, { ...codes, search: "4D+2" })).toBeLessThan(0);
    expect(initiativeTie(codes, { ...codes, reflexes: "3D+2" })).toBeGreaterThan(0);
    expect(od6.initiativeTie(codes, { ...codes, dodge: "4D" })).toBeLessThan(0);
    expect(initiativeTie(codes, { ...codes })).toBe(0);
  });
});

describe("OpenD6: Character Point and quick-draw dice on initiative", () => {
  it('"add the result of one extra Wild Die roll" per Character Point, and quick-drawn dice "to the Perception die code"', () => {
    // Perception 3D, 1D quick-drawn, two Character Points: 4D and two CP dice.
    expect(initiativeWithExtras("3D", 0, { characterPoints: 2, quickDraw: 1 })).toBe("4dwcp2");
    // "She decides to move only 3D. This gives her 7D in Perception to determine initiative."
    expect(od6.initiativeWithExtras("4D", 0, { characterPoints: 0, quickDraw: 3 })).toBe("7dw");
    // Pips stay; the optional bonus is added to the total after.
    expect(initiativeWithExtras("3D+2", 1, { characterPoints: 1, quickDraw: 0 })).toBe("3dwcp1 + 2 + 1");
  });
});

describe("OpenD6: a card's typed modifier past the bound", () => {
  it("is brought back to the bound when rows are worked out (the GM's apply refuses the card)", () => {
    expect(
      combatChoicesOf({ actions: 1, bonusDice: 0, characterPoints: 0, fatePoint: false, modifier: -500 }),
    ).toMatchObject({
      modifier: -MAX_DIFFICULTY_MODIFIER,
    });
    expect(combatChoicesOf({ actions: 1, bonusDice: 0, characterPoints: 0, fatePoint: false })).toMatchObject({
      range: "short",
      lighting: "none",
      smoke: "none",
      unwieldy: false,
      modifier: 0,
    });
  });
});
