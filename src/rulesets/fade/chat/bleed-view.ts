/** The Fade's bleed card as stored and shown: pure (its flow is in bleed.ts). */
import { whole, type CardRef, type CardSchema } from "../../../play/card";
import { HEALTH_STATE_KEYS, type HealthState } from "../rules/health";

/** A bleeding wound's tick: how much it bleeds this round. */
export interface FadeBleedData {
  readonly bleed: number;
}

export const bleedSchema: CardSchema<FadeBleedData, Record<string, never>> = {
  data: (raw) => ({ bleed: whole(raw.bleed, "bleed", 0, 1_000_000) }),
  target: () => ({}),
};

/** What the tick did (the row's summary). */
export interface FadeBleedSummary {
  readonly before: number;
  readonly after: number;
  readonly state: HealthState;
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export function bleedCardView(card: {
  data: FadeBleedData;
  targets: ReadonlyArray<CardRef & { applied: { summary: Readonly<Record<string, unknown>> } | null }>;
}) {
  return {
    bleed: card.data.bleed,
    rows: card.targets.map((t, index) => {
      const s = t.applied?.summary as Partial<FadeBleedSummary> | undefined;
      const state = s?.state && s.state in HEALTH_STATE_KEYS ? s.state : "conscious";
      return {
        index,
        name: t.name,
        applied: t.applied
          ? { before: num(s?.before), after: num(s?.after), state, healthKey: HEALTH_STATE_KEYS[state] }
          : null,
      };
    }),
  };
}
