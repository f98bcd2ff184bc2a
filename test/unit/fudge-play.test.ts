import { describe, expect, it } from "vitest";
import {
  meleeExchange,
  unopposedAttack,
  dodgedShot,
  type Fighter,
  type Blow,
  type Soak,
} from "../../src/rulesets/fudge/rules/exchange";
import { FOUR_DF_WAYS, chanceToReach, dodgedOdds, meleeOdds, opposedOdds } from "../../src/rulesets/fudge/rules/odds";
import {
  afterBattle,
  archerShots,
  healTrack,
  healingLevels,
  movement,
  painPenalty,
  pulled,
  rangedModifier,
  reachPenalty,
  stunFor,
  volleySkill,
  woundOf,
} from "../../src/rulesets/fudge/rules/play";
import { FUDGE_MIGRATIONS } from "../../src/rulesets/fudge/migrations";

// FUDGE's play rules beyond the public contract (fudge.txt, Yoki's combat); numbers worked out by hand.

const fist: Blow = { size: -1, sharp: false, heavyBlunt: false, muscle: true, build: 0, strengthScale: 0, pull: null };
const bare: Soak = { health: 0, armor: 0, massScale: 0 };
const fighter = (over: Partial<Fighter> = {}): Fighter => ({
  skill: 0,
  modifier: 0,
  stance: "normal",
  foes: 1,
  minimum: -2,
  reach: -1,
  shield: 0,
  berserk: false,
  feint: false,
  canHurt: true,
  blow: fist,
  soak: bare,
  ...over,
});

describe("FUDGE: wounds, pain and healing", () => {
  it("softens or worsens the wound penalty by one level with a pain threshold", () => {
    expect(painPenalty({ light: 1 })).toBe(-1);
    expect(painPenalty({ light: 1 }, "high")).toBe(0);
    expect(painPenalty({ major: 1 }, "high")).toBe(-1);
    expect(painPenalty({ major: 1 }, "low")).toBe(-3);
    // A Scratch gives no penalty, so there is none to make harsher.
    expect(painPenalty({ scratch: 3 }, "low")).toBe(0);
  });

  it("heals every wound by the healer's levels, marking them again from the mildest", () => {
    expect(healingLevels(0)).toBe(0); // Fair only stops the bleeding
    expect([1, 2, 3, 5].map(healingLevels)).toEqual([1, 2, 3, 3]);
    // A Major and a Light heal one level: a Light and a Scratch.
    expect(healTrack({ major: 1, light: 1 }, 1)).toEqual({ scratch: 1, light: 1, major: 0, critical: 0, coma: 0 });
    // Two Lights a level down are two Scratches; the Major becomes a Light.
    expect(healTrack({ light: 2, major: 1 }, 1)).toEqual({ scratch: 2, light: 1, major: 0, critical: 0, coma: 0 });
    // Superb healing takes a Critical three levels down, to a Scratch; a Light goes altogether.
    expect(healTrack({ critical: 1, light: 1 }, 3)).toEqual({ scratch: 1, light: 0, major: 0, critical: 0, coma: 0 });
    expect(afterBattle({ scratch: 3, light: 1 })).toEqual({ scratch: 0, light: 1, major: 0, critical: 0, coma: 0 });
  });

  it("turns a stunning blow's wound into stuns and knockouts", () => {
    expect(stunFor("scratch", false)).toBe("none");
    expect(stunFor("light", false)).toBe("stunned");
    expect(stunFor("light", true)).toBe("veryStunned");
    expect(stunFor("major", false)).toBe("veryStunned");
    expect(stunFor("critical", false)).toBe("knockedOut");
    expect(stunFor("coma", true)).toBe("knockedOut");
  });

  it("pulls a blow to the most the attacker announced", () => {
    expect(pulled("critical", "scratch")).toBe("scratch");
    expect(pulled("light", "major")).toBe("light");
    expect(pulled("undamaged", "scratch")).toBe("undamaged");
    expect(woundOf(8, false, "light")).toBe("light");
    expect(woundOf(5, true)).toBe("light");
  });
});

