/** Heroes of Destiny's healing card as stored and shown: pure (its flow is in heal.ts). */
import { whole, type CardRef, type CardSchema } from "../../../play/card";
import type { CardViewContext } from "../../../play/kind";
import { num } from "../rules/derive";
import { isBonusDuration } from "../rules/bonus-hp";

/** The healing card: the amount rolled and how much of it the healer gives as Invigoration. */
export interface HodHealData {
  readonly total: number;
  readonly toInvigoration: number;
  /** Bonus HP instead of healing: how long it lasts ("" until lost), and for "tc" how many TC. */
  readonly bonus: { readonly kind: string; readonly tcs: number } | null;
  /** A spell that heals poison: its points reach poisoned HP and fatigue too. */
  readonly curesPoison: boolean;
}

export const healSchema: CardSchema<HodHealData, Record<string, never>> = {
  data: (raw) => ({
    total: whole(raw.total, "total", 0, 100_000),
    toInvigoration: whole(raw.toInvigoration, "toInvigoration", 0, 100_000),
    bonus: bonusOf(raw.bonus),
    curesPoison: raw.curesPoison === true,
  }),
  target: () => ({}),
};

/** A grant of bonus HP as a card or a roll's request says it (untrusted): null when it is none. */
export function bonusOf(raw: unknown): HodHealData["bonus"] {
  const b = raw as { kind?: unknown; tcs?: unknown } | null;
  if (!b || typeof b !== "object" || !isBonusDuration(b.kind)) return null;
  return { kind: b.kind, tcs: whole(b.kind === "tc" ? (b.tcs ?? 1) : 0, "tcs", 0, 100_000) };
}

const BONUS_KEYS = {
  "": "ANTHOLOGY.HoD.Card.Heal.bonusUntilLost",
  tc: "ANTHOLOGY.HoD.Card.Heal.bonusTc",
  encounter: "ANTHOLOGY.HoD.Card.Heal.bonusEncounter",
  rest: "ANTHOLOGY.HoD.Card.Heal.bonusRest",
} as const;

/** What applying healing did to one patient (the row's summary): bonus HP granted (0 when a larger pool stayed). */
export interface HodHealSummary {
  readonly invigoration: number;
  readonly fatigue: number;
  readonly bonus?: number;
}

export function healCardView(
  card: {
    actor: CardRef | null;
    data: HodHealData;
    targets: ReadonlyArray<CardRef & { applied: { summary: Readonly<Record<string, unknown>> } | null }>;
  },
  context: CardViewContext,
) {
  const d = card.data;
  const toInvigoration = Math.min(d.toInvigoration, d.total);
  return {
    actorName: card.actor?.name ?? "",
    total: d.total,
    toInvigoration,
    toFatigue: d.total - toInvigoration,
    bonusKey: d.bonus ? BONUS_KEYS[d.bonus.kind as keyof typeof BONUS_KEYS] : null,
    tcs: d.bonus?.tcs ?? 0,
    curesPoison: d.curesPoison,
    rollHtml: context.rollHtml[0] ?? "",
    rows: card.targets.map((t, index) => {
      const s = t.applied?.summary as Partial<HodHealSummary> | undefined;
      return {
        index,
        name: t.name,
        applied: t.applied
          ? { invigoration: num(s?.invigoration), fatigue: num(s?.fatigue), bonus: d.bonus ? num(s?.bonus) : null }
          : null,
      };
    }),
  };
}
