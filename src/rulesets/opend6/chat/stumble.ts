/**
 * A stumble at the table (a knockdown, push or trip): the target bears the stumbled status until its
 * next Reflexes or Reflexes-based roll, which takes 2D less and ends it. The roller's client takes the
 * dice and ends the status; the GM's apply refuses a Reflexes roll that left out a stumble standing on
 * its roller since before the roll (made by an apply recorded on it).
 */
import { SYSTEM_ID } from "../../../constants";
import { LEDGER_FLAG, readLedger } from "../../../play/ledger";
import { STUMBLE_STATUS } from "../rules";
import type { OpenD6RollChoices } from "./dialog-form";

interface EffectLike {
  readonly id: string;
  readonly statuses: ReadonlySet<string>;
}

/** An actor as a stumble is read from and ended on. */
export interface StumblerLike {
  readonly effects?: Iterable<EffectLike>;
  getFlag?(scope: string, key: string): unknown;
  deleteEmbeddedDocuments?(name: "ActiveEffect", ids: string[]): Promise<unknown>;
}

const stumbles = (actor: StumblerLike) => [...(actor.effects ?? [])].filter((e) => e.statuses.has(STUMBLE_STATUS));

/** The choices of a roll, with the stumble taken when the actor stumbled and the roll is Reflexes-based. */
export function withStumble(actor: StumblerLike, choices: OpenD6RollChoices, reflexes: boolean): OpenD6RollChoices {
  return reflexes && stumbles(actor).length > 0 ? { ...choices, stumbled: true } : choices;
}

/** Ends the actor's stumble once a roll took it. */
export async function endStumble(actor: StumblerLike, choices: OpenD6RollChoices): Promise<void> {
  const ids = stumbles(actor).map((e) => e.id);
  if (choices.stumbled && ids.length) await actor.deleteEmbeddedDocuments?.("ActiveEffect", ids);
}

/** Whether a stumble an apply put on the actor before `since` still stands on it (a roll then had to take it). */
export function stumbleStood(actor: StumblerLike, since: number | undefined): boolean {
  if (since === undefined) return false;
  const standing = new Set(stumbles(actor).map((e) => e.id));
  return [...readLedger(actor.getFlag?.(SYSTEM_ID, LEDGER_FLAG)).values()].some(
    (entry) => entry.at <= since && entry.undo.effects.some((id) => standing.has(id)),
  );
}

/** The stumbled status a knockdown, push or trip puts on its target. */
export function stumbleEffect(): object {
  return {
    name: game.i18n!.localize("ANTHOLOGY.OpenD6.Status.stumbled"),
    img: "icons/svg/falling.svg",
    statuses: [STUMBLE_STATUS],
    description: game.i18n!.localize("ANTHOLOGY.OpenD6.Status.stumbledNote"),
  };
}
