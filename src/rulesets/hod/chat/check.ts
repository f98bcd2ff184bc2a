import { SYSTEM_ID } from "../../../constants";
import { newCard } from "../../../play/card";
import { CARD_FLAG, markRowDone, postCard, refOf } from "../../../play/cards";
import { resolve, type PlayMessage } from "../../../play/documents";
import type { ButtonPress } from "./flow-registry";
import { warn } from "../../../play/notify";
import { checkBonus, num } from "../rules/derive";
import { impairmentCheckPenalty } from "../rules/afflictions";
import { WAKE_RECHECK, unconsciousFor, wakeDc } from "../rules/health";
import { STAPLED_STATUS } from "../rules/immobile";
import { withBonus } from "../rules/to-hit";
import type { FatigueCheckData } from "./card-data";
import { mayRoll, outcomeOf, rollDice, rolledOf } from "./dice";
import { promptCheck } from "./dialog";
import { sourceOf, type HodActor } from "./documents";
import { CONSCIOUSNESS, dcNow, hodCheckKind, type HitCard } from "./kinds/check";
import { isCheckAttribute, type HodCheckAttribute } from "./labels";
import { timeCountPlace } from "./schedule";
import { requestDelay } from "../../../combat/requests";

/** What a check is for: a plain check, or the check to stay conscious. */
export interface HodCheckOptions {
  /** The check to stay conscious: its DC is fixed, and failing it knocks the actor out. */
  readonly consciousness?: boolean;
  /** The check to regain consciousness: its DC is the track's now; passing it wakes the actor. */
  readonly waking?: boolean;
  /** A staple's escape: its DC (the staple's attack roll) is fixed; passing it clears the Stapled status. */
  readonly stapled?: boolean;
}

/**
 * A 3d6 check: an attribute + modifier against a DC (a dialog lets the user change both). With
 * `{ consciousness: true }` it is the check to stay conscious: Constitution against the given DC.
 */
export async function rollHodCheck(
  actor: object,
  attribute: string,
  dc?: number,
  options: HodCheckOptions = {},
): Promise<PlayMessage | null> {
  const roller = actor as HodActor;
  if (!mayRoll(roller)) return null;
  const first: HodCheckAttribute = isCheckAttribute(attribute) ? attribute : "strength";
  const fixedDc =
    (options.consciousness === true || options.waking === true || options.stapled === true) && dc !== undefined;
  const choices = await promptCheck(
    { kind: "check", source: sourceOf(roller), attribute: first, dc: dc ?? null, fixedDc },
    game.i18n!.format(
      options.waking
        ? "ANTHOLOGY.HoD.Dialog.wakeTitle"
        : options.stapled
          ? "ANTHOLOGY.HoD.Dialog.stapleTitle"
          : fixedDc
            ? "ANTHOLOGY.HoD.Dialog.consciousnessTitle"
            : "ANTHOLOGY.HoD.Dialog.checkTitle",
      { name: roller.name },
    ),
  );
  if (!choices) return null;
  return postHodCheck(roller, choices.attribute, choices.modifier, choices.dc, options);
}

/**
 * Rolls 3d6 + attribute + modifier against the DC and posts the check card. A check to stay conscious
 * that fails puts the unconscious status on the roller, out for at least 10 TC per point it failed by.
 */
