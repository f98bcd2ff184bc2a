/** A damage card: a weapon's damage rolled without an attack (or for an attack judged by the GM), a row per target. */
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice } from "../../../../play/kind";
import { checkedRoll } from "../../../../play/verify";
import { damageSchema, readDamageChoices, type HodDamageData } from "../card-data";
import type { HodDamageChoices } from "../dialog-form";
import { refuseOutOfBounds, typedChoice } from "../typed";
import { damageCardView } from "../views";
import {
  hitFormulaNow,
  hodActorOf,
  liveWeapon,
  readable,
  refuse,
  requestOf,
  sameItem,
  storedRoll,
} from "./apply-checks";
import { consciousnessAction } from "./check";
import { dealt, hitPlan } from "./hit-plan";
import { HOD_CARD_TEMPLATES } from "./templates";

/**
 * A damage card's row, applied: the damage from its dice, the choices from the roll itself and the
 * weapon as it is now (the stored formula must be the one they give). A card from before rolls carried
 * their choices is taken as it says, since only the GM or the target's owner may apply it.
 */
function resolveDamageRow(input: ApplyInput<HodDamageData, Record<string, never>>): ApplyPlan {
  const { card } = input;
  const row = card.targets[input.index]!;
  const d = card.data;
  const attacker = hodActorOf(input.actor, card.actor?.name ?? "");
  const main = storedRoll(input.rolls, d.damageRoll, "damage");
  const target = hodActorOf(input.target, row.name);
  if (main.request === undefined) {
    const extra = d.extraRoll === null ? null : storedRoll(input.rolls, d.extraRoll, "damage");
    return hitPlan(target, dealt(main, extra, d.factor), d.choices.nonlethal, null, d.damageType);
  }
  const request = requestOf<HodDamageChoices>(
    main,
    readDamageChoices,
    () => refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name }),
    row.name,
  );
  if (!request.targets.includes(row.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  sameItem(request.item, d.item.uuid, d.item.name);
  const weapon = liveWeapon(attacker, request.item, d.item.name);
  const choices = request.choices;
  refuseOutOfBounds({ damageModifier: choices.modifier, extraDice: choices.extraDice });
  checkedRoll(
    main,
    "damage",
    hitFormulaNow(
      attacker,
      weapon,
      { modifier: choices.modifier, extraDice: choices.extraDice, critical: choices.critical, times: choices.times },
      row.name,
    ),
  );
  return hitPlan(target, dealt(main, null, 1), choices.nonlethal, null, weapon.damageType);
}

/** A damage card's row rests on its typed modifier and extra dice (its rows go on others' actors only by a GM's hand). */
function damageTyped(input: ApplyInput<HodDamageData, Record<string, never>>): FreeChoice | null {
  const main = input.rolls[input.card.data.damageRoll];
  if (!main || main.request === undefined) return null;
  const request = readable(() => requestOf<HodDamageChoices>(main, readDamageChoices, () => null as never, ""));
  return request
    ? typedChoice({
        damageModifier: request.choices.modifier,
        extraDice: request.choices.extraDice,
        damageMultiplier: request.choices.times,
      })
    : null;
}

/**
 * A damage card says itself whether it was a critical, which no roll can show, and follows no roll
 * to hit; so its rows go on other people's actors only by a GM's hand (players apply them to their own).
 */
export const hodDamageKind: CardKind<HodDamageData, Record<string, never>> = {
  id: "damage",
  template: HOD_CARD_TEMPLATES.damage,
  schema: damageSchema,
  view: damageCardView,
  applyBy: ["targetOwner"],
  resolveApply: resolveDamageRow,
  restsOnChoice: damageTyped,
  actions: { consciousness: consciousnessAction() },
};
