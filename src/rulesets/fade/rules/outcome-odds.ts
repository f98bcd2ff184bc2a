import { odds, outcomeOdds as nested, parse, type KeepPlan, type OutcomeOdds } from "../../../dice";
import { chosenPart, damagePoolFor, declaredCalledShot, defenseAgainst, toHitPool } from "./attack-plan";
import type { FadeAttackChoices, FadeDefenseId, FadeWeapon } from "./attack-plan";
import { BODY_PARTS, type BodyPart } from "./body-parts";
import type { FadeDerived } from "./derive";
import type { EnergyProfile } from "./energy";
import { healthState, type HealthState } from "./health";
import { resolveHit } from "./hit";
import { DEFAULT_HIT_LOCATIONS, hitLocation, type HitLocationRow } from "./hit-location";
import type { PoolBonus } from "./pool";

/** The target as the odds read it: the numbers the GM's apply reads now. */
export interface FadeOutcomeTarget {
  readonly derived: Pick<FadeDerived, "deflection" | "soak" | "deathAt" | "hpMax">;
  readonly energy?: EnergyProfile;
  /** Current HP. */
  readonly hp: number;
  /** Parts it has lost: a rolled location lands elsewhere (rolled again). */
  readonly missing?: readonly BodyPart[];
}

/**
 * One attack against one target, as `outcomeOdds` reads it: the two pools as the flow rolls them
 * (`toHitPool`, `damagePoolFor` with the damage's extra dice), the number to reach, the choices that
 * change a hit, and the target's numbers now. `outcomeInput` builds it from a sheet's attack.
 */
export interface FadeOutcomeInput {
  /** The attack roll in keep notation (`8k4x`, `-1k1` for Negative Dice). */
  readonly toHit: string;
  /** The damage roll in keep notation (`6k3`, `7k3x+2`). */
  readonly damage: string;
  /** The Defense (or Avoid, ...) the roll meets, before any dodge. */
  readonly defense: number;
  /** A declared dodge or parry's total: added to the Defense, and a critical that hits is a plain hit. */
  readonly dodge?: number;
  /** Where a hit lands (a called shot's part, or the Body by default); rolled on the d10 table when absent. */
  readonly part?: BodyPart | null;
  /** The attacker declared a called shot at `part`: its effect lands unless Deflection takes the damage to 0. */
  readonly calledShot?: boolean;
  readonly coupDeGrace?: boolean;
  readonly penetration?: number;
  readonly damageType?: string;
  readonly target: FadeOutcomeTarget;
  /** The hit-location table; the text's default when absent. */
  readonly table?: readonly HitLocationRow[];
}

/**
 * The exact chances of one attack: it hits, it hurts (hits and takes HP, or lands a called shot's
 * effect), it drops the target (takes HP and leaves it unconscious or dead when it was not, or dead
 * when it was unconscious). `criticalHit` is the part of `hit` that doubles before Soak.
 */
export interface FadeOutcomeOdds extends OutcomeOdds {
  readonly criticalHit: number;
}

const NONE: FadeOutcomeOdds = Object.freeze({ hit: 0, hurt: 0, drop: 0, criticalHit: 0 });

const RANK: Readonly<Record<HealthState, number>> = { conscious: 0, unconscious: 1, dead: 2 };

/** A keep pool's plan (throws NotationError for bad notation, RangeError for another kind). */
function keepPlan(formula: string): KeepPlan {
  const plan = parse(formula);
  if (plan.kind === "keep") return plan;
  if (plan.kind === "sum" && plan.groups.length === 0)
    return { kind: "keep", rolled: 0, kept: 0, explode: undefined, modifier: plan.modifier };
  throw new RangeError(`"${formula}" is not roll-and-keep notation`);
}

/** One d10 of a keep pool: the chance of each value with a natural 10 first face, and with another. */
interface DieSplit {
  /** Values in ascending order. */
  readonly values: readonly number[];
  readonly natural: readonly number[];
  readonly other: readonly number[];
}

