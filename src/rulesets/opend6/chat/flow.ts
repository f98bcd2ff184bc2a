/**
 * What the OpenD6 sheet's buttons do: a check or an attack through the roll dialog, rolled with
 * Foundry's dice (each roll carrying what it was rolled for), on one card.
 */
import { AnthologyRoll } from "../../../dice/anthology-roll";
import { newCard, type CardRef } from "../../../play/card";
import { postCard, refOf, replayRolls } from "../../../play/cards";
import { resolve, type PlayMessage, type PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { requestGm } from "../../../hooks/socket";
import { CHARGE_REQUEST } from "./receipts";
import { requestOptions } from "../../../play/request";
import { targetRef, userTargets, type Targeted } from "../../../play/targets";
import type { OpenD6ActorDerived, OpenD6ActorSystem } from "../data";
import { ATTRIBUTE_KEYS, OPEND6_WEAPON_TYPE, SKILL_KEYS } from "../data";
import {
  combatDifficulty,
  damageCode,
  hitTotals,
  defenseValue,
  isAttribute,
  isDefenseSkill,
  attackDamageCode,
  meets,
  opend6Skill,
  optionEffects,
  optionsRefusal,
  scale,
  toPips,
  WEAPON_SKILLS,
} from "../rules";
import { damageBonusSetting, tablesSetting } from "../settings";
import type { OpenD6AttackRow, RolledTrait } from "./card-data";
import { promptOpenD6Roll } from "./dialog";
import { optionsOf, rollFormula, type OpenD6RollChoices } from "./dialog-form";
import { declareDefense, declaredDefense } from "./defense";
import { opend6AttackKind, opend6CheckKind } from "./kinds";
import { isOpenD6Actor } from "./target";

/** An OpenD6 item as the flows read it. */
export interface OpenD6ItemDoc {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: Readonly<Record<string, unknown>>;
}

/** An OpenD6 actor as the flows read and change it. */
export interface OpenD6ActorDoc {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly isOwner: boolean;
  readonly system: OpenD6ActorSystem & OpenD6ActorDerived;
  readonly items: { get(id: string): OpenD6ItemDoc | undefined; readonly contents: OpenD6ItemDoc[] };
  update(data: object): Promise<unknown>;
}

/** The OpenD6 actors this user targets. */
export function opend6Targets(): Array<Targeted<OpenD6ActorDoc>> {
  return userTargets((actor): actor is OpenD6ActorDoc => isOpenD6Actor(actor as never));
}

function mayRoll(actor: OpenD6ActorDoc): boolean {
  if (actor.isOwner) return true;
  warn("ANTHOLOGY.OpenD6.Errors.notYours", { name: actor.name });
  return false;
}

async function rollDice(formula: string, request: Record<string, unknown>): Promise<PlayRoll> {
  const roll = new AnthologyRoll(formula, {}, requestOptions(request)) as unknown as PlayRoll & {
    evaluate(): Promise<unknown>;
  };
  await roll.evaluate();
  return roll;
}

/** A rolled code as the rules read it, from its formula and faces (as the GM will read it again). */
export function outcomeOf(roll: PlayRoll) {
  const replayed = replayRolls({ rolls: [roll] })[0];
  if (!replayed) throw new Error(`Anthology: "${roll.formula}" could not be read back`);
  return replayed.outcome;
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

/** The code of an attribute or skill on the actor now, or null for an id that is neither. */
export function traitCode(actor: OpenD6ActorDoc, trait: RolledTrait): string | null {
  const derived = actor.system.derived;
  if (trait.kind === "attribute") return isAttribute(trait.id) ? derived.attributes[trait.id] : null;
  return opend6Skill(trait.id) ? (derived.skills[trait.id]?.code ?? null) : null;
}

const traitName = (trait: RolledTrait) =>
  game.i18n!.localize(
    trait.kind === "attribute" && isAttribute(trait.id) ? ATTRIBUTE_KEYS[trait.id].label : (SKILL_KEYS[trait.id] ?? ""),
  );

/** A check with an attribute or skill: the dialog (difficulty, penalties, points), then the card. */
export async function rollCheck(actor: OpenD6ActorDoc, trait: RolledTrait): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
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
  choices: OpenD6RollChoices,
): Promise<PlayMessage | null> {
  const code = traitCode(actor, trait);
  if (code === null) return (warn("ANTHOLOGY.OpenD6.Errors.unknownTrait", { id: String(trait.id) }), null);
  if (choices.defense && !(trait.kind === "skill" && isDefenseSkill(trait.id))) {
    return (warn("ANTHOLOGY.OpenD6.Errors.notADefense", { name: actor.name }), null);
  }
  if (!canSpend(actor, choices)) return null;
  const woundPenalty = actor.system.derived.woundPenalty;
  const { formula } = rollFormula({ code, woundPenalty }, choices);
  const roll = await rollDice(formula, { trait, choices });
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
  if (choices.defense) await declareDefense(actor as never, message);
  return message;
}

/** A weapon item's stored fields as the flows read them. */
export function weaponOf(item: OpenD6ItemDoc): { damage: string; skill: string; ranged: boolean } {
  const s = item.system;
  const skill = typeof s.skill === "string" && WEAPON_SKILLS.includes(s.skill) ? s.skill : "meleeCombat";
  return {
    damage: typeof s.damage === "string" ? s.damage : "",
    skill,
    ranged: [s.short, s.medium, s.long].some((m) => typeof m === "number" && m > 0),
  };
}

/** The weapon's damage code in the actor's hands, or null (with a message) when it cannot be read. */
function damageCodeOf(actor: OpenD6ActorDoc, item: OpenD6ItemDoc): string | null {
  try {
    return damageCode(actor.system.derived.strengthDamage, weaponOf(item).damage);
  } catch {
    warn("ANTHOLOGY.OpenD6.Errors.badDamage", { name: item.name, damage: weaponOf(item).damage });
    return null;
  }
}

/** The formula an attack with this weapon rolls: its skill's code now, less `woundPenalty`, with the choices. */
export function attackFormula(
  actor: OpenD6ActorDoc,
  item: OpenD6ItemDoc,
  choices: OpenD6RollChoices,
  woundPenalty: number = actor.system.derived.woundPenalty,
): string {
  const code = actor.system.derived.skills[weaponOf(item).skill]!.code;
  return rollFormula({ code, woundPenalty }, choices).formula;
}

/**
 * The damage code a hit rolls, from the weapon, the attacker and the choices as they stand (a
 * RangeError when the weapon's code cannot be read).
 */
export function hitDamageCode(actor: OpenD6ActorDoc, item: OpenD6ItemDoc, choices: OpenD6RollChoices): string {
  const strength = actor.system.derived.strengthDamage;
  return attackDamageCode(optionEffects(optionsOf(choices)), damageCode(strength, weaponOf(item).damage), strength);
}

/** The i18n key of each reason the combat options are refused. */
export const OPTION_REFUSALS: Readonly<Record<string, string>> = Object.freeze({
  wrongSkill: "ANTHOLOGY.OpenD6.Errors.optionSkill",
  knockoutHead: "ANTHOLOGY.OpenD6.Errors.knockoutHead",
  quickDraw: "ANTHOLOGY.OpenD6.Errors.quickDraw",
  shots: "ANTHOLOGY.OpenD6.Errors.shots",
});

/** What an attack on this actor is judged against now: its active defense, or passive defense. */
export function defenseOf(actor: OpenD6ActorDoc): number {
  return defenseValue(actor.system.derived.passiveDefense, declaredDefense(actor as never));
}

/** An attack with a weapon: the dialog with the chance against the first target, then one card. */
export async function rollAttack(actor: OpenD6ActorDoc, item: OpenD6ItemDoc): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  if (item.type !== OPEND6_WEAPON_TYPE) return (warn("ANTHOLOGY.OpenD6.Errors.notAWeapon", { name: item.name }), null);
  if (damageCodeOf(actor, item) === null) return null;
  const weapon = weaponOf(item);
  const targets = opend6Targets();
  const first = targets[0];
  const code = actor.system.derived.skills[weapon.skill]!.code;
  const choices = await promptOpenD6Roll(
    {
      kind: "attack",
      code,
      woundPenalty: actor.system.derived.woundPenalty,
      characterPoints: actor.system.characterPoints,
      fatePoints: actor.system.fatePoints,
      target: first ? { name: first.name, defense: defenseOf(first.actor) } : null,
      ranged: weapon.ranged,
    },
    game.i18n!.format("ANTHOLOGY.OpenD6.Dialog.attackTitle", { name: actor.name, item: item.name }),
  );
  if (!choices) return null;
  return postAttack(actor, item, choices, targets.map(targetRef));
}

