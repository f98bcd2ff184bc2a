/**
 * The damage a knock-out's or disarm's hit did, as the records of its apply say: the target's ledger
 * (written by the GM with the apply, with what undo needs) and the attack card's applied mark (written by
 * the GM too, on a card its author could rewrite) must agree. No other number is trusted.
 */
import { SYSTEM_ID } from "../../../constants";
import type { Card } from "../../../play/card";
import type { PlayActor, PlayMessage } from "../../../play/documents";
import { LEDGER_FLAG, appliedEntry, readLedger } from "../../../play/ledger";
import { resistGoal, type ResistAction } from "../rules";
import type { FsAttackData, FsAttackRow } from "./card-data";

/** The Vitality the applied hit of row `index` took from `target`, or null (not applied, or the records disagree). */
export function damageOnRecord(
  message: Pick<PlayMessage, "id">,
  card: Card<FsAttackData, FsAttackRow>,
  index: number,
  target: PlayActor & { readonly system: { readonly derived?: { readonly vitality?: { readonly max?: number } } } },
): number | null {
  const mark = card.targets[index]?.applied?.summary.taken;
  const found = appliedEntry(readLedger(target.getFlag(SYSTEM_ID, LEDGER_FLAG)), message.id, index);
  if (!found || found.entry.spent || typeof mark !== "number") return null;
  const change = found.entry.undo.updates.find((u) => u.path === "system.vitality.value");
  // A Vitality never set (null) was full: the track's maximum.
  const before = change?.before ?? target.system.derived?.vitality?.max ?? null;
  const taken = change
    ? typeof before === "number" && typeof change.after === "number"
      ? before - change.after
      : null
    : 0;
  return taken === mark ? taken : null;
}

/** What a follow-up's goal reads of the roller: its characteristics, Vigor, wound penalty and effects. */
type Resister = {
  readonly system: {
    readonly characteristics: Readonly<Record<string, number>>;
    readonly naturalSkills: Readonly<Record<string, number>>;
    readonly derived: { readonly woundPenalty: number; readonly bonuses?: { readonly goal?: number } };
  };
};

/**
 * The goal of a follow-up roll for this actor now, against `damage`: what the roller's card shows and
 * the GM judges again at apply (an effect's goal bonus on it then, or gone, counts as it stands).
 */
export function resistGoalOf(actor: Resister, action: ResistAction, damage: number) {
  return resistGoal(action, {
    characteristics: actor.system.characteristics,
    vigor: actor.system.naturalSkills.vigor ?? 0,
    woundPenalty: actor.system.derived.woundPenalty,
    damage,
    effects: actor.system.derived.bonuses?.goal ?? 0,
  });
}
