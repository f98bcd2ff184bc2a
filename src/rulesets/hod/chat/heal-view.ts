/** Heroes of Destiny's healing card as stored and shown: pure (its flow is in heal.ts). */
import { whole, type CardRef, type CardSchema } from "../../../play/card";
import type { CardViewContext } from "../../../play/kind";
import { num } from "../rules/derive";

/** The healing card: the amount rolled and how much of it the healer gives as Invigoration. */
export interface HodHealData {
  readonly total: number;
  readonly toInvigoration: number;
}

export const healSchema: CardSchema<HodHealData, Record<string, never>> = {
  data: (raw) => ({
    total: whole(raw.total, "total", 0, 100_000),
    toInvigoration: whole(raw.toInvigoration, "toInvigoration", 0, 100_000),
  }),
  target: () => ({}),
};

/** What applying healing did to one patient (the row's summary). */
export interface HodHealSummary {
  readonly invigoration: number;
  readonly fatigue: number;
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
    rollHtml: context.rollHtml[0] ?? "",
    rows: card.targets.map((t, index) => {
      const s = t.applied?.summary as Partial<HodHealSummary> | undefined;
      return {
        index,
        name: t.name,
        applied: t.applied ? { invigoration: num(s?.invigoration), fatigue: num(s?.fatigue) } : null,
      };
    }),
  };
}
