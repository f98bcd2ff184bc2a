/**
 * An attack's numbers from the documents' data, the same on the roller's client and the GM's: the goal
 * before Defense, and each target's row from the d20s. No Foundry here.
 */
import {
  WEAPON_KINDS,
  WEAPON_SKILLS,
  attackDamage,
  damageBonus,
  fightActionRoll,
  judgeAttackRoll,
  succeeded,
  targetDefense,
  type FadingSunsDerived,
} from "../rules";
import type { CardWeapon, FsAttackRow } from "./card-data";
import { goalOf, type FsGoal, type FsRollChoices, type FsRollDialogInput } from "./dialog-form";

/** What an attacker's numbers are read from. */
export interface AttackerData {
  readonly characteristics: Readonly<Record<string, number>>;
  readonly naturalSkills: Readonly<Record<string, number>>;
  readonly derived: FadingSunsDerived;
}

/**
 * The attack's goal before the target's Defense: Dexterity + the weapon's skill (grapple and knockdown:
 * Dexterity + Fight, the weapon set aside), and every modifier.
 */
export function attackGoal(attacker: AttackerData, weapon: CardWeapon, choices: FsRollChoices): FsGoal {
  return goalOf(attackDialogInput(attacker, weapon), choices);
}

/** The attack dialog's numbers for this attacker and weapon (the Fight rating too, for grapple and knockdown). */
export function attackDialogInput(attacker: AttackerData, weapon: CardWeapon): FsRollDialogInput {
  return {
    kind: weapon.kind,
    characteristics: attacker.characteristics,
    characteristic: "dexterity",
    skill: attacker.naturalSkills[weapon.skill] ?? 0,
    fightSkill: attacker.naturalSkills.fight ?? 0,
    woundPenalty: attacker.derived.woundPenalty,
    stanceGoal: attacker.derived.stanceModifiers.goal,
    weaponGoal: weapon.goal,
    chargeMax: attacker.derived.chargeDistance,
    // Active Effects: the bonus to every goal and the one to attacks (system.bonuses).
    effectGoal: (attacker.derived.bonuses?.goal ?? 0) + (attacker.derived.bonuses?.attack ?? 0),
  };
}

/** The skill an attack rolls: the weapon's, or Fight for grapple and knockdown. */
export function attackSkill(weapon: CardWeapon, choices: FsRollChoices): CardWeapon["skill"] {
  return fightActionRoll(weapon.kind, choices.fightAction) === "fight" ? "fight" : weapon.skill;
}

/** A hit's damage, part by part (Victory Points do not add to it). */
export function damageParts(attacker: AttackerData, weapon: CardWeapon, choices: FsRollChoices) {
  const d = attackDamage({
    weapon: weapon.damage,
    kind: weapon.kind,
    choices,
    strengthBonus: attacker.derived.strengthBonus,
    stanceDamage: attacker.derived.stanceModifiers.damage,
    maxCharge: attacker.derived.chargeDistance,
  });
  return {
    base: d.base,
    strength: d.strength,
    stance: d.stance,
    action: d.action,
    effects: damageBonus(d, attacker.derived.bonuses?.damage ?? 0, weapon.kind, choices),
    effectDice: d.effectDice,
  };
}

/**
 * A hit's damage as the GM's apply takes it through the armor: DMG and every bonus (the Strength bonus, the
 * stance, a burst, what Active Effects add). A charge's effect dice are not in it: they are shown for the
 * GM to resolve (shared/rules/README.md), so neither the apply nor the outcome odds count them.
 */
export function hitDamage(d: {
  readonly base: number;
  readonly strength: number;
  readonly stance: number;
  readonly action: number;
  readonly effects?: number;
}): number {
  return d.base + d.strength + d.stance + d.action + (d.effects ?? 0);
}

/** One target's row: its Defense now, the goal against it, the outcome and a hit's damage. */
export function attackRow(input: {
  goal: number;
  ownDefense: number;
  armor: number;
  weapon: CardWeapon;
  choices: FsRollChoices;
  /** A hit's damage: DMG and its bonuses. */
  damage: number;
  roll: number;
  reroll: number | null;
}): FsAttackRow {
  const defense = targetDefense(input.ownDefense, input.choices, input.weapon.kind);
  const goal = input.goal - defense.value;
  const result = judgeAttackRoll(goal, input.roll, input.reroll);
  const hit = succeeded(result.outcome);
  return {
    defense,
    goal,
    outcome: result.outcome,
    victoryPoints: result.victoryPoints,
    hit,
    damage: hit ? input.damage : null,
    armor: input.armor,
  };
}

/** A weapon item's stored fields as an attack reads them; unarmed (null) strikes with Fight for 2. */
export function weaponOf(item: { readonly system: Readonly<Record<string, unknown>> } | null): CardWeapon {
  if (!item) return { damage: null, goal: 0, skill: "fight", kind: "melee" };
  const s = item.system;
  const whole = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : 0);
  return {
    damage: whole(s.damage),
    goal: whole(s.goal),
    skill: WEAPON_SKILLS.find((k) => k === s.skill) ?? "melee",
    kind: WEAPON_KINDS.find((k) => k === s.kind) ?? "melee",
  };
}
