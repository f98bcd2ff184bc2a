/**
 * The exact chances of one OpenD6 attack against one target before it is rolled: that it hits (the
 * attack total meets the combat difficulty), that it hurts (the damage total beyond the resistance
 * total changes the target's Wound level or Body Points, or a knockout puts it out cold) and that it
 * drops the target (Incapacitated, Mortally Wounded, Body Points at 0 or less, or knocked out). Every
 * roll's distribution is the dice engine's (the Wild Die exploding on 6, the world's complication
 * rule), and every total is judged by the functions the GM's apply calls: combatDifficulty, meets,
 * hitTotals and hitOutcome.
 */
import { odds, outcomeOdds, type ComplicationRule, type OutcomeOdds } from "../../../dice";
import {
  COVER_MODIFIER,
  RANGE_MODIFIER,
  combatDifficulty,
  hitTotals,
  type CombatChoices,
  type CombatTables,
} from "./attack";
import { meets } from "./check";
import { activeDefense, type WoundChartLine, type WoundLevel } from "./combat";
import type { DefenseKind } from "./defense";
import { hitOutcome, type HealthMode } from "./health";
import {
  CALLED_SHOT_DIFFICULTY,
  HIT_LOCATION_MODIFIER,
  optionEffects,
  type CombatOptions,
  type OptionTables,
} from "./options";

/** A roll's totals and their probabilities, ascending. */
export type OutcomeTable = ReadonlyArray<readonly [number, number]>;

/** What `outcomeOdds` reads: the attack as the dialog rolls it and the target as it stands now. */
export interface OpenD6OutcomeInput {
  /**
   * The attack roll's formula as the dialog rolls it: the skill's code less the wound and multi-action
   * penalties, with bonus and aiming dice, doubled by a Fate Point, and Character Point dice ("5D+2",
   * "4D+1+2CP"; the code's last die is the Wild Die).
   */
  readonly attack: string;
  /**
   * The target's defense value now (passive, or an active defense already rolled, with the acrobatics
   * bonus and the full-auto penalty), or an active defense still to roll: its skill's code, full or
   * partial, and what is added to the value (acrobatics, less a full-auto penalty).
   */
  readonly defense: number | { readonly roll: string; readonly kind: DefenseKind; readonly plus?: number };
  /** Range, cover, posture and the scene; Short range, no cover, standing when not given. */
  readonly situation?: Partial<CombatChoices>;
  /** The combat options chosen (a called shot, a hit location, a special action). */
  readonly options?: CombatOptions;
  /** The world's range, cover, called-shot and hit-location tables (the defaults when not given). */
  readonly tables?: CombatTables & OptionTables;
  /** Scale: Human 0, smaller negative, larger positive. */
  readonly attackerScale?: number;
  readonly defenderScale?: number;
  /** The damage code a hit rolls, Wild Die included (the weapon with Strength Damage, the options, bonuses). */
  readonly damage: string;
  /** The target's resistance code: Physique and armor (Wound levels) or armor alone (Body Points). */
  readonly resistance: string;
  /** The world's optional damage bonus. */
  readonly damageBonus?: boolean;
  /** The target's track now, counted as the world's setting says. */
  readonly health: {
    readonly mode: HealthMode;
    readonly wounds?: WoundLevel;
    readonly bodyPoints?: number;
    readonly maxBodyPoints?: number;
    /** The world's Wound-level chart (the default when not given). */
    readonly chart?: readonly WoundChartLine[];
  };
  /** The world's rule for a Wild Die complication ("note" when not given). */
  readonly complication?: ComplicationRule;
}

/** The three chances (each 0..1, drop ≤ hurt ≤ hit) and the combat difficulty when it is one number. */
export interface OpenD6OutcomeOdds extends OutcomeOdds {
  readonly difficulty: number | null;
}

/** The distributions an outcome is worked from: the attack, the defense (a number when fixed), damage and resistance. */
export interface OutcomeTables {
  readonly attack: OutcomeTable;
  readonly defense: number | OutcomeTable;
  readonly damage: OutcomeTable;
  readonly resistance: OutcomeTable;
}

/**
 * Below this, a total at either end of a table is left out: an exploding die's tail runs on for
 * hundreds of totals that together weigh less than 1e-12 (the engine's own bound), and leaving them out
 * keeps the sums over every total of the attack and the defense short.
 */
export const OUTCOME_TAIL = 1e-15;

/** The engine's exact table of a formula (a code of nothing, "0D", rolls 0 as the flows and the apply have it), its far tails left out. */
function tableOf(code: string, complication: ComplicationRule): OutcomeTable {
  const table = odds(code, { complication }).table();
  let lo = 0;
  let hi = table.length - 1;
  while (lo < hi && table[lo]![1] < OUTCOME_TAIL) lo += 1;
  while (hi > lo && table[hi]![1] < OUTCOME_TAIL) hi -= 1;
  return lo === 0 && hi === table.length - 1 ? table : table.slice(lo, hi + 1);
}

