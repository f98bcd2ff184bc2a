/**
 * A special action's card: one roll judged against the defenses it names on each target, its
 * outcomes' damage and effects, applied by the GM, and the follow-ups an applied row offers.
 */
import { SYSTEM_ID } from "../../../../constants";
import type { Card } from "../../../../play/card";
import { cardOf, replayRolls, rowRecord } from "../../../../play/cards";
import { messageById, resolve, userById, type PlayMessage } from "../../../../play/documents";
import type { ApplyInput, ApplyPlan, CardAction, CardKind, FreeChoice, ReplayedRoll } from "../../../../play/kind";
import { checkedRoll } from "../../../../play/verify";
import type { CountAt } from "../../rules/count-start";
import { disarmedWeapon, hasEffects, specialEffects, type HeldWeapon, type StapleEscape } from "../../rules/effects";
import { STAPLED_STATUS } from "../../rules/immobile";
import { FOLLOW_UPS, specialAction, type SpecialAction } from "../../rules/special-actions";
import type { SpecialDamagePlan } from "../../rules/special-damage";
import { isDiceSum } from "../../rules/weapons";
import { readAttackChoices, specialSchema, type HodSpecialData, type HodSpecialRow } from "../card-data";
import { activeCombat } from "../combatants";
import type { HodAttackChoices } from "../dialog-form";
import { rolledOf } from "../dice";
import { HOD_WEAPON, type HodActor, type HodWeaponSnapshot } from "../documents";
import { EFFECT_KEYS, ROW_ACTIONS, effectsPlan, grabs, releaseDue, specialAppliable } from "../effects";
import { hodFlows } from "../flow-registry";
import { judgeSpecial, specialDamagePlan, specialRoll } from "../special-roll";
import { actionWeapon, damageWeapon } from "../special-weapon";
import { actBeforeCard, previousActNow, previousActOfCard, requirementRefusal } from "../requirements";
import { refuseOutOfBounds, typedChoice } from "../typed";
import { specialCardView } from "../views";
import {
  checkPerformerActs,
  checkPlayerRules,
  forRow,
  hodActorOf,
  liveWeapon,
  readable,
  refuse,
  requestOf,
  sameItem,
  storedRoll,
  usedWeapon,
} from "./apply-checks";
import { consciousnessAction, fatigueCheckAction } from "./check";
import { countKey, countOf, dealt, hitPlan } from "./hit-plan";
import { HOD_CARD_TEMPLATES } from "./templates";
import { checkSpaceOnApply } from "../spaces";

/** What a special action's roll was rolled for (a roll from before requests: what its card says). */
function specialRequest(input: ApplyInput<HodSpecialData, HodSpecialRow>, attack: ReplayedRoll) {
  const d = input.card.data;
  const row = input.card.targets[input.index]!;
  return requestOf<HodAttackChoices>(
    attack,
    readAttackChoices,
    () => ({
      item: d.item?.uuid ?? null,
      choices: d.choices ?? { defense: "primary" },
      targets: [row.uuid],
      special: d.special,
    }),
    row.name,
  );
}

/**
 * A distraction is against an ally the dialog could offer: another combatant of the active combat, not
 * the performer or the target (none named: it changes nothing).
 */
function checkAlly(ally: string | undefined, performer: HodActor, target: HodActor, name: string): void {
  if (!ally) return;
  const combat = activeCombat<{ combatants: Iterable<{ actor?: { uuid?: string } | null }> }>();
  const fights = [...(combat?.combatants ?? [])].some((c) => c.actor?.uuid === ally);
  if (!fights || ally === performer.uuid || ally === target.uuid) refuse("ANTHOLOGY.HoD.Errors.notAnAlly", { name });
}

/** What the player typed for a special action: a skill's rank counts only for an action that rolls one. */
const typedOf = (action: { readonly attack: { readonly kind: string } } | undefined, choices: HodAttackChoices) =>
  action?.attack.kind === "skill" ? choices : { ...choices, skillRank: undefined };

