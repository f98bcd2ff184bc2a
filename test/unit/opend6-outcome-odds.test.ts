import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { odds as engineOdds, parse, rollSteps, type ComplicationRule } from "../../src/dice";
import {
  COVER_MODIFIER,
  CALLED_SHOT_DIFFICULTY,
  HIT_LOCATION_MODIFIER,
  RANGE_MODIFIER,
  activeDefense,
  combatDifficulty,
  hitOutcome,
  hitTotals,
  meets,
  optionEffects,
  outcomeOddsFrom,
  scale,
  type CombatChoices,
  type OpenD6OutcomeInput,
  type OutcomeTables,
} from "../../src/rulesets/opend6/rules";

// Issue 31: the exact chances that an OpenD6 attack hits, hurts and drops its target. The references
// here roll every face: each roll is walked face by face through the dice engine's own roller (the
// Wild Die exploding on 6, the complication rule), and every combination of the attack, defense,
// damage and resistance rolls is judged the way the GM's apply judges a row (chat/kinds.ts).

const outcomeOdds = api.rules.opend6.outcomeOdds;

/** One way a roll can come out: its total and its chance. */
interface Leaf {
  readonly total: number;
  readonly p: number;
}

/**
 * Every way a formula can roll with at most `extra` faces beyond its dice (explosions), each face by
 * the engine's roller; the ways that need more faces are left out, and their mass is returned.
 */
function everyFace(formula: string, rule: ComplicationRule, extra: number): { leaves: Leaf[]; missing: number } {
  const plan = parse(formula);
  const base = plan.kind === "code" ? plan.dice + plan.characterPoints : 0;
  const leaves: Leaf[] = [];
  let missing = 0;
  const walk = (faces: number[]): void => {
    const steps = rollSteps(plan, { complication: rule });
    let step = steps.next();
    let i = 0;
    while (!step.done) {
      if (i === faces.length) {
        if (faces.length >= base + extra) {
          missing += 6 ** -faces.length;
          return;
        }
        for (let face = 1; face <= step.value.sides; face += 1) walk([...faces, face]);
        return;
      }
      step = steps.next(faces[i]!);
      i += 1;
    }
    leaves.push({ total: step.value.total, p: 6 ** -faces.length });
  };
  walk([]);
  return { leaves, missing };
}

/** The leaves as a table of totals, as the engine gives one. */
function tableOf(leaves: readonly Leaf[]): Array<[number, number]> {
  const by = new Map<number, number>();
  for (const l of leaves) by.set(l.total, (by.get(l.total) ?? 0) + l.p);
  return [...by.entries()].sort((a, b) => a[0] - b[0]);
}

interface Rolled {
  readonly attack: Leaf[];
  readonly defense: number | Leaf[];
  readonly damage: Leaf[];
  readonly resistance: Leaf[];
  readonly missDamage: Leaf[] | null;
  readonly missing: number;
}

function rollEveryFace(input: OpenD6OutcomeInput, extra: number): Rolled {
  const rule = input.complication ?? "note";
  const attack = everyFace(input.attack, rule, extra);
  const damage = everyFace(input.damage, rule, extra);
  const resistance = everyFace(input.resistance, rule, extra);
  const d = input.defense;
  const defense = typeof d === "number" ? null : everyFace(d.roll, rule, extra);
  const missDamage = input.missDamage === undefined ? null : everyFace(input.missDamage, rule, extra);
  return {
    missDamage: missDamage?.leaves ?? null,
    attack: attack.leaves,
    damage: damage.leaves,
    resistance: resistance.leaves,
    defense:
      typeof d === "number"
        ? d
        : defense!.leaves.map((l) => ({ total: activeDefense(d.kind, l.total) + (d.plus ?? 0), p: l.p })),
    missing:
      attack.missing + damage.missing + resistance.missing + (defense?.missing ?? 0) + (missDamage?.missing ?? 0),
  };
}

/**
 * Every combination of faces judged as the GM's apply judges a row: the combat difficulty, the attack
 * total with scale, meets, the damage and resistance totals, then the hit on the target's track.
 */
