import { percent } from "../../../dice/odds-card";
import { outcomeViews, type TargetOutcome } from "../../../play/outcome-line";
import type { HodOutcomeTarget } from "../rules/outcome-odds";
import { oddsOrNull, outcomeInput, specialOddsOrNull, specialOutcomeInput } from "./outcomes";
import { damageWeapon } from "./special-weapon";
import { checkBonus, type HodSource } from "../rules/derive";
import { HOD_DEFENSES, isHodDefense, type HodDefense } from "../rules/attack";
import { ATTACK_MODIFIER_KEYS, DEFENSE_KEYS } from "../rules/labels";
import { attackOdds } from "../rules/odds";
import type { HodModifier } from "../rules/situational";
import type { HodAttackChoices, HodDamageChoices } from "./choices";
import { specialDamage, type SpecialDamagePlan } from "../rules/special-damage";
import type { SpecialAction } from "../rules/special-actions";
import type { StanceState } from "../rules/stances";
import { attackToHit, specialToHit, toHitOdds, withBonus, type HodToHit } from "../rules/to-hit";
import { HodWeaponError, MAX_DAMAGE_MULTIPLIER, damageMultiplier, weaponDamageFormula } from "../rules/weapons";
import { TYPED_BOUNDS, clampTyped } from "../rules/typed";
import { WEAPON_USES, defaultUse, meleeOrThrown, weaponInUse, type WeaponUse } from "../rules/weapon-use";
import type { HodWeaponSnapshot } from "./documents";
import {
  ATTRIBUTE_KEYS,
  CHECK_ATTRIBUTES,
  COVER_CHOICES,
  FRONT_KEY,
  NO_COVER_KEY,
  POSITION_CHOICES,
  EFFECT_SITUATIONS,
  SITUATION_CHOICES,
  isCheckAttribute,
  modifierKey,
  signed,
  type HodCheckAttribute,
} from "./labels";

export type { HodAttackChoices, HodDamageChoices };

/** The target of an attack as the dialog shows it: its name, five defenses and the one met by default. */
export interface DialogTarget {
  readonly name: string;
  /** Its track, damage reduction and check to stay conscious now, for the outcome odds; absent, none shown. */
  readonly track?: HodOutcomeTarget;
  /** It is immune to critical hits (a special action's critical outcome deals it a plain hit's damage). */
  readonly immuneToCriticals?: boolean;
  readonly defenses: Readonly<Record<HodDefense, number>>;
  readonly defense: HodDefense;
  /** A weapon that can be thrown, struck in melee above: the same target when it is thrown. */
  readonly thrown?: { readonly defenses: Readonly<Record<HodDefense, number>>; readonly defense: HodDefense };
}

export interface HodAttackDialogInput {
  readonly kind: "attack";
  readonly source: HodSource;
  readonly weapon: HodWeaponSnapshot;
  /** The attacker's stance: its drawback is one of the roll's lines, shown as it applies. */
  readonly stance?: StanceState;
  /** Every target the roll is judged against (one row each); the first one's defenses are shown. */
  readonly targets: readonly DialogTarget[];
  /** A special action: the action, its name, the skill it rolls, and the defenses it meets (null: the user picks one). */
  readonly special?: {
    readonly action: SpecialAction;
    readonly nameKey: string;
    readonly skillKey: string | null;
    readonly defenses: readonly HodDefense[] | null;
  };
  /** Each hit rolls its damage at once: asked when it can deal some, with the nonlethal box's default; null: none. */
  readonly damage: { readonly nonlethal: boolean } | null;
  /** A spell whose miss does half damage (its box ticked): the odds count that half too. */
  readonly halfOnMiss?: boolean;
  /** What the attacker's effects tick (situations) and add to damage (a feint's Great Success). */
  readonly ticked?: { readonly ids: readonly string[]; readonly damage: number };
  /** A distraction: the allies it may be against (uuid and name). */
  readonly allies?: ReadonlyArray<{ readonly uuid: string; readonly name: string }>;
}

export interface HodDamageDialogInput {
  readonly kind: "damage";
  /** The roller and the weapon, for the line's formula. */
  readonly source: HodSource;
  readonly weapon: HodWeaponSnapshot;
  /** The choices to start from (an attack's damage options, its critical range). */
  readonly initial: HodDamageChoices;
}

