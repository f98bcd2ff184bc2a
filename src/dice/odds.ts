import { NotationError } from "./errors";
import { LIMITS, formatLimit } from "./limits";
import { addCharacterPoints, characterPointSumWork } from "./odds-character-points";
import { LOWEST_BELOW_THRESHOLD, highestOfExplodingBelow, highestOfExplodingBelowWork } from "./odds-exploding-below";
import { highestOfExploding, highestOfExplodingWork } from "./odds-exploding-highest";
import { explodingDieValues, keepDistribution, keepDistributionWork } from "./odds-keep";
import { roundingBound } from "./odds-rounding";
import { addFlatDice, flatDiceCost, type Dist } from "./odds-sum";
import { sumWithoutHighest, sumWithoutHighestWork } from "./odds-without-highest";
import { WorkBudget, WorkExceeded } from "./odds-work";
import type { ComplicationRule } from "./outcome";
import { format, parse } from "./parse";
import type { CodePlan, FudgePlan, KeepPlan, RollPlan, SumPlan } from "./plan";

/** The exact probability distribution of a roll's total. */
export interface Odds {
  readonly formula: string;
  /** Keep dice that keep nothing: every probability is 0. */
  readonly impossible: boolean;
  readonly mean: number;
  /**
   * How far any figure of the table can be from the truth: the probability mass left out (explosion
   * chains below 1e-12, states too unlikely to follow) and a bound on the rounding. Every probability,
   * every atLeast and the total mass are within this of their exact values.
   */
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

const point = (value: number): Dist => ({ offset: value, p: Float64Array.of(1) });

interface Computed {
  dist: Dist;
  /** Mass left out, and a bound on the rounding of the computation (the table's own sums come later). */
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
    { formula, limit: formatLimit(LIMITS.maxOddsWork) },
    `Exact odds would take ${Math.round(work)} steps, more than ${LIMITS.maxOddsWork}`,
  );
}

/** Refuses before any work when the steps a computation will take are known and over the limit. */
function checkWork(plan: RollPlan, work: number): void {
  if (work > LIMITS.maxOddsWork) refuse(plan, work);
}

function keepOdds(plan: KeepPlan): Computed {
  if (plan.kept <= 0)
    return { dist: { offset: 0, p: new Float64Array(0) }, truncated: 0, critical: 0, impossible: true };
  const lowest = plan.rolled <= 0;
  const n = lowest ? 1 - plan.rolled : plan.rolled;
  const k = Math.min(plan.kept, n);
  if (!lowest && plan.explode === 10) {
    // Explosions on 10 alone: dice rank by how often they exploded first, which the ladder engine uses.
    checkWork(plan, highestOfExplodingWork(n, k));
    const { bySum, critical, truncated } = highestOfExploding(n, k);
    return { dist: { offset: plan.modifier, p: bySum }, truncated, critical };
  }
  if (!lowest && plan.explode !== undefined && plan.explode >= LOWEST_BELOW_THRESHOLD && plan.explode < 10) {
    // Explosions on 6 to 9: summed in closed form above the value of the last kept die.
    checkWork(plan, highestOfExplodingBelowWork(n, k, plan.explode));
    const { bySum, critical, truncated } = highestOfExplodingBelow(n, k, plan.explode);
    return { dist: { offset: plan.modifier, p: bySum }, truncated, critical };
  }
  // Value by value: refused at once when its estimate is over the limit, and it counts its steps as
  // it goes, stopping at the limit should the estimate ever fall short.
  const die = explodingDieValues(10, plan.explode);
  checkWork(plan, keepDistributionWork(die, n, k, lowest, LIMITS.maxOddsWork));
  const { bySum, critical, truncated } = keepDistribution(die, n, k, lowest, new WorkBudget(LIMITS.maxOddsWork));
  return { dist: { offset: plan.modifier, p: bySum }, truncated, critical };
}

function fudgeOdds(plan: FudgePlan): Computed {
  // A FUDGE die is a d3 read as -1, 0, +1.
  const dice = [{ count: plan.dice, sides: 3, sign: 1 as const }];
  const cost = flatDiceCost(1, dice);
  checkWork(plan, cost.work);
  return { dist: addFlatDice(point(plan.modifier - 2 * plan.dice), dice), truncated: roundingBound(cost.depth) };
}

