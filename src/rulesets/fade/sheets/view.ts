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
  FADE_TRAIT_TYPES,
  FADE_WEAPON_TYPE,
  fadeTraits,
  traitItems,
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
  featTotals,
  formatPool,
  defenseAgainst,
  mergeEnergy,
  toHitPool,
  type EnergyProfile,
  type FadeDefenseId,
  type FadeDerived,
  type FadeWeapon,
  type PoolBonus,
} from "../rules";
import type { SheetItem } from "../../../sheets/item-rows";
import { finiteOrZero, itemQuantity, itemRow, itemsOfType, sortedItems } from "../../../sheets/item-rows";

/** The actor the user targets, as far as the sheet's odds need it. */
export interface TargetView {
  readonly name: string;
  readonly derived: Pick<FadeDerived, FadeDefenseId | "vsSpells">;
}

const FROM_ITEM = "ANTHOLOGY.Fade.Sheet.fromItem";
const PLUS_FROM = "ANTHOLOGY.Fade.Sheet.plusFrom";
const PLUS_FEATS = "ANTHOLOGY.Fade.Sheet.plusFeats";
const PLUS_REROLLS = "ANTHOLOGY.Fade.Sheet.plusRerolls";
const PLUS_EFFECTS = "ANTHOLOGY.Fade.Sheet.plusEffects";
const NO_SPECIES = "ANTHOLOGY.Fade.Sheet.noSpecies";
const NO_CLASS = "ANTHOLOGY.Fade.Sheet.noClass";

/** A pool bonus in keep notation with its sign ("+1k0"), or empty when it adds nothing. */
function poolText(pool: PoolBonus | undefined): string {
  const { rolled = 0, kept = 0, flat = 0 } = pool ?? {};
  return rolled || kept || flat ? `+${formatPool({ rolled, kept, flat })}` : "";
}

const ENERGY_ADDED = {
  resistances: "ANTHOLOGY.Fade.Sheet.energyAdded.resistances",
  immunities: "ANTHOLOGY.Fade.Sheet.energyAdded.immunities",
  absorptions: "ANTHOLOGY.Fade.Sheet.energyAdded.absorptions",
  weaknesses: "ANTHOLOGY.Fade.Sheet.energyAdded.weaknesses",
} as const;