const splits = new Map<number, DieSplit>();

/**
 * A pool's d10 split by its first face, from the dice engine's exact distribution of one such die
 * (`1k1x9`): a natural 10 explodes into 10 plus a fresh die, a face f below the explosion shows f,
 * a face f from the explosion up to 9 shows f plus a fresh die.
 */
function dieSplit(explode: number | undefined): DieSplit {
  const key = explode ?? 11;
  let split = splits.get(key);
  if (split) return split;
  const natural = new Map<number, number>();
  const other = new Map<number, number>();
  const add = (into: Map<number, number>, v: number, p: number) => into.set(v, (into.get(v) ?? 0) + p);
  if (explode === undefined) {
    for (let f = 1; f <= 9; f += 1) add(other, f, 0.1);
    add(natural, 10, 0.1);
  } else {
    const fresh = odds(explode === 10 ? "1k1x" : `1k1x${explode}`).table();
    for (let f = 1; f < explode; f += 1) add(other, f, 0.1);
    for (const [v, p] of fresh) {
      add(natural, 10 + v, 0.1 * p);
      for (let f = explode; f <= 9; f += 1) add(other, f + v, 0.1 * p);
    }
  }
  const values = [...new Set([...natural.keys(), ...other.keys()])].sort((a, b) => a - b);
  split = Object.freeze({
    values,
    natural: values.map((v) => natural.get(v) ?? 0),
    other: values.map((v) => other.get(v) ?? 0),
  });
  splits.set(key, split);
  return split;
}

/** The chance of each count 0..r of dice landing here: `c` land with chance `a` each, the rest with `b`. */
function counts(into: Float64Array, r: number, a: number, b: number): void {
  // C(r, c) a^c b^(r - c), term by term from the first; b = 0 leaves only c = r.
  if (b === 0) {
    into.fill(0, 0, r + 1);
    into[r] = a ** r;
    return;
  }
  let term = b ** r;
  into[0] = term;
  for (let c = 0; c < r; c += 1) {
    term = (term * (r - c) * a) / ((c + 1) * b);
    into[c + 1] = term;
  }
}

/**
 * A transition of `criticalReaching` lighter than this is not followed sum by sum: its mass still
 * counts towards a critical, only its chance of reaching is left out. At most one is left out per
 * value, kept count and number of dice landing (a few million for the 100 dice a roll may have), so
 * `reaching` is never more than about 1e-13 short, well inside the 1e-12 the odds are held to.
 */
const NEGLIGIBLE = 1e-20;

/**
 * The chance that a keep roll is a critical (every kept die a natural 10 first, as the dice engine
 * judges it: equal values keep a natural 10 first) AND its kept dice sum to at least `reach`, and the
 * chance of a critical at all. One pass over the die's values in keeping order; a state is (dice kept
 * so far, all natural 10s, their sum held at `reach`), and the dice not yet placed lie at or after the
 * current value, so how many land on it is binomial. Only sums that can still reach are followed:
 * keeping the highest dice, a state whose kept dice still to come, each worth at most the current
 * value, cannot make up the rest counts towards the critical alone, and so does a state too unlikely
 * to matter (`NEGLIGIBLE`); so a high `reach` (a forged card's Defense) costs no more than a low one.
 */
