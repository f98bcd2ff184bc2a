/**
 * The GM's check that a spell attack flew after a cast that worked: the cast card its roll names must
 * be a successful cast of this spell by this caster, written by one of its owners (or a GM), holding at
 * least the charges the attack claims, and its Arcana (Int) check must hold when worked out again: the
 * roll's formula is 3d6 + Intelligence now + a modifier within the bounds, the DC at least what the
 * spell and those charges give (10 + fatigue cost + charges), and the total reaches it.
 */
import { RequestRefused } from "../../../hooks/socket";
import { cardOf, replayRolls } from "../../../play/cards";
import { messageById, userById } from "../../../play/documents";
import type { ReplayedRoll } from "../../../play/kind";
import { checkedRoll, refuseMissing } from "../../../play/verify";
import { castBonus, num } from "../rules/derive";
import { castingDc } from "../rules/spells";
import { withBonus } from "../rules/to-hit";
import { TYPED_BOUNDS, withinTyped } from "../rules/typed";
import type { HodAttackChoices } from "./dialog-form";
import { sourceOf, type HodActor } from "./documents";
import type { HodSpellData } from "./spell-card";
import { refuseTyped } from "./typed";

function noCast(name: string): never {
  throw new RequestRefused({ key: "ANTHOLOGY.HoD.Errors.noCast", data: { name } });
}

const bound = `${TYPED_BOUNDS.check.min} … +${TYPED_BOUNDS.check.max}`;

/** The cast's Arcana (Int) roll among its message's rolls: the one rolled for this spell, not a grab's. */
function arcanaRoll(rolls: ReadonlyArray<ReplayedRoll | null>, item: string): ReplayedRoll | null {
  return (
    rolls.find((r) => {
      const q = r?.request as { cast?: unknown; takeTen?: unknown; grabbed?: unknown } | undefined;
      return q?.cast === item && q.takeTen === false && q.grabbed !== true;
    }) ?? null
  );
}

/** The Arcana check's total as the dice (or taking 10) give it with the caster's Intelligence (and effects) now. */
function checkTotal(cast: HodSpellData, rolls: ReadonlyArray<ReplayedRoll | null>, caster: HodActor, item: string) {
  const intelligence = castBonus(sourceOf(caster));
  const check = cast.check!;
  if (check.takeTen) {
    // Taking 10 rolls nothing: what the card shows is 10 + Intelligence + the modifier.
    const modifier = check.total - 10 - intelligence;
    if (!withinTyped("check", modifier)) refuseTyped("check", String(modifier), bound);
    return check.total;
  }
  const roll = arcanaRoll(rolls, item);
  if (!roll) refuseMissing("check");
  const asked = (roll.request as { modifier?: unknown }).modifier;
  // A roll from before its request carried the modifier: the formula's number, less Intelligence.
  const modifier = typeof asked === "number" ? asked : roll.outcome.modifier - intelligence;
  if (!withinTyped("check", modifier)) refuseTyped("check", String(modifier), bound);
  return checkedRoll(roll, "check", withBonus("3d6", intelligence + modifier)).outcome.total;
}

/**
 * A spell's attack flies only after a cast that worked (above). Charges on anything but a spell count
 * for nothing: refused.
 */
export function checkCast(
  choices: HodAttackChoices,
  weapon: { readonly category: string },
  attacker: HodActor,
  itemUuid: string,
  name: string,
): void {
  const charges = Math.max(0, Math.trunc(num(choices.charges)));
  if (weapon.category !== "spell") {
    if (charges > 0) throw new RequestRefused({ key: "ANTHOLOGY.Play.Errors.badRoll", data: { name } });
    return;
  }
  // A spell attack rolled before spells were cast (no cast named, no charges) stands as it was rolled.
  if (choices.cast === undefined && charges === 0) return;
  const message = choices.cast ? messageById(choices.cast) : undefined;
  const read = message ? cardOf(message) : null;
  const cast =
    read && !("error" in read) && read.card.ruleSet === "hod" && read.card.kind === "spell"
      ? (read.card as unknown as { actor: { uuid: string } | null; data: HodSpellData })
      : null;
  const author = userById(message?.author?.id ?? "");
  if (
    !message ||
    !cast ||
    cast.data.event !== "cast" ||
    !cast.data.check?.success ||
    cast.actor?.uuid !== attacker.uuid ||
    cast.data.item.uuid !== itemUuid ||
    charges > cast.data.charges ||
    !author ||
    !(author.isGM || attacker.testUserPermission(author, "OWNER"))
  ) {
    noCast(name);
  }
  const spell = attacker.items.contents.find((i) => i.uuid === itemUuid);
  const fatigueCost = Math.max(0, Math.trunc(num(spell?.system.fatigueCost)));
  const least = castingDc({
    baseDc: 10 + fatigueCost,
    fatigueCost,
    charges: cast.data.charges,
    taken: 0,
    moved: 0,
    prepared: true,
  });
  if (cast.data.dc < least) noCast(name);
  const total = checkTotal(cast.data, replayRolls(message), attacker, itemUuid);
  if (total < cast.data.dc) noCast(name);
}