/** The tables of the input's rolls, from the dice engine. */
export function outcomeTables(input: OpenD6OutcomeInput): OutcomeTables {
  const rule = input.complication ?? "note";
  const d = input.defense;
  return {
    attack: tableOf(input.attack, rule),
    defense:
      typeof d === "number"
        ? d
        : tableOf(d.roll, rule).map(([total, p]) => [activeDefense(d.kind, total) + (d.plus ?? 0), p] as const),
    damage: tableOf(input.damage, rule),
    resistance: tableOf(input.resistance, rule),
  };
}

/** A distribution over whole numbers from `offset` on. */
interface Spread {
  readonly offset: number;
  readonly p: Float64Array;
}

/** A table as a dense distribution. */
function dense(table: OutcomeTable): Spread {
  const offset = table[0]![0];
  const p = new Float64Array(table[table.length - 1]![0] - offset + 1);
  for (const [total, chance] of table) p[total - offset] = chance;
  return { offset, p };
}

/** The damage roll less the resistance roll: their difference's distribution. */
function difference(damageTable: OutcomeTable, resistanceTable: OutcomeTable): Spread {
  const damage = dense(damageTable);
  const resistance = dense(resistanceTable);
  const d = damage.p;
  const r = resistance.p;
  const last = r.length - 1;
  // Index i + (last - j) holds damage offset + i less resistance offset + j.
  const p = new Float64Array(d.length + r.length - 1);
  for (let i = 0; i < d.length; i += 1) {
    const a = d[i]!;
    if (a === 0) continue;
    for (let j = 0; j < r.length; j += 1) p[i + last - j] = p[i + last - j]! + a * r[j]!;
  }
  return { offset: damage.offset - resistance.offset - last, p };
}

type Track = Omit<Parameters<typeof hitOutcome>[0], "damage" | "resistance">;

/**
 * The chances of hurting and dropping, from the chance of hitting with each shift of the damage
 * total: the outcome reads damage less resistance only, so each value that can take is judged once
 * by hitOutcome (0 nothing changes, 1 hurt, 2 hurt and down). When the judgements only rise with the
 * value (they do for every chart we know), each shift reads a suffix sum; otherwise it sums them all.
 */
function hurtAndDrop(
  byShift: ReadonlyMap<number, number>,
  tables: OutcomeTables,
  track: Track,
): { hurt: number; drop: number } {
  if (byShift.size === 0 || tables.damage.length === 0 || tables.resistance.length === 0) return { hurt: 0, drop: 0 };
  const x = difference(tables.damage, tables.resistance);
  const shifts = [...byShift.keys()];
  const lo = x.offset + Math.min(...shifts);
  const hi = x.offset + x.p.length - 1 + Math.max(...shifts);
  const judged = new Int8Array(hi - lo + 1);
  let rising = true;
  const probe = { ...track, damage: 0, resistance: 0 };
  for (let e = lo; e <= hi; e += 1) {
    probe.damage = e;
    const o = hitOutcome(probe);
    const changes = o.changed || o.unconscious;
    judged[e - lo] = changes ? (o.down || o.unconscious ? 2 : 1) : 0;
    if (e > lo && judged[e - lo]! < judged[e - lo - 1]!) rising = false;
  }
  let hurt = 0;
  let drop = 0;
  if (rising) {
    // at[i]: the chance that damage less resistance is at least offset + i.
    const at = new Float64Array(x.p.length + 1);
    for (let i = x.p.length - 1; i >= 0; i -= 1) at[i] = at[i + 1]! + x.p[i]!;
    const first = (level: number) => {
      const i = judged.findIndex((j) => j >= level);
      return i < 0 ? Infinity : lo + i;
    };
    const hurtFrom = first(1);
    const dropFrom = first(2);
    const atLeast = (value: number) =>
      value === Infinity ? 0 : at[Math.max(0, Math.min(x.p.length, value - x.offset))]!;
    for (const [shift, w] of byShift) {
      hurt += w * atLeast(hurtFrom - shift);
      drop += w * atLeast(dropFrom - shift);
    }
    return { hurt, drop };
  }
  for (const [shift, w] of byShift) {
    for (let i = 0; i < x.p.length; i += 1) {
      const j = judged[x.offset + i + shift - lo]!;
      if (j > 0) hurt += w * x.p[i]!;
      if (j === 2) drop += w * x.p[i]!;
    }
  }
  return { hurt, drop };
}

/**
 * The three chances from given distributions (the engine's, or a test's own): exact sums over every
 * attack total, defense, and damage less resistance, each judged by the apply's functions.
 */
