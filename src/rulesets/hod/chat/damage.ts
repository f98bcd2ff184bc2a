import { SYSTEM_ID } from "../../../constants";
import { newCard, type CardRef } from "../../../play/card";
import { CARD_FLAG, postCard, refOf } from "../../../play/cards";
import { resolve, type PlayMessage } from "../../../play/documents";
import type { ButtonPress } from "./flow-registry";
import { warn } from "../../../play/notify";
import { criticalRange } from "../rules/attack";
import { hitDamage } from "../rules/weapons";
import { hitFormula, readWeapon } from "./attack";
import type { HodAttackData, HodAttackRow } from "./card-data";
import { mayRoll, outcomeOf, rollDice } from "./dice";
import { promptDamage } from "./dialog";
import type { HodDamageChoices } from "./dialog-form";
import { sourceOf, type HodActor, type HodItem, type HodWeaponSnapshot } from "./documents";
import { hodDamageKind } from "./kinds/damage";
import { hodTargets } from "./target";

/** The damage dialog, then a damage card for the targets now. */
async function damageFlow(
  actor: HodActor,
  item: CardRef,
  weapon: HodWeaponSnapshot,
  initial: HodDamageChoices,
): Promise<PlayMessage | null> {
  const choices = await promptDamage(
    { kind: "damage", source: sourceOf(actor), weapon, initial },
    game.i18n!.format("ANTHOLOGY.HoD.Dialog.damageTitle", { name: item.name }),
  );
  if (!choices) return null;
  return postHodDamage(
    actor,
    item,
    weapon,
    choices,
    hodTargets().map((t) => ({ uuid: t.actor.uuid, name: t.name })),
  );
}

/** Roll a weapon's damage without an attack (the sheet's Damage button), against the targets now. */
export async function rollHodDamage(actor: object, item: object): Promise<PlayMessage | null> {
  const attacker = actor as HodActor;
  const weaponItem = item as HodItem;
  if (!mayRoll(attacker)) return null;
  const weapon = readWeapon(weaponItem);
  if (!weapon) return null;
  return damageFlow(attacker, refOf(weaponItem), weapon, {
    critical: false,
    nonlethal: weapon.nonlethal || weapon.category === "unarmed",
    modifier: 0,
    extraDice: "",
  });
}

/**
 * Rolls a hit's damage whose choices are made: weapon dice + Power + the weapon's attribute +
 * modifiers (+ extra dice); a critical counts the weapon dice at their maximum and the attribute at
 * least +1; any hit deals at least 1. Posts the damage card, a row per target.
 */
export async function postHodDamage(
  actor: HodActor,
  item: CardRef,
  weapon: HodWeaponSnapshot,
  choices: HodDamageChoices,
  targets: readonly CardRef[],
): Promise<PlayMessage | null> {
  const formula = hitFormula(
    actor,
    weapon,
    { damageModifier: choices.modifier, extraDice: choices.extraDice, damageMultiplier: choices.times },
    choices.critical,
    item.name,
  );
  if (formula === undefined) return null;
  if (formula === null) {
    warn("ANTHOLOGY.HoD.Errors.damageDice", { dice: weapon.damage, name: item.name });
    return null;
  }
  const roll = await rollDice(formula, { item: item.uuid, choices, targets: targets.map((t) => t.uuid) });
  const rolled = outcomeOf(roll).total;
  const card = newCard({
    ruleSet: "hod",
    kind: hodDamageKind.id,
    actor: refOf(actor),
    data: {
      item: refOf(item),
      choices,
      damageType: weapon.damageType,
      formula,
      damageRoll: 0,
      extraRoll: null,
      factor: 1,
      special: null,
      rolled,
      total: hitDamage(rolled),
    },
    targets: targets.map((t) => ({ ...t, data: {} })),
  });
  return postCard({ kind: hodDamageKind, card, rolls: [roll], speaker: { actor } });
}

/** Roll damage on an attack card that had no target (kinds/attack.ts: rollDamageAction), then spend the button. */
export async function rollDamageFromAttack({
  message,
  card,
}: ButtonPress<HodAttackData, HodAttackRow>): Promise<PlayMessage | null> {
  const actor = resolve<HodActor>(card.actor?.uuid);
  if (!actor) return (warn("ANTHOLOGY.HoD.Errors.actorGone", { name: card.actor?.name ?? "" }), null);
  if (!mayRoll(actor)) return null;
  const d = card.data;
  const critical = d.weapon.category !== "spell" && criticalRange(d.natural, { precise: d.weapon.precise });
  const posted = await damageFlow(actor, d.item, d.weapon, {
    critical,
    nonlethal: d.choices.nonlethal === true,
    modifier: d.choices.damageModifier ?? 0,
    extraDice: d.choices.extraDice ?? "",
    ...(d.choices.damageMultiplier ? { times: d.choices.damageMultiplier } : {}),
  });
  if (posted && (message.isAuthor || game.user?.isGM)) {
    await message.update({ [`flags.${SYSTEM_ID}.${CARD_FLAG}.data.damageRolled`]: true });
  }
  return posted;
}
