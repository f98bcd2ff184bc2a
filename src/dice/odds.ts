import { NotationError } from "./errors";
import { LIMITS } from "./limits";
import { highestOfExploding, highestOfExplodingWork } from "./odds-exploding-highest";
import { explodingDieValues, keepDistribution, type DieValues } from "./odds-keep";
import type { ComplicationRule } from "./outcome";
import { format, parse } from "./parse";
import type { CodePlan, FudgePlan, KeepPlan, RollPlan, SumPlan } from "./plan";

/** The exact probability distribution of a roll's total. */
export interface Odds {
  readonly formula: string;
  /** Keep dice that keep nothing: every probability is 0. */
  readonly impossible: boolean;
  readonly mean: number;
  /** Probability mass left out: explosion chains beyond 1e-12 or the explosion bound. */
  readonly truncated: number;
  /** Keep dice: probability that every kept die's first face is a 10. */
  readonly critical?: number;
  /** Die codes: probability that the Wild Die's first face is a 1. */
  readonly complication?: number;
  /** Probability that the total is at least `target`. */
  atLeast(target: number): number;
  /** [total, probability] for every total that can occur, ascending. */
  table(): Array<[number, number]>;
}

/** Probabilities of consecutive totals from `offset`. */
interface Dist {
  offset: number;
  p: Float64Array;
}

const point = (value: number): Dist => ({ offset: value, p: Float64Array.of(1) });

function convolve(a: Dist, b: Dist): Dist {
  const p = new Float64Array(a.p.length + b.p.length - 1);
  for (let i = 0; i < a.p.length; i += 1) {
    const x = a.p[i]!;
    if (x === 0) continue;
    for (let j = 0; j < b.p.length; j += 1) p[i + j] = p[i + j]! + x * b.p[j]!;
  }
  return { offset: a.offset + b.offset, p };
}

function power(d: Dist, n: number): Dist {
  let out = point(0);
  for (let i = 0; i < n; i += 1) out = convolve(out, d);
  return out;
}

function fromDie(die: DieValues, exclude?: (value: number) => boolean): Dist {
  const lo = die.values[0]!;
  const hi = die.values[die.values.length - 1]!;
  const p = new Float64Array(hi - lo + 1);
  die.values.forEach((v, i) => {
    if (!exclude?.(v)) p[v - lo] = die.natural[i]! + die.other[i]!;
  });
  return { offset: lo, p };
}

function uniform(sides: number, sign: 1 | -1): Dist {
  const p = new Float64Array(sides).fill(1 / sides);
  return sign > 0 ? { offset: 1, p } : { offset: -sides, p: p.reverse() };
}

function scale(d: Dist, by: number): Dist {
  return { offset: d.offset, p: d.p.map((x) => x * by) };
}

function mix(a: Dist, b: Dist): Dist {
  const offset = Math.min(a.offset, b.offset);
  const end = Math.max(a.offset + a.p.length, b.offset + b.p.length);
  const p = new Float64Array(end - offset);
  for (const d of [a, b]) d.p.forEach((x, i) => (p[d.offset - offset + i] = p[d.offset - offset + i]! + x));
  return { offset, p };
}

interface Computed {
  dist: Dist;
  truncated: number;
  critical?: number;
  complication?: number;
  impossible?: boolean;
}

function refuse(plan: RollPlan, work: number): never {
  const formula = format(plan);
  throw new NotationError(
    "oddsTooLarge",
    formula,
    0,
    { formula, limit: LIMITS.maxOddsWork.toLocaleString("en") },
    `Exact odds would take ${Math.round(work)} steps, more than ${LIMITS.maxOddsWork}`,
  );
}

function keepOdds(plan: KeepPlan): Computed {
  if (plan.kept <= 0)
    return { dist: { offset: 0, p: new Float64Array(0) }, truncated: 0, critical: 0, impossible: true };
  const lowest = plan.rolled <= 0;
  const n = lowest ? 1 - plan.rolled : plan.rolled;
  const k = Math.min(plan.kept, n);
  if (!lowest && plan.explode === 10) {
    // Explosions on 10 alone: dice rank by how often they exploded first, which the ladder engine uses.
    const work = highestOfExplodingWork(n, k);
    if (work > LIMITS.maxOddsWork) refuse(plan, work);
    const { bySum, critical, truncated } = highestOfExploding(n, k);
    return { dist: { offset: plan.modifier, p: bySum }, truncated, critical };
  }
  const die = explodingDieValues(10, plan.explode);
  const maxValue = die.values[die.values.length - 1]!;
  const work = die.values.length * k * n * k * maxValue;
  if (work > LIMITS.maxOddsWork) refuse(plan, work);
  const { bySum, critical, truncated } = keepDistribution(die, n, plan.kept, lowest);
  return { dist: { offset: plan.modifier, p: bySum }, truncated, critical };
}

