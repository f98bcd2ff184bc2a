import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import {
  freshTurn,
  movementSquares,
  readTurn,
  spend,
  turnAt,
  turnLeft,
  type FadeTurnAction,
  type FadeTurnState,
} from "../../src/rulesets/fade/rules";

/** Spends actions one after another; throws on a refusal, naming it. */
function spendAll(actions: FadeTurnAction[], state = freshTurn(1), inTurn = true): FadeTurnState {
  for (const action of actions) {
    const result = spend(state, action, { inTurn });
    if ("refused" in result) throw new Error(`${action}: ${result.refused}`);
    state = result.state;
  }
  return state;
}

function refusal(state: FadeTurnState, action: FadeTurnAction, inTurn = true): string | null {
  const result = spend(state, action, { inTurn });
  return "refused" in result ? result.refused : null;
}

const R = "ANTHOLOGY.Fade.Turn.Refused.";

describe("The Fade: actions per round", () => {
  it("a round holds a single standard, move action and swift action", () => {
    const state = spendAll(["standard", "move", "swift"]);
    expect(refusal(state, "standard")).toBe(`${R}standard`);
    expect(refusal(state, "move")).toBe(`${R}move`);
    expect(refusal(state, "swift")).toBe(`${R}swift`);
  });

  it("or a single full-round action and a swift action", () => {
    const state = spendAll(["fullRound", "swift"]);
    expect(state.fullRound).toBe(true);
    expect(refusal(state, "fullRound")).toBe(`${R}fullRound`);
    expect(refusal(state, "standard")).toBe(`${R}standard`);
    expect(refusal(state, "move")).toBe(`${R}move`);
    expect(refusal(state, "swift")).toBe(`${R}swift`);
    // A full-round action after a standard or a move action does not fit.
    expect(refusal(spendAll(["standard"]), "fullRound")).toBe(`${R}fullRound`);
    expect(refusal(spendAll(["move"]), "fullRound")).toBe(`${R}fullRound`);
    // The swift action may come first.
    expect(spendAll(["swift", "fullRound"]).fullRound).toBe(true);
  });

  it("free actions are as many as one wants, in one's turn", () => {
    const state = spendAll(Array(20).fill("free") as FadeTurnAction[]);
    expect(turnLeft(state)).toMatchObject({ standard: true, move: true, swift: true, fullRound: true });
    expect(refusal(state, "free", false)).toBe(`${R}notYourTurn`);
  });

  it("immediate actions: once a round, also outside one's turn", () => {
    const state = spendAll(["immediate"], freshTurn(1), false);
    expect(refusal(state, "immediate", false)).toBe(`${R}immediate`);
    expect(refusal(state, "immediate", true)).toBe(`${R}immediate`);
    // The next round gives it back.
    const next = turnAt(state, { round: 2, turnReached: false });
    expect(refusal(next, "immediate", false)).toBeNull();
  });

  it("reactions are triggered by others: one attack of opportunity a round, outside one's turn", () => {
    const state = spendAll(["opportunity"], freshTurn(1), false);
    expect(refusal(state, "opportunity", false)).toBe(`${R}opportunity`);
    // Reactions do not use the immediate action.
    expect(refusal(state, "immediate", false)).toBeNull();
    expect(refusal(turnAt(state, { round: 2, turnReached: false }), "opportunity", false)).toBeNull();
  });

  it("a swift action may take the move action's place, and a move action the standard's", () => {
    // Two swift actions: the swift and the move action.
    const two = spendAll(["swift", "swift"]);
    expect([two.swift, two.move, two.standard]).toEqual([true, true, false]);
    // Three: swift, move and standard.
    const three = spendAll(["swift", "swift", "swift"]);
    expect([three.swift, three.move, three.standard]).toEqual([true, true, true]);
    expect(refusal(three, "swift")).toBe(`${R}swift`);
    // Two move actions: the move and the standard action.
    const moves = spendAll(["move", "move"]);
    expect([moves.move, moves.standard, moves.swift]).toEqual([true, true, false]);
    // Never the other way: no second standard action from the move slot.
    expect(refusal(spendAll(["standard"]), "standard")).toBe(`${R}standard`);
  });

  it("turn actions are refused outside one's turn", () => {
    for (const action of ["standard", "move", "swift", "fullRound", "step", "charge"] as const) {
      expect(refusal(freshTurn(1), action, false)).toBe(`${R}notYourTurn`);
    }
  });
});

