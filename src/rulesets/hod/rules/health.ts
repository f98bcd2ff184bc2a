import { impairmentFor, type ImpairmentType } from "./afflictions";
import { num } from "./derive";

/** What a hit changes: current HP, fatigue, the effective Threshold of Pain and the two buffers. */
export interface HodDamageState {
  readonly hp: number;
  readonly fatigue: number;
  /** The effective Threshold of Pain now (lowered by 1 for every hit taken). */
  readonly thresholdOfPain: number;
  readonly bonusHp: number;
  readonly invigoration: number;
}

export interface HodDamageInput {
  /** The hit's damage (at least 1 for any hit, the attacker's side). */
  readonly damage: number;
  /**
   * The defender's damage reduction: it lowers the damage, down to 0 (the only thing that can). The hit
   * still lowers the Threshold of Pain by 1.
   */
  readonly reduction?: number;
  /** Nonlethal damage only fatigues, even above the Threshold of Pain. */
  readonly nonlethal?: boolean;
  /** Who struck (any id): the Simultaneous Actions rule counts different attackers. */
  readonly attacker?: string;
}

/**
 * The optional Simultaneous Actions rule: for impairments, a count's Threshold of Pain is lowered by 1
 * for each successful attacker beyond the first (two weapons of one attacker count once; a hit naming
 * no attacker counts as its own attacker).
 */
export function simultaneousTop(thresholdOfPain: number, hits: readonly Pick<HodDamageInput, "attacker">[]): number {
  const attackers = new Set(hits.map((h, i) => (typeof h.attacker === "string" && h.attacker ? h.attacker : `#${i}`)));
  return Math.max(0, Math.max(0, num(thresholdOfPain)) - Math.max(0, attackers.size - 1));
}

/** The state after a hit, with what it means. */
export interface HodDamageResult extends HodDamageState {
  /** The effective Threshold of Pain has reached 0. */
  readonly wounded: boolean;
  /** The DC of the 3d6 Constitution check to stay conscious, when this hit calls for one; else null. */
  readonly unconsciousCheck: number | null;
  /** Fatigue is at least double the current HP (HP + Invigoration). */
  readonly dying: boolean;
  /** HP has reached 0. */
  readonly dead: boolean;
}

/** HP as the fatigue comparisons count it: HP plus Invigoration (bonus HP is a buffer, not counted). */
export function currentHp(state: Pick<HodDamageState, "hp" | "invigoration">): number {
  return state.hp + state.invigoration;
}

/** Fatigue is at or above current HP: the check to stay conscious (DC fatigue − current HP) applies. */
export function consciousnessDc(state: Pick<HodDamageState, "hp" | "invigoration" | "fatigue">): number | null {
  const current = currentHp(state);
  return state.fatigue >= current ? state.fatigue - current : null;
}

/**
 * Fatigue spent by the character's own act (a spell's casting, a special action): the fatigue after,
 * and the DC of the check to stay conscious when it brings fatigue to current HP (the text: "every
 * time thereafter that ... your fatigue increases"); null when nothing was spent or fatigue stays below.
 */
export function fatigueSpent(
  state: Pick<HodDamageState, "hp" | "invigoration" | "fatigue">,
  spent: number,
): { readonly fatigue: number; readonly unconsciousCheck: number | null } {
  const added = Number.isFinite(spent) ? Math.max(0, Math.trunc(spent)) : 0;
  const fatigue = Math.max(0, state.fatigue) + added;
  return { fatigue, unconsciousCheck: added > 0 ? consciousnessDc({ ...state, fatigue }) : null };
}

/** A failed check to stay conscious knocks the character out for at least 10 TC per point it failed by. */
export function unconsciousFor(margin: number): number | null {
  return Number.isFinite(margin) && margin < 0 ? 10 * Math.ceil(-margin) : null;
}

/**
 * The DC of the check to regain consciousness: the check to stay conscious as the track stands now
 * (fatigue − current HP), 0 once fatigue is below current HP.
 */
export function wakeDc(state: Pick<HodDamageState, "hp" | "invigoration" | "fatigue">): number {
  return Math.max(0, state.fatigue - currentHp(state));
}

/** After a failed check to regain consciousness, the next one comes this many TC later. */
export const WAKE_RECHECK = "1d10";