export interface HodCheckDialogInput {
  readonly kind: "check";
  readonly source: HodSource;
  readonly attribute: HodCheckAttribute;
  readonly dc: number | null;
  /** The DC is set by what asked for the check (the check to stay conscious). */
  readonly fixedDc?: boolean;
}

export type HodDialogInput = HodAttackDialogInput | HodDamageDialogInput | HodCheckDialogInput;

export interface HodCheckChoices {
  readonly attribute: HodCheckAttribute;
  readonly modifier: number;
  readonly dc: number | null;
}

/** The dialog line's words for the chance: to hit a defense, or to succeed at a check. */
export const ATTACK_CHANCE_KEY = "ANTHOLOGY.HoD.Dialog.chance";
export const CHECK_CHANCE_KEY = "ANTHOLOGY.HoD.Dialog.checkChance";

/** A whole number from a form field; anything else is 0. */
export function int(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 0;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** A whole number from a form field, or null when it is empty or not a number. */
export function optionalInt(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

function formValues(entries: Iterable<[string, unknown]>): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of entries) if (typeof value === "string") values.set(name, value);
  return values;
}

const on = (values: Map<string, string>, name: string) => values.get(name) === "on" || values.get(name) === "true";

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): T | undefined =>
  (list as readonly string[]).includes(value ?? "") ? (value as T) : undefined;

/**
 * Reads the attack dialog: the position and cover (one each), the ticked situations, distance, other
 * modifier and defense, and each hit's damage options. Anything unknown is dropped (no position, no
 * cover, the `fallback` defense).
 */
export function attackChoicesFromForm(
  entries: Iterable<[string, unknown]>,
  fallback: HodAttackChoices["defense"],
): HodAttackChoices {
  const values = new Map<string, string>();
  const modifiers: string[] = [];
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    if (name === "situations") {
      if (oneOf(SITUATION_CHOICES, value)) modifiers.push(value);
    } else values.set(name, value);
  }
  const position = oneOf(POSITION_CHOICES, values.get("position"));
  const cover = oneOf(COVER_CHOICES, values.get("cover"));
  if (position && position !== "front") modifiers.push(position);
  if (cover && cover !== "none") modifiers.push(cover);
  const defense = values.get("defense");
  const use = oneOf(WEAPON_USES, values.get("use"));
  return {
    ...(use ? { use } : {}),
    modifiers,
    distance: Math.max(0, int(values.get("distance"))),
    modifier: clampTyped("toHit", int(values.get("modifier"))),
    defense: isHodDefense(defense) || defense === "usual" ? defense : fallback,
    ...(values.has("skillRank") ? { skillRank: clampTyped("skillRank", int(values.get("skillRank"))) } : {}),
    damageModifier: clampTyped("damage", int(values.get("damageModifier"))),
    extraDice: (values.get("extraDice") ?? "").trim().slice(0, 64),
    ...(damageMultiplier(int(values.get("damageMultiplier"))) > 1
      ? { damageMultiplier: damageMultiplier(int(values.get("damageMultiplier"))) }
      : {}),
    nonlethal: on(values, "nonlethal"),
    ...(values.get("ally") ? { ally: values.get("ally")!.slice(0, 256) } : {}),
    ...(values.has("distractAgainst")
      ? { distractAgainst: values.get("distractAgainst") === "defense" ? "defense" : "attack" }
      : {}),
  };
}

export function damageChoicesFromForm(entries: Iterable<[string, unknown]>): HodDamageChoices {
  const values = formValues(entries);
  return {
    critical: on(values, "critical"),
    nonlethal: on(values, "nonlethal"),
    modifier: clampTyped("damage", int(values.get("modifier"))),
    extraDice: (values.get("extraDice") ?? "").trim().slice(0, 64),
    ...(damageMultiplier(int(values.get("damageMultiplier"))) > 1
      ? { times: damageMultiplier(int(values.get("damageMultiplier"))) }
      : {}),
  };
}

export function checkChoicesFromForm(
  entries: Iterable<[string, unknown]>,
  input: Pick<HodCheckDialogInput, "attribute" | "dc" | "fixedDc">,
): HodCheckChoices {
  const values = formValues(entries);
  const attribute = values.get("attribute");
  return {
    // A check the rules fix (staying conscious: Constitution against its DC) keeps its attribute too.
    attribute: !input.fixedDc && isCheckAttribute(attribute) ? attribute : input.attribute,
    modifier: clampTyped("check", int(values.get("modifier"))),
    dc: input.fixedDc ? input.dc : optionalInt(values.get("dc")),
  };
}

