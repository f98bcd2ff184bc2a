import { addScaled, odds, outcomeOdds, type OutcomeOdds } from "../../../dice";
import { judgeAttack, type HodAttackInput } from "./attack";
import { num } from "./derive";
import { applyDamage, currentHp, hitOnTrack, type HodTrack } from "./health";
import { attackFaces } from "./odds";
import { attackDamageFactor } from "./spells";
import { damagePlan, dealtDamage, scaledMain } from "./weapons";

/** The target of an attack as the odds read it: its track now, its damage reduction and its check to stay conscious. */
export interface HodOutcomeTarget extends Partial<Omit<HodTrack, "hp" | "fatigue" | "fullTop">> {
  readonly hp: number;
  readonly fatigue: number;
  /** The full Threshold of Pain (base + Persona + bonus); `topLost` hits taken come off it. */
  readonly fullTop: number;
  /** Damage reduction: taken off each hit's damage, down to 0. */
  readonly reduction?: number;
  /** What the target adds to 3d6 on its Constitution check to stay conscious (impairments' −2 each included). */
  readonly constitution?: number;
}

/**
 * One attack against one target, as the attack dialog rolls it: the roll to hit's whole bonus (the
 * dialog's modifiers included) against the value of the defense it meets, how the die is judged, and
 * each hit's damage formula (a critical's at the weapon dice's maximum, as `weaponDamageFormula` gives).
 */
export interface HodOutcomeInput extends Pick<HodAttackInput, "precise" | "spell" | "die"> {
  readonly bonus: number;
  /** The chosen defense's value as the target meets this attack (Primary, Passive, Vigor...). */
  readonly defense: number;
  /** A hit's damage formula; null: the attack deals none. */
  readonly damage: string | null;
  /** A critical hit's damage formula; absent, the hit's. */
  readonly criticalDamage?: string | null;
  readonly nonlethal?: boolean;
  /**
   * A spell whose description says a miss does half damage (its "Half damage on a miss" box): a miss
   * deals half the hit's damage (`attackDamageFactor`), and hurts and drops as the GM's apply deals it.
   */
  readonly halfOnMiss?: boolean;
  readonly target: HodOutcomeTarget;
}

/**
 * The exact chances of one attack against one target. `drop` is part of `hurt`; `hurt` is part of
 * `hit` unless a spell's miss does half damage (`halfOnMiss`), whose part of it is `missHurt`.
 * `wound`, `check`, `dying` and `dead` are parts of `hurt` (a hit's, or such a miss's).
 */
export interface HodOutcomeOdds extends OutcomeOdds {
  /** The roll meets the defense: a natural 20 always, a natural 1 never. */
  readonly hit: number;
  /**
   * It changes the target's track at all (fatigue, HP, bonus HP, Invigoration or the Threshold of
   * Pain): a hit, or a miss with a spell that does half damage on a miss.
   */
  readonly hurt: number;
  /** It hurts and leaves the target dead (HP 0), dying (fatigue at twice its HP), or unconscious (a failed check). */
  readonly drop: number;
  readonly critical: number;
  readonly fumble: number;
  /** Damage past the Threshold of Pain (lethal damage): bonus HP, Invigoration or HP are lost. */
  readonly wound: number;
  /** It calls for the Constitution check to stay conscious (fatigue at or above current HP). */
  readonly check: number;
  /** It leaves the target dying (not dead). */
  readonly dying: number;
  /** It leaves the target at 0 HP. */
  readonly dead: number;
  /** It misses and its half damage still hurts (`halfOnMiss`; 0 for any other attack). */
  readonly missHurt: number;
  /** It misses and its half damage still drops the target (`halfOnMiss`; 0 for any other attack). */
  readonly missDrop: number;
}

/** What one damage roll does, as chances over its totals. */
export interface DamageOutcome {
  readonly hurt: number;
  readonly drop: number;
  readonly wound: number;
  readonly check: number;
  readonly dying: number;
  readonly dead: number;
}

export const NOTHING: DamageOutcome = Object.freeze({ hurt: 0, drop: 0, wound: 0, check: 0, dying: 0, dead: 0 });
export const OUTCOME_KEYS = Object.keys(NOTHING) as Array<keyof DamageOutcome>;

/**
 * The largest damage roll the odds work out: far past what a sheet makes (a weapon's 5d8 rolled five
 * times with four extra d12s is 29 dice), so that a card's stored formula cannot stall a client.
 */
export const OUTCOME_DICE_BOUND = Object.freeze({ dice: 60, sides: 100, faces: 2400 });

/** Whether a damage formula is a plain sum within OUTCOME_DICE_BOUND (dice, sides, and dice × sides). */
export function outcomeFormulaAllowed(formula: string): boolean {
  let plan;
  try {
    plan = damagePlan(formula);
  } catch {
    return false;
  }
  const dice = plan.groups.reduce((n, g) => n + g.count, 0);
  const faces = plan.groups.reduce((n, g) => n + g.count * g.sides, 0);
  const b = OUTCOME_DICE_BOUND;
  return dice <= b.dice && faces <= b.faces && plan.groups.every((g) => g.sides <= b.sides);
}