/** What a state means on its own: wounded, dying, dead. */
export function healthOf(state: HodDamageState): Pick<HodDamageResult, "wounded" | "dying" | "dead"> {
  const dead = state.hp <= 0;
  return {
    wounded: state.thresholdOfPain <= 0,
    dying: !dead && state.fatigue >= 2 * currentHp(state),
    dead,
  };
}

function whole(value: unknown, name: string): number {
  const n = num(value, Number.NaN);
  if (!Number.isFinite(n)) throw new RangeError(`Heroes of Destiny damage: ${name} must be a finite number`);
  return Math.trunc(n);
}

/** A hit's damage after the defender's damage reduction, never below 0. */
export function reducedDamage(input: HodDamageInput): number {
  const reduction = input.reduction === undefined ? 0 : Math.max(0, whole(input.reduction, "reduction"));
  return Math.max(0, whole(input.damage, "damage") - reduction);
}

/**
 * One hit against a Heroes of Destiny character.
 * - Damage above the effective Threshold of Pain adds that Threshold as fatigue and takes the excess
 *   from HP: bonus HP first, then Invigoration, then HP itself (not below 0). Damage at or below it only fatigues.
 * - Nonlethal damage fatigues by its whole amount and never takes HP.
 * - Every hit lowers the effective Threshold of Pain by 1 (not below 0); at 0 the character is wounded.
 * - When fatigue has risen or HP fallen and fatigue is at least current HP, a Constitution check is due
 *   (DC fatigue − current HP). Fatigue at double current HP is dying; HP 0 is dead.
 */
export function applyDamage(state: HodDamageState, input: HodDamageInput): HodDamageResult {
  const damage = reducedDamage(input);
  const before = {
    hp: whole(state.hp, "hp"),
    fatigue: Math.max(0, whole(state.fatigue, "fatigue")),
    thresholdOfPain: Math.max(0, whole(state.thresholdOfPain, "thresholdOfPain")),
    bonusHp: Math.max(0, whole(state.bonusHp ?? 0, "bonusHp")),
    invigoration: Math.max(0, whole(state.invigoration ?? 0, "invigoration")),
  };
  const top = before.thresholdOfPain;
  let { hp, fatigue, bonusHp, invigoration } = before;
  if (input.nonlethal || damage <= top) {
    fatigue += damage;
  } else {
    fatigue += top;
    let loss = damage - top;
    const fromBonus = Math.min(bonusHp, loss);
    bonusHp -= fromBonus;
    loss -= fromBonus;
    const fromInvigoration = Math.min(invigoration, loss);
    invigoration -= fromInvigoration;
    loss -= fromInvigoration;
    hp = Math.max(0, hp - loss);
  }
  const after: HodDamageState = { hp, fatigue, thresholdOfPain: Math.max(0, top - 1), bonusHp, invigoration };
  const health = healthOf(after);
  const worse = after.fatigue > before.fatigue || currentHp(after) < currentHp(before);
  const dc = consciousnessDc(after);
  return { ...after, ...health, unconsciousCheck: worse && !health.dead && dc !== null ? dc : null };
}

/** A target's health track as stored: the numbers a hit changes, the full Threshold of Pain and the hits taken. */
export interface HodTrack {
  readonly hp: number;
  readonly fatigue: number;
  readonly bonusHp: number;
  readonly invigoration: number;
  /** The full Threshold of Pain (base + Persona + ToP bonus), not lowered by hits. */
  readonly fullTop: number;
  /** Hits taken since the Threshold last recovered (`topLost`). */
  readonly topLost: number;
}

/** One hit on a stored track: the state it met, what it did, and the hits taken after it. */
export interface HodTrackHit {
  readonly before: HodDamageState;
  readonly result: HodDamageResult;
  /** `topLost` after the hit: one more, never past the full Threshold (the effective one stops at 0). */
  readonly topLost: number;
}

/**
 * One hit on a track as an actor stores it: the effective Threshold of Pain is the full one less the
 * hits taken (never below 0), `applyDamage` resolves the hit against it, and the hits taken grow by
 * one until the effective Threshold reaches 0.
 */
export function hitOnTrack(track: HodTrack, input: HodDamageInput): HodTrackHit {
  const fullTop = Math.max(0, num(track.fullTop));
  const topLost = Math.max(0, num(track.topLost));
  const before: HodDamageState = {
    hp: num(track.hp),
    fatigue: num(track.fatigue),
    thresholdOfPain: Math.max(0, fullTop - topLost),
    bonusHp: num(track.bonusHp),
    invigoration: num(track.invigoration),
  };
  return { before, result: applyDamage(before, input), topLost: Math.min(fullTop, topLost + 1) };
}

