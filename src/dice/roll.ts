import { judge } from "./judge";
import { LIMITS } from "./limits";
import type { ComplicationRule, DieResult, RollOutcome } from "./outcome";
import { format, parse } from "./parse";
import type { CodePlan, FudgePlan, KeepPlan, RollPlan, SumPlan } from "./plan";
import { defaultDie, type DieSource } from "./random";

export interface RollOptions {
  /** Face source; default Math.random in Node, Foundry's generator in Foundry. */
  die?: DieSource;
  /** OpenD6 Wild Die complication handling (the world setting). Default "note". */
  complication?: ComplicationRule;
}

/**
 * Rolling as a generator: it yields each die it needs (sides, and whether it is an extra throw) and receives the face, so one
 * engine serves a synchronous source (Node, tests) and Foundry's asynchronous dice fulfillment.
 * Dice are drawn in pool order, each followed by its explosions; for a die code the ordinary dice,
 * then the Wild Die and its explosions, then Character Point dice.
 */
export type RollSteps = Generator<DieRequest, RollOutcome, number>;

/** One face the engine needs: a die's sides, and whether it is one of the roll's own dice or an extra throw. */
export interface DieRequest {
  readonly sides: number;
  /** An explosion, or a die beyond the pool's count (Character Point dice): asked for after the pool. */
  readonly extra: boolean;
}

const requests = new Map<string, DieRequest>();
/** Shared request objects, so the hot loop allocates nothing per die. */
function request(sides: number, extra: boolean): DieRequest {
  const key = `${sides}${extra ? "+" : ""}`;
  let r = requests.get(key);
  if (!r) {
    r = Object.freeze({ sides, extra });
    requests.set(key, r);
  }
  return r;
}

export function* rollSteps(plan: RollPlan, options: { complication?: ComplicationRule } = {}): RollSteps {
  switch (plan.kind) {
    case "keep":
      return yield* rollKeep(plan);
    case "fudge":
      return yield* rollFudge(plan);
    case "code":
      return yield* rollCode(plan, options.complication ?? "note");
    case "sum":
      return yield* rollSum(plan);
  }
}

interface Chain {
  faces: number[];
  value: number;
  exploded: boolean;
  capped: boolean;
}

/** One die and the explosions added onto it (10 + 7 = 17), up to the bound. */
function* explodingDie(
  sides: number,
  threshold: number | undefined,
  extra = false,
): Generator<DieRequest, Chain, number> {
  let face = yield request(sides, extra);
  const faces = [face];
  let value = face;
  let capped = false;
  if (threshold !== undefined) {
    while (face >= threshold) {
      if (faces.length > LIMITS.maxExplosions) {
        capped = true;
        break;
      }
      face = yield request(sides, true);
      faces.push(face);
      value += face;
    }
  }
  return { faces, value, exploded: faces.length > 1, capped };
}

const formulas = new WeakMap<RollPlan, string>();

function outcome(plan: RollPlan, fields: Omit<RollOutcome, "formula" | "plan">): RollOutcome {
  let formula = formulas.get(plan);
  if (formula === undefined) {
    formula = format(plan);
    formulas.set(plan, formula);
  }
  return { formula, plan, ...fields };
}

function* rollKeep(plan: KeepPlan): RollSteps {
  if (plan.kept <= 0) {
    return outcome(plan, {
      total: 0,
      critical: false,
      impossible: true,
      complication: false,
      modifier: plan.modifier,
      dice: [],
    });
  }
  const negative = plan.rolled <= 0;
  const count = negative ? 1 - plan.rolled : plan.rolled;
  const threshold = plan.explode ?? 11;
  const base = request(10, false);
  const explosion = request(10, true);
  const chains: Chain[] = new Array<Chain>(count);
  // The hot loop of every roll-and-keep button: the explosion chain is inlined rather than delegated.
  for (let i = 0; i < count; i += 1) {
    let face = yield base;
    const faces = [face];
    let value = face;
    let capped = false;
    while (face >= threshold) {
      if (faces.length > LIMITS.maxExplosions) {
        capped = true;
        break;
      }
      face = yield explosion;
      faces.push(face);
      value += face;
    }
    chains[i] = { faces, value, exploded: faces.length > 1, capped };
  }
  const keptFlags = selectKept(chains, Math.min(plan.kept, count), negative);
  let total = plan.modifier;
  const dice: DieResult[] = new Array<DieResult>(count);
  for (let i = 0; i < count; i += 1) {
    const c = chains[i]!;
    const kept = keptFlags[i] === 1;
    if (kept) total += c.value;
    dice[i] = { sides: 10, faces: c.faces, value: c.value, kept, ...flags(c) };
  }
  return outcome(plan, { total, ...judge(plan, dice), modifier: plan.modifier, dice });
}

/**
 * Which dice are kept: the highest (lowest for Negative Dice); on equal values a natural 10 is kept
 * first, then pool order.
 */
