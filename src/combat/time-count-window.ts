import type { GroupView, RowView, TimeCountView } from "./time-count-view";

/** Heights of the tracker's parts in a long list, in px, as the stylesheet fixes them (measured on render). */
export interface WindowMetrics {
  readonly rowHeight: number;
  readonly headHeight: number;
  /** The space between two groups. */
  readonly gap: number;
}

/** The part of the group list in view: from `top` px below the list's start, `height` px tall. */
export interface WindowRange {
  readonly top: number;
  readonly height: number;
}

/** A group as drawn: only its rows in the window, with the height of those left out before and after. */
export interface WindowedGroup extends GroupView {
  readonly skipBefore: number;
  readonly skipAfter: number;
}

export interface WindowedView extends TimeCountView {
  /** The list is long enough to draw only what is in view (rows then take fixed heights). */
  readonly windowed: boolean;
  /** How many combatants the list holds, drawn or not. */
  readonly rowCount: number;
  /** The height of the whole groups left out above and below the drawn ones (0: none left out). */
  readonly spaceBefore: number;
  readonly spaceAfter: number;
  readonly groups: readonly WindowedGroup[];
  /** The stretch of the list drawn, in px from its start: scrolling out of it draws again. */
  readonly drawn: { readonly top: number; readonly bottom: number };
}

/** Lists with more combatants than this draw only the rows in view. */
export const WINDOW_THRESHOLD = 100;

/** Drawn beyond the view on each side, in px, so a short scroll needs no new drawing. */
export const OVERSCAN = 800;

/** As styles/_time-count.scss fixes them in a windowed list (the gap is 0.5rem at 16 px); each render measures. */
export const DEFAULT_METRICS: WindowMetrics = Object.freeze({ rowHeight: 56, headHeight: 20, gap: 8 });

/** Before the first measure: the top of the list, as tall as a sidebar. */
export const DEFAULT_RANGE: WindowRange = Object.freeze({ top: 0, height: 1200 });

function whole(view: TimeCountView, rowCount: number): WindowedView {
  const groups = view.groups.map((g) => ({ ...g, skipBefore: 0, skipAfter: 0 }));
  return {
    ...view,
    windowed: false,
    rowCount,
    spaceBefore: 0,
    spaceAfter: 0,
    groups,
    drawn: { top: 0, bottom: Number.POSITIVE_INFINITY },
  };
}

/**
 * The tracker's view cut to what is in view (with OVERSCAN either side): whole groups outside it become
 * one spacer above and one below, rows of a group outside it a spacer inside the group, each exactly as
 * tall as what it stands for, so the list keeps its height and the scroll bar its meaning. Short lists
 * (up to WINDOW_THRESHOLD combatants) are drawn whole.
 */
export function windowView(
  view: TimeCountView,
  range: WindowRange = DEFAULT_RANGE,
  metrics: WindowMetrics = DEFAULT_METRICS,
): WindowedView {
  const rowCount = view.groups.reduce((n, g) => n + g.rows.length, 0);
  if (rowCount <= WINDOW_THRESHOLD) return whole(view, rowCount);
  const { rowHeight: row, headHeight: head, gap } = metrics;
  const heights = view.groups.map((g) => head + g.rows.length * row);
  const total = heights.reduce((a, h) => a + h, 0) + gap * Math.max(0, heights.length - 1);
  // Never past the end: a view beyond it (the list just got shorter) shows its last stretch.
  const top = Math.max(0, Math.min(range.top - OVERSCAN, total - 1));
  const bottom = Math.max(top + 1, range.top + range.height + OVERSCAN);
  const groups: WindowedGroup[] = [];
  let y = 0;
  let before = 0;
  let skippedBefore = 0;
  let after = 0;
  let skippedAfter = 0;
  view.groups.forEach((group, i) => {
    const height = heights[i]!;
    const end = y + height;
    if (end <= top) {
      before += height;
      skippedBefore += 1;
    } else if (y >= bottom) {
      after += height;
      skippedAfter += 1;
    } else {
      const n = group.rows.length;
      const first = Math.min(n, Math.max(0, Math.floor((top - y - head) / row)));
      const last = Math.max(first, Math.min(n, Math.ceil((bottom - y - head) / row)));
      const rows: readonly RowView[] = group.rows.slice(first, last);
      groups.push({ ...group, rows, skipBefore: first * row, skipAfter: (n - last) * row });
    }
    y = end + gap;
  });
  // A spacer stands for the groups and the gaps between them; the list's own gap follows it.
  const space = (height: number, count: number) => (count ? height + gap * (count - 1) : 0);
  return {
    ...view,
    windowed: true,
    rowCount,
    spaceBefore: space(before, skippedBefore),
    spaceAfter: space(after, skippedAfter),
    groups,
    drawn: { top, bottom },
  };
}

/** Whether the view has left the drawn stretch (by more than a quarter of the overscan). */
export function leavesDrawn(drawn: WindowedView["drawn"], range: WindowRange): boolean {
  const margin = OVERSCAN / 4;
  return (drawn.top > 0 && range.top < drawn.top + margin) || range.top + range.height > drawn.bottom - margin;
}

/**
 * Reads, from the rendered tracker, where the view stands in the group list and (in a windowed list)
 * the heights of a row, a group head and the gap between groups. Self-contained (no imports), so the
 * browser test runs this very function in the page.
 */
export function measureTracker(scroller: HTMLElement): { range: WindowRange; metrics: WindowMetrics | null } {
  const list = scroller.querySelector<HTMLElement>(".anthology-tc-groups");
  if (!list) return { range: { top: 0, height: scroller.clientHeight }, metrics: null };
  const listTop = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
  const range = { top: scroller.scrollTop - listTop, height: scroller.clientHeight };
  const row = list.querySelector<HTMLElement>(".anthology-tc-row");
  const head = list.querySelector<HTMLElement>(".anthology-tc-group-head");
  if (!list.classList.contains("windowed") || !row || !head) return { range, metrics: null };
  const gap = Number.parseFloat(getComputedStyle(list).rowGap) || 0;
  return {
    range,
    metrics: { rowHeight: row.getBoundingClientRect().height, headHeight: head.getBoundingClientRect().height, gap },
  };
}
