import { describe, expect, it } from "vitest";
import { odds, parse, roll, scriptedDie, type DieSource, type KeepPlan } from "../../src/dice";
import {
  criticalReaching,
  derive,
  healthState,
  judgeAttack,
  locationFromFaces,
  outcomeInput,
  outcomeOdds,
  perBodyPart,
  resolveHit,
  type BodyPart,
  type FadeOutcomeInput,
} from "../../src/rulesets/fade/rules";
import { fadeRules } from "../../src/rulesets/fade/rules/api";

/** Asked for a face the prefix does not hold. */
const MORE = Symbol("more");

/**
 * Every way a die-driven function can go, face by face: each sequence of d10 faces it asks for (up to
 * `limit` faces, the rest of the mass reported as `leftover`), with its chance.
 */
function everyFace<T>(run: (die: DieSource) => T, limit: number): { all: Array<[T, number]>; leftover: number } {
  const all: Array<[T, number]> = [];
  let leftover = 0;
  const walk = (prefix: number[], p: number) => {
    let i = 0;
    try {
      all.push([
        run((sides) => {
          if (sides !== 10) throw new Error(`a d${sides}`);
          if (i >= prefix.length) throw MORE;
          return prefix[i++]!;
        }),
        p,
      ]);
    } catch (error) {
      if (error !== MORE) throw error;
      if (prefix.length >= limit) {
        leftover += p;
        return;
      }
      for (let f = 1; f <= 10; f += 1) walk([...prefix, f], p / 10);
    }
  };
  walk([], 1);
  return { all, leftover };
}

/** A sum with Neumaier's compensation: a million tiny terms add up to within 1e-16 of the truth. */
class Sum {
  private sum = 0;
  private carry = 0;
  add(x: number): void {
    const t = this.sum + x;
    this.carry += Math.abs(this.sum) >= Math.abs(x) ? this.sum - t + x : x - t + this.sum;
    this.sum = t;
  }
  get value(): number {
    return this.sum + this.carry;
  }
}

const gather = (into: Map<string, Sum>, key: string, p: number) => {
  let sum = into.get(key);
  if (!sum) into.set(key, (sum = new Sum()));
  sum.add(p);
};

/**
 * The brute force: every face of the to-hit roll, of the location d10s (rolled again off missing
 * parts) and of the damage roll, through the apply's pure functions (judgeAttack, locationFromFaces,
 * resolveHit), summed. Returns the three chances and the mass left unexplored (explosion chains).
 */
function bruteForce(input: FadeOutcomeInput, limits = { toHit: 12, damage: 12, location: 6 }) {
  const toHit = everyFace((die) => roll(input.toHit, { die }), limits.toHit);
  const damage = everyFace((die) => roll(input.damage, { die }), limits.damage);
  const missing = input.target.missing ?? [];
  const location = input.part
    ? { all: [[input.part, 1]] as Array<[BodyPart, number]>, leftover: 0 }
    : everyFace((die) => {
        const faces: number[] = [];
        for (;;) {
          faces.push(die(10));
          const found = locationFromFaces(faces, { missing });
          if (found.part) return found.part;
        }
      }, limits.location);
  const before = healthState(input.target.hp, input.target.derived.deathAt);
  const rank = { conscious: 0, unconscious: 1, dead: 2 } as const;
  // Each roll's faces gathered by what the apply reads of them: the judgement, the part, the total.
  const judged = new Map<string, Sum>();
  for (const [attack, p] of toHit.all) {
    const j = judgeAttack(attack, input.defense, input.dodge === undefined ? {} : { dodge: input.dodge });
    if (j.hit) gather(judged, String(j.critical), p);
  }
  const parts = new Map<string, Sum>();
  for (const [part, p] of location.all) gather(parts, part, p);
  const totals = new Map<string, Sum>();
  for (const [o, p] of damage.all) gather(totals, String(o.total), p);
  const hit = new Sum();
  const hurt = new Sum();
  const drop = new Sum();
  for (const [critical, pa] of judged) {
    hit.add(pa.value);
    for (const [part, pl] of parts)
      for (const [total, pd] of totals) {
        const h = resolveHit({
          damage: Number(total),
          part: part as BodyPart,
          calledShot: input.calledShot === true,
          critical: critical === "true",
          coupDeGrace: input.coupDeGrace === true,
          penetration: input.penetration ?? 0,
          damageType: input.damageType ?? "",
          target: { derived: input.target.derived, energy: input.target.energy, hp: input.target.hp },
        });
        const lost = h.damage.hpLoss > 0;
        const p = pa.value * pl.value * pd.value;
        if (lost || h.effect !== null) hurt.add(p);
        if (lost && h.healthState !== "conscious" && rank[h.healthState] > rank[before]) drop.add(p);
      }
  }
  return {
    hit: hit.value,
    hurt: hurt.value,
    drop: drop.value,
    leftover: toHit.leftover + damage.leftover + location.leftover,
  };
}

