import { describe, expect, it } from "vitest";
import { TimeCount, createTimeCount } from "../../src/time-count/time-count";
import { TimeCountError } from "../../src/time-count/time-count-error";
import { roll, scriptedDie } from "../../src/dice";
import { actionSpeedFactor } from "../../src/rulesets/hod/rules/action-speed";
import { combatAction } from "../../src/rulesets/hod/rules/actions";
import { initiativeBonusOf, initiativeFormula } from "../../src/rulesets/hod/rules/initiative";
import { hodApi } from "../../src/rulesets/hod/rules/api";

function refused(fn: () => unknown): TimeCountError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(TimeCountError);
    return error as TimeCountError;
  }
  throw new Error("expected a refusal");
}

describe("Time Count: the text's example", () => {
  it("Zherynn, Aeus (surprised) and Garret act in the order the text gives", () => {
    // Initiative rolls 1d6+4: Zherynn rolls 2 (6), Garret 3 (7), Aeus 4 (8) +1d6 for surprise, a 5: 13.
    const zherynn = roll(initiativeFormula(), { die: scriptedDie([2]) }).total;
    const aeus = roll(initiativeFormula({}, { surprised: true }), { die: scriptedDie([4, 5]) }).total;
    const garret = roll(initiativeFormula(), { die: scriptedDie([3]) }).total;
    expect([zherynn, aeus, garret]).toEqual([6, 13, 7]);

    const tc = createTimeCount();
    expect(tc.current).toBe(0);
    tc.join("zherynn", 0 + zherynn);
    tc.join("aeus", 0 + aeus);
    tc.join("garret", 0 + garret);
    expect(tc.queue.map((e) => e.id)).toEqual(["zherynn", "garret", "aeus"]);

    expect(tc.advance()).toEqual({ tc: 6, acting: ["zherynn"] });
    // The dagger's SF is 6 (a Fast weapon's static SF); 6 + 6 = 12.
    const dagger = actionSpeedFactor(combatAction("attack")!, { weaponClass: "fast", static: true });
    expect(tc.acted("zherynn", dagger)).toBe(12);

    expect(tc.advance()).toEqual({ tc: 7, acting: ["garret"] });
    // The long sword's SF is 9 (Standard); 7 + 9 = 16.
    const sword = actionSpeedFactor(combatAction("attack")!, { weaponClass: "standard", static: true });
    expect(tc.acted("garret", sword)).toBe(16);

    expect(tc.advance()).toEqual({ tc: 12, acting: ["zherynn"] });
    tc.acted("zherynn", dagger);
    expect(tc.advance()).toEqual({ tc: 13, acting: ["aeus"] });
    expect(tc.queue).toEqual([
      { id: "aeus", tc: 13 },
      { id: "garret", tc: 16 },
      { id: "zherynn", tc: 18 },
    ]);
  });
});

describe("Time Count: initiative modifiers", () => {
  it('"Typical bonuses include the Wisdom attribute, and frequent penalties include being stunned or surprised": a bonus comes off the roll', () => {
    // The lowest number acts first, so Wisdom and a bonus are taken off the 1d6 + 4.
    expect(initiativeFormula({ wisdom: 2 })).toBe("1d6 + 4 - 2");
    expect(initiativeFormula({ wisdom: 2, initiativeBonus: 1 })).toBe("1d6 + 4 - 3");
    // A negative Wisdom or a negative bonus (a penalty) adds; damage to Wisdom lowers the bonus.
    expect(initiativeFormula({ wisdom: -1 })).toBe("1d6 + 4 + 1");
    expect(initiativeFormula({ wisdom: 1, initiativeBonus: -3 })).toBe("1d6 + 4 + 2");
    expect(initiativeBonusOf({ wisdom: 2, attributeDamage: { wisdom: 2 } })).toBe(0);
    expect(initiativeFormula({ wisdom: 1 }, { surprised: true })).toBe("1d6 + 4 + 1d6 - 1");
    // Stored as `{ value }` or nested under `attributes`, the same number.
    expect(initiativeBonusOf({ attributes: { wisdom: { value: 3 } } })).toBe(3);
    expect(hodApi.initiativeBonusOf).toBe(initiativeBonusOf);
    // Zherynn (Wisdom 2) rolling a 2 acts at TC 4, before a Wisdom 0 fighter rolling the same.
    expect(roll(initiativeFormula({ wisdom: 2 }), { die: scriptedDie([2]) }).total).toBe(4);
    expect(roll(initiativeFormula({ wisdom: 0 }), { die: scriptedDie([2]) }).total).toBe(6);
  });
});

