import { defaultDefense, judgeAttack, type HodDefense } from "../rules/attack";
import type { HodSource } from "../rules/derive";
import type { HodModifier, HodAttackPlan } from "../rules/situational";
import { attackPlan } from "../rules/situational";
import { isStanceId, stanceAttack, stanceDefense, type StanceId } from "../rules/stances";
import { HodWeaponError, attackBonus, isWeaponCategory } from "../rules/weapons";
import { HOD_CARD_TEMPLATES, i18n, mayRoll, post, rollFormula, warn, type Rolled } from "./common";
import { attackCardView } from "./cards";
import { promptAttack } from "./dialog";
import { withBonus, type DialogTarget, type HodAttackChoices } from "./dialog-form";
import {
  HOD_WEAPON,
  ref,
  resolve,
  sourceOf,
  weaponOf,
  type HodActor,
  type HodItem,
  type HodMessage,
  type HodWeaponSnapshot,
  type NamedRef,
} from "./documents";
import type { HodAttackFlags, HodDefenseResult } from "./flags";
import { scheduleAction, scheduleInfo, timeCountPlace } from "./schedule";
import { firstHodTarget, targetState } from "./target";

/** The target's five defenses as its sheet shows them. */
export function defensesOf(target: HodActor): Record<HodDefense, number> {
  const d = target.system.derived;
  return { primary: d.primary, passive: d.passive, vigor: d.vigor, celerity: d.celerity, spirit: d.spirit };
}

/** An actor's stance as the rules read it. */
function stanceOf(actor: HodActor): { stance: string; shifting: boolean } {
  return { stance: String(actor.system.stance ?? ""), shifting: actor.system.stanceShifting === true };
}

/** The defender's best weapon attack bonus (what Parrying adds half of). */
function bestAttackBonus(actor: HodActor, source: HodSource): number {
  const bonuses = actor.items.contents
    .filter((i) => i.type === HOD_WEAPON && i.system.equipped !== false && isWeaponCategory(i.system.category))
    .filter((i) => i.system.category !== "spell")
    .map(
      (i) =>
        attackBonus(i.system.category as never, source) +
        (i.system.proficient === true ? 1 : 0) -
        (i.system.noAffinity === true ? 2 : 0),
    );
  return bonuses.length ? Math.max(...bonuses) : attackBonus("unarmed", source);
}

/** A defense as an attack meets it: the one chosen, the one the target's stance turns it into, and its value. */
export interface MetDefense {
  readonly id: HodDefense;
  readonly met: HodDefense;
  readonly value: number;
  readonly stance: StanceId | null;
  readonly stanceModifier: number;
}

/**
 * The defense `chosen` as the target meets this attack: its stance may turn Primary into Passive
 * (Poised, Spellcasting) or change it (Cautious, Crouch, Prone, Parrying; benefits only once shifted).
 */
export function meetDefense(target: HodActor, chosen: HodDefense, melee: boolean): MetDefense {
  const state = stanceOf(target);
  const values = defensesOf(target);
  if (!isStanceId(state.stance)) {
    return { id: chosen, met: chosen, value: values[chosen], stance: null, stanceModifier: 0 };
  }
  const source = sourceOf(target);
  const change = stanceDefense(state, {
    defense: chosen,
    melee,
    attackBonus: bestAttackBonus(target, source),
    shield: Number(source.shield ?? 0),
  });
  const changed = change.defense !== chosen || change.modifier !== 0;
  return {
    id: chosen,
    met: change.defense,
    value: values[change.defense] + change.modifier,
    stance: changed ? state.stance : null,
    stanceModifier: change.modifier,
  };
}

/**
 * The defense an attack meets unless the attacker picks another: the weapon's own (a spell's Spirit, a
 * net's Celerity), else Passive for a target that cannot react (surprised, unsteady, helpless, or
 * meeting a melee attack without a melee weapon), else Primary.
 */
export function defenseFor(weapon: HodWeaponSnapshot, target: HodActor): HodDefense {
  if (weapon.defense && weapon.defense !== "primary") return weapon.defense;
  const state = targetState(target);
  return defaultDefense({
    surprised: state.surprised,
    unsteady: state.unsteady,
    immobile: state.helpless,
    unarmedInMelee: weapon.range === 0 && !state.meleeWeapon,
  });
}

/** The target as the attack dialog shows it: each defense as this attack would meet it, and the default one. */
export function dialogTarget(
  weapon: HodWeaponSnapshot,
  target: { actor: HodActor; name: string } | null,
  defense?: HodDefense,
): DialogTarget | null {
  if (!target) return null;
  const melee = weapon.range === 0;
  const met = (d: HodDefense) => meetDefense(target.actor, d, melee).value;
  return {
    name: target.name,
    defenses: {
      primary: met("primary"),
      passive: met("passive"),
      vigor: met("vigor"),
      celerity: met("celerity"),
      spirit: met("spirit"),
    },
    defense: defense ?? defenseFor(weapon, target.actor),
  };
}

/**
 * The attacker's stance: a modifier line (a drawback, so also while shifting), or the key of why it
 * cannot attack. Casting a spell is what the Spellcasting stance is for, so it does not stop a spell.
 */
export function attackerStance(
  actor: HodActor,
  weapon: HodWeaponSnapshot,
): { line: HodModifier | null; refused: string | null } {
  const state = stanceOf(actor);
  if (state.stance === "spellcasting" && weapon.category === "spell") return { line: null, refused: null };
  const effect = stanceAttack(state, { melee: weapon.range === 0, category: weapon.category });
  return {
    line: effect.modifier ? { id: "stance", value: effect.modifier } : null,
    refused: effect.refused,
  };
}

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

