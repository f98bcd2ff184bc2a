/**
 * What the Fading Suns sheet's buttons do: a goal roll or an attack through the roll dialog, rolled with
 * Foundry's dice (each roll carrying what it was rolled for), with the reroll a 20 or a combat critical
 * calls for rolled at once, on one card.
 */
import { newCard, type CardRef } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import { outcomeOf, rollFor } from "../../../play/dice-roll";
import { resolve, type PlayMessage, type PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { mayRoll as mayRollFor, type RollerActor, type RollerItem } from "../../../play/roller";
import { targetRef, userTargets, type Targeted } from "../../../play/targets";
import type { FadingSunsActorDerived, FadingSunsActorSystem } from "../data";
import { CHARACTERISTIC_KEYS, FS_SKILL_TYPE, FS_WEAPON_TYPE, SKILL_KEYS } from "../data";
import { quickComplementarySetting } from "../settings";
import {
  NATURAL_SKILLS,
  NATURAL_SKILL_CHARACTERISTIC,
  isCharacteristic,
  isNaturalSkill,
  movedBy,
  multiAttackCheck,
  resolveGoal,
  sustainedTotal,
  type Characteristic,
  type RollKind,
} from "../rules";
import { attackDialogInput, attackGoal, attackRow, damageParts, weaponOf, type AttackerData } from "./attack-math";
import type { FsAttackRow, FsGoalData, RolledSkill } from "./card-data";
import { requestGm } from "../../../hooks/socket";

export const FS_LINK_REQUEST = "fading-suns.link";
import { promptFsRoll } from "./dialog";
import { dialogOutcomes, foeOf, targetNumbersOf } from "./outcomes";
import { goalOf, type FsRollChoices, type FsRollDialogInput } from "./dialog-form";
import { fsAttackKind, fsGoalKind } from "./kinds";
import { isFsActor } from "./target";

/** A Fading Suns item as the flows read it. */
export type FsItemDoc = RollerItem;

/** A Fading Suns actor as the flows read it. */
export type FsActorDoc = RollerActor<FadingSunsActorSystem & FadingSunsActorDerived, FsItemDoc>;

/** The Fading Suns actors this user targets. */
export function fsTargets(): Array<Targeted<FsActorDoc>> {
  return userTargets((actor): actor is FsActorDoc => isFsActor(actor as never));
}

export const mayRoll = (actor: FsActorDoc) => mayRollFor(actor, "ANTHOLOGY.FadingSuns.Errors.notYours");

/** A d20 rolled for a request. */
const rollD20 = (request: Record<string, unknown>) => rollFor("1d20", request);

/** The d20's face, read back from the roll as the GM will read it. */
export const faceOf = (roll: PlayRoll): number => outcomeOf(roll).total;

/** Whether the actor fights in the current combat (a goal roll's critical is then rerolled). */
function inCombat(actor: FsActorDoc): boolean {
  const combat = (
    game as unknown as { combat?: { started?: boolean; combatants?: Iterable<{ actor?: { id?: string } }> } }
  ).combat;
  if (!combat?.started || !combat.combatants) return false;
  return [...combat.combatants].some((c) => c.actor?.id === actor.id);
}

/**
 * A run or a charge costs the mover −2 Defense until Defense resets as the next turn starts (the GM's
 * client clears it then): the roller's client, which owns the mover, marks it when the roll is posted.
 * Only in a fight: outside one no turn ends to reset it.
 */
async function markMoved(actor: FsActorDoc, kind: RollKind, choices: FsRollChoices): Promise<void> {
  const moved = movedBy(kind, choices.move);
  if (moved === "none" || !inCombat(actor) || actor.system.moved === moved) return;
  await actor.update({ "system.moved": moved });
}

/** A skill's rating and usual characteristic on the actor now, or null for an unknown skill. */
export function skillOf(
  actor: FsActorDoc,
  skill: Pick<RolledSkill, "kind" | "id">,
): { rating: number; characteristic: Characteristic; name: string } | null {
  if (skill.kind === "natural") {
    if (!isNaturalSkill(skill.id)) return null;
    return {
      rating: actor.system.naturalSkills[skill.id] ?? 0,
      characteristic: NATURAL_SKILL_CHARACTERISTIC[skill.id],
      name: game.i18n!.localize(SKILL_KEYS[skill.id]),
    };
  }
  const item = actor.items.get(skill.id);
  if (!item || item.type !== FS_SKILL_TYPE) return null;
  const rating = typeof item.system.rating === "number" ? item.system.rating : 0;
  const characteristic = isCharacteristic(item.system.characteristic) ? item.system.characteristic : "wits";
  return { rating, characteristic, name: item.name };
}

/** The roller's other skills and their ratings, for the quick complementary rule. */
export function quickSkillsOf(actor: FsActorDoc, rolled: Pick<RolledSkill, "kind" | "id">) {
  const natural = NATURAL_SKILLS.filter((id) => !(rolled.kind === "natural" && rolled.id === id)).map((id) => ({
    id,
    name: game.i18n!.localize(SKILL_KEYS[id]),
    rating: actor.system.naturalSkills[id] ?? 0,
  }));
  const learned = actor.items.contents
    .filter((i) => i.type === FS_SKILL_TYPE && !(rolled.kind === "learned" && rolled.id === i.id))
    .map((i) => ({ id: i.id, name: i.name, rating: typeof i.system.rating === "number" ? i.system.rating : 0 }));
  return [...natural, ...learned];
}

export function dialogInput(
  actor: FsActorDoc,
  skill: { rating: number; characteristic: Characteristic },
): FsRollDialogInput {
  return {
    kind: "check",
    characteristics: actor.system.characteristics,
    characteristic: skill.characteristic,
    skill: skill.rating,
    woundPenalty: actor.system.derived.woundPenalty,
    stanceGoal: actor.system.derived.stanceModifiers.goal,
    effectGoal: actor.system.derived.bonuses?.goal ?? 0,
  };
}

/** A goal roll with a skill (natural or learned): the dialog (characteristic, modifiers), then the card. */
export async function rollGoal(
  actor: FsActorDoc,
  skill: Pick<RolledSkill, "kind" | "id">,
): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  const found = skillOf(actor, skill);
  if (!found) return (warn("ANTHOLOGY.FadingSuns.Errors.unknownSkill", { id: String(skill.id) }), null);
  const input = {
    ...dialogInput(actor, found),
    initial: { combat: inCombat(actor) },
    ...(quickComplementarySetting() ? { quickSkills: quickSkillsOf(actor, skill) } : {}),
  };
  const choices = await promptFsRoll(
    input,
    game.i18n!.format("ANTHOLOGY.FadingSuns.Dialog.goalTitle", { name: actor.name, skill: found.name }),
  );
  if (!choices) return null;
  return postGoal(actor, skill, choices, { targets: fsTargets().map(targetRef) });
}

