import type {
  HodAppliedFlags,
  HodAttackFlags,
  HodCheckFlags,
  HodDamageFlags,
  HodSpecialFlags,
  HodStanceFlags,
} from "./flags";
import {
  DAMAGE_TYPE_KEYS,
  DEFENSE_KEYS,
  SKILL_KEYS,
  SPECIAL_ACTION_KEYS,
  SPEED_CLASS_KEYS,
  STANCE_KEYS,
} from "../rules/labels";
import { specialAction } from "../rules/special-actions";
import type { SpeedClass } from "../rules/speed";
import type { StanceId } from "../rules/stances";
import { ATTRIBUTE_KEYS, SCHEDULE_KEYS, isCheckAttribute, signed } from "./labels";
import { modifierLines } from "./dialog-form";
import type { ScheduleInfo } from "./schedule";

type Tone = "good" | "bad" | "note";

const RESULT_KEYS = {
  critical: "ANTHOLOGY.HoD.Card.Result.critical",
  hit: "ANTHOLOGY.HoD.Card.Result.hit",
  miss: "ANTHOLOGY.HoD.Card.Result.miss",
  fumble: "ANTHOLOGY.HoD.Card.Result.fumble",
} as const;

/** The Time Count line of a card, or null when the actor is not in a Time Count combat. */
export function scheduleLine(
  info: ScheduleInfo,
  name: string,
): { key: string; data: Record<string, string>; tone: Tone } | null {
  switch (info.state) {
    case "none":
      return null;
    case "notStarted":
      return { key: SCHEDULE_KEYS.notStarted, data: { name }, tone: "note" };
    case "due":
      return { key: SCHEDULE_KEYS.due, data: { name, tc: String(info.tc ?? 0) }, tone: "note" };
    case "notDue":
      return info.next === undefined
        ? { key: SCHEDULE_KEYS.notInCount, data: { name }, tone: "bad" }
        : { key: SCHEDULE_KEYS.notDue, data: { name, next: String(info.next), tc: String(info.tc ?? 0) }, tone: "bad" };
  }
}

/** The attack card: the d20 and its modifiers, the defense met, the outcome, and Roll damage. */
export function attackCardView(flags: HodAttackFlags, rollHtml: string) {
  const defense = flags.defense;
  const result = flags.fumble
    ? "fumble"
    : !defense
      ? "unjudged"
      : defense.critical
        ? "critical"
        : defense.hit
          ? "hit"
          : "miss";
  const tone: Tone = result === "critical" || result === "hit" ? "good" : result === "unjudged" ? "note" : "bad";
  const criticalRange = flags.weapon.category !== "spell" && flags.natural >= (flags.weapon.precise ? 19 : 20);
  return {
    actorName: flags.actor.name,
    itemName: flags.item.name,
    formula: flags.formula,
    base: signed(flags.base),
    modifiers: modifierLines(flags.modifiers),
    rollHtml,
    natural: flags.natural,
    total: flags.total,
    target: flags.target ? { name: flags.target.name } : null,
    defense: defense
      ? {
          labelKey: DEFENSE_KEYS[defense.met ?? defense.id],
          value: defense.value,
          margin: signed(defense.margin),
          stanceKey: defense.stance ? (STANCE_KEYS[defense.stance as StanceId]?.name ?? null) : null,
        }
      : null,
    result,
    resultKey: result === "unjudged" ? null : RESULT_KEYS[result],
    tone,
    automatic: defense?.automatic === true,
    // Without a target the GM judges; a natural in the critical range is worth saying.
    criticalRange: !defense && !flags.fumble && criticalRange,
    fumble: flags.fumble,
    durabilityLeft: flags.durabilityLeft,
    mayBreak: flags.durabilityLeft === 0,
    schedule: scheduleLine(flags.schedule, flags.actor.name),
    canRollDamage: !flags.fumble && (defense ? defense.hit : true),
  };
}

/** The damage card: the dice, the total (at least 1), lethal or not, and Apply damage. */
export function damageCardView(flags: HodDamageFlags, rollHtml: string) {
  return {
    actorName: flags.actor.name,
    itemName: flags.item.name,
    formula: flags.formula,
    rollHtml,
    total: flags.total,
    // The floor of 1 raised it (a factor, not the floor, makes a doubled total larger than the dice).
    raised: flags.total > Math.floor(flags.rolled * (flags.factor ?? 1)),
    rolled: flags.rolled,
    critical: flags.critical,
    nonlethal: flags.nonlethal,
    damageTypeKey: flags.damageType
      ? (DAMAGE_TYPE_KEYS[flags.damageType as keyof typeof DAMAGE_TYPE_KEYS] ?? null)
      : null,
    damageType: flags.damageType,
    factor: flags.factor !== undefined && flags.factor !== 1 ? String(flags.factor) : null,
    specialKey: flags.special ? (SPECIAL_ACTION_KEYS[flags.special] ?? null) : null,
    target: flags.target ? { name: flags.target.name } : null,
    applied: flags.applied === true,
  };
}

/**
 * The card of an applied hit: the Threshold of Pain and the fatigue before and after, what bonus HP
 * and Invigoration absorbed, the HP lost, and what the target is now; a Constitution check button
 * when fatigue has caught up with HP.
 */
