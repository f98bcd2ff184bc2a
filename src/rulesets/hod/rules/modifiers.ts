/**
 * The text's common attack modifiers, as data. Cover is one choice among its degrees; flanking helps
 * melee attacks only; proficiency and affinity come from the weapon.
 */
export interface AttackModifier {
  readonly id: string;
  readonly value: number;
  /** Only one of a group counts (the degrees of cover). */
  readonly group?: "cover";
  readonly meleeOnly?: boolean;
  /** Read from the weapon rather than asked. */
  readonly fromWeapon?: boolean;
}

export const ATTACK_MODIFIERS: readonly AttackModifier[] = Object.freeze([
  { id: "higherGround", value: 1 },
  { id: "proficient", value: 1, fromWeapon: true },
  { id: "flanked", value: 2, meleeOnly: true },
  { id: "rear", value: 4 },
  { id: "noAffinity", value: -2, fromWeapon: true },
  { id: "coverPartial", value: -2, group: "cover" },
  { id: "coverHalf", value: -4, group: "cover" },
  { id: "coverImproved", value: -6, group: "cover" },
  { id: "coverNineTenths", value: -8, group: "cover" },
  // From the text's other combat rules.
  { id: "simultaneous", value: 1 },
  { id: "twoWeapons", value: -6 },
  { id: "alternating", value: -4 },
  { id: "improvisedLimb", value: -4 },
  { id: "crowded", value: -4 },
  // What the special actions leave (rules/effects.ts): the dialog ticks them from the attacker's effects.
  { id: "feint", value: 2 },
  { id: "distracted", value: -2 },
  { id: "grabbed", value: -2 },
  { id: "grabHold", value: -2 },
] satisfies AttackModifier[]);

/**
 * The modifiers a choice of ids brings, in the table's order: unknown ids are ignored, only the worst
 * cover counts, and flanking does not help a ranged attack.
 */
export function chosenModifiers(ids: Iterable<string>, options: { readonly melee: boolean }): AttackModifier[] {
  const chosen = new Set(ids);
  const counted = ATTACK_MODIFIERS.filter((m) => chosen.has(m.id) && !(m.meleeOnly && !options.melee));
  const covers = counted.filter((m) => m.group === "cover");
  const worstCover = covers.reduce<AttackModifier | null>((w, m) => (!w || m.value < w.value ? m : w), null);
  return counted.filter((m) => m.group !== "cover" || m === worstCover);
}

/** The sum of the chosen modifiers (`chosenModifiers`). */
export function attackModifierTotal(ids: Iterable<string>, options: { readonly melee: boolean }): number {
  return chosenModifiers(ids, options).reduce((sum, m) => sum + m.value, 0);
}
