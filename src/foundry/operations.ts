/**
 * Deleting or replacing a key, as Foundry-free code writes it in an update (a migration's diff): a
 * marker the one place turns into this generation's update language (`forThisGeneration`: v13's
 * `-=key` / `==key`, v14's `_del` / `_replace`). Pure, so the diff stays testable without Foundry.
 */

/** The value of a key the update deletes. */
export class Deletion {}
export const DELETE: Deletion = Object.freeze(new Deletion());

/** The value of a key the update replaces whole (not merged into what is there). */
export class Replacement {
  constructor(readonly value: unknown) {}
}
export const replaceWith = (value: unknown): Replacement => new Replacement(value);