describe("Time Count: scheduling", () => {
  it("everyone due at the same TC acts together, in the order they were scheduled", () => {
    const tc = createTimeCount();
    tc.join("a", 7);
    tc.join("b", 5);
    tc.join("c", 7);
    expect(tc.advance()).toEqual({ tc: 5, acting: ["b"] });
    tc.acted("b", 2);
    // b was scheduled for TC 7 after a and c joined there.
    expect(tc.advance()).toEqual({ tc: 7, acting: ["a", "c", "b"] });
  });

  it("does not move past anyone due who has not acted", () => {
    const tc = createTimeCount();
    tc.join("a", 5);
    tc.join("b", 5);
    tc.advance();
    tc.acted("a", 4);
    expect(tc.advance()).toEqual({ tc: 5, acting: ["b"] });
    expect(tc.due()).toEqual(["b"]);
  });

  it("a free action (SF 0) leaves the actor due at the same TC", () => {
    const tc = createTimeCount();
    tc.join("a", 5);
    tc.advance();
    expect(tc.acted("a", 0)).toBe(5);
    expect(tc.advance()).toEqual({ tc: 5, acting: ["a"] });
  });

  it("with nobody left, advancing returns no one and keeps the count", () => {
    const tc = createTimeCount();
    tc.join("a", 5);
    tc.advance();
    tc.leave("a");
    expect(tc.advance()).toEqual({ tc: 5, acting: [] });
  });

  it("joins mid-fight, delays and leaves", () => {
    const tc = createTimeCount();
    tc.join("a", 6);
    tc.advance();
    tc.join("late", 6 + 7);
    tc.acted("a", 9);
    expect(tc.delay("late", 20)).toBe(20);
    expect(tc.queue.map((e) => [e.id, e.tc])).toEqual([
      ["a", 15],
      ["late", 20],
    ]);
    expect(tc.leave("a")).toBe(true);
    expect(tc.leave("a")).toBe(false);
    expect(tc.advance()).toEqual({ tc: 20, acting: ["late"] });
  });

  it("brings an abandoned action forward to the following count", () => {
    const tc = createTimeCount();
    tc.join("caster", 6);
    tc.join("b", 8);
    tc.advance();
    // The caster prepares a spell with a casting time of 9: next at 15.
    tc.acted("caster", 9);
    expect(tc.advance()).toEqual({ tc: 8, acting: ["b"] });
    // At 8 the caster abandons it and acts again at the following count.
    expect(tc.cutShort("caster", 9)).toBe(9);
    tc.acted("b", 5);
    expect(tc.advance()).toEqual({ tc: 9, acting: ["caster"] });
  });

  it("round-trips its state", () => {
    const tc = createTimeCount();
    tc.join("a", 6);
    tc.join("b", 6);
    tc.join("c", 9);
    tc.advance();
    tc.acted("a", 3);
    const copy = new TimeCount(tc.state());
    expect(copy.current).toBe(6);
    expect(copy.queue).toEqual(tc.queue);
    expect(copy.advance()).toEqual(tc.advance());
  });
});

describe("Time Count: refusals leave the count as it was", () => {
  const started = () => {
    const tc = createTimeCount();
    tc.join("a", 6);
    tc.join("b", 8);
    tc.advance();
    return tc;
  };

  it.each([
    ["a join before the current TC", (tc: TimeCount) => tc.join("c", 5), "inThePast"],
    ["a join twice", (tc: TimeCount) => tc.join("a", 9), "duplicate"],
    ["a non-finite initiative", (tc: TimeCount) => tc.join("c", Number.NaN), "notFinite"],
    ["an infinite speed factor", (tc: TimeCount) => tc.acted("a", Infinity), "notFinite"],
    ["a negative speed factor", (tc: TimeCount) => tc.acted("a", -1), "negativeSpeed"],
    ["acting before one's TC", (tc: TimeCount) => tc.acted("b", 3), "notDue"],
    ["acting when unknown", (tc: TimeCount) => tc.acted("z", 3), "unknown"],
    ["a delay to an earlier TC", (tc: TimeCount) => tc.delay("b", 7), "notLater"],
    ["a delay to the same TC", (tc: TimeCount) => tc.delay("b", 8), "notLater"],
    ["a delay to a non-number", (tc: TimeCount) => tc.delay("b", "9" as unknown as number), "notFinite"],
    ["cutting short to a later TC", (tc: TimeCount) => tc.cutShort("b", 9), "notEarlier"],
    ["cutting short to the count now", (tc: TimeCount) => tc.cutShort("b", 6), "notEarlier"],
  ])("refuses %s", (_name, operation, code) => {
    const tc = started();
    const before = tc.state();
    const error = refused(() => operation(tc));
    expect(error.code).toBe(code);
    expect(error.key).toBe(`ANTHOLOGY.TimeCount.Errors.${code}`);
    expect(tc.state()).toEqual(before);
    expect(tc.undoable).toBe(3);
  });

  it("refuses stored state with a TC in the past", () => {
    expect(refused(() => new TimeCount({ current: 10, entries: [{ id: "a", tc: 4 }] })).code).toBe("inThePast");
  });
});

