import { FADE_SKILLS, skillPool } from "../rules/skills";
import { FADE_SKILL_ACTION_KEYS, FADE_SKILL_KEYS } from "../data/labels";
import {
  FADE_ACTOR_KEYS,
  FADE_ARMOR_TYPE,
  FADE_ATTRIBUTES,
  FADE_ATTRIBUTE_KEYS,
  FADE_BONUS_KEYS,
  FADE_ENERGY_KEYS,
  FADE_POOL_PART_KEYS,
  FADE_WEAPON_TYPE,
  type FadeActorDerived,
  type FadeActorSystem,
} from "../data";
import {
  ATTACK_KINDS,
  BODY_PART_KEYS,
  BODY_PARTS,
  DEFENSE_IDS,
  DEFENSE_KEYS,
  ENCUMBRANCE_KEYS,
  FadeWeaponError,
  HEALTH_STATE_KEYS,
  attackKind,
  damagePoolFor,
  defenseAgainst,
  toHitPool,
  type FadeDefenseId,
  type FadeDerived,
  type FadeWeapon,
} from "../rules";

/** An embedded item as the sheet lists it. */
export interface SheetItem {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly type: string;
  readonly sort?: number;
  readonly system: Readonly<Record<string, unknown>>;
}

/** The actor the user targets, as far as the sheet's odds need it. */
export interface TargetView {
  readonly name: string;
  readonly derived: Pick<FadeDerived, FadeDefenseId | "vsSpells">;
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const sorted = (items: readonly SheetItem[]) =>
  [...items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name));

/** A weapon's row: its pools, and the chance against the target when there is one. */
function weaponRow(item: SheetItem, derived: FadeDerived, target: TargetView | null) {
  const weapon = item.system as unknown as FadeWeapon;
  const kind = attackKind(weapon);
  let damage: string | null = null;
  let damageError: { key: string; value: string } | null = null;
  try {
    damage = damagePoolFor(derived, weapon);
  } catch (error) {
    if (!(error instanceof FadeWeaponError)) throw error;
    damageError = { key: error.key, value: error.baseDamage };
  }
  const against = target ? defenseAgainst(target.derived, weapon) : null;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    kindKey: ATTACK_KINDS[kind].key,
    toHit: toHitPool(derived, weapon),
    vs: against ? String(against.value) : "",
    damage,
    damageError,
    penetration: num(weapon.penetration),
    damageType: typeof weapon.damageType === "string" ? weapon.damageType : "",
    range: num(item.system.range),
  };
}

/**
 * Everything the Fade actor sheets show, as plain data from the prepared actor: no rule is computed
 * here beyond asking the rules for each weapon's pools.
 */
