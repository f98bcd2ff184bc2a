import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { timeCountView, type TimeCountView } from "../../src/combat/time-count-view";
import {
  DEFAULT_METRICS,
  OVERSCAN,
  WINDOW_THRESHOLD,
  leavesDrawn,
  windowView,
  type WindowMetrics,
  type WindowedView,
} from "../../src/combat/time-count-window";
import { combatantRow } from "../support/combatant-rows";

/** `n` combatants, `perTc` at each TC from 10 up, the first `defeated` of them defeated, one unrolled. */
function fight(n: number, perTc: number, defeated = 0) {
  const rows = Array.from({ length: n }, (_, i) =>
    combatantRow(
      `c${String(i).padStart(5, "0")}`,
      `NPC ${String(i).padStart(5, "0")}`,
      i === n - 1 ? null : 10 + Math.floor(i / perTc),
      {
        defeated: i < defeated,
      },
    ),
  );
  return timeCountView({ rows, tc: 10, started: true, isGM: true, canUndo: true });
}

/** The height the drawn list takes, spacers and gaps included, as the stylesheet lays it out. */
function drawnHeight(view: WindowedView, m: WindowMetrics = DEFAULT_METRICS): number {
  const parts = [
    ...(view.spaceBefore ? [view.spaceBefore] : []),
    ...view.groups.map((g) => m.headHeight + g.skipBefore + g.rows.length * m.rowHeight + g.skipAfter),
    ...(view.spaceAfter ? [view.spaceAfter] : []),
  ];
  return parts.reduce((a, h) => a + h, 0) + m.gap * Math.max(0, parts.length - 1);
}

/** The height of the list drawn whole. */
function wholeHeight(view: TimeCountView, m: WindowMetrics = DEFAULT_METRICS): number {
  return drawnHeight(windowView(view, { top: 0, height: 1e9 }, m), m);
}

describe("the tracker's window on a long list", () => {
  it("draws a short list whole", () => {
    const view = windowView(fight(WINDOW_THRESHOLD, 7));
    expect(view.windowed).toBe(false);
    expect(view.groups.flatMap((g) => g.rows)).toHaveLength(WINDOW_THRESHOLD);
    expect([view.spaceBefore, view.spaceAfter]).toEqual([0, 0]);
    expect(leavesDrawn(view.drawn, { top: 1e6, height: 500 })).toBe(false);
  });

  it("draws only the rows around the view of 5,000, keeping the list's height", () => {
    const whole = fight(5000, 50, 20);
    const top = windowView(whole, { top: 0, height: 600 });
    expect(top.windowed).toBe(true);
    expect(top.rowCount).toBe(5000);
    const drawnRows = top.groups.flatMap((g) => g.rows).length;
    expect(drawnRows).toBeLessThan(Math.ceil((600 + OVERSCAN) / DEFAULT_METRICS.rowHeight) + 2);
    expect(top.groups[0]!.kind).toBe("due");
    expect(top.spaceBefore).toBe(0);
    expect(drawnHeight(top)).toBe(wholeHeight(whole));
    const middle = windowView(whole, { top: 150_000, height: 600 });
    expect(middle.spaceBefore).toBeGreaterThan(0);
    expect(middle.spaceAfter).toBeGreaterThan(0);
    expect(drawnHeight(middle)).toBe(wholeHeight(whole));
    // The last groups: those without initiative, then the defeated.
    const end = windowView(whole, { top: 1e9, height: 600 });
    expect(end.groups.at(-1)!.kind).toBe("defeated");
    expect(end.spaceAfter).toBe(0);
    expect(drawnHeight(end)).toBe(wholeHeight(whole));
  });

  it("always draws every row the view touches, and says when the view leaves what is drawn", () => {
    const whole = fight(3000, 37, 5);
    fc.assert(
      fc.property(
        fc.integer({ min: -500, max: 200_000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.record({
          rowHeight: fc.integer({ min: 20, max: 80 }),
          headHeight: fc.integer({ min: 10, max: 40 }),
          gap: fc.integer({ min: 0, max: 16 }),
        }),
        (top, height, m) => {
          const view = windowView(whole, { top, height }, m);
          expect(drawnHeight(view, m)).toBe(wholeHeight(whole, m));
          // Lay the whole list out and check each row in view is drawn.
          const drawn = new Set(view.groups.flatMap((g) => g.rows.map((r) => r.id)));
          let y = 0;
          for (const g of whole.groups) {
            y += m.headHeight;
            for (const r of g.rows) {
              if (y + m.rowHeight > top && y < top + height) expect(drawn.has(r.id), r.id).toBe(true);
              y += m.rowHeight;
            }
            y += m.gap;
          }
          expect(view.groups.length).toBeGreaterThan(0);
          expect(leavesDrawn(view.drawn, { top, height })).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
    const view = windowView(whole, { top: 20_000, height: 600 });
    expect(leavesDrawn(view.drawn, { top: 20_000 + OVERSCAN, height: 600 })).toBe(true);
    expect(leavesDrawn(view.drawn, { top: 20_000 - OVERSCAN, height: 600 })).toBe(true);
    expect(leavesDrawn(view.drawn, { top: 20_100, height: 600 })).toBe(false);
  });
});
