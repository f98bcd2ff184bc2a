import {
  ATTACK_RESULT_KEYS,
  BODY_PART_KEYS,
  DEFENSE_KEYS,
  HEALTH_STATE_KEYS,
  MODIFIERS,
  NEGATION_KEYS,
} from "../rules";
import type { FadeAppliedFlags, FadeAttackFlags, FadeCheckFlags, FadeDamageFlags } from "./flags";
import { FADE_STATUSES } from "./statuses";

const TONE: Record<string, "good" | "bad" | "note"> = {
  criticalHit: "good",
  hit: "good",
  miss: "bad",
  criticalFailure: "bad",
  impossible: "bad",
};

const modifierKeys = (flags: { choices: { modifiers?: readonly string[] } }) =>
  (flags.choices.modifiers ?? []).map((m) => MODIFIERS[m as keyof typeof MODIFIERS]?.key).filter(Boolean);

/** The attack card: pool, dice (rendered by the dice card), the target's defense, hit or miss. */
export function attackCardView(flags: FadeAttackFlags, rollHtml: string) {
  const result = flags.result;
  return {
    actorName: flags.actor.name,
    itemName: flags.item.name,
    pool: flags.pool,
    modifierKeys: modifierKeys(flags),
    rollHtml,
    luckReroll: flags.luckReroll === true,
    target: flags.target ? { name: flags.target.name } : null,
    defense: flags.defense
      ? { labelKey: DEFENSE_KEYS[flags.defense.id], value: flags.defense.value, vsSpells: flags.defense.vsSpells }
      : null,
    result: result ?? "unjudged",
    resultKey: result ? ATTACK_RESULT_KEYS[result] : null,
    tone: result ? TONE[result] : "note",
    critical: flags.critical && !flags.impossible,
    criticalFailure: result === "criticalFailure",
    calledShotKey: flags.choices.calledShot ? BODY_PART_KEYS[flags.choices.calledShot] : null,
    // Damage is offered after a hit, or when there was no target to judge against.
    canRollDamage: result === null ? !flags.impossible : result === "hit" || result === "criticalHit",
    // Luck rerolls any check but damage, once; who may press it is decided when the card is shown.
    canReroll: !flags.luckReroll,
  };
}

/** The dodge or parry card: what to add to the defense. */
export function checkCardView(flags: FadeCheckFlags, rollHtml: string) {
  return {
    actorName: flags.actor.name,
    itemName: flags.item?.name ?? null,
    pool: flags.pool,
    modifierKeys: modifierKeys(flags),
    rollHtml,
    total: flags.total,
    impossible: flags.impossible,
    luckReroll: flags.luckReroll === true,
    canReroll: !flags.luckReroll,
  };
}

/** The damage card: pool and dice, where it landed, and the button to apply it to the target. */
export function damageCardView(flags: FadeDamageFlags, rollHtml: string) {
  return {
    actorName: flags.actor.name,
    itemName: flags.item.name,
    pool: flags.pool,
    rollHtml,
    total: flags.total,
    partKey: BODY_PART_KEYS[flags.part],
    calledShot: flags.calledShot,
    locationFace: flags.locationFace,
    penetration: flags.penetration,
    damageType: flags.damageType,
    critical: flags.critical,
    coupDeGrace: flags.coupDeGrace,
    target: flags.target ? { name: flags.target.name } : null,
    applied: flags.applied === true,
  };
}

const statusName = (id: string) => FADE_STATUSES.find((s) => s.id === id)?.name ?? null;

/** The card of an applied hit: every step of the damage, the HP change and what the hit did. */
export function appliedCardView(flags: FadeAppliedFlags) {
  return {
    targetName: flags.target.name,
    partKey: BODY_PART_KEYS[flags.part],
    steps: flags.steps.map((s) => ({ ...s, changed: s.before !== s.after })),
    negatedKey: flags.negatedBy ? NEGATION_KEYS[flags.negatedBy] : null,
    hpBefore: flags.hpBefore,
    hpAfter: flags.hpAfter,
    hpChange: flags.hpChange > 0 ? `+${flags.hpChange}` : String(flags.hpChange),
    healed: flags.hpChange > 0,
    healthState: flags.healthState,
    healthKey: HEALTH_STATE_KEYS[flags.healthState],
    effectKey: flags.effectKey,
    statusKeys: flags.statuses.map(statusName).filter((k): k is NonNullable<typeof k> => k !== null),
    bleed: flags.bleed,
  };
}