export { withBonus };

/** The roll to hit an attack dialog's choices make: the rules' one working-out, for the line, the card and the GM. */
export function dialogToHit(input: HodAttackDialogInput, choices: HodAttackChoices): HodToHit {
  const weapon = weaponInUse(input.weapon, choices.use);
  const common = { source: input.source, weapon, situation: choices, stance: input.stance };
  return input.special
    ? specialToHit({ ...common, action: input.special.action, skillRank: choices.skillRank })
    : attackToHit(common);
}

/** A target as the chosen use meets it: thrown, its `thrown` defenses when it has them. */
export const targetInUse = (target: DialogTarget, use: HodAttackChoices["use"]): Omit<DialogTarget, "thrown"> =>
  use === "thrown" && target.thrown ? { name: target.name, ...target.thrown } : target;

/** The defense a choice meets on a target: the one picked, or the target's usual one. */
export const chosenDefense = (
  choice: HodAttackChoices["defense"],
  target: Pick<DialogTarget, "defense">,
): HodDefense => (choice === "usual" ? target.defense : choice);

/** The roll an attack's choices make and its chance against the first target's defense(s). */
export function attackLine(
  input: HodAttackDialogInput,
  choices: HodAttackChoices,
): { toHit: HodToHit; formula: string; vs: number | null; chance: string | null } {
  const toHit = dialogToHit(input, choices);
  const first = input.targets[0];
  const target = first ? targetInUse(first, choices.use) : undefined;
  if (!target) return { toHit, formula: toHit.formula, vs: null, chance: null };
  const defenses = input.special?.defenses ?? [chosenDefense(choices.defense, target)];
  // One chance per defense met, in the order the dialog lists them.
  const chance = defenses.map((d) => percent(toHitOdds(toHit, target.defenses[d]).hit)).join(" / ");
  return { toHit, formula: toHit.formula, vs: target.defenses[defenses[0]!], chance };
}

/**
 * Each target's exact chances to be hit, hurt and dropped by the attack the choices make: the roll to hit
 * against the defense chosen for it, each hit's damage (a critical's at the dice's maximum) against its
 * track now. A special action's are its outcomes' (`specialDialogOutcomes`). None when the damage options
 * cannot be read (the flow names why when rolled).
 */
export function dialogOutcomes(input: HodAttackDialogInput, choices: HodAttackChoices): TargetOutcome[] {
  if (input.special) return specialDialogOutcomes(input, input.special.action, choices);
  const toHit = dialogToHit(input, choices);
  const formula = (critical: boolean) =>
    input.damage
      ? weaponDamageFormula({
          weapon: input.weapon,
          source: input.source,
          modifier: choices.damageModifier,
          extraDice: choices.extraDice,
          critical,
          times: choices.damageMultiplier,
        })
      : null;
  let damage;
  try {
    damage = { hit: formula(false), critical: formula(true) };
  } catch (error) {
    if (error instanceof HodWeaponError) return [];
    throw error;
  }
  return input.targets.flatMap((target) => {
    if (!target.track) return [];
    const met = targetInUse(target, choices.use);
    const defense = met.defenses[chosenDefense(choices.defense, met)];
    const nonlethal = choices.nonlethal === true;
    const odds = oddsOrNull(outcomeInput(toHit, defense, damage, nonlethal, target.track, input.halfOnMiss === true));
    return odds ? [{ name: target.name, odds }] : [];
  });
}

/**
 * Each target's chances with a special action (`hodSpecialOutcomeOdds`): any of its outcomes happening
 * against the defenses it meets on the target (the chosen one for an action against the weapon's
 * defense), and its outcomes' damage (the weapon's or the bare hand's, with the dialog's modifier and
 * extra dice) against the target's track now. A target whose numbers cannot be read is left out.
 */
function specialDialogOutcomes(
  input: HodAttackDialogInput,
  action: SpecialAction,
  choices: HodAttackChoices,
): TargetOutcome[] {
  const toHit = dialogToHit(input, choices);
  const damage = input.damage ? { source: input.source, weapon: damageWeapon(input.weapon) } : null;
  return input.targets.flatMap((target) => {
    if (!target.track) return [];
    const met = targetInUse(target, choices.use);
    const defenses = { defenses: met.defenses, weaponDefense: chosenDefense(choices.defense, met) };
    const immune = target.immuneToCriticals === true;
    const odds = specialOddsOrNull(specialOutcomeInput(action, toHit, defenses, damage, choices, target.track, immune));
    return odds ? [{ name: target.name, odds }] : [];
  });
}

