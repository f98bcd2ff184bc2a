import { SYSTEM_ID } from "../../../constants";
import type { HodAttackResult, HodDefense } from "../rules/attack";
import { num } from "../rules/derive";
import { consciousnessDc } from "../rules/health";
import { SKILL_KEYS, SPECIAL_ACTION_KEYS } from "../rules/labels";
import { attackPlan, type HodModifier } from "../rules/situational";
import {
  specialAction,
  specialDefenses,
  specialOutcomes,
  targetsChoice,
  type SpecialAction,
} from "../rules/special-actions";
import { specialDamage } from "../rules/special-damage";
import { FIST, actionWeapon } from "./special-weapon";
import { attackerStance, dialogTarget, readWeapon, rollAgainst, wearWeapon } from "./attack";
import { specialCardView } from "./cards";
import { HOD_CARD_TEMPLATES, hodCardFlags, i18n, mayRoll, post, warn } from "./common";
import { isDiceSum, postDamageRoll } from "./damage";
import { promptAttack, promptDamage } from "./dialog";
import type { HodAttackChoices } from "./dialog-form";
import {
  ref,
  resolve,
  sourceOf,
  type HodActor,
  type HodItem,
  type HodMessage,
  type HodWeaponSnapshot,
} from "./documents";
import type { HodSpecialFlags } from "./flags";
import { scheduleAction, scheduleInfo, timeCountPlace } from "./schedule";
import { firstHodTarget } from "./target";

/** The preparation an actor has done on the Time Count, kept on the actor until the action follows. */
interface Prepared {
  readonly special: string;
  readonly combatId: string;
}

/** The roll's own base for attribute and skill actions (1d20 + Accuracy + attribute; 3d6 + attribute + rank). */
function baseOf(action: SpecialAction, actor: HodActor): number | undefined {
  const attack = action.attack;
  const source = sourceOf(actor);
  if (attack.kind === "attribute") return Number(source.accuracy ?? 0) + Number(source[attack.attribute] ?? 0);
  if (attack.kind === "skill") return Number(source[attack.attribute] ?? 0);
  return undefined;
}

/**
 * A special combat action (wrestling or miscellaneous) with the weapon it uses, if any: the dialog,
 * the roll against the defense(s) it names, its outcomes, its fatigue, and its speed on the Time
 * Count. An action with a preparation (a coup de grâce) first schedules the preparation when its
 * actor is due on the Time Count; the attack follows at its next action.
 */
export async function rollHodSpecial(actor: object, actionId: string, item?: object): Promise<HodMessage | null> {
  const performer = actor as HodActor;
  if (!mayRoll(performer)) return null;
  const action = specialAction(actionId);
  if (!action) return (warn("ANTHOLOGY.HoD.Errors.unknownSpecial", { id: String(actionId) }), null);
  const name = i18n().localize(SPECIAL_ACTION_KEYS[action.id]!);
  const weaponItem = (item as HodItem | undefined) ?? null;
  const own = weaponItem ? readWeapon(weaponItem) : null;
  if (weaponItem && !own) return null;
  const weapon = actionWeapon(action, own);
  if (weapon === "needsWeapon") return (warn("ANTHOLOGY.HoD.Errors.needsWeapon", { name }), null);
  if (weapon === "needsMelee") return (warn("ANTHOLOGY.HoD.Errors.needsMelee", { name }), null);
  const stance = attackerStance(performer, weapon);
  if (stance.refused) return (warn(stance.refused), null);
  const place = timeCountPlace(performer);
  if (action.preparation && place?.info.state === "due" && !preparedFor(performer, action, place.combat.id)) {
    return prepare(performer, action, weaponItem, weapon, place);
  }
  const target = firstHodTarget();
  const fixed = action.defense.mode === "weapon" ? null : action.defense.defenses;
  const skillKey = action.attack.kind === "skill" ? (SKILL_KEYS[action.attack.skill] ?? null) : null;
  const extra: HodModifier[] = [
    ...(stance.line ? [stance.line] : []),
    ...(action.attack.modifier ? [{ id: "special", value: action.attack.modifier }] : []),
  ];
  const choices = await promptAttack(
    {
      kind: "attack",
      source: sourceOf(performer),
      weapon,
      target: dialogTarget(weapon, target, fixed?.[0]),
      extra,
      die: action.attack.kind === "skill" ? "3d6" : "d20",
      base: baseOf(action, performer),
      special: { nameKey: SPECIAL_ACTION_KEYS[action.id]!, skillKey, defenses: fixed },
    },
    i18n().format("ANTHOLOGY.HoD.Dialog.specialTitle", { name }),
  );
  if (!choices) return null;
  return postHodSpecial(
    performer,
    action,
    weaponItem,
    weapon,
    choices,
    target ? { uuid: target.actor.uuid, name: target.name } : null,
  );
}

