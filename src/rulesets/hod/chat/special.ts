import { SYSTEM_ID } from "../../../constants";
import { spaceAllowsAttack, withCrowding } from "./spaces";
import { newCard, type CardRef } from "../../../play/card";
import type { ButtonPress } from "./flow-registry";
import { postCard, refOf } from "../../../play/cards";
import { resolve, type PlayMessage, type PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { isFumble } from "../rules/attack";
import { num } from "../rules/derive";
import { consciousnessDc } from "../rules/health";
import { SKILL_KEYS, SPECIAL_ACTION_KEYS } from "../rules/labels";
import {
  COUP_FOLLOW_UP,
  DRAG_BREAK,
  RELEASE_GRAB,
  SHUNT_TRIP,
  specialAction,
  specialRollGroups,
  strikeFollows,
  type SpecialAction,
} from "../rules/special-actions";
import { isDiceSum } from "../rules/weapons";
import { readWeapon, rollRowDamage, weaponAsUsed, wearWeapon } from "./attack";
import { defaultUse, weaponInUse } from "../rules/weapon-use";
import type { HodRowDamage, HodSpecialData, HodSpecialRow } from "./card-data";
import { mayRoll, outcomeOf, rollDice, rolledOf } from "./dice";
import { promptAttack } from "./dialog";
import { specialNonlethal, type HodAttackChoices } from "./dialog-form";
import { isHodActor, sourceOf, type HodActor, type HodItem, type HodWeaponSnapshot } from "./documents";
import { FOLLOW_UPS_FLAG, followUpDue, hodSpecialKind, rowActionDue } from "./kinds/special";
import { countNow, scheduleAction, scheduleInfo, timeCountPlace } from "./schedule";
import { judgeSpecial, specialDamagePlan, specialRoll } from "./special-roll";
import { outcomeTarget, specialOutcomeInput } from "./outcomes";
import { FIST, actionWeapon, damageWeapon } from "./special-weapon";
import { activeCombat, type CombatantLike } from "./combatants";
import { dialogTarget, hodTargets, stanceAt } from "./target";
import { immobileAllows, lastActOf } from "./immobile";
import { dialogTicks, gmMayGoOn, grabAllows, grabState, releaseDue } from "./effects";
import { grabRequirement } from "../rules/effects";
import { previousActNow, requirementRefusal } from "./requirements";

/** The preparation an actor has done on the Time Count, kept on the actor until the action follows. */
interface Prepared {
  readonly special: string;
  readonly combatId: string;
}

/**
 * A special combat action (wrestling or miscellaneous) with the weapon it uses, if any: the dialog,
 * one roll against the defense(s) it names on every targeted token (a card and a roll per target for
 * an action that rolls against each, Approach), its outcomes and their damage
 * (rolled at once), its fatigue, and its speed on the Time Count. An action with a preparation (a
 * coup de grâce) first schedules the preparation when its actor is due on the Time Count; the attack
 * follows at its next action.
 */
export async function rollHodSpecial(
  actor: object,
  actionId: string,
  item?: object,
  free?: { readonly targets: ReturnType<typeof hodTargets> },
): Promise<PlayMessage | null> {
  const performer = actor as HodActor;
  if (!mayRoll(performer)) return null;
  const action = specialAction(actionId);
  if (!action) return (warn("ANTHOLOGY.HoD.Errors.unknownSpecial", { id: String(actionId) }), null);
  const name = game.i18n!.localize(SPECIAL_ACTION_KEYS[action.id]!);
  const weaponItem = (item as HodItem | undefined) ?? null;
  const own = weaponItem ? readWeapon(weaponItem) : null;
  if (weaponItem && !own) return null;
  const weapon = actionWeapon(action, own);
  if (weapon === "needsWeapon") return (warn("ANTHOLOGY.HoD.Errors.needsWeapon", { name }), null);
  if (weapon === "needsMelee") return (warn("ANTHOLOGY.HoD.Errors.needsMelee", { name }), null);
  // A critical grab leaves only breaking or escaping it.
  const freeing = action.id === "breakGrab" || action.id === "escapeGrab";
  if (!freeing && !grabAllows(performer, "attack")) return null;
  if (!immobileAllows(performer, "attack")) return null;
  const place = free ? null : timeCountPlace(performer);
  // Due on a Time Count: the performer and its targets as they stood when the count began.
  const at = countNow(place);
  // Asked of the use the dialog starts on: a thrown weapon is struck in melee.
  const refused = specialRoll(
    performer,
    action,
    weaponInUse(weapon, defaultUse(weapon)),
    { defense: "primary" },
    at,
    weaponItem?.name,
  ).refused;
  if (refused) return (warn(refused), null);
  // A free action (a tackle's grab) is against the row's target and takes no time of its own.
  const targets = free?.targets ?? hodTargets();
  // The action's requirements against each target, before any preparation (a coup's helpless target).
  if (!requirementsAllowed(performer, action, damageWeapon(weapon), targets)) return null;
  if (action.preparation && place?.info.state === "due" && !preparedFor(performer, action, place)) {
    return prepare(performer, action, weaponItem, weapon, place);
  }
  // On a running Time Count the strike comes only as the act after its preparation, so only when due.
  if (action.preparation && place?.info.state === "notDue" && !gmMayGoOn("ANTHOLOGY.HoD.Requirement.notDue", {})) {
    return null;
  }
  if (!wrestlingAllowed(performer, action, targets)) return null;
  if (!spaceAllowsAttack(performer)) return null;
  const fixed = action.defense.mode === "weapon" ? null : action.defense.defenses;
  const nonlethal = specialNonlethal(action, sourceOf(performer), damageWeapon(weapon));
  const choices = await promptAttack(
    {
      kind: "attack",
      source: sourceOf(performer),
      weapon,
      stance: stanceAt(performer, at),
      targets: targets.map((t) => dialogTarget(weapon, t, performer.uuid, at)),
      ticked: withCrowding(dialogTicks(performer, targets[0]?.actor ?? null, action.id), performer),
      ...(action.id === "distract" ? { allies: alliesOf(performer, targets) } : {}),
      special: {
        action,
        nameKey: SPECIAL_ACTION_KEYS[action.id]!,
        skillKey: action.attack.kind === "skill" ? (SKILL_KEYS[action.attack.skill] ?? null) : null,
        defenses: fixed,
      },
      damage: nonlethal === null ? null : { nonlethal },
    },
    game.i18n!.format("ANTHOLOGY.HoD.Dialog.specialTitle", { name }),
  );
  if (!choices) return null;
  // One roll against every target, or a card with its own roll per target (Approach); the action is
  // one act on the Time Count, recorded with the last card.
  const groups = specialRollGroups(
    action,
    targets.map((t) => ({ uuid: t.actor.uuid, name: t.name })),
  );
  let posted: PlayMessage | null = null;
  for (const [i, group] of groups.entries()) {
    const last = i === groups.length - 1;
    posted = await postHodSpecial(performer, action, weaponItem, weapon, choices, group, { schedule: !free && last });
    if (!posted) return null;
  }
  return posted;
}

/**
 * The wrestling requirements against each target, read from the grab statuses: a player is refused
 * with the reason; a GM is told and may go on (a grab the statuses do not show, an ally's).
 */
function wrestlingAllowed(performer: HodActor, action: SpecialAction, targets: ReturnType<typeof hodTargets>): boolean {
  for (const target of targets) {
    const key = grabRequirement(action.id, grabState(performer, target.actor), target.actor.uuid);
    if (!key) continue;
    if (!gmMayGoOn(key, { name: target.name })) return false;
  }
  return true;
}

/**
 * The action's requirements against each target (`requirementRefusal`: a coup's helpless target, the size
 * limits, a tackle's move before it, a grab's free hands, a staple's piercing weapon): a player is refused
 * with the reason; a GM is told and may go on.
 */
function requirementsAllowed(
  performer: HodActor,
  action: SpecialAction,
  weapon: HodWeaponSnapshot | null,
  targets: ReturnType<typeof hodTargets>,
): boolean {
  const previous = previousActNow(performer);
  for (const target of targets) {
    const key = requirementRefusal(performer, target.actor, action.id, weapon, previous);
    if (key && !gmMayGoOn(key, { name: target.name })) return false;
  }
  return true;
}

/** Whom a distraction may be against: the other combatants of the active combat, targets and performer apart. */
function alliesOf(performer: HodActor, targets: ReturnType<typeof hodTargets>): Array<{ uuid: string; name: string }> {
  const combat = activeCombat<{ combatants: Iterable<CombatantLike> }>();
  const skip = new Set([performer.uuid, ...targets.map((t) => t.actor.uuid)]);
  const out: Array<{ uuid: string; name: string }> = [];
  for (const c of combat?.combatants ?? []) {
    const uuid = c.actor?.uuid;
    if (!uuid || skip.has(uuid)) continue;
    skip.add(uuid);
    out.push({ uuid, name: c.name });
  }
  return out;
}

/** The strike follows the preparation: it was the actor's last act on this count (`strikeFollows`). */
function preparedFor(actor: HodActor, action: SpecialAction, place: NonNullable<ReturnType<typeof timeCountPlace>>) {
  const prepared = actor.getFlag(SYSTEM_ID, "hodPrepared") as Prepared | undefined;
  return strikeFollows(action, prepared, place.combat.id, lastActOf(place));
}

/** Schedules an action's preparation and notes it on the actor; the card says what follows. */
async function prepare(
  actor: HodActor,
  action: SpecialAction,
  item: HodItem | null,
  weapon: HodWeaponSnapshot,
  place: NonNullable<ReturnType<typeof timeCountPlace>>,
): Promise<PlayMessage> {
  await actor.update({ [`flags.${SYSTEM_ID}.hodPrepared`]: { special: action.id, combatId: place.combat.id } });
  const message = await postBare(actor, action, item, weapon, { preparing: true, schedule: place.info }, []);
  await scheduleAction(place, { action: "prepare", special: action.id });
  return message;
}

/** A special card with no roll: a preparation scheduled, or a follow-up whose proof is another card's row. */
async function postBare(
  actor: HodActor,
  action: SpecialAction,
  item: HodItem | null,
  weapon: HodWeaponSnapshot | null,
  extra: Partial<HodSpecialData>,
  targets: readonly CardRef[],
): Promise<PlayMessage> {
  const card = newCard({
    ruleSet: "hod",
    kind: hodSpecialKind.id,
    actor: refOf(actor),
    data: {
      special: action.id,
      item: item ? refOf(item) : null,
      weapon: item ? weapon : null,
      choices: null,
      die: "d20" as const,
      skillRank: null,
      modifiers: [],
      base: 0,
      formula: "",
      attackRoll: null,
      natural: 0,
      total: 0,
      fumble: false,
      durabilityLeft: null,
      fatigue: 0,
      unconsciousCheck: null,
      checked: false,
      preparing: false,
      schedule: { state: "none" as const },
      ...extra,
    },
    targets: targets.map((t) => ({ ...t, data: { results: [], chosen: null, outcomes: [], damage: null } })),
  });
  return postCard({ kind: hodSpecialKind, card, rolls: [], speaker: { actor } });
}

/**
 * Rolls a special action whose choices are made: judges the one roll against each defense it names on
 * each target now, works out which outcomes happen (for "or" actions, against the defense the target
 * would pick) and rolls their damage at once (extra dice apart, after the action's factor), adds its
 * fatigue to the actor, posts the card, and records it on the Time Count when the actor is due.
 */
export async function postHodSpecial(
  actor: HodActor,
  action: SpecialAction,
  item: HodItem | null,
  weapon: HodWeaponSnapshot,
  choices: HodAttackChoices,
  targets: readonly CardRef[],
  options: { readonly schedule?: boolean } = {},
): Promise<PlayMessage | null> {
  // Struck in melee or thrown, as chosen (an action at melee range has its weapon in melee already).
  const used = weaponAsUsed(weapon, choices.use, item?.name ?? "");
  if (!used) return null;
  // Due on a Time Count: the performer and each target as they stood when the count began (the GM's
  // apply judges again).
  const at = options.schedule === false ? null : countNow(timeCountPlace(actor));
  const toHit = specialRoll(actor, action, used, choices, at, item?.name);
  if (toHit.refused) return (warn(toHit.refused), null);
  if (!toHit.plan.inRange) {
    warn("ANTHOLOGY.HoD.Errors.outOfRange", { name: item?.name ?? "", distance: String(choices.distance ?? 0) });
    return null;
  }
  const extraDice = choices.extraDice?.trim() ?? "";
  if (extraDice && !isDiceSum(extraDice)) return (warn("ANTHOLOGY.HoD.Errors.extraDice", { dice: extraDice }), null);
  const attack = await rollDice(toHit.formula, {
    special: action.id,
    item: item?.uuid ?? null,
    choices,
    targets: targets.map((t) => t.uuid),
  });
  const rolled = rolledOf(outcomeOf(attack));
  const fumble = isFumble(rolled.natural, { spell: toHit.spell, die: toHit.die });
  const rolls: PlayRoll[] = [attack];
  const rows: Array<CardRef & { data: HodSpecialRow }> = [];
  for (const target of targets) {
    const targetActor = resolve<HodActor>(target.uuid);
    if (!targetActor || !isHodActor(targetActor)) continue;
    const judged = judgeSpecial(action, toHit, rolled, targetActor, used, choices.defense, actor.uuid, at);
    const plan = specialDamagePlan(actor, judged.outcomes, weapon, choices, targetActor);
    const damage: HodRowDamage | null = plan
      ? await rollRowDamage(rolls, plan.formula, target.uuid, {
          critical: plan.critical,
          nonlethal: choices.nonlethal === true,
          factor: plan.factor,
          extraDice: extraDice || undefined,
        })
      : null;
    // The odds the row shows: this roll against the defenses met and the damage its outcomes roll, against
    // the target as it is now.
    const odds = specialOutcomeInput(
      action,
      toHit,
      {
        defenses: Object.fromEntries(judged.results.map((r) => [r.id, r.value])),
        weaponDefense: judged.results[0]?.id ?? "primary",
      },
      action.outcomes.some((o) => o.damage) ? { source: sourceOf(actor), weapon: damageWeapon(weapon) } : null,
      choices,
      outcomeTarget(targetActor),
      targetActor.system.immuneToCriticals === true,
    );
    rows.push({
      ...target,
      data: {
        results: judged.results,
        chosen: judged.chosen,
        outcomes: judged.outcomes.map((o) => o.key),
        damage,
        odds,
      },
    });
  }
  const durabilityLeft = fumble ? await wearWeapon(item, damageWeapon(weapon)) : null;
  const unconsciousCheck = await tire(actor, action.fatigue);
  const place = options.schedule === false ? null : timeCountPlace(actor);
  if (place && action.preparation) await actor.update({ [`flags.${SYSTEM_ID}.hodPrepared`]: null });
  const card = newCard({
    ruleSet: "hod",
    kind: hodSpecialKind.id,
    actor: refOf(actor),
    data: {
      special: action.id,
      item: item ? refOf(item) : null,
      weapon: damageWeapon(weapon),
      choices,
      die: toHit.die,
      skillRank: action.attack.kind === "skill" ? (choices.skillRank ?? 0) : null,
      modifiers: toHit.plan.modifiers,
      base: toHit.plan.base,
      formula: toHit.formula,
      attackRoll: 0,
      natural: rolled.natural,
      total: rolled.total,
      fumble,
      durabilityLeft,
      fatigue: action.fatigue,
      unconsciousCheck,
      checked: false,
      preparing: false,
      schedule: scheduleInfo(place),
    },
    targets: rows,
  });
  const message = await postCard({ kind: hodSpecialKind, card, rolls, speaker: { actor } });
  await scheduleAction(place, {
    action: "special",
    special: action.id,
    ...(action.speed.kind === "class" ? {} : { weaponClass: weapon.speedClass }),
    ...(fumble ? { fumble: true } : {}),
  });
  return message;
}

/**
 * Adds an action's fatigue to the actor. Returns the DC of the check to stay conscious when the added
 * fatigue reaches current HP (HP + Invigoration), else null.
 */
async function tire(actor: HodActor, fatigue: number): Promise<number | null> {
  if (fatigue <= 0) return null;
  const after = num(actor.system.fatigue) + fatigue;
  await actor.update({ "system.fatigue": after });
  return consciousnessDc({
    hp: num(actor.system.hp?.value),
    invigoration: num(actor.system.invigoration),
    fatigue: after,
  });
}

/** Notes on the performer that a row's follow-up (or free grab) was rolled: once per row. */
async function markActed(performer: HodActor, message: PlayMessage, target: number | null): Promise<void> {
  const done = performer.getFlag(SYSTEM_ID, FOLLOW_UPS_FLAG);
  await performer.update({
    [`flags.${SYSTEM_ID}.${FOLLOW_UPS_FLAG}`]: [
      ...(Array.isArray(done) ? done.slice(-31) : []),
      `${message.id}-${target}`,
    ],
  });
}

/**
 * A row's follow-up by the performer's owners, once (kinds/special.ts: freeGrabAction, dragBreakAction,
 * shuntTripAction): a tackle's free grab (the grab's dialog and roll), a shunt's free Strength attack
 * against Celerity as it lets go, or a drag's broken grab (a card to apply, no roll: the drag's own roll
 * is its proof). None takes time on the Time Count.
 */
export function rollRowAction(id: "freeGrab" | "dragBreak" | "shuntTrip") {
  return async ({ message, card, target }: ButtonPress<HodSpecialData, HodSpecialRow>) => {
    const row = target === null ? undefined : card.targets[target];
    const performer = resolve<HodActor>(card.actor?.uuid);
    const other = resolve<HodActor>(row?.uuid);
    if (!row || !performer || !other || !rowActionDue(card, target, message, id)) return null;
    const to = [{ uuid: row.uuid, name: row.name }];
    const posted =
      id === "freeGrab"
        ? await rollHodSpecial(performer, "grab", undefined, { targets: [{ actor: other, name: row.name }] })
        : id === "shuntTrip"
          ? await postHodSpecial(performer, SHUNT_TRIP, null, FIST, { defense: "celerity" }, to, { schedule: false })
          : await postBare(performer, DRAG_BREAK, null, null, { from: `${message.id}-${target}` }, to);
    if (posted) await markActed(performer, message, target);
    return posted;
  };
}

/**
 * A coup de grâce's follow-up on a row whose target survived the damage (kinds/special.ts:
 * followUpAction): once, with the same weapon against the target's Vigor, no time of its own.
 */
export async function rollFollowUp({ message, card, target }: ButtonPress<HodSpecialData, HodSpecialRow>) {
  const row = target === null ? undefined : card.targets[target];
  const performer = resolve<HodActor>(card.actor?.uuid);
  if (!row || !performer || !followUpDue(card, target, message)) return null;
  const item = card.data.item ? performer.items.contents.find((i) => i.uuid === card.data.item!.uuid) : undefined;
  const own = item ? readWeapon(item) : null;
  if (!item || !own) return (warn("ANTHOLOGY.HoD.Errors.weaponGone", { name: card.data.item?.name ?? "" }), null);
  const weapon = actionWeapon(COUP_FOLLOW_UP, own);
  if (typeof weapon === "string") return null;
  await markActed(performer, message, target);
  // The follow-up strikes as the coup did: in melee or thrown.
  const use = card.data.choices?.use;
  const choices: HodAttackChoices = { ...(use ? { use } : {}), defense: "vigor", nonlethal: false };
  return postHodSpecial(performer, COUP_FOLLOW_UP, item, weapon, choices, [{ uuid: row.uuid, name: row.name }], {
    schedule: false,
  });
}

/**
 * Letting go of a grab from its row (kinds/special.ts: releaseGrabAction): a card with the target's
 * row and no roll, which the GM applies (the grab ends on both); no time on the Time Count.
 */
export async function releaseGrab({ card, target }: ButtonPress<HodSpecialData, HodSpecialRow>) {
  const row = target === null ? undefined : card.targets[target];
  const performer = resolve<HodActor>(card.actor?.uuid);
  if (!row || !performer || !releaseDue(card, target)) return null;
  return postBare(performer, RELEASE_GRAB, null, null, {}, [{ uuid: row.uuid, name: row.name }]);
}