export function criticalReaching(
  plan: KeepPlan,
  reach: number,
): { readonly reaching: number; readonly critical: number } {
  if (plan.kept <= 0) return { reaching: 0, critical: 0 };
  const lowest = plan.rolled <= 0;
  const n = lowest ? 1 - plan.rolled : plan.rolled;
  const k = Math.min(plan.kept, n);
  const die = dieSplit(plan.explode);
  const m = die.values.length;
  const cap = Math.max(0, reach);
  const at = (step: number) => (lowest ? step : m - 1 - step);
  const ahead = new Float64Array(m + 1);
  for (let step = m - 1; step >= 0; step -= 1)
    ahead[step] = ahead[step + 1]! + die.natural[at(step)]! + die.other[at(step)]!;
  // Past the last value a natural 10 can show, no state still short of its kept dice can finish.
  let last = m - 1;
  while (last > 0 && die.natural[at(last)] === 0) last -= 1;
  // rows[j][s]: j natural 10s kept so far summing to s (s = cap: cap or more), non-zero only from
  // lo[j] to hi[j]; gone[j]: the mass of such states that can no longer reach, followed for `critical`.
  const rows = Array.from({ length: k }, () => new Float64Array(cap + 1));
  const lo = new Int32Array(k).fill(cap + 1);
  const hi = new Int32Array(k).fill(-1);
  const gone = new Float64Array(k);
  rows[0]![0] = 1;
  lo[0] = 0;
  hi[0] = 0;
  const landed = new Float64Array(n + 1);
  const fill = new Float64Array(n + 1);
  let reaching = 0;
  let critical = 0;
  for (let step = 0; step <= last; step += 1) {
    const idx = at(step);
    const v = die.values[idx]!;
    const here = ahead[step]!;
    if (here <= 0) break;
    const a = die.natural[idx]! / here;
    const b = ahead[step + 1]! / here;
    for (let j = k - 1; j >= 0; j -= 1) {
      const row = rows[j]!;
      const r = n - j;
      const need = k - j;
      // Keeping the highest, the need dice still to keep show v at most: below cap - need * v, no reach.
      const from = lowest ? lo[j]! : Math.max(lo[j]!, cap - need * v);
      let out = 0;
      for (let s = lo[j]!; s < Math.min(from, hi[j]! + 1); s += 1) {
        out += row[s]!;
        row[s] = 0;
      }
      lo[j] = from;
      let mass = 0;
      for (let s = lo[j]!; s <= hi[j]!; s += 1) mass += row[s]!;
      if (mass > 0 && mass < NEGLIGIBLE) {
        out += mass;
        mass = 0;
        row.fill(0, lo[j]!, hi[j]! + 1);
      }
      if (mass === 0) {
        lo[j] = cap + 1;
        hi[j] = -1;
      }
      gone[j] = gone[j]! + out;
      const dead = gone[j]!;
      if (mass === 0 && dead === 0) continue;
      if (a > 0) {
        // need or more natural 10s here fill the kept places (any other die here ranks after them).
        counts(fill, r, a, 1 - a);
        let finishing = 0;
        for (let c = r; c >= need; c -= 1) finishing += fill[c]!;
        const shift = need * v;
        let high = 0;
        for (let s = Math.max(lo[j]!, cap - shift); s <= hi[j]!; s += 1) high += row[s]!;
        critical += finishing * (mass + dead);
        reaching += finishing * (shift >= cap ? mass : high);
        // Fewer land here and nothing else does: they are kept, the rest lie after this value.
        counts(landed, r, a, b);
        for (let c = Math.min(need - 1, r); c >= 1; c -= 1) {
          const p = landed[c]!;
          if (p === 0) continue;
          gone[j + c] = gone[j + c]! + dead * p;
          if (mass === 0) continue;
          if (mass * p < NEGLIGIBLE) {
            gone[j + c] = gone[j + c]! + mass * p;
            continue;
          }
          const into = rows[j + c]!;
          const by = c * v;
          for (let s = lo[j]!; s <= hi[j]!; s += 1) {
            const x = row[s]!;
            if (x !== 0) into[Math.min(cap, s + by)] = into[Math.min(cap, s + by)]! + x * p;
          }
          lo[j + c] = Math.min(lo[j + c]!, Math.min(cap, lo[j]! + by));
          hi[j + c] = Math.max(hi[j + c]!, Math.min(cap, hi[j]! + by));
        }
      }
      // None lands here: every die left lies after it (an other die here would be kept: no critical).
      const stay = b ** r;
      gone[j] = dead * stay;
      for (let s = lo[j]!; s <= hi[j]!; s += 1) row[s] = row[s]! * stay;
    }
  }
  return { reaching, critical };
}