/** A target: Deflection by part, Soak, HP and the HP of death. */
const target = (
  deflection: Partial<Record<BodyPart, number>>,
  soak: number,
  hp: number,
  extra: Partial<FadeOutcomeInput["target"]> = {},
): FadeOutcomeInput["target"] => ({
  derived: { deflection: perBodyPart(0, deflection), soak, hpMax: 12, deathAt: -4 },
  hp,
  ...extra,
});

const ARMOURED = target({ head: 3, body: 5, rightLeg: 2, leftLeg: 2 }, 3, 6);

function agrees(input: FadeOutcomeInput, tolerance = 1e-12, limits?: Parameters<typeof bruteForce>[1]) {
  const exact = outcomeOdds(input);
  const brute = bruteForce(input, limits);
  const within = tolerance + brute.leftover;
  expect(Math.abs(exact.hit - brute.hit)).toBeLessThanOrEqual(within);
  expect(Math.abs(exact.hurt - brute.hurt)).toBeLessThanOrEqual(within);
  expect(Math.abs(exact.drop - brute.drop)).toBeLessThanOrEqual(within);
  return { exact, brute };
}

describe("The Fade: outcome odds against brute force over every face", () => {
  it("a rolled location on uneven armour, to 1e-12", () => {
    const { exact } = agrees({ toHit: "3k2", damage: "3k2", defense: 12, penetration: 1, target: ARMOURED });
    expect(exact.hit).toBeGreaterThan(exact.hurt);
    expect(exact.hurt).toBeGreaterThan(exact.drop);
    expect(exact.drop).toBeGreaterThan(0);
  });

  it("criticals that reach the Defense double before Soak; those that fall short miss", () => {
    // 3k2+2: a critical is 22; against 22 it hits, against 23 it cannot.
    agrees({ toHit: "3k2+2", damage: "2k1", defense: 22, part: "body", target: ARMOURED });
    const short = agrees({ toHit: "3k2", damage: "2k1", defense: 21, part: "body", target: ARMOURED }).exact;
    expect(short.criticalHit).toBe(0);
    agrees({ toHit: "2k1+6", damage: "2k2", defense: 14, target: target({ body: 9 }, 2, 3) });
  });

  it("a dodge adds to the Defense and turns a critical into a plain hit", () => {
    const { exact } = agrees({ toHit: "3k2", damage: "2k1", defense: 9, dodge: 4, part: "body", target: ARMOURED });
    expect(exact.criticalHit).toBe(0);
  });

  it("a called shot's effect hurts even when Soak leaves no damage, but not when Deflection takes it", () => {
    const called = {
      toHit: "2k1",
      damage: "2k1",
      defense: 5,
      part: "head" as const,
      calledShot: true,
      target: target({ head: 4 }, 8, 10),
    };
    const { exact } = agrees(called);
    // Hurt is every hit whose damage beats Deflection 4 (Soak 8 takes the rest): 5 or more on 2k1.
    const pastDeflection = odds("2k1").atLeast(5);
    expect(exact.hurt).toBeCloseTo(exact.hit * pastDeflection, 12);
    expect(outcomeOdds({ ...called, calledShot: false }).hurt).toBeLessThan(exact.hurt);
    // Damage of 0 or less meets no Deflection: the effect lands (the apply says so too).
    agrees({ ...called, damage: "2k1-6" });
    agrees({ ...called, damage: "1k0" });
  });

  it("energy: Immunity and Absorption never hurt, Weakness and Resistance are counted", () => {
    const energy = (e: NonNullable<FadeOutcomeInput["target"]["energy"]>) =>
      agrees({ toHit: "2k2", damage: "3k2", defense: 10, damageType: "fire", target: target({}, 3, 4, { energy: e }) })
        .exact;
    expect(energy({ immunities: ["fire"] }).hurt).toBe(0);
    expect(energy({ absorptions: ["fire"] }).hurt).toBe(0);
    const weak = energy({ weaknesses: ["fire"] });
    const resists = energy({ resistances: { fire: 6 } });
    expect(weak.drop).toBeGreaterThan(resists.drop);
  });

  it("a coup de grace: Soak counts as 1", () => {
    agrees({ toHit: "2k2", damage: "2k1", defense: 8, coupDeGrace: true, part: "body", target: ARMOURED });
  });

  it("a location rolled again off lost parts", () => {
    agrees(
      { toHit: "2k1", damage: "2k1", defense: 4, target: { ...ARMOURED, missing: ["rightArm", "leftLeg"] } },
      1e-12,
      { toHit: 12, damage: 12, location: 7 },
    );
  });

  it("a target already down is dropped only by a blow that kills it", () => {
    const down = target({}, 2, -1);
    const { exact } = agrees({ toHit: "2k1", damage: "2k1", defense: 3, part: "body", target: down });
    // Dead at -4: 3 HP more, 6 or more damage over Soak 2 (a critical, a natural 10, doubles).
    const plain = odds("2k1").atLeast(6);
    const critical = odds("2k1").atLeast(3);
    expect(exact.drop).toBeCloseTo((exact.hit - exact.criticalHit) * plain + exact.criticalHit * critical, 12);
    expect(outcomeOdds({ toHit: "2k1", damage: "2k1", defense: 3, target: target({}, 2, -9) }).drop).toBe(0);
  });

  it("Negative Dice keep the lowest", () => {
    agrees({ toHit: "-1k1", damage: "-1k1+4", defense: 4, part: "body", target: target({}, 1, 3) });
  });

  it("exploding pools, within the chains left unexplored", () => {
    agrees({ toHit: "2k1x", damage: "2k1x", defense: 12, part: "body", target: target({ body: 2 }, 3, 4) }, 1e-12, {
      toHit: 5,
      damage: 5,
      location: 1,
    });
    agrees({ toHit: "2k2x8", damage: "1k1x8+3", defense: 24, part: "body", target: target({ body: 2 }, 2, 5) }, 1e-12, {
      toHit: 6,
      damage: 6,
      location: 1,
    });
  });

  it("refuses numbers that are not numbers, by name, rather than answer nonsense", () => {
    const good: FadeOutcomeInput = { toHit: "3k2", damage: "2k1", defense: 12, target: ARMOURED };
    expect(() => outcomeOdds({ ...good, defense: Number.NaN })).toThrow(/defense is not a number/);
    expect(() => outcomeOdds({ ...good, target: { ...ARMOURED, hp: Infinity } })).toThrow(/hp is not a number/);
    expect(() => outcomeOdds({ ...good, toHit: "3d6" })).toThrow(RangeError);
  });

  it("a pool that keeps no dice never hits", () => {
    expect(outcomeOdds({ toHit: "2k0", damage: "2k1", defense: 1, target: ARMOURED })).toEqual({
      hit: 0,
      hurt: 0,
      drop: 0,
      criticalHit: 0,
    });
  });
});