/**
 * Hits that land on the same Time Count (every die of a count is rolled before any effect applies):
 * each hit is judged against the target as it stood at the start of the count — its Threshold of
 * Pain decides what is fatigue and what is HP loss — and the effects are added up afterwards, so the
 * order of the hits never matters. The HP losses come out of bonus HP, then Invigoration, then HP,
 * together; every hit lowers the Threshold of Pain by 1.
 */
export function applySimultaneous(state: HodDamageState, hits: readonly HodDamageInput[]): HodDamageResult {
  if (hits.length === 0) {
    return { ...state, ...healthOf(state), unconsciousCheck: null };
  }
  const top = Math.max(0, whole(state.thresholdOfPain, "thresholdOfPain"));
  let fatigue = Math.max(0, whole(state.fatigue, "fatigue"));
  let loss = 0;
  for (const hit of hits) {
    const damage = reducedDamage(hit);
    if (hit.nonlethal || damage <= top) fatigue += damage;
    else {
      fatigue += top;
      loss += damage - top;
    }
  }
  // One hit of the summed loss against the start's buffers: bonus HP, Invigoration, then HP.
  const absorbed = applyDamage({ ...state, fatigue: 0, thresholdOfPain: 0 }, { damage: loss });
  const after: HodDamageState = {
    hp: absorbed.hp,
    fatigue,
    thresholdOfPain: Math.max(0, top - hits.length),
    bonusHp: absorbed.bonusHp,
    invigoration: absorbed.invigoration,
  };
  const health = healthOf(after);
  const worse = after.fatigue > state.fatigue || currentHp(after) < currentHp(state);
  const dc = consciousnessDc(after);
  return { ...after, ...health, unconsciousCheck: worse && !health.dead && dc !== null ? dc : null };
}

/** What one hit changes on a stored track: amounts to add (HP and the buffers lost are negative). */
export interface HodTrackChange {
  readonly hp: number;
  readonly fatigue: number;
  readonly bonusHp: number;
  readonly invigoration: number;
  readonly topLost: number;
}

/** The state a stored track stands for: the effective Threshold of Pain is the full one less the hits taken. */
export function trackState(track: HodTrack): HodDamageState {
  return {
    hp: num(track.hp),
    fatigue: num(track.fatigue),
    thresholdOfPain: Math.max(0, num(track.fullTop) - num(track.topLost)),
    bonusHp: num(track.bonusHp),
    invigoration: num(track.invigoration),
  };
}

/**
 * One more hit on a Time Count where the target has already taken `earlier` hits: every hit of the
 * count is judged against `start`, the track as it stood when the count began (applySimultaneous),
 * and this hit's share is what the count's result moves by with it. Added to the track as it is now,
 * the shares of a count's hits come to the simultaneous result whatever order they are applied in.
 * `result` is the whole count's outcome from `start`.
 */
export function hitInCount(
  start: HodTrack,
  earlier: readonly HodDamageInput[],
  hit: HodDamageInput,
): { readonly change: HodTrackChange; readonly result: HodDamageResult } {
  const from = trackState(start);
  const before = applySimultaneous(from, earlier);
  const result = applySimultaneous(from, [...earlier, hit]);
  const fullTop = Math.max(0, num(start.fullTop));
  const lost = (hits: number) => Math.min(fullTop, Math.max(0, num(start.topLost)) + hits);
  return {
    change: {
      hp: result.hp - before.hp,
      fatigue: result.fatigue - before.fatigue,
      bonusHp: result.bonusHp - before.bonusHp,
      invigoration: result.invigoration - before.invigoration,
      topLost: lost(earlier.length + 1) - lost(earlier.length),
    },
    result,
  };
}

/**
 * The impairments a count's hits leave (optional rule), one entry per hit (null: none): each hit's
 * damage after reduction against the Threshold of Pain of the count's start, lowered by the
 * Simultaneous Actions rule (`simultaneous`) for every successful attacker beyond the first.
 */
export function countImpairments(
  thresholdOfPain: number,
  hits: readonly (HodDamageInput & { readonly damageType?: string })[],
  simultaneous = false,
): (ImpairmentType | null)[] {
  const top = simultaneous ? simultaneousTop(thresholdOfPain, hits) : thresholdOfPain;
  return hits.map((h) => (h.nonlethal ? null : impairmentFor(h.damageType ?? "", reducedDamage(h), top)));
}
