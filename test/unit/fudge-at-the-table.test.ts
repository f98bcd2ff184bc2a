import { describe, expect, it } from "vitest";
import { DEFAULT_TABLES, parseDamageTable, woundRanges } from "../../src/rulesets/fudge/rules/tables";
import { meleeExchange, type Fighter } from "../../src/rulesets/fudge/rules/exchange";
import { defenderMayHurt } from "../../src/rulesets/fudge/rules/play";
import { responseChoices, responseLine, type FudgeDialogInput } from "../../src/rulesets/fudge/chat/dialog-form";

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
