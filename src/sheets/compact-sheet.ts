import type { AnthologyActorSheet } from "./actor-sheet";
import { compactParts } from "./parts";

/**
 * A rule set's NPC sheet: its character sheet's data and controls in one compact page, every part
 * shown at once without the tab navigation, at its own size.
 */
export function compactSheet<S extends typeof AnthologyActorSheet>(
  Sheet: S,
  position: { width: number; height: number },
): S {
  const Base: typeof AnthologyActorSheet = Sheet;
  class CompactSheet extends Base {
    // The character sheet's options with the "compact" class (Foundry concatenates classes down the chain).
    static override DEFAULT_OPTIONS = { ...Base.DEFAULT_OPTIONS, classes: ["compact"], position };
    static override COMPACT = true;
    static override PARTS = compactParts(Base.PARTS);
  }
  // A subclass of `Sheet`: its statics and instance members are the character sheet's own.
  return CompactSheet as unknown as S;
}
