import { num } from "./derive";

/**
 * Preparing and casting a spell (the text's "Magic in Combat"): a spell is prepared over its casting
 * time, may be charged while prepared, and is cast with a Speed Factor of 1 and an Arcana (Int) check
 * against the casting DC. All of it pure: the Time Count and the cards call these.
 */

/** What a spell brings to its preparation. */
export interface HodSpellCost {
  /** The spell's fatigue cost. */
  readonly fatigueCost: number;
  /** The caster's armor spell failure. */
  readonly armorSpellFailure?: number;
  /** How many times the caster has cast this spell earlier the same day: +3 to the DC each. */
  readonly priorCastings?: number;
}

/** A spell being prepared, or prepared: what moves its casting DC and its fatigue. */
export interface HodPreparation {
  /** 10 + fatigue cost + armor spell failure + 3 per earlier casting the same day. */
  readonly baseDc: number;
  readonly fatigueCost: number;
  /** Charges put into the spell: +1 DC and +1 fatigue each; +2 to hit each when applied to the attack. */
  readonly charges: number;
  /** Damage and fatigue taken before the spell was prepared: added to the DC. */
  readonly taken: number;
  /** Turns of walking while preparing: +1 DC each. */
  readonly moved: number;
  /** The casting time is over: the spell may be charged and cast. */
  readonly prepared: boolean;
}

function whole(value: unknown): number {
  return Math.max(0, Math.trunc(num(value)));
}

/** The DC a preparation starts from: 10 + fatigue cost + armor spell failure + 3 per earlier casting today. */
export function baseCastingDc(cost: HodSpellCost): number {
  return 10 + whole(cost.fatigueCost) + whole(cost.armorSpellFailure) + 3 * whole(cost.priorCastings);
}

/** A new preparation of a spell (its casting time is rolled as the caster's Speed Factor). */
export function prepareSpell(cost: HodSpellCost): HodPreparation {
  return {
    baseDc: baseCastingDc(cost),
    fatigueCost: whole(cost.fatigueCost),
    charges: 0,
    taken: 0,
    moved: 0,
    prepared: false,
  };
}

/** The casting DC now: the base, +1 per charge, + damage and fatigue taken while preparing, +1 per turn walked. */
export function castingDc(preparation: HodPreparation): number {
  return whole(preparation.baseDc) + whole(preparation.charges) + whole(preparation.taken) + whole(preparation.moved);
}

/** The fatigue an attempt to cast spends, success or not: the spell's cost plus its charges. */
export function castingFatigue(preparation: HodPreparation): number {
  return whole(preparation.fatigueCost) + whole(preparation.charges);
}

/**
 * Damage or fatigue taken while the spell is still being prepared raises the DC by the amount taken;
 * once prepared, taking damage changes nothing.
 */
export function takenWhilePreparing(preparation: HodPreparation, amount: number): HodPreparation {
  if (preparation.prepared) return preparation;
  return { ...preparation, taken: whole(preparation.taken) + whole(amount) };
}

/** A turn of walking while preparing: +1 DC (after the casting time, moving is free). */
export function walkedWhilePreparing(preparation: HodPreparation): HodPreparation {
  if (preparation.prepared) return preparation;
  return { ...preparation, moved: whole(preparation.moved) + 1 };
}

/** The casting time is over. */
export function spellPrepared(preparation: HodPreparation): HodPreparation {
  return { ...preparation, prepared: true };
}

/** The Time Count a charge or a released charge takes. */
export const CHARGE_TC = 1;
/** The Speed Factor of casting a prepared spell. */
export const CAST_SF = 1;

/** One more charge (1 TC): only a prepared spell is charged. */
export function chargeSpell(preparation: HodPreparation): HodPreparation {
  if (!preparation.prepared) throw new RangeError("Heroes of Destiny: only a prepared spell can be charged");
  return { ...preparation, charges: whole(preparation.charges) + 1 };
}

/** Releases one charge (1 TC), when there is one. */
export function releaseCharge(preparation: HodPreparation): HodPreparation {
  if (!preparation.prepared) throw new RangeError("Heroes of Destiny: only a prepared spell has charges");
  return { ...preparation, charges: Math.max(0, whole(preparation.charges) - 1) };
}