/** The damage formula a damage dialog's choices roll, or null when it cannot be read (the flow names why). */
export function damageLine(input: HodDamageDialogInput, choices: HodDamageChoices): string | null {
  try {
    return weaponDamageFormula({
      weapon: input.weapon,
      source: input.source,
      modifier: choices.modifier,
      extraDice: choices.extraDice,
      critical: choices.critical,
      times: choices.times,
    });
  } catch (error) {
    if (error instanceof HodWeaponError) return null;
    throw error;
  }
}

/** The nonlethal box's default for a special action: what its damaging outcomes deal with this weapon. */
export function specialNonlethal(
  action: SpecialAction,
  source: HodSource,
  weapon: HodWeaponSnapshot | null,
): SpecialDamagePlan["nonlethal"] | null {
  const plan = specialDamage({ outcomes: action.outcomes.filter((o) => o.damage), source, weapon });
  return plan ? plan.nonlethal : null;
}

/** A check's roll and its chance against the DC. */
export function checkLine(
  input: HodCheckDialogInput,
  choices: HodCheckChoices,
): { bonus: number; formula: string; chance: string | null } {
  const bonus = checkBonus(input.source, choices.attribute) + choices.modifier;
  return {
    bonus,
    formula: withBonus("3d6", bonus),
    // A check has no automatic result: the 3d6 judgement is plain "reach the DC".
    chance: choices.dc === null ? null : percent(attackOdds(bonus, choices.dc, { die: "3d6" }).hit),
  };
}

const modifierLines = (modifiers: readonly HodModifier[]) =>
  modifiers.map((m) => ({ id: m.id, key: modifierKey(m.id), value: signed(m.value) }));

/** The defense a dialog starts on: each target's usual one for several, the target's for one, else the weapon's. */
export function startingDefense(input: HodAttackDialogInput): HodAttackChoices["defense"] {
  // Several targets, or a weapon whose use is chosen: each meets its usual defense for that use.
  if (input.targets.length > 1 || (input.targets.length && choosesUse(input))) return "usual";
  return input.targets[0]?.defense ?? input.weapon.defense ?? "primary";
}

/** Whether the dialog asks how the weapon is used: one that can be struck in melee or thrown. */
const choosesUse = (input: HodAttackDialogInput) => meleeOrThrown(input.weapon);

const USE_KEYS: Readonly<Record<WeaponUse, string>> = {
  melee: "ANTHOLOGY.HoD.Dialog.useMelee",
  thrown: "ANTHOLOGY.HoD.Dialog.useThrown",
};

const USUAL_KEYS = { many: "ANTHOLOGY.HoD.Dialog.usualDefense", use: "ANTHOLOGY.HoD.Dialog.usualDefenseUse" } as const;

/**
 * The attack dialog's template context: who it is against, the text's table of situations, the
 * defense to meet, each hit's damage options, and the roll with its chance.
 */