describe("Time Count: undo", () => {
  it("takes back every kind of change, newest first, to the exact earlier state", () => {
    const tc = createTimeCount();
    const states = [tc.state()];
    const ops = [
      () => tc.join("a", 6),
      () => tc.join("b", 6),
      () => tc.join("c", 9),
      () => tc.advance(),
      () => tc.acted("b", 4),
      () => tc.delay("c", 12),
      () => tc.acted("a", 2),
      () => tc.advance(),
      () => tc.leave("b"),
    ];
    for (const op of ops) {
      op();
      states.push(tc.state());
    }
    expect(tc.undoable).toBe(ops.length);
    for (let i = states.length - 2; i >= 0; i -= 1) {
      expect(tc.undo()).toBe(true);
      expect(tc.state()).toEqual(states[i]);
    }
    expect(tc.undo()).toBe(false);
  });

  it("forgets the oldest steps beyond its history limit", () => {
    const tc = createTimeCount(undefined, { historyLimit: 3 });
    for (let i = 0; i < 10; i += 1) tc.join(`c${i}`, i);
    let undone = 0;
    while (tc.undo()) undone += 1;
    expect(undone).toBeGreaterThanOrEqual(3);
    expect(undone).toBeLessThanOrEqual(6);
  });
});

describe("Time Count: the tracker's Advance", () => {
  it("moves on, holding anyone due who has not acted until the next group", () => {
    const tc = createTimeCount();
    tc.join("a", 6);
    tc.join("b", 6);
    tc.join("c", 9);
    tc.advance();
    tc.acted("a", 10);
    expect(tc.advanceHolding()).toEqual({ tc: 9, acting: ["c", "b"], held: ["b"] });
    tc.acted("c", 9);
    tc.acted("b", 9);
    expect(tc.advanceHolding()).toEqual({ tc: 16, acting: ["a"], held: [] });
    tc.leave("b");
    tc.leave("c");
    expect(tc.advanceHolding()).toEqual({ tc: 17, acting: ["a"], held: ["a"] });
  });
});

describe("Time Count: kept in step with stored data", () => {
  it("schedules anyone at a TC, joining, moving earlier or later, or keeping its place", () => {
    const tc = createTimeCount();
    expect(tc.schedule("a", 6)).toBe(true);
    expect(tc.schedule("b", 6)).toBe(true);
    expect(tc.schedule("a", 6)).toBe(false);
    expect(tc.schedule("c", 9)).toBe(true);
    expect(tc.schedule("c", 4)).toBe(true);
    expect(tc.queue).toEqual([
      { id: "c", tc: 4 },
      { id: "a", tc: 6 },
      { id: "b", tc: 6 },
    ]);
    expect(tc.lowest).toBe(4);
    tc.advance();
    expect(refused(() => tc.schedule("a", 3)).code).toBe("inThePast");
    expect(refused(() => tc.schedule("a", Number.NaN)).code).toBe("notFinite");
  });

  it("moves the count forward to a stored TC, never past anyone waiting", () => {
    const tc = createTimeCount();
    tc.join("a", 6);
    tc.join("b", 9);
    tc.moveTo(6);
    expect(tc.current).toBe(6);
    const error = refused(() => tc.moveTo(7));
    expect(error).toMatchObject({ code: "passes", data: { id: "a", tc: "6", to: "7" } });
    expect(error.key).toBe("ANTHOLOGY.TimeCount.Errors.passes");
    expect(refused(() => tc.moveTo(5)).code).toBe("inThePast");
    tc.acted("a", 10);
    tc.moveTo(9);
    expect(tc.due()).toEqual(["b"]);
    tc.undo();
    expect(tc.current).toBe(6);
    expect(tc.lowest).toBe(9);
  });

  it("keeps a group in scheduling order after an undo puts someone back", () => {
    const tc = createTimeCount();
    for (const id of ["a", "b", "c"]) tc.join(id, 5);
    tc.advance();
    tc.acted("a", 0);
    expect(tc.due()).toEqual(["b", "c", "a"]);
    tc.undo();
    expect(tc.due()).toEqual(["a", "b", "c"]);
  });

  it("holds those due until the next TC anyone waits for, at any size", () => {
    const tc = createTimeCount(undefined, { historyLimit: 0 });
    for (let i = 0; i < 5000; i += 1) tc.join(`c${i}`, 10 + (i % 50));
    tc.advance();
    const step = tc.advanceHolding();
    expect(step.tc).toBe(11);
    expect(step.held).toHaveLength(100);
    expect(step.acting).toHaveLength(200);
    expect(step.acting.slice(0, 2)).toEqual(["c1", "c51"]);
    expect(step.acting.at(-1)).toBe(step.held.at(-1));
  });
});
