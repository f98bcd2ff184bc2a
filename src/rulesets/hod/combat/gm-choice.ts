/**
 * What the GM records when a Heroes of Destiny combatant acts on the Time Count: the choice that came
 * from a client checked against the actor as it stands, run on the GM's client for every act. A
 * player's client says which action was taken; how long it takes is the rules' to say, from the
 * actor's weapons, the spell it prepares and its afflictions, never a number the client chose.
 */
import { RequestRefused } from "../../../hooks/socket";
import type { ActChoice } from "../rules/act-choice";
import { afflictionSpeed, petrificationEffects, slowedChoice } from "../rules/afflictions";
import { num } from "../rules/derive";
import { grabbedRefusal } from "../rules/effects";
import { specialAction } from "../rules/special-actions";
import { abandonSpellAt } from "../rules/spells";
import { isLongbow, stanceAttackLine } from "../rules/stances";
import { defaultUse, weaponInUse } from "../rules/weapon-use";
import { linksOf } from "../chat/effect-links";
import { immobileRefusalOf, lastActOf } from "../chat/immobile";
import { timeCountPlace } from "../chat/schedule";
import { FIST } from "../chat/special-weapon";
import type { HodActor, HodItem } from "../chat/documents";
import { HOD_WEAPON } from "../chat/documents";

/** Actions whose speed is the weapon's (attack, feint, and special actions that use a weapon). */
function usesWeapon(choice: ActChoice): boolean {
  if (choice.action === "attack" || choice.action === "feint") return true;
  if (choice.action !== "special") return false;
  const kind = specialAction(String(choice.special))?.speed.kind;
  return kind === "weapon" || kind === "weaponClass";
}

/**
 * Actions a critical grab stops: attacks, feints and special actions (or their preparation) other than
 * breaking or escaping a grab.
 */
function attacks(choice: ActChoice): boolean {
  if (choice.action === "attack" || choice.action === "feint") return true;
  const special = choice.action === "special" || choice.action === "prepare";
  return special && choice.special !== "breakGrab" && choice.special !== "escapeGrab";
}

const weaponsOf = (actor: HodActor): HodItem[] =>
  (actor.items?.contents ?? []).filter((i) => i.type === HOD_WEAPON && i.system.category !== "spell");

/** The speed classes the actor's weapons give (its bare hands' always among them). */
function weaponClasses(actor: HodActor): Set<string> {
  const classes = new Set<string>([FIST.speedClass]);
  for (const item of weaponsOf(actor)) classes.add(String(item.system.speedClass ?? "") || "standard");
  return classes;
}

/** The speed class of the spell the actor is preparing (its sheet's preparation), if any. */
function preparingClass(actor: HodActor): string | null {
  const id = (actor.system?.spell as { item?: unknown } | undefined)?.item;
  const item = typeof id === "string" && id !== "" ? actor.items?.get(id) : undefined;
  if (!item || item.type !== HOD_WEAPON || item.system.category !== "spell") return null;
  return String(item.system.speedClass ?? "") || "standard";
}

/**
 * The weapon item an attack or feint picked by hand in the Act dialog names (`choice.weapon`), if it is
 * one of the actor's weapons of the speed class the act claims; undefined when none was picked; null
 * when the pick is not such a weapon.
 */
export function pickedWeapon(choice: ActChoice, actor: HodActor): HodItem | null | undefined {
  if (!choice.weapon || (choice.action !== "attack" && choice.action !== "feint")) return undefined;
  const item = actor.items?.get(choice.weapon);
  if (!item || item.type !== HOD_WEAPON || item.system.category === "spell") return null;
  const speedClass = String(item.system.speedClass ?? "") || "standard";
  return speedClass === (choice.weaponClass ?? "standard") ? item : null;
}

/**
 * Why the actor's stance forbids attacking with a weapon picked by hand (an i18n key), or null: a
 * crouch no longbow, prone no ranged weapon but a crossbow, Parrying and Spellcasting no attack
 * (`stanceAttackLine`, the drawbacks counting while shifting too). A thrown weapon counts as struck in
 * melee, as the attack dialog starts it.
 */
export function pickedWeaponStance(item: HodItem, actor: HodActor): string | null {
  const s = item.system;
  const category = String(s.category ?? "");
  const used = weaponInUse({ category, range: num(s.range), thrown: s.thrown === true }, defaultUse(s));
  return stanceAttackLine(
    { stance: String(actor.system?.stance ?? ""), shifting: actor.system?.stanceShifting === true },
    { range: num(used.range), category, longbow: isLongbow({ category, name: item.name }) },
  ).refused;
}

const refused = (key: string, data: Record<string, string>): never => {
  throw new RequestRefused({ key, data });
};

/**
 * A player's act, checked against the actor: no speed of their own ("custom", a casting time in TC,
 * a negative modifier or steps), a weapon speed only of a weapon the actor has (two weapons only with
 * two), a spell's casting time only of the spell it is preparing; no move while grabbed (immobilized),
 * no attack while held by a critical grab; what an immobile actor may not do (`immobileRefusal`: no
 * move while stapled or without speed, nothing at all while paralysed at three times Vigor or fully
 * petrified); a special action's strike only right after its preparation (no preparation banked); a
 * weapon picked by hand only one of the actor's that its stance allows (a crouch no longbow).
 */
