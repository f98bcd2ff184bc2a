/**
 * A special action's outcome odds: the exact chances that it succeeds on a target, hurts it and drops
 * it, worked out with the functions the card and the GM's apply use (`judgeAttack` on each defense it
 * meets, `specialOutcomes`, `specialDamageOn`, `specialEffects`, `dealtDamage`, `hitOnTrack`).
 */
import { outcomeOdds } from "../../../dice";
import { HOD_DEFENSES, judgeAttack, type HodAttackInput, type HodAttackResult, type HodDefense } from "./attack";
import { specialEffects } from "./effects";
import { attackFaces } from "./odds";
import {
  NOTHING,
  OUTCOME_KEYS,
  damageOutcome,
  dealtBy,
  finite,
  type DamageOutcome,
  type HodOutcomeOdds,
  type HodOutcomeTarget,
} from "./outcome-odds";
import { DAMAGEABLE_ATTRIBUTES } from "./afflictions";
import { specialAction, specialDefenses, specialOutcomes, type HodAttribute } from "./special-actions";
import { specialDamageOn, type SpecialDamageInput, type SpecialDamagePlan } from "./special-damage";
import { isWeaponCategory } from "./weapons";

/** The performer's numbers a special action's damage reads: its attributes, Power and size. */
export const SPECIAL_DAMAGE_SOURCE_KEYS = Object.freeze([
  ...DAMAGEABLE_ATTRIBUTES,
  "power",
  "size",
] as const satisfies ReadonlyArray<HodAttribute | "power" | "size">);

export type HodSpecialDamageSource = Partial<Record<(typeof SPECIAL_DAMAGE_SOURCE_KEYS)[number], number>>;

/** What a special action's damage is rolled from: the performer's numbers, the weapon, the dialog's options. */
export interface HodSpecialOutcomeDamage {
  readonly source: HodSpecialDamageSource;
  /** The weapon the damage is dealt with; null: the bare hand (or an action that names only an attribute). */
  readonly weapon: {
    readonly category: string;
    readonly damage: string;
    readonly composite?: boolean;
    readonly nonlethal?: boolean;
  } | null;
  /** The dialog's damage modifier (the weapon's roll, or the flat damage). */
  readonly modifier?: number;
  /** Extra damage dice, rolled apart and added after the action's factor. */
  readonly extraDice?: string;
}

/** One special action against one target, as its dialog rolls it. */
export interface HodSpecialOutcomeInput extends Pick<HodAttackInput, "precise" | "spell" | "die"> {
  /** The action's id (`SPECIAL_ACTIONS`, or a follow-up: a coup de grâce's). */
  readonly action: string;
  readonly bonus: number;
  /** The value of each defense the action meets on the target, as the target meets it. */
  readonly defenses: Readonly<Partial<Record<HodDefense, number>>>;
  /** An action against the weapon's own defense (a quick strike): the defense it meets. */
  readonly weaponDefense?: HodDefense;
  /** What the outcomes' damage is rolled from; absent or null: the action deals none. */
  readonly damage?: HodSpecialOutcomeDamage | null;
  readonly nonlethal?: boolean;
  /** The target is immune to critical hits: a critical outcome deals a plain hit's damage and no follow-up. */
  readonly immuneToCriticals?: boolean;
  readonly target: HodOutcomeTarget;
}

/** The odds a special action reports: an attack's, where `hit` is that any of its outcomes happens. */
export type HodSpecialOutcomeOdds = HodOutcomeOdds;

const KILLED: DamageOutcome = Object.freeze({ hurt: 1, drop: 1, wound: 0, check: 0, dying: 0, dead: 1 });

function damageInput(damage: HodSpecialOutcomeDamage): Omit<SpecialDamageInput, "outcomes"> {
  const w = damage.weapon;
  if (w && !isWeaponCategory(w.category)) {
    throw new RangeError(`Heroes of Destiny outcome odds: ${String(w.category)} is not a weapon category`);
  }
  return {
    source: damage.source,
    weapon: w
      ? {
          category: w.category as never,
          damage: w.damage,
          composite: w.composite === true,
          nonlethal: w.nonlethal === true,
        }
      : null,
    modifier: finite(damage.modifier ?? 0, "damage.modifier"),
  };
}

