import {
  ACTOR_KEYS,
  ATTRIBUTE_KEYS,
  OPEND6_ARMOR_TYPE,
  OPEND6_WEAPON_TYPE,
  SKILL_KEYS,
  WOUND_KEYS,
  type OpenD6ActorDerived,
  type OpenD6ActorSystem,
} from "../data";
import {
  OPEND6_ATTRIBUTES,
  OPEND6_SKILLS,
  WOUND_LEVELS,
  activeDefense,
  combatDifficulty,
  damageCode,
  readCode,
  scale,
  UNARMED_ATTACK,
  unarmedDamage,
  type OpenD6Tables,
} from "../rules";
import type { DeclaredDefense } from "../chat/defense";
import { DEFENSE_KEYS } from "../data/labels";
import { DEFAULT_CHOICES, rollFormula } from "../chat/dialog-form";
import type { DefenseTarget } from "../../../sheets/first-target";
import type { SheetItem } from "../../../sheets/item-rows";
import { finiteOrZero, itemQuantity, itemRow, itemsOfType, sortedItems } from "../../../sheets/item-rows";

/** What a weapon's dice must reach against the target at the dialog's start (its range, no options). */
function weaponVs(
  target: DefenseTarget & { readonly scale?: number; readonly acrobatics?: number },
  attackerScale: number,
  ranged: boolean,
  tables: Pick<OpenD6Tables, "range" | "cover"> | undefined,
): number {
  const s = scale(attackerScale, target.scale ?? 0);
  const choices = { range: ranged ? "short" : "pointBlank", cover: "none", posture: "standing" } as const;
  // The target's acrobatics bonus counts from Short range on.
  const defense = target.defense + (ranged ? (target.acrobatics ?? 0) : 0);
  return combatDifficulty(defense, choices, s.difficulty, 0, tables).value - s.skill;
}

/**
 * Everything the OpenD6 actor sheets show, as plain data from the prepared actor: the codes as stored
 * (so a typing slip stays visible), each roll button's formula with the wound penalty, and the items.
 */
export function opend6ActorView(
  system: OpenD6ActorSystem & OpenD6ActorDerived,
  items: readonly SheetItem[],
  target: (DefenseTarget & { readonly scale?: number; readonly acrobatics?: number }) | null = null,
  defense: Pick<DeclaredDefense, "kind" | "total"> | null = null,
  tables?: Pick<OpenD6Tables, "range" | "cover">,
) {
  const derived = system.derived;
  const invalid = new Set(derived.invalid);
  const formula = (code: string) => rollFormula({ code, woundPenalty: derived.woundPenalty }, DEFAULT_CHOICES).formula;
  const weapons = itemsOfType(items, OPEND6_WEAPON_TYPE);
  const armor = itemsOfType(items, OPEND6_ARMOR_TYPE);
  const gear = sortedItems(items.filter((i) => i.type !== OPEND6_WEAPON_TYPE && i.type !== OPEND6_ARMOR_TYPE));
  const bodyPoints = system.bodyPoints;
  return {
    attributes: OPEND6_ATTRIBUTES.map((id) => ({
      id,
      name: `system.attributes.${id}`,
      value: system.attributes?.[id] ?? "",
      code: derived.attributes[id],
      formula: formula(derived.attributes[id]),
      invalid: invalid.has(`attributes.${id}`),
      labelKey: ATTRIBUTE_KEYS[id].label,
      abbrKey: ATTRIBUTE_KEYS[id].abbr,
      skills: OPEND6_SKILLS.filter((s) => s.attribute === id).map((s) => {
        const skill = derived.skills[s.id]!;
        return {
          id: s.id,
          name: `system.skills.${s.id}`,
          value: system.skills?.[s.id] ?? "",
          code: skill.code,
          formula: formula(skill.code),
          trained: skill.trained,
          invalid: invalid.has(`skills.${s.id}`),
          labelKey: SKILL_KEYS[s.id]!,
        };
      }),
    })),
    wounds: {
      mode: derived.mode,
      bodyPoints: derived.mode === "bodyPoints",
      levels: WOUND_LEVELS.map((l) => ({ value: l, labelKey: WOUND_KEYS[l], selected: l === system.wounds })),
      levelKey: WOUND_KEYS[derived.woundLevel],
      level: derived.woundLevel,
      penalty: derived.woundPenalty,
      outOfAction: derived.outOfAction,
      value: bodyPoints.value,
      max: bodyPoints.max,
    },
    stats: {
      strengthDamage: derived.strengthDamage,
      passiveDefense: derived.passiveDefense,
      activeDefense: defense
        ? { value: activeDefense(defense.kind, defense.total), kindKey: DEFENSE_KEYS[defense.kind] }
        : null,
      resistance: derived.resistance,
      armor: derived.armor,
    },
    numbers: (["characterPoints", "fatePoints", "move", "scale"] as const).map((id) => ({
      id,
      name: `system.${id}`,
      value: system[id],
      labelKey: ACTOR_KEYS[id],
    })),
    target: target ? { name: target.name } : null,
    // The blow every character has, with no weapon: brawling at Point Blank for Strength Damage.
    unarmed: {
      formula: formula(derived.skills[UNARMED_ATTACK.skill]?.code ?? derived.attributes.reflexes),
      vs: target ? String(weaponVs(target, system.scale ?? 0, false, tables)) : "",
      damage: unarmedDamage(derived.strengthDamage),
    },
    weapons: weapons.map((w) => {
      const skill = typeof w.system.skill === "string" ? w.system.skill : "meleeCombat";
      const skillCode = derived.skills[skill]?.code ?? derived.attributes.reflexes;
      let damage: string | null;
      try {
        damage = damageCode(derived.strengthDamage, String(w.system.damage ?? ""));
      } catch {
        damage = null;
      }
      const ranges = [finiteOrZero(w.system.short), finiteOrZero(w.system.medium), finiteOrZero(w.system.long)];
      return {
        ...itemRow(w),
        skillKey: SKILL_KEYS[skill] ?? "",
        formula: formula(skillCode),
        // The dialog's start: Short range for a ranged weapon, Point Blank for a close-combat one; scale
        // counted as the dialog, the card and the GM's apply count it.
        vs: target
          ? String(
              weaponVs(
                target,
                system.scale ?? 0,
                ranges.some((r) => r > 0),
                tables,
              ),
            )
          : "",
        stored: String(w.system.damage ?? ""),
        dropped: w.system.dropped === true,
        damage,
        ranges: ranges.some((r) => r > 0) ? ranges.join("/") : "",
      };
    }),
    armor: armor.map((a) => ({
      ...itemRow(a),
      code: readCode(a.system.armor) ?? String(a.system.armor ?? ""),
      invalid: readCode(a.system.armor) === null,
      equipped: a.system.equipped !== false,
    })),
    gear: gear.map((g) => ({ ...itemRow(g), quantity: itemQuantity(g) })),
  };
}

export type OpenD6ActorView = ReturnType<typeof opend6ActorView>;
