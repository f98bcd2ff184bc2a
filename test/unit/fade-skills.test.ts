import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api } from "../../src/api";

// The Fade's skills (issue 16): the text's list by action type (the-fade.txt, "Standard Action" to
// "Free Action"), and a check rolled as (Attribute) k (½ Attribute) + ranks (our decision, like the
// to-hit formula), judged against a DC with the text's half-or-below critical failure.
const fade = api.rules.fade;

describe("The Fade's skills", () => {
  it("lists the sixteen skills the text names, each with the action the text gives it", () => {
    const by = (action: string) => fade.skills.filter((s) => s.action === action).map((s) => s.id);
    expect(by("standard")).toEqual(["deception", "heal", "persuasion", "useComputers", "useMagicDevice"]);
    expect(by("move")).toEqual(["artisan", "acrobatics", "drive", "ride"]);
    expect(by("swift")).toEqual(["handleAnimal", "linguistics"]);
    expect(by("free")).toEqual(["awareness", "fortitude", "knowledges", "spellcraft", "stealth"]);
  });

  it("rolls (Attribute) k (½ Attribute) + ranks, with bonuses on top", () => {
    // Agility 5, 2 ranks of Stealth: 5k2+2. Smarts 6, Persuasion 0: 6k3.
    expect(fade.skillPool({ agility: 5 }, "stealth", 2)).toBe("5k2+2");
    expect(fade.skillPool({ smarts: 6 }, "persuasion")).toBe("6k3");
    // A critical failure's −2k0 on the next turn's checks.
    expect(fade.skillPool({ smarts: 6 }, "persuasion", 1, { rolled: -2 })).toBe("4k3+1");
    expect(() => fade.skillPool({}, "swordplay")).toThrow(RangeError);
  });

  it("succeeds at the DC and fails critically at half of it or below; never critically succeeds", () => {
    expect(fade.judgeSkill(15, 15)).toEqual({ success: true, criticalFailure: false });
    expect(fade.judgeSkill(14, 15)).toEqual({ success: false, criticalFailure: false });
    expect(fade.judgeSkill(7, 15)).toEqual({ success: false, criticalFailure: true });
    expect(fade.judgeSkill(8, 15)).toEqual({ success: false, criticalFailure: false });
    expect(fade.judgeSkill(40, 15, true)).toEqual({ success: false, criticalFailure: false });
  });

  it('"Being reduced to 0 keep dice results in the roll being impossible to be made, and resulting in immediate failure": a skill as an attack', () => {
    // Both fail, and neither is a critical failure (no −2k0 next turn): no roll was made.
    expect(fade.judgeSkill(0, 15, true)).toEqual({ success: false, criticalFailure: false });
    expect(fade.judgeAttack({ total: 0, impossible: true }, 15)).toMatchObject({
      result: "impossible",
      hit: false,
      criticalFailure: false,
    });
  });

  it("keeps at most as many dice as it rolls, and never fewer than none", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 10 }), (attribute, ranks) => {
        const pool = fade.skillPool({ agility: attribute }, "acrobatics", ranks);
        const m = /^(\d+)k(\d+)(?:\+(\d+))?$/.exec(pool);
        expect(m, pool).not.toBeNull();
        expect(Number(m![2])).toBe(Math.floor(attribute / 2));
        expect(Number(m![3] ?? 0)).toBe(ranks);
      }),
    );
  });
});

describe("The Fade's bleeding", () => {
  it("takes the bleed straight off HP and says what it leaves (death at −(2 + Endurance))", () => {
    // 5 HP, Endurance 2 (death at −4): 3 bleed leaves 2; 6 leaves −1, unconscious; 9 leaves −4, dead.
    expect(fade.bleedTick(5, 3, -4)).toEqual({ hpBefore: 5, hpAfter: 2, state: "conscious" });
    expect(fade.bleedTick(5, 6, -4).state).toBe("unconscious");
    expect(fade.bleedTick(5, 9, -4)).toEqual({ hpBefore: 5, hpAfter: -4, state: "dead" });
    expect(fade.bleedTick(5, Number.NaN, -4).hpAfter).toBe(5);
  });
});