/** The Arcana (Int) check to cast: 3d6 + the bonus, or 10 + the bonus when taking 10. */
export interface HodCastCheck {
  /** The 3d6 total as rolled; ignored when taking 10. */
  readonly roll?: number;
  /** Intelligence + Arcana rank + other modifiers. */
  readonly bonus: number;
  readonly takeTen?: boolean;
}

/** The outcome of an attempt to cast. */
export interface HodCastResult {
  readonly dc: number;
  readonly total: number;
  /** The check met the casting DC. */
  readonly success: boolean;
  /** Fatigue spent whether or not the spell works. */
  readonly fatigue: number;
  /** How many earlier castings the next preparation of this spell counts (its DC +3 each). */
  readonly castingsToday: number;
}

/**
 * An attempt to cast a prepared spell (Speed Factor 1): the Arcana check meets the casting DC or not;
 * either way the spell's fatigue cost plus its charges is spent and the next casting of the spell the
 * same day counts one more earlier casting.
 */
export function castSpell(preparation: HodPreparation, check: HodCastCheck, priorCastings = 0): HodCastResult {
  if (!preparation.prepared) throw new RangeError("Heroes of Destiny: a spell is cast only once prepared");
  const dc = castingDc(preparation);
  const die = check.takeTen ? 10 : Math.trunc(num(check.roll, Number.NaN));
  if (!Number.isFinite(die)) throw new RangeError("Heroes of Destiny: a cast needs its 3d6 roll or take 10");
  const total = die + Math.trunc(num(check.bonus));
  return {
    dc,
    total,
    success: total >= dc,
    fatigue: castingFatigue(preparation),
    castingsToday: whole(priorCastings) + 1,
  };
}

/**
 * What loses a spell in hand, prepared or still being prepared, besides casting it or preparing
 * another: the end of the encounter (the text: a spell not cast within the encounter, or immediately
 * after it, is lost to no effect; about a minute) and a night's sleep.
 */
export const SPELL_LOST_AT = Object.freeze(["encounterEnd", "rest"] as const);
export type HodSpellLoss = (typeof SPELL_LOST_AT)[number];

/** Whether an event loses the spell in hand (`SPELL_LOST_AT`): the encounter's end or a night's sleep. */
export function spellLostAt(event: string): event is HodSpellLoss {
  return (SPELL_LOST_AT as readonly string[]).includes(event);
}

/**
 * The Time Count at which a caster acts again after abandoning (or cancelling) a spell still being
 * prepared: the following count.
 */
export function abandonSpellAt(currentCount: number): number {
  return Math.trunc(num(currentCount)) + 1;
}

/** Where the caster stands on the Time Count, as far as a preparation's casting time cares. */
export interface HodSpellClock {
  /** "due": the caster acts now at `tc`; "notDue": it waits; anything else: no Time Count runs for it. */
  readonly state: "none" | "notStarted" | "notDue" | "due";
  readonly tc?: number;
}

/**
 * Whether a preparation's casting time is over: it was marked prepared, or began outside a Time Count
 * (nothing counts the time), or the caster's turn has come again at a later count than it began at
 * (its casting time was its speed factor), or no Time Count runs for it any more.
 */
export function preparationDone(
  preparation: { readonly prepared: boolean; readonly since: number },
  clock: HodSpellClock,
): boolean {
  if (preparation.prepared || preparation.since < 0) return true;
  if (clock.state === "due") return (clock.tc ?? 0) > preparation.since;
  return clock.state === "none";
}

/** What a spell's miss deals when the spell says so: half its damage. */
export const SPELL_MISS_FACTOR = 0.5;

/**
 * The factor on an attack's damage for one target (the text: "On a hit, the spell takes full effect.
 * On a miss, the spell may fail completely, do half damage, or have some other effect"): 1 on a hit;
 * on a miss, half for a spell whose description says so (its "Half damage on a miss" box), else null
 * (no damage). Weapons never deal damage on a miss.
 */
export function attackDamageFactor(attack: {
  readonly hit: boolean;
  readonly spell: boolean;
  readonly halfOnMiss: boolean;
}): number | null {
  if (attack.hit) return 1;
  return attack.spell && attack.halfOnMiss ? SPELL_MISS_FACTOR : null;
}
