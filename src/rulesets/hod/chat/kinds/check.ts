/** A 3d6 check's card, and the checks to stay conscious that other cards' buttons roll. */
import type { Card } from "../../../../play/card";
import { rowRecord } from "../../../../play/cards";
import { resolve, type PlayMessage } from "../../../../play/documents";
import type { CardAction, CardKind } from "../../../../play/kind";
import { num } from "../../rules/derive";
import { consciousnessDc } from "../../rules/health";
import { checkSchema, type FatigueCheckData, type HodCheckData, type HodSpecialData } from "../card-data";
import { isHodActor, type HodActor } from "../documents";
import { hodFlows, type ButtonPress } from "../flow-registry";
import { checkCardView } from "../views";
import { HOD_CARD_TEMPLATES } from "./templates";

export const hodCheckKind: CardKind<HodCheckData, Record<string, never>> = {
  id: "check",
  template: HOD_CARD_TEMPLATES.check,
  schema: checkSchema,
  view: checkCardView,
};

/** The DC of an actor's check to stay conscious as its track stands now (null: fatigue is below its HP). */
export function dcNow(actor: HodActor | null): number | null {
  if (!actor || !isHodActor(actor)) return null;
  const s = actor.system;
  return consciousnessDc({ hp: num(s.hp?.value), invigoration: num(s.invigoration), fatigue: num(s.fatigue) });
}

/** The mark of a row action done once for its apply (kept on the target with the apply's record). */
export const CONSCIOUSNESS = "consciousness";

/** A card as the row check reads it: each row's applied mark. */
export type HitCard = Card<unknown, Readonly<Record<string, unknown>>>;

function consciousnessDue(card: HitCard, target: number | null, message: PlayMessage): boolean {
  const row = target === null ? undefined : card.targets[target];
  if (!row?.applied || typeof row.applied.summary.unconsciousCheck !== "number") return false;
  const record = rowRecord(message, card, target!);
  return record.applied && !record.done.includes(CONSCIOUSNESS) && dcNow(resolve<HodActor>(row.uuid)) !== null;
}

/**
 * The check to stay conscious after a hit, on its row: offered to the target's owners once the hit is
 * applied (on record on the target) and called for the check, while fatigue still is at or above the
 * target's HP; the DC is read from the target's track now, not from the card. Rolled once per apply:
 * the target keeps that it was rolled with the apply's record, so an undo offers it again.
 */
export function consciousnessAction<D, T>(): CardAction<D, T> {
  return {
    who: "targetOwner",
    enabled: (card, target, message) => consciousnessDue(card as unknown as HitCard, target, message),
    run: (press) => hodFlows.flow("consciousness")(press as ButtonPress<unknown, unknown>),
  };
}

/**
 * The performer's check to stay conscious when a special action's fatigue catches up with its HP: for
 * the performer's owners, once (the card keeps that it was rolled), against the DC its track gives now.
 */
export const fatigueCheckAction: CardAction<HodSpecialData, unknown> = fatigueCheckOf<HodSpecialData>();

/** The same check on a card of any kind whose data keeps the DC it called for and whether it was rolled. */
export function fatigueCheckOf<D extends FatigueCheckData>(): CardAction<D, unknown> {
  return {
    who: "actorOwner",
    enabled: (card) =>
      typeof card.data.unconsciousCheck === "number" &&
      card.data.checked !== true &&
      dcNow(resolve<HodActor>(card.actor?.uuid)) !== null,
    run: (press) => hodFlows.flow("fatigueCheck")(press as ButtonPress<FatigueCheckData, unknown>),
  };
}
