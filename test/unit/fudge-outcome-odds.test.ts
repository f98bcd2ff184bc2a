import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { loneFighterMayWound, scaleDieWound, type Blow, type Fighter } from "../../src/rulesets/fudge/rules/exchange";
import {
  blowOutcome,
  judgeAttack,
  outcomeOdds,
  planOdds,
  planOf,
  type AttackPlan,
  type OutcomeInput,
} from "../../src/rulesets/fudge/rules/outcome";
import { trueWoundsOf } from "../../src/rulesets/fudge/rules/play";
import type { WoundTrack } from "../../src/rulesets/fudge/rules/combat";

/** Every roll of `dice` Fudge dice, face by face (3^dice of them). */
function faces(dice: number): number[][] {
  let out: number[][] = [[]];
  for (let d = 0; d < dice; d++) out = out.flatMap((f) => [-1, 0, 1].map((x) => [...f, x]));
  return out;
}
const sum = (f: readonly number[]) => f.reduce((a, b) => a + b, 0);

/**
 * The brute force: every face of the attacker's 4dF, every face of the defender's dice and of the
 * GM's Scale die, each judged by the apply's own functions (judgeAttack, scaleDieWound, blowOutcome).
 * Counts are whole numbers over 81 × 3^dice × 3: the odds must be the same ratios, exactly.
 */
function bruteForce(plan: AttackPlan, wounds: WoundTrack, dice: number, stun = false, onRecord = false) {
  const truth = trueWoundsOf(wounds);
  const defender = plan.kind === "unopposed" ? [[]] : faces(dice);
  let hit = 0;
  let hurt = 0;
  let drop = 0;
  for (const fa of faces(4)) {
    for (const fb of defender) {
      for (const die of [-1, 0, 1]) {
        const a = judgeAttack(plan, sum(fa), sum(fb)).a;
        if (!a.hits) continue;
        hit++;
        // The apply: a hit Scale alone stopped takes the one die; a stunning blow takes none.
        const wound = a.scaleStopped && !stun ? scaleDieWound(die) : a.wound;
        const left = blowOutcome(truth, wound, stun, onRecord);
        if (left.marked !== null || (left.stun !== null && left.stun !== "none")) hurt++;
        if ((left.marked !== null && left.truth.coma.length > 0) || left.stun === "knockedOut") drop++;
      }
    }
  }
  const total = 81 * defender.length * 3;
  return { hit: hit / total, hurt: hurt / total, drop: drop / total };
}

const blow = (b: Partial<Blow> = {}): Blow => ({
  size: 1,
  sharp: true,
  heavyBlunt: false,
  muscle: true,
  build: 0,
  strengthScale: 0,
  pull: null,
  ...b,
});
const fighter = (f: Partial<Fighter> = {}): Fighter => ({
  skill: 0,
  modifier: 0,
  stance: "normal",
  foes: 1,
  minimum: -2,
  reach: 2,
  shield: 0,
  berserk: false,
  feint: false,
  canHurt: true,
  blow: blow(),
  soak: { health: 0, armor: 0, massScale: 0 },
  aimDegree: 1,
  ...f,
});
const soak = (armor = 1, health = 0, massScale = 0) => ({ health, armor, massScale });