describe("The Fade: steps, movement and reactions", () => {
  it("a Step is free, but no movement follows it in the same turn (Move, Charge, Run, Withdraw)", () => {
    const stepped = spendAll(["step"]);
    expect(turnLeft(stepped)).toMatchObject({ standard: true, move: true, swift: true, step: false });
    for (const action of ["movement", "charge", "run", "withdraw", "chargeStandard", "withdrawStandard"] as const) {
      expect(refusal(stepped, action)).toBe(`${R}stepped`);
    }
    // A move action that is not movement (drawing a weapon) still may.
    expect(refusal(stepped, "move")).toBeNull();
  });

  it("and no Step after movement", () => {
    for (const action of ["movement", "charge", "run", "withdraw"] as const) {
      expect(refusal(spendAll([action]), "step")).toBe(`${R}moved`);
    }
    expect(refusal(spendAll(["step"]), "step")).toBe(`${R}stepTaken`);
  });

  it("a full-round attack may come before or after a Step", () => {
    expect(spendAll(["step", "fullAttack"]).fullRound).toBe(true);
    expect(spendAll(["fullAttack", "step"]).stepped).toBe(true);
  });

  it("charge, run, withdraw and coup de grace are full-round; limited to a standard, charge and withdraw fit", () => {
    for (const action of ["charge", "run", "withdraw", "coupDeGrace", "fullAttack"] as const) {
      expect(spendAll([action]).fullRound).toBe(true);
    }
    const moved = spendAll(["move"]);
    expect(refusal(moved, "charge")).toBe(`${R}fullRound`);
    expect(spendAll(["chargeStandard"], moved).standard).toBe(true);
  });

  it("a charge's single attack follows it, once, with no other action", () => {
    expect(refusal(freshTurn(1), "chargeAttack")).toBe(`${R}chargeFirst`);
    const charged = spendAll(["charge", "chargeAttack"]);
    expect(charged.charging).toBe(false);
    expect(refusal(charged, "chargeAttack")).toBe(`${R}chargeFirst`);
    expect(refusal(charged, "standard")).toBe(`${R}standard`);
    expect(spendAll(["move", "chargeStandard", "chargeAttack"]).standard).toBe(true);
  });

  it("one dodge a turn; the attack of opportunity may be given up for another", () => {
    const once = spendAll(["dodge"], freshTurn(1), false);
    const twice = spendAll(["dodge"], once, false);
    expect(twice.opportunity).toBe(true);
    expect(refusal(twice, "dodge", false)).toBe(`${R}dodge`);
    // With the attack of opportunity spent, no second dodge.
    expect(refusal(spendAll(["opportunity", "dodge"], freshTurn(1), false), "dodge", false)).toBe(`${R}dodge`);
  });
});

describe("The Fade: the budget over rounds", () => {
  it("its own turn gives back the actions and the dodge; the round the immediate and the opportunity", () => {
    // Round 1: a full round, a dodge and an immediate action.
    let state = spendAll(["fullRound", "swift", "step", "dodge", "immediate"]);
    // Round 2 before its turn: still last turn's actions, but the round's immediate is back.
    state = turnAt(state, { round: 2, turnReached: false });
    expect(turnLeft(state)).toMatchObject({ standard: false, dodge: true, immediate: true, step: false });
    expect(state.dodges).toBe(1);
    // Its turn in round 2: everything back.
    state = turnAt(state, { round: 2, turnReached: true });
    expect(turnLeft(state)).toEqual({
      standard: true,
      move: true,
      swift: true,
      fullRound: true,
      step: true,
      immediate: true,
      opportunity: true,
      dodge: true,
    });
    // Asking again in the same turn changes nothing.
    const spent = spendAll(["standard"], state);
    expect(turnAt(spent, { round: 2, turnReached: true })).toEqual(spent);
  });

  it("a prepared action lasts across turns; a held action lasts to the round's end, then lapses", () => {
    const state = { ...freshTurn(1), prepared: { action: "standard" as const, trigger: "an enemy" }, held: true };
    expect(turnAt(state, { round: 3, turnReached: true })).toMatchObject({ prepared: state.prepared, held: false });
    // Held in round 1 with its standard action unspent: still held later in round 1.
    const held = { ...freshTurn(1), held: true };
    expect(turnAt(held, { round: 1, turnReached: true })).toMatchObject({ held: true, standard: false });
    // Round 2, before its turn comes up again: the hold has lapsed (no Act now until it holds again).
    expect(turnAt(held, { round: 2, turnReached: false })).toMatchObject({ held: false, round: 2 });
  });

  it("reads a stored budget as untrusted: bad parts are not spent", () => {
    expect(readTurn({ standard: "yes", dodges: -3, round: "x", prepared: { action: "fullRound" } })).toEqual(
      freshTurn(),
    );
    expect(readTurn({ standard: true, round: 2, turn: 2, prepared: { action: "move", trigger: 5 } })).toMatchObject({
      standard: true,
      round: 2,
      prepared: { action: "move", trigger: "" },
    });
  });
});

describe("The Fade: squares", () => {
  it("squares each movement allows, from derive (speed 6; 5 in armor)", () => {
    const d = api.rules.fade.derive;
    const base = {
      strength: 4,
      agility: 4,
      endurance: 4,
      smarts: 2,
      luck: 2,
      magic: 0,
      resistance: 2,
      level: 1,
      classHp: 10,
      hpGained: 0,
      speciesSize: 2,
      classSoak: 1,
      speed: 6,
      attacksPerRound: 1,
    };
    const free = d(base);
    expect(
      ["movement", "step", "run", "charge", "withdraw", "chargeStandard"].map((a) => movementSquares(free, a as never)),
    ).toEqual([6, 1, 24, 12, 12, 6]);
    // Armor slowing 1 square: speed 5, running at triple: 15.
    const armored = d({ ...base, armor: [{ deflection: {}, speedPenalty: 1 }] });
    expect(movementSquares(armored, "run")).toBe(15);
    expect(movementSquares(armored, "charge")).toBe(10);
  });

  it("is public on api.rules.fade", () => {
    const f = api.rules.fade;
    const result = f.spend(f.turn.fresh(1), "swift");
    expect("state" in result && result.state.swift).toBe(true);
    // Diagonals 1 + 2 (rules/movement.ts; the movement tests cover the rest).
    expect(
      f.moveCost([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ]).cost,
    ).toBe(3);
  });
});
