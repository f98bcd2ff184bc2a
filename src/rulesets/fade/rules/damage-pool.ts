import { addPools, formatPool, keepPool, type KeepPool, type PoolBonus } from "./pool";

/**
 * What an attribute adds to damage: half of it in dice, a quarter of it kept, rounded down
 * (Strength 6 adds 3k1). Weapons use Strength, finesse weapons Agility, spells Magic.
 */
export function attributeDamage(attribute: number): KeepPool {
  return keepPool(Math.floor(attribute / 2), Math.floor(attribute / 4));
}

export interface DamagePoolOptions {
  /** A one-handed weapon held in two hands: +1k0. Two-handed weapons include it in their base damage. */
  readonly twoHanding?: boolean;
  /** Further bonuses (misc. damage bonuses, a charge's +2). */
  readonly bonuses?: ReadonlyArray<PoolBonus | string>;
}

/** A damage roll: base damage plus the attribute's part (Strength 6 with 4k2 rolls 7k3). */
export function damagePool(attribute: number, baseDamage: KeepPool | string, options: DamagePoolOptions = {}): string {
  const extra: Array<PoolBonus | string> = [attributeDamage(attribute)];
  if (options.twoHanding === true) extra.push({ rolled: 1 });
  extra.push(...(options.bonuses ?? []));
  return formatPool(addPools(baseDamage, ...extra));
}