describe("FUDGE: movement, ranged fire and weapon sizes", () => {
  it("reads the movement chart for every Speed", () => {
    expect(movement(-4)).toEqual({ walking: 2, minute: 24, sustained: 5, sprinting: 8 });
    expect(movement(0)).toEqual({ walking: 10, minute: 120, sustained: 25, sprinting: 40 });
    expect(movement(3)).toEqual({ walking: 16, minute: 192, sustained: 40, sprinting: 64 });
    expect(movement(4)).toEqual({ walking: 18, minute: 216, sustained: 45, sprinting: 72 });
  });

  it("adds up the ranged modifiers", () => {
    expect(rangedModifier({ cover: true, darkness: true, running: true })).toBe(-3);
    expect(rangedModifier({ sprinting: true, running: true })).toBe(-2);
    expect(rangedModifier({ aiming: true, shield: 1, relativeScale: 2 })).toBe(2);
  });

  it("lets skilled archers loose more arrows at Fair", () => {
    expect([0, 1, 2, 3, 4].map(archerShots)).toEqual([1, 2, 3, 4, 5]);
    expect(volleySkill(2, 1)).toBe(2);
    expect(volleySkill(2, 3)).toBe(0);
    expect(() => volleySkill(1, 3)).toThrow(RangeError);
  });

  it("puts the smaller weapon at −1 when the other is 2 or more larger (the text's sword and knife)", () => {
    // Two-handed sword +4 against a knife +1 and an average shield +1: 4 − 2 = 2, the knife is at −1.
    expect(reachPenalty(4, 2)).toEqual({ a: 0, b: -1 });
    expect(reachPenalty(3, 2)).toEqual({ a: 0, b: 0 });
    expect(reachPenalty(0, 2)).toEqual({ a: -1, b: 0 });
  });
});

describe("FUDGE: a melee exchange, both sides at once", () => {
  it("lets both fighters hit in one round", () => {
    // A Good (+1) in a violent stance rolls 0: offense +3, defense −1. B Fair rolls +1: offense 1, defense 1.
    const a = fighter({ skill: 1, stance: "violent" });
    const b = fighter();
    const r = meleeExchange(a, b, 0, 1);
    // Each offense is shown against the other's defense.
    expect(r.a).toMatchObject({ offense: 3, defense: 1, hits: true, relativeDegree: 2 });
    expect(r.b).toMatchObject({ offense: 1, defense: -1, hits: true, relativeDegree: 2 });
    // Fist −1 + 2 × 2 = 3 against a bare Fair: a Scratch each.
    expect(r.a).toMatchObject({ damage: 3, wound: "scratch" });
    expect(r.standOff).toBe(false);
  });

  it("is a stand-off when neither reaches Poor", () => {
    const r = meleeExchange(fighter({ skill: -2 }), fighter({ skill: -2 }), -2, -2);
    expect(r.a.hits || r.b.hits).toBe(false);
    expect(r.standOff).toBe(true);
  });

  it("takes the shield off the other's offense and the size penalty off the smaller side", () => {
    // A: broadsword +3 (reach 3); B: knife +1 and a medium shield 1 (reach 2): no size penalty.
    const a = fighter({ skill: 1, reach: 3 });
    const b = fighter({ skill: 1, reach: 2, shield: 1 });
    const r = meleeExchange(a, b, 0, 0);
    expect(r.a.offense).toBe(0); // 1 − shield 1
    expect(r.b.offense).toBe(1);
    // A two-handed sword (reach 4) puts the knife and shield at −1 to offense and defense.
    const big = meleeExchange({ ...a, reach: 4 }, b, 0, 0);
    expect(big.b.offense).toBe(0);
    expect(big.a.defense).toBe(0);
  });

  it("applies berserk and feint to both sides", () => {
    const r = meleeExchange(fighter({ berserk: true }), fighter({ feint: true }), 0, 0);
    expect(r.a).toMatchObject({ offense: 1, defense: -1, relativeDegree: 2 });
    expect(r.b).toMatchObject({ offense: 1, defense: -1, relativeDegree: 2 });
  });

  it("never hurts from a fighter who only defends", () => {
    const r = meleeExchange(fighter(), fighter({ canHurt: false, skill: 3 }), -1, 1);
    expect(r.b.hits).toBe(false);
    expect(r.b.relativeDegree).toBeGreaterThan(0);
  });

  it("works out the text's mace against plate: a large mace +2 finds plate +4 worth 2", () => {
    // Relative degree +2, Good Build +1, large mace +2 (heavy blunt) against Fair Health and plate +4:
    // offense 4 + 1 + 2 = 7, defense 0 + 2 = 2: damage 5, a Light Wound.
    const mace: Blow = {
      size: 2,
      sharp: false,
      heavyBlunt: true,
      muscle: true,
      build: 1,
      strengthScale: 0,
      pull: null,
    };
    const r = meleeExchange(
      fighter({ skill: 2, blow: mace }),
      fighter({ soak: { health: 0, armor: 4, massScale: 0 } }),
      0,
      0,
    );
    expect(r.a).toMatchObject({ relativeDegree: 2, damage: 5, wound: "light" });
  });
});

