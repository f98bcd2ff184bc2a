import { documentType } from "../..";
import { BONUS_IDS, type FadingSunsSource } from "../rules";

export const FS_WEAPON_TYPE = documentType("fading-suns", "weapon");
export const FS_ARMOR_TYPE = documentType("fading-suns", "armor");
export const FS_SKILL_TYPE = documentType("fading-suns", "skill");

/** A Fading Suns actor's system data as stored (fading-suns-character and fading-suns-npc alike). */
export interface FadingSunsActorSystem {
  readonly characteristics: Readonly<Record<string, number>>;
  readonly naturalSkills: Readonly<Record<string, number>>;
  /** Current and maximum Vitality; null: full, and Endurance + 5. */
  readonly vitality: { readonly value: number | null; readonly max: number | null };
  readonly wyrd: { readonly value: number; readonly max: number };
  readonly defense: number;
  readonly stance: string;
  readonly aggressive: string;
  readonly surprised: boolean;
  /** A run or charge this turn ("none", "run", "charge"). */
  readonly moved?: string;
  /** The movement chart's species and a Vorox's limbs on the ground. */
  readonly species?: string;
  readonly limbs?: number;
  /** The initiative's situation modifier. */
  readonly situation?: number;
  /** What Active Effects add (docs/fading-suns.md, "Effects that change rolls"). */
  readonly bonuses?: Readonly<Record<string, number>>;
  readonly notes: string;
}

/** An embedded item as far as the actor's numbers care. */
export interface CarriedItem {
  readonly type: string;
  readonly system: { readonly armor?: unknown; readonly equipped?: unknown };
}

const n = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The rules' view of a stored actor and its worn armor. */
export function fadingSunsSource(system: FadingSunsActorSystem, items: Iterable<CarriedItem> = []): FadingSunsSource {
  return {
    strength: n(system.characteristics?.strength),
    endurance: n(system.characteristics?.endurance),
    vitality: {
      value: typeof system.vitality?.value === "number" ? system.vitality.value : null,
      max: typeof system.vitality?.max === "number" ? system.vitality.max : null,
    },
    defense: n(system.defense),
    stance: String(system.stance ?? "neutral"),
    aggressive: String(system.aggressive ?? "goal"),
    surprised: system.surprised === true,
    moved: String(system.moved ?? "none"),
    species: String(system.species ?? "human"),
    limbs: n(system.limbs ?? 2),
    bonuses: Object.fromEntries(BONUS_IDS.map((id) => [id, n(system.bonuses?.[id])])),
    armor: [...items]
      .filter((i) => i.type === FS_ARMOR_TYPE && i.system.equipped !== false)
      .map((i) => n(i.system.armor)),
  };
}
