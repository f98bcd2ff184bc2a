/** Whether a weapon can parry: a melee weapon (no range), not a spell. */
export function canParry(weapon: { readonly spell?: unknown; readonly range?: unknown }): boolean {
  return weapon.spell !== true && !(Number(weapon.range) > 0);
}