/**
 * The exact chances of one special action against one target. **Hit**: any of its outcomes happens
 * (`specialOutcomes` on the roll judged against each defense it meets: for an "or" action the one the
 * target picks, for an "and" action either). **Hurt**: the outcomes' damage, rolled as the card rolls it
 * (`specialDamageOn`, then `dealtDamage` with the action's factor and the extra dice), changes the
 * target's track as `hitOnTrack` works it, or the outcome kills (a coup de grâce's follow-up). **Drop**:
 * it leaves the target dead, dying or failing its check to stay conscious, or kills it. An action whose
 * outcomes deal no damage (a grab, a trip's plain hit, a feint) hits only: the statuses it leaves are
 * not hurts.
 */
export function hodSpecialOutcomeOdds(input: HodSpecialOutcomeInput): HodSpecialOutcomeOdds {
  const action = specialAction(input.action);
  if (!action) throw new RangeError(`Heroes of Destiny outcome odds: ${String(input.action)} is no special action`);
  const bonus = finite(input.bonus, "bonus");
  const weaponDefense = HOD_DEFENSES.includes(input.weaponDefense as HodDefense) ? input.weaponDefense : undefined;
  const met = specialDefenses(action, weaponDefense).map((id) => [id, finite(input.defenses[id], id)] as const);
  const immune = input.immuneToCriticals === true;
  const dealtOf = dealtBy(input.target, input.nonlethal === true);
  const damage = input.damage ? damageInput(input.damage) : null;
  const extraDice = input.damage?.extraDice?.trim() || null;
  // The few outcome sets a roll can make share their damage's chances.
  const known = new Map<string, DamageOutcome>();
  const outcomeOf = (happened: ReturnType<typeof specialOutcomes>): DamageOutcome => {
    const key = happened.map((o) => o.key).join("|");
    let outcome = known.get(key);
    if (outcome) return outcome;
    const effects = specialEffects(action.id, happened, { immuneToCriticals: immune });
    const plan: SpecialDamagePlan | null = damage
      ? specialDamageOn({ ...damage, outcomes: happened, immuneToCriticals: immune })
      : null;
    outcome = effects.killed ? KILLED : plan ? damageOutcome(plan.formula, dealtOf, plan.factor, extraDice) : NOTHING;
    known.set(key, outcome);
    return outcome;
  };
  const faces = attackFaces(input.die);
  const all = faces.reduce((sum, [, ways]) => sum + ways, 0);
  const ways = { hit: 0, critical: 0, fumble: 0, ...NOTHING };
  for (const [natural, n] of faces) {
    const results: Partial<Record<HodDefense, HodAttackResult>> = {};
    for (const [id, defense] of met) {
      results[id] = judgeAttack({ natural, total: natural + bonus, defense, ...pick(input) });
    }
    const judged = Object.values(results);
    if (judged[0]?.fumble) ways.fumble += n;
    const happened = specialOutcomes(action, results);
    if (happened.length === 0) continue;
    ways.hit += n;
    if (judged.some((r) => r.critical)) ways.critical += n;
    const outcome = outcomeOf(happened);
    for (const key of OUTCOME_KEYS) ways[key] += n * outcome[key];
  }
  const sum = Object.fromEntries(Object.entries(ways).map(([key, n]) => [key, n / all])) as Record<
    keyof typeof ways,
    number
  >;
  return Object.freeze({ ...sum, missHurt: 0, missDrop: 0, ...outcomeOdds(sum.hit, sum.hurt, sum.drop) });
}

const pick = (input: HodSpecialOutcomeInput): Pick<HodAttackInput, "precise" | "spell" | "die"> => ({
  ...(input.precise === undefined ? {} : { precise: input.precise }),
  ...(input.spell === undefined ? {} : { spell: input.spell }),
  ...(input.die === undefined ? {} : { die: input.die }),
});