/** The least a kept die of a critical shows: a natural 10, and more when it explodes. */
const leastNatural = (plan: KeepPlan) => (plan.explode === undefined ? 10 : 11);

/** The parts a hit lands on and their chances: the chosen part, or the table's d10 rerolled off missing parts. */
function partChances(input: FadeOutcomeInput): Array<[BodyPart, number]> {
  if (input.part) return [[input.part, 1]];
  const missing = new Set(input.target.missing ?? []);
  const table = input.table ?? DEFAULT_HIT_LOCATIONS;
  const faces = new Map<BodyPart, number>();
  let there = 0;
  for (let face = 1; face <= 10; face += 1) {
    const part = hitLocation(face, table);
    if (missing.has(part)) continue;
    faces.set(part, (faces.get(part) ?? 0) + 1);
    there += 1;
  }
  if (there === 0) return [["body", 1]];
  return BODY_PARTS.filter((p) => faces.has(p)).map((p) => [p, faces.get(p)! / there]);
}

/**
 * The exact chances that an attack hits, hurts and drops its target, from the same functions the
 * GM's apply runs: `judgeAttack`'s rule for the to-hit roll (the total reaches the Defense plus any
 * dodge; a critical hits as a critical only without a dodge), the dice engine's exact distribution of
 * each pool, the location table rolled again off missing parts, and `resolveHit` for what a hit does.
 * What a hit does only grows with its damage (HP lost, the health state, a called shot's effect), so
 * for each part and critical or not, `resolveHit` finds the least damage total that hurts and the
 * least that drops (a binary search over the totals the pool can roll) and the pool's chance of
 * reaching each is summed; the brute-force tests hold it to every face.
 */