describe("The Fade: a critical that reaches a sum", () => {
  it("agrees with the dice engine's chance of a critical", () => {
    for (const pool of ["1k1", "3k2", "8k4", "8k4x", "10k5x", "6k3x9", "7k2x7", "-1k1", "-2k2x", "12k6x8"]) {
      const plan = parse(pool) as KeepPlan;
      expect(Math.abs(criticalReaching(plan, 0).critical - odds(pool).critical!)).toBeLessThan(1e-12);
      expect(Math.abs(criticalReaching(plan, 0).reaching - odds(pool).critical!)).toBeLessThan(1e-12);
    }
  });

  it("agrees with every face of the pool", () => {
    for (const [pool, limit] of [
      ["3k2", 3],
      ["4k2", 4],
      ["3k1x", 5],
      ["2k2x9", 5],
      ["3k2x7", 5],
      ["-2k2", 3],
    ] as const) {
      const faces = everyFace((die) => roll(pool, { die }), limit);
      const plan = parse(pool) as KeepPlan;
      for (const reach of [0, 10, 20, 21, 23, 25, 31, 40]) {
        let brute = 0;
        for (const [o, p] of faces.all) if (o.critical && o.total - plan.modifier >= reach) brute += p;
        expect(Math.abs(criticalReaching(plan, reach).reaching - brute)).toBeLessThanOrEqual(1e-12 + faces.leftover);
      }
    }
  });
  it("agrees with the dice engine on large pools that explode on 10, up to the 100 dice a roll may have", () => {
    // Only a natural 10 explodes, so natural 10s (10 plus a fresh exploding die) rank above every
    // other die: a critical is N >= k natural 10s, its kept dice the best k of them, 10k plus what
    // N fresh dice keeping k roll (`NkKx`), N binomial over the pool's dice with chance 1/10.
    for (const [n, k] of [
      [30, 4],
      [60, 9],
      [100, 14],
    ] as const) {
      const plan = parse(`${n}k${k}x`) as KeepPlan;
      for (const reach of [11 * k, 13 * k, 16 * k, 20 * k, 25 * k]) {
        let expected = 0;
        let term = 0.9 ** n;
        for (let N = 1; N <= n; N += 1) {
          term = (term * (n - N + 1)) / N / 9;
          if (N >= k) expected += term * odds(`${N}k${k}x`).atLeast(reach - 10 * k);
        }
        expect(expected).toBeGreaterThan(1e-9);
        expect(Math.abs(criticalReaching(plan, reach).reaching - expected)).toBeLessThan(1e-12);
      }
    }
  });
});

