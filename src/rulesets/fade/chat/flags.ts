import type { BodyPart, FadeAttackResult, FadeDamageStepId, FadeDefenseId, FadeNegation, FadeWeapon } from "../rules";
import type { FadeRollChoices } from "./dialog-form";

/** Who a card is about: a document's uuid and the name shown. */
export interface NamedRef {
  readonly uuid: string;
  readonly name: string;
}

/** What an attack card stores (`flags.anthology.fade`), enough to roll its damage later. */
export interface FadeAttackFlags {
  readonly kind: "attack";
  readonly actor: NamedRef;
  readonly item: NamedRef;
  /** The weapon as it was when it attacked. */
  readonly weapon: FadeWeapon & { readonly canTwoHand?: boolean };
  readonly choices: FadeRollChoices;
  readonly pool: string;
  readonly total: number;
  readonly critical: boolean;
  readonly impossible: boolean;
  readonly target: NamedRef | null;
  readonly defense: { readonly id: FadeDefenseId; readonly vsSpells: boolean; readonly value: number } | null;
  readonly result: FadeAttackResult | null;
  /** This card is a Luck reroll of another. */
  readonly luckReroll?: boolean;
  /** This card has been rerolled with Luck (once only). */
  readonly rerolled?: boolean;
}

/** What a dodge or parry card stores. */
export interface FadeCheckFlags {
  readonly kind: "check";
  readonly actor: NamedRef;
  /** The weapon that parries; null for a dodge. */
  readonly item: NamedRef | null;
  readonly choices: FadeRollChoices;
  readonly pool: string;
  readonly total: number;
  readonly impossible: boolean;
  readonly luckReroll?: boolean;
  readonly rerolled?: boolean;
}

/** What a damage card stores: the hit, ready to apply to the target. */
export interface FadeDamageFlags {
  readonly kind: "damage";
  readonly actor: NamedRef;
  readonly item: NamedRef;
  readonly pool: string;
  readonly total: number;
  readonly critical: boolean;
  readonly coupDeGrace: boolean;
  readonly part: BodyPart;
  readonly calledShot: boolean;
  /** The d10 that picked the part; null for a called shot. */
  readonly locationFace: number | null;
  readonly penetration: number;
  readonly damageType: string;
  readonly target: NamedRef | null;
  readonly applied?: boolean;
}

/** What the card of an applied hit stores: each step, the HP change and the effects. */
export interface FadeAppliedFlags {
  readonly kind: "applied";
  readonly target: NamedRef;
  readonly part: BodyPart;
  readonly steps: ReadonlyArray<{
    readonly step: FadeDamageStepId;
    readonly before: number;
    readonly after: number;
    readonly key: string;
    readonly data: Readonly<Record<string, string>>;
  }>;
  readonly negatedBy: FadeNegation | null;
  readonly hpBefore: number;
  readonly hpAfter: number;
  readonly hpChange: number;
  readonly healthState: "conscious" | "unconscious" | "dead";
  readonly effectKey: string | null;
  /** Status ids put on the target. */
  readonly statuses: readonly string[];
  /** Bleed damage a round, rolled when the effect was inflicted. */
  readonly bleed: number | null;
}

export type FadeCardFlags = FadeAttackFlags | FadeCheckFlags | FadeDamageFlags | FadeAppliedFlags;
