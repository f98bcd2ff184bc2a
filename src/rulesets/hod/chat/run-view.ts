/** Heroes of Destiny's run card as stored and shown: pure (its apply is in kinds/run.ts, its flow in run.ts). */
import { flag, oneOf, whole, type Card } from "../../../play/card";
import type { CardViewContext } from "../../../play/kind";
import { num } from "../rules/derive";
import { ENDURANCE_DC, RUN_FAILURES, SPRINT_DC, type RunPace } from "../rules/running";
import { signed } from "./labels";

/** The card: the pace asked for, and where each check's roll is (null: not rolled). */
export interface HodRunData {
  readonly pace: RunPace;
  readonly endurance: number | null;
  readonly sprint: number | null;
  /** The penalty the endurance check took, and the Athletics modifier typed (a rank, the situation). */
  readonly penalty: number;
  readonly modifier: number;
  /** The run began with this card (as the runner's record stood when it was rolled). */
  readonly begins: boolean;
  /** The checks' totals as rolled, for the card to show (the GM's apply works them out from the dice). */
  readonly enduranceTotal: number | null;
  readonly sprintTotal: number | null;
}

/** What applying the row did, as the row shows it. */
export interface HodRunSummary {
  readonly gained: number;
  readonly fatigue: number;
  readonly failures: number;
  readonly penalty: number;
  readonly stop: "failures" | "fatigue" | null;
  readonly pace: RunPace | null;
  readonly speed: number | null;
}

const rollIndex = (v: unknown, field: string) => (v === null || v === undefined ? null : whole(v, field, 0, 8));

export const runSchema = {
  data: (raw: Record<string, unknown>): HodRunData => ({
    pace: oneOf(raw.pace, ["run", "sprint"] as const, "pace"),
    endurance: rollIndex(raw.endurance, "endurance"),
    sprint: rollIndex(raw.sprint, "sprint"),
    penalty: whole(raw.penalty ?? 0, "penalty", 0, 1000),
    modifier: whole(raw.modifier ?? 0, "modifier", -1000, 1000),
    begins: flag(raw.begins),
    enduranceTotal:
      raw.enduranceTotal === null || raw.enduranceTotal === undefined
        ? null
        : whole(raw.enduranceTotal, "enduranceTotal"),
    sprintTotal:
      raw.sprintTotal === null || raw.sprintTotal === undefined ? null : whole(raw.sprintTotal, "sprintTotal"),
  }),
  target: () => ({}),
};

const STOP_KEYS = {
  failures: "ANTHOLOGY.HoD.Run.stopFailures",
  fatigue: "ANTHOLOGY.HoD.Run.stopFatigue",
} as const;

/** The card as the template shows it: each check against its DC, and what applying did. */
export function runCardView(card: Card<HodRunData, Record<string, never>>, context: CardViewContext) {
  const d = card.data;
  const check = (index: number | null, total: number | null, dc: number) =>
    index === null
      ? null
      : {
          rollHtml: context.rollHtml[index] ?? "",
          dc,
          margin: total === null ? "" : signed(total - dc),
          success: total !== null && total >= dc,
        };
  return {
    actorName: card.actor?.name ?? "",
    titleKey: d.pace === "sprint" ? "ANTHOLOGY.HoD.Run.titleSprint" : "ANTHOLOGY.HoD.Run.titleRun",
    begins: d.begins,
    penalty: d.penalty,
    modifier: d.modifier,
    endurance: check(d.endurance, d.enduranceTotal, ENDURANCE_DC),
    sprint: check(d.sprint, d.sprintTotal, SPRINT_DC),
    rows: card.targets.map((t, index) => {
      const s = t.applied?.summary as Partial<HodRunSummary> | undefined;
      return {
        index,
        name: t.name,
        applied: t.applied
          ? {
              gained: num(s?.gained),
              fatigue: num(s?.fatigue),
              failures: num(s?.failures),
              most: RUN_FAILURES,
              penalty: num(s?.penalty),
              stopKey: s?.stop ? STOP_KEYS[s.stop] : null,
              sprinting: s?.pace === "sprint",
              speed: s?.speed ?? null,
            }
          : null,
      };
    }),
  };
}
