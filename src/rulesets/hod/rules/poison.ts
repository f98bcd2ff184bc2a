import {
  DAMAGEABLE_ATTRIBUTES,
  attributeDamageOf,
  type AttributeDamage,
  type DamageableAttribute,
} from "./afflictions";
import { num } from "./derive";
import { consciousnessDc, currentHp, healthOf } from "./health";

/** What a poison damages: HP, fatigue, or one attribute. */
export type PoisonTrack = "hp" | "fatigue" | DamageableAttribute;

export function isPoisonTrack(value: unknown): value is PoisonTrack {
  return value === "hp" || value === "fatigue" || (DAMAGEABLE_ATTRIBUTES as readonly unknown[]).includes(value);
}

/** The poisoned part of the HP lost, of the fatigue and of each attribute's damage (what magic cannot heal). */
export interface Poisoned {
  readonly hp: number;
  readonly fatigue: number;
  readonly attributes: AttributeDamage;
}

const whole = (v: unknown) => Math.max(0, Math.trunc(num(v)));

/** What poison reads and changes on a character. */
export interface PoisonState {
  readonly hp: number;
  readonly maxHp: number;
  readonly fatigue: number;
  readonly bonusHp: number;
  readonly invigoration: number;
  readonly attributeDamage?: Partial<AttributeDamage>;
  readonly poisoned?: Partial<Omit<Poisoned, "attributes">> & { readonly attributes?: Partial<AttributeDamage> };
}

/**
 * The poisoned parts as they stand: never more HP than is missing from the maximum, more fatigue than
 * there is, or more of an attribute than its damage (healing the ordinary way heals poison too).
 */
export function poisonedParts(state: PoisonState): Poisoned {
  const damage = attributeDamageOf(state.attributeDamage);
  const attributes = attributeDamageOf(state.poisoned?.attributes);
  return {
    hp: Math.min(whole(state.poisoned?.hp), whole(num(state.maxHp) - num(state.hp))),
    fatigue: Math.min(whole(state.poisoned?.fatigue), whole(state.fatigue)),
    attributes: Object.fromEntries(
      DAMAGEABLE_ATTRIBUTES.map((a) => [a, Math.min(attributes[a], damage[a])]),
    ) as AttributeDamage,
  };
}

/** The state after poison damage, with the check to stay conscious it calls for (null if none). */
export interface PoisonResult {
  readonly hp: number;
  readonly fatigue: number;
  readonly bonusHp: number;
  readonly invigoration: number;
  readonly attributeDamage: AttributeDamage;
  readonly poisoned: Poisoned;
  readonly unconsciousCheck: number | null;
  readonly dying: boolean;
  readonly dead: boolean;
}

/**
 * Poison damage: fatigue, or HP lost (bonus HP, then Invigoration, then HP: not a hit, so the Threshold
 * of Pain neither takes it nor drops), or attribute damage; the part that reaches HP, fatigue or the
 * attribute is marked poisoned.
 */
export function poisonDamage(state: PoisonState, track: PoisonTrack, amount: number): PoisonResult {
  const points = whole(amount);
  const parts = poisonedParts(state);
  let { hp, fatigue, bonusHp, invigoration } = {
    hp: whole(state.hp),
    fatigue: whole(state.fatigue),
    bonusHp: whole(state.bonusHp),
    invigoration: whole(state.invigoration),
  };
  const attributeDamage: Record<DamageableAttribute, number> = { ...attributeDamageOf(state.attributeDamage) };
  const poisonedAttributes: Record<DamageableAttribute, number> = { ...parts.attributes };
  let poisonedHp = parts.hp;
  let poisonedFatigue = parts.fatigue;
  const before = { hp, fatigue, invigoration };
  if (track === "fatigue") {
    fatigue += points;
    poisonedFatigue += points;
  } else if (track === "hp") {
    let loss = points;
    const fromBonus = Math.min(bonusHp, loss);
    bonusHp -= fromBonus;
    loss -= fromBonus;
    const fromInvigoration = Math.min(invigoration, loss);
    invigoration -= fromInvigoration;
    loss -= fromInvigoration;
    const fromHp = Math.min(hp, loss);
    hp -= fromHp;
    poisonedHp += fromHp;
  } else {
    attributeDamage[track] += points;
    poisonedAttributes[track] += points;
  }
  const after = { hp, fatigue, invigoration, bonusHp, thresholdOfPain: 1 };
  const health = healthOf(after);
  const worse = fatigue > before.fatigue || currentHp(after) < currentHp(before);
  const dc = consciousnessDc(after);
  return {
    hp,
    fatigue,
    bonusHp,
    invigoration,
    attributeDamage: attributeDamage as AttributeDamage,
    poisoned: { hp: poisonedHp, fatigue: poisonedFatigue, attributes: poisonedAttributes as AttributeDamage },
    unconsciousCheck: worse && !health.dead && dc !== null ? dc : null,
    dying: health.dying,
    dead: health.dead,
  };
}

/** An ongoing or delayed poison on the Time Count: `left` more doses, the next at TC `next`, then every `every` TC. */
export interface PoisonSchedule {
  readonly every: number;
  readonly left: number;
  readonly next: number;
}

/**
 * A poison's schedule from its description: `times` doses `every` TC, the first after `delay` TC (the
 * interval when not given); a delayed poison is one dose after its delay.
 */
export function schedulePoison(
  poison: { readonly every?: number; readonly times: number; readonly delay?: number },
  now: number,
): PoisonSchedule {
  const every = Math.max(1, whole(poison.every ?? poison.delay ?? 1));
  const delay = poison.delay === undefined ? every : Math.max(1, whole(poison.delay));
  return { every, left: whole(poison.times), next: num(now) + delay };
}

/** The doses due once the Time Count reaches `tc`, and the schedule after them (null once spent). */
export function poisonDue(
  schedule: PoisonSchedule,
  tc: number,
): { readonly doses: number; readonly schedule: PoisonSchedule | null } {
  const every = Math.max(1, whole(schedule.every));
  const left = whole(schedule.left);
  const next = num(schedule.next);
  const reached = num(tc) < next ? 0 : 1 + Math.floor((num(tc) - next) / every);
  const doses = Math.min(left, reached);
  const rest = left - doses;
  return { doses, schedule: rest > 0 ? { every, left: rest, next: next + doses * every } : null };
}