describe("FUDGE outcome odds: brute force over every face", () => {
  const cases: Array<{
    name: string;
    plan: AttackPlan;
    wounds?: WoundTrack;
    dice?: number;
    stun?: boolean;
    onRecord?: boolean;
  }> = [
    {
      name: "melee, a Good swordsman against a Fair bandit in leather",
      plan: {
        kind: "melee",
        attacker: fighter({ skill: 1, blow: blow({ size: 1, sharp: true, build: 1 }) }),
        defender: fighter({ skill: 0, soak: soak(1) }),
      },
    },
    {
      name: "melee, violent against protective, berserk and feint, a shield and an aimed blow",
      plan: {
        kind: "melee",
        attacker: fighter({ skill: 2, stance: "violent", berserk: true, aimDegree: 3, blow: blow({ size: 3 }) }),
        defender: fighter({ skill: 1, stance: "protective", shield: 1, feint: true, soak: soak(3, 1) }),
      },
      wounds: { scratch: 3, light: 1 },
    },
    {
      name: "melee, the track nearly full: wounds roll up into Coma",
      plan: {
        kind: "melee",
        attacker: fighter({ skill: 3, blow: blow({ size: 3, build: 2 }) }),
        defender: fighter({ skill: -1, modifier: -3, soak: soak(0) }),
      },
      wounds: { scratch: 3, light: 2, major: 1, critical: 1 },
    },
    {
      name: "melee, a full track takes nothing more",
      plan: { kind: "melee", attacker: fighter({ skill: 2 }), defender: fighter() },
      wounds: { scratch: 3, light: 2, major: 1, critical: 1, coma: 1 },
    },
    {
      name: "melee, a human against a giant: Scale alone stops the blow (the one die)",
      plan: {
        kind: "melee",
        attacker: fighter({ skill: 1, minimum: -3, blow: blow({ size: 1 }) }),
        defender: fighter({ skill: 0, minimum: -1, soak: { health: 0, armor: 1, massScale: 6 } }),
      },
    },
    {
      name: "melee, a stunning blow with a stun on record",
      plan: { kind: "melee", attacker: fighter({ skill: 2, blow: blow({ size: 2, build: 1 }) }), defender: fighter() },
      stun: true,
      onRecord: true,
    },
    {
      name: "melee, a stunning blow, nothing on record",
      plan: { kind: "melee", attacker: fighter({ skill: 1, blow: blow({ size: 3, build: 2 }) }), defender: fighter() },
      stun: true,
    },
    {
      name: "melee, a pulled blow (at most Light) and a heavy mace against plate",
      plan: {
        kind: "melee",
        attacker: fighter({
          skill: 1,
          blow: blow({ size: 2, sharp: false, heavyBlunt: true, build: 1, pull: "light" }),
        }),
        defender: fighter({ soak: soak(4) }),
      },
    },
    {
      name: "melee against a defender who only defends, lone against two foes",
      plan: {
        kind: "melee",
        attacker: fighter({ skill: 2, foes: 2 }),
        defender: fighter({ skill: 1, canHurt: false }),
      },
    },
    {
      name: "unopposed, a blow at a fighter who cannot fight",
      plan: {
        kind: "unopposed",
        attack: { skill: 0, modifier: 0, blow: blow({ size: 2 }) },
        difficulty: -2,
        soak: soak(1),
      },
    },
    {
      name: "unopposed, an aimed shot at an unaware target",
      plan: {
        kind: "unopposed",
        attack: { skill: 1, modifier: -1, blow: blow({ size: 1 }), aimDegree: 3 },
        difficulty: 0,
        soak: soak(0),
      },
      wounds: { scratch: 2 },
    },
    {
      name: "dodged, a propelled arrow at −3",
      plan: {
        kind: "dodged",
        attack: { skill: 2, modifier: 0, blow: blow({ size: 1 }) },
        difficulty: 1,
        dodge: { skill: 1, modifier: -1, propelled: true, levels: 3 },
        soak: soak(2),
      },
    },
    {
      name: "mass, 30 levies against 10 knights",
      plan: {
        kind: "mass",
        attacker: { skill: -1, modifier: 0, size: 30, weapon: 1 },
        defender: { skill: 2, modifier: 0, size: 10, weapon: 3 },
        defendOnly: false,
      },
      wounds: { light: 1 },
    },
  ];
  for (const c of cases) {
    for (const dice of c.plan.kind === "unopposed" ? [4] : c.dice ? [c.dice] : [4, 2, 1, 0]) {
      it(`${c.name} (defender ${dice}dF)`, () => {
        const odds = planOdds(
          c.plan,
          { dice: dice as 4, wounds: c.wounds ?? {}, stunOnRecord: c.onRecord },
          {
            stun: c.stun,
          },
        );
        const brute = bruteForce(c.plan, c.wounds ?? {}, dice, c.stun, c.onRecord);
        expect(odds).toEqual(brute);
        expect(odds.drop).toBeLessThanOrEqual(odds.hurt);
        expect(odds.hurt).toBeLessThanOrEqual(odds.hit);
      });
    }
  }

  it("a lone fighter against two foes: the apply's loneFighterMayWound over every roll", () => {
    const attacker = fighter({ skill: 2, foes: 2 });
    const target = fighter({ skill: 0 });
    const other = fighter({ skill: -1 });
    const plan: AttackPlan = { kind: "melee", attacker, defender: target };
    const odds = planOdds(plan, {}, { alsoFacing: [other] });
    // Every sum of the three rolls, weighted by its ways (81 × 81 × 81 faces in all).
    const ways = [1, 4, 10, 16, 19, 16, 10, 4, 1];
    let hit = 0;
    for (let x = -4; x <= 4; x++) {
      for (let y = -4; y <= 4; y++) {
        for (let z = -4; z <= 4; z++) {
          const a = judgeAttack(plan, x, y).a;
          const b = judgeAttack({ kind: "melee", attacker, defender: other }, x, z).a;
          if (a.hits && loneFighterMayWound([a.relativeDegree, b.relativeDegree], 0)) {
            hit += ways[x + 4]! * ways[y + 4]! * ways[z + 4]!;
          }
        }
      }
    }
    expect(odds.hit).toBeCloseTo(hit / 81 ** 3, 14);
    expect(odds.hit).toBeLessThan(planOdds(plan).hit);
  });
});

