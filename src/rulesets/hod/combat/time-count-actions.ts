import type { SpeedFactorPlan, TimeCountActions } from "../../../combat/time-count-actions";
import { npcSpeedSetting } from "../settings";
import { templatePath } from "../../../sheets/paths";
import { actChoicePlan, type ActChoice } from "../rules/act-choice";
import { settleActionSpeed, type ActionSpeedPlan } from "../rules/action-speed";
import { actionLabel } from "../rules/labels";
import { actChoiceFromForm, actDialogContext, actMove, actWeapons } from "./act-form";
import { activeCombat, combatantOf } from "../chat/combatants";
import { SYSTEM_ID } from "../../../constants";
import { gmMayGoOn, grabAllows } from "../chat/effects";
import { immobileAllows } from "../chat/immobile";
import type { HodActor } from "../chat/documents";
import { hodFlows } from "../chat/flow-registry";

/** The count of the actor's previous act when it was a move (a combatant flag), the active combat first. */
function lastMove(actor: object | null): unknown {
  const a = actor as { uuid?: string } | null;
  if (!a?.uuid) return null;
  const combats = (game as unknown as { combats?: Map<string, never> }).combats?.values() ?? [];
  for (const combat of [activeCombat<never>(), ...combats]) {
    const combatant = combatantOf(combat, { uuid: a.uuid });
    if (combatant) return combatant.getFlag(SYSTEM_ID, "moveCount") ?? null;
  }
  return null;
}
import { parseActChoice } from "./parse-choice";
import { actOf, cutShortAt, gmChoice, pickedWeapon, pickedWeaponStance } from "./gm-choice";

/** A weapon picked by hand that the actor's stance forbids (a longbow from a crouch): a player refused, a GM told. */
function stanceAllows(choice: ActChoice, actor: HodActor | null): boolean {
  const item = actor?.system ? pickedWeapon(choice, actor) : undefined;
  const key = item ? pickedWeaponStance(item, actor!) : null;
  return !key || gmMayGoOn(key, { name: actor?.name ?? "" });
}
import { hodTrackerStatus } from "./tracker-status";

/** The Act dialog Heroes of Destiny opens from the Time Count tracker. */
export const HOD_ACT_DIALOG_TEMPLATE = templatePath("rulesets/hod/act-dialog.hbs");

/** An act's speed factor: the base formula (a weapon's or action's SF) and what is added to it. */
export interface HodSpeedFactorPlan extends SpeedFactorPlan {
  readonly speed: ActionSpeedPlan;
}

/**
 * Acting on Heroes of Destiny's Time Count: the text's table of actions, a weapon's speed class,
 * special actions and stances; player characters roll their speed factor, NPCs take the static one
 * unless the world says to roll; a critical fumble adds 1d6 and leaves the combatant unsteady until it
 * next acts, as being surprised does until it first acts.
 */
export const hodTimeCount: TimeCountActions<ActChoice, HodSpeedFactorPlan> = {
  dialog: {
    template: HOD_ACT_DIALOG_TEMPLATE,
    context: ({ name, rolled, actor }) => ({
      ...actDialogContext(name, rolled, "attack", actWeapons(actor), { gm: game.user?.isGM === true }),
      move: actMove(actor, lastMove(actor)),
    }),
  },
  rollsSpeedFactor: (actor) => Boolean(actor?.hasPlayerOwner) || npcSpeedSetting() === "roll",
  fromForm: actChoiceFromForm,
  parse: parseActChoice,
  plan(choice, rolled) {
    const speed = actChoicePlan(choice, rolled);
    return { formulas: [speed.base, speed.extra, ...(speed.offHand ? [speed.offHand] : [])], speed };
  },
  settle: (plan, totals) => settleActionSpeed(plan.speed, totals[0] ?? 0, totals[1] ?? 0, totals[2]),
  label: actionLabel,
  // Running and sprinting leave the mover unsteady; a move remembers its count for the next one; what it
  // did is kept, for cutting it short.
  flagsAfter: (choice) => ({
    // A run goes on only while its runner keeps moving at a run or sprint pace (chat/run.ts: onRunAct).
    runPace: choice.action === "move" && choice.pace !== "base" ? (choice.pace ?? null) : null,
    unsteady: choice.fumble === true || (choice.action === "move" && choice.pace !== "base"),
    moveCount: choice.action === "move" ? (choice.moveCount ?? 1) : null,
    lastAction: choice.action,
    // Which special action, read as the GM records it (one that moves its performer ends Poised).
    ...(choice.action === "special" ? { lastSpecial: choice.special ?? null } : {}),
    // Which stance a stance act shifts into or leaves (the GM's client then changes it, with the step's undo).
    ...(choice.action === "stance" || choice.action === "basicStance" ? { lastStance: choice.stance ?? null } : {}),
  }),
  flagsOnSurprise: (surprised) => ({ unsteady: surprised }),
  gmFlags: ["surprised", "unsteady", "lastAction"],
  resolve: gmChoice,
  // A Move at a run or sprint pace rolls the running checks due, once recorded.
  afterAct: (choice, actor) => hodFlows.flow("afterAct")(choice, actor),
  cutShort: cutShortAt,
  status: hodTrackerStatus,
  // A grabbed actor is immobilized (no move at any pace); a critical grab stops its attacks; other
  // immobile actors are stopped where the text says (stapled, paralysed, petrified, preparing).
  allows: (choice, actor) =>
    (choice.action === "move" || choice.action === "attack" || choice.action === "feint"
      ? grabAllows(actor as never, choice.action === "move" ? "move" : "attack")
      : true) &&
    immobileAllows(actor as HodActor | null, actOf(choice)) &&
    stanceAllows(choice, actor as HodActor | null),
};
