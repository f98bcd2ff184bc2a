/**
 * Works out a FUDGE card's row from the dice and the actors: the attacker's and (when answered) the
 * responder's rolls, their traits and gear as the documents hold them, and the wound penalties each
 * had at the exchange. The flows call it to show a result; the GM calls it again to apply one.
 */
import { defenderMinimum, stance as stanceOf, type Wound, type WoundTrack } from "../rules/combat";
import type { Fighter } from "../rules/exchange";
import { judgeAttack, type AttackPlan } from "../rules/outcome";
import { aimDegree, attackTypeLocation, type BodyPart } from "../rules/locations";
import { TACTICS_SKILLS, opposed } from "../rules/actions";
import { defenderMayHurt, hitLocation, rangedModifier } from "../rules/play";
import type { FudgeTables } from "../rules/tables";
import { fudgeTables } from "../settings";
import {
  attackWeapon,
  blowOf,
  shieldOf,
  soakOf,
  traitLevel,
  weaponValue,
  woundPenaltyOf,
  stunOf,
  stunPenalty,
  skillNamed,
  rollBonus,
  type FudgeActorLike,
  type TraitChoice,
  type FudgeItemLike,
  type FudgeWeapon,
} from "../data/source";
import type { AttackChoices, ResponseChoices, RowResult, SideSummary } from "./card-data";
import { fudgeFormula } from "./dialog-form";

/**
 * The penalty wounds and a stun give a fighter's combat rolls (a Very Stunned one's checks too), with
 * a won Tactics roll's +1 and the Active Effects' roll bonus, both to all rolls.
 */
export const combatPenalty = (actor: FudgeActorLike) =>
  woundPenaltyOf(actor) + stunPenalty(stunOf(actor)) + rollBonus(actor);
export const checkPenalty = (actor: FudgeActorLike) =>
  woundPenaltyOf(actor) + (stunOf(actor) >= 2 ? -2 : 0) + rollBonus(actor);

/** The trait a leader's Tactics roll is made with: its Tactics skill, else Leadership, else untrained Tactics. */
export function tacticsTrait(actor: FudgeActorLike): TraitChoice {
  for (const name of TACTICS_SKILLS) {
    const skill = skillNamed(actor, name);
    if (skill?.id) return { kind: "skill", id: skill.id };
  }
  return { kind: "untrained", helped: false, name: TACTICS_SKILLS[0] };
}

/** Whether a trait is a Tactics roll's: the Tactics or Leadership skill, listed or untrained. */
export function isTacticsTrait(actor: FudgeActorLike, trait: TraitChoice): boolean {
  const named = (name: string) => TACTICS_SKILLS.some((t) => t.toLowerCase() === name.trim().toLowerCase());
  if (trait.kind === "untrained") return named(trait.name);
  if (trait.kind !== "skill") return false;
  const skill = actor.items.contents.find((i) => i.type === "fudge-skill" && i.id === trait.id);
  return Boolean(skill && named(skill.name));
}

/** An actor with its items by id, as resolving reads it. */
export interface FudgeActorDoc extends FudgeActorLike {
  readonly uuid: string;
  readonly name: string;
  readonly items: { readonly contents: readonly FudgeItemLike[] };
}

/** The item of that uuid or id on the actor (a weapon as it is now, never as a card says it was). */
export function itemOn(actor: FudgeActorDoc, key: string | null): FudgeItemLike | null {
  if (!key) return null;
  for (const item of actor.items.contents) if (item.uuid === key || item.id === key) return item;
  return null;
}

/**
 * The formula an attack rolls with these choices: four Fudge dice plus the trait (Fair for a volley's
 * arrow), the modifier and the penalty (wounds and stun). The flow rolls it; the GM's apply compares the
 * stored roll with it, worked out from the attacker as it stands.
 */
export function attackFormula(actor: FudgeActorLike, choices: AttackChoices, penalty: number): string {
  const level = choices.arrows > 1 ? 0 : traitLevel(actor, choices.trait);
  return fudgeFormula(level + choices.modifier + penalty);
}

/** The formula a response (resisting, defending, dodging) rolls with these choices (an NPC's fewer dice too). */
export function responseFormula(actor: FudgeActorLike, choices: ResponseChoices, penalty: number): string {
  return fudgeFormula(traitLevel(actor, choices.trait) + choices.modifier + penalty, choices.dice ?? 4);
}

