import type { HodDefense } from "../rules/attack";
import type { HodModifier, HodSituation } from "../rules/situational";
import type { HodWeaponSnapshot, NamedRef } from "./documents";
import type { ScheduleInfo } from "./schedule";

/** A defense an attack was compared with: which, its value, and what came of it. */
export interface HodDefenseResult {
  /** The defense the attack targets. */
  readonly id: HodDefense;
  /** The defense it met: another when the target's stance turns Primary into Passive. */
  readonly met: HodDefense;
  readonly value: number;
  /** The target's stance, when it changed the defense. */
  readonly stance: string | null;
  readonly stanceModifier: number;
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
  /** The attack (or special action) card this damage follows, if any. */
  readonly attackId: string | null;
  /** A special action's damage multiplies the rolled total (½ quick strike, ×2 coup de grâce). */
  readonly factor?: number;
  /** The special action it is the damage of. */
  readonly special?: string;
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
  /** The card (an applied hit, or a special action's fatigue) whose check to stay conscious this is. */
  readonly appliedId?: string;
  /** The check to stay conscious (failing it knocks the actor out). */
  readonly consciousness?: boolean;
  /** Failed to stay conscious: out for at least this many TC. */
  readonly unconsciousTc?: number;
}

/** What a special action's card stores: the roll against each defense and what came of it. */
export interface HodSpecialFlags {
  readonly kind: "special";
  /** A SPECIAL_ACTIONS id. */
  readonly special: string;
  readonly actor: NamedRef;
  /** The weapon used, if the action uses one. */
  readonly item: NamedRef | null;
  readonly weapon: HodWeaponSnapshot | null;
  readonly die: "d20" | "3d6";
  /** A skill action: the rank typed in the dialog. */
  readonly skillRank: number | null;
  readonly modifiers: readonly HodModifier[];
  readonly base: number;
  readonly formula: string;
  readonly natural: number;
  readonly total: number;
  readonly target: NamedRef | null;
  /** One result per defense met (both for "and" and "or" actions). */
  readonly results: readonly HodDefenseResult[];
  /** For "or" actions: the defense the target chose (the one the roll does worse against). */
  readonly chosen: HodDefense | null;
  /** i18n keys of the outcomes that happened. */
  readonly outcomes: readonly string[];
  /** The outcomes deal damage: the card offers Roll damage. */
  readonly damage: boolean;
  readonly fumble: boolean;
  readonly durabilityLeft: number | null;
  /** Fatigue the actor took for it, and its fatigue after. */
  readonly fatigue: number;
  /** The check to stay conscious the fatigue calls for, if any. */
  readonly unconsciousCheck: number | null;
  /** The action's preparation was scheduled instead (nothing rolled yet). */
  readonly preparing?: boolean;
  readonly schedule: ScheduleInfo;
}

/** What a stance card stores. */
export interface HodStanceFlags {
  readonly kind: "stance";
  readonly actor: NamedRef;
  /** The stance now ("" basic) and the one left. */
  readonly stance: string;
  readonly from: string;
  /** Still shifting: drawbacks only until the actor's next action. */
  readonly shifting: boolean;
  /** The speed class the change costs. */
  readonly speedClass: string;
  readonly schedule: ScheduleInfo;
}

export type HodCardFlags =
  HodAttackFlags | HodDamageFlags | HodAppliedFlags | HodCheckFlags | HodSpecialFlags | HodStanceFlags;