/** What the rows of an attack are worked out from: the attacker, its choices, the attack total and the rolls so far. */
export interface AttackRowsInput {
  readonly actor: OpenD6ActorDoc;
  readonly choices: OpenD6RollChoices;
  /** The damage code a hit rolls. */
  readonly damage: string;
  /** The attack roll's total (with any points spent after it). */
  readonly total: number;
  readonly targets: readonly CardRef[];
  /** The card's rolls: a hit's damage and resistance rolls are found here, or rolled and pushed. */
  readonly rolls: PlayRoll[];
  /** The defenses standing when the attack was posted (its time), for a card worked out again. */
  readonly before?: number;
}

const requestTarget = (roll: PlayRoll) =>
  replayRolls({ rolls: [roll] })[0]?.request as { target?: unknown; resistance?: unknown; spend?: unknown } | undefined;

/** The index of a roll already made for a target (its damage, or its resistance), or null. */
function rolledFor(rolls: readonly PlayRoll[], uuid: string, resistance: boolean): number | null {
  const index = rolls.findIndex((roll) => {
    const request = requestTarget(roll);
    return request?.target === uuid && request.spend === undefined && (request.resistance !== undefined) === resistance;
  });
  return index < 0 ? null : index;
}

/**
 * One row per target against its defense (the one standing at `before`, when given): hit or miss, and
 * for a hit its damage and the target's resistance, each rolled once (a roll the card already holds
 * for that target is read again, not rolled anew).
 */