describe("FUDGE outcome odds: each outcome agrees with the apply on scripted rolls", () => {
  const plan: AttackPlan = {
    kind: "melee",
    attacker: fighter({ skill: 1, blow: blow({ size: 1, sharp: true, build: 1 }) }),
    defender: fighter({ skill: 0, soak: soak(1) }),
  };
  const at = (attacker: number, defender: number, wounds: WoundTrack = {}) =>
    planOdds(plan, { wounds }, { rolled: { attacker, defender } });

  it("hit: a blow that wins the round hits; a stand-off does not", () => {
    // +1 against −1: offense Good+1 = Great against Mediocre, relative degree 3.
    expect(judgeAttack(plan, 1, -1).a.hits).toBe(true);
    expect(at(1, -1).hit).toBe(1);
    // 0 against +1: Good against Good, a stand-off.
    expect(judgeAttack(plan, 0, 1).a.hits).toBe(false);
    expect(at(0, 1)).toEqual({ hit: 0, hurt: 0, drop: 0 });
  });

  it("hurt: a graze through leather is a Scratch, a box marked; on a full track it changes nothing", () => {
    // Relative degree +1: 2 + Build 1 + sword 2 − leather 1 = 4, a graze: a Scratch.
    const a = judgeAttack(plan, 0, 0).a;
    expect(a).toMatchObject({ hits: true, relativeDegree: 1, damage: 4, graze: true, wound: "scratch" });
    expect(blowOutcome(trueWoundsOf({}), a.wound, false, false).marked).toBe("scratch");
    expect(at(0, 0).hurt).toBe(1);
    const full = { scratch: 3, light: 2, major: 1, critical: 1, coma: 1 };
    expect(blowOutcome(trueWoundsOf(full), a.wound, false, false).marked).toBe(null);
    expect(at(0, 0, full)).toEqual({ hit: 1, hurt: 0, drop: 0 });
  });

  it("drop: a Critical wound on a full Critical box rolls up into Coma: unconscious", () => {
    // +3 against −3: relative degree 7: 14 + 1 + 2 − 1 = 16, Coma outright.
    const a = judgeAttack(plan, 3, -3).a;
    expect(a.wound).toBe("coma");
    expect(blowOutcome(trueWoundsOf({}), a.wound, false, false)).toMatchObject({ marked: "coma", down: true });
    expect(at(3, -3)).toEqual({ hit: 1, hurt: 1, drop: 1 });
    // +2 against −1: relative degree 4: 8 + 3 − 1 = 10, Critical; the Critical box full, it marks Coma.
    const b = judgeAttack(plan, 2, -1).a;
    expect(b.wound).toBe("critical");
    expect(at(2, -1)).toEqual({ hit: 1, hurt: 1, drop: 0 });
    expect(at(2, -1, { critical: 1 })).toEqual({ hit: 1, hurt: 1, drop: 1 });
  });
});

