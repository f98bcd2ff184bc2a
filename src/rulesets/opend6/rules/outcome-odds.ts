/**
 * The exact chances of one OpenD6 attack against one target before it is rolled: that it hits (the
 * attack total meets the combat difficulty), that it hurts (the damage total beyond the resistance
 * total changes the target's Wound level or Body Points, or a knockout puts it out cold) and that it
 * drops the target (Incapacitated, Mortally Wounded, Body Points at 0 or less, or knocked out). Every
 * roll's distribution is the dice engine's (the Wild Die exploding on 6, the world's complication
 * rule), and every total is judged by the functions the GM's apply calls: combatDifficulty, meets,
 * hitTotals and hitOutcome.
 */
import { addScaled, odds, outcomeOdds, type ComplicationRule, type OutcomeOdds } from "../../../dice";
import {
  COVER_MODIFIER,
  RANGE_MODIFIER,
  combatDifficulty,
  hitTotals,
  type CombatChoices,
  type CombatTables,
} from "./attack";
import { meets } from "./check";
import { activeDefense, damageBonus, type WoundChartLine, type WoundLevel } from "./combat";
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
  /**
   * What a miss still deals this target: a blade's listed damage code when the target stands behind a
   * body block and wears no armor (`struckBy` "block", `listedDamage`); absent when a miss does nothing
   * to it. It is rolled against `resistance` with scale, and no damage bonus or option adds to it.
   */
  readonly missDamage?: string;
}

/** The three chances (each 0..1, drop ≤ hurt ≤ hit) and the combat difficulty when it is one number. */
export interface OpenD6OutcomeOdds extends OutcomeOdds {
  readonly difficulty: number | null;
  /** The parts of hurt and drop a miss brings (a blocked blade, `missDamage`): 0 without one. */
  readonly missHurt: number;
  readonly missDrop: number;
}

/** The distributions an outcome is worked from: the attack, the defense (a number when fixed), damage and resistance. */
export interface OutcomeTables {
  readonly attack: OutcomeTable;
  readonly defense: number | OutcomeTable;
  readonly damage: OutcomeTable;
  readonly resistance: OutcomeTable;
  /** The damage a miss still deals (`missDamage`), when it deals any. */
  readonly missDamage?: OutcomeTable;
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
    ...(input.missDamage === undefined ? {} : { missDamage: tableOf(input.missDamage, rule) }),
  };
}

/** A distribution over whole numbers from `offset` on. */
interface Spread {
  readonly offset: number;
  readonly p: Float64Array;
}

/** A table as a dense distribution, its totals moved by `shift`. */
function dense(table: OutcomeTable, shift = 0): Spread {
  const offset = table[0]![0] + shift;
  const p = new Float64Array(table[table.length - 1]![0] + shift - offset + 1);
  for (const [total, chance] of table) p[total + shift - offset] = p[total + shift - offset]! + chance;
  return { offset, p };
}

/**
 * The chance of a total of at least t, for every t from `lo` to `hi` (index t − lo): the whole mass
 * below the distribution, nothing above it. Summed from the top, so the small chances keep their digits.
 */
function atLeastTable(x: Spread, lo: number, hi: number): Float64Array {
  const out = new Float64Array(hi - lo + 1);
  let sum = 0;
  for (let i = x.p.length - 1; i > hi - x.offset; i -= 1) sum += x.p[i]!;
  for (let t = hi; t >= lo; t -= 1) {
    const i = t - x.offset;
    if (i >= 0 && i < x.p.length) sum += x.p[i]!;
    out[t - lo] = sum;
  }
  return out;
}

/** The chance that x − y is at least k: Σ over y's totals r of P(y = r) · P(x ≥ k + r). */
function differenceAtLeast(x: Spread, y: Spread, k: number): number {
  const from = k + y.offset;
  const reach = atLeastTable(x, from, from + y.p.length - 1);
  let sum = 0;
  for (let j = 0; j < y.p.length; j += 1) sum += y.p[j]! * reach[j]!;
  return sum;
}