export function fadeActorView(
  system: FadeActorSystem & FadeActorDerived,
  items: readonly SheetItem[],
  target: TargetView | null = null,
) {
  const derived = system.derived;
  const hp = system.hp;
  const weapons = sorted(items.filter((i) => i.type === FADE_WEAPON_TYPE));
  const armor = sorted(items.filter((i) => i.type === FADE_ARMOR_TYPE));
  const gear = sorted(items.filter((i) => i.type !== FADE_WEAPON_TYPE && i.type !== FADE_ARMOR_TYPE));
  const percent = hp.max > 0 ? Math.max(0, Math.min(100, Math.round((hp.value / hp.max) * 100))) : 0;
  const limits = derived.carrying;
  const skills = FADE_SKILLS.map((s) => {
    const ranks = Math.max(0, Number(system.skills?.[s.id] ?? 0) || 0);
    return {
      id: s.id,
      name: `system.skills.${s.id}`,
      labelKey: FADE_SKILL_KEYS[s.id]!,
      actionKey: FADE_SKILL_ACTION_KEYS[s.action]!,
      attributeKey: FADE_ATTRIBUTE_KEYS[s.attribute].abbr,
      ranks,
      pool: skillPool(system, s.id, ranks),
    };
  });
  return {
    skills,
    attributes: FADE_ATTRIBUTES.map((id) => ({
      id,
      name: `system.${id}`,
      value: system[id],
      labelKey: FADE_ATTRIBUTE_KEYS[id].label,
      abbrKey: FADE_ATTRIBUTE_KEYS[id].abbr,
    })),
    hp: {
      value: hp.value,
      max: hp.max,
      percent,
      deathAt: derived.deathAt,
      state: derived.healthState,
      stateKey: HEALTH_STATE_KEYS[derived.healthState],
    },
    soak: derived.soak,
    defenses: DEFENSE_IDS.map((id) => ({
      id,
      labelKey: DEFENSE_KEYS[id],
      value: derived[id],
      vsSpells: derived.vsSpells[id],
    })),
    speed: derived.speed,
    run: derived.run,
    charge: derived.charge,
    charging: derived.modifiers.includes("charge"),
    speedPenalty: derived.speedPenalty,
    load: {
      weight: system.carriedWeight,
      state: derived.encumbrance,
      stateKey: ENCUMBRANCE_KEYS[derived.encumbrance],
      light: limits.light,
      medium: limits.medium,
      heavy: limits.heavy,
      burdened: derived.encumbrance !== "light",
    },
    luck: { left: system.luckRerollsLeft, total: derived.luckRerolls },
    physicalToHit: derived.physicalToHit,
    magicalToHit: derived.magicalToHit,
    dodge: derived.dodge,
    dodgeVs: "",
    attacksPerRound: derived.attacksPerRound,
    initiative: derived.initiativeFormula,
    target: target ? { name: target.name } : null,
    weapons: weapons.map((w) => weaponRow(w, derived, target)),
    bodyParts: BODY_PARTS.map((id) => ({ id, labelKey: BODY_PART_KEYS[id], deflection: derived.deflection[id] })),
    armor: armor.map((a) => {
      const deflection = (a.system.deflection ?? {}) as Record<string, unknown>;
      return {
        id: a.id,
        name: a.name,
        img: a.img,
        deflection: BODY_PARTS.map((p) => num(deflection[p])),
        speedPenalty: num(a.system.speedPenalty),
        stacks: a.system.stacks === true,
        equipped: a.system.equipped !== false,
        weight: num(a.system.weight),
      };
    }),
    gear: gear.map((g) => {
      const quantity = typeof g.system.quantity === "number" ? g.system.quantity : 1;
      return {
        id: g.id,
        name: g.name,
        img: g.img,
        quantity,
        weight: num(g.system.weight),
        total: num(g.system.weight) * quantity,
      };
    }),
    details: {
      numbers: (
        [
          "level",
          "classHp",
          "hpGained",
          "speciesSize",
          "classSoak",
          "speed",
          "speedLoss",
          "attacksPerRound",
          "luckRerollsUsed",
        ] as const
      ).map((id) => ({ id, name: `system.${id}`, value: system[id], labelKey: FADE_ACTOR_KEYS[id] })),
      bonuses: (["hp", "soak", "allDefenses", "defense", "avoid", "mentalDefense", "bodilyDefense"] as const).map(
        (id) => ({ id, name: `system.bonuses.${id}`, value: system.bonuses[id], labelKey: FADE_BONUS_KEYS[id] }),
      ),
      pools: (["toHit", "damage"] as const).map((id) => ({
        id,
        labelKey: FADE_BONUS_KEYS[id],
        parts: (["rolled", "kept", "flat"] as const).map((part) => ({
          name: `system.bonuses.${id}.${part}`,
          value: system.bonuses[id][part],
          labelKey: FADE_POOL_PART_KEYS[part],
        })),
      })),
      naturalDeflection: BODY_PARTS.map((id) => ({
        id,
        name: `system.naturalDeflection.${id}`,
        value: system.naturalDeflection[id],
        labelKey: BODY_PART_KEYS[id],
      })),
      naturalDeflectionStacks: system.naturalDeflectionStacks,
      energy: (["resistances", "immunities", "absorptions", "weaknesses"] as const).map((id) => ({
        id,
        name: `system.energy.${id}`,
        value: system.energy[id] ?? "",
        labelKey: FADE_ENERGY_KEYS[id],
      })),
      energyInvalid: system.energyInvalid.join(", "),
    },
    labels: { naturalDeflectionStacks: FADE_ACTOR_KEYS.naturalDeflectionStacks, level: FADE_ACTOR_KEYS.level },
  };
}

export type FadeActorView = ReturnType<typeof fadeActorView>;
