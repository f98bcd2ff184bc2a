import { hodSource, type HodActorSystem } from "../data/source";
import type { HodDerived, HodSource } from "../rules/derive";
import { HOD_DEFENSES, type HodDefense } from "../rules/attack";
import { HodWeaponError, isWeaponCategory, type WeaponCategory } from "../rules/weapons";
import type { CardRef as NamedRef } from "../../../play/card";
import type { WithEffects } from "./effect-links";

export type { NamedRef };

/** A Heroes of Destiny item as the flows read and change it. */
export interface HodItem {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: Readonly<Record<string, unknown>>;
  update(data: object): Promise<unknown>;
}

/** A Heroes of Destiny actor as the flows read and change it. */
export interface HodActor {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly isOwner: boolean;
  readonly system: HodActorSystem & { readonly derived: HodDerived };
  readonly items: { get(id: string): HodItem | undefined; readonly contents: HodItem[] };
  readonly statuses?: ReadonlySet<string>;
  readonly effects?: WithEffects["effects"];
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
  toggleStatusEffect(id: string, options: { active: boolean; overlay?: boolean }): Promise<unknown>;
  testUserPermission(user: unknown, level: string): boolean;
}

/** A weapon as it was when it attacked: what its damage, fumble and speed need later. */
export interface HodWeaponSnapshot {
  readonly category: WeaponCategory;
  readonly damage: string;
  readonly speedClass: string;
  readonly precise: boolean;
  readonly composite: boolean;
  readonly nonlethal: boolean;
  readonly range: number;
  readonly thrown: boolean;
  readonly twoHanded: boolean;
  readonly damageType: string;
  /** The defense it attacks unless the situation says otherwise; null: the usual Primary or Passive. */
  readonly defense: HodDefense | null;
  readonly proficient: boolean;
  readonly noAffinity: boolean;
  /** Durability points before the attack; max 0 is a weapon without durability (a fist). */
  readonly durability: { readonly value: number; readonly max: number };
}

export const HOD_WEAPON = "hod-weapon";

const finite = (value: unknown, fallback = 0) =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The weapon an item is, or a HodWeaponError naming what is wrong with it. */
export function weaponOf(item: Pick<HodItem, "name" | "system">): HodWeaponSnapshot {
  const s = item.system;
  if (!isWeaponCategory(s.category)) {
    throw new HodWeaponError("ANTHOLOGY.HoD.Errors.category", { name: item.name, value: String(s.category ?? "") });
  }
  const durability = (s.durability ?? {}) as { value?: unknown; max?: unknown };
  const defense = text(s.defense);
  return {
    category: s.category,
    damage: text(s.damage).trim(),
    speedClass: text(s.speedClass) || "standard",
    precise: s.precise === true,
    composite: s.composite === true,
    nonlethal: s.nonlethal === true,
    range: Math.max(0, finite(s.range)),
    thrown: s.thrown === true,
    twoHanded: s.twoHanded === true,
    damageType: text(s.damageType),
    defense: (HOD_DEFENSES as readonly string[]).includes(defense) ? (defense as HodDefense) : null,
    proficient: s.proficient === true,
    noAffinity: s.noAffinity === true,
    durability: { value: finite(durability.value), max: finite(durability.max) },
  };
}

/** The rules' view of an actor: its numbers and worn armor. */
export function sourceOf(actor: Pick<HodActor, "system" | "items">): HodSource {
  return hodSource(actor.system, actor.items.contents);
}

export const ref = (document: { uuid: string; name: string }): NamedRef => ({
  uuid: document.uuid,
  name: document.name,
});

export { resolve } from "../../../play/documents";

/** Whether an actor carries Heroes of Destiny's derived numbers. */
export function isHodActor(actor: unknown): actor is HodActor {
  const system = (actor as { system?: { derived?: Partial<HodDerived> } } | null | undefined)?.system;
  return typeof system?.derived?.primary === "number" && typeof system.derived.thresholdOfPain === "number";
}