export function appliedCardView(flags: HodAppliedFlags, options: { checked?: boolean } = {}) {
  const { before, after } = flags;
  const bonusAbsorbed = before.bonusHp - after.bonusHp;
  const invigorationAbsorbed = before.invigoration - after.invigoration;
  const hpLost = before.hp - after.hp;
  const states = [
    flags.dead ? { key: "ANTHOLOGY.HoD.Card.State.dead", tone: "bad" } : null,
    !flags.dead && flags.dying ? { key: "ANTHOLOGY.HoD.Card.State.dying", tone: "bad" } : null,
    flags.wounded ? { key: "ANTHOLOGY.HoD.Card.State.wounded", tone: "bad" } : null,
  ].filter((s): s is { key: string; tone: Tone } => s !== null);
  return {
    targetName: flags.target.name,
    damage: flags.damage,
    nonlethal: flags.nonlethal,
    top: { before: before.thresholdOfPain, after: after.thresholdOfPain },
    // Damage above the Threshold of Pain is a real hit; at or below it (or nonlethal) it only tires.
    overThreshold: !flags.nonlethal && flags.damage > before.thresholdOfPain,
    fatigue: { before: before.fatigue, after: after.fatigue, added: after.fatigue - before.fatigue },
    bonusAbsorbed,
    invigorationAbsorbed,
    hp: { before: before.hp, after: after.hp, lost: hpLost },
    states,
    health: flags.dead ? "dead" : flags.dying ? "dying" : flags.wounded ? "wounded" : "standing",
    unconsciousCheck: flags.unconsciousCheck,
    canCheck: flags.unconsciousCheck !== null && !options.checked,
    checked: options.checked === true,
  };
}

/** The 3d6 check card: the roll, the DC, success or failure and by how much; a natural 17 or 18 is noted. */
export function checkCardView(flags: HodCheckFlags, rollHtml: string) {
  const success = flags.success;
  return {
    actorName: flags.actor.name,
    attributeKey: isCheckAttribute(flags.attribute) ? ATTRIBUTE_KEYS[flags.attribute] : null,
    formula: flags.formula,
    rollHtml,
    total: flags.total,
    dc: flags.dc,
    resultKey:
      success === null ? null : success ? "ANTHOLOGY.HoD.Card.Check.success" : "ANTHOLOGY.HoD.Card.Check.failure",
    tone: success === null ? "note" : success ? "good" : "bad",
    margin: flags.margin === null ? null : signed(flags.margin),
    naturalHigh: flags.natural >= 17,
    consciousness: flags.consciousness === true || flags.appliedId !== undefined,
    unconsciousTc: flags.unconsciousTc ?? null,
  };
}

/** One defense line of a special action's card: the defense met, its value, and what the roll did. */
function defenseLine(result: HodSpecialFlags["results"][number], chosen: string | null) {
  return {
    labelKey: DEFENSE_KEYS[result.met],
    value: result.value,
    margin: signed(result.margin),
    resultKey: result.critical ? RESULT_KEYS.critical : result.hit ? RESULT_KEYS.hit : RESULT_KEYS.miss,
    tone: result.hit ? "good" : "bad",
    stanceKey: result.stance ? (STANCE_KEYS[result.stance as StanceId]?.name ?? null) : null,
    chosen: chosen === result.id,
  };
}

/**
 * A special action's card: the roll, its result against each defense it meets (the target's pick
 * marked for "or" actions), every outcome the text gives with those that happened marked, what it
 * needs and costs, and its buttons (damage when an outcome deals some, a check to stay conscious when
 * its fatigue calls for one).
 */
export function specialCardView(flags: HodSpecialFlags, rollHtml: string, options: { checked?: boolean } = {}) {
  const action = specialAction(flags.special);
  const happened = new Set(flags.outcomes);
  const judged = flags.results.length > 0;
  return {
    actorName: flags.actor.name,
    nameKey: SPECIAL_ACTION_KEYS[flags.special] ?? "",
    itemName: flags.item?.name ?? null,
    preparing: flags.preparing === true,
    preparationKey: action?.preparation ? SPEED_CLASS_KEYS[action.preparation] : null,
    skillKey: action?.attack.kind === "skill" ? (SKILL_KEYS[action.attack.skill] ?? null) : null,
    skillRank: flags.skillRank,
    formula: flags.formula,
    base: signed(flags.base),
    modifiers: modifierLines(flags.modifiers),
    rollHtml,
    target: flags.target ? { name: flags.target.name } : null,
    defenses: flags.results.map((r) => defenseLine(r, flags.chosen)),
    orChoice: action?.defense.mode === "or" && judged,
    outcomes: (action?.outcomes ?? []).map((o) => ({
      key: o.key,
      happened: happened.has(o.key),
    })),
    judged,
    requirementKey: action?.requirementKey ?? null,
    specialKey: action?.specialKey ?? null,
    fumble: flags.fumble,
    durabilityLeft: flags.durabilityLeft,
    mayBreak: flags.durabilityLeft === 0,
    fatigue: flags.fatigue,
    unconsciousCheck: flags.unconsciousCheck,
    canCheck: flags.unconsciousCheck !== null && !options.checked,
    canRollDamage: flags.damage,
    schedule: scheduleLine(flags.schedule, flags.actor.name),
  };
}

/** A stance card: into which stance (or back to a basic one), at what speed, and what it gives and costs. */
export function stanceCardView(flags: HodStanceFlags) {
  const keys = flags.stance ? STANCE_KEYS[flags.stance as StanceId] : null;
  const left = flags.from ? (STANCE_KEYS[flags.from as StanceId] ?? null) : null;
  return {
    actorName: flags.actor.name,
    nameKey: keys?.name ?? null,
    leftKey: left?.name ?? null,
    benefitKey: keys?.benefit ?? null,
    drawbackKey: keys?.drawback ?? null,
    speedKey: SPEED_CLASS_KEYS[flags.speedClass as SpeedClass] ?? null,
    free: flags.speedClass === "free",
    shifting: flags.shifting,
    schedule: scheduleLine(flags.schedule, flags.actor.name),
  };
}
