/** An attack's card: one roll to hit judged against each target, each hit's damage, applied by the GM. */
import type { Card } from "../../../../play/card";
import type { ApplyInput, ApplyPlan, CardAction, CardKind, FreeChoice, ReplayedRoll } from "../../../../play/kind";
import { checkedRoll } from "../../../../play/verify";
import { isLongbow } from "../../rules/stances";
import { attackDamageFactor } from "../../rules/spells";
import { attackToHit } from "../../rules/to-hit";
import { attackSchema, readAttackChoices, type HodAttackData, type HodAttackRow } from "../card-data";
import { checkCast } from "../cast-check";
import type { HodAttackChoices } from "../dialog-form";
import { rolledOf } from "../dice";
import { sourceOf } from "../documents";
import { hodFlows } from "../flow-registry";
import { chosenOn, judgeOn } from "../judge";
import { stanceAt } from "../target";
import { refuseOutOfBounds, typedChoice } from "../typed";
import { attackCardView } from "../views";
import {
  checkPerformerActs,
  checkPlayerRules,
  forRow,
  hitFormulaNow,
  hodActorOf,
  liveWeapon,
  readable,
  refuse,
  requestOf,
  sameItem,
  storedRoll,
  usedWeapon,
} from "./apply-checks";
import { consciousnessAction } from "./check";
import { countKey, countOf, dealt, hitPlan } from "./hit-plan";
import { HOD_CARD_TEMPLATES } from "./templates";
import { checkSpaceOnApply } from "../spaces";

/** What an attack's roll was rolled for (a roll from before requests: what its card says). */
function attackRequest(input: ApplyInput<HodAttackData, HodAttackRow>, attack: ReplayedRoll) {
  const d = input.card.data;
  const row = input.card.targets[input.index]!;
  return requestOf<HodAttackChoices>(
    attack,
    readAttackChoices,
    () => ({ item: d.item.uuid, choices: d.choices, targets: [row.uuid] }),
    row.name,
  );
}

/**
 * An attack's row, applied by the GM: the choices are read from the attack roll itself, the roll to
 * hit is worked out again from them with the attacker and the weapon as they are now (the stored
 * formula must be that one) and judged against the target's defense now (on a Time Count, as it stood
 * when the attack's count began), which it must still hit;
 * the row's damage roll, tied to its target, must roll that hit's damage (a critical's at its maximum).
 * A spell that does half damage on a miss (its box ticked now) deals half of that roll on a miss.
 */
function resolveAttackRow(input: ApplyInput<HodAttackData, HodAttackRow>): ApplyPlan {
  const { card } = input;
  const row = card.targets[input.index]!;
  const d = card.data;
  const attacker = hodActorOf(input.actor, card.actor?.name ?? "");
  checkPerformerActs(input.message, attacker);
  const attack = storedRoll(input.rolls, d.attackRoll, "toHit");
  const request = attackRequest(input, attack);
  if (!request.targets.includes(row.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  sameItem(request.item, d.item.uuid, d.item.name);
  const weapon = liveWeapon(attacker, request.item, d.item.name);
  const choices = request.choices;
  refuseOutOfBounds(choices);
  checkCast(choices, weapon, attacker, request.item ?? "", row.name);
  // Struck in melee or thrown, as the roll asked: only what the weapon can do (weaponUseRefused).
  const used = usedWeapon(weapon, choices.use, d.item.name);
  // On a Time Count the combat's record confirms, the attacker and the target as they stood when the
  // count began.
  const at = countOf(d.schedule, attacker);
  // A longbow is known by the live item's name, not the card's (a crouch forbids it).
  const liveName = attacker.items.contents.find((i) => i.uuid === request.item)?.name;
  const toHit = attackToHit({
    source: sourceOf(attacker),
    weapon: used,
    situation: choices,
    stance: stanceAt(attacker, at),
    longbow: isLongbow({ category: weapon.category, name: liveName }),
  });
  checkedRoll(attack, "toHit", toHit.formula);
  const target = hodActorOf(input.target, row.name);
  const spell = weapon.category === "spell";
  const spellItem = spell ? attacker.items.contents.find((i) => i.uuid === request.item) : undefined;
  const verbalOnly = spellItem?.system.verbalOnly === true;
  checkPlayerRules(
    input.message,
    attacker,
    target,
    { special: null, act: spell ? "cast" : "attack", verbalOnly },
    toHit.refused,
  );
  checkSpaceOnApply(input.message, attacker, choices.modifiers);
  const defense = judgeOn(
    toHit,
    rolledOf(attack.outcome),
    target,
    chosenOn(choices.defense, used, target, at),
    undefined,
    at,
  );
  // A miss deals nothing, but a spell's that does half damage on a miss (the spell as it is now).
  const factor = attackDamageFactor({ hit: defense.hit, spell, halfOnMiss: spellItem?.system.halfOnMiss === true });
  if (factor === null) refuse("ANTHOLOGY.HoD.Errors.noLongerHits", { name: row.name, value: String(defense.value) });
  const damage = forRow(storedRoll(input.rolls, row.data.damage?.roll ?? null, "damage"), row.uuid, row.name);
  const formula = hitFormulaNow(
    attacker,
    weapon,
    {
      modifier: choices.damageModifier,
      extraDice: choices.extraDice,
      critical: defense.critical,
      times: choices.damageMultiplier,
    },
    row.name,
  );
  checkedRoll(damage, "damage", formula);
  return hitPlan(
    target,
    dealt(damage, null, factor!),
    choices.nonlethal === true,
    countKey(at),
    weapon.damageType,
    attacker.uuid,
  );
}

/** An attack's row rests on what its roller typed (a modifier, extra dice), read from the roll. */
function attackTyped(input: ApplyInput<HodAttackData, HodAttackRow>): FreeChoice | null {
  const attack = input.rolls[input.card.data.attackRoll];
  return attack ? typedChoice(readable(() => attackRequest(input, attack).choices)) : null;
}

/**
 * Roll damage on an attack card that had no target (the GM judges it): the damage dialog with the
 * attack's damage options (critical ticked for a natural in the critical range), then a damage card
 * for the targets now. A hit rolls its damage once: the button is spent after.
 */
export const rollDamageAction: CardAction<HodAttackData, HodAttackRow> = {
  who: "actorOwner",
  enabled: (card) => card.targets.length === 0 && !card.data.fumble && !card.data.damageRolled,
  run: (press) => hodFlows.flow("rollDamage")(press),
};

export const hodAttackKind: CardKind<HodAttackData, HodAttackRow> = {
  id: "attack",
  template: HOD_CARD_TEMPLATES.attack,
  schema: attackSchema,
  view: attackCardView,
  appliable: (card: Card<HodAttackData, HodAttackRow>, index: number) => {
    const row = card.targets[index];
    // A hit, or a spell's miss that rolled its half damage (the GM's apply judges both again).
    return Boolean(row?.data.damage);
  },
  resolveApply: resolveAttackRow,
  restsOnChoice: attackTyped,
  actions: { rollDamage: rollDamageAction, consciousness: consciousnessAction() },
};