export function finite(value: unknown, name: string): number {
  const n = num(value, Number.NaN);
  if (!Number.isFinite(n)) throw new RangeError(`Heroes of Destiny outcome odds: ${name} must be a finite number`);
  return Math.trunc(n);
}

/** What one hit of a given damage does to the target, as the GM's apply (`hitOnTrack`) leaves it. */
export interface Dealt {
  /** Anything on the track changed: the hit hurts. */
  readonly changed: boolean;
  readonly wound: boolean;
  readonly dead: boolean;
  readonly dying: boolean;
  readonly check: boolean;
  /** The chance the target ends down: 1 dead or dying, the check's failure when one is called for. */
  readonly down: number;
}

const KILLS: Dealt = { changed: true, wound: true, dead: true, dying: false, check: false, down: 1 };

/**
 * A hit of each damage dealt against the track as `hitOnTrack` works it (its state, then `applyDamage`), once per damage (the hit's and the
 * critical's totals share them). A damage that kills a living target is known to kill at every larger
 * damage too (HP only fall as damage grows: the brute-force tests check it), so those are not worked again.
 */
export function dealtBy(target: HodOutcomeTarget, nonlethal: boolean): (damage: number) => Dealt {
  const track = trackOf(target);
  const reduction = Math.max(0, finite(target.reduction ?? 0, "target.reduction"));
  const constitution = finite(target.constitution ?? 0, "target.constitution");
  // The check to stay conscious fails when 3d6 + Constitution is below its DC (the check card's margin < 0).
  const checkFaces = attackFaces("3d6");
  const failChance = (dc: number) =>
    checkFaces.reduce((n, [total, ways]) => (total + constitution < dc ? n + ways : n), 0) / 216;
  // The state the track stands for (hitOnTrack's own `before`); each damage is then its applyDamage.
  const before = hitOnTrack(track, { damage: 0 }).before;
  const known = new Map<number, Dealt>();
  let killsFrom = Number.POSITIVE_INFINITY;
  return (damage) => {
    if (damage >= killsFrom) return KILLS;
    let dealt = known.get(damage);
    if (dealt) return dealt;
    const result = applyDamage(before, { damage, reduction, nonlethal });
    const changed =
      result.hp !== before.hp ||
      result.fatigue !== before.fatigue ||
      result.bonusHp !== before.bonusHp ||
      result.invigoration !== before.invigoration ||
      result.thresholdOfPain !== before.thresholdOfPain;
    const check = result.unconsciousCheck !== null;
    dealt = {
      changed,
      wound: result.bonusHp < before.bonusHp || currentHp(result) < currentHp(before),
      dead: result.dead,
      dying: !result.dead && result.dying,
      check,
      down: result.dead || result.dying ? 1 : check ? failChance(result.unconsciousCheck!) : 0,
    };
    if (changed && result.dead && before.hp > 0) killsFrom = Math.min(killsFrom, damage);
    known.set(damage, dealt);
    return dealt;
  };
}

/** A damage formula's totals and their chances, refused past OUTCOME_DICE_BOUND. */
function totals(formula: string): Array<[number, number]> {
  damagePlan(formula);
  if (!outcomeFormulaAllowed(formula)) throw new RangeError(`Heroes of Destiny outcome odds: ${formula} is too large`);
  return odds(formula).table();
}

/**
 * Every total of a damage roll through the GM's apply (`dealtDamage`: the factor, rounded down, the
 * extra dice rolled apart and added after it, and the floor of 1; then the hit on the track): the
 * chances that it hurts, wounds, calls for the check, leaves the target dying, dead or down.
 */
export function damageOutcome(
  formula: string | null,
  dealtOf: (damage: number) => Dealt,
  factor = 1,
  extraDice: string | null = null,
): DamageOutcome {
  if (formula === null || formula.trim() === "") return NOTHING;
  const main = totals(formula);
  const extra: Array<[number, number]> = extraDice?.trim() ? totals(extraDice) : [[0, 1]];
  // dealtDamage adds the extra dice after the main roll's factor (scaledMain): the scaled main totals are
  // gathered first (several may meet on one), every extra total is laid over them, and each sum that can
  // come up is judged once, as dealtDamage(sum, 0, 1) deals it.
  const first = scaledMain(main[0]![0], factor);
  const last = scaledMain(main[main.length - 1]![0], factor);
  const low = Math.min(first, last);
  const scaled = new Float64Array(Math.max(first, last) - low + 1);
  for (const [total, p] of main) {
    const at = scaledMain(total, factor) - low;
    scaled[at] = scaled[at]! + p;
  }
  const least = extra[0]![0];
  const sums = new Float64Array(scaled.length + extra[extra.length - 1]![0] - least);
  for (const [added, q] of extra) addScaled(sums, added - least, scaled, 0, scaled.length, q);
  const sum = { ...NOTHING };
  let all = 0;
  for (let i = 0; i < sums.length; i += 1) {
    const pq = sums[i]!;
    if (pq === 0) continue;
    all += pq;
    const dealt = dealtOf(dealtDamage(low + least + i, 0, 1));
    if (!dealt.changed) continue;
    sum.hurt += pq;
    sum.drop += pq * dealt.down;
    if (dealt.wound) sum.wound += pq;
    if (dealt.check) sum.check += pq;
    if (dealt.dying) sum.dying += pq;
    if (dealt.dead) sum.dead += pq;
  }
  // Over the table's own sum: an outcome on every total comes out as exactly 1, not 1 less a rounding error.
  for (const key of OUTCOME_KEYS) sum[key] /= all;
  return sum;
}

