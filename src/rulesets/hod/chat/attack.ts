import { newCard, type CardRef } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import { resolve, type PlayMessage, type PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { durabilityAfterFumble, HodWeaponError, dealtDamage, weaponDamageFormula } from "../rules/weapons";
import { attackDamageFactor } from "../rules/spells";
import { attackToHit } from "../rules/to-hit";
import { isLongbow } from "../rules/stances";
import { isFumble } from "../rules/attack";
import { canThrow, defaultUse, weaponInUse, weaponUseRefused } from "../rules/weapon-use";
import type { HodAttackRow, HodRowDamage } from "./card-data";
import { mayRoll, outcomeOf, rollDice, rolledOf } from "./dice";
import { promptAttack } from "./dialog";
import type { HodAttackChoices } from "./dialog-form";
import {
  HOD_WEAPON,
  isHodActor,
  sourceOf,
  weaponOf,
  type HodActor,
  type HodItem,
  type HodWeaponSnapshot,
} from "./documents";
import { SPEED_CLASSES, isSpeedClass } from "../rules/speed";
import { hodAttackKind } from "./kinds/attack";
import { outcomeInput, outcomeTarget } from "./outcomes";
import { chosenOn, judgeOn } from "./judge";
import { countNow, scheduleAction, scheduleInfo, timeCountPlace } from "./schedule";
import { dialogTicks, grabAllows, spendFeint } from "./effects";
import { castAndAttack } from "./spell";
import { dialogTarget, hodTargets, stanceAt } from "./target";
import { immobileAllows } from "./immobile";
import { spaceAllowsAttack, withCrowding } from "./spaces";

/** The weapon an item is; a warning naming what is wrong with it, and null, otherwise. */
export function readWeapon(item: HodItem): HodWeaponSnapshot | null {
  try {
    return weaponOf(item);
  } catch (error) {
    if (!(error instanceof HodWeaponError)) throw error;
    warn(error.key, { ...error.data });
    return null;
  }
}

/**
 * The weapon as this attack uses it (a thrown weapon struck in melee is a melee weapon); a warning
 * naming why it cannot be used so, and null, otherwise.
 */
export function weaponAsUsed(weapon: HodWeaponSnapshot, use: unknown, name: string): HodWeaponSnapshot | null {
  const refused = weaponUseRefused(weapon, use);
  if (refused) return (warn(refused, { name }), null);
  return weaponInUse(weapon, use);
}

/** A hit's damage formula for the choices, or a warning naming what cannot be read and undefined. */
export function hitFormula(
  actor: HodActor,
  weapon: HodWeaponSnapshot,
  choices: Pick<HodAttackChoices, "damageModifier" | "extraDice" | "damageMultiplier">,
  critical: boolean,
  name: string,
): string | null | undefined {
  try {
    return weaponDamageFormula({
      weapon,
      source: sourceOf(actor),
      modifier: choices.damageModifier,
      extraDice: choices.extraDice,
      critical,
      times: choices.damageMultiplier,
    });
  } catch (error) {
    if (!(error instanceof HodWeaponError)) throw error;
    warn(error.key, { ...error.data, name });
    return undefined;
  }
}

/** Rolls a hit's damage for one row, tied to its target, into the card's rolls. */
export async function rollRowDamage(
  rolls: PlayRoll[],
  formula: string,
  target: string,
  hit: { critical: boolean; nonlethal: boolean; factor?: number; extraDice?: string },
): Promise<HodRowDamage> {
  const main = await rollDice(formula, { target });
  const roll = rolls.push(main) - 1;
  const factor = hit.factor ?? 1;
  // Extra dice beside a factor are rolled apart and added after it: never multiplied or halved.
  const extra = hit.extraDice ? await rollDice(hit.extraDice, { target }) : null;
  const extraRoll = extra ? rolls.push(extra) - 1 : null;
  const mainTotal = outcomeOf(main).total;
  const extraTotal = extra ? outcomeOf(extra).total : 0;
  return {
    roll,
    extraRoll,
    formula: extra ? `${formula} + ${hit.extraDice}` : formula,
    rolled: mainTotal + extraTotal,
    total: dealtDamage(mainTotal, extraTotal, factor),
    critical: hit.critical,
    nonlethal: hit.nonlethal,
    factor,
  };
}

/** A fumble with a weapon that has Durability costs it a point; what is left (null: nothing to lose). */
export async function wearWeapon(
  item: HodItem | CardRef | null,
  weapon: HodWeaponSnapshot | null,
): Promise<number | null> {
  if (!item || !weapon || !("update" in item)) return null;
  const left = durabilityAfterFumble(weapon.durability);
  if (left !== null) await item.update({ "system.durability.value": left });
  return left;
}

/**
 * Attack with a weapon: the dialog (the situation, the defense, each hit's damage options), then one
 * d20 judged against every targeted token, each hit's damage rolled at once, one card, the Time Count.
 */
export async function rollHodAttack(actor: object, item: object): Promise<PlayMessage | null> {
  const attacker = actor as HodActor;
  const weaponItem = item as HodItem;
  if (!mayRoll(attacker)) return null;
  const weapon = readWeapon(weaponItem);
  if (!weapon) return null;
  // A critical grab: no attacks, no spells with somatic components.
  const spell = weapon.category === "spell";
  if (!grabAllows(attacker, spell ? "cast" : "attack", weaponItem.system.verbalOnly === true)) return null;
  // Paralysed at three times Vigor, fully petrified, or preparing a coup de grâce: no attack.
  if (!immobileAllows(attacker, "attack")) return null;
  // More than two Normal creatures' worth in its space: no attack.
  if (!spaceAllowsAttack(attacker)) return null;
  // Due on a Time Count: the attacker and its targets as they stood when the count began.
  const at = countNow(timeCountPlace(attacker));
  // The stance is asked of the use the dialog starts on: a dagger is struck in melee while prone.
  const stance = attackToHit({
    source: sourceOf(attacker),
    weapon: weaponInUse(weapon, defaultUse(weapon)),
    stance: stanceAt(attacker, at),
    longbow: isLongbow({ category: weapon.category, name: weaponItem.name }),
  });
  if (stance.refused) return (warn(stance.refused), null);
  const targets = hodTargets();
  const choices = await promptAttack(
    {
      kind: "attack",
      source: sourceOf(attacker),
      weapon,
      stance: stanceAt(attacker, at),
      targets: targets.map((t) => dialogTarget(weapon, t, attacker.uuid, at)),
      damage: { nonlethal: weapon.nonlethal || weapon.category === "unarmed" },
      ...(spell && weaponItem.system.halfOnMiss === true ? { halfOnMiss: true } : {}),
      ticked: withCrowding(dialogTicks(attacker, targets[0]?.actor ?? null), attacker),
    },
    game.i18n!.format("ANTHOLOGY.HoD.Dialog.attackTitle", { name: weaponItem.name }),
  );
  if (!choices) return null;
  // A spell is cast first (its Arcana check), then rolls one attack per target.
  if (spell) {
    return castAndAttack(
      attacker,
      weaponItem,
      (cast, only) =>
        postHodAttack(attacker, weaponItem, weapon, { ...choices, ...cast }, only ?? [], { schedule: false }),
      targets.map((t) => ({ uuid: t.actor.uuid, name: t.name })),
    );
  }
  return postHodAttack(
    attacker,
    weaponItem,
    weapon,
    choices,
    targets.map((t) => ({ uuid: t.actor.uuid, name: t.name })),
  );
}

/**
 * The Time Count action an attack with this weapon is: a spell is cast (SF 1), a weapon costs its SF.
 * Alternating with the other weapon (the dialog's −4) is one speed class faster; two weapons at once
 * (the dialog's −6) roll both weapons' speed factors and take the worse: the other is the slowest of
 * the attacker's other equipped weapons.
 */
export function attackChoice(
  weapon: HodWeaponSnapshot,
  fumble: boolean,
  modifiers: readonly string[] = [],
  offHand: readonly string[] = [],
) {
  if (weapon.category === "spell") return { action: "castSpell" };
  const both = modifiers.includes("twoWeapons") ? slowest(offHand) : undefined;
  return {
    action: "attack",
    weaponClass: weapon.speedClass,
    ...(fumble ? { fumble: true } : {}),
    ...(both ? { offHandClass: both } : modifiers.includes("alternating") ? { alternating: true } : {}),
  };
}

function slowest(classes: readonly string[]): string | undefined {
  const known = classes.filter(isSpeedClass);
  return known.sort((a, b) => SPEED_CLASSES.indexOf(b) - SPEED_CLASSES.indexOf(a))[0];
}

/**
 * The speed classes of the weapons the attacker may wield beside this one: its other equipped melee
 * weapons (no range increment, or thrown: a dagger in the off hand; not spells), its bare hands only
 * when it holds no other.
 */
export function otherWeapons(actor: HodActor, item: { readonly uuid: string }): string[] {
  const others = actor.items.contents
    .filter((i) => i.type === HOD_WEAPON && i.uuid !== item.uuid)
    .map(
      (i) =>
        i.system as { equipped?: boolean; category?: string; speedClass?: string; range?: number; thrown?: boolean },
    )
    .filter((s) => s.equipped !== false && s.category !== "spell" && (!(Number(s.range) > 0) || canThrow(s)));
  const held = others.filter((s) => s.category !== "unarmed");
  return (held.length ? held : others).map((s) => String(s.speedClass ?? ""));
}

/**
 * Rolls an attack whose choices are made and judges it against each target's defense now; each hit
 * rolls its damage at once (a critical's at its maximum), and so does a miss with a spell that does
 * half damage on a miss (halved). Posts the card and, when the attacker is due
 * on the Time Count, records the attack. A fumble costs the weapon a point of Durability, ends the
 * turn and leaves the attacker unsteady with 1d6 more on the weapon's SF. Refuses a target beyond the
 * weapon's maximum range, an attack the attacker's stance forbids, and damage options it cannot read.
 */
export async function postHodAttack(
  actor: HodActor,
  item: HodItem | CardRef,
  weapon: HodWeaponSnapshot,
  choices: HodAttackChoices,
  targets: readonly CardRef[],
  options: { readonly schedule?: boolean } = {},
): Promise<PlayMessage | null> {
  // Struck in melee or thrown, as chosen: every melee rule reads the weapon as used.
  const used = weaponAsUsed(weapon, choices.use, item.name);
  if (!used) return null;
  // Due on a Time Count: the attacker and each target as they stood when the count began (the GM's
  // apply judges again).
  const place = timeCountPlace(actor);
  const at = countNow(place);
  const toHit = attackToHit({
    source: sourceOf(actor),
    weapon: used,
    situation: choices,
    stance: stanceAt(actor, at),
    longbow: isLongbow({ category: weapon.category, name: item.name }),
  });
  if (toHit.refused) return (warn(toHit.refused), null);
  if (!toHit.plan.inRange) {
    warn("ANTHOLOGY.HoD.Errors.outOfRange", { name: item.name, distance: String(choices.distance ?? 0) });
    return null;
  }
  // Both damage formulas are read before anything is rolled, so a typing slip is named first.
  const formulas = {
    hit: hitFormula(actor, weapon, choices, false, item.name),
    critical: hitFormula(actor, weapon, choices, true, item.name),
  };
  if (formulas.hit === undefined || formulas.critical === undefined) return null;
  const attack = await rollDice(toHit.formula, {
    item: item.uuid,
    choices,
    targets: targets.map((t) => t.uuid),
  });
  const rolled = rolledOf(outcomeOf(attack));
  const fumble = isFumble(rolled.natural, { spell: toHit.spell, die: toHit.die });
  const rolls: PlayRoll[] = [attack];
  const rows: Array<CardRef & { data: HodAttackRow }> = [];
  const halfOnMiss = "system" in item && item.system.halfOnMiss === true;
  for (const target of targets) {
    const targetActor = resolve<HodActor>(target.uuid);
    if (!targetActor || !isHodActor(targetActor)) continue;
    const chosen = chosenOn(choices.defense, used, targetActor, at);
    const defense = judgeOn(toHit, rolled, targetActor, chosen, actor.uuid, at);
    const formula = defense.critical ? formulas.critical : formulas.hit;
    // A hit deals its damage; a spell that says so deals half on a miss.
    const factor = attackDamageFactor({ hit: defense.hit, spell: toHit.spell, halfOnMiss });
    const damage =
      factor !== null && formula
        ? await rollRowDamage(rolls, formula, target.uuid, {
            critical: defense.critical,
            nonlethal: choices.nonlethal === true,
            ...(factor === 1 ? {} : { factor }),
          })
        : null;
    // The odds the row shows: this roll to hit and these damage formulas against the target as it is now.
    const outcome = outcomeInput(
      toHit,
      defense.value,
      { hit: formulas.hit, critical: formulas.critical },
      choices.nonlethal === true,
      outcomeTarget(targetActor),
      halfOnMiss,
    );
    rows.push({ ...target, data: { defense, damage, outcome } });
  }
  const durabilityLeft = fumble ? await wearWeapon(item, weapon) : null;
  const card = newCard({
    ruleSet: "hod",
    kind: hodAttackKind.id,
    actor: refOf(actor),
    data: {
      item: refOf(item),
      weapon,
      choices,
      modifiers: toHit.plan.modifiers,
      base: toHit.plan.base,
      formula: toHit.formula,
      attackRoll: 0,
      natural: rolled.natural,
      total: rolled.total,
      fumble,
      durabilityLeft,
      damageRolled: false,
      schedule: scheduleInfo(place),
    },
    targets: rows,
  });
  const message = await postCard({ kind: hodAttackKind, card, rolls, speaker: { actor } });
  // The feint is spent on this attack (outside a Time Count nothing else ends it).
  if (choices.modifiers?.includes("feint"))
    await spendFeint(
      actor,
      targets.map((t) => t.uuid),
    );
  if (options.schedule !== false) {
    await scheduleAction(place, attackChoice(weapon, fumble, choices.modifiers ?? [], otherWeapons(actor, item)));
  }
  return message;
}