function codeOdds(plan: CodePlan, rule: ComplicationRule): Computed {
  // The Wild Die explodes on 6 just as a Character Point die does (6 × the sixes, then a last face of
  // 1..5), so it is added with them in closed form (odds-character-points.ts); the ordinary dice are
  // flat. Under the remove rule a first face of 1 is the only way it shows 1: then it and the highest
  // ordinary die go (odds-without-highest.ts); a first face of 2..5 is that face, a 6 is 6 more than
  // an exploding die.
  const others = Math.max(0, plan.dice - 1);
  const ordinary = [{ count: others, sides: 6, sign: 1 as const }];
  const flat = flatDiceCost(1, ordinary);
  const remove = rule === "remove" && plan.dice > 0;
  const exploded = plan.characterPoints + (plan.dice > 0 ? 1 : 0);
  checkWork(
    plan,
    characterPointSumWork(exploded, flat.length + 6) +
      flat.work +
      (remove ? sumWithoutHighestWork(others) + 6 * flat.length : 0),
  );
  const plain = addFlatDice(point(0), ordinary);
  const base = { offset: plain.offset + plan.pips, p: plain.p };
  if (!remove) {
    const { dist, truncated } = addCharacterPoints(base, exploded);
    return {
      dist,
      truncated: truncated + roundingBound(flat.depth + 2),
      ...(plan.dice > 0 ? { complication: 1 / 6 } : {}),
    };
  }
  const sixth = 1 / 6;
  const less = sumWithoutHighest(others, 6, plain);
  // First face 1, 2..5 and 6: one table from the lowest total (the others less the highest) up.
  const start = base.offset + 6;
  const lowest = less.dist.offset + plan.pips;
  const firstFaces = new Float64Array(start + base.p.length - lowest);
  less.dist.p.forEach((x, i) => (firstFaces[less.dist.offset + plan.pips - lowest + i] = x * sixth));
  for (let face = 2; face <= 5; face += 1)
    for (let i = 0; i < base.p.length; i += 1) {
      const at = base.offset + face - lowest + i;
      firstFaces[at] = firstFaces[at]! + base.p[i]! * sixth;
    }
  const exploding = addCharacterPoints({ offset: start, p: base.p.map((x) => x * sixth) }, 1);
  const all = new Float64Array(Math.max(firstFaces.length, exploding.dist.offset - lowest + exploding.dist.p.length));
  all.set(firstFaces);
  for (let i = 0; i < exploding.dist.p.length; i += 1) {
    const at = exploding.dist.offset - lowest + i;
    all[at] = all[at]! + exploding.dist.p[i]!;
  }
  const withPoints = addCharacterPoints({ offset: lowest, p: all }, plan.characterPoints);
  return {
    dist: withPoints.dist,
    truncated: withPoints.truncated + exploding.truncated + less.truncated + roundingBound(flat.depth + 8),
    complication: sixth,
  };
}

function sumOdds(plan: SumPlan): Computed {
  const cost = flatDiceCost(1, plan.groups);
  checkWork(plan, cost.work);
  return { dist: addFlatDice(point(plan.modifier), plan.groups), truncated: roundingBound(cost.depth) };
}

function compute(plan: RollPlan, rule: ComplicationRule): Computed {
  try {
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
  } catch (error) {
    if (error instanceof WorkExceeded) refuse(plan, error.spent);
    throw error;
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
    // The suffix sums behind atLeast (and the mass) add a rounding each.
    truncated: computed.truncated + roundingBound(totals.length + 2),
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

/** Odds, or the refusal of a formula too costly to compute (so asking again costs nothing). */
const cache = new Map<string, Odds | NotationError>();

/**
 * Exact odds of a formula, to within 1e-9 per probability: keep dice with explode-before-keep and
 * Negative Dice, FUDGE with a trait, die codes with the Wild Die (and the world's complication rule),
 * ordinary sums. A formula whose odds would take more than LIMITS.maxOddsWork steps is refused with a
 * NotationError ("oddsTooLarge"). Remembered for the last few hundred formulas, refusals included.
 */
export function odds(formula: string | RollPlan, options: { complication?: ComplicationRule } = {}): Odds {
  const plan = typeof formula === "string" ? parse(formula) : formula;
  const rule = options.complication ?? "note";
  const canonical = format(plan);
  const key = `${canonical}|${plan.kind === "code" ? rule : ""}`;
  let result = cache.get(key);
  if (result) cache.delete(key);
  else {
    try {
      result = build(canonical, compute(plan, rule));
    } catch (error) {
      if (!(error instanceof NotationError)) throw error;
      result = error;
    }
  }
  cache.set(key, result);
  if (cache.size > LIMITS.oddsCacheSize) cache.delete(cache.keys().next().value!);
  if (result instanceof NotationError) throw result;
  return result;
}

/** How many formulas' odds are remembered now (for tests and diagnostics). */
export function oddsCacheSize(): number {
  return cache.size;
}

export function clearOddsCache(): void {
  cache.clear();
}