function fudgeOdds(plan: FudgePlan): Computed {
  const die: Dist = { offset: -1, p: Float64Array.of(1 / 3, 1 / 3, 1 / 3) };
  return { dist: convolve(power(die, plan.dice), point(plan.modifier)), truncated: 0 };
}

function codeOdds(plan: CodePlan, rule: ComplicationRule): Computed {
  const exploding = explodingDieValues(6, 6);
  const d6 = uniform(6, 1);
  const cp = power(fromDie(exploding), plan.characterPoints);
  const extra = convolve(cp, point(plan.pips));
  const truncated = 1 - (1 - exploding.truncated) ** (plan.characterPoints + (plan.dice > 0 ? 1 : 0));
  if (plan.dice === 0) return { dist: extra, truncated };
  const ordinary = plan.dice - 1;
  const complication = 1 / 6;
  let dist: Dist;
  if (rule === "remove") {
    // A first face of 1 is the only way the Wild Die shows 1: then it and the highest other die go.
    const withoutHighest: Dist =
      ordinary <= 1
        ? point(0)
        : { offset: 0, p: keepDistribution(explodingDieValues(6, undefined), ordinary, ordinary - 1, true).bySum };
    const kept = convolve(
      power(d6, ordinary),
      fromDie(exploding, (v) => v === 1),
    );
    dist = mix(scale(withoutHighest, complication), kept);
  } else {
    dist = convolve(power(d6, ordinary), fromDie(exploding));
  }
  return { dist: convolve(dist, extra), truncated, complication };
}

function sumOdds(plan: SumPlan): Computed {
  let dist = point(plan.modifier);
  for (const g of plan.groups) dist = convolve(dist, power(uniform(g.sides, g.sign), g.count));
  return { dist, truncated: 0 };
}

function compute(plan: RollPlan, rule: ComplicationRule): Computed {
  switch (plan.kind) {
    case "keep":
      return keepOdds(plan);
    case "fudge":
      return fudgeOdds(plan);
    case "code":
      return codeOdds(plan, rule);
    case "sum":
      return sumOdds(plan);
  }
}

function build(formula: string, computed: Computed): Odds {
  const { dist } = computed;
  const totals: number[] = [];
  const probabilities: number[] = [];
  let mean = 0;
  let mass = 0;
  for (let i = 0; i < dist.p.length; i += 1) {
    const p = dist.p[i]!;
    if (p <= 0) continue;
    totals.push(dist.offset + i);
    probabilities.push(p);
    mean += (dist.offset + i) * p;
    mass += p;
  }
  if (mass > 0) mean /= mass;
  // Suffix sums for P(total >= target).
  const atLeastFrom = new Float64Array(totals.length + 1);
  for (let i = totals.length - 1; i >= 0; i -= 1) atLeastFrom[i] = atLeastFrom[i + 1]! + probabilities[i]!;
  return Object.freeze({
    formula,
    impossible: computed.impossible ?? false,
    mean,
    truncated: computed.truncated,
    ...(computed.critical !== undefined ? { critical: computed.critical } : {}),
    ...(computed.complication !== undefined ? { complication: computed.complication } : {}),
    atLeast(target: number): number {
      let lo = 0;
      let hi = totals.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (totals[mid]! < target) lo = mid + 1;
        else hi = mid;
      }
      return Math.min(1, atLeastFrom[lo]!);
    },
    // Built when asked for (a fresh copy each time): most callers only read the mean or atLeast.
    table: () => totals.map((t, i): [number, number] => [t, probabilities[i]!]),
  });
}

const cache = new Map<string, Odds>();

/**
 * Exact odds of a formula, to within 1e-9 per probability: keep dice with explode-before-keep and
 * Negative Dice, FUDGE with a trait, die codes with the Wild Die (and the world's complication rule),
 * ordinary sums. Remembered for the last few hundred formulas.
 */
export function odds(formula: string | RollPlan, options: { complication?: ComplicationRule } = {}): Odds {
  const plan = typeof formula === "string" ? parse(formula) : formula;
  const rule = options.complication ?? "note";
  const canonical = format(plan);
  const key = `${canonical}|${plan.kind === "code" ? rule : ""}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const result = build(canonical, compute(plan, rule));
  cache.set(key, result);
  if (cache.size > LIMITS.oddsCacheSize) cache.delete(cache.keys().next().value!);
  return result;
}

/** How many formulas' odds are remembered now (for tests and diagnostics). */
export function oddsCacheSize(): number {
  return cache.size;
}

export function clearOddsCache(): void {
  cache.clear();
}
