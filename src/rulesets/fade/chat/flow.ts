import { SYSTEM_ID } from "../../../constants";
import { newCard, type CardRef } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import { outcomeOf, rollFor } from "../../../play/dice-roll";
import type { PlayMessage, PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { mayRoll as mayRollFor } from "../../../play/roller";
import { resolve } from "../../../play/documents";
import { targetRef, userTargets, type Targeted } from "../../../play/targets";
import {
  CHARGE_STATUS,
  STATUS_ENDS,
  CRITICAL_FAILURE_STATUS,
  DODGE_STATUS,
  FADE_STATUSES,
  FadeWeaponError,
  canParry,
  parryPool,
  damagePoolFor,
  defenseAgainst,
  attackKind,
  declaredCalledShot,
  isMeleeAttack,
  judgeAttack,
  reactionMeets,
  toHitPool,
  type BodyPart,
  type StatusEffectPlan,
} from "../rules";
import type { FadeAttackRow, FadeDamageRow, FadeTargetNumbers } from "./card-data";
import { promptFadeRoll } from "./dialog";
import {
  dialogPool,
  type DialogTarget,
  type DialogWeapon,
  type FadeRollChoices,
  type FadeRollDialogInput,
} from "./dialog-form";
import { dodgeAgainst, spendDodges, type DeclaredDodge } from "./dodge";
import { fromCard } from "./expiry";
import { withLasting } from "../../../foundry";
import { fadeAttackKind, fadeCheckKind, fadeDamageKind, fadeSkillKind } from "./kinds";
import { fadeSkill, judgeSkill, skillPool } from "../rules/skills";
import { isFadeActor } from "./target";
import { combatantOf, payTurn, spendTurn } from "./turn";
import type { RollPayment } from "./paid";
import type { FadeActorDoc, FadeItemDoc } from "./documents";
import { fadeFlows } from "./flow-registry";
import { weaponOf } from "./weapon";
import { flankingOn, tokenOf } from "./grid";
import { attackProvokers, postProvocation } from "./provoke";
import { missingOf, refusedPart, rollLocation } from "./wounds";

export { weaponOf };
export type { FadeActorDoc, FadeItemDoc, RollPayment };

type FadeTargeted = Targeted<FadeActorDoc>;

/** The Fade actors this user targets. */
export function fadeTargets(): FadeTargeted[] {
  return userTargets((actor): actor is FadeActorDoc => isFadeActor(actor as never));
}

/** A target as the wounds read it: the token's name and the actor's effects. */
const wounded = (t: FadeTargeted) => ({ name: t.name, effects: (t.actor as { effects?: never }).effects });

/** Only an actor's owners (and the GM) roll for it. */
const mayRoll = (actor: FadeActorDoc) => mayRollFor(actor, "ANTHOLOGY.Fade.Errors.notYours");

/**
 * The attack roll of an actor with a weapon, after the roll dialog: one card, a row per target (the
 * user's targets, or those given: an attack of opportunity's provoker). Flanking is ticked when an
 * ally threatens the first target from the opposite side. A full-round attack (`full`) rolls as many
 * attacks as its Attacks per Round, a card each, for one full-round action.
 */
export async function rollAttack(
  actor: FadeActorDoc,
  item: FadeItemDoc,
  options: { targets?: readonly FadeTargeted[]; full?: boolean } = {},
): Promise<PlayMessage | null> {
  const full = options.full === true;
  if (!mayRoll(actor)) return null;
  const targets = options.targets ?? fadeTargets();
  const weapon = weaponOf(item);
  const first = targets[0];
  const flanking = flankingOn(actor.uuid, first?.actor.uuid, isMeleeAttack(weapon));
  const choices = await promptFadeRoll(
    {
      kind: "attack",
      derived: actor.system.derived,
      weapon,
      target: first
        ? { name: first.name, derived: first.actor.system.derived, missing: missingOf(first.actor as never) }
        : null,
      targets: targets.map(dialogTarget),
      statuses: actor.statuses,
      ...(flanking ? { initial: { modifiers: ["flanking" as const] } } : {}),
    },
    item.name,
  );
  if (!choices) return null;
  // A called shot cannot aim at a part a target has lost (the GM refuses it again at Apply).
  if (refusedPart(declaredCalledShot(choices), targets.map(wounded))) return null;
  // The attack's action: a charge's own attack, a coup de grace (full round), else a standard action
  // (in its turn) or the attack of opportunity (out of it).
  const action = full
    ? "fullAttack"
    : (choices.modifiers ?? []).includes("charge")
      ? "chargeAttack"
      : choices.coupDeGrace
        ? "coupDeGrace"
        : "attack";
  const payment = await payTurn(actor, action);
  if (!payment) return null;
  let message: PlayMessage | null = null;
  for (let i = full ? Math.max(1, actor.system.derived.attacksPerRound) : 1; i > 0; i--) {
    message = await postAttack(actor, refOf(item), weapon, choices, targets.map(targetRef), { paid: payment.paid });
  }
  return message;
}

/** A target's numbers now, as the outcome odds read them (the dialog's list and the card's rows). */
function targetNumbers(actor: FadeActorDoc): FadeTargetNumbers {
  const system = actor.system;
  return {
    deflection: { ...system.derived.deflection },
    soak: system.derived.soak,
    hp: Number(system.hp?.value ?? 0),
    hpMax: system.derived.hpMax,
    deathAt: system.derived.deathAt,
    ...(system.energyProfile ? { energy: system.energyProfile } : {}),
    missing: missingOf(actor as never),
  };
}

/** A targeted token for the attack dialog: its numbers now and the dodges it declared (dodge.ts). */
function dialogTarget(t: FadeTargeted): DialogTarget {
  const numbers = targetNumbers(t.actor);
  return {
    name: t.name,
    derived: { ...t.actor.system.derived, ...numbers },
    hp: numbers.hp,
    ...(numbers.energy ? { energy: numbers.energy } : {}),
    missing: numbers.missing,
    dodge: {
      melee: dodgeAgainst(t.actor as never, true)?.total ?? null,
      other: dodgeAgainst(t.actor as never, false)?.total ?? null,
    },
  };
}

const paymentOf = (options: RollPayment) => ({
  ...(options.paid ? { paid: options.paid } : {}),
  ...(options.rerolls ? { rerolls: options.rerolls } : {}),
});

/**
 * Rolls and judges an attack whose choices are made, against each target's Defense now; each hit
 * rolls its location (unless called) and damage at once, so one card holds the whole attack. The
 * first roll, or a Luck reroll of it.
 */
export async function postAttack(
  actor: FadeActorDoc,
  item: CardRef,
  weapon: DialogWeapon,
  choices: FadeRollChoices,
  targets: readonly CardRef[],
  options: RollPayment & { luckReroll?: boolean; dodges?: Readonly<Record<string, DeclaredDodge>> } = {},
): Promise<PlayMessage | null> {
  let damagePool: string;
  try {
    damagePool = damagePoolFor(actor.system.derived, weapon, { ...choices, extra: choices.damageExtra });
  } catch (error) {
    if (!(error instanceof FadeWeaponError)) throw error;
    warn(error.key, { ...error.data });
    return null;
  }
  const pool = toHitPool(actor.system.derived, weapon, choices);
  // Casting a spell or shooting while a foe threatens the attacker provokes (not again on a reroll).
  const reason = attackKind(weapon, choices) === "spell" ? "spell" : (weapon.range ?? 0) > 0 ? "ranged" : null;
  const provokers = options.luckReroll ? [] : attackProvokers(tokenOf(actor.uuid), reason);
  const attack = await rollFor(pool, {
    item: item.uuid,
    choices,
    targets: targets.map((t) => t.uuid),
    ...paymentOf(options),
  });
  const outcome = outcomeOf(attack);
  const rolls: PlayRoll[] = [attack];
  const rows: Array<CardRef & { data: FadeAttackRow }> = [];
  for (const target of targets) {
    const targetActor = resolve<FadeActorDoc>(target.uuid);
    if (!targetActor || !isFadeActor(targetActor as never)) continue;
    const defense = defenseAgainst(targetActor.system.derived, weapon, choices);
    // A dodge or parry the target declared before this attack adds its roll to the Defense.
    const melee = isMeleeAttack(weapon, choices);
    const again = options.dodges?.[target.uuid];
    const dodge = again && reactionMeets(again, { melee }) ? again : dodgeAgainst(targetActor as never, melee);
    const judged = judgeAttack(outcome, defense.value, dodge ? { dodge: dodge.total } : {});
    let part: BodyPart | null = null;
    let locationRoll: number | null = null;
    let damageRoll: number | null = null;
    let damage: number | null = null;
    if (judged.hit) {
      const chosen = choices.calledShot ?? (choices.defaultBody ? "body" : null);
      if (chosen) part = chosen;
      else ({ locationRoll, part } = await rollLocation({ uuid: target.uuid, actor: targetActor as never }, rolls));
      const rolled = await rollFor(damagePool, { target: target.uuid });
      damageRoll = rolls.push(rolled) - 1;
      damage = outcomeOf(rolled).total;
    }
    rows.push({
      ...target,
      data: {
        defense,
        result: judged.result,
        damageRoll,
        locationRoll,
        part,
        damage,
        dodge,
        numbers: targetNumbers(targetActor),
      },
    });
  }
  const card = newCard({
    ruleSet: "fade",
    kind: fadeAttackKind.id,
    actor: refOf(actor),
    data: {
      item,
      weapon,
      choices,
      pool: outcome.formula,
      damagePool,
      attackRoll: 0,
      luckReroll: options.luckReroll === true,
      rerolled: false,
      provokes: provokers.map((t) => t.token.name ?? t.token.actor?.name ?? ""),
    },
    targets: rows,
  });
  const message = await postCard({ kind: fadeAttackKind, card, rolls, speaker: { actor } });
  if (reason && provokers.length) await postProvocation(refOf(actor), provokers, reason);
  await spendDodges(message, rows);
  if (rows.some((r) => r.data.result === "criticalFailure")) {
    await markStatus(actor, CRITICAL_FAILURE_STATUS, message.id);
  }
  if ((choices.modifiers ?? []).includes("charge")) await markStatus(actor, CHARGE_STATUS);
  return message;
}

/**
 * A status the attack leaves on the attacker for its duration: a critical failure (-2k0 on the next
 * turn's checks, which the roll dialog reads) or a charge (-2 Defense and Avoid, which derive reads).
 */
export async function markStatus(actor: FadeActorDoc, plan: StatusEffectPlan, card?: string): Promise<void> {
  // A second dodge (for the attack of opportunity) is a second effect; other statuses are marked once.
  if (actor.statuses?.has(plan.status) && plan !== DODGE_STATUS) return;
  const status = FADE_STATUSES.find((s) => s.id === plan.status)!;
  const effect = {
    name: game.i18n!.localize(status.name),
    img: status.img,
    statuses: [status.id],
    description: game.i18n!.localize(plan.key),
    ...(card ? { flags: fromCard(card) } : {}),
  };
  await actor.createEmbeddedDocuments("ActiveEffect", [
    withLasting(effect, actor, { rounds: plan.rounds ?? 0, until: STATUS_ENDS }),
  ]);
}

/** Weapons that can parry, with their to-hit pools. */
function parries(actor: FadeActorDoc) {
  return actor.items.contents
    .filter((i) => i.type === "fade-weapon" && canParry(i.system))
    .map((i) => ({ id: i.id, name: i.name, pool: parryPool(actor.system.derived, weaponOf(i)) }));
}

/** A dodge or parry, after the dialog: posts the check card with what to add to the defense. */
export async function rollCheck(actor: FadeActorDoc): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  // One dodge or parry a turn: in combat the turn's budget counts them (a second one gives up the
  // attack of opportunity); out of combat, none while the last one lasts.
  const fighting = combatantOf(actor) !== undefined;
  if (!fighting && actor.statuses?.has(DODGE_STATUS.status))
    return (warn("ANTHOLOGY.Fade.Errors.alreadyDodged", { name: actor.name }), null);
  const input: FadeRollDialogInput = {
    kind: "check",
    derived: actor.system.derived,
    parries: parries(actor),
    statuses: actor.statuses,
  };
  const choices = await promptFadeRoll(input, actor.name);
  if (!choices) return null;
  const payment = fighting ? await payTurn(actor, "dodge") : { paid: null };
  if (!payment) return null;
  const pool = dialogPool(input, choices).pool!;
  const item = choices.reaction && choices.reaction !== "dodge" ? actor.items.get(choices.reaction) : undefined;
  return postCheck(actor, item ? refOf(item) : null, choices, pool, { paid: payment.paid });
}