function bruteForce(input: OpenD6OutcomeInput, rolled: Rolled): { hit: number; hurt: number; drop: number } {
  const tables = {
    range: RANGE_MODIFIER,
    cover: COVER_MODIFIER,
    calledShot: CALLED_SHOT_DIFFICULTY,
    location: HIT_LOCATION_MODIFIER,
    ...input.tables,
  };
  const effects = optionEffects(input.options ?? {}, tables);
  const choices: CombatChoices = { range: "short", cover: "none", posture: "standing", ...input.situation };
  const s = scale(input.attackerScale ?? 0, input.defenderScale ?? 0);
  const defenses = typeof rolled.defense === "number" ? [{ total: rolled.defense, p: 1 }] : rolled.defense;
  let hit = 0;
  let hurt = 0;
  let drop = 0;
  /**
   * Every damage and resistance face of one attack total (weight w) through hitTotals and hitOutcome, as
   * the apply judges a row: a hit's (`margin`, its bonus and options), or a blocked blade's on a miss.
   */
  const judge = (w: number, damage: readonly Leaf[], hitBy: { total: number; difficulty: number } | null): void => {
    for (const d of damage) {
      for (const r of rolled.resistance) {
        const totals = hitTotals({
          attackTotal: hitBy?.total ?? 0,
          difficulty: hitBy?.difficulty ?? 0,
          damageRoll: d.total,
          resistanceRoll: r.total,
          useDamageBonus: hitBy !== null && input.damageBonus === true && !effects.noDamageBonus,
          attackerScale: input.attackerScale ?? 0,
          defenderScale: input.defenderScale ?? 0,
          ...(hitBy ? { damageModifier: effects.damageTotal } : {}),
        });
        const o = hitOutcome({
          mode: input.health.mode,
          damage: totals.damage,
          resistance: totals.resistance,
          wounds: input.health.wounds ?? "none",
          bodyPoints: input.health.bodyPoints ?? 0,
          maxBodyPoints: input.health.maxBodyPoints ?? 0,
          ...(input.health.chart ? { chart: input.health.chart } : {}),
          knockout: hitBy !== null && effects.knockout,
        });
        // What the apply writes: a track that changes (or a knockout), and a target put down.
        const changes = o.changed || o.unconscious;
        if (changes) hurt += w * d.p * r.p;
        if (changes && (o.down || o.unconscious)) drop += w * d.p * r.p;
      }
    }
  };
  for (const def of defenses) {
    const difficulty = combatDifficulty(def.total, choices, s.difficulty, effects.difficulty, tables).value;
    for (const a of rolled.attack) {
      const total = a.total + s.skill;
      if (!meets(total, difficulty)) {
        // A miss that a body blocked: the blade's listed damage against its resistance (the apply's struck row).
        judge(def.p * a.p, rolled.missDamage ?? [], null);
        continue;
      }
      hit += def.p * a.p;
      if (effects.noDamage || effects.disarm) continue;
      judge(def.p * a.p, rolled.damage, { total, difficulty });
    }
  }
  return { hit, hurt, drop };
}

const tablesOf = (rolled: Rolled): OutcomeTables => ({
  ...(rolled.missDamage ? { missDamage: tableOf(rolled.missDamage) } : {}),
  attack: tableOf(rolled.attack),
  defense: typeof rolled.defense === "number" ? rolled.defense : tableOf(rolled.defense),
  damage: tableOf(rolled.damage),
  resistance: tableOf(rolled.resistance),
});

const base: OpenD6OutcomeInput = {
  attack: "2D",
  defense: 10,
  damage: "2D",
  resistance: "1D",
  health: { mode: "wounds", wounds: "none" },
};

/** Small attacks, each through a different part of the rules. */
const CASES: ReadonlyArray<[string, OpenD6OutcomeInput]> = [
  ["1D against passive defense", { ...base, attack: "1D", defense: 5 }],
  ["2D against passive defense, Wound levels", base],
  [
    "a wounded target: a second Wounded moves the track down",
    { ...base, health: { mode: "wounds", wounds: "wounded" } },
  ],
  [
    "a Mortally Wounded target: nothing more changes",
    { ...base, health: { mode: "wounds", wounds: "mortallyWounded" } },
  ],
  ["Body Points", { ...base, resistance: "0D+1", health: { mode: "bodyPoints", bodyPoints: 4, maxBodyPoints: 10 } }],
  ["the optional damage bonus", { ...base, attack: "2D+1", defense: 3, damageBonus: true }],
  ["a Character Point die", { ...base, attack: "1D+1CP", defense: 8 }],
  ["the complication rule that removes dice", { ...base, complication: "remove", damage: "2D+1" }],
  ["scale: a smaller attacker", { ...base, attackerScale: -3, defenderScale: 0 }],
  ["an active defense still to roll", { ...base, defense: { roll: "1D", kind: "partial", plus: 1 } }],
  [
    "range, cover and a hit location",
    { ...base, situation: { range: "pointBlank", cover: "quarter" }, options: { location: "torso" } },
  ],
  [
    "a knockout: a called shot to the head",
    {
      ...base,
      options: { maneuver: "knockout", location: "head" },
      defense: 3,
      health: { mode: "wounds", wounds: "stunned" },
    },
  ],
  [
    "an edited chart",
    {
      ...base,
      health: {
        mode: "wounds",
        wounds: "none",
        chart: [
          { from: 1, level: "wounded" },
          { from: 3, level: "incapacitated" },
        ],
      },
    },
  ],
  [
    "a chart edited out of order (a worse level for less damage): every value judged",
    {
      ...base,
      health: {
        mode: "wounds",
        wounds: "none",
        chart: [
          { from: 1, level: "incapacitated" },
          { from: 3, level: "stunned" },
        ],
      },
    },
  ],
  ["entangle: no damage", { ...base, options: { maneuver: "entangle" } }],
  [
    "a body blocking a blade: its listed damage on a miss",
    { ...base, attack: "2D", defense: { roll: "1D", kind: "partial", plus: 2 }, missDamage: "1D" },
  ],
  [
    "a blocked blade against a larger blocker, Body Points",
    {
      ...base,
      defense: 7,
      missDamage: "1D+2",
      attackerScale: 0,
      defenderScale: 3,
      health: { mode: "bodyPoints", bodyPoints: 3, maxBodyPoints: 10 },
      resistance: "0D+1",
    },
  ],
];

