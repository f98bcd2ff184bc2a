import { warn } from "../../../play/notify";
import { WITHDRAW_STATUS, canSpend, movementSquares } from "../rules";
import { markStatus, type FadeActorDoc } from "./flow";
import { budgetOf, combatantOf, currentCombat, postNote, spendTurn, turnIcons } from "./turn";

/** The movement buttons of the sheet. */
export type FadeMovement = "movement" | "step" | "run" | "charge" | "withdraw";

/** The card line of each movement, by the action it took. */
const NOTES = Object.freeze({
  movement: "ANTHOLOGY.Fade.Turn.Move.movement",
  step: "ANTHOLOGY.Fade.Turn.Move.step",
  run: "ANTHOLOGY.Fade.Turn.Move.run",
  charge: "ANTHOLOGY.Fade.Turn.Move.charge",
  chargeStandard: "ANTHOLOGY.Fade.Turn.Move.charge",
  withdraw: "ANTHOLOGY.Fade.Turn.Move.withdraw",
  withdrawStandard: "ANTHOLOGY.Fade.Turn.Move.withdraw",
});

/**
 * A movement from the sheet: spends its action (a charge or withdrawal limited to a standard action is
 * taken as one, at normal speed), posts the squares it allows, and marks a withdrawal (immune to
 * attacks of opportunity until the turn ends).
 */
export async function moveActor(actor: FadeActorDoc, id: FadeMovement): Promise<unknown> {
  if (!actor.isOwner) return warn("ANTHOLOGY.Fade.Errors.notYours", { name: actor.name });
  const combat = currentCombat();
  const combatant = combat ? combatantOf(actor, combat) : undefined;
  let action: keyof typeof NOTES = id;
  if ((id === "charge" || id === "withdraw") && combat && combatant) {
    const limited = id === "charge" ? "chargeStandard" : "withdrawStandard";
    const state = budgetOf(combat, combatant);
    if (!canSpend(state, id) && canSpend(state, limited)) action = limited;
  }
  if (!(await spendTurn(actor, action))) return null;
  if (id === "withdraw") await markStatus(actor, WITHDRAW_STATUS);
  return postNote(actor, NOTES[action], { squares: String(movementSquares(actor.system.derived, action)) });
}

const MOVES = Object.freeze([
  { id: "movement", key: "ANTHOLOGY.Fade.Turn.Button.movement" },
  { id: "step", key: "ANTHOLOGY.Fade.Turn.Button.step" },
  { id: "run", key: "ANTHOLOGY.Fade.Turn.Button.run" },
  { id: "charge", key: "ANTHOLOGY.Fade.Turn.Button.charge" },
  { id: "withdraw", key: "ANTHOLOGY.Fade.Turn.Button.withdraw" },
] as const);

/** The sheet's turn: the budget's icons in an encounter, the movement buttons, and the full-round attack's count. */
export function turnContext(actor: FadeActorDoc) {
  const combat = currentCombat();
  const combatant = combat ? combatantOf(actor, combat) : undefined;
  const derived = actor.system.derived;
  return {
    icons: combat && combatant ? turnIcons(budgetOf(combat, combatant)) : null,
    moves: MOVES.map((m) => ({ ...m, squares: movementSquares(derived, m.id) })),
    attacks: derived.attacksPerRound > 1 ? derived.attacksPerRound : 0,
  };
}

/** Re-renders the open sheets of an encounter's Fade actors when their turns change. */
export function refreshTurnSheets(document: unknown): void {
  const d = document as { combatants?: Iterable<unknown>; parent?: { combatants?: Iterable<unknown> } };
  for (const c of (d.combatants ?? d.parent?.combatants ?? []) as Iterable<{
    actor?: { type?: string; sheet?: { rendered?: boolean; render(): unknown } } | null;
  }>) {
    if (c.actor?.type?.startsWith("fade-") && c.actor.sheet?.rendered) void c.actor.sheet.render();
  }
}
