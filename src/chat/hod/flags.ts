import type { HodDefense } from "../../rules/hod/attack";
import type { HodModifier, HodSituation } from "../../rules/hod/situational";
import type { HodWeaponSnapshot, NamedRef } from "./documents";
import type { ScheduleInfo } from "./schedule";

/** A defense an attack was compared with: which, its value, and what came of it. */
export interface HodDefenseResult {
  readonly id: HodDefense;
  readonly value: number;
  readonly hit: boolean;
  readonly critical: boolean;
  readonly margin: number;
  /** A hit only because of the natural 20. */
  readonly automatic: boolean;
}

/** What an attack card stores (`flags.anthology.hod`): enough to roll its damage later. */
export interface HodAttackFlags {
  readonly kind: "attack";
  readonly actor: NamedRef;
  readonly item: NamedRef;
  readonly weapon: HodWeaponSnapshot;
  readonly situation: HodSituation;
  readonly modifiers: readonly HodModifier[];
  /** Accuracy + attribute (+ size) before the modifiers. */
  readonly base: number;
  readonly formula: string;
  /** The d20 as it fell. */
  readonly natural: number;
  readonly total: number;
  readonly target: NamedRef | null;
  /** The defense met and the outcome against it; null without a target. */
  readonly defense: HodDefenseResult | null;
  readonly fumble: boolean;
  /** The weapon's durability after a fumble took a point (null: no durability lost). */
  readonly durabilityLeft: number | null;
  readonly schedule: ScheduleInfo;
}

/** What a damage card stores: the hit, ready to apply to the target. */
export interface HodDamageFlags {
  readonly kind: "damage";
  readonly actor: NamedRef;
  readonly item: NamedRef;
  readonly formula: string;
  /** The dice's total before the floor of 1. */
  readonly rolled: number;
  /** What the hit deals: at least 1. */
  readonly total: number;
  readonly critical: boolean;
  readonly nonlethal: boolean;
  readonly damageType: string;
  readonly target: NamedRef | null;
  /** The attack card this damage follows, if any. */
  readonly attackId: string | null;
  readonly applied?: boolean;
}

/** One state of the target's health track. */
export interface HodHealthSnapshot {
  readonly hp: number;
  readonly fatigue: number;
  readonly thresholdOfPain: number;
  readonly bonusHp: number;
  readonly invigoration: number;
}

/** What the card of an applied hit stores: the track before and after and what the hit means. */
export interface HodAppliedFlags {
  readonly kind: "applied";
  /** The damage card applied. */
  readonly damageId: string;
  readonly target: NamedRef;
  readonly damage: number;
  readonly nonlethal: boolean;
  readonly before: HodHealthSnapshot;
  readonly after: HodHealthSnapshot;
  readonly wounded: boolean;
  readonly dying: boolean;
  readonly dead: boolean;
  /** The DC of the Constitution check to stay conscious, when one is due. */
  readonly unconsciousCheck: number | null;
}

/** What a 3d6 check card stores. */
export interface HodCheckFlags {
  readonly kind: "check";
  readonly actor: NamedRef;
  /** The attribute added (an attribute id of the check dialog). */
  readonly attribute: string;
  readonly formula: string;
  /** The three dice's sum. */
  readonly natural: number;
  readonly total: number;
  readonly dc: number | null;
  readonly success: boolean | null;
  readonly margin: number | null;
  /** The check to stay conscious asked for by this applied card. */
  readonly appliedId?: string;
  /** Failed to stay conscious: out for at least this many TC. */
  readonly unconsciousTc?: number;
}

export type HodCardFlags = HodAttackFlags | HodDamageFlags | HodAppliedFlags | HodCheckFlags;
