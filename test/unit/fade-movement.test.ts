import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  WITHDRAWING_STATUS,
  expandPath,
  flanks,
  hostile,
  isStep,
  moveAllowance,
  moveCost,
  provokes,
  squaresAlong,
  threatenedBy,
  threatens,
  type Square,
} from "../../src/rulesets/fade/rules";
import { api } from "../../src/api";

const sq = (x: number, y: number): Square => ({ x, y });
/** A path from (0,0) of unit moves: "d" diagonal down-right, "r" right, "u" up. */
function walk(moves: string): Square[] {
  const path = [sq(0, 0)];
  for (const m of moves) {
    const { x, y } = path.at(-1)!;
    path.push(m === "d" ? sq(x + 1, y + 1) : m === "r" ? sq(x + 1, y) : sq(x, y - 1));
  }
  return path;
}

describe("The Fade: moving on the grid (diagonals 1-2-1)", () => {
  it("counts straight squares one each", () => {
    expect(moveCost(walk("rrrrrr"))).toEqual({ cost: 6, squares: 6, diagonals: 0 });
  });

  it("counts diagonals 1, 2, 1, 2 across the whole move", () => {
    // 1 = 1; 1+2 = 3; 1+2+1 = 4; 1+2+1+2 = 6; five: 7.
    expect([1, 2, 3, 4, 5].map((n) => moveCost(walk("d".repeat(n))).cost)).toEqual([1, 3, 4, 6, 7]);
  });

  it("keeps counting diagonals across straight squares between them", () => {
    // d(1) r(1) d(2) r(1) d(1): 6 squares of speed for 5 squares.
    expect(moveCost(walk("drdrd"))).toEqual({ cost: 6, squares: 5, diagonals: 3 });
  });

  it("continues the count from diagonals moved earlier in the turn", () => {
    // One diagonal already moved: the next costs 2, then 1.
    expect(moveCost(walk("dd"), 1).cost).toBe(3);
    expect(moveCost(walk("d"), 1).cost).toBe(2);
    expect(moveCost(walk("d"), 2).cost).toBe(1);
  });

  it("costs a jump between waypoints as the squares of a line between them", () => {
    // (0,0) -> (4,2): 2 diagonals (1+2) and 2 straight = 5.
    expect(moveCost([sq(0, 0), sq(4, 2)])).toEqual({ cost: 5, squares: 4, diagonals: 2 });
    expect(squaresAlong(sq(0, 0), sq(4, 2))).toHaveLength(4);
    expect(expandPath([sq(0, 0), sq(4, 2)]).at(-1)).toEqual(sq(4, 2));
  });

  it("a 6-square speed covers 4 diagonal squares (1+2+1+2) but not 5", () => {
    expect(moveCost(walk("dddd")).cost).toBeLessThanOrEqual(6);
    expect(moveCost(walk("ddddd")).cost).toBeGreaterThan(6);
  });

  it("property: cost is squares + floor(diagonals / 2); expanding the path changes nothing", () => {
    const point = fc.record({ x: fc.integer({ min: -20, max: 20 }), y: fc.integer({ min: -20, max: 20 }) });
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 8 }), (path) => {
        const cost = moveCost(path);
        expect(cost.cost).toBe(cost.squares + Math.floor(cost.diagonals / 2));
        expect(moveCost(expandPath(path))).toEqual(cost);
        // Each square of an expanded path is next to the one before.
        const full = expandPath(path);
        for (let i = 1; i < full.length; i++) {
          expect(Math.max(Math.abs(full[i]!.x - full[i - 1]!.x), Math.abs(full[i]!.y - full[i - 1]!.y))).toBe(1);
        }
      }),
    );
  });

  it("property: splitting a move and carrying the diagonals over costs the same as the whole", () => {
    const moves = fc.array(fc.constantFrom("d", "r", "u"), { maxLength: 12 });
    fc.assert(
      fc.property(moves, fc.nat(12), (m, cut) => {
        const path = walk(m.join(""));
        const at = Math.min(cut, path.length - 1);
        const first = moveCost(path.slice(0, at + 1));
        const second = moveCost(path.slice(at), first.diagonals);
        expect(first.cost + second.cost).toBe(moveCost(path).cost);
      }),
    );
  });

  it("allows the speed, doubled while withdrawing", () => {
    expect(moveAllowance({ speed: 6 })).toBe(6);
    expect(moveAllowance({ speed: 6 }, [WITHDRAWING_STATUS])).toBe(12);
  });

  it("a Step is one square and the turn's only movement", () => {
    expect(isStep(walk("d"))).toBe(true);
    expect(isStep(walk("r"), 0)).toBe(true);
    expect(isStep(walk("r"), 2)).toBe(false);
    expect(isStep(walk("rr"))).toBe(false);
  });
});

