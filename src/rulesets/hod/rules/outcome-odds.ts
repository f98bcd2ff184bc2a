import { odds, outcomeOdds, type OutcomeOdds } from "../../../dice";
import { judgeAttack, type HodAttackInput } from "./attack";
import { num } from "./derive";
import { currentHp, hitOnTrack, type HodTrack } from "./health";
import { attackFaces, attackOdds } from "./odds";
import { damagePlan, hitDamage } from "./weapons";

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
  readonly target: HodOutcomeTarget;
}

/**
 * The exact chances of one attack against one target. `hit`, `hurt` and `drop` nest (drop ⊂ hurt ⊂
 * hit); the others are each a part of `hit` too.
 */
export interface HodOutcomeOdds extends OutcomeOdds {
  /** The roll meets the defense: a natural 20 always, a natural 1 never. */
  readonly hit: number;
  /** It hits and changes the target's track at all: fatigue, HP, bonus HP, Invigoration or the Threshold of Pain. */
  readonly hurt: number;
  /** It hits and leaves the target dead (HP 0), dying (fatigue at twice its HP), or unconscious (a failed check). */
  readonly drop: number;
  readonly critical: number;
  readonly fumble: number;
  /** It hits past the Threshold of Pain (lethal damage): bonus HP, Invigoration or HP are lost. */
  readonly wound: number;
  /** It hits and calls for the Constitution check to stay conscious (fatigue at or above current HP). */
  readonly check: number;
  /** It hits and leaves the target dying (not dead). */
  readonly dying: number;
  /** It hits and leaves the target at 0 HP. */
  readonly dead: number;
}

/** What one damage roll does, as chances over its totals. */
interface DamageOutcome {
  readonly hurt: number;
  readonly drop: number;
  readonly wound: number;
  readonly check: number;
  readonly dying: number;
  readonly dead: number;
}

const NOTHING: DamageOutcome = { hurt: 0, drop: 0, wound: 0, check: 0, dying: 0, dead: 0 };
const OUTCOME_KEYS = Object.keys(NOTHING) as Array<keyof DamageOutcome>;

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

function finite(value: unknown, name: string): number {
  const n = num(value, Number.NaN);
  if (!Number.isFinite(n)) throw new RangeError(`Heroes of Destiny outcome odds: ${name} must be a finite number`);
  return Math.trunc(n);
}

/**
 * Every total of a damage roll through the GM's apply (`hitDamage`'s floor of 1, then `hitOnTrack`
 * against the track): what changes, and the chance the target ends down. A failed check to stay
 * conscious is 3d6 + Constitution below its DC.
 */
function damageOutcome(formula: string | null, input: HodOutcomeInput, track: HodTrack): DamageOutcome {
  if (formula === null || formula.trim() === "") return NOTHING;
  damagePlan(formula);
  if (!outcomeFormulaAllowed(formula)) throw new RangeError(`Heroes of Destiny outcome odds: ${formula} is too large`);
  const reduction = Math.max(0, finite(input.target.reduction ?? 0, "target.reduction"));
  const constitution = finite(input.target.constitution ?? 0, "target.constitution");
  const fails = new Map<number, number>();
  const failChance = (dc: number) => {
    let p = fails.get(dc);
    if (p === undefined) fails.set(dc, (p = 1 - attackOdds(constitution, dc, { die: "3d6" }).hit));
    return p;
  };
  let hurt = 0;
  let drop = 0;
  let wound = 0;
  let check = 0;
  let dying = 0;
  let dead = 0;
  for (const [total, p] of odds(formula).table()) {
    const damage = hitDamage(total);
    const { before, result } = hitOnTrack(track, { damage, reduction, nonlethal: input.nonlethal === true });
    const changed =
      result.hp !== before.hp ||
      result.fatigue !== before.fatigue ||
      result.bonusHp !== before.bonusHp ||
      result.invigoration !== before.invigoration ||
      result.thresholdOfPain !== before.thresholdOfPain;
    if (!changed) continue;
    hurt += p;
    if (result.bonusHp < before.bonusHp || currentHp(result) < currentHp(before)) wound += p;
    if (result.dead) dead += p;
    else if (result.dying) dying += p;
    if (result.unconsciousCheck !== null) check += p;
    drop +=
      p *
      (result.dead || result.dying ? 1 : result.unconsciousCheck !== null ? failChance(result.unconsciousCheck) : 0);
  }
  return { hurt, drop, wound, check, dying, dead };
}

/**
 * The exact chance that an attack hits, hurts and drops its target, worked out with the same pure
 * functions the card and the GM's apply use: every natural of the die through `judgeAttack` (a natural 1
 * misses, a 20 hits, a critical on 20 — 19 and 20 Precise — beating the defense by 1), then every total
 * of the hit's (or the critical's) damage through `hitDamage` and `hitOnTrack` (damage reduction, the
 * Threshold of Pain, bonus HP, Invigoration, HP), and a check to stay conscious through its 3d6.
 * The target's track is as it stands now (hits earlier on the same Time Count are not counted); a
 * spell's half damage on a miss is not a hit and is not counted.
 */
export function hodOutcomeOdds(input: HodOutcomeInput): HodOutcomeOdds {
  const bonus = finite(input.bonus, "bonus");
  const defense = finite(input.defense, "defense");
  const t = input.target;
  const track: HodTrack = {
    hp: finite(t.hp, "target.hp"),
    fatigue: finite(t.fatigue, "target.fatigue"),
    bonusHp: finite(t.bonusHp ?? 0, "target.bonusHp"),
    invigoration: finite(t.invigoration ?? 0, "target.invigoration"),
    fullTop: finite(t.fullTop, "target.fullTop"),
    topLost: finite(t.topLost ?? 0, "target.topLost"),
  };
  const onHit = damageOutcome(input.damage, input, track);
  const criticalDamage = input.criticalDamage === undefined ? input.damage : input.criticalDamage;
  const onCritical = criticalDamage === input.damage ? onHit : damageOutcome(criticalDamage, input, track);
  const faces = attackFaces(input.die);
  const all = faces.reduce((sum, [, ways]) => sum + ways, 0);
  // Counted in the die's ways, divided once at the end: a d20's chances come out as exact as n / 20.
  const ways = { hit: 0, critical: 0, fumble: 0, ...NOTHING };
  for (const [natural, n] of faces) {
    const judged = judgeAttack({ natural, total: natural + bonus, defense, ...pick(input) });
    if (judged.fumble) ways.fumble += n;
    if (!judged.hit) continue;
    ways.hit += n;
    if (judged.critical) ways.critical += n;
    const outcome = judged.critical ? onCritical : onHit;
    for (const key of OUTCOME_KEYS) ways[key] += n * outcome[key];
  }
  const sum = Object.fromEntries(Object.entries(ways).map(([key, n]) => [key, n / all])) as unknown as HodOutcomeOdds;
  // The three the dialog and the card show, nested and within 0..1 as the shared contract keeps them.
  return Object.freeze({ ...sum, ...outcomeOdds(sum.hit, sum.hurt, sum.drop) });
}

const pick = (input: HodOutcomeInput): Pick<HodAttackInput, "precise" | "spell" | "die"> => ({
  ...(input.precise === undefined ? {} : { precise: input.precise }),
  ...(input.spell === undefined ? {} : { spell: input.spell }),
  ...(input.die === undefined ? {} : { die: input.die }),
});
