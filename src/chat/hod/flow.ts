/**
 * Heroes of Destiny play flows: what the sheet's buttons call. SCAFFOLD for issue #7 — the bodies are
 * being written on the hod-flow branch and replace these before the issue is resolved.
 */

/** An actor as the flows read and change it (typed fully by the flow module). */
export type HodActorDoc = object;
/** An item as the flows read it. */
export type HodItemDoc = object;

const notYet = (): never => {
  throw new Error("Heroes of Destiny flows are not built yet");
};

/** Attack with a weapon: dialog, 1d20 roll against the first target's defense, card, Time Count. */
export async function rollHodAttack(_actor: HodActorDoc, _item: HodItemDoc): Promise<unknown> {
  return notYet();
}

/** Roll a weapon's damage without an attack card (the sheet's Damage button). */
export async function rollHodDamage(_actor: HodActorDoc, _item: HodItemDoc): Promise<unknown> {
  return notYet();
}

/** A special combat action (wrestling or miscellaneous) by id, with the weapon it uses if any. */
export async function rollHodSpecial(_actor: HodActorDoc, _actionId: string, _item?: HodItemDoc): Promise<unknown> {
  return notYet();
}

/** Shift into a stance (its shift speed on the Time Count), or "" to revert to a basic stance. */
export async function shiftHodStance(_actor: HodActorDoc, _stanceId: string): Promise<unknown> {
  return notYet();
}

/** A 3d6 check: an attribute + modifier against a DC (the Constitution check to stay conscious and others). */
export async function rollHodCheck(_actor: HodActorDoc, _attribute: string, _dc?: number): Promise<unknown> {
  return notYet();
}
