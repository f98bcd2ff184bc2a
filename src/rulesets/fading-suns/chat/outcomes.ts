/**
 * The outcome odds (hit, hurt, drop) an attack's dialog shows for each targeted token and each row of its
 * card shows from the card's own data, both from `attackOutcomeOdds`. Display only: the GM's apply reads
 * the target as it stands. No Foundry here.
 */
import { attackOutcomeOdds, type FsOutcome, type WeaponKind } from "../rules";
import { damageParts, attackGoal, hitDamage, type AttackerData } from "./attack-math";
import type { CardWeapon, FsAttackData, FsAttackRow, FsFoe } from "./card-data";
import type { FsRollChoices } from "./dialog-form";

/** A targeted token as the odds read it: its name, own Defense and armor now, and the rest of its numbers. */
export interface FsTargetNumbers extends FsFoe {
  readonly name: string;
  readonly defense: number;
  readonly armor: number;
}

/** A Fading Suns actor's numbers the odds read (its derived Defense, armor, Vitality and wound track). */
export interface FoeActor {
  readonly name: string;
  readonly system: {
    readonly characteristics: Readonly<Record<string, number>>;
    readonly naturalSkills: Readonly<Record<string, number>>;
    readonly derived: {
      readonly defense: number;
      readonly armor: number;
      readonly vitality: { readonly value: number };
      readonly woundPenalties: readonly number[];
    };
  };
}

/** What a row stores of its target when the attack is rolled. */
export function foeOf(actor: FoeActor): FsFoe {
  const s = actor.system;
  return {
    vitality: s.derived.vitality.value,
    endurance: s.characteristics.endurance ?? 0,
    vigor: s.naturalSkills.vigor ?? 0,
    woundPenalties: [...s.derived.woundPenalties],
  };
}

/** A targeted token's numbers for the dialog's odds. */
export function targetNumbersOf(actor: FoeActor): FsTargetNumbers {
  return {
    name: actor.name,
    defense: actor.system.derived.defense,
    armor: actor.system.derived.armor,
    ...foeOf(actor),
  };
}

const odds = (goal: number, kind: WeaponKind, choices: FsRollChoices, damage: number, target: FsTargetNumbers) =>
  attackOutcomeOdds({ goal, kind, choices, damage, target });

/** The dialog's odds against each targeted token with these choices: the goal and damage the card would store. */
export function dialogOutcomes(
  attacker: AttackerData,
  weapon: CardWeapon,
  targets: readonly FsTargetNumbers[],
  choices: FsRollChoices,
): Array<{ name: string; odds: FsOutcome }> {
  const { goal } = attackGoal(attacker, weapon, choices);
  const damage = hitDamage(damageParts(attacker, weapon, choices));
  return targets.map((t) => ({ name: t.name, odds: odds(goal, weapon.kind, choices, damage, t) }));
}

/** A card row's odds from the card's own data (the goal, choices and damage it stores, the row's target numbers); null on older cards. */
export function rowOutcome(
  data: FsAttackData,
  row: FsAttackRow,
  name: string,
): { name: string; odds: FsOutcome } | null {
  if (!row.foe) return null;
  const target: FsTargetNumbers = { name, defense: row.defense.own, armor: row.armor, ...row.foe };
  return { name, odds: odds(data.goal, data.weapon.kind, data.choices, hitDamage(data.damage), target) };
}