export async function postHodCheck(
  actor: HodActor,
  attribute: HodCheckAttribute,
  modifier: number,
  dc: number | null,
  options: HodCheckOptions = {},
): Promise<PlayMessage> {
  // Each impairment weighs −2 on the checks to stay conscious and to wake.
  const impaired =
    options.consciousness === true || options.waking === true
      ? impairmentCheckPenalty(actor.system.impairments ?? {})
      : 0;
  const bonus = checkBonus(sourceOf(actor), attribute) + modifier + impaired;
  const formula = withBonus("3d6", bonus);
  const roll = await rollDice(formula, { attribute, modifier, dc, consciousness: options.consciousness === true });
  const rolled = rolledOf(outcomeOf(roll));
  const margin = dc === null ? null : rolled.total - dc;
  const consciousness = options.consciousness === true;
  const waking = options.waking === true;
  const unconsciousTc = consciousness && margin !== null ? unconsciousFor(margin) : null;
  if (unconsciousTc !== null) await actor.toggleStatusEffect("unconscious", { active: true });
  const woke = waking && margin !== null && margin >= 0;
  if (woke) await actor.toggleStatusEffect("unconscious", { active: false });
  // Free of the staple: the weapon is out, or the target broke free.
  if (options.stapled === true && margin !== null && margin >= 0) {
    await actor.toggleStatusEffect(STAPLED_STATUS, { active: false });
  }
  // A failed try to wake is tried again 1d10 TC later.
  const recheck = waking && !woke ? await rollDice(WAKE_RECHECK, { wakeRecheck: true }) : null;
  const recheckTc = recheck ? outcomeOf(recheck).total : null;
  // On the Time Count, the knocked-out combatant's next action waits for the time out (or the next try).
  await keepOut(actor, unconsciousTc ?? recheckTc);
  const card = newCard({
    ruleSet: "hod",
    kind: hodCheckKind.id,
    actor: refOf(actor),
    data: {
      attribute,
      modifier,
      formula,
      natural: rolled.natural,
      total: rolled.total,
      dc,
      success: margin === null ? null : margin >= 0,
      margin,
      consciousness,
      unconsciousTc,
      waking,
      recheckTc,
    },
    targets: [],
  });
  return postCard({ kind: hodCheckKind, card, rolls: recheck ? [roll, recheck] : [roll], speaker: { actor } });
}

/**
 * An unconscious combatant still comes due on the Time Count, when it may try to wake: its next
 * action moves to `tc` TC from now, unless it already comes later (through the GM, as a delay).
 */
async function keepOut(actor: HodActor, tc: number | null): Promise<void> {
  if (tc === null || tc <= 0) return;
  const place = timeCountPlace(actor);
  if (!place || place.info.state === "notStarted" || place.info.tc === undefined) return;
  const until = place.info.tc + tc;
  const next = place.info.state === "due" ? place.info.tc : place.info.next;
  if (next !== undefined && next >= until) return;
  await requestDelay(place.combat, place.combatantId, until);
}

/** The DC of an actor's check to regain consciousness now. */
export function wakeDcOf(actor: HodActor): number {
  const s = actor.system;
  return wakeDc({ hp: num(s.hp?.value), invigoration: num(s.invigoration), fatigue: num(s.fatigue) });
}

/** The check to stay conscious after a hit, rolled from the hit's row (kinds/check.ts: consciousnessAction). */
export async function rollConsciousness({ message, card, target }: ButtonPress<unknown, unknown>) {
  const hit = card as unknown as HitCard;
  const row = target === null ? undefined : hit.targets[target];
  if (!row) return null;
  const actor = resolve<HodActor>(row.uuid);
  if (!actor) return (warn("ANTHOLOGY.HoD.Errors.actorGone", { name: row.name }), null);
  const dc = dcNow(actor);
  if (dc === null) return null;
  const check = await rollHodCheck(actor, "constitution", dc, { consciousness: true });
  if (check) await markRowDone(message, hit, target!, CONSCIOUSNESS);
  return check;
}

/** The performer's check to stay conscious after a special action's or a cast's fatigue (kinds/check.ts: fatigueCheckOf). */
export async function rollFatigueCheck({
  message,
  card,
}: ButtonPress<FatigueCheckData, unknown>): Promise<PlayMessage | null> {
  const actor = resolve<HodActor>(card.actor?.uuid);
  if (!actor) return (warn("ANTHOLOGY.HoD.Errors.actorGone", { name: card.actor?.name ?? "" }), null);
  const dc = dcNow(actor);
  if (dc === null) return null;
  const check = await rollHodCheck(actor, "constitution", dc, { consciousness: true });
  if (check && (message.isAuthor || game.user?.isGM)) {
    await message.update({ [`flags.${SYSTEM_ID}.${CARD_FLAG}.data.checked`]: true });
  }
  return check;
}