export function outcomeOddsFrom(input: OpenD6OutcomeInput, tables: OutcomeTables): OpenD6OutcomeOdds {
  const rules = {
    range: input.tables?.range ?? RANGE_MODIFIER,
    cover: input.tables?.cover ?? COVER_MODIFIER,
    calledShot: input.tables?.calledShot ?? CALLED_SHOT_DIFFICULTY,
    location: input.tables?.location ?? HIT_LOCATION_MODIFIER,
  };
  const effects = optionEffects(input.options ?? {}, rules);
  const situation: CombatChoices = {
    range: "short",
    cover: "none",
    posture: "standing",
    ...input.situation,
  };
  const attackerScale = input.attackerScale ?? 0;
  const defenderScale = input.defenderScale ?? 0;
  // Scale through hitTotals, as the apply counts it: a smaller attacker's edge on its total, a larger one's on the difficulty.
  const scaled = hitTotals({
    attackTotal: 0,
    difficulty: 0,
    damageRoll: 0,
    resistanceRoll: 0,
    useDamageBonus: false,
    attackerScale,
    defenderScale,
  }).scale;
  const h = input.health;
  const track = {
    mode: h.mode,
    wounds: h.wounds ?? "none",
    bodyPoints: h.bodyPoints ?? 0,
    maxBodyPoints: h.maxBodyPoints ?? 0,
    ...(h.chart ? { chart: h.chart } : {}),
    knockout: effects.knockout,
  };
  const harmless = effects.noDamage || effects.disarm;
  const useBonus = input.damageBonus === true && !effects.noDamageBonus;
  // What the damage total is shifted by for an attack that beats its difficulty by `margin` (the
  // damage bonus, scale, the options), from hitTotals as the apply counts it: it reads the margin only.
  const shiftOf = (margin: number): number => {
    const totals = hitTotals({
      attackTotal: margin,
      difficulty: 0,
      damageRoll: 0,
      resistanceRoll: 0,
      useDamageBonus: useBonus,
      attackerScale,
      defenderScale,
      damageModifier: effects.damageTotal,
    });
    return totals.damage - totals.resistance;
  };
  // The attack's totals (scale counted) densely, and at[i]: the chance of a total at least low + i.
  const attack = tables.attack;
  const low = attack[0]![0] + scaled.skill;
  const high = attack[attack.length - 1]![0] + scaled.skill;
  const at = new Float64Array(high - low + 2);
  for (const [rolled, p] of attack) at[rolled + scaled.skill - low] = p;
  for (let i = at.length - 2; i >= 0; i -= 1) at[i] = at[i]! + at[i + 1]!;
  const atLeast = (total: number) => at[Math.max(0, Math.min(at.length - 1, total - low))]!;
  const firstHit = (difficulty: number): number => {
    // The lowest total that meets the difficulty (meets only rises with the total).
    let lo = low;
    let hi = high + 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (meets(mid, difficulty)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const defenses: OutcomeTable = typeof tables.defense === "number" ? [[tables.defense, 1]] : tables.defense;
  const difficulties = defenses.map(
    ([defense]) => combatDifficulty(defense, situation, scaled.difficulty, effects.difficulty, rules).value,
  );
  const fixed = typeof tables.defense === "number" ? difficulties[0]! : null;
  // The margins an attack can beat a difficulty by, grouped into runs of one shift each (the damage
  // bonus rises a point every 5 margins); runOf[m] is the run margin m falls in.
  const widest = harmless ? -1 : high - Math.min(...difficulties);
  const runOf = new Int32Array(Math.max(0, widest + 1));
  const runFrom: number[] = [];
  const runTo: number[] = [];
  const runShift: number[] = [];
  for (let margin = 0; margin <= widest; margin += 1) {
    const shift = shiftOf(margin);
    const last = runShift.length - 1;
    if (last >= 0 && runShift[last] === shift) runTo[last] = margin;
    else {
      runFrom.push(margin);
      runTo.push(margin);
      runShift.push(shift);
    }
    runOf[margin] = runShift.length - 1;
  }
  const runWeight = new Float64Array(runShift.length);
  const end = at.length - 1;
  let hit = 0;
  for (let i = 0; i < defenses.length; i += 1) {
    const q = defenses[i]![1];
    const difficulty = difficulties[i]!;
    const first = firstHit(difficulty);
    hit += q * atLeast(first);
    if (harmless || first > high) continue;
    for (let r = runOf[first - difficulty]!; r < runShift.length; r += 1) {
      const from = Math.max(first, difficulty + runFrom[r]!);
      if (from > high) break;
      const to = Math.min(end, difficulty + runTo[r]! + 1 - low);
      runWeight[r] = runWeight[r]! + q * (at[from - low]! - at[to]!);
    }
  }
  // The chance of hitting with each shift of the damage total.
  const byShift = new Map<number, number>();
  runShift.forEach((shift, r) => {
    if (runWeight[r]! > 0) byShift.set(shift, (byShift.get(shift) ?? 0) + runWeight[r]!);
  });
  const { hurt, drop } = harmless ? { hurt: 0, drop: 0 } : hurtAndDrop(byShift, tables, track);
  return Object.freeze({ ...outcomeOdds(hit, hurt, drop), difficulty: fixed });
}

/**
 * The exact chances that an OpenD6 attack hits, hurts and drops its target (docs/opend6.md, "Outcome
 * odds"). Throws a RangeError for a code that cannot be read, and the engine's NotationError for one
 * too large to work out exactly.
 */
export function attackOutcomeOdds(input: OpenD6OutcomeInput): OpenD6OutcomeOdds {
  return outcomeOddsFrom(input, outcomeTables(input));
}