/** One roll judged against each defense it meets. */
export interface JudgedRoll {
  readonly rolled: Rolled;
  readonly formula: string;
  readonly results: readonly HodDefenseResult[];
  /** A natural 1 on a d20 attack that is not a spell. */
  readonly fumble: boolean;
}

/** Rolls the plan's die and bonus and judges it against each of `defenses` of the target (none without one). */
export async function rollAgainst(input: {
  readonly plan: HodAttackPlan;
  readonly weapon: Pick<HodWeaponSnapshot, "precise" | "category" | "range">;
  readonly die?: "d20" | "3d6";
  readonly target: HodActor | null;
  readonly defenses: readonly HodDefense[];
  /** A weapon's Precise property widens its critical range (not a skill's). */
  readonly precise?: boolean;
}): Promise<JudgedRoll> {
  const die = input.die ?? "d20";
  const formula = withBonus(die === "3d6" ? "3d6" : "1d20", input.plan.bonus);
  const rolled = await rollFormula(formula);
  const spell = input.weapon.category === "spell";
  const melee = input.weapon.range === 0;
  const results = input.target
    ? input.defenses.map((chosen): HodDefenseResult => {
        const met = meetDefense(input.target!, chosen, melee);
        const judged = judgeAttack({
          natural: rolled.natural,
          total: rolled.total,
          defense: met.value,
          precise: input.precise,
          spell,
          die,
        });
        return { ...met, ...judged };
      })
    : [];
  return { rolled, formula, results, fumble: die === "d20" && rolled.natural === 1 && !spell };
}

/** Attack with a weapon: the dialog, then a 1d20 roll against the first target's defense, the card, the Time Count. */
export async function rollHodAttack(actor: object, item: object): Promise<HodMessage | null> {
  const attacker = actor as HodActor;
  const weaponItem = item as HodItem;
  if (!mayRoll(attacker)) return null;
  const weapon = readWeapon(weaponItem);
  if (!weapon) return null;
  const stance = attackerStance(attacker, weapon);
  if (stance.refused) return (warn(stance.refused), null);
  const target = firstHodTarget();
  const choices = await promptAttack(
    {
      kind: "attack",
      source: sourceOf(attacker),
      weapon,
      target: dialogTarget(weapon, target),
      extra: stance.line ? [stance.line] : [],
    },
    i18n().format("ANTHOLOGY.HoD.Dialog.attackTitle", { name: weaponItem.name }),
  );
  if (!choices) return null;
  return postHodAttack(
    attacker,
    weaponItem,
    weapon,
    choices,
    target ? { uuid: target.actor.uuid, name: target.name } : null,
  );
}

/** The Time Count action an attack with this weapon is: a spell is cast (SF 1), a weapon costs its SF. */
function attackChoice(weapon: HodWeaponSnapshot, fumble: boolean) {
  return weapon.category === "spell"
    ? { action: "castSpell" }
    : { action: "attack", weaponClass: weapon.speedClass, ...(fumble ? { fumble: true } : {}) };
}

/** The situation of the choices, without the defense (which the card keeps on its own). */
export function situationOf(choices: HodAttackChoices): HodAttackFlags["situation"] {
  return { modifiers: choices.modifiers ?? [], distance: choices.distance ?? 0, modifier: choices.modifier ?? 0 };
}

/** A fumble with a weapon that has durability takes a point off it; returns what is left (null: none to lose). */
export async function wearWeapon(
  item: HodItem | NamedRef | null,
  weapon: HodWeaponSnapshot | null,
): Promise<number | null> {
  if (!item || !weapon || weapon.durability.max <= 0 || !("update" in item)) return null;
  const left = Math.max(0, weapon.durability.value - 1);
  await item.update({ "system.durability.value": left });
  return left;
}

/**
 * Rolls and judges an attack whose choices are made, posts the card, and on the Time Count records the
 * attack when the attacker is due. A fumble costs the weapon a point of durability, ends the turn and
 * leaves the attacker unsteady with 1d6 more on the weapon's SF. Refuses a target beyond the weapon's
 * maximum range, and an attack the attacker's stance forbids.
 */
export async function postHodAttack(
  actor: HodActor,
  item: HodItem | NamedRef,
  weapon: HodWeaponSnapshot,
  choices: HodAttackChoices,
  target: NamedRef | null,
): Promise<HodMessage | null> {
  const stance = attackerStance(actor, weapon);
  if (stance.refused) return (warn(stance.refused), null);
  const plan = attackPlan(sourceOf(actor), weapon, choices, stance.line ? [stance.line] : []);
  if (!plan.inRange) {
    warn("ANTHOLOGY.HoD.Errors.outOfRange", { name: item.name, distance: String(choices.distance ?? 0) });
    return null;
  }
  const targetActor = resolve<HodActor>(target?.uuid);
  const judged = await rollAgainst({
    plan,
    weapon,
    target: targetActor,
    defenses: [choices.defense],
    precise: weapon.precise,
  });
  const durabilityLeft = judged.fumble ? await wearWeapon(item, weapon) : null;
  const place = timeCountPlace(actor);
  const flags: HodAttackFlags = {
    kind: "attack",
    actor: ref(actor),
    item: ref(item),
    weapon,
    situation: situationOf(choices),
    modifiers: plan.modifiers,
    base: plan.base,
    formula: judged.formula,
    natural: judged.rolled.natural,
    total: judged.rolled.total,
    target: targetActor ? target : null,
    defense: judged.results[0] ?? null,
    fumble: judged.fumble,
    durabilityLeft,
    schedule: scheduleInfo(place),
  };
  const message = await post({ actor }, HOD_CARD_TEMPLATES.attack, attackCardView(flags, judged.rolled.html), flags, [
    judged.rolled.roll,
  ]);
  await scheduleAction(place, attackChoice(weapon, judged.fumble));
  return message;
}
