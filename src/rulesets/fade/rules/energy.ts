/**
 * What a creature has against damage types (fire, cold, holy, unholy, ...), by type id. Type ids are
 * compared in lower case, so "Fire" and "fire" are the same type.
 */
export interface EnergyProfile {
  /** Energy Resistance: subtracted from damage of that type, like Deflection, before Soak ("Fire Resist 5"). */
  readonly resistances?: Readonly<Record<string, number>>;
  /** Immunity: damage of these types is negated entirely. */
  readonly immunities?: readonly string[];
  /** Absorption: damage of these types heals instead, by what it would have dealt after Soak. */
  readonly absorptions?: readonly string[];
  /** Weakness: damage of these types is doubled. */
  readonly weaknesses?: readonly string[];
}

/** How one damage type meets a creature. */
export interface EnergyResponse {
  readonly resistance: number;
  readonly immune: boolean;
  readonly absorbs: boolean;
  readonly weak: boolean;
}

const NONE: EnergyResponse = Object.freeze({ resistance: 0, immune: false, absorbs: false, weak: false });

const norm = (type: string) => type.trim().toLowerCase();

/** The creature's Resistance, Immunity, Absorption and Weakness for one damage type (none for untyped damage). */
export function energyResponse(profile: EnergyProfile | undefined, damageType: string | undefined): EnergyResponse {
  if (!profile || damageType === undefined || norm(damageType) === "") return NONE;
  const type = norm(damageType);
  const has = (list: readonly string[] | undefined) => (list ?? []).some((t) => norm(t) === type);
  let resistance = 0;
  for (const [t, value] of Object.entries(profile.resistances ?? {})) {
    if (norm(t) === type) resistance = Math.max(resistance, value);
  }
  return {
    resistance,
    immune: has(profile.immunities),
    absorbs: has(profile.absorptions),
    weak: has(profile.weaknesses),
  };
}

/**
 * Extra healing from Holy Resistance on a living creature (or Unholy Resistance on an undead one):
 * the resistance's tens (15 gives 1, 20 gives 2), at least 1; 0 without such a resistance.
 */
export function resistanceHealingBonus(resistance: number): number {
  if (resistance <= 0) return 0;
  return Math.max(1, Math.floor(resistance / 10));
}