/** An attacker's side: the trait and everything added to it for this roll. */
export interface AttackSide {
  readonly actor: FudgeActorDoc;
  readonly weapon: FudgeWeapon;
  readonly choices: AttackChoices;
  /** The 4dF sum rolled. */
  readonly roll: number;
  /** Its wound penalty at the exchange. */
  readonly penalty: number;
}

export interface ResponseSide {
  readonly actor: FudgeActorDoc;
  readonly choices: ResponseChoices;
  readonly roll: number;
  readonly penalty: number;
  /** A stunned defender only defends (it cannot hurt, however well it rolls). */
  readonly stunned?: number;
}

const noHit = (offense: number, defense: number): SideSummary => ({
  offense,
  defense,
  hits: false,
  relativeDegree: offense - defense,
  damage: null,
  graze: false,
  wound: null,
});

function fighter(
  actor: FudgeActorDoc,
  input: {
    trait: AttackChoices["trait"];
    modifier: number;
    penalty: number;
    stance: AttackChoices["stance"];
    foes: number;
    minimum: number;
    berserk: boolean;
    feint: boolean;
    pull: Wound | null;
    weapon: FudgeWeapon;
    canHurt: boolean;
  },
): Fighter {
  const shield = shieldOf(actor);
  return {
    skill: traitLevel(actor, input.trait),
    modifier: input.modifier + input.penalty,
    stance: input.stance,
    foes: input.foes,
    minimum: input.minimum,
    reach: weaponValue(input.weapon) + shield.melee,
    shield: shield.melee,
    berserk: input.berserk,
    feint: input.feint,
    canHurt: input.canHurt,
    blow: blowOf(actor, input.weapon, input.pull),
    soak: soakOf(actor),
  };
}

/** The ranged modifier against one target: the situation the shooter chose, the target's shield and Scale. */
export function rangedModifierAgainst(attacker: FudgeActorLike, target: FudgeActorLike, c: AttackChoices): number {
  const relativeScale = Number(target.system.massScale ?? 0) - Number(attacker.system.massScale ?? 0);
  return rangedModifier({
    cover: c.cover,
    darkness: c.darkness,
    running: c.running,
    sprinting: c.sprinting,
    aiming: c.aiming,
    shield: shieldOf(target).ranged,
    relativeScale: Number.isFinite(relativeScale) ? relativeScale : 0,
  });
}

/** The difficulty a shot must reach: the range band's, or the one the shooter set when higher (extreme range). */
export const rangedDifficulty = (c: AttackChoices, tables: FudgeTables = fudgeTables()): number =>
  c.range === "extreme" ? Math.max(tables.ranges.extreme, c.difficulty) : tables.ranges[c.range];

/** An attacker's side before its roll (what the dialog and the card's odds know). */
export type PlannedAttack = Omit<AttackSide, "roll">;
/** A response before (or without) its roll: the dialog's guess, or the linked answer. */
export type PlannedResponse = Omit<ResponseSide, "roll">;

/**
 * One attack on one target as it will be judged, the dice apart (null while an opposed attack waits
 * for the target's response). The rows, the GM's apply and the outcome odds all start from it.
 */