describe("FUDGE outcome odds: the public api.rules.fudge.outcomeOdds", () => {
  /**
   * The text's worked numbers: "a large mace (+2 weapon) against plate armor (+4 armor), the armor
   * only counts as +2", and "a third Light Wound ... check the Major Wound box". A Good fighter with
   * the mace (heavy blunt, Build Fair) against a Fair knight in plate with a broadsword (+2 each: no
   * size penalty), the knight's Scratches and Lights all marked.
   */
  const example: OutcomeInput = {
    attacker: { skill: 1, reach: 2, blow: { size: 2, heavyBlunt: true } },
    defender: { skill: 0, reach: 2, soak: { armor: 4 }, wounds: { scratch: 3, light: 2 } },
  };

  it("the worked example: every hit marks a box (up to Major), relative degree 7 or more drops him", () => {
    const odds = api.rules.fudge.outcomeOdds(example);
    // Damage is 2 × degree + 2 − 2: a graze's 2 is a Scratch, 4 and 6 Light, all rolled up to Major.
    const ways = [1, 4, 10, 16, 19, 16, 10, 4, 1];
    let hit = 0;
    let drop = 0;
    for (let x = -4; x <= 4; x++) {
      for (let y = -4; y <= 4; y++) {
        const degree = 1 + x - y;
        if (degree > 0 && 1 + x >= -2) hit += ways[x + 4]! * ways[y + 4]!;
        if (degree >= 7 && 1 + x >= -2) drop += ways[x + 4]! * ways[y + 4]!;
      }
    }
    expect(drop).toBe(45);
    expect(odds.hit).toBe(hit / 6561);
    expect(odds.hurt).toBe(odds.hit);
    expect(odds.drop).toBe(45 / 6561);
    expect((odds.hit * 100).toFixed(1)).toBe("58.4");
    expect((odds.drop * 100).toFixed(2)).toBe("0.69");
  });

  it("is the planned odds of the plan it describes, defaults filled in", () => {
    const plan = planOf(example);
    expect(plan.kind).toBe("melee");
    expect(outcomeOdds(example)).toEqual(planOdds(plan, { wounds: { scratch: 3, light: 2 } }));
    expect(outcomeOdds({ kind: "unopposed", attacker: { skill: 1 }, defender: { skill: 0 }, difficulty: 0 }).hit).toBe(
      66 / 81,
    );
  });

  it("refuses bad input with a RangeError naming it", () => {
    expect(() => outcomeOdds({ attacker: { skill: 0.5 }, defender: { skill: 0 } })).toThrow(/attacker\.skill/);
    expect(() => outcomeOdds({ attacker: { skill: 0 }, defender: { skill: 0, dice: 3 as never } })).toThrow(/dice/);
    expect(() => outcomeOdds({ attacker: { skill: 0, stance: "wild" as never }, defender: { skill: 0 } })).toThrow(
      /stance/,
    );
    expect(() => outcomeOdds({ kind: "thrown" as never, attacker: { skill: 0 }, defender: { skill: 0 } })).toThrow(
      /kind/,
    );
    expect(() => outcomeOdds(null as never)).toThrow(RangeError);
  });
});