function checkPlayerChoice(choice: ActChoice, actor: HodActor | null): void {
  const name = actor?.name ?? "";
  if (choice.action === "custom") refused("ANTHOLOGY.HoD.TimeCount.customGmOnly", { name });
  if (num(choice.modifier) < 0 || num(choice.steps) < 0) refused("ANTHOLOGY.HoD.TimeCount.fasterGmOnly", { name });
  if (choice.action === "readScroll" || choice.castingTime !== undefined) {
    refused("ANTHOLOGY.HoD.TimeCount.gmRecords", { name });
  }
  if (!actor) return;
  if (usesWeapon(choice)) {
    const classes = weaponClasses(actor);
    for (const value of [choice.weaponClass ?? "standard", ...(choice.offHandClass ? [choice.offHandClass] : [])]) {
      if (!classes.has(value)) refused("ANTHOLOGY.HoD.TimeCount.notInHand", { name, value });
    }
    if ((choice.offHandClass || choice.alternating) && weaponsOf(actor).length < 2) {
      refused("ANTHOLOGY.HoD.TimeCount.twoWeapons", { name });
    }
  }
  // A weapon picked by hand: one of the actor's of that class, which its stance lets it attack with.
  const picked = pickedWeapon(choice, actor);
  if (picked === null) refused("ANTHOLOGY.HoD.TimeCount.notInHand", { name, value: choice.weaponClass ?? "standard" });
  const stance = picked ? pickedWeaponStance(picked, actor) : null;
  if (stance) refused(stance, { name });
  if (choice.action === "prepareSpell" && preparingClass(actor) !== (choice.weaponClass ?? null)) {
    refused("ANTHOLOGY.HoD.TimeCount.notPreparing", { name });
  }
  const links = linksOf(actor).map((e) => e.link);
  const grab =
    choice.action === "move" ? grabbedRefusal(links, "move") : attacks(choice) ? grabbedRefusal(links, "attack") : null;
  if (grab) refused(grab, { name });
  const still = immobileRefusalOf(actor, actOf(choice));
  if (still) refused(still, { name });
  // A strike that needs a preparation follows it at once: the preparation was the actor's last act.
  const special = choice.action === "special" ? specialAction(String(choice.special)) : undefined;
  if (special?.preparation && lastActOf(timeCountPlace(actor)) !== "prepare") {
    refused("ANTHOLOGY.HoD.TimeCount.notPrepared", { name });
  }
}

/**
 * A stance act against the actor's stance now: leaving one names the stance it holds (the Act dialog's
 * "Back to a basic stance" does not know it), which must be one; shifting is into another stance.
 */
function stanceChoice(choice: ActChoice, actor: HodActor): ActChoice {
  if (choice.action !== "stance" && choice.action !== "basicStance") return choice;
  const held = String(actor.system.stance ?? "");
  const name = actor.name ?? "";
  if (choice.action === "stance") {
    if (choice.stance === held) refused("ANTHOLOGY.HoD.Errors.sameStance", { name });
    return choice;
  }
  const stance = choice.stance ?? held;
  if (!stance) refused("ANTHOLOGY.HoD.ActStances.none", { name });
  return { ...choice, stance };
}

/** What an act is to the immobile rules: a move, an attack (attacks()), or another act. */
export function actOf(choice: ActChoice): "move" | "attack" | "act" {
  return choice.action === "move" ? "move" : attacks(choice) ? "attack" : "act";
}

/** What the actor's afflictions add to its actions' speed (paralysis, petrification, slashing impairments). */
function speedOf(actor: HodActor) {
  const s = actor.system;
  if (!s?.derived) return { steps: 0, modifier: 0, weaponModifier: 0 };
  const stony = petrificationEffects(num(s.petrification)).vigor;
  return afflictionSpeed(
    { impairments: s.impairments, paralysis: s.paralysis, petrification: s.petrification },
    s.derived.vigor - stony,
  );
}

/**
 * The act the GM records: a player's checked against the actor (refused with the reason), a GM's as
 * given (a GM may record what the sheet does not show); every act but an SF given outright ("custom",
 * the GM's) slowed by the actor's afflictions.
 */
export function gmChoice(given: ActChoice, actor: object | null, byGm: boolean): ActChoice {
  const hod = actor as HodActor | null;
  const choice = hod?.system ? stanceChoice(given, hod) : given;
  if (!byGm) checkPlayerChoice(choice, hod);
  if (choice.action === "custom" || !hod?.system) return choice;
  return slowedChoice(choice, speedOf(hod));
}

/**
 * The actions that can be cut short (abandoned while under way): preparing a spell or reading a scroll
 * (the text: cancel the casting at any time and act again on the following TC), and a special action's
 * preparation (the text: preparation can be cancelled at any time), at the same following TC.
 */
export const CUT_SHORT_ACTIONS: readonly string[] = Object.freeze(["prepareSpell", "readScroll", "prepare"]);

/** Where an abandoned action's combatant acts next, and what is left of it; null when its last action cannot be cut short. */
export function cutShortAt(
  flags: Readonly<Record<string, unknown>>,
  current: number,
): { readonly tc: number; readonly flags: Readonly<Record<string, unknown>> } | null {
  const last = flags.lastAction;
  if (typeof last !== "string" || !CUT_SHORT_ACTIONS.includes(last)) return null;
  return { tc: abandonSpellAt(current), flags: { lastAction: null } };
}
