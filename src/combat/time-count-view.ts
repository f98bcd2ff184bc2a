import type { TrackerMarker, TrackerTrack } from "./time-count-actions";

/** One combatant as the tracker needs it, read from the Combatant document. */
export interface CombatantRow {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  /** The TC of its next action; null until initiative is rolled. */
  readonly initiative: number | null;
  readonly defeated: boolean;
  readonly hidden: boolean;
  /** The viewing user owns it (a GM owns everyone). */
  readonly owner: boolean;
  readonly surprised: boolean;
  readonly unsteady: boolean;
  /** The rule set's numbers for it (HP, fatigue ...): empty unless the viewer owns it or is a GM. */
  readonly tracks?: readonly TrackerTrack[];
  /** The rule set's condition markers for it. */
  readonly markers?: readonly TrackerMarker[];
}

export interface RowView extends CombatantRow {
  /** Due at the current TC and not yet acted. */
  readonly due: boolean;
  /** Waiting for a later TC. */
  readonly waiting: boolean;
  readonly canAct: boolean;
  readonly canDelay: boolean;
  readonly canRoll: boolean;
}

export interface GroupView {
  /** The group's TC; null for those without initiative, and for the defeated. */
  readonly tc: number | null;
  readonly kind: "due" | "waiting" | "unrolled" | "defeated";
  /** The group's heading (i18n key; `{tc}` is filled from `tc`). */
  readonly labelKey: string;
  /** More than one combatant acts at this TC: all dice are rolled before any effect applies. */
  readonly simultaneous: boolean;
  readonly rows: readonly RowView[];
}

export interface TimeCountView {
  readonly started: boolean;
  readonly tc: number;
  readonly isGM: boolean;
  readonly canUndo: boolean;
  /** The TC the next Advance moves to, when anyone is waiting. */
  readonly nextTc: number | null;
  readonly groups: readonly GroupView[];
}

const byName = (a: CombatantRow, b: CombatantRow) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The tracker's view of a Time Count combat: groups by next TC, ascending; everyone sharing a TC is
 * one simultaneous group; those due now first, then the waiting, those with no initiative, the defeated.
 */
export function timeCountView(input: {
  readonly rows: readonly CombatantRow[];
  readonly tc: number;
  readonly started: boolean;
  readonly isGM: boolean;
  readonly canUndo: boolean;
}): TimeCountView {
  const { tc, started, isGM } = input;
  const byTc = new Map<number, RowView[]>();
  const unrolled: RowView[] = [];
  const defeated: RowView[] = [];
  for (const row of [...input.rows].sort(byName)) {
    const due = started && !row.defeated && row.initiative !== null && row.initiative <= tc;
    const view: RowView = {
      ...row,
      due,
      waiting: !row.defeated && row.initiative !== null && !due,
      canAct: due && (isGM || row.owner),
      canDelay: !row.defeated && row.initiative !== null && (isGM || row.owner),
      canRoll: row.initiative === null && !row.defeated && (isGM || row.owner),
    };
    if (row.defeated) defeated.push(view);
    else if (row.initiative === null) unrolled.push(view);
    else {
      // An overdue combatant (revived after its TC passed) is due now, with those at the current TC.
      const at = due ? tc : row.initiative;
      byTc.set(at, [...(byTc.get(at) ?? []), view]);
    }
  }
  const groups: GroupView[] = [...byTc]
    .sort(([a], [b]) => a - b)
    .map(([at, rows]) => {
      const due = rows[0]!.due;
      return {
        tc: at,
        kind: due ? "due" : "waiting",
        labelKey: due ? "ANTHOLOGY.TimeCount.Group.due" : "ANTHOLOGY.TimeCount.Group.waiting",
        simultaneous: rows.length > 1,
        rows,
      };
    });
  const last = (kind: "unrolled" | "defeated", labelKey: string, rows: RowView[]) => {
    if (rows.length) groups.push({ tc: null, kind, labelKey, simultaneous: false, rows });
  };
  last("unrolled", "ANTHOLOGY.TimeCount.Group.unrolled", unrolled);
  last("defeated", "ANTHOLOGY.TimeCount.Group.defeated", defeated);
  const waiting = groups.find((g) => g.kind === "waiting");
  return {
    started,
    tc,
    isGM,
    canUndo: input.canUndo,
    nextTc: waiting?.tc ?? null,
    groups,
  };
}
