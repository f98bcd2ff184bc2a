import { percent } from "../../../dice/odds-card";
import type { HodSource } from "../rules/derive";
import { HOD_DEFENSES, isHodDefense, type HodDefense } from "../rules/attack";
import { ATTACK_MODIFIER_KEYS, DEFENSE_KEYS } from "../rules/labels";
import { attackOdds } from "../rules/odds";
import { attackPlan, type HodAttackPlan, type HodModifier, type HodSituation } from "../rules/situational";
import type { HodWeaponSnapshot } from "./documents";
import {
  ATTRIBUTE_KEYS,
  CHECK_ATTRIBUTES,
  COVER_CHOICES,
  FRONT_KEY,
  NO_COVER_KEY,
  POSITION_CHOICES,
  SITUATION_CHOICES,
  isCheckAttribute,
  modifierKey,
  signed,
  type HodCheckAttribute,
} from "./labels";

/** The target of an attack as the dialog shows it: its name, five defenses and the one met by default. */
export interface DialogTarget {
  readonly name: string;
  readonly defenses: Readonly<Record<HodDefense, number>>;
  readonly defense: HodDefense;
}

export interface HodAttackDialogInput {
  readonly kind: "attack";
  readonly source: HodSource;
  readonly weapon: HodWeaponSnapshot;
  readonly target: DialogTarget | null;
  /** Lines the situation does not decide (a stance's drawback, a special action's modifier). */
  readonly extra?: readonly HodModifier[];
  /** A roll of 3d6 instead of the d20 (skill-based special actions): no automatic hit or miss. */
  readonly die?: "d20" | "3d6";
  /** Replaces the weapon category's bonus (a special action's attribute, or attribute + skill rank). */
  readonly base?: number;
  /** A special action: its name, the skill it rolls, and the defenses it meets (null: the user picks one). */
  readonly special?: {
    readonly nameKey: string;
    readonly skillKey: string | null;
    readonly defenses: readonly HodDefense[] | null;
  };
}

