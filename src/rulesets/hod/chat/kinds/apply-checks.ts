/**
 * What the GM's applies share: a refusal for the user who asked, the actors and the weapon as they
 * stand now, the stored rolls and what each was rolled for, the Time Count now, and the rules a
 * player's client checked before rolling a hit.
 */
import { RequestRefused } from "../../../../hooks/socket";
import type { AnthologyCombat } from "../../../../combat/anthology-combat";
import { CardError } from "../../../../play/card";
import { userById, type PlayActor } from "../../../../play/documents";
import type { ApplyInput, ReplayedRoll } from "../../../../play/kind";
import { refuseMissing } from "../../../../play/verify";
import { HodWeaponError, weaponDamageFormula } from "../../rules/weapons";
import { weaponInUse, weaponUseRefused } from "../../rules/weapon-use";
import { readRequest, type HodRollRequest } from "../card-data";
import { activeCombat } from "../combatants";
import { isHodActor, sourceOf, weaponOf, HOD_WEAPON, type HodActor, type HodWeaponSnapshot } from "../documents";
import { grabRefusalOnApply } from "../effects";
import { immobileStateOf } from "../immobile";
import { immobileRefusal } from "../../rules/immobile";

/** Refuses the apply with a message (an i18n key and its data) for the user who asked. */
export function refuse(key: string, data: Record<string, string> = {}): never {
  throw new RequestRefused({ key, data });
}

/** A Heroes of Destiny actor as it stands now, or a refusal naming it. */
export function hodActorOf(actor: PlayActor | null, name: string): HodActor {
  if (!actor || !isHodActor(actor)) refuse("ANTHOLOGY.HoD.Errors.notHod", { name });
  return actor as unknown as HodActor;
}

/** The card's roll at `index`, or a refusal naming the roll (`toHit`, `damage`) as missing. */
export function storedRoll(rolls: ApplyInput<never, never>["rolls"], index: number | null, roll: string): ReplayedRoll {
  const stored = index === null ? null : rolls[index];
  if (!stored) refuseMissing(roll);
  return stored;
}

/** The weapon as it is now on the attacker, never as a card says it was. */
export function liveWeapon(actor: HodActor, itemUuid: string | null, name: string): HodWeaponSnapshot {
  const item = itemUuid ? actor.items.contents.find((i) => i.uuid === itemUuid) : undefined;
  if (!item || item.type !== HOD_WEAPON) refuse("ANTHOLOGY.HoD.Errors.weaponGone", { name });
  try {
    return weaponOf(item);
  } catch (error) {
    if (error instanceof HodWeaponError) refuse(error.key, { ...error.data });
    throw error;
  }
}

/** The weapon as the roll asked to use it (struck in melee or thrown), or a refusal naming why it cannot be. */
export function usedWeapon(weapon: HodWeaponSnapshot, use: unknown, name: string): HodWeaponSnapshot {
  const refused = weaponUseRefused(weapon, use);
  if (refused) refuse(refused, { name });
  return weaponInUse(weapon, use);
}

/**
 * What a roll was rolled for, read as untrusted data. A roll from before rolls carried requests falls
 * back to the card (its formula is then checked against what the sheet gives, like any other).
 */
export function requestOf<C>(
  roll: ReplayedRoll,
  choices: (raw: unknown) => C,
  legacy: () => HodRollRequest<C>,
  name: string,
): HodRollRequest<C> {
  if (roll.request === undefined) return legacy();
  try {
    return readRequest(roll.request, choices);
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
    throw error;
  }
}

/** A roll made for one row must say it was rolled for that row's target (a roll that says nothing is refused). */
export function forRow(roll: ReplayedRoll, uuid: string, name: string): ReplayedRoll {
  const request = roll.request as { target?: unknown } | undefined;
  if (request?.target !== uuid) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  return roll;
}

/** The card shows the item its roll was rolled with: a roll naming another is refused. */
export function sameItem(requested: string | null, shown: string | null, name: string): void {
  if (requested !== shown) refuse("ANTHOLOGY.HoD.Errors.notThisItem", { item: name });
}

/** A hit's damage formula from the weapon and the attacker now, or a refusal naming what cannot be read. */
export function hitFormulaNow(
  attacker: HodActor,
  weapon: HodWeaponSnapshot,
  choices: {
    readonly modifier?: number;
    readonly extraDice?: string;
    readonly critical: boolean;
    /** Multiplied damage, as the roll's choices asked (`damageMultiplier`). */
    readonly times?: number;
  },
  name: string,
): string {
  try {
    const formula = weaponDamageFormula({ weapon, source: sourceOf(attacker), ...choices });
    if (formula === null) refuse("ANTHOLOGY.Play.Errors.notAppliable", { name });
    return formula;
  } catch (error) {
    if (error instanceof HodWeaponError) refuse(error.key, { ...error.data, name });
    throw error;
  }
}

/** The count the active Time Count stands at, as the GM keeps it (null: no Time Count runs). */
export function countNow(): number | null {
  const combat = activeCombat<AnthologyCombat>();
  return combat?.isTimeCount && combat.round > 0 ? combat.timeCount : null;
}

/**
 * The rules a player's client checks before rolling, checked again here for a card a player wrote (a
 * GM who rolled may have gone on past them, as the dialog lets a GM): the attacker's stance (prone: no
 * bow) and the grabs on it.
 */
export function checkPlayerRules(
  message: ApplyInput<unknown, unknown>["message"],
  performer: HodActor,
  target: HodActor,
  action: { readonly special: string | null; readonly act: "attack" | "cast"; readonly verbalOnly?: boolean },
  stanceRefusal: string | null,
): void {
  if (userById(message.author?.id ?? "")?.isGM) return;
  if (stanceRefusal) refuse(stanceRefusal, { name: performer.name });
  const grab = grabRefusalOnApply(performer, target, action, countNow());
  if (grab) refuse(grab.key, grab.data);
}

/**
 * A performer who may not attack at all, checked for a card a player wrote before its dice are (a GM's
 * is applied as the GM chose): paralysed at three times its Vigor ("completely immobile and unable to
 * move or act") or fully petrified. A preparation under way now is not this card's (a coup's strike
 * follows its own).
 */
export function checkPerformerActs(message: ApplyInput<unknown, unknown>["message"], performer: HodActor): void {
  if (userById(message.author?.id ?? "")?.isGM) return;
  const still = immobileRefusal({ ...immobileStateOf(performer), preparing: false }, "attack");
  if (still) refuse(still, { name: performer.name });
}

/** Reads what a roll was rolled for, or null when it cannot be read (the apply itself then refuses). */
export function readable<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if (error instanceof RequestRefused) return null;
    throw error;
  }
}
