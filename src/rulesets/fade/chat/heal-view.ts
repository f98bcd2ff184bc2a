/** The Fade's heal card as stored and shown: pure (its flow is in heal.ts). */
import { text, whole, type CardRef, type CardSchema } from "../../../play/card";
import { HEALTH_STATE_KEYS, type HealthState } from "../rules/health";

/** A heal: the HP it gives each target (before any Resistance bonus), and where it comes from. */
export interface FadeHealData {
  readonly amount: number;
  /** What heals (a spell, a potion, first aid): the healer's words, shown as text. */
  readonly source: string;
}

export const HEAL_AMOUNT_BOUND = 1000;

export const healSchema: CardSchema<FadeHealData, Record<string, never>> = {
  data: (raw) => ({
    amount: whole(raw.amount, "amount", 0, HEAL_AMOUNT_BOUND),
    source: text(raw.source ?? "", "source").slice(0, 200),
  }),
  target: () => ({}),
};

/** What the heal did to a target (the row's summary). */
export interface FadeHealSummary {
  readonly amount: number;
  readonly bonus: number;
  readonly resistance: "holy" | "unholy" | null;
  readonly before: number;
  readonly after: number;
  readonly healed: number;
  readonly state: HealthState;
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

const BONUS_KEYS = {
  holy: "ANTHOLOGY.Fade.Heal.holyBonus",
  unholy: "ANTHOLOGY.Fade.Heal.unholyBonus",
} as const;

export function healCardView(card: {
  actor: CardRef | null;
  data: FadeHealData;
  targets: ReadonlyArray<CardRef & { applied: { summary: Readonly<Record<string, unknown>> } | null }>;
}) {
  return {
    actorName: card.actor?.name ?? "",
    amount: card.data.amount,
    source: card.data.source,
    rows: card.targets.map((t, index) => {
      const s = t.applied?.summary as Partial<FadeHealSummary> | undefined;
      const state = s?.state && s.state in HEALTH_STATE_KEYS ? s.state : "conscious";
      const resistance = s?.resistance === "holy" || s?.resistance === "unholy" ? s.resistance : null;
      return {
        index,
        name: t.name,
        applied: t.applied
          ? {
              before: num(s?.before),
              after: num(s?.after),
              healed: num(s?.healed),
              bonus: num(s?.bonus),
              bonusKey: resistance ? BONUS_KEYS[resistance] : null,
              healthKey: HEALTH_STATE_KEYS[state],
            }
          : null,
      };
    }),
  };
}