export function attackDialogView(input: HodAttackDialogInput) {
  const defense = startingDefense(input);
  const ticked = input.ticked ?? { ids: [], damage: 0 };
  const use = choosesUse(input) ? (defaultUse(input.weapon) ?? undefined) : undefined;
  const initial: HodAttackChoices = {
    ...(use ? { use } : {}),
    defense,
    nonlethal: input.damage?.nonlethal === true,
    modifiers: [...ticked.ids],
    damageModifier: ticked.damage,
  };
  const line = attackLine(input, initial);
  // Proficiency, affinity and a stance are not the user's to pick: they are shown as they apply.
  const fixed = line.toHit.plan.modifiers.filter((m) => m.id !== "extra" && !ticked.ids.includes(m.id));
  const special = input.special;
  const first = input.targets[0] ?? null;
  return {
    attack: true,
    special: special
      ? {
          nameKey: special.nameKey,
          skillKey: special.skillKey,
          fixedDefenses: special.defenses?.map((id) => ({
            labelKey: DEFENSE_KEYS[id],
            value: first ? first.defenses[id] : null,
          })),
        }
      : null,
    chooseDefense: !special?.defenses,
    target: first ? { name: first.name } : null,
    others: Math.max(0, input.targets.length - 1),
    usual:
      defense === "usual"
        ? { selected: true, labelKey: input.targets.length > 1 ? USUAL_KEYS.many : USUAL_KEYS.use }
        : null,
    uses: use ? WEAPON_USES.map((id) => ({ id, labelKey: USE_KEYS[id], selected: id === use })) : null,
    ranged: input.weapon.range > 0,
    rangeIncrement: input.weapon.range,
    positions: POSITION_CHOICES.map((id) => ({
      id,
      labelKey: id === "front" ? FRONT_KEY : ATTACK_MODIFIER_KEYS[id]!,
      selected: id === "front",
      // Flanking helps melee only: a weapon that can be struck in melee may take it.
      disabled: id === "flanked" && input.weapon.range > 0 && !use,
    })),
    covers: COVER_CHOICES.map((id) => ({
      id,
      labelKey: id === "none" ? NO_COVER_KEY : ATTACK_MODIFIER_KEYS[id]!,
      selected: id === "none",
    })),
    // What the effects give is offered only where the attacker has the effect (ticked, to untick).
    situations: SITUATION_CHOICES.filter((id) => !EFFECT_SITUATIONS.includes(id) || ticked.ids.includes(id)).map(
      (id) => ({
        id,
        labelKey: ATTACK_MODIFIER_KEYS[id]!,
        checked: ticked.ids.includes(id),
      }),
    ),
    damageModifier: ticked.damage ? String(ticked.damage) : "",
    allies: input.allies ? input.allies.map((a) => ({ uuid: a.uuid, name: a.name })) : null,
    defenses: HOD_DEFENSES.map((id) => ({
      id,
      labelKey: DEFENSE_KEYS[id],
      value: first ? first.defenses[id] : null,
      // Thrown, a stance may meet it otherwise (prone: +4 against ranged, −4 in melee).
      thrownValue: first?.thrown && first.thrown.defenses[id] !== first.defenses[id] ? first.thrown.defenses[id] : null,
      selected: id === defense,
    })),
    hitDamage: input.damage ? { nonlethal: input.damage.nonlethal } : null,
    // A weapon's damage may be multiplied (a backstab); a spell's and a special action's are not.
    multipliers:
      input.damage && !special && input.weapon.category !== "spell"
        ? Array.from({ length: MAX_DAMAGE_MULTIPLIER }, (_, i) => ({ value: i + 1, selected: i === 0 }))
        : null,
    fixed: modifierLines(fixed),
    base: signed(line.toHit.plan.base),
    formula: line.formula,
    vs: line.vs === null ? "" : String(line.vs),
    chance: line.chance,
    chanceKey: ATTACK_CHANCE_KEY,
    outcomes: outcomeViews(dialogOutcomes(input, initial)),
    bounds: TYPED_BOUNDS,
    modifierBound: TYPED_BOUNDS.toHit,
  };
}

/** The damage dialog's template context: the critical and nonlethal boxes, extra dice, and the formula. */
export function damageDialogView(input: HodDamageDialogInput) {
  const initial = input.initial;
  return {
    damage: true,
    critical: initial.critical,
    nonlethal: initial.nonlethal,
    modifier: initial.modifier ? String(initial.modifier) : "",
    extraDice: initial.extraDice,
    multipliers:
      input.weapon.category === "spell"
        ? null
        : Array.from({ length: MAX_DAMAGE_MULTIPLIER }, (_, i) => ({
            value: i + 1,
            selected: i + 1 === damageMultiplier(initial.times ?? 1),
          })),
    formula: damageLine(input, initial) ?? "",
    modifierBound: TYPED_BOUNDS.damage,
  };
}

export function checkDialogView(input: HodCheckDialogInput) {
  const choices: HodCheckChoices = { attribute: input.attribute, modifier: 0, dc: input.dc };
  const line = checkLine(input, choices);
  return {
    check: true,
    attributes: CHECK_ATTRIBUTES.map((id) => ({
      id,
      labelKey: ATTRIBUTE_KEYS[id],
      value: signed(Number(input.source[id] ?? 0)),
      selected: id === input.attribute,
    })),
    dc: input.dc === null ? "" : String(input.dc),
    fixedDc: input.fixedDc === true,
    formula: line.formula,
    chance: line.chance,
    chanceKey: CHECK_CHANCE_KEY,
    modifierBound: TYPED_BOUNDS.check,
  };
}

export { modifierLines };