function preparedFor(actor: HodActor, action: SpecialAction, combatId: string): boolean {
  const prepared = actor.getFlag?.(SYSTEM_ID, "hodPrepared") as Prepared | undefined;
  return prepared?.special === action.id && prepared.combatId === combatId;
}

/** Schedules an action's preparation and notes it on the actor; the card says what follows. */
async function prepare(
  actor: HodActor,
  action: SpecialAction,
  item: HodItem | null,
  weapon: HodWeaponSnapshot,
  place: NonNullable<ReturnType<typeof timeCountPlace>>,
): Promise<HodMessage> {
  await actor.update({ [`flags.${SYSTEM_ID}.hodPrepared`]: { special: action.id, combatId: place.combat.id } });
  const flags: HodSpecialFlags = {
    kind: "special",
    special: action.id,
    actor: ref(actor),
    item: item ? ref(item) : null,
    weapon: item ? weapon : null,
    die: "d20",
    skillRank: null,
    modifiers: [],
    base: 0,
    formula: "",
    natural: 0,
    total: 0,
    target: null,
    results: [],
    chosen: null,
    outcomes: [],
    damage: false,
    fumble: false,
    durabilityLeft: null,
    fatigue: 0,
    unconsciousCheck: null,
    preparing: true,
    schedule: place.info,
  };
  const message = await post({ actor }, HOD_CARD_TEMPLATES.special, specialCardView(flags, ""), flags, []);
  await scheduleAction(place, { action: "prepare", special: action.id });
  return message;
}

/**
 * Rolls a special action whose choices are made: judges the one roll against each defense it names,
 * works out which outcomes happen (for "or" actions, against the defense the target would pick), adds
 * its fatigue to the actor, posts the card, and records it on the Time Count when the actor is due.
 */