type Track = Omit<Parameters<typeof hitOutcome>[0], "damage" | "resistance">;

/**
 * The chances of hurting and dropping, from the chance of hitting with each shift of the damage
 * total: the outcome reads damage less resistance only, so each value that can take is judged once
 * by hitOutcome (0 nothing changes, 1 hurt, 2 hurt and down). The damage roll and the shift are added
 * first (one table, their sum); when the judgements only rise with the value (they do for every chart
 * we know), hurt is the chance that this sum less the resistance reaches the first value that hurts,
 * and drop the first that drops; otherwise every value is summed.
 */
function hurtAndDrop(
  shifts: readonly number[],
  weights: readonly number[],
  tables: { readonly damage: OutcomeTable; readonly resistance: OutcomeTable },
  track: Track,
): { hurt: number; drop: number } {
  if (shifts.length === 0 || tables.damage.length === 0 || tables.resistance.length === 0) return { hurt: 0, drop: 0 };
  const damage = dense(tables.damage);
  const resistance = dense(tables.resistance);
  // The damage total with its shift: the damage roll laid down once for each shift, at its weight.
  const least = Math.min(...shifts);
  const shifted = new Float64Array(damage.p.length + Math.max(...shifts) - least);
  shifts.forEach((shift, i) => addScaled(shifted, shift - least, damage.p, 0, damage.p.length, weights[i]!));
  const total: Spread = { offset: damage.offset + least, p: shifted };
  // The shifted damage less resistance runs from lo to hi.
  const lo = total.offset - (resistance.offset + resistance.p.length - 1);
  const hi = total.offset + total.p.length - 1 - resistance.offset;
  const judged = new Int8Array(hi - lo + 1);
  let rising = true;
  const probe = { ...track, damage: 0, resistance: 0 };
  // Damage that does not pass the resistance is no damage at all (resolveHit counts the excess from
  // 0): every value up to 0 is judged as 0 is.
  const none = Math.min(hi, Math.max(lo, 0));
  for (let e = none; e <= hi; e += 1) {
    probe.damage = e;
    const o = hitOutcome(probe);
    const changes = o.changed || o.unconscious;
    judged[e - lo] = changes ? (o.down || o.unconscious ? 2 : 1) : 0;
    if (e > none && judged[e - lo]! < judged[e - lo - 1]!) rising = false;
  }
  judged.fill(judged[none - lo]!, 0, none - lo);
  if (rising) {
    const reaching = (level: number): number => {
      const i = judged.findIndex((j) => j >= level);
      return i < 0 ? 0 : differenceAtLeast(total, resistance, lo + i);
    };
    return { hurt: reaching(1), drop: reaching(2) };
  }
  // Not rising: the chance of each value of the shifted damage less resistance, each judged.
  let hurt = 0;
  let drop = 0;
  let above = differenceAtLeast(total, resistance, lo);
  for (let e = lo; e <= hi; e += 1) {
    const next = differenceAtLeast(total, resistance, e + 1);
    const p = above - next;
    above = next;
    if (judged[e - lo]! > 0) hurt += p;
    if (judged[e - lo] === 2) drop += p;
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
  // hitTotals with nothing rolled: what scale (and `damageModifier`) add, as the apply counts them.
  const added = (damageModifier = 0) =>
    hitTotals({
      attackTotal: 0,
      difficulty: 0,
      damageRoll: 0,
      resistanceRoll: 0,
      useDamageBonus: false,
      attackerScale,
      defenderScale,
      damageModifier,
    });
  // Scale: a smaller attacker's edge on its total, a larger one's on the difficulty.
  const scaled = added().scale;
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
  // What the damage total is shifted by for an attack that beats its difficulty by `margin`: what
  // hitTotals adds for scale and the options, and the damage bonus it adds, damageBonus(total,
  // difficulty), which reads the margin only.
  const fixedShift = added(effects.damageTotal);
  const shiftOf = (margin: number): number =>
    fixedShift.damage - fixedShift.resistance + (useBonus ? damageBonus(margin, 0) : 0);
  // The attack's totals (scale counted), and the chance of each combat difficulty.
  const attack = dense(tables.attack, scaled.skill);
  const high = attack.offset + attack.p.length - 1;
  const defenses: OutcomeTable = typeof tables.defense === "number" ? [[tables.defense, 1]] : tables.defense;
  const difficulties = dense(
    defenses.map(
      ([defense, p]) =>
        [combatDifficulty(defense, situation, scaled.difficulty, effects.difficulty, rules).value, p] as const,
    ),
  );
  const fixed = typeof tables.defense === "number" ? difficulties.offset : null;
  // meets reads how far the total is past the difficulty: a hit is a margin of at least hitFrom.
  let hitFrom = 0;
  while (!meets(hitFrom, 0)) hitFrom += 1;
  while (meets(hitFrom - 1, 0)) hitFrom -= 1;
  // The chance that the margin is at least m, for every m from hitFrom to one past the widest a hit
  // can have: over every difficulty d, its chance times that of an attack total of at least d + m.
  const widest = high - difficulties.offset;
  const count = Math.max(0, widest + 1 - hitFrom);
  const lowest = difficulties.offset + hitFrom;
  const reach = atLeastTable(attack, lowest, lowest + difficulties.p.length + count);
  const marginAtLeast = new Float64Array(count + 1);
  difficulties.p.forEach((q, k) => q > 0 && addScaled(marginAtLeast, 0, reach, k, count + 1, q));
  const hit = marginAtLeast[0]!;
  // The margins a hit can beat its difficulty by, in runs of one shift each (the damage bonus rises a
  // point every 5), and the chance of a hit in each run.
  const shifts: number[] = [];
  const weights: number[] = [];
  if (!harmless && hit > 0) {
    let shift = shiftOf(hitFrom);
    let start = 0;
    for (let i = 1; i <= count; i += 1) {
      const next = i === count ? NaN : shiftOf(hitFrom + i);
      if (next === shift) continue;
      const w = marginAtLeast[start]! - marginAtLeast[i]!;
      if (w > 0) {
        const known = shifts.indexOf(shift);
        if (known < 0) {
          shifts.push(shift);
          weights.push(w);
        } else weights[known] = weights[known]! + w;
      }
      start = i;
      shift = next;
    }
  }
  const { hurt, drop } = harmless ? { hurt: 0, drop: 0 } : hurtAndDrop(shifts, weights, tables, track);
  // A miss that still hurts (a body blocking a blade): the blade's listed damage against the same
  // resistance, with scale as hitTotals counts it and nothing else, judged by hitOutcome as the GM's
  // apply of a struck row judges it (no knockout).
  let missHurt = 0;
  let missDrop = 0;
  if (tables.missDamage !== undefined) {
    let attackMass = 0;
    for (const [, p] of tables.attack) attackMass += p;
    const miss = Math.max(0, attackMass * difficulties.p.reduce((a, b) => a + b, 0) - hit);
    const struck = added();
    ({ hurt: missHurt, drop: missDrop } = hurtAndDrop(
      [struck.damage - struck.resistance],
      [miss],
      { damage: tables.missDamage, resistance: tables.resistance },
      { ...track, knockout: false },
    ));
  }
  return Object.freeze({
    ...outcomeOdds(hit, hurt + missHurt, drop + missDrop, { hurtOnMiss: tables.missDamage !== undefined }),
    difficulty: fixed,
    missHurt,
    missDrop,
  });
}

/**
 * The exact chances that an OpenD6 attack hits, hurts and drops its target (docs/opend6.md, "Outcome
 * odds"). Throws a RangeError for a code that cannot be read, and the engine's NotationError for one
 * too large to work out exactly.
 */
export function attackOutcomeOdds(input: OpenD6OutcomeInput): OpenD6OutcomeOdds {
  return outcomeOddsFrom(input, outcomeTables(input));
}