export interface HodDamageDialogInput {
  readonly kind: "damage";
  readonly critical: boolean;
  readonly nonlethal: boolean;
  /** A special action's damage: whether it is critical comes from its outcomes, not a tick box. */
  readonly special?: boolean;
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

/** What the attack dialog returns: the situation and the defense to meet. */
export interface HodAttackChoices extends HodSituation {
  readonly defense: HodDefense;
  /** A skill special action: the skill's rank, typed in the dialog. */
  readonly skillRank?: number;
}

export interface HodDamageChoices {
  readonly critical: boolean;
  readonly nonlethal: boolean;
  readonly modifier: number;
  /** Extra damage dice (never maximised), as typed: checked when rolled. */
  readonly extraDice: string;
}

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
 * modifier and defense. Anything unknown is dropped (no position, no cover, the `fallback` defense).
 */
export function attackChoicesFromForm(entries: Iterable<[string, unknown]>, fallback: HodDefense): HodAttackChoices {
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
  return {
    modifiers,
    distance: Math.max(0, int(values.get("distance"))),
    modifier: int(values.get("modifier")),
    defense: isHodDefense(defense) ? defense : fallback,
    ...(values.has("skillRank") ? { skillRank: int(values.get("skillRank")) } : {}),
  };
}

export function damageChoicesFromForm(entries: Iterable<[string, unknown]>): HodDamageChoices {
  const values = formValues(entries);
  return {
    critical: on(values, "critical"),
    nonlethal: on(values, "nonlethal"),
    modifier: int(values.get("modifier")),
    extraDice: (values.get("extraDice") ?? "").trim(),
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
    modifier: int(values.get("modifier")),
    dc: input.fixedDc ? input.dc : optionalInt(values.get("dc")),
  };
}

/** `1d20 + 5`, `3d6 - 1`, `1d20`. */
export function withBonus(dice: string, bonus: number): string {
  return bonus ? `${dice} ${bonus < 0 ? "-" : "+"} ${Math.abs(bonus)}` : dice;
}

/** The roll an attack's choices make and its chance against the chosen defense. */
export function attackLine(
  input: HodAttackDialogInput,
  choices: HodAttackChoices,
): { plan: HodAttackPlan; formula: string; vs: number | null; chance: string | null } {
  const base = input.base === undefined ? undefined : input.base + (choices.skillRank ?? 0);
  const plan = attackPlan(input.source, input.weapon, choices, input.extra ?? [], { base });
  const die = input.die ?? "d20";
  const formula = withBonus(die === "3d6" ? "3d6" : "1d20", plan.bonus);
  const defenses = input.special?.defenses ?? [choices.defense];
  const target = input.target;
  if (!target) return { plan, formula, vs: null, chance: null };
  const options = { die, precise: input.weapon.precise, spell: input.weapon.category === "spell" };
  // One chance per defense met, in the order the dialog lists them.
  const chance = defenses.map((d) => percent(attackOdds(plan.bonus, target.defenses[d], options).hit)).join(" / ");
  return { plan, formula, vs: target.defenses[defenses[0]!], chance };
}

/** A check's roll and its chance against the DC. */
export function checkLine(
  input: HodCheckDialogInput,
  choices: HodCheckChoices,
): { bonus: number; formula: string; chance: string | null } {
  const bonus = Number(input.source[choices.attribute] ?? 0) + choices.modifier;
  return {
    bonus,
    formula: withBonus("3d6", bonus),
    // A check has no automatic result: the 3d6 judgement is plain "reach the DC".
    chance: choices.dc === null ? null : percent(attackOdds(bonus, choices.dc, { die: "3d6" }).hit),
  };
}

const modifierLines = (modifiers: readonly HodModifier[]) =>
  modifiers.map((m) => ({ id: m.id, key: modifierKey(m.id), value: signed(m.value) }));

/** The attack dialog's template context: the text's table of situations, the defense to meet, the roll and its chance. */
export function attackDialogView(input: HodAttackDialogInput) {
  const defense = input.target?.defense ?? input.weapon.defense ?? "primary";
  const initial: HodAttackChoices = { defense };
  const line = attackLine(input, initial);
  // Proficiency, affinity and a stance are not the user's to pick: they are shown as they apply.
  const fixed = line.plan.modifiers.filter((m) => m.id !== "extra");
  const special = input.special;
  return {
    attack: true,
    special: special
      ? {
          nameKey: special.nameKey,
          skillKey: special.skillKey,
          fixedDefenses: special.defenses?.map((id) => ({
            labelKey: DEFENSE_KEYS[id],
            value: input.target ? input.target.defenses[id] : null,
          })),
        }
      : null,
    chooseDefense: !special?.defenses,
    target: input.target ? { name: input.target.name } : null,
    ranged: input.weapon.range > 0,
    rangeIncrement: input.weapon.range,
    positions: POSITION_CHOICES.map((id) => ({
      id,
      labelKey: id === "front" ? FRONT_KEY : ATTACK_MODIFIER_KEYS[id]!,
      selected: id === "front",
      // Flanking helps melee only.
      disabled: id === "flanked" && input.weapon.range > 0,
    })),
    covers: COVER_CHOICES.map((id) => ({
      id,
      labelKey: id === "none" ? NO_COVER_KEY : ATTACK_MODIFIER_KEYS[id]!,
      selected: id === "none",
    })),
    situations: SITUATION_CHOICES.map((id) => ({ id, labelKey: ATTACK_MODIFIER_KEYS[id]! })),
    defenses: HOD_DEFENSES.map((id) => ({
      id,
      labelKey: DEFENSE_KEYS[id],
      value: input.target ? input.target.defenses[id] : null,
      selected: id === defense,
    })),
    fixed: modifierLines(fixed),
    base: signed(line.plan.base),
    formula: line.formula,
    vs: line.vs === null ? "" : String(line.vs),
    chance: line.chance,
    chanceKey: ATTACK_CHANCE_KEY,
  };
}

export function damageDialogView(input: HodDamageDialogInput) {
  return { damage: true, critical: input.critical, nonlethal: input.nonlethal, askCritical: !input.special };
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
  };
}

export { modifierLines };