describe("OpenD6 outcome odds against every face", () => {
  it.each(CASES)("%s: exact on the same faces", (_name, input) => {
    // Up to two explosions a roll: every combination judged one by one, and the odds from the same
    // tables agree to within the roundings of summing every combination.
    const rolled = rollEveryFace(input, 2);
    const brute = bruteForce(input, rolled);
    const odds = outcomeOddsFrom(input, tablesOf(rolled));
    expect(odds.hit).toBeCloseTo(brute.hit, 10);
    expect(odds.hurt).toBeCloseTo(brute.hurt, 10);
    expect(odds.drop).toBeCloseTo(brute.drop, 10);
    expect(odds.drop).toBeLessThanOrEqual(odds.hurt);
    if (input.missDamage === undefined) expect(odds.hurt).toBeLessThanOrEqual(odds.hit);
    else expect(odds.missHurt).toBeGreaterThan(0);
  });

  it.each(CASES)("%s: the engine's exact odds within the faces left out", (_name, input) => {
    // The engine follows the Wild Die until what is left weighs under 1e-12; every face here goes
    // six explosions deep, and what is past that bounds the difference.
    const small = { ...input, attack: input.attack.replace(/^2D/, "1D"), damage: input.damage.replace(/^2D/, "1D") };
    const rolled = rollEveryFace(small, 6);
    const brute = bruteForce(small, rolled);
    const odds = outcomeOdds(small);
    const bound = rolled.missing + 1e-9;
    expect(Math.abs(odds.hit - brute.hit)).toBeLessThanOrEqual(bound);
    expect(Math.abs(odds.hurt - brute.hurt)).toBeLessThanOrEqual(bound);
    expect(Math.abs(odds.drop - brute.drop)).toBeLessThanOrEqual(bound);
  });
});

describe("OpenD6 outcome odds: the text's worked example", () => {
  it("the toy tank fires at the thief: +6 to its marksmanship roll, +6 to the thief's damage resistance", () => {
    // "The tanks have a scale value of 6. ... the tank gets a +6 to its marksmanship roll, while the
    // thief gets a +6 to his damage resistance total." A 1D marksmanship shot at Short range against
    // passive defense 10 needs the Wild Die to show 4 or more with the +6: exactly one chance in two.
    const input: OpenD6OutcomeInput = {
      attack: "1D",
      defense: 10,
      attackerScale: -6,
      defenderScale: 0,
      damage: "3D",
      resistance: "2D",
      health: { mode: "wounds", wounds: "none" },
    };
    const odds = outcomeOdds(input);
    expect(odds.hit).toBeCloseTo(0.5, 12);
    expect(odds.difficulty).toBe(10);
    // A hit hurts when 3D beats 2D + 6 (Stunned from 1 past it) and drops the thief from 13 past it
    // (Incapacitated): the damage less the resistance, counted from the engine's two tables.
    const past = (at: number) => {
      let p = 0;
      for (const [d, a] of engineOdds("3D").table())
        for (const [r, b] of engineOdds("2D").table()) if (d - r - 6 >= at) p += a * b;
      return p;
    };
    expect(odds.hurt).toBeCloseTo(0.5 * past(1), 12);
    expect(odds.drop).toBeCloseTo(0.5 * past(13), 12);
    // As docs/opend6.md shows them: Hit 50%, Hurt 13.3%, Drop 0.4%.
    expect([odds.hit, odds.hurt, odds.drop].map((x) => (100 * x).toFixed(1))).toEqual(["50.0", "13.3", "0.4"]);
  });
});
