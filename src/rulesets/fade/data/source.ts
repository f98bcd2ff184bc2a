import { documentType } from "../..";
import {
  BODY_PARTS,
  ownModifiers,
  parseEnergyText,
  type BodyPart,
  type EnergyText,
  type FadeArmor,
  type FadeSource,
  type PoolBonus,
} from "../rules";

/** A pool bonus as the sheet stores it: dice, kept dice and a flat number. */
export interface StoredPoolBonus {
  readonly rolled: number;
  readonly kept: number;
  readonly flat: number;
}

/** A Fade actor's system data as stored (fade-character and fade-npc alike). */
export interface FadeActorSystem extends Pick<
  FadeSource,
  "strength" | "agility" | "endurance" | "smarts" | "luck" | "magic" | "resistance" | "level" | "classHp" | "hpGained"
> {
  /** Current HP; null until first set, which counts as full. */
  readonly hp: { readonly value: number | null };
  readonly speciesSize: number;
  readonly classSoak: number;
  readonly speed: number;
  readonly speedLoss: number;
  readonly attacksPerRound: number;
  readonly bonuses: {
    readonly hp: number;
    readonly soak: number;
    readonly allDefenses: number;
    readonly defense: number;
    readonly avoid: number;
    readonly mentalDefense: number;
    readonly bodilyDefense: number;
    readonly toHit: StoredPoolBonus;
    readonly damage: StoredPoolBonus;
  };
  readonly naturalDeflection: Readonly<Record<BodyPart, number>>;
  readonly naturalDeflectionStacks: boolean;
  readonly energy: EnergyText;
  readonly luckRerollsUsed: number;
  /** Ranks by skill id (absent from actors made before skills: none). */
  readonly skills?: Readonly<Record<string, number>>;
}

/** An embedded item as far as the actor's numbers care: its type and system data. */
export interface CarriedItem {
  readonly type: string;
  readonly system: {
    readonly weight?: number;
    readonly quantity?: number;
    readonly equipped?: boolean;
    readonly deflection?: Partial<Record<BodyPart, number>>;
    readonly stacks?: boolean;
    readonly speedPenalty?: number;
  };
}

export const FADE_ARMOR_TYPE = documentType("fade", "armor");
export const FADE_WEAPON_TYPE = documentType("fade", "weapon");

const n = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function pool(stored: StoredPoolBonus | undefined): PoolBonus {
  return { rolled: n(stored?.rolled), kept: n(stored?.kept), flat: n(stored?.flat) };
}

/** Pounds carried: every item's weight times its quantity (one when it has none). */
export function carriedWeight(items: Iterable<CarriedItem>): number {
  let total = 0;
  for (const item of items) total += n(item.system.weight) * (item.system.quantity ?? 1);
  return total;
}

/**
 * The rules' view of a stored actor and its items: the FadeSource `derive` reads. Worn armor (equipped
 * fade-armor items) brings its Deflection and speed penalty; every item counts towards the load.
 * Energy entries that cannot be read are returned so the sheet can show them.
 */
export function fadeSource(
  system: FadeActorSystem,
  items: Iterable<CarriedItem> = [],
  statuses: Iterable<string> = [],
): { source: FadeSource; invalidEnergy: readonly string[] } {
  const list = [...items];
  const armor: FadeArmor[] = list
    .filter((i) => i.type === FADE_ARMOR_TYPE && i.system.equipped !== false)
    .map((i) => ({
      deflection: Object.fromEntries(BODY_PARTS.map((p) => [p, n(i.system.deflection?.[p])])),
      speedPenalty: n(i.system.speedPenalty),
      stacks: i.system.stacks === true,
    }));
  const toHit = pool(system.bonuses?.toHit);
  const energy = parseEnergyText(system.energy ?? {});
  const b = system.bonuses;
  const source: FadeSource = {
    strength: n(system.strength),
    agility: n(system.agility),
    endurance: n(system.endurance),
    smarts: n(system.smarts),
    luck: n(system.luck),
    magic: n(system.magic),
    resistance: n(system.resistance),
    level: n(system.level),
    classHp: n(system.classHp),
    hpGained: n(system.hpGained),
    ...(typeof system.hp?.value === "number" ? { hp: system.hp.value } : {}),
    speciesSize: n(system.speciesSize),
    classSoak: n(system.classSoak),
    speed: n(system.speed),
    speedLoss: n(system.speedLoss),
    attacksPerRound: n(system.attacksPerRound),
    bonuses: {
      hp: n(b?.hp),
      soak: n(b?.soak),
      allDefenses: n(b?.allDefenses),
      defense: n(b?.defense),
      avoid: n(b?.avoid),
      mentalDefense: n(b?.mentalDefense),
      bodilyDefense: n(b?.bodilyDefense),
      physicalToHit: toHit,
      magicalToHit: toHit,
      damage: pool(b?.damage),
    },
    naturalDeflection: Object.fromEntries(BODY_PARTS.map((p) => [p, n(system.naturalDeflection?.[p])])),
    naturalDeflectionStacks: system.naturalDeflectionStacks === true,
    armor,
    energy: energy.profile,
    carriedWeight: carriedWeight(list),
    modifiers: ownModifiers(statuses),
  };
  return { source, invalidEnergy: energy.invalid };
}
