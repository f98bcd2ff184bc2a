import { documentType } from "../..";
import { isWoundLevel, readCode, type OpenD6Bonuses, type OpenD6Source, type WoundLevel } from "../rules";

export const OPEND6_WEAPON_TYPE = documentType("opend6", "weapon");
export const OPEND6_ARMOR_TYPE = documentType("opend6", "armor");

/** An OpenD6 actor's system data as stored (opend6-character and opend6-npc alike). */
export interface OpenD6ActorSystem {
  readonly attributes: Readonly<Record<string, string>>;
  readonly skills: Readonly<Record<string, string>>;
  readonly characterPoints: number;
  readonly fatePoints: number;
  readonly move: number;
  readonly scale: number;
  readonly wounds: string;
  /** Current Body Points; null until first set, which counts as full. */
  readonly bodyPoints: { readonly value: number | null; readonly max: number };
  /** What Active Effects add (all 0 unless an effect changes them): see docs/opend6.md. */
  readonly bonuses?: OpenD6Bonuses;
}

/** An embedded item as far as the actor's numbers care. */
export interface CarriedItem {
  readonly type: string;
  readonly system: { readonly armor?: unknown; readonly equipped?: unknown };
}

const n = (value: unknown, fallback = 0) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);

/** The rules' view of a stored actor and its worn armor. */
export function opend6Source(system: OpenD6ActorSystem, items: Iterable<CarriedItem> = []): OpenD6Source {
  const max = n(system.bodyPoints?.max);
  const armor = [...items]
    .filter((i) => i.type === OPEND6_ARMOR_TYPE && i.system.equipped !== false)
    .map((i) => (typeof i.system.armor === "string" ? i.system.armor : ""));
  return {
    attributes: { ...(system.attributes ?? {}) },
    skills: { ...(system.skills ?? {}) },
    wounds: (isWoundLevel(system.wounds) ? system.wounds : "none") as WoundLevel,
    bodyPoints: { value: n(system.bodyPoints?.value, max), max },
    armor,
    bonuses: system.bonuses ?? {},
  };
}

/**
 * A code as it is stored after an edit: normalised ("2D+4" is kept as "3D+1"); a skill's added dice
 * lose a leading "+" and "0D" is stored as none (""). Anything unreadable is kept as typed, so the
 * sheet can show it and nothing is lost.
 */
export function storedCode(value: unknown, skill = false): unknown {
  if (typeof value !== "string") return value;
  const trimmed = skill ? value.replace(/^\s*\+/, "") : value;
  if (skill && trimmed.trim() === "") return "";
  const code = readCode(trimmed);
  if (code === null) return value;
  return skill && code === "0D" ? "" : code;
}
