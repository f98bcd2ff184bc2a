/** Heroes of Destiny's spell card as stored and shown: pure (its flows are in spell.ts). */
import { CardError, flag, oneOf, ref, whole, type CardRef, type CardSchema } from "../../../play/card";
import type { CardViewContext } from "../../../play/kind";
import { readSchedule } from "./card-data";
import type { ScheduleInfo } from "./schedule";
import { scheduleLine } from "./views";

export const SPELL_EVENTS = Object.freeze(["prepare", "charge", "release", "abandon", "cast", "lost"] as const);
export type SpellEvent = (typeof SPELL_EVENTS)[number];

/** A spell card: what the caster did with its spell, the DC and fatigue it stands at, a cast's check. */
export interface HodSpellData {
  readonly event: SpellEvent;
  readonly item: CardRef;
  readonly dc: number;
  readonly fatigue: number;
  readonly charges: number;
  /** The casting time still running (prepare), or over. */
  readonly prepared: boolean;
  readonly check: { readonly total: number; readonly success: boolean; readonly takeTen: boolean } | null;
  readonly schedule: ScheduleInfo;
  /** A grabbed caster's Arcana (Con) check, rolled first (the message's first roll); failed, nothing is cast. */
  readonly grabbed?: { readonly dc: number; readonly total: number; readonly success: boolean } | null;
  /** The DC of the caster's check to stay conscious the cast's fatigue called for (none on older cards). */
  readonly unconsciousCheck?: number | null;
  /** That check was rolled from the card. */
  readonly checked?: boolean;
}

export const spellSchema: CardSchema<HodSpellData, Record<string, never>> = {
  data: (raw) => {
    const c = raw.check;
    let check: HodSpellData["check"] = null;
    if (c !== null && c !== undefined) {
      if (typeof c !== "object") throw new CardError("check is not a check");
      const r = c as Record<string, unknown>;
      check = { total: whole(r.total, "check.total", -1000, 1000), success: flag(r.success), takeTen: flag(r.takeTen) };
    }
    const g = raw.grabbed as Record<string, unknown> | null | undefined;
    const grabbed =
      g && typeof g === "object"
        ? {
            dc: whole(g.dc, "grabbed.dc", 0, 10_000),
            total: whole(g.total, "grabbed.total", -1000, 1000),
            success: flag(g.success),
          }
        : null;
    return {
      event: oneOf(raw.event, SPELL_EVENTS, "event"),
      item: ref(raw.item, "item"),
      dc: whole(raw.dc, "dc", 0, 10_000),
      fatigue: whole(raw.fatigue, "fatigue", 0, 10_000),
      charges: whole(raw.charges, "charges", 0, 10_000),
      prepared: flag(raw.prepared),
      check,
      schedule: readSchedule(raw.schedule),
      grabbed,
      unconsciousCheck:
        raw.unconsciousCheck === null || raw.unconsciousCheck === undefined
          ? null
          : whole(raw.unconsciousCheck, "unconsciousCheck", 0, 10_000),
      checked: flag(raw.checked),
    };
  },
  target: () => ({}),
};

const TITLES: Readonly<Record<SpellEvent, string>> = Object.freeze({
  prepare: "ANTHOLOGY.HoD.Card.Spell.prepare",
  charge: "ANTHOLOGY.HoD.Card.Spell.charge",
  release: "ANTHOLOGY.HoD.Card.Spell.release",
  abandon: "ANTHOLOGY.HoD.Card.Spell.abandon",
  cast: "ANTHOLOGY.HoD.Card.Spell.cast",
  lost: "ANTHOLOGY.HoD.Card.Spell.lost",
});

export function spellCardView(card: { actor: CardRef | null; data: HodSpellData }, context: CardViewContext) {
  const d = card.data;
  const name = card.actor?.name ?? "";
  return {
    titleKey: TITLES[d.event],
    actorName: name,
    spell: d.item.name,
    dc: d.dc,
    fatigue: d.fatigue,
    charges: d.charges,
    preparing: d.event === "prepare" && !d.prepared,
    showNumbers: d.event !== "abandon" && d.event !== "lost",
    check: d.check,
    rollHtml: context.rollHtml[d.grabbed ? 1 : 0] ?? "",
    grabbed: d.grabbed ? { ...d.grabbed, rollHtml: context.rollHtml[0] ?? "" } : null,
    schedule: scheduleLine(d.schedule, name),
    unconsciousCheck: d.unconsciousCheck ?? null,
  };
}
