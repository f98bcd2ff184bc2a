/**
 * What the OpenD6 sheet's buttons do: a check or an attack through the roll dialog, rolled with
 * Foundry's dice (each roll carrying what it was rolled for), on one card.
 */
import { newCard, type CardRef } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import { outcomeOf, rollFor } from "../../../play/dice-roll";
import type { PlayMessage, PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { mayRoll as mayRollFor } from "../../../play/roller";
import { requestGm } from "../../../hooks/socket";
import { CHARGE_REQUEST } from "./receipts";
import { ACTION_REFUSALS } from "./checks";
import { endStumble, withStumble } from "./stumble";
import { targetRef, userTargets, type Targeted } from "../../../play/targets";
import { ATTRIBUTE_KEYS, OPEND6_WEAPON_TYPE, SKILL_KEYS } from "../data";
import {
  actionRefusal,
  aimsWith,
  damageCode,
  isAttribute,
  isDefenseSkill,
  meets,
  optionsRefusal,
  reflexesBased,
  toPips,
  unarmedReaches,
} from "../rules";
import { attackRows } from "./attack-rows";
import type { RolledTrait } from "./card-data";
import {
  OPTION_REFUSALS,
  attackCode,
  attackDamageOf,
  attackFormula,
  hitDamageCode,
  struckOn,
  traitCode,
  weaponOf,
  type AttackWeapon,
  type OpenD6ActorDoc,
  type OpenD6ItemDoc,
} from "./codes";
import { promptOpenD6Roll } from "./dialog";
import { optionsOf, penaltyDice, rollFormula, type OpenD6RollChoices, type OutcomeTarget } from "./dialog-form";
import { declareDefense } from "./defense";
import { healthOf } from "./outcomes";
import { damageBonusSetting } from "../settings";
import { defenseAgainst } from "./defense-against";
import { declareFullAuto } from "./full-auto";
import { opend6AttackKind, opend6CheckKind } from "./kinds";
import { isOpenD6Actor } from "./target";

export type { OpenD6ActorDoc, OpenD6ItemDoc };

/** The OpenD6 actors this user targets. */
export function opend6Targets(): Array<Targeted<OpenD6ActorDoc>> {
  return userTargets((actor): actor is OpenD6ActorDoc => isOpenD6Actor(actor as never));
}

const mayRoll = (actor: OpenD6ActorDoc) => mayRollFor(actor, "ANTHOLOGY.OpenD6.Errors.notYours");

/**
 * Whether the actor can act now: not out of action by its wounds (Incapacitated, Mortally Wounded, no
 * Body Points left) and not unconscious; a message naming why not.
 */
export function mayAct(actor: OpenD6ActorDoc): boolean {
  const unconscious = (actor as { statuses?: ReadonlySet<string> }).statuses?.has("unconscious") === true;
  const reason = actionRefusal(actor.system.derived.woundLevel, unconscious);
  if (reason) warn(ACTION_REFUSALS[reason], { name: actor.name });
  return reason === null;
}

const spends = (choices: OpenD6RollChoices) => choices.characterPoints > 0 || choices.fatePoint;

/**
 * Whether the actor has the Character and Fate Points the choices spend, and a GM is connected to take
 * them off (a message when not).
 */
function canSpend(actor: OpenD6ActorDoc, choices: OpenD6RollChoices): boolean {
  if (spends(choices) && !game.users?.activeGM) {
    warn("ANTHOLOGY.OpenD6.Errors.spendNeedsGm", { name: actor.name });
    return false;
  }
  if (choices.characterPoints > actor.system.characterPoints) {
    warn("ANTHOLOGY.OpenD6.Errors.noCharacterPoints", {
      name: actor.name,
      asked: choices.characterPoints,
      left: actor.system.characterPoints,
    });
    return false;
  }
  if (choices.fatePoint && actor.system.fatePoints < 1) {
    warn("ANTHOLOGY.OpenD6.Errors.noFatePoints", { name: actor.name });
    return false;
  }
  return true;
}

/**
 * Has the GM take what a roll spent off the actor and write it on the card's receipt: the GM's apply
 * counts no point that is not on it (receipts.ts).
 */
async function spend(message: PlayMessage, choices: OpenD6RollChoices): Promise<void> {
  if (spends(choices)) await requestGm(CHARGE_REQUEST, { messageId: message.id });
}

const traitName = (trait: RolledTrait) =>
  game.i18n!.localize(
    trait.kind === "attribute" && isAttribute(trait.id) ? ATTRIBUTE_KEYS[trait.id].label : (SKILL_KEYS[trait.id] ?? ""),
  );

/** The weapons an actor holds (not dropped): what a disarm may knock away. */
export function heldWeapons(actor: OpenD6ActorDoc): Array<{ id: string; name: string }> {
  return actor.items.contents
    .filter((i) => i.type === OPEND6_WEAPON_TYPE && i.system.dropped !== true)
    .map((i) => ({ id: i.id, name: i.name }));
}

/** The weapons a parry may be made with: the actor's melee combat weapons. */
export function parryWeapons(actor: OpenD6ActorDoc): Array<{ id: string; name: string }> {
  return actor.items.contents
    .filter((i) => i.type === OPEND6_WEAPON_TYPE && weaponOf(i).skill === "meleeCombat")
    .map((i) => ({ id: i.id, name: i.name }));
}

/**
 * A check with an attribute or skill: the dialog (difficulty, penalties, points), then the card. A
 * GM's roll request presets the difficulty.
 */
export async function rollCheck(
  actor: OpenD6ActorDoc,
  trait: RolledTrait,
  options: { difficulty?: number } = {},
): Promise<PlayMessage | null> {
  if (!mayRoll(actor) || !mayAct(actor)) return null;
  const code = traitCode(actor, trait);
  if (code === null) return (warn("ANTHOLOGY.OpenD6.Errors.unknownTrait", { id: String(trait.id) }), null);
  const choices = await promptOpenD6Roll(
    {
      kind: "check",
      code,
      woundPenalty: actor.system.derived.woundPenalty,
      characterPoints: actor.system.characterPoints,
      fatePoints: actor.system.fatePoints,
      defenseSkill: trait.kind === "skill" && isDefenseSkill(trait.id),
      parryWeapons: trait.kind === "skill" && trait.id === "meleeCombat" ? parryWeapons(actor) : [],
      ...(options.difficulty === undefined ? {} : { initial: { difficulty: options.difficulty } }),
    },
    game.i18n!.format("ANTHOLOGY.OpenD6.Dialog.checkTitle", { name: actor.name, trait: traitName(trait) }),
  );
  if (!choices) return null;
  return postCheck(actor, trait, choices);
}

/** Rolls a check whose choices are made and posts its card; spends the points it used. */
export async function postCheck(
  actor: OpenD6ActorDoc,
  trait: RolledTrait,
  chosen: OpenD6RollChoices,
): Promise<PlayMessage | null> {
  // A stumble takes 2D from the next Reflexes or Reflexes-based roll, and ends with it.
  const choices = withStumble(actor as never, chosen, reflexesBased(trait.id));
  const code = traitCode(actor, trait);
  if (code === null) return (warn("ANTHOLOGY.OpenD6.Errors.unknownTrait", { id: String(trait.id) }), null);
  if (choices.defense && !(trait.kind === "skill" && isDefenseSkill(trait.id))) {
    return (warn("ANTHOLOGY.OpenD6.Errors.notADefense", { name: actor.name }), null);
  }
  if (choices.parryWith && !parryWeapons(actor).some((w) => w.id === choices.parryWith)) {
    return (warn("ANTHOLOGY.OpenD6.Errors.parryWith", { name: actor.name }), null);
  }
  if (!mayAct(actor) || !canSpend(actor, choices)) return null;
  const woundPenalty = actor.system.derived.woundPenalty;
  const { formula } = rollFormula({ code, woundPenalty }, choices);
  const roll = await rollFor(formula, { trait, choices });
  const outcome = outcomeOf(roll);
  const difficulty = choices.difficulty ?? null;
  const card = newCard({
    ruleSet: "opend6",
    kind: opend6CheckKind.id,
    actor: refOf(actor),
    data: {
      trait,
      choices,
      code,
      formula: outcome.formula,
      woundPenalty,
      total: outcome.total,
      difficulty,
      success: difficulty === null ? null : meets(outcome.total, difficulty),
      complication: outcome.complication,
    },
    targets: [],
  });
  const message = await postCard({ kind: opend6CheckKind, card, rolls: [roll], speaker: { actor } });
  await spend(message, choices);
  await endStumble(actor as never, choices);
  if (choices.defense) await declareDefense(actor as never, message);
  return message;
}

/** The weapon's damage code in the actor's hands, or null (with a message) when it cannot be read. */
function damageCodeOf(actor: OpenD6ActorDoc, item: OpenD6ItemDoc | null): string | null {
  try {
    return damageCode(actor.system.derived.strengthDamage, weaponOf(item).damage);
  } catch {
    warn("ANTHOLOGY.OpenD6.Errors.badDamage", { name: item?.name ?? "", damage: weaponOf(item).damage });
    return null;
  }
}

/**
 * What an attack on this actor is judged against now: its active defense, or passive defense, less a
 * full-auto penalty; without the acrobatics bonus, which depends on the range (`acrobaticsOf`).
 */
export function defenseOf(actor: OpenD6ActorDoc): number {
  return defenseAgainst(actor, null).value;
}

/**
 * A targeted token's numbers now, for the dialog's chances to hit, hurt and drop it: with what a miss
 * still deals it when it blocks this blade with its body, unarmored (`struckOn`, as the card's rows).
 */
function outcomeTarget(name: string, actor: OpenD6ActorDoc, weapon: AttackWeapon): OutcomeTarget {
  const { value, active } = defenseAgainst(actor, null);
  const struck = struckOn(weapon, active, actor);
  return {
    name,
    defense: value,
    ...(struck?.struck === "block" ? { missDamage: struck.code } : {}),
    acrobatics: acrobaticsOf(actor),
    scale: actor.system.scale ?? 0,
    resistance: actor.system.derived.resistance,
    health: healthOf(actor),
  };
}

/** The acrobatics bonus an attack on this actor meets at Short range or more. */
export const acrobaticsOf = (actor: OpenD6ActorDoc): number => actor.system.derived.acrobaticsDefense ?? 0;

/**
 * An attack with a weapon, or unarmed (no item: brawling for Strength Damage): the dialog with the
 * chance against the first target, then one card.
 */
export async function rollAttack(actor: OpenD6ActorDoc, item: OpenD6ItemDoc | null): Promise<PlayMessage | null> {
  if (!mayRoll(actor) || !mayAct(actor)) return null;
  if (item && item.type !== OPEND6_WEAPON_TYPE) {
    return (warn("ANTHOLOGY.OpenD6.Errors.notAWeapon", { name: item.name }), null);
  }
  if (item?.system.dropped === true) return (warn("ANTHOLOGY.OpenD6.Errors.weaponDropped", { name: item.name }), null);
  if (damageCodeOf(actor, item) === null) return null;
  const weapon = weaponOf(item);
  const targets = opend6Targets();
  const first = targets[0];
  const code = attackCode(actor, weapon.skill);
  const choices = await promptOpenD6Roll(
    {
      kind: "attack",
      code,
      woundPenalty: actor.system.derived.woundPenalty,
      characterPoints: actor.system.characterPoints,
      fatePoints: actor.system.fatePoints,
      target: first
        ? {
            name: first.name,
            defense: defenseOf(first.actor),
            scale: first.actor.system.scale ?? 0,
            acrobatics: acrobaticsOf(first.actor),
          }
        : null,
      attackerScale: actor.system.scale ?? 0,
      outcomeTargets: targets.map((t) => outcomeTarget(t.name, t.actor, weapon)),
      damage: attackDamageOf(actor, item),
      damageBonus: damageBonusSetting(),
      ranged: weapon.ranged,
      aims: aimsWith(weapon.skill),
      closeOnly: item === null,
      disarmWeapons: first ? heldWeapons(first.actor) : [],
    },
    item
      ? game.i18n!.format("ANTHOLOGY.OpenD6.Dialog.attackTitle", { name: actor.name, item: item.name })
      : game.i18n!.format("ANTHOLOGY.OpenD6.Dialog.unarmedTitle", { name: actor.name }),
  );
  if (!choices) return null;
  return postAttack(actor, item, choices, targets.map(targetRef));
}

/**
 * Rolls an attack whose choices are made, against each target's defense now; each hit rolls its damage
 * and the target's resistance at once, so one card holds the whole attack.
 */
export async function postAttack(
  actor: OpenD6ActorDoc,
  item: OpenD6ItemDoc | null,
  chosen: OpenD6RollChoices,
  targets: readonly CardRef[],
): Promise<PlayMessage | null> {
  if (!mayAct(actor)) return null;
  if (item?.system.dropped === true) return (warn("ANTHOLOGY.OpenD6.Errors.weaponDropped", { name: item.name }), null);
  const weaponDamage = damageCodeOf(actor, item);
  if (weaponDamage === null || !canSpend(actor, chosen)) return null;
  const weapon = weaponOf(item);
  const choices = withStumble(actor as never, chosen, reflexesBased(weapon.skill));
  const code = attackCode(actor, weapon.skill);
  const options = optionsOf(choices);
  const woundPenalty = actor.system.derived.woundPenalty;
  // Quick draw leaves at least 1D once the wound and multi-action penalties are taken (the text).
  const refusal =
    optionsRefusal(options, weapon.skill, toPips(code), penaltyDice(woundPenalty, choices), weapon.edged) ??
    (item === null && !unarmedReaches(choices.range ?? "short") ? "unarmedRange" : null);
  if (refusal) return (warn(OPTION_REFUSALS[refusal] ?? OPTION_REFUSALS.wrongSkill!, { name: actor.name }), null);
  const damage = hitDamageCode(actor, item, choices);
  const attack = await rollFor(attackFormula(actor, item, choices), {
    item: item?.uuid ?? null,
    choices,
    targets: targets.map((t) => t.uuid),
  });
  const outcome = outcomeOf(attack);
  const rolls: PlayRoll[] = [attack];
  const rows = await attackRows({ actor, choices, damage, total: outcome.total, targets, rolls, weapon });
  const card = newCard({
    ruleSet: "opend6",
    kind: opend6AttackKind.id,
    actor: refOf(actor),
    data: {
      item: item ? refOf(item) : null,
      weapon: { damage: weapon.damage, skill: weapon.skill },
      choices,
      code,
      formula: outcome.formula,
      woundPenalty,
      attackRoll: 0,
      total: outcome.total,
      complication: outcome.complication,
      damageCode: damage,
    },
    targets: rows,
  });
  const message = await postCard({ kind: opend6AttackKind, card, rolls, speaker: { actor } });
  await spend(message, choices);
  if (choices.maneuver === "fullAuto") await declareFullAuto(actor as never, message);
  await endStumble(actor as never, choices);
  return message;
}