/** Rolls a goal roll whose choices are made (and its reroll when called for) and posts its card. */
export async function postGoal(
  actor: FsActorDoc,
  skill: Pick<RolledSkill, "kind" | "id">,
  choices: FsRollChoices,
  extra: { targets?: readonly CardRef[]; link?: FsGoalData["link"] } = {},
): Promise<PlayMessage | null> {
  const found = skillOf(actor, skill);
  if (!found) return (warn("ANTHOLOGY.FadingSuns.Errors.unknownSkill", { id: String(skill.id) }), null);
  const { characteristic, natural, parts, goal } = goalOf(dialogInput(actor, found), choices);
  const combat = choices.combat === true;
  const first = await rollD20({ skill, choices });
  const rolls: PlayRoll[] = [first];
  const roll = faceOf(first);
  let reroll: number | null = null;
  if (resolveGoal({ goal, rolls: [roll], combat }).needsReroll) {
    const second = await rollD20({ reroll: true });
    rolls.push(second);
    reroll = faceOf(second);
  }
  const result = resolveGoal({ goal, rolls: reroll === null ? [roll] : [roll, reroll], combat });
  const link = extra.link ?? null;
  // A further roll of a task or an answer starts neither a task nor a contest.
  const task = (!link && choices.task) || null;
  const card = newCard({
    ruleSet: "fading-suns",
    kind: fsGoalKind.id,
    actor: refOf(actor),
    data: {
      characteristic,
      skill: { kind: skill.kind, id: skill.id, name: found.name },
      choices,
      natural,
      parts,
      goal,
      combat,
      roll,
      reroll,
      outcome: result.outcome,
      victoryPoints: result.victoryPoints,
      link,
      task,
      steps: [],
      total: task ? sustainedTotal([result]) : 0,
    },
    targets: link || task ? [] : (extra.targets ?? []).map((t) => ({ ...t, data: { result: null } })),
  });
  const posted = await postCard({ kind: fsGoalKind, card, rolls, speaker: { actor } });
  if (link) await requestGm(FS_LINK_REQUEST, { messageId: posted.id });
  await markMoved(actor, "check", choices);
  return posted;
}

const characteristicName = (c: Characteristic) => game.i18n!.localize(CHARACTERISTIC_KEYS[c]);

/** Whether the actor may attack now (not in full defense), with a message when not. */
function mayAttack(actor: FsActorDoc): boolean {
  if (actor.system.derived.stance !== "fullDefense") return true;
  warn("ANTHOLOGY.FadingSuns.Errors.fullDefense", { name: actor.name });
  return false;
}