/** An energy profile as the sheet's lines: each non-empty list with its label. */
function energyLines(profile: EnergyProfile) {
  const lists = {
    resistances: Object.entries(profile.resistances ?? {}).map(([t, v]) => `${t} ${v}`),
    immunities: profile.immunities ?? [],
    absorptions: profile.absorptions ?? [],
    weaknesses: profile.weaknesses ?? [],
  };
  return (Object.keys(lists) as Array<keyof typeof lists>)
    .filter((id) => lists[id].length > 0)
    .map((id) => ({ key: ENERGY_ADDED[id], text: lists[id].join(", ") }));
}

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
    ...itemRow(item),
    kindKey: ATTACK_KINDS[kind].key,
    toHit: toHitPool(derived, weapon),
    vs: against ? String(against.value) : "",
    damage,
    damageError,
    penetration: finiteOrZero(weapon.penetration),
    damageType: typeof weapon.damageType === "string" ? weapon.damageType : "",
    range: finiteOrZero(item.system.range),
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
  const weapons = itemsOfType(items, FADE_WEAPON_TYPE);
  const armor = itemsOfType(items, FADE_ARMOR_TYPE);
  const gear = sortedItems(
    items.filter(
      (i) => i.type !== FADE_WEAPON_TYPE && i.type !== FADE_ARMOR_TYPE && !FADE_TRAIT_TYPES.includes(i.type),
    ),
  );
  const found = traitItems(items);
  const { traits } = fadeTraits(items);
  const feats = featTotals(traits.feats);
  const sp = traits.species;
  const cl = traits.class;
  // Where a number comes from: the species or class that sets it (its field is then locked), and what
  // the class (HP per level) and the feats add on top.
  type Note = { key: string; value?: number | string; name?: string };
  const set = (item: SheetItem | null, value: number | undefined, extra: Note[] = []) =>
    item && value !== undefined
      ? { value, locked: true, notes: [{ key: FROM_ITEM, name: item.name }, ...extra] }
      : { notes: extra };
  const plus = (value: number, name?: string): Note[] => {
    const signed = value > 0 ? `+${value}` : String(value);
    return value ? [name ? { key: PLUS_FROM, value: signed, name } : { key: PLUS_FEATS, value: signed }] : [];
  };
  // What Active Effects add (system.effectBonuses), shown beside the actor's own number, never in it.
  const effects = system.effectBonuses;
  const byEffects = (value: number | undefined): Note[] =>
    value ? [{ key: PLUS_EFFECTS, value: value > 0 ? `+${value}` : String(value) }] : [];
  const level = Math.max(1, finiteOrZero(system.level));
  const rerolls = feats.rerolls + (cl?.rerolls ?? 0);
  const origin: Record<string, { value?: number; locked?: boolean; notes: Note[] }> = {
    classHp: set(found.class, cl?.hp),
    hpGained: set(null, undefined, plus((cl?.hpPerLevel ?? 0) * (level - 1), found.class?.name)),
    speciesSize: set(found.species, sp?.size),
    classSoak: set(found.class, cl?.soak),
    speed: set(found.species, sp?.speed, [...plus(feats.speed), ...byEffects(effects?.speed)]),
    attacksPerRound: set(found.class, cl?.attacksPerRound, plus(feats.attacks)),
    luckRerollsUsed: set(null, undefined, rerolls ? [{ key: PLUS_REROLLS, value: rerolls }] : []),
  };

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
      pool: skillPool(system, s.id, ranks, ...(derived.skillBonus ? [derived.skillBonus] : [])),
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
        ...itemRow(a),
        deflection: BODY_PARTS.map((p) => finiteOrZero(deflection[p])),
        speedPenalty: finiteOrZero(a.system.speedPenalty),
        stacks: a.system.stacks === true,
        equipped: a.system.equipped !== false,
        weight: finiteOrZero(a.system.weight),
      };
    }),
    gear: gear.map((g) => {
      const quantity = itemQuantity(g);
      return {
        ...itemRow(g),
        quantity,
        weight: finiteOrZero(g.system.weight),
        total: finiteOrZero(g.system.weight) * quantity,
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
      ).map((id) => ({
        id,
        name: `system.${id}`,
        value: system[id],
        labelKey: FADE_ACTOR_KEYS[id],
        locked: false,
        notes: [],
        ...origin[id],
      })),
      bonuses: (["hp", "soak", "allDefenses", "defense", "avoid", "mentalDefense", "bodilyDefense"] as const).map(
        (id) => ({
          id,
          name: `system.bonuses.${id}`,
          value: system.bonuses[id],
          labelKey: FADE_BONUS_KEYS[id],
          notes: [...plus(feats.bonuses[id] ?? 0), ...byEffects(effects?.[id])],
        }),
      ),
      pools: (["toHit", "damage"] as const).map((id) => ({
        id,
        labelKey: FADE_BONUS_KEYS[id],
        fromFeats: poolText(id === "toHit" ? feats.bonuses.physicalToHit : feats.bonuses.damage),
        // What Active Effects add to the pool (system.effectBonuses), beside the actor's own, never in it.
        fromEffects: poolText(effects?.[id]),
        parts: (["rolled", "kept", "flat"] as const).map((part) => ({
          name: `system.bonuses.${id}.${part}`,
          value: system.bonuses[id][part],
          labelKey: FADE_POOL_PART_KEYS[part],
        })),
      })),
      naturalDeflection: BODY_PARTS.map((id) => ({
        id,
        name: `system.naturalDeflection.${id}`,
        value: sp ? (sp.naturalDeflection?.[id] ?? 0) : system.naturalDeflection[id],
        labelKey: BODY_PART_KEYS[id],
      })),
      naturalDeflectionStacks: sp ? sp.naturalDeflectionStacks === true : system.naturalDeflectionStacks,
      // The species' natural Deflection replaces the actor's own while it has one.
      naturalDeflectionFrom: found.species?.name ?? "",
      energy: (["resistances", "immunities", "absorptions", "weaknesses"] as const).map((id) => ({
        id,
        name: `system.energy.${id}`,
        value: system.energy[id] ?? "",
        labelKey: FADE_ENERGY_KEYS[id],
      })),
      energyInvalid: system.energyInvalid.join(", "),
      undead: system.undead === true,
      // Entries the species and feats add to the actor's own.
      energyAdded: energyLines(mergeEnergy(sp?.energy, feats.energy)),
    },
    // One row each for the species and the class (a hint when missing), then a row per feat.
    traits: [
      { labelKey: "TYPES.Item.fade-species", item: found.species && itemRow(found.species), emptyKey: NO_SPECIES },
      { labelKey: "TYPES.Item.fade-class", item: found.class && itemRow(found.class), emptyKey: NO_CLASS },
      ...sortedItems(found.feats).map((f) => ({ labelKey: "TYPES.Item.fade-feat", item: itemRow(f), emptyKey: "" })),
    ],
    labels: {
      naturalDeflectionStacks: FADE_ACTOR_KEYS.naturalDeflectionStacks,
      level: FADE_ACTOR_KEYS.level,
      undead: FADE_ACTOR_KEYS.undead,
    },
  };
}

export type FadeActorView = ReturnType<typeof fadeActorView>;