export function attackPlan(
  attack: PlannedAttack,
  target: FudgeActorDoc,
  response: PlannedResponse | null,
  tables: FudgeTables = fudgeTables(),
): AttackPlan | null {
  const c = attack.choices;
  // A volley's arrows are each shot at Fair.
  const skill = c.arrows > 1 ? 0 : traitLevel(attack.actor, c.trait);
  if (c.mass) {
    if (!response) return null;
    const unit = (actor: FudgeActorDoc, level: number, modifier: number, weapon: FudgeWeapon) => ({
      skill: level,
      modifier,
      size: Math.max(1, Math.trunc(Number(actor.system.unitSize ?? 1)) || 1),
      weapon: weaponValue(weapon),
    });
    const r = response.choices;
    return {
      kind: "mass",
      attacker: unit(attack.actor, skill, c.modifier + attack.penalty, attack.weapon),
      defender: unit(
        response.actor,
        traitLevel(response.actor, r.trait),
        r.modifier + response.penalty,
        attackWeapon(response.actor, itemOn(response.actor, r.weapon), r.trait),
      ),
      // A unit that only defends inflicts no losses, whatever it rolls.
      defendOnly: r.defendOnly === true,
    };
  }
  const blow = blowOf(attack.actor, attack.weapon, c.pull);
  const soak = soakOf(target);
  // An aimed blow needs the text's relative degree for its part (mass battles aim at nothing).
  const aimed = aimDegree(c.aim);
  if (attack.weapon.ranged) {
    const modifier = c.modifier + attack.penalty + rangedModifierAgainst(attack.actor, target, c);
    const difficulty = rangedDifficulty(c, tables);
    const shot = { skill, modifier, blow, aimDegree: aimed };
    if (c.unopposed) return { kind: "unopposed", attack: shot, difficulty, soak };
    if (!response) return null;
    const dodge = {
      skill: traitLevel(response.actor, response.choices.trait),
      modifier: response.choices.modifier + response.penalty,
      propelled: attack.weapon.propelled,
      levels: c.dodgePenalty ?? 2,
    };
    return { kind: "dodged", attack: shot, difficulty, dodge, soak };
  }
  if (c.unopposed) {
    const modifier = c.modifier + attack.penalty + stanceOf(c.stance).offense;
    return { kind: "unopposed", attack: { skill, modifier, blow, aimDegree: aimed }, difficulty: c.difficulty, soak };
  }
  if (!response) return null;
  const a = {
    ...fighter(attack.actor, { ...c, penalty: attack.penalty, weapon: attack.weapon, canHurt: true }),
    skill,
    aimDegree: aimed,
  };
  const r = response.choices;
  const defenderWeapon = attackWeapon(response.actor, itemOn(response.actor, r.weapon), r.trait);
  const b = fighter(response.actor, {
    ...r,
    minimum: -2,
    penalty: response.penalty,
    weapon: defenderWeapon,
    canHurt: defenderMayHurt(response.stunned ?? 0, r.defendOnly === true),
  });
  // The defender's minimum mirrors the attacker's Scale choice, whatever it is: Poor between equals.
  return { kind: "melee", attacker: a, defender: { ...b, minimum: defenderMinimum(c.minimum) } };
}

/**
 * One attack row worked out: unopposed rows at once, opposed ones once the target's response is in
 * (null before). Melee exchanges give both blows; a dodged shot only the shooter's.
 */
export function attackRow(
  attack: AttackSide,
  target: FudgeActorDoc,
  response: ResponseSide | null,
  tables: FudgeTables = fudgeTables(),
): Omit<RowResult, "response" | "responseTotal"> | null {
  const plan = attackPlan(attack, target, response, tables);
  if (!plan) return null;
  return judgeAttack(plan, attack.roll, response?.roll ?? 0, tables);
}

/**
 * Where a hit lands: the part aimed at; else, with a location roll (its 4dF sum), the attack type's
 * table or the random one (melee or ranged); else nowhere in particular.
 */
export function landing(choices: AttackChoices, ranged: boolean, sum: number | null): BodyPart | null {
  if (choices.aim) return choices.aim;
  if (!choices.location || sum === null) return null;
  return choices.attackType ? attackTypeLocation(choices.attackType, sum) : hitLocation(sum, ranged);
}

/**
 * An opposed check row: the two rolled degrees; the roller wins on a relative degree above 0 that
 * reaches the check's minimum, if it has one.
 */
export function opposedCheckRow(
  total: number,
  responseTotal: number,
  minimum: number | null = null,
): Omit<RowResult, "response" | "responseTotal"> {
  const judged = opposed(total, responseTotal, minimum);
  return { a: { ...noHit(total, responseTotal), hits: judged.success }, b: null, standOff: judged.tie };
}

/** The penalty an actor's wounds gave at the exchange: its track without what `key`'s apply marked on it. */
export function penaltyBefore(actor: FudgeActorDoc, undone: ReadonlyArray<{ path: string; before: unknown }>): number {
  const wounds = { ...((actor.system.wounds ?? {}) as Record<string, unknown>) };
  for (const u of undone) {
    const m = /^system\.wounds\.(\w+)$/.exec(u.path);
    // A box level never set before reads as none marked.
    if (m) wounds[m[1]!] = typeof u.before === "number" ? u.before : 0;
  }
  return woundPenaltyOf(actor, wounds as WoundTrack) + stunPenalty(stunOf(actor, undone)) + rollBonus(actor);
}