describe("The Fade: each outcome agrees with the apply on scripted rolls", () => {
  // 1k1 to hit against 6, 1k1 damage on the Body (Deflection 2), Soak 2, 3 HP, dead at -4.
  const input: FadeOutcomeInput = {
    toHit: "1k1",
    damage: "1k1",
    defense: 6,
    part: "body",
    target: target({ body: 2 }, 2, 3),
  };
  const apply = (attackFace: number, damageFace: number) => {
    const attack = roll(input.toHit, { die: scriptedDie([attackFace]) });
    const judged = judgeAttack(attack, input.defense);
    if (!judged.hit) return null;
    const damage = roll(input.damage, { die: scriptedDie([damageFace]) });
    return resolveHit({
      damage: damage.total,
      part: "body",
      calledShot: false,
      critical: judged.critical,
      coupDeGrace: false,
      penetration: 0,
      damageType: "",
      target: { derived: input.target.derived, hp: input.target.hp },
    });
  };
  const exact = outcomeOdds(input);

  it("hit: the apply hits on 6 to 10 and not on 5; the odds say 5 in 10", () => {
    expect(apply(5, 10)).toBeNull();
    expect(apply(6, 1)).not.toBeNull();
    expect(exact.hit).toBeCloseTo(0.5, 12);
  });

  it("hurt: past Deflection 2 and Soak 2 takes 4 damage (8 on a critical 10)", () => {
    expect(apply(6, 3)!.damage.hpLoss).toBe(0);
    expect(apply(6, 4)!.damage.hpLoss).toBe(1);
    // A natural 10 to hit is a critical: 3 - 2 = 1, doubled 2, over Soak 2 is 1 HP.
    expect(apply(10, 3)!.damage.hpLoss).toBe(1);
    expect(apply(10, 2)!.damage.hpLoss).toBe(0);
    // Plain hits (6..9): damage 4..10 of 10; the critical (10): 3..10.
    expect(exact.hurt).toBeCloseTo(0.4 * 0.7 + 0.1 * 0.8, 12);
  });

  it("drop: 3 HP need 3 HP lost: 8 damage plainly, 5 on a critical", () => {
    expect(apply(9, 7)!.healthState).toBe("conscious");
    expect(apply(9, 8)!.healthState).toBe("unconscious");
    expect(apply(10, 5)!.healthState).toBe("unconscious");
    expect(apply(10, 4)!.healthState).toBe("conscious");
    expect(exact.drop).toBeCloseTo(0.4 * 0.3 + 0.1 * 0.6, 12);
  });
});