/**
 * A special action's row, applied by the GM: the action and the choices from its roll, the roll to hit
 * worked out again with the performer and the weapon now and judged against the target's defenses now
 * (on a Time Count, as they stood when the action's count began);
 * the outcomes that happen must still deal damage, and the row's damage rolls, tied to its target, must
 * roll what those outcomes deal (extra dice apart, after the action's factor).
 */
function resolveSpecialRow(input: ApplyInput<HodSpecialData, HodSpecialRow>): ApplyPlan {
  const { card } = input;
  const row = card.targets[input.index]!;
  const d = card.data;
  const performer = hodActorOf(input.actor, card.actor?.name ?? "");
  if (d.special === "dragBreak") return dragBreakRow(input, performer);
  if (d.special === "releaseGrab") return releaseGrabRow(input, performer);
  const attack = storedRoll(input.rolls, d.attackRoll, "toHit");
  const request = specialRequest(input, attack);
  const action = specialAction(request.special ?? "");
  if (!action || !request.targets.includes(row.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  if (!FOLLOW_UPS.includes(action)) checkPerformerActs(input.message, performer);
  sameItem(request.item, d.item?.uuid ?? null, d.item?.name ?? "");
  const own = request.item === null ? null : liveWeapon(performer, request.item, d.item?.name ?? "");
  const weapon = actionWeapon(action, own);
  if (typeof weapon === "string") refuse("ANTHOLOGY.HoD.Errors.weaponGone", { name: d.item?.name ?? "" });
  const choices = request.choices;
  refuseOutOfBounds(typedOf(action, choices));
  // Struck in melee or thrown, as the roll asked: only what the weapon can do.
  const used = usedWeapon(weapon, choices.use, d.item?.name ?? "");
  // On a Time Count the combat's record confirms, the performer and the target as they stood when the
  // count began.
  const at = countOf(d.schedule, performer);
  // The live item's name, not the card's: a longbow is known by it (a crouch forbids it).
  const liveName = performer.items.contents.find((i) => i.uuid === request.item)?.name;
  const toHit = specialRoll(performer, action, used, choices, at, liveName);
  checkedRoll(attack, "toHit", toHit.formula);
  if (!FOLLOW_UPS.includes(action)) checkSpaceOnApply(input.message, performer, choices.modifiers);
  const target = hodActorOf(input.target, row.name);
  // A follow-up (a coup's, a shunt's free attack) is part of the action its card follows.
  if (!FOLLOW_UPS.includes(action)) {
    checkPlayerRules(input.message, performer, target, { special: action.id, act: "attack" }, toHit.refused);
    checkRequirements(input, performer, target, action, weapon);
  }
  const rolled = rolledOf(attack.outcome);
  const judged = judgeSpecial(action, toHit, rolled, target, used, choices.defense, performer.uuid, at);
  const plan = specialDamagePlan(performer, judged.outcomes, weapon, choices, target);
  const effects = specialEffects(action.id, judged.outcomes, {
    distractAgainst: choices.distractAgainst,
    immuneToCriticals: target.system.immuneToCriticals === true,
  });
  if (effects.distract) checkAlly(choices.ally, performer, target, row.name);
  const planned = hasEffects(effects)
    ? effectsPlan(performer, target, effects, { since: at?.tc ?? null, at, ally: choices.ally ?? null })
    : null;
  // A disarm's hit: the target's held weapon leaves its hand (unequipped; Undo puts it back).
  const dropped = effects.disarm ? disarmedWeapon(heldWeapons(target)) : null;
  if (planned && effects.disarm) planned.keys.push(dropped ? EFFECT_KEYS.disarmed : EFFECT_KEYS.nothingHeld);
  const extra = planned?.keys.length ? planned : null;
  if (!plan && !extra)
    refuse("ANTHOLOGY.HoD.Errors.noLongerHits", { name: row.name, value: String(judged.results[0]?.value ?? "") });
  const hit = plan ? specialHit(input, plan, choices, { performer, target, weapon, at }) : null;
  const survived = hit ? (hit.summary as { dead?: boolean }).dead !== true : true;
  const keys = [...(extra?.keys ?? []), ...(effects.followUp && survived ? [EFFECT_KEYS.followUp] : [])];
  return {
    updates: { ...hit?.updates, ...extra?.updates },
    effects: extra?.effects ?? [],
    removeEffects: extra?.removeEffects ?? [],
    others: extra?.others ?? [],
    statuses: [
      ...(hit?.statuses ?? []),
      ...(effects.killed ? [{ id: "dead", overlay: true }] : []),
      // Stapled: immobile until it escapes (the row's escape buttons) or the GM clears the status.
      ...(effects.staple ? [{ id: STAPLED_STATUS }] : []),
    ],
    ...(dropped ? { items: [{ id: dropped.id, updates: { "system.equipped": false } }] } : {}),
    summary: {
      ...hit?.summary,
      effects: keys,
      ...(effects.followUp && survived ? { followUp: true } : {}),
      ...(dropped ? { dropped: dropped.name } : {}),
    },
  };
}

/** The target's weapons as a disarm finds them (`disarmedWeapon`). */
function heldWeapons(target: HodActor): HeldWeapon[] {
  return target.items.contents
    .filter((i) => i.type === HOD_WEAPON)
    .map((i) => ({
      id: i.id,
      name: i.name,
      category: i.system.category,
      equipped: i.system.equipped,
      twoHanded: i.system.twoHanded,
    }));
}

/**
 * The action's requirements, checked again for a card a player wrote (a GM's is applied as the GM
 * chose): against the target as it stands now (a coup's helpless target, the size limits, a grab's free
 * hands, a staple's piercing weapon), a tackle's previous act as the combat's record of its count has
 * it, and on a running Time Count a coup de grâce struck as the act right after its preparation.
 */
function checkRequirements(
  input: ApplyInput<HodSpecialData, HodSpecialRow>,
  performer: HodActor,
  target: HodActor,
  action: SpecialAction,
  weapon: HodWeaponSnapshot,
): void {
  if (userById(input.message.author?.id ?? "")?.isGM) return;
  const row = input.card.targets[input.index]!;
  const schedule = input.card.data.schedule;
  const key = requirementRefusal(
    performer,
    target,
    action.id,
    damageWeapon(weapon),
    previousActOfCard(schedule, performer),
  );
  if (key) refuse(key, { name: row.name });
  if (
    action.preparation &&
    previousActNow(performer) !== undefined &&
    actBeforeCard(schedule, performer) !== "prepare"
  ) {
    refuse("ANTHOLOGY.HoD.Requirement.notPrepared", { name: row.name });
  }
}

/**
 * A drag's Great Success taken up: the drag's card and row it names must be this performer's drag on
 * this target, written by a GM or one of its owners, applied, and still a Great Success when the GM
 * works that row out again from its own roll now; then the target's grab on the performer ends.
 */
function dragBreakRow(input: ApplyInput<HodSpecialData, HodSpecialRow>, performer: HodActor): ApplyPlan {
  const row = input.card.targets[input.index]!;
  const [id, index] = (input.card.data.from ?? "").split("-");
  const message = messageById(id);
  const read = message ? cardOf(message) : null;
  const drag =
    read && !("error" in read) && read.card.ruleSet === "hod" && read.card.kind === "special"
      ? (read.card as unknown as typeof input.card)
      : null;
  const i = Number(index);
  const author = userById(message?.author?.id ?? "");
  if (
    !message ||
    drag?.data.special !== "drag" ||
    drag.actor?.uuid !== performer.uuid ||
    drag.targets[i]?.uuid !== row.uuid ||
    !rowRecord(message, drag as never, i).applied ||
    !(author?.isGM || performer.testUserPermission(author!, "OWNER"))
  ) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  }
  const again = resolveSpecialRow({ ...input, card: drag, index: i, message, rolls: replayRolls(message) });
  const keys = again.summary.effects;
  if (!Array.isArray(keys) || !keys.includes(EFFECT_KEYS.mayBreak)) {
    refuse("ANTHOLOGY.HoD.Errors.noGreatSuccess", { name: row.name });
  }
  const target = hodActorOf(input.target, row.name);
  const { keys: done, ...plan } = effectsPlan(performer, target, specialEffects("dragBreak", []), {
    since: null,
    ally: null,
  });
  return { ...plan, summary: { effects: done } };
}

/**
 * A grabber letting go ("You can release an opponent at will"): no roll, only the grab as it stands
 * now, which the GM reads from the performer's own grab link on this target; then the grab ends on both.
 */
function releaseGrabRow(input: ApplyInput<HodSpecialData, HodSpecialRow>, performer: HodActor): ApplyPlan {
  const row = input.card.targets[input.index]!;
  if (!grabs(performer, row.uuid)) refuse("ANTHOLOGY.HoD.Errors.notGrabbing", { name: row.name });
  const target = hodActorOf(input.target, row.name);
  const { keys: done, ...plan } = effectsPlan(performer, target, specialEffects("releaseGrab", []), {
    since: null,
    ally: null,
  });
  return { ...plan, summary: { effects: done } };
}

/** The damage part of a special action's row: its stored rolls checked against what the outcomes deal now. */
function specialHit(
  input: ApplyInput<HodSpecialData, HodSpecialRow>,
  plan: SpecialDamagePlan,
  choices: HodAttackChoices,
  who: { performer: HodActor; target: HodActor; weapon: HodWeaponSnapshot; at: CountAt | null },
): ApplyPlan {
  const row = input.card.targets[input.index]!;
  const { performer, target, weapon, at } = who;
  const stored = row.data.damage;
  const main = forRow(storedRoll(input.rolls, stored?.roll ?? null, "damage"), row.uuid, row.name);
  checkedRoll(main, "damage", plan.formula);
  const extraDice = choices.extraDice?.trim() ?? "";
  if (extraDice && !isDiceSum(extraDice)) refuse("ANTHOLOGY.HoD.Errors.extraDice", { dice: extraDice });
  const extra = extraDice
    ? forRow(storedRoll(input.rolls, stored?.extraRoll ?? null, "damage"), row.uuid, row.name)
    : null;
  if (extra) checkedRoll(extra, "damage", extraDice);
  return hitPlan(
    target,
    dealt(main, extra, plan.factor),
    choices.nonlethal === true,
    countKey(at),
    weapon.damageType,
    performer.uuid,
  );
}

/** A special action's row rests on what its performer typed (a modifier, a skill's rank, extra dice). */
function specialTyped(input: ApplyInput<HodSpecialData, HodSpecialRow>): FreeChoice | null {
  const index = input.card.data.attackRoll;
  const attack = index === null ? null : input.rolls[index];
  if (!attack) return null;
  const request = readable(() => specialRequest(input, attack));
  return request ? typedChoice(typedOf(specialAction(request.special ?? ""), request.choices)) : null;
}

/** Where a performer keeps the coup de grâce rows it has rolled the follow-up for (`<message>-<row>`). */
export const FOLLOW_UPS_FLAG = "hodFollowUps";

/** Whether the performer already rolled this row's follow-up (or free grab). */
function rowActed(card: Card<HodSpecialData, HodSpecialRow>, message: PlayMessage, target: number | null): boolean {
  const done = resolve<HodActor>(card.actor?.uuid)?.getFlag(SYSTEM_ID, FOLLOW_UPS_FLAG);
  return Array.isArray(done) && done.includes(`${message.id}-${target}`);
}

/** Whether a coup de grâce's follow-up is due on row `target`: its target survived, and the performer has not rolled it. */
export function followUpDue(
  card: Card<HodSpecialData, HodSpecialRow>,
  target: number | null,
  message: PlayMessage,
): boolean {
  const row = target === null ? undefined : card.targets[target];
  if (card.data.special !== "coupDeGrace" || row?.applied?.summary.followUp !== true) return false;
  return !rowActed(card, message, target);
}

/** Whether row `target`'s button `action` is due: its apply says so, and the performer has not pressed it. */
export function rowActionDue(
  card: Card<HodSpecialData, HodSpecialRow>,
  target: number | null,
  message: PlayMessage,
  action: string,
): boolean {
  const [id, key] = ROW_ACTIONS[card.data.special] ?? [];
  const row = target === null ? undefined : card.targets[target];
  const effects = row?.applied?.summary.effects;
  return id === action && Array.isArray(effects) && effects.includes(key) && !rowActed(card, message, target);
}

/**
 * A row's follow-up by the performer's owners, once: a tackle's free grab (the grab's dialog and roll),
 * a shunt's free Strength attack against Celerity as it lets go, or a drag's broken grab (a card to
 * apply, no roll: the drag's own roll is its proof). None takes time on the Time Count.
 */
const rowAction = (id: "freeGrab" | "dragBreak" | "shuntTrip"): CardAction<HodSpecialData, HodSpecialRow> => ({
  who: "actorOwner",
  enabled: (card, target, message) => rowActionDue(card, target, message, id),
  run: (press) => hodFlows.flow(id)(press),
});

export const freeGrabAction = rowAction("freeGrab");
export const dragBreakAction = rowAction("dragBreak");
export const shuntTripAction = rowAction("shuntTrip");

/**
 * A coup de grâce's follow-up on a row whose target survived the damage: once, for the performer's
 * owners, with the same weapon against the target's Vigor (no time of its own on the Time Count).
 */
export const followUpAction: CardAction<HodSpecialData, HodSpecialRow> = {
  who: "actorOwner",
  enabled: (card, target, message) => followUpDue(card, target, message),
  run: (press) => hodFlows.flow("followUp")(press),
};

/**
 * A staple's escape on its applied row, for the target's owners: while the target is still Stapled,
 * Athletics (Str) always, Acrobatics (Dex) unless the weapon pierced the target (its Great Success).
 */
const stapleEscapeAction = (skill: StapleEscape): CardAction<HodSpecialData, HodSpecialRow> => ({
  who: "targetOwner",
  enabled: (card, target) => stapleEscapeDue(card, target, skill),
  run: (press) => hodFlows.flow(skill === "athletics" ? "stapleAthletics" : "stapleAcrobatics")(press),
});

/** Whether row `target` offers this escape from its staple now. */
export function stapleEscapeDue(
  card: Card<HodSpecialData, HodSpecialRow>,
  target: number | null,
  skill: StapleEscape,
): boolean {
  const row = target === null ? undefined : card.targets[target];
  const effects = row?.applied?.summary.effects;
  if (card.data.special !== "staple" || !Array.isArray(effects)) return false;
  const open =
    effects.includes(EFFECT_KEYS.stapled) || (skill === "athletics" && effects.includes(EFFECT_KEYS.pierced));
  const actor = resolve<HodActor>(row!.uuid);
  return open && [...(actor?.statuses ?? [])].includes(STAPLED_STATUS);
}

/**
 * Letting go, on a grab's applied row: for the grabber's owners, while it still holds the target.
 * It posts a card whose row the GM applies (the target may be someone else's).
 */
export const releaseGrabAction: CardAction<HodSpecialData, HodSpecialRow> = {
  who: "actorOwner",
  enabled: (card, target) => releaseDue(card, target),
  run: (press) => hodFlows.flow("releaseGrab")(press),
};

export const hodSpecialKind: CardKind<HodSpecialData, HodSpecialRow> = {
  id: "special",
  template: HOD_CARD_TEMPLATES.special,
  schema: specialSchema,
  view: specialCardView,
  appliable: (card: Card<HodSpecialData, HodSpecialRow>, index: number) => specialAppliable(card, index),
  resolveApply: resolveSpecialRow,
  restsOnChoice: specialTyped,
  actions: {
    fatigueCheck: fatigueCheckAction,
    consciousness: consciousnessAction(),
    followUp: followUpAction,
    freeGrab: freeGrabAction,
    dragBreak: dragBreakAction,
    shuntTrip: shuntTripAction,
    releaseGrab: releaseGrabAction,
    stapleAthletics: stapleEscapeAction("athletics"),
    stapleAcrobatics: stapleEscapeAction("acrobatics"),
  },
};