describe("The Fade: threatened squares and attacks of opportunity", () => {
  const guard = { id: "guard", square: sq(5, 5), melee: true };

  it("a creature with a melee weapon threatens the 8 squares around it", () => {
    const squares = threatenedBy(guard);
    expect(squares).toHaveLength(8);
    expect(squares).toContainEqual(sq(4, 4));
    expect(squares).toContainEqual(sq(6, 6));
    expect(squares).not.toContainEqual(sq(5, 5));
  });

  it("a large creature (2x2) threatens the 12 squares around it", () => {
    expect(threatenedBy({ ...guard, size: 2 })).toHaveLength(12);
  });

  it("threatens nothing unarmed for melee, unconscious, dead or otherwise helpless", () => {
    expect(threatenedBy({ ...guard, melee: false })).toEqual([]);
    for (const s of ["unconscious", "dead", "sleep", "paralysis", "stun"]) {
      expect(threatenedBy({ ...guard, statuses: [s] })).toEqual([]);
    }
    expect(threatenedBy({ ...guard, statuses: ["prone"] })).toHaveLength(8);
  });

  it("moving out of a threatened square provokes", () => {
    expect(provokes({ path: [sq(6, 5), sq(7, 5)] }, [guard]).map((t) => t.id)).toEqual(["guard"]);
  });

  it("moving through a threatened square provokes; entering and stopping there does not", () => {
    // (3,4) -> (4,4) threatened -> (4,3) not threatened: it passed through (4,4).
    expect(provokes({ path: [sq(3, 4), sq(4, 4), sq(4, 3)] }, [guard])).toHaveLength(1);
    expect(provokes({ path: [sq(3, 4), sq(4, 4)] }, [guard])).toHaveLength(0);
  });

  it("a move that never touches a threatened square provokes nothing", () => {
    expect(provokes({ path: [sq(0, 0), sq(1, 1), sq(2, 2)] }, [guard])).toEqual([]);
  });

  it("withdrawing and stepping provoke nothing", () => {
    const path = [sq(6, 5), sq(7, 5)];
    expect(provokes({ path, statuses: [WITHDRAWING_STATUS] }, [guard])).toEqual([]);
    expect(provokes({ path, step: true }, [guard])).toEqual([]);
  });

  it("each threatener is provoked once however many of its squares the move leaves", () => {
    const other = { id: "other", square: sq(8, 5), melee: true };
    const path = [sq(6, 4), sq(6, 5), sq(6, 6), sq(6, 7)];
    expect(provokes({ path }, [guard, other]).map((t) => t.id)).toEqual(["guard"]);
  });

  it("hostility follows token dispositions: friendly against hostile or secret", () => {
    expect(hostile(1, -1)).toBe(true);
    expect(hostile(1, -2)).toBe(true);
    expect(hostile(-1, -1)).toBe(false);
    expect(hostile(0, -1)).toBe(false);
    expect(hostile(1, 1)).toBe(false);
  });
});

describe("The Fade: flanking", () => {
  const target = { square: sq(5, 5) };
  const at = (x: number, y: number, melee = true) => ({ id: `${x},${y}`, square: sq(x, y), melee });

  it("flanks from opposite sides, straight or diagonal", () => {
    expect(flanks(at(4, 5), at(6, 5), target)).toBe(true);
    expect(flanks(at(5, 4), at(5, 6), target)).toBe(true);
    expect(flanks(at(4, 4), at(6, 6), target)).toBe(true);
    expect(flanks(at(6, 4), at(4, 6), target)).toBe(true);
  });

  it("does not flank from sides that are not opposite", () => {
    expect(flanks(at(4, 5), at(5, 6), target)).toBe(false);
    expect(flanks(at(4, 4), at(6, 5), target)).toBe(false);
  });

  it("needs both to threaten the target: next to it, armed for melee", () => {
    expect(flanks(at(3, 5), at(6, 5), target)).toBe(false);
    expect(flanks(at(4, 5), at(6, 5, false), target)).toBe(false);
    expect(flanks(at(4, 5), { ...at(6, 5), statuses: ["unconscious"] }, target)).toBe(false);
  });

  it("flanks a large creature through the centre of one of its squares", () => {
    const big = { square: sq(5, 5), size: 2 };
    expect(flanks(at(4, 5), at(7, 5), big)).toBe(true);
    expect(flanks(at(4, 4), at(7, 7), big)).toBe(true);
    // The line from (4,5) to (7,6) crosses the creature's own centre.
    expect(flanks(at(4, 5), at(7, 6), big)).toBe(true);
    expect(flanks(at(4, 5), at(7, 7), big)).toBe(false);
    expect(threatens(at(7, 7), big)).toBe(true);
  });
});

describe("The Fade: movement on api.rules.fade", () => {
  it("publishes moveCost, threatenedBy, provokes and flanks", () => {
    const fade = api.rules.fade as unknown as Record<string, unknown>;
    for (const name of ["moveCost", "threatenedBy", "provokes", "flanks", "moveAllowance", "isStep", "expandPath"]) {
      expect(typeof fade[name]).toBe("function");
    }
  });
});