export async function postCheck(
  actor: FadeActorDoc,
  item: CardRef | null,
  choices: FadeRollChoices,
  pool: string,
  options: RollPayment & { luckReroll?: boolean } = {},
): Promise<PlayMessage> {
  const roll = await rollFor(pool, { item: item?.uuid ?? null, choices, ...paymentOf(options) });
  const outcome = outcomeOf(roll);
  const card = newCard({
    ruleSet: "fade",
    kind: fadeCheckKind.id,
    actor: refOf(actor),
    data: {
      item,
      choices,
      pool: outcome.formula,
      total: outcome.total,
      impossible: outcome.impossible,
      luckReroll: options.luckReroll === true,
      rerolled: false,
    },
    targets: [],
  });
  const message = await postCard({ kind: fadeCheckKind, card, rolls: [roll], speaker: { actor } });
  // Declared before the attack it meets: the next attack judged against this actor adds the roll.
  if (!outcome.impossible) await markStatus(actor, DODGE_STATUS, message.id);
  return message;
}

/** The pool of a skill check before situational modifiers: the attribute's dice, the actor's ranks and what effects add. */
function skillBase(actor: FadeActorDoc, skill: string): string {
  const derived = actor.system.derived;
  return skillPool(
    actor.system,
    skill,
    actor.system.skills?.[skill] ?? 0,
    ...(derived.skillBonus ? [derived.skillBonus] : []),
  );
}

