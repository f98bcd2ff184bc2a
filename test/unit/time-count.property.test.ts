import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTimeCount, type TimeCountState } from "../../src/time-count/time-count";
import { TimeCountError } from "../../src/time-count/time-count-error";

type Op =
  | { kind: "join"; id: string; offset: number }
  | { kind: "advance" }
  | { kind: "acted"; pick: number; sf: number }
  | { kind: "delay"; pick: number; by: number }
  | { kind: "leave"; id: string }
  | { kind: "undo" }
  | { kind: "schedule"; id: string; offset: number }
  | { kind: "moveTo"; by: number }
  | { kind: "bad"; which: number };

const ids = fc.constantFrom("a", "b", "c", "d", "e", "f");
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("join" as const), id: ids, offset: fc.integer({ min: -3, max: 12 }) }),
  fc.record({ kind: fc.constant("advance" as const) }),
  fc.record({ kind: fc.constant("advance" as const) }),
  fc.record({ kind: fc.constant("acted" as const), pick: fc.nat(), sf: fc.integer({ min: 0, max: 22 }) }),
  fc.record({ kind: fc.constant("acted" as const), pick: fc.nat(), sf: fc.integer({ min: 0, max: 22 }) }),
  fc.record({ kind: fc.constant("delay" as const), pick: fc.nat(), by: fc.integer({ min: -2, max: 8 }) }),
  fc.record({ kind: fc.constant("leave" as const), id: ids }),
  fc.record({ kind: fc.constant("undo" as const) }),
  fc.record({ kind: fc.constant("schedule" as const), id: ids, offset: fc.integer({ min: -2, max: 12 }) }),
  fc.record({ kind: fc.constant("moveTo" as const), by: fc.integer({ min: -1, max: 6 }) }),
  fc.record({ kind: fc.constant("bad" as const), which: fc.integer({ min: 0, max: 3 }) }),
);

/** A model of the count as plain data, stepped by the same operations the slow, obvious way. */
function lowest(state: TimeCountState): number | undefined {
  return state.entries.length ? Math.min(...state.entries.map((e) => e.tc)) : undefined;
}

describe("Time Count (property tests)", () => {
  it("loses and duplicates nobody, never goes backward but through undo, and advances everyone due together", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const tc = createTimeCount();
        const present = new Set<string>();
        const history: TimeCountState[] = [];
        for (const o of ops) {
          const before = tc.state();
          let changed = true;
          try {
            switch (o.kind) {
              case "join":
                tc.join(o.id, tc.current + o.offset);
                present.add(o.id);
                break;
              case "advance": {
                const expected = lowest(before);
                const step = tc.advance();
                if (expected === undefined) {
                  expect(step.acting).toEqual([]);
                  expect(step.tc).toBe(before.current);
                } else {
                  expect(step.tc).toBe(expected);
                  // Everyone at that TC, and nobody else, acts at once.
                  const due = before.entries.filter((e) => e.tc === expected).map((e) => e.id);
                  expect([...step.acting].sort()).toEqual([...due].sort());
                }
                changed = step.tc !== before.current;
                break;
              }
              case "acted": {
                const due = tc.due();
                const id = due.length ? due[o.pick % due.length]! : "a";
                expect(tc.acted(id, o.sf)).toBe(tc.current + o.sf);
                break;
              }
              case "delay": {
                const entry = before.entries[o.pick % Math.max(1, before.entries.length)];
                tc.delay(entry?.id ?? "zz", (entry?.tc ?? 0) + o.by);
                break;
              }
              case "leave":
                changed = tc.leave(o.id);
                expect(changed).toBe(present.delete(o.id));
                break;
              case "undo": {
                const back = history.pop();
                expect(tc.undo()).toBe(back !== undefined);
                if (back) {
                  expect(tc.state()).toEqual(back);
                  present.clear();
                  for (const e of back.entries) present.add(e.id);
                }
                changed = false;
                break;
              }
              case "schedule": {
                const at = tc.current + o.offset;
                changed = tc.schedule(o.id, at);
                expect(changed).toBe(before.entries.find((e) => e.id === o.id)?.tc !== at);
                expect(tc.tcOf(o.id)).toBe(at);
                present.add(o.id);
                break;
              }
              case "moveTo": {
                const to = tc.current + o.by;
                tc.moveTo(to);
                // Nobody was waiting before `to`.
                expect(before.entries.every((e) => e.tc >= to)).toBe(true);
                expect(tc.current).toBe(to);
                changed = o.by !== 0;
                break;
              }
              case "bad":
                [
                  () => tc.join("n", Number.NaN),
                  () => tc.acted(before.entries[0]?.id ?? "a", -Infinity),
                  () => tc.delay(before.entries[0]?.id ?? "a", Infinity),
                  () => tc.join("m", tc.current - 1),
                ][o.which]!();
                break;
            }
            if (changed) history.push(before);
            // Never backward, except through undo.
            if (o.kind !== "undo") expect(tc.current).toBeGreaterThanOrEqual(before.current);
          } catch (error) {
            if (!(error instanceof TimeCountError)) throw error;
            // A refusal changes nothing.
            expect(tc.state()).toEqual(before);
          }
          const state = tc.state();
          const seen = state.entries.map((e) => e.id);
          expect(new Set(seen).size).toBe(seen.length);
          expect([...seen].sort()).toEqual([...present].sort());
          for (const e of state.entries) expect(e.tc).toBeGreaterThanOrEqual(state.current);
          for (let i = 1; i < state.entries.length; i += 1) {
            expect(state.entries[i]!.tc).toBeGreaterThanOrEqual(state.entries[i - 1]!.tc);
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1500) },
    );
  });
});