describe("FUDGE: unopposed and dodged attacks", () => {
  it("hits an unaware target by reaching the difficulty, a bare success a graze", () => {
    const shot = unopposedAttack({ skill: 1, modifier: 0, blow: fist }, 0, -1, bare);
    expect(shot).toMatchObject({ offense: 0, hits: true, relativeDegree: 1, graze: true });
    expect(unopposedAttack({ skill: 1, modifier: 0, blow: fist }, 0, -2, bare).hits).toBe(false);
  });

  it("must beat the dodge and reach the difficulty; propelled missiles are dodged at −2", () => {
    const bow: Blow = { ...fist, size: 2, sharp: true };
    // Good archer rolls 0 = +1; a Good dodger rolls 0 = +1, −2 for the arrow = −1: relative degree 2.
    const r = dodgedShot(
      { skill: 1, modifier: 0, blow: bow },
      0,
      0,
      { skill: 1, modifier: 0, propelled: true, roll: 0 },
      bare,
    );
    expect(r).toMatchObject({ offense: 1, defense: -1, relativeDegree: 2, hits: true });
    // Beating the dodge is not enough below the difficulty (Good at far range).
    const far = dodgedShot(
      { skill: 0, modifier: 0, blow: bow },
      1,
      0,
      { skill: -3, modifier: 0, propelled: true, roll: 0 },
      bare,
    );
    expect(far.hits).toBe(false);
  });
});

describe("FUDGE: exact odds", () => {
  it("counts the 81 ways of 4dF", () => {
    expect(FOUR_DF_WAYS.reduce((a, b) => a + b, 0)).toBe(81);
    // Fair against Fair: 19 + 16 + 10 + 4 + 1 = 50 of 81.
    expect(chanceToReach(0, 0)).toBeCloseTo(50 / 81, 12);
    // Good against Superb needs +2 or better: 10 + 4 + 1 = 15 of 81.
    expect(chanceToReach(1, 3)).toBeCloseTo(15 / 81, 12);
  });

  it("gives the opposed roll's tie as the sum of squares over 6,561", () => {
    const o = opposedOdds(0, 0);
    const tie = [1, 4, 10, 16, 19, 16, 10, 4, 1].reduce((a, w) => a + w * w, 0) / 6561;
    expect(o.tie).toBeCloseTo(tie, 12);
    expect(o.win).toBeCloseTo((1 - tie) / 2, 12);
  });

  it("matches a brute force over all 6,561 pairs of 4dF faces for a melee exchange", () => {
    const a = fighter({ skill: 1, stance: "offensive", reach: 3 });
    const b = fighter({ skill: 0, shield: 1, reach: 1, stance: "defensive" });
    let aHits = 0;
    let bHits = 0;
    const faces = [-1, 0, 1];
    for (let i = 0; i < 3 ** 8; i++) {
      let n = i;
      let x = 0;
      let y = 0;
      for (let d = 0; d < 8; d++) {
        const f = faces[n % 3]!;
        n = Math.floor(n / 3);
        if (d < 4) x += f;
        else y += f;
      }
      const r = meleeExchange(a, b, x, y);
      if (r.a.hits) aHits++;
      if (r.b.hits) bHits++;
    }
    const o = meleeOdds(a, b);
    expect(o.aHits).toBeCloseTo(aHits / 6561, 12);
    expect(o.bHits).toBeCloseTo(bHits / 6561, 12);
    expect(dodgedOdds(0, 0, -10)).toBeCloseTo(opposedOdds(0, 0).win, 12);
  });
});

describe("FUDGE: migration 3", () => {
  const step = FUDGE_MIGRATIONS[3]!.actor!;

  it("keeps a filled-in health track in the notes and drops the field", () => {
    const source = { type: "fudge-character", system: { health: { value: 4, max: 9 }, notes: "<p>Old</p>" } };
    step(source);
    expect(source.system).toEqual({ notes: "<p>Old</p><p>Health before the FUDGE sheet: 4 / 9</p>" });
  });

  it("drops an empty one silently and leaves other rule sets alone", () => {
    const empty = { type: "fudge-npc", system: { health: { value: 0, max: 0 }, notes: "" } };
    step(empty);
    expect(empty.system).toEqual({ notes: "" });
    const fade = { type: "fade-character", system: { health: { value: 4, max: 9 } } };
    step(fade);
    expect(fade.system.health).toEqual({ value: 4, max: 9 });
  });
});