/**
 * A skill check from the sheet: the dialog (a DC, the critical failure penalty the actor carries,
 * extra dice) with the live odds against the DC, then the card.
 */
export async function rollSkill(actor: FadeActorDoc, skill: string): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  if (!fadeSkill(skill)) return (warn("ANTHOLOGY.Fade.Errors.unknownSkill", { skill: String(skill) }), null);
  const input: FadeRollDialogInput = {
    kind: "skill",
    derived: actor.system.derived,
    statuses: actor.statuses,
    skill: { id: skill, pool: skillBase(actor, skill) },
  };
  const choices = await promptFadeRoll(input, actor.name);
  if (!choices) return null;
  // In its turn a check takes its skill's action; one the GM calls for out of turn takes none.
  if (!(await spendTurn(actor, fadeSkill(skill)!.action, { inTurnOnly: true }))) return null;
  return postSkill(actor, skill, choices);
}

/**
 * Rolls a skill check whose choices are made, judges it against the DC (no critical hits; half the
 * DC or less is a critical failure, which leaves −2k0 on the next turn's checks) and posts the card.
 */
export async function postSkill(
  actor: FadeActorDoc,
  skill: string,
  choices: FadeRollChoices,
  options: { luckReroll?: boolean } = {},
): Promise<PlayMessage> {
  const input: FadeRollDialogInput = {
    kind: "skill",
    derived: actor.system.derived,
    skill: { id: skill, pool: skillBase(actor, skill) },
  };
  const pool = dialogPool(input, choices).pool!;
  const roll = await rollFor(pool, { skill, choices });
  const outcome = outcomeOf(roll);
  const dc = choices.dc ?? null;
  // A check with no kept dice fails whether or not the GM set a DC (judged as an attack with none).
  const judged = dc === null && !outcome.impossible ? null : judgeSkill(outcome.total, dc ?? 0, outcome.impossible);
  const card = newCard({
    ruleSet: "fade",
    kind: fadeSkillKind.id,
    actor: refOf(actor),
    data: {
      skill,
      choices: { ...choices, skill },
      pool: outcome.formula,
      total: outcome.total,
      impossible: outcome.impossible,
      dc,
      success: judged ? judged.success : null,
      criticalFailure: judged?.criticalFailure === true,
      luckReroll: options.luckReroll === true,
      rerolled: false,
    },
    targets: [],
  });
  const message = await postCard({ kind: fadeSkillKind, card, rolls: [roll], speaker: { actor } });
  if (judged?.criticalFailure) await markStatus(actor, CRITICAL_FAILURE_STATUS, message.id);
  return message;
}