export function outcomeOdds(input: FadeOutcomeInput): FadeOutcomeOdds {
  const t = input.target;
  const numbers = { defense: input.defense, dodge: input.dodge ?? 0, penetration: input.penetration ?? 0, hp: t.hp };
  const derived = { soak: t.derived.soak, deathAt: t.derived.deathAt, hpMax: t.derived.hpMax };
  for (const [name, value] of Object.entries({ ...numbers, ...derived, ...t.derived.deflection })) {
    if (!Number.isFinite(value)) throw new RangeError(`outcomeOdds: ${name} is not a number (${String(value)})`);
  }
  const toHit = keepPlan(input.toHit);
  if (toHit.kept <= 0) return NONE;
  const against = input.defense + (input.dodge ?? 0);
  const attack = odds(toHit);
  const hit = attack.atLeast(against);
  if (hit <= 0) return NONE;
  const reach = against - toHit.modifier;
  const kept = Math.min(toHit.kept, toHit.rolled <= 0 ? 1 - toHit.rolled : toHit.rolled);
  // A critical's kept dice show at least 10 each (11 when they explode): past that it always hits.
  // One less likely than NEGLIGIBLE (40 kept dice all 10s) is not followed: it moves no chance.
  const critical = attack.critical ?? 0;
  const criticalHit =
    input.dodge !== undefined || critical < NEGLIGIBLE
      ? 0
      : Math.min(hit, reach <= kept * leastNatural(toHit) ? critical : criticalReaching(toHit, reach).reaching);
  const damagePlan = keepPlan(input.damage);
  const table: Array<[number, number]> = damagePlan.kept <= 0 ? [[0, 1]] : odds(damagePlan).table();
  // from[i]: the chance of rolling table[i]'s total or more.
  const from = new Float64Array(table.length + 1);
  for (let i = table.length - 1; i >= 0; i -= 1) from[i] = from[i + 1]! + table[i]![1];
  const target = input.target;
  const before = RANK[healthState(target.hp, target.derived.deathAt)];
  const judge = (total: number, part: BodyPart, critical: boolean) => {
    const resolved = resolveHit({
      damage: total,
      part,
      calledShot: input.calledShot === true,
      critical,
      coupDeGrace: input.coupDeGrace === true,
      penetration: input.penetration ?? 0,
      damageType: input.damageType ?? "",
      target: { derived: target.derived, energy: target.energy, hp: target.hp },
    });
    const lost = resolved.damage.hpLoss > 0;
    return {
      hurt: lost || resolved.effect !== null,
      drop: lost && resolved.healthState !== "conscious" && RANK[resolved.healthState] > before,
    };
  };
  // A total of 0 or less (Negative flat bonuses, a pool that keeps nothing) meets no Deflection, so
  // a called shot's effect lands with it: those few totals are judged one by one.
  let positive = 0;
  while (positive < table.length && table[positive]![0] <= 0) positive += 1;
  /** The chance of a total for which `holds`: the few totals of 0 or less, then the least positive one. */
  const chance = (holds: (total: number) => boolean) => {
    let p = 0;
    for (let i = 0; i < positive; i += 1) if (holds(table[i]![0])) p += table[i]![1];
    return p + from[least(holds)]!;
  };
  /** The index of the least positive total for which `holds`, or table.length when none does. */
  const least = (holds: (total: number) => boolean) => {
    let lo = positive;
    let hi = table.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (holds(table[mid]![0])) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  let hurt = 0;
  let drop = 0;
  // Parts alike for the hit (same Deflection; no called shot's effect to tell them apart) count once.
  const parts = new Map<string, [BodyPart, number]>();
  for (const [part, chance] of partChances(input)) {
    const key = input.calledShot ? part : String(target.derived.deflection[part]);
    const seen = parts.get(key);
    parts.set(key, [seen?.[0] ?? part, (seen?.[1] ?? 0) + chance]);
  }
  for (const [critical, weight] of [
    [false, hit - criticalHit],
    [true, criticalHit],
  ] as const) {
    if (weight <= 0) continue;
    for (const [part, where] of parts.values()) {
      hurt += weight * where * chance((total) => judge(total, part, critical).hurt);
      drop += weight * where * chance((total) => judge(total, part, critical).drop);
    }
  }
  const chances = nested(hit, hurt, drop);
  return Object.freeze({ ...chances, criticalHit: Math.max(0, Math.min(chances.hit, criticalHit)) });
}

/** The choices an attack's odds read: the dialog's, with its damage options. */
export type FadeOutcomeChoices = FadeAttackChoices & {
  readonly coupDeGrace?: boolean;
  /** Extra dice for the damage roll (the attack's own extra dice are `extra`). */
  readonly damageExtra?: PoolBonus;
};

/**
 * An attack from a sheet as `outcomeOdds` reads it, built as the flow rolls it: the to-hit and damage
 * pools for the choices, the Defense the kind meets (against spells for a spell), the called shot's
 * part or the default Body. `target.dodge` is a declared dodge's total the attack would meet.
 */
export function outcomeInput(input: {
  readonly attacker: Pick<FadeDerived, "physicalToHit" | "magicalToHit" | "damageBonus">;
  readonly weapon: FadeWeapon;
  readonly choices?: FadeOutcomeChoices;
  readonly target: FadeOutcomeTarget & {
    readonly derived: Pick<FadeDerived, FadeDefenseId | "vsSpells">;
    readonly dodge?: number;
  };
}): FadeOutcomeInput {
  const choices = input.choices ?? {};
  const { weapon, target } = input;
  return {
    toHit: toHitPool(input.attacker, weapon, choices),
    damage: damagePoolFor(input.attacker, weapon, { ...choices, extra: choices.damageExtra }),
    defense: defenseAgainst(target.derived, weapon, choices).value,
    ...(target.dodge === undefined ? {} : { dodge: target.dodge }),
    part: chosenPart(choices),
    calledShot: declaredCalledShot(choices) !== null,
    coupDeGrace: choices.coupDeGrace === true,
    penetration: weapon.penetration ?? 0,
    damageType: weapon.damageType ?? "",
    target: {
      derived: target.derived,
      hp: target.hp,
      ...(target.energy ? { energy: target.energy } : {}),
      ...(target.missing ? { missing: target.missing } : {}),
    },
  };
}