/**
 * The exact chance that an attack hits, hurts and drops its target, worked out with the same pure
 * functions the card and the GM's apply use: every natural of the die through `judgeAttack` (a natural 1
 * misses, a 20 hits, a critical on 20 — 19 and 20 Precise — beating the defense by 1), then every total
 * of the hit's (or the critical's) damage through `dealtDamage` (at least 1) and `hitOnTrack` (damage reduction, the
 * Threshold of Pain, bonus HP, Invigoration, HP), and a check to stay conscious through its 3d6.
 * A miss with a spell that does half damage on a miss (`halfOnMiss`) deals the factor
 * `attackDamageFactor` gives it on the hit's damage, through the same functions. The target's track is
 * as it stands now (hits earlier on the same Time Count are not counted).
 */
export function hodOutcomeOdds(input: HodOutcomeInput): HodOutcomeOdds {
  const bonus = finite(input.bonus, "bonus");
  const defense = finite(input.defense, "defense");
  const dealtOf = dealtBy(input.target, input.nonlethal === true);
  const onHit = damageOutcome(input.damage, dealtOf);
  const criticalDamage = input.criticalDamage === undefined ? input.damage : input.criticalDamage;
  const onCritical = criticalDamage === input.damage ? onHit : damageOutcome(criticalDamage, dealtOf);
  // A miss deals the factor the card and the apply give it (half, for a spell that says so), else nothing.
  const halfOnMiss = input.halfOnMiss === true;
  const missFactor = attackDamageFactor({ hit: false, spell: input.spell === true, halfOnMiss });
  const onMiss = missFactor === null ? NOTHING : damageOutcome(input.damage, dealtOf, missFactor);
  const faces = attackFaces(input.die);
  const all = faces.reduce((sum, [, ways]) => sum + ways, 0);
  // Counted in the die's ways, divided once at the end: a d20's chances come out as exact as n / 20.
  const ways = { hit: 0, critical: 0, fumble: 0, ...NOTHING, missHurt: 0, missDrop: 0 };
  for (const [natural, n] of faces) {
    const judged = judgeAttack({ natural, total: natural + bonus, defense, ...pick(input) });
    if (judged.fumble) ways.fumble += n;
    if (judged.hit) {
      ways.hit += n;
      if (judged.critical) ways.critical += n;
    }
    const outcome = judged.hit ? (judged.critical ? onCritical : onHit) : onMiss;
    for (const key of OUTCOME_KEYS) ways[key] += n * outcome[key];
    if (!judged.hit) {
      ways.missHurt += n * onMiss.hurt;
      ways.missDrop += n * onMiss.drop;
    }
  }
  const sum = Object.fromEntries(Object.entries(ways).map(([key, n]) => [key, n / all])) as unknown as HodOutcomeOdds;
  // The three the dialog and the card show, within 0..1 and nested as the shared contract keeps them
  // (a miss's half damage may hurt: then hurt is not part of hit).
  const nesting = { hurtOnMiss: missFactor !== null };
  return Object.freeze({ ...sum, ...outcomeOdds(sum.hit, sum.hurt, sum.drop, nesting) });
}

/** The target's track as the odds read it, each number checked. */
function trackOf(t: HodOutcomeTarget): HodTrack {
  return {
    hp: finite(t.hp, "target.hp"),
    fatigue: finite(t.fatigue, "target.fatigue"),
    bonusHp: finite(t.bonusHp ?? 0, "target.bonusHp"),
    invigoration: finite(t.invigoration ?? 0, "target.invigoration"),
    fullTop: finite(t.fullTop, "target.fullTop"),
    topLost: finite(t.topLost ?? 0, "target.topLost"),
  };
}

const pick = (input: HodOutcomeInput): Pick<HodAttackInput, "precise" | "spell" | "die"> => ({
  ...(input.precise === undefined ? {} : { precise: input.precise }),
  ...(input.spell === undefined ? {} : { spell: input.spell }),
  ...(input.die === undefined ? {} : { die: input.die }),
});
