/** The FUDGE sheets as their templates read them: pure views of an actor's data and items. */
import { ladderLabel } from "../../../dice/ladder";
import { WOUNDS, WOUND_BOXES } from "../rules/combat";
import { FUDGE_ATTRIBUTES, PAIN_THRESHOLDS, SHIELD_SIZES, TRAIT_MAX, TRAIT_MIN, type ShieldSize } from "../rules/play";
import { STANCE_IDS } from "../rules/combat";
import {
  FUDGE_ACTOR_KEYS,
  FUDGE_ATTRIBUTE_KEYS,
  FUDGE_ITEM_KEYS,
  FUDGE_LOSS_KEYS,
  FUDGE_PAIN_KEYS,
  FUDGE_SHIELD_KEYS,
  FUDGE_SIZE_KEYS,
  FUDGE_STANCE_KEYS,
  FUDGE_WOUND_KEYS,
} from "../data/labels";
import type { FudgeActorDerived, FudgeActorSystem } from "../data/actor";
import { attackWeapon, isMartialArt, traitLevel, unarmedTrait, weaponOf, weaponValue } from "../data/source";
import { unitScale } from "../rules/actions";
import { UNIT_LOSSES, trueWoundsOf } from "../rules/play";
import type { Wound, WoundTrack } from "../rules/combat";
import { fudgeFormula } from "../chat/dialog-form";
import { DEFAULT_TABLES, woundRanges, type TableLine } from "../rules/tables";
import { finiteOrZero, itemRow, itemsOfType, type SheetItem } from "../../../sheets/item-rows";

/** The initial a box shows when it holds a milder wound than its level (the text's "L"). */
const TRUE_SHORT_KEYS: Readonly<Record<string, string>> = {
  scratch: "ANTHOLOGY.Fudge.Sheet.trueShort.scratch",
  light: "ANTHOLOGY.Fudge.Sheet.trueShort.light",
  major: "ANTHOLOGY.Fudge.Sheet.trueShort.major",
  critical: "ANTHOLOGY.Fudge.Sheet.trueShort.critical",
};

/** The worst wound level marked on a track ("undamaged" when none). */
function worstWound(track: WoundTrack): "undamaged" | Wound {
  return [...WOUNDS].reverse().find((w) => (track[w] ?? 0) > 0) ?? "undamaged";
}

const num = (v: unknown) => Math.trunc(finiteOrZero(v));
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

/** The ladder as select options, Infamous to Legendary, with `value` selected. */
export function ladderOptions(value: number, from = TRAIT_MIN, to = TRAIT_MAX) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i).map((level) => ({
    value: level,
    label: ladderLabel(level),
    signed: signed(level),
    selected: level === value,
  }));
}

/**
 * The sheet's bare-handed row: fought with the actor's best Martial Art (+0), else Brawling or
 * untrained (−1), as the attack dialog starts.
 */
function unarmedView(items: readonly SheetItem[], roll: (level: number) => string) {
  const actor = { type: "fudge-character", system: {}, items: { contents: items } };
  const trait = unarmedTrait(actor);
  return {
    unarmedFormula: roll(traitLevel(actor, trait)),
    unarmedDamage: signed(attackWeapon(actor, null, trait).size),
    unarmedMartial: isMartialArt(actor, trait),
  };
}

