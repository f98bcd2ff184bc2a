/** Heroes of Destiny's poison card as stored and shown: pure (its flow is in poison.ts). */
import { oneOf, text, whole, type CardRef, type CardSchema } from "../../../play/card";
import type { CardViewContext } from "../../../play/kind";
import { DAMAGEABLE_ATTRIBUTES } from "../rules/afflictions";
import type { PoisonTrack } from "../rules/poison";
import { HOD_ATTRIBUTE_KEYS } from "../data/labels";

export const TRACKS = ["hp", "fatigue", ...DAMAGEABLE_ATTRIBUTES] as PoisonTrack[];
export const TRACK_KEYS: Record<string, string> = {
  hp: "ANTHOLOGY.HoD.Fields.hp.value.label",
  fatigue: "ANTHOLOGY.HoD.Fields.fatigue.label",
  ...Object.fromEntries(DAMAGEABLE_ATTRIBUTES.map((a) => [a, HOD_ATTRIBUTE_KEYS[a].label])),
};

/** An ongoing or delayed poison's description: `times` doses every `every` TC, the first after `delay`. */
export interface PoisonPlan {
  readonly every: number;
  readonly times: number;
  readonly delay: number;
}

/** The poison card: the poison's name, what it damages, the dose rolled, and its schedule (first dose only). */
export interface HodPoisonData {
  readonly name: string;
  readonly track: PoisonTrack;
  readonly total: number;
  readonly plan: PoisonPlan | null;
}

export function planOf(raw: unknown): PoisonPlan | null {
  const p = raw as Record<string, unknown> | null;
  if (!p || typeof p !== "object") return null;
  const times = whole(p.times, "times", 0, 1000);
  if (times < 1) return null;
  return { every: whole(p.every, "every", 1, 100_000), times, delay: whole(p.delay, "delay", 0, 100_000) };
}

export const poisonSchema: CardSchema<HodPoisonData, Record<string, never>> = {
  data: (raw) => ({
    name: text(raw.name ?? "", "name"),
    track: oneOf(raw.track, TRACKS, "track"),
    total: whole(raw.total, "total", 0, 100_000),
    plan: planOf(raw.plan),
  }),
  target: () => ({}),
};

export function poisonCardView(
  card: {
    actor: CardRef | null;
    data: HodPoisonData;
    targets: ReadonlyArray<CardRef & { applied: { summary: Readonly<Record<string, unknown>> } | null }>;
  },
  context: CardViewContext,
) {
  const d = card.data;
  return {
    name: d.name,
    total: d.total,
    trackKey: TRACK_KEYS[d.track],
    plan: d.plan,
    rollHtml: context.rollHtml[0] ?? "",
    rows: card.targets.map((t, index) => ({
      index,
      name: t.name,
      applied: t.applied ? { check: t.applied.summary.unconsciousCheck ?? null } : null,
    })),
  };
}
