/**
 * An OpenD6 attack's rows, one per target against its defense: worked out when the attack is posted
 * (flow.ts) and again when a Character or Fate Point is spent on its card (spend.ts).
 */
import type { CardRef } from "../../../play/card";
import { replayRolls } from "../../../play/cards";
import { outcomeOf, rollFor } from "../../../play/dice-roll";
import { resolve, type PlayRoll } from "../../../play/documents";
import { combatDifficulty, hitTotals, meets, optionEffects, scale, toPips } from "../rules";
import { damageBonusSetting, tablesSetting } from "../settings";
import type { OpenD6AttackRow } from "./card-data";
import { gripCodeOf, struckOn, type AttackWeapon, type OpenD6ActorDoc } from "./codes";
import { defenseAgainst } from "./defense-against";
import { combatChoicesOf, optionsOf, type OpenD6RollChoices } from "./dialog-form";
import { isOpenD6Actor } from "./target";

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
  /** The attack's weapon (a blade parried or blocked still hurts); none: no miss hurts. */
  readonly weapon?: AttackWeapon | null;
}

const requestTarget = (roll: PlayRoll) =>
  replayRolls({ rolls: [roll] })[0]?.request as { target?: unknown; resistance?: unknown; spend?: unknown } | undefined;

/**
 * The index of a roll already made for a target (its damage, or its resistance), or null; `by` names
 * the parrying defender of a row that hurts the attacker.
 */
function rolledFor(rolls: readonly PlayRoll[], uuid: string, resistance: boolean, by?: string): number | null {
  const index = rolls.findIndex((roll) => {
    const request = requestTarget(roll) as {
      target?: unknown;
      resistance?: unknown;
      spend?: unknown;
      parry?: unknown;
      grip?: unknown;
    };
    return (
      request?.target === uuid &&
      request.spend === undefined &&
      request.grip === undefined &&
      request.parry === by &&
      (request.resistance !== undefined) === resistance
    );
  });
  return index < 0 ? null : index;
}

/**
 * The damage of a blade that a parry or a block turned against `victim` (its listed code), and the
 * victim's resistance, each rolled once (read again when the card holds it).
 */
async function struckRolls(
  rolls: PlayRoll[],
  victim: OpenD6ActorDoc,
  code: string,
  harmerScale: number,
  by?: string,
): Promise<Pick<OpenD6AttackRow, "damageRoll" | "resistanceRoll" | "damage" | "resistance" | "resistanceCode">> {
  const tag = by === undefined ? {} : { parry: by };
  let damageRoll = rolledFor(rolls, victim.uuid, false, by);
  if (damageRoll === null && toPips(code) > 0) {
    damageRoll = rolls.push(await rollFor(code, { target: victim.uuid, ...tag })) - 1;
  }
  let resistanceRoll = rolledFor(rolls, victim.uuid, true, by);
  const resistanceCode =
    resistanceRoll === null
      ? victim.system.derived.resistance
      : String((requestTarget(rolls[resistanceRoll]!)?.resistance as string | undefined) ?? "");
  if (resistanceRoll === null && toPips(resistanceCode) > 0) {
    resistanceRoll =
      rolls.push(await rollFor(resistanceCode, { target: victim.uuid, resistance: resistanceCode, ...tag })) - 1;
  }
  const totals = hitTotals({
    attackTotal: 0,
    difficulty: 0,
    damageRoll: damageRoll === null ? 0 : outcomeOf(rolls[damageRoll]!).total,
    resistanceRoll: resistanceRoll === null ? 0 : outcomeOf(rolls[resistanceRoll]!).total,
    useDamageBonus: false,
    attackerScale: harmerScale,
    defenderScale: victim.system.scale ?? 0,
  });
  return { damageRoll, resistanceRoll, damage: totals.damage, resistance: totals.resistance, resistanceCode };
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
  // Rows that hurt the attacker (a blade parried its unarmed blow), after the targets' rows.
  const parried: Array<CardRef & { data: OpenD6AttackRow }> = [];
  const useBonus = damageBonusSetting();
  for (const target of targets) {
    const defender = resolve<OpenD6ActorDoc>(target.uuid);
    if (!defender || !isOpenD6Actor(defender as never)) continue;
    const s = scale(actor.system.scale ?? 0, defender.system.scale ?? 0);
    const { value: defense, active } = defenseAgainst(defender, choices.range ?? "short", input.before);
    const difficulty = combatDifficulty(defense, combatChoicesOf(choices), s.difficulty, effects.difficulty, tables);
    const total = attackTotal + s.skill;
    const hit = meets(total, difficulty.value);
    // A body blocking this blade, unarmored, takes its listed damage on a miss (the row's chances count it).
    const blocking = input.weapon ? struckOn(input.weapon, active, defender) : null;
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
      missDamage: blocking?.struck === "block" ? blocking.code : null,
    };
    const struck = hit ? null : blocking;
    if (struck?.struck === "block") {
      // A body that blocked a blade takes the blade's listed damage.
      const harm = await struckRolls(rolls, defender, struck.code, actor.system.scale ?? 0);
      rows.push({ uuid: target.uuid, name: target.name, data: { ...row, ...harm, struck: "block" } });
      continue;
    }
    if (struck?.struck === "parry") {
      const harm = await struckRolls(rolls, actor, struck.code, defender.system.scale ?? 0, target.uuid);
      parried.push({
        uuid: actor.uuid,
        name: actor.name,
        data: { ...row, ...harm, struck: "parry", by: target.uuid },
      });
    }
    if (!hit || effects.noDamage) {
      rows.push({ uuid: target.uuid, name: target.name, data: row });
      continue;
    }
    // A code the options brought down to nothing rolls nothing: 0 damage before the modifiers.
    let damageRoll = rolledFor(rolls, target.uuid, false);
    if (damageRoll === null && toPips(damage) > 0) {
      damageRoll = rolls.push(await rollFor(damage, { target: target.uuid })) - 1;
    }
    if (effects.disarm) {
      // A disarm: the damage done against the target's grip (Physique or lifting), no injury.
      const hitDamage = hitTotals({
        attackTotal: total,
        difficulty: difficulty.value,
        damageRoll: damageRoll === null ? 0 : outcomeOf(rolls[damageRoll]!).total,
        resistanceRoll: 0,
        useDamageBonus: useBonus && !effects.noDamageBonus,
        attackerScale: actor.system.scale ?? 0,
        defenderScale: defender.system.scale ?? 0,
        damageModifier: effects.damageTotal,
      }).damage;
      const gripCode = gripCodeOf(defender);
      let gripRoll = rolls.findIndex((r) => {
        const request = requestTarget(r) as { target?: unknown; grip?: unknown } | undefined;
        return request?.target === target.uuid && request.grip !== undefined;
      });
      if (gripRoll < 0) gripRoll = rolls.push(await rollFor(gripCode, { target: target.uuid, grip: gripCode })) - 1;
      rows.push({
        uuid: target.uuid,
        name: target.name,
        data: { ...row, damageRoll, damage: hitDamage, gripRoll, grip: outcomeOf(rolls[gripRoll]!).total },
      });
      continue;
    }
    let resistanceRoll = rolledFor(rolls, target.uuid, true);
    const resistanceCode =
      resistanceRoll === null
        ? defender.system.derived.resistance
        : String((requestTarget(rolls[resistanceRoll]!)?.resistance as string | undefined) ?? "");
    if (resistanceRoll === null && toPips(resistanceCode) > 0) {
      resistanceRoll =
        rolls.push(await rollFor(resistanceCode, { target: target.uuid, resistance: resistanceCode })) - 1;
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
  return [...rows, ...parried];
}