describe("FUDGE: mass battles and hit locations", () => {
  it("gives the larger unit its relative Scale; the winner's degree plus weapon reads the wound table as losses", async () => {
    const { massExchange } = await import("../../src/rulesets/fudge/rules/exchange");
    const { UNIT_LOSSES } = await import("../../src/rulesets/fudge/rules/play");
    // 30 spearmen (+7) against 10 (+5): +2 to the larger. Fair + 2 + 0 = 2 against Good + 0 = 1.
    const r = massExchange(
      { skill: 0, modifier: 0, size: 30, weapon: 3 },
      { skill: 1, modifier: 0, size: 10, weapon: 3 },
      0,
      0,
    );
    expect(r.a).toMatchObject({ offense: 2, defense: 1, hits: true, relativeDegree: 1, damage: 4, wound: "light" });
    expect(r.b.hits).toBe(false);
    expect(UNIT_LOSSES[r.a.wound!]).toBe("quarter");
    // A tie hurts nobody.
    expect(
      massExchange({ skill: 0, modifier: 0, size: 1, weapon: 2 }, { skill: 0, modifier: 0, size: 1, weapon: 2 }, 1, 1)
        .standOff,
    ).toBe(true);
  });

  it("reads the 4dF location table for melee and missiles", async () => {
    const { hitLocation } = await import("../../src/rulesets/fudge/rules/play");
    expect([4, 3, 2, 1, 0, -1, -2, -3, -4].map((s) => hitLocation(s, false))).toEqual([
      "head",
      "leftLeg",
      "leftArm",
      "torso",
      "abdomen",
      "torso",
      "rightArm",
      "rightLeg",
      "head",
    ]);
    expect([3, 2, -2, -3].map((s) => hitLocation(s, true))).toEqual(["leftArm", "leftLeg", "rightLeg", "rightArm"]);
  });
});

describe("FUDGE: a lone fighter's blow", () => {
  it("wounds only after beating or tying every foe; after a tie, only a foe beaten by 2", async () => {
    const { loneFighterMayWound } = await import("../../src/rulesets/fudge/rules/exchange");
    expect(loneFighterMayWound([1, 3], 0)).toBe(true);
    expect(loneFighterMayWound([2, -1], 0)).toBe(false);
    expect(loneFighterMayWound([0, 1], 1)).toBe(false);
    expect(loneFighterMayWound([0, 2], 1)).toBe(true);
    expect(loneFighterMayWound([0, 2], 0)).toBe(false);
  });
});

describe("FUDGE: the tables a GM may change", () => {
  it("reads a wound table, a graze table and ranged difficulties from text, the text's own where unreadable", async () => {
    const { DEFAULT_TABLES, parseDamageTable, parseRangeTable, readDamageTable, formatDamageTable } =
      await import("../../src/rulesets/fudge/rules/tables");
    expect(formatDamageTable(DEFAULT_TABLES.wounds)).toBe("1 scratch, 4 light, 7 major, 10 critical, 13 coma");
    // The text's table: 3 is a Scratch, 4 a Light Wound, 13 Coma, 0 nothing.
    expect([0, 3, 4, 9, 12, 13].map((d) => readDamageTable(d, DEFAULT_TABLES.wounds))).toEqual([
      "undamaged",
      "scratch",
      "light",
      "major",
      "critical",
      "coma",
    ]);
    // A harsher table, in any order and case, with a line it cannot read left out.
    const harsh = parseDamageTable("3 LIGHT, 1 scratch, five major, 6 major", DEFAULT_TABLES.wounds);
    expect(harsh).toEqual([
      { from: 1, result: "scratch" },
      { from: 3, result: "light" },
      { from: 6, result: "major" },
    ]);
    expect(parseDamageTable("nonsense", DEFAULT_TABLES.wounds)).toBe(DEFAULT_TABLES.wounds);
    expect(parseRangeTable("close poor, far Great, extreme Superb +1, medium banana")).toEqual({
      close: -2,
      medium: 0,
      far: 2,
      extreme: 4,
    });
  });

  it("lets the exchange read the world's tables", async () => {
    const { hitDamage } = await import("../../src/rulesets/fudge/rules/exchange");
    const { DEFAULT_TABLES } = await import("../../src/rulesets/fudge/rules/tables");
    // Damage 3 (relative degree 2 with a fist: 4 − 1): a Scratch on the text's table, Light on a harsher one.
    expect(hitDamage(2, fist, bare).wound).toBe("scratch");
    expect(
      hitDamage(2, fist, bare, {
        ...DEFAULT_TABLES,
        wounds: [
          { from: 1, result: "scratch" },
          { from: 3, result: "light" },
        ],
      }).wound,
    ).toBe("light");
  });
});