/** An attack with a weapon (or unarmed): the dialog with the odds against the first target, then one card. */
export async function rollAttack(actor: FsActorDoc, item: FsItemDoc | null): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  if (item && item.type !== FS_WEAPON_TYPE)
    return (warn("ANTHOLOGY.FadingSuns.Errors.notAWeapon", { name: item.name }), null);
  if (!mayAttack(actor)) return null;
  // A weapon dropped (a disarm) strikes again only once its owner has it in hand.
  if (item && item.system.held === false)
    return (warn("ANTHOLOGY.FadingSuns.Errors.notInHand", { name: actor.name, item: item.name }), null);
  const weapon = weaponOf(item);
  const targets = fsTargets();
  if (!mayTarget(actor, targets.length)) return null;
  const first = targets[0];
  const foes = targets.map((t) => targetNumbersOf({ name: t.name, system: t.actor.system }));
  const choices = await promptFsRoll(
    {
      ...attackDialogInput(actor.system, weapon),
      target: first ? { name: first.name, defense: first.actor.system.derived.defense } : null,
      targets: targets.length,
    },
    game.i18n!.format("ANTHOLOGY.FadingSuns.Dialog.attackTitle", {
      name: actor.name,
      item: item?.name ?? game.i18n!.localize("ANTHOLOGY.FadingSuns.Sheet.unarmed"),
      characteristic: characteristicName("dexterity"),
    }),
    (choices) => dialogOutcomes(actor.system, weapon, foes, choices),
  );
  if (!choices) return null;
  return postAttack(actor, item, choices, targets.map(targetRef));
}

/** Whether one action may attack this many targets (three at most), with a message when not. */
function mayTarget(actor: FsActorDoc, count: number): boolean {
  if (multiAttackCheck(1, count) !== "tooMany") return true;
  warn("ANTHOLOGY.FadingSuns.Errors.tooManyTargets", { name: actor.name, count: String(count) });
  return false;
}

/**
 * Rolls an attack whose choices are made: one d20 judged against each target's Defense now, the reroll
 * rolled at once when a 20 or a critical against any target calls for it.
 */
export async function postAttack(
  actor: FsActorDoc,
  item: FsItemDoc | null,
  choices: FsRollChoices,
  targets: readonly CardRef[],
): Promise<PlayMessage | null> {
  if (!mayAttack(actor)) return null;
  const weapon = weaponOf(item);
  const attacker: AttackerData = actor.system;
  const defenders = targets.flatMap((t) => {
    const defender = resolve<FsActorDoc>(t.uuid);
    return defender && isFsActor(defender as never) ? [{ ref: t, defender }] : [];
  });
  if (!mayTarget(actor, defenders.length)) return null;
  // Each target is one attack of the action: never fewer attacks than targets (the dialog offers no fewer).
  if (multiAttackCheck(choices.attacks, defenders.length) === "tooFew")
    choices = { ...choices, attacks: defenders.length };
  // A charge goes up to twice the charger's movement: the meters claimed beyond it are not charged.
  if ((choices.charge ?? 0) > attacker.derived.chargeDistance)
    choices = { ...choices, charge: attacker.derived.chargeDistance };
  const { natural, parts, goal } = attackGoal(attacker, weapon, choices);
  const damage = damageParts(attacker, weapon, choices);
  const first = await rollD20({ item: item?.uuid ?? null, choices, targets: defenders.map((d) => d.ref.uuid) });
  const rolls: PlayRoll[] = [first];
  const roll = faceOf(first);
  const rowWith = (reroll: number | null, defender: FsActorDoc): FsAttackRow =>
    attackRow({
      goal,
      ownDefense: defender.system.derived.defense,
      armor: defender.system.derived.armor,
      weapon,
      choices,
      damage: damage.base + damage.strength + damage.stance + damage.action + damage.effects,
      roll,
      reroll,
    });
  const needs =
    resolveGoal({ goal, rolls: [roll], combat: true }).needsReroll ||
    defenders.some(
      ({ defender }) => resolveGoal({ goal: rowWith(null, defender).goal, rolls: [roll], combat: true }).needsReroll,
    );
  let reroll: number | null = null;
  if (needs) {
    const second = await rollD20({ reroll: true });
    rolls.push(second);
    reroll = faceOf(second);
  }
  const card = newCard({
    ruleSet: "fading-suns",
    kind: fsAttackKind.id,
    actor: refOf(actor),
    data: {
      item: item ? refOf(item) : null,
      weapon,
      choices,
      natural,
      parts,
      goal,
      roll,
      reroll,
      damage: {
        base: damage.base,
        strength: damage.strength,
        stance: damage.stance,
        action: damage.action,
        effects: damage.effects,
      },
      effectDice: damage.effectDice,
    },
    // Each row keeps its target's numbers now for its outcome odds (display only).
    targets: defenders.map(({ ref, defender }) => ({
      ...ref,
      data: { ...rowWith(reroll, defender), foe: foeOf(defender) },
    })),
  });
  const posted = await postCard({ kind: fsAttackKind, card, rolls, speaker: { actor } });
  await markMoved(actor, weapon.kind, choices);
  return posted;
}