/**
 * The sheet's Damage button (or an attack card without a target): the damage dialog, then one damage
 * roll and a row per target with where it landed.
 */
export async function rollDamage(
  actor: FadeActorDoc,
  item: CardRef & { readonly system?: Readonly<Record<string, unknown>> },
  weapon: DialogWeapon,
  initial: FadeRollChoices = {},
): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  const choices = await promptFadeRoll({ kind: "damage", derived: actor.system.derived, weapon, initial }, item.name);
  if (!choices) return null;
  const targets = fadeTargets();
  // A hit cannot land on a part a target has lost (the GM refuses it again at Apply).
  if (refusedPart(choices.calledShot, targets.map(wounded))) return null;
  return postDamage(actor, refOf(item), weapon, choices, targets.map(targetRef));
}

/** Rolls the damage of a hit whose choices are made (location, critical, modifiers); posts the damage card. */
export async function postDamage(
  actor: FadeActorDoc,
  item: CardRef,
  weapon: DialogWeapon,
  choices: FadeRollChoices,
  targets: readonly CardRef[],
): Promise<PlayMessage | null> {
  let pool: string;
  try {
    pool = damagePoolFor(actor.system.derived, weapon, choices);
  } catch (error) {
    if (!(error instanceof FadeWeaponError)) throw error;
    warn(error.key, { ...error.data });
    return null;
  }
  const damage = await rollFor(pool, { item: item.uuid, choices, targets: targets.map((t) => t.uuid) });
  const rolls: PlayRoll[] = [damage];
  const rows: Array<CardRef & { data: FadeDamageRow }> = [];
  for (const target of targets) {
    if (choices.calledShot) {
      rows.push({ ...target, data: { locationRoll: null, part: choices.calledShot } });
      continue;
    }
    const { locationRoll, part } = await rollLocation({ uuid: target.uuid, actor: resolve(target.uuid) }, rolls);
    rows.push({ ...target, data: { locationRoll, part } });
  }
  const card = newCard({
    ruleSet: "fade",
    kind: fadeDamageKind.id,
    actor: refOf(actor),
    data: { item, weapon, choices, pool: outcomeOf(damage).formula, damageRoll: 0 },
    targets: rows,
  });
  return postCard({ kind: fadeDamageKind, card, rolls, speaker: { actor } });
}

/** Provides the flows the cards' buttons start (flow-registry.ts). */
export function registerFadeFlows(): void {
  fadeFlows.provide({ rollAttack, rollDamage, postAttack, postCheck, postSkill });
}

/** The card of a message, for macros and tests: `flags.anthology.card`. */
export function fadeCardData(message: { getFlag(scope: string, key: string): unknown }): unknown {
  return message.getFlag(SYSTEM_ID, "card");
}