export async function attackRows(input: AttackRowsInput): Promise<Array<CardRef & { data: OpenD6AttackRow }>> {
  const { actor, choices, damage, total: attackTotal, targets, rolls } = input;
  const tables = tablesSetting();
  const effects = optionEffects(optionsOf(choices), tables);
  const rows: Array<CardRef & { data: OpenD6AttackRow }> = [];
  const useBonus = damageBonusSetting();
  for (const target of targets) {
    const defender = resolve<OpenD6ActorDoc>(target.uuid);
    if (!defender || !isOpenD6Actor(defender as never)) continue;
    const s = scale(actor.system.scale ?? 0, defender.system.scale ?? 0);
    const active = declaredDefense(defender as never, input.before);
    const difficulty = combatDifficulty(
      defenseValue(defender.system.derived.passiveDefense, active),
      { range: choices.range ?? "short", cover: choices.cover ?? "none", posture: choices.posture ?? "standing" },
      s.difficulty,
      effects.difficulty,
      tables,
    );
    const total = attackTotal + s.skill;
    const hit = meets(total, difficulty.value);
    const row: OpenD6AttackRow = {
      difficulty,
      attack: total,
      hit,
      damageRoll: null,
      resistanceRoll: null,
      damage: null,
      resistance: null,
      resistanceCode: null,
      activeDefense: active?.kind ?? null,
    };
    if (!hit || effects.noDamage) {
      rows.push({ uuid: target.uuid, name: target.name, data: row });
      continue;
    }
    // A code the options brought down to nothing rolls nothing: 0 damage before the modifiers.
    let damageRoll = rolledFor(rolls, target.uuid, false);
    if (damageRoll === null && toPips(damage) > 0) {
      damageRoll = rolls.push(await rollDice(damage, { target: target.uuid })) - 1;
    }
    let resistanceRoll = rolledFor(rolls, target.uuid, true);
    const resistanceCode =
      resistanceRoll === null
        ? defender.system.derived.resistance
        : String((requestTarget(rolls[resistanceRoll]!)?.resistance as string | undefined) ?? "");
    if (resistanceRoll === null && toPips(resistanceCode) > 0) {
      resistanceRoll =
        rolls.push(await rollDice(resistanceCode, { target: target.uuid, resistance: resistanceCode })) - 1;
    }
    const totals = hitTotals({
      attackTotal: total,
      difficulty: difficulty.value,
      damageRoll: damageRoll === null ? 0 : outcomeOf(rolls[damageRoll]!).total,
      resistanceRoll: resistanceRoll === null ? 0 : outcomeOf(rolls[resistanceRoll]!).total,
      useDamageBonus: useBonus && !effects.noDamageBonus,
      attackerScale: actor.system.scale ?? 0,
      defenderScale: defender.system.scale ?? 0,
      damageModifier: effects.damageTotal,
    });
    rows.push({
      uuid: target.uuid,
      name: target.name,
      data: {
        ...row,
        damageRoll,
        resistanceRoll,
        damage: totals.damage,
        resistance: totals.resistance,
        resistanceCode,
      },
    });
  }
  return rows;
}

/**
 * Rolls an attack whose choices are made, against each target's defense now; each hit rolls its damage
 * and the target's resistance at once, so one card holds the whole attack.
 */
export async function postAttack(
  actor: OpenD6ActorDoc,
  item: OpenD6ItemDoc,
  choices: OpenD6RollChoices,
  targets: readonly CardRef[],
): Promise<PlayMessage | null> {
  const weaponDamage = damageCodeOf(actor, item);
  if (weaponDamage === null || !canSpend(actor, choices)) return null;
  const weapon = weaponOf(item);
  const code = actor.system.derived.skills[weapon.skill]!.code;
  const options = optionsOf(choices);
  const refusal = optionsRefusal(options, weapon.skill, toPips(code));
  if (refusal) return (warn(OPTION_REFUSALS[refusal] ?? OPTION_REFUSALS.wrongSkill!, { name: actor.name }), null);
  const damage = hitDamageCode(actor, item, choices);
  const woundPenalty = actor.system.derived.woundPenalty;
  const attack = await rollDice(attackFormula(actor, item, choices), {
    item: item.uuid,
    choices,
    targets: targets.map((t) => t.uuid),
  });
  const outcome = outcomeOf(attack);
  const rolls: PlayRoll[] = [attack];
  const rows = await attackRows({ actor, choices, damage, total: outcome.total, targets, rolls });
  const card = newCard({
    ruleSet: "opend6",
    kind: opend6AttackKind.id,
    actor: refOf(actor),
    data: {
      item: refOf(item),
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
  return message;
}