function selectKept(chains: readonly Chain[], keep: number, lowest: boolean): Uint8Array {
  const flagsOut = new Uint8Array(chains.length);
  if (keep >= chains.length) return flagsOut.fill(1);
  const order = chains.map((_, i) => i);
  order.sort((a, b) => {
    const ca = chains[a]!;
    const cb = chains[b]!;
    if (ca.value !== cb.value) return lowest ? ca.value - cb.value : cb.value - ca.value;
    return (ca.faces[0] === 10 ? 0 : 1) - (cb.faces[0] === 10 ? 0 : 1) || a - b;
  });
  for (let i = 0; i < keep; i += 1) flagsOut[order[i]!] = 1;
  return flagsOut;
}

/** An outcome with no critical, impossibility or complication to report. */
function plainOutcome(plan: RollPlan, total: number, modifier: number, dice: DieResult[]): RollOutcome {
  return outcome(plan, { total, critical: false, impossible: false, complication: false, modifier, dice });
}

function flags(c: Chain): Pick<DieResult, "exploded" | "capped"> {
  return { ...(c.exploded ? { exploded: true } : {}), ...(c.capped ? { capped: true } : {}) };
}

function* rollFudge(plan: FudgePlan): RollSteps {
  const dice: DieResult[] = [];
  let total = plan.modifier;
  for (let i = 0; i < plan.dice; i += 1) {
    const face = yield request(3, false);
    const value = face - 2;
    total += value;
    dice.push({ sides: 3, faces: [face], value, kept: true, fudge: true });
  }
  return plainOutcome(plan, total, plan.modifier, dice);
}

function* rollCode(plan: CodePlan, rule: ComplicationRule): RollSteps {
  const dice: DieResult[] = [];
  for (let i = 0; i < plan.dice - 1; i += 1) {
    const face = yield request(6, false);
    dice.push({ sides: 6, faces: [face], value: face, kept: true });
  }
  let complication = false;
  if (plan.dice >= 1) {
    const wild = yield* explodingDie(6, 6);
    complication = wild.faces[0] === 1;
    dice.push({ sides: 6, faces: wild.faces, value: wild.value, kept: true, wild: true, ...flags(wild) });
  }
  for (let i = 0; i < plan.characterPoints; i += 1) {
    const cp = yield* explodingDie(6, 6, true);
    dice.push({ sides: 6, faces: cp.faces, value: cp.value, kept: true, characterPoint: true, ...flags(cp) });
  }
  if (complication && rule === "remove") {
    // The Wild Die and the highest other die of the code (not Character Point dice) stop counting.
    let highest = -1;
    dice.forEach((d, i) => {
      if (!d.wild && !d.characterPoint && (highest < 0 || d.value > dice[highest]!.value)) highest = i;
    });
    for (let i = 0; i < dice.length; i += 1) {
      if (dice[i]!.wild || i === highest) dice[i] = { ...dice[i]!, kept: false, removed: true };
    }
  }
  const total = dice.reduce((sum, d) => (d.kept ? sum + d.value : sum), plan.pips);
  return outcome(plan, {
    total,
    critical: false,
    impossible: false,
    complication,
    ...(complication ? { complicationRule: rule } : {}),
    modifier: plan.pips,
    dice,
  });
}

function* rollSum(plan: SumPlan): RollSteps {
  const dice: DieResult[] = [];
  let total = plan.modifier;
  for (const group of plan.groups) {
    for (let i = 0; i < group.count; i += 1) {
      const face = yield request(group.sides, false);
      total += group.sign * face;
      dice.push({ sides: group.sides, faces: [face], value: group.sign * face, kept: true });
    }
  }
  return plainOutcome(plan, total, plan.modifier, dice);
}

/** A face from a source, checked: a source that answers outside 1..sides is a bug, not a roll. */
export function checkedFace(face: number, sides: number): number {
  if (!Number.isInteger(face) || face < 1 || face > sides) {
    throw new RangeError(`die source gave ${String(face)} for a d${sides}; faces run from 1 to ${sides}`);
  }
  return face;
}

/** Rolls a formula or plan with a synchronous die source. */
export function roll(formula: string | RollPlan, options: RollOptions = {}): RollOutcome {
  const plan = typeof formula === "string" ? parse(formula) : formula;
  const die = options.die ?? defaultDie();
  const steps = rollSteps(plan, options);
  let step = steps.next();
  while (!step.done) step = steps.next(checkedFace(die(step.value.sides), step.value.sides));
  return step.value;
}

/** Rolls with an asynchronous die source (Foundry's dice fulfillment). */
export async function rollAsync(
  plan: RollPlan,
  die: (request: DieRequest) => Promise<number>,
  options: { complication?: ComplicationRule } = {},
): Promise<RollOutcome> {
  const steps = rollSteps(plan, options);
  let step = steps.next();
  while (!step.done) step = steps.next(checkedFace(await die(step.value), step.value.sides));
  return step.value;
}
