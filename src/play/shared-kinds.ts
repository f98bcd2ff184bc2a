import type { AnyCardKind } from "./kind";

// Card kinds of the play layer itself (a GM's roll request), which every rule set's cards may be: a
// card names its rule set, and a kind that rule set does not declare is looked for here.
const shared = new Map<string, AnyCardKind>();

/** Adds a card kind of the play layer (at init). */
export function registerSharedKind(kind: AnyCardKind): void {
  shared.set(kind.id, kind);
}

/** A play-layer card kind by id. */
export function sharedKind(id: string): AnyCardKind | undefined {
  return shared.get(id);
}