/** The character sheet's view; the wound track's damage labels read the world's wound table. */
export function fudgeActorView(
  system: FudgeActorSystem & FudgeActorDerived,
  items: readonly SheetItem[],
  woundTable: ReadonlyArray<TableLine<Wound>> = DEFAULT_TABLES.wounds,
) {
  const penalty = system.woundPenalty;
  const ranges = woundRanges(woundTable);
  const truth = trueWoundsOf(system.wounds, system.trueWounds ?? {});
  const roll = (level: number) => fudgeFormula(level + penalty);
  const skills = itemsOfType(items, "fudge-skill").map((s) => {
    const level = Math.max(TRAIT_MIN, Math.min(TRAIT_MAX, num(s.system.level)));
    const attribute = typeof s.system.attribute === "string" && s.system.attribute ? s.system.attribute : null;
    return {
      ...itemRow(s),
      level: ladderLabel(level),
      signed: signed(level),
      formula: roll(level),
      attributeKey:
        attribute && Object.hasOwn(FUDGE_ATTRIBUTE_KEYS, attribute)
          ? FUDGE_ATTRIBUTE_KEYS[attribute as keyof typeof FUDGE_ATTRIBUTE_KEYS]
          : null,
    };
  });
  const skillLevel = (name: string) => {
    const found = skills.find((s) => s.name.trim().toLowerCase() === name.trim().toLowerCase() && name.trim() !== "");
    return found ? found : null;
  };
  return {
    labels: { ...FUDGE_ACTOR_KEYS },
    penalty: penalty ? signed(penalty) : null,
    attributes: FUDGE_ATTRIBUTES.map((a) => {
      const level = num(system.attributes[a]);
      return {
        id: a,
        labelKey: FUDGE_ATTRIBUTE_KEYS[a],
        name: `system.attributes.${a}`,
        options: ladderOptions(level),
        formula: roll(level),
      };
    }),
    skills,
    gifts: itemsOfType(items, "fudge-gift").map(itemRow),
    faults: itemsOfType(items, "fudge-fault").map(itemRow),
    weapons: itemsOfType(items, "fudge-weapon").map((i) => {
      const w = weaponOf(i as never);
      const skill = skillLevel(w.skill);
      return {
        ...itemRow(i),
        damage: signed(weaponValue(w)),
        ranged: w.ranged,
        skill: w.skill,
        untrained: !skill,
        formula: roll(skill ? num(items.find((x) => x.id === skill.id)?.system.level) : -2),
        equipped: i.system.equipped !== false,
      };
    }),
    ...unarmedView(items, roll),
    armor: itemsOfType(items, "fudge-armor").map((i) => ({
      ...itemRow(i),
      protection: signed(num(i.system.protection)),
      equipped: i.system.equipped !== false,
    })),
    shields: itemsOfType(items, "fudge-shield").map((i) => {
      const size = (Object.hasOwn(SHIELD_SIZES, String(i.system.size)) ? i.system.size : "medium") as ShieldSize;
      return {
        ...itemRow(i),
        sizeKey: FUDGE_SHIELD_KEYS[size],
        melee: SHIELD_SIZES[size].melee + num(i.system.magic),
        ranged: SHIELD_SIZES[size].ranged ? SHIELD_SIZES[size].ranged + num(i.system.magic) : 0,
        equipped: i.system.equipped !== false,
      };
    }),
    gear: itemsOfType(items, "fudge-gear").map((i) => ({
      ...itemRow(i),
      quantity: num(i.system.quantity),
    })),
    wounds: WOUNDS.map((w) => ({
      id: w,
      labelKey: FUDGE_WOUND_KEYS[w],
      // A level the GM's table never deals shows a dash.
      range: ranges[w] ?? "\u2014",
      boxes: Array.from({ length: WOUND_BOXES[w] }, (_, k) => {
        // A box holding a milder wound than its level shows that wound's initial (the text's "L").
        const level = truth[w][k];
        const note = level && level !== w ? level : null;
        return {
          index: k,
          marked: k < num(system.wounds[w]),
          note: note ? FUDGE_WOUND_KEYS[note] : null,
          noteShort: note ? TRUE_SHORT_KEYS[note] : null,
        };
      }),
    })),
    stunned: num(system.stunned) > 0,
    veryStunned: num(system.stunned) >= 2,
    stunTaken: num(system.stunned) === 0 && system.stunTaken === true,
    tactics: num(system.tactics) > 0,
    stances: STANCE_IDS.map((s) => ({ value: s, labelKey: FUDGE_STANCE_KEYS[s], selected: system.stance === s })),
    pains: PAIN_THRESHOLDS.map((p) => ({
      value: p,
      labelKey: FUDGE_PAIN_KEYS[p],
      selected: system.painThreshold === p,
    })),
    movement: system.movement,
    strengthScale: num(system.strengthScale),
    massScale: num(system.massScale),
    unitSize: Math.max(1, num(system.unitSize) || 1),
    unitScale: unitScale(Math.max(1, num(system.unitSize) || 1)),
    lossKey: num(system.unitSize) > 1 ? FUDGE_LOSS_KEYS[UNIT_LOSSES[worstWound(system.wounds)]] : null,
    boxes: system.boxes,
  };
}

/** The item sheets' views. */
export function fudgeSkillView(system: Readonly<Record<string, unknown>>) {
  return {
    labels: { ...FUDGE_ITEM_KEYS },
    levels: ladderOptions(num(system.level)),
    attributes: [
      { value: "", labelKey: "ANTHOLOGY.Fudge.Sheet.none", selected: !system.attribute },
      ...FUDGE_ATTRIBUTES.map((a) => ({
        value: a,
        labelKey: FUDGE_ATTRIBUTE_KEYS[a],
        selected: system.attribute === a,
      })),
    ],
    martialArt: system.martialArt === true,
  };
}

export function fudgeWeaponView(system: Readonly<Record<string, unknown>>) {
  const size = num(system.size);
  return {
    labels: { ...FUDGE_ITEM_KEYS },
    sizes: Object.entries(FUDGE_SIZE_KEYS).map(([value, labelKey]) => ({
      value: Number(value),
      labelKey,
      signed: signed(Number(value)),
      selected: Number(value) === size,
    })),
    flags: (["sharp", "heavyBlunt", "muscle", "ranged", "propelled", "twoHanded", "equipped"] as const).map((f) => ({
      name: `system.${f}`,
      labelKey: FUDGE_ITEM_KEYS[f],
      checked: f === "muscle" || f === "equipped" ? system[f] !== false : system[f] === true,
    })),
    damage: signed(weaponValue(weaponOf({ id: null, name: "", type: "fudge-weapon", system }))),
  };
}

export function fudgeShieldView(system: Readonly<Record<string, unknown>>) {
  return {
    labels: { ...FUDGE_ITEM_KEYS },
    sizes: (Object.keys(SHIELD_SIZES) as ShieldSize[]).map((s) => ({
      value: s,
      labelKey: FUDGE_SHIELD_KEYS[s],
      melee: SHIELD_SIZES[s].melee,
      ranged: SHIELD_SIZES[s].ranged,
      selected: system.size === s,
    })),
  };
}

export function fudgeArmorView(system: Readonly<Record<string, unknown>>) {
  return { labels: { ...FUDGE_ITEM_KEYS }, protection: num(system.protection), equipped: system.equipped !== false };
}