export async function postHodSpecial(
  actor: HodActor,
  action: SpecialAction,
  item: HodItem | null,
  weapon: HodWeaponSnapshot,
  choices: HodAttackChoices,
  target: { uuid: string; name: string } | null,
): Promise<HodMessage | null> {
  const stance = attackerStance(actor, weapon);
  if (stance.refused) return (warn(stance.refused), null);
  const skill = action.attack.kind === "skill";
  const skillRank = skill ? (choices.skillRank ?? 0) : null;
  const base = baseOf(action, actor);
  const plan = attackPlan(
    sourceOf(actor),
    weapon,
    choices,
    [
      ...(stance.line ? [stance.line] : []),
      ...(action.attack.modifier ? [{ id: "special", value: action.attack.modifier }] : []),
    ],
    { base: base === undefined ? undefined : base + (skillRank ?? 0) },
  );
  if (!plan.inRange) {
    warn("ANTHOLOGY.HoD.Errors.outOfRange", { name: item?.name ?? "", distance: String(choices.distance ?? 0) });
    return null;
  }
  const targetActor = resolve<HodActor>(target?.uuid);
  const die = skill ? "3d6" : "d20";
  const judged = await rollAgainst({
    plan,
    weapon,
    die,
    target: targetActor,
    defenses: specialDefenses(action, choices.defense),
    // Precise widens a weapon's critical range, not a skill's.
    precise: action.attack.kind === "weapon" || action.attack.kind === "melee" ? weapon.precise : false,
  });
  const byDefense: Partial<Record<HodDefense, HodAttackResult>> = Object.fromEntries(
    judged.results.map((r) => [r.id, { ...r, fumble: judged.fumble }]),
  );
  const outcomes = targetActor ? specialOutcomes(action, byDefense) : [];
  const source = sourceOf(actor);
  const damage = specialDamage({ outcomes, source, weapon: weapon === FIST ? null : weapon }) !== null;
  const durabilityLeft = judged.fumble ? await wearWeapon(item, weapon === FIST ? null : weapon) : null;
  const unconsciousCheck = await tire(actor, action.fatigue);
  const place = timeCountPlace(actor);
  if (place && action.preparation) await actor.update({ [`flags.${SYSTEM_ID}.hodPrepared`]: null });
  const flags: HodSpecialFlags = {
    kind: "special",
    special: action.id,
    actor: ref(actor),
    item: item ? ref(item) : null,
    weapon: weapon === FIST ? null : weapon,
    die,
    skillRank,
    modifiers: plan.modifiers,
    base: plan.base,
    formula: judged.formula,
    natural: judged.rolled.natural,
    total: judged.rolled.total,
    target: targetActor ? target : null,
    results: judged.results,
    chosen: targetsChoice(action, byDefense),
    outcomes: outcomes.map((o) => o.key),
    damage,
    fumble: judged.fumble,
    durabilityLeft,
    fatigue: action.fatigue,
    unconsciousCheck,
    schedule: scheduleInfo(place),
  };
  const message = await post({ actor }, HOD_CARD_TEMPLATES.special, specialCardView(flags, judged.rolled.html), flags, [
    judged.rolled.roll,
  ]);
  await scheduleAction(place, {
    action: "special",
    special: action.id,
    ...(action.speed.kind === "class" ? {} : { weaponClass: weapon.speedClass }),
    ...(judged.fumble ? { fumble: true } : {}),
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

/** Roll damage from a special action's card: what its outcomes deal, against its target. */
export async function rollSpecialDamage(message: HodMessage): Promise<HodMessage | null> {
  const flags = hodCardFlags(message);
  if (flags?.kind !== "special") return null;
  const action = specialAction(flags.special);
  const actor = resolve<HodActor>(flags.actor.uuid);
  if (!action || !actor) return (warn("ANTHOLOGY.HoD.Errors.actorGone", { name: flags.actor.name }), null);
  if (!mayRoll(actor)) return null;
  const outcomes = action.outcomes.filter((o) => flags.outcomes.includes(o.key));
  const first = specialDamage({ outcomes, source: sourceOf(actor), weapon: flags.weapon });
  if (!first) return null;
  const name = i18n().localize(SPECIAL_ACTION_KEYS[action.id]!);
  const choices = await promptDamage(
    { kind: "damage", critical: first.critical, nonlethal: first.nonlethal, special: true },
    i18n().format("ANTHOLOGY.HoD.Dialog.damageTitle", { name }),
  );
  if (!choices) return null;
  const plan = specialDamage({ outcomes, source: sourceOf(actor), weapon: flags.weapon, modifier: choices.modifier })!;
  const extra = choices.extraDice;
  if (extra && !isDiceSum(extra)) return (warn("ANTHOLOGY.HoD.Errors.extraDice", { dice: extra }), null);
  return postDamageRoll(
    actor,
    { uuid: flags.item?.uuid ?? "", name },
    plan.formula,
    {
      critical: plan.critical,
      nonlethal: choices.nonlethal,
      damageType: flags.weapon?.damageType ?? "",
      target: flags.target,
      attackId: message.id,
      factor: plan.factor,
      special: action.id,
    },
    extra || undefined,
  );
}