describe("The Fade: the text's worked example (Taking/Dealing Damage)", () => {
  // Character 1 rolls 8k4 against Character 2's Defense, lands on the Body, and rolls 6k3 damage with
  // Penetration 4 against armour of 5 Deflection and a Soak of 4: 27 damage takes 6 of 10 HP. The text
  // gives no Defense: Agility 4 and Luck 2 make it 15 + 4 + 1 = 20; Endurance 2 puts death at -4.
  const character2 = { body: 5 };
  const example: FadeOutcomeInput = {
    toHit: "8k4",
    damage: "6k3",
    defense: 20,
    part: "body",
    penetration: 4,
    target: { derived: { deflection: perBodyPart(0, character2), soak: 4, hpMax: 10, deathAt: -4 }, hp: 10 },
  };

  it("the text's roll of 27 through the apply: 6 damage, 4 HP left", () => {
    const hit = resolveHit({
      damage: 27,
      part: "body",
      calledShot: false,
      critical: false,
      coupDeGrace: false,
      penetration: 4,
      damageType: "",
      target: { derived: example.target.derived, hp: 10 },
    });
    expect(hit.damage.hpLoss).toBe(6);
    expect(hit.hpAfter).toBe(4);
  });

  it("its odds, as docs/the-fade.md quotes them", () => {
    const o = fadeRules.outcomeOdds(example);
    expect(o.hit).toBeCloseTo(odds("8k4").atLeast(20), 12);
    // A hit hurts unless 6k3 rolls 4 or less (less 1 Deflection, over Soak 4, is 0; a critical doubles
    // the 2 or 3 left, enough); it drops only
    // as a critical (four kept 10s) with 21 or more damage: (21 - 1) x 2 / 4 = 10 HP.
    const critical = odds("8k4").critical!;
    expect(o.criticalHit).toBeCloseTo(critical, 12);
    expect(o.hurt).toBeCloseTo((o.hit - critical) * odds("6k3").atLeast(5) + critical, 12);
    expect(o.drop).toBeCloseTo(critical * odds("6k3").atLeast(21), 12);
    expect([o.hit, o.hurt, o.drop].map((x) => (100 * x).toFixed(1))).toEqual(WORKED_EXAMPLE);
  });
});

/** The worked example's Hit, Hurt and Drop, in percent as the dialog shows them. */
const WORKED_EXAMPLE = ["98.6", "98.6", "0.4"];

describe("The Fade: outcomeInput builds the attack as the flow rolls it", () => {
  it("reads the pools, the Defense against spells, a called shot and the damage's extra dice", () => {
    const attacker = derive({
      strength: 6,
      agility: 8,
      endurance: 2,
      magic: 4,
      resistance: 2,
      smarts: 2,
      luck: 2,
      classHp: 10,
      hpGained: 0,
      speciesSize: 1,
      classSoak: 1,
      level: 1,
      speed: 6,
      attacksPerRound: 1,
    });
    const defender = derive({
      strength: 2,
      agility: 4,
      endurance: 2,
      magic: 2,
      resistance: 3,
      smarts: 2,
      luck: 2,
      classHp: 10,
      hpGained: 0,
      speciesSize: 1,
      classSoak: 2,
      level: 1,
      speed: 6,
      attacksPerRound: 1,
    });
    const input = outcomeInput({
      attacker,
      weapon: { baseDamage: "4k2", penetration: 2, explodesOn: 10 },
      choices: { modifiers: ["calledShot"], calledShot: "head", damageExtra: { rolled: 1 } },
      target: { derived: defender, hp: 7, dodge: 5 },
    });
    expect(input).toMatchObject({
      toHit: "6k4x",
      damage: "8k3x",
      defense: defender.defense,
      dodge: 5,
      part: "head",
      calledShot: true,
      penetration: 2,
    });
  });
});
