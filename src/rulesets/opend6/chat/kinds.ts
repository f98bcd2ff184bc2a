import { AnthologyRoll } from "../../../dice/anthology-roll";
import { refuse } from "../../../play/refuse";
import type { Card } from "../../../play/card";
import { replayRolls } from "../../../play/cards";
import { postedAt, resolve, type PlayActor, type PlayRoll } from "../../../play/documents";
import { ownActor } from "../../../play/actor-guard";
import { attackRequestOf } from "../../../play/attack-request";
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice, ReplayedRoll } from "../../../play/kind";
import { templatePath } from "../../../sheets/paths";
import { SYSTEM_ID } from "../../../constants";
import { statusEntry } from "../../../foundry/statuses";
import { OPEND6_WEAPON_TYPE } from "../data";
import { checkedRoll, refuseMissing, sameFormula } from "../../../play/verify";
import { defenseAgainst } from "./defense-against";
import {
  bonusDiceChoice,
  boundedBonus,
  paidPoints,
  penaltiesSince,
  refuseRequest,
  refuseUnableToAct,
  rollsAsSheet,
  sameChoices,
} from "./checks";
import { OPTION_REFUSALS, attackCode, attackFormula, gripCodeOf, hitDamageCode, struckOn, weaponOf } from "./codes";
import { stumbleEffect, stumbleStood } from "./stumble";
import {
  MAX_ACROBATICS,
  MAX_DIFFICULTY_MODIFIER,
  combatDifficulty,
  hitTotals,
  hitOutcome,
  isWoundLevel,
  knockoutHours,
  keepsGrip,
  mayKnockDown,
  reflexesBased,
  optionEffects,
  optionsRefusal,
  meets,
  normalize,
  scale,
  type HitOutcome,
  toPips,
  unarmedReaches,
} from "../rules";
import { damageBonusSetting, healthModeSetting, tablesSetting, woundChartSetting } from "../settings";
import {
  attackSchema,
  checkSchema,
  readChoices,
  type OpenD6AttackData,
  type OpenD6AttackRow,
  type OpenD6CheckData,
} from "./card-data";
import { combatChoicesOf, optionsOf, penaltyDice } from "./dialog-form";
import { spendAction } from "./spend";
import { withSpends } from "./spent";
import { isOpenD6Actor } from "./target";
import { attackCardView, checkCardView, type OpenD6AppliedSummary } from "./views";

export const OPEND6_CARD_TEMPLATES = {
  check: templatePath("rulesets/opend6/check-card.hbs"),
  attack: templatePath("rulesets/opend6/attack-card.hbs"),
  applied: templatePath("rulesets/opend6/applied.hbs"),
} as const;

const opend6 = (actor: PlayActor | null, name: string) =>
  ownActor(actor, isOpenD6Actor, name, "ANTHOLOGY.OpenD6.Errors.notOpenD6");

function rollOf(rolls: ApplyInput<never, never>["rolls"], index: number | null, name: string): ReplayedRoll {
  const roll = index === null ? null : rolls[index];
  if (!roll) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  return roll;
}

/** A roll made for one row must have been rolled for that row's target. */
function forRow(roll: ReplayedRoll, uuid: string, name: string): ReplayedRoll {
  const request = roll.request as { target?: unknown } | undefined;
  if (request?.target !== uuid) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  return roll;
}

/** What the attack roll was rolled for, read as untrusted data (no item: an unarmed blow). */
const attackRequest = (roll: ReplayedRoll, name: string) => attackRequestOf(roll, name, readChoices, true);

/**
 * What a player typed in the attack dialog: an acrobatic trick's difficulty and total (the GM sets
 * the difficulty, the acrobatics roll is another card), or bonus dice. A row resting on them waits,
 * on someone else's actor, for a GM's own click (play/cards.ts).
 */
function acrobaticTrick(input: ApplyInput<OpenD6AttackData, OpenD6AttackRow>): FreeChoice | null {
  const attack = input.rolls[input.card.data.attackRoll];
  if (!attack) return null;
  const { choices } = attackRequest(attack, input.card.targets[input.index]?.name ?? "");
  const beyond =
    (choices.acrobaticsTotal ?? 0) > MAX_ACROBATICS || (choices.acrobaticsDifficulty ?? 0) > MAX_ACROBATICS;
  if (choices.maneuver === "acrobatics" && (choices.acrobaticsTotal ?? 0) > 0 && !beyond) {
    return {
      key: "ANTHOLOGY.OpenD6.Play.acrobatics",
      data: { total: choices.acrobaticsTotal ?? 0, difficulty: choices.acrobaticsDifficulty ?? 0 },
    };
  }
  // A typed modifier that makes the attack easier is the GM's call (one that makes it harder is not).
  const modifier = choices.modifier ?? 0;
  if (modifier < 0 && modifier >= -MAX_DIFFICULTY_MODIFIER) {
    return { key: "ANTHOLOGY.OpenD6.Play.modifier", data: { modifier: String(modifier) } };
  }
  return bonusDiceChoice(choices.bonusDice);
}

/** The target's resistance roll: the card's, while it rolled the code the target resists with now; else rolled again here. */
async function resistanceOf(
  input: ApplyInput<OpenD6AttackData, OpenD6AttackRow>,
  row: Card<OpenD6AttackData, OpenD6AttackRow>["targets"][number],
  code: string,
): Promise<{ total: number; rerolled: boolean }> {
  if (toPips(code) === 0) return { total: 0, rerolled: row.data.resistanceRoll !== null };
  const stored = row.data.resistanceRoll === null ? null : input.rolls[row.data.resistanceRoll];
  if (stored) {
    forRow(stored, row.uuid, row.name);
    let rolled: string | null;
    try {
      rolled = normalize(stored.stored.formula.replace(/\s+/g, ""));
    } catch {
      rolled = null;
    }
    if (rolled === code) return { total: stored.outcome.total, rerolled: false };
  }
  const roll = new AnthologyRoll(code) as unknown as PlayRoll & { evaluate(): Promise<unknown> };
  await roll.evaluate();
  const replayed = replayRolls({ rolls: [roll] })[0];
  return { total: replayed?.outcome.total ?? 0, rerolled: true };
}

/**
 * The attack roll judged by the GM against one defender (a row's target, or the defender whose parry
 * hurt the attacker): the roll read again from its dice and checked against the sheet, the weapon and
 * the choices, and the defender's combat difficulty as it stood when the attack was posted.
 */
function judgeAttack(
  input: ApplyInput<OpenD6AttackData, OpenD6AttackRow>,
  row: { readonly uuid: string; readonly name: string },
  defender: PlayActor | null,
) {
  const { card } = input;
  const d = card.data;
  const attack = input.rolls[d.attackRoll];
  if (!attack) refuseMissing("toHit");
  const request = attackRequest(attack, row.name);
  if (!request.targets.includes(row.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  // The roll was made with the weapon and the choices the card shows.
  if (request.item !== (d.item?.uuid ?? null) || !sameChoices(request.choices, d.choices)) refuseRequest("toHit");
  const attacker = opend6(input.actor, card.actor?.name ?? "");
  // No item: an unarmed blow (brawling, Strength Damage), which reaches Point Blank only.
  const item = request.item === null ? null : (attacker.items.contents.find((i) => i.uuid === request.item) ?? null);
  if (request.item !== null && (!item || item.type !== OPEND6_WEAPON_TYPE)) {
    refuse("ANTHOLOGY.OpenD6.Errors.weaponGone", { name: d.item?.name ?? "" });
  }
  const target = opend6(defender, row.name);
  const choices = request.choices;
  if (item === null && !unarmedReaches(choices.range ?? "short")) {
    refuse(OPTION_REFUSALS.unarmedRange!, { name: attacker.name });
  }
  boundedBonus(choices.bonusDice, "toHit");
  if ((choices.acrobaticsTotal ?? 0) > MAX_ACROBATICS || (choices.acrobaticsDifficulty ?? 0) > MAX_ACROBATICS) {
    refuse("ANTHOLOGY.OpenD6.Errors.acrobaticsBeyond", { max: String(MAX_ACROBATICS) });
  }
  if (Math.abs(choices.modifier ?? 0) > MAX_DIFFICULTY_MODIFIER) {
    refuse("ANTHOLOGY.OpenD6.Errors.modifierBeyond", { max: String(MAX_DIFFICULTY_MODIFIER) });
  }
  const weapon = weaponOf(item);
  const when = postedAt(input.message);
  // An attacker out of action or unconscious when it rolled could not attack (put down since, it had acted).
  refuseUnableToAct(attacker as never, when);
  // A stumble standing when it rolled takes 2D from a Reflexes-based attack.
  if (reflexesBased(weapon.skill) && !choices.stumbled && stumbleStood(attacker as never, when)) {
    refuse("ANTHOLOGY.OpenD6.Errors.stumbleSkipped", { name: attacker.name });
  }
  // It rolls what the weapon's skill and the choices give now (the wound penalty now or when rolled).
  const penalties = penaltiesSince(attacker as never, when);
  const formulaWith = (p: number) => attackFormula(attacker as never, item as never, choices, p);
  rollsAsSheet(attack, "toHit", formulaWith, penalties);
  const woundPenalty = penalties.find((p) => sameFormula(attack.stored.formula, formulaWith(p))) ?? penalties[0]!;
  // The combat options the weapon's skill can make, with quick draw's 1D counted after the wound and
  // multi-action penalties the roll took (the dialog refuses the others before rolling).
  const skillPips = toPips(attackCode(attacker as never, weapon.skill));
  const optionRefusal = optionsRefusal(
    optionsOf(choices),
    weapon.skill,
    skillPips,
    penaltyDice(woundPenalty, choices),
    weapon.edged,
  );
  if (optionRefusal) refuse(OPTION_REFUSALS[optionRefusal] ?? OPTION_REFUSALS.wrongSkill!, { name: attacker.name });
  paidPoints(input.message, input.rolls, d.attackRoll, choices, attacker, "toHit");
  const s = scale(attacker.system.scale ?? 0, target.system.scale ?? 0);
  // The defense the target stood behind when the attack was posted (read from its own card's dice,
  // counted only when it holds: chat/checks.ts).
  const { value: defense, active } = defenseAgainst(target as never, choices.range ?? "short", when);
  const tables = tablesSetting();
  const effects = optionEffects(optionsOf(choices), tables);
  const difficulty = combatDifficulty(defense, combatChoicesOf(choices), s.difficulty, effects.difficulty, tables);
  // Points spent after the roll count, read from their own dice on the card.
  let rolled: ReturnType<typeof withSpends>;
  try {
    rolled = withSpends(input.rolls, d.attackRoll);
  } catch {
    rolled = null;
  }
  if (!rolled) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  const total = rolled.total + s.skill;
  return { attacker, target, item, weapon, choices, effects, difficulty, total, active };
}

/**
 * An attack's row, applied by the GM: the attack roll read again from its dice against the target's
 * defense now (it must still hit), the damage from its dice, the resistance from the target's roll
 * (rolled again when the target's resistance code has changed), then the Wound level or Body Points.
 */
async function resolveAttackRow(input: ApplyInput<OpenD6AttackData, OpenD6AttackRow>): Promise<ApplyPlan> {
  const row = input.card.targets[input.index]!;
  if (row.data.struck) return resolveStruckRow(input);
  const { attacker, target, item, weapon, choices, effects, difficulty, total } = judgeAttack(input, row, input.target);
  if (!meets(total, difficulty.value)) {
    refuse("ANTHOLOGY.OpenD6.Errors.noLongerHits", { name: row.name, value: String(difficulty.value) });
  }
  const mode = healthModeSetting();
  const held = effects.status ? [{ id: effects.status }] : [];
  if (effects.noDamage) {
    // A knockdown or push works only on a target no stronger than the attacker (the text).
    const maneuver = choices.maneuver ?? "none";
    if (
      (maneuver === "knockdown" || maneuver === "push") &&
      !mayKnockDown(attacker.system.derived.attributes.physique, target.system.derived.attributes.physique)
    ) {
      refuse("ANTHOLOGY.OpenD6.Errors.tooStrong", { name: target.name, attacker: attacker.name });
    }
    const summary: OpenD6AppliedSummary = {
      ...NO_HIT_SUMMARY,
      mode,
      woundsBefore: isWoundLevel(target.system.wounds) ? target.system.wounds : "none",
      bodyPointsBefore: target.system.bodyPoints.value,
      bodyPointsAfter: target.system.bodyPoints.value,
      status: effects.status,
      ...(effects.stumble ? { stumbled: true } : {}),
    };
    return {
      updates: {},
      statuses: held,
      ...(effects.stumble ? { effects: [stumbleEffect()] } : {}),
      summary: summary as unknown as Record<string, unknown>,
    };
  }
  // The damage roll rolls what the weapon, the attacker and the choices give now.
  let damageCode: string;
  try {
    damageCode = hitDamageCode(attacker as never, item as never, choices);
  } catch {
    refuse("ANTHOLOGY.OpenD6.Errors.badDamage", { name: item?.name ?? "", damage: weapon.damage });
  }
  const damage =
    toPips(damageCode) === 0
      ? 0
      : checkedRoll(
          row.data.damageRoll === null
            ? null
            : forRow(rollOf(input.rolls, row.data.damageRoll, row.name), row.uuid, row.name),
          "damage",
          damageCode,
        ).outcome.total;
  if (effects.disarm) {
    // A disarm: the damage done against the target's grip roll; the weapon aimed at drops unless the grip is greater.
    const disarmed = target.items.contents.find(
      (i) => i.id === choices.disarmWeapon && i.type === OPEND6_WEAPON_TYPE && i.system.dropped !== true,
    );
    if (!disarmed) refuse("ANTHOLOGY.OpenD6.Errors.disarmNothing", { name: row.name });
    const done = hitTotals({
      attackTotal: total,
      difficulty: difficulty.value,
      damageRoll: damage,
      resistanceRoll: 0,
      useDamageBonus: damageBonusSetting() && !effects.noDamageBonus,
      attackerScale: attacker.system.scale ?? 0,
      defenderScale: target.system.scale ?? 0,
      damageModifier: effects.damageTotal,
    }).damage;
    const gripStored =
      row.data.gripRoll === null || row.data.gripRoll === undefined ? null : input.rolls[row.data.gripRoll];
    if (gripStored) forRow(gripStored, row.uuid, row.name);
    const grip = checkedRoll(gripStored, "grip", gripCodeOf(target as never)).outcome.total;
    const drops = !keepsGrip(grip, done);
    const summary: OpenD6AppliedSummary = {
      ...NO_HIT_SUMMARY,
      mode: healthModeSetting(),
      damage: done,
      woundsBefore: isWoundLevel(target.system.wounds) ? target.system.wounds : "none",
      bodyPointsBefore: target.system.bodyPoints.value,
      bodyPointsAfter: target.system.bodyPoints.value,
      disarm: { weapon: disarmed.name, grip, dropped: drops },
    };
    return {
      updates: {},
      ...(drops ? { items: [{ id: disarmed.id, updates: { "system.dropped": true } }] } : {}),
      summary: summary as unknown as Record<string, unknown>,
    };
  }
  const resistance = await resistanceOf(input, row, target.system.derived.resistance);
  const totals = hitTotals({
    attackTotal: total,
    difficulty: difficulty.value,
    damageRoll: damage,
    resistanceRoll: resistance.total,
    useDamageBonus: damageBonusSetting() && !effects.noDamageBonus,
    attackerScale: attacker.system.scale ?? 0,
    defenderScale: target.system.scale ?? 0,
    damageModifier: effects.damageTotal,
  });
  const { hit, unconscious, changed, down } = hitOutcome({
    mode,
    damage: totals.damage,
    resistance: totals.resistance,
    wounds: isWoundLevel(target.system.wounds) ? target.system.wounds : "none",
    bodyPoints: target.system.bodyPoints.value,
    maxBodyPoints: target.system.bodyPoints.max,
    chart: woundChartSetting(),
    knockout: effects.knockout,
  });
  // Out cold for as many hours as the attack beat the difficulty by, or until woken.
  const hours = knockoutHours(total, difficulty.value);
  const summary: OpenD6AppliedSummary = {
    mode: hit.mode,
    damage: totals.damage,
    resistance: totals.resistance,
    excess: hit.excess,
    hitLevel: hit.hitLevel,
    woundsBefore: hit.woundsBefore,
    woundsAfter: hit.woundsAfter,
    bodyPointsBefore: hit.bodyPointsBefore,
    bodyPointsAfter: hit.bodyPointsAfter,
    resistanceRerolled: resistance.rerolled,
    knockedOut: unconscious,
    ...(unconscious ? { knockoutHours: hours } : {}),
    status: effects.status,
  };
  const updates = trackUpdates(hit, changed);
  return {
    updates,
    // A knockout's unconscious status is an effect that names its hours (Undo takes it off).
    ...(unconscious ? { effects: [knockedOutEffect(hours)] } : {}),
    statuses: [...(down ? [{ id: "unconscious" }] : []), ...held],
    summary: summary as unknown as Record<string, unknown>,
  };
}

/**
 * A miss that still hurts, applied by the GM: the attack judged again against the defender (it must
 * still miss it), the defense that stopped it read from its own card (a blade's parry of an unarmed
 * blow hurts the attacker; a body's block of a blade, unarmored, hurts the blocker), then the blade's
 * listed damage from its dice against the victim's resistance.
 */
async function resolveStruckRow(input: ApplyInput<OpenD6AttackData, OpenD6AttackRow>): Promise<ApplyPlan> {
  const row = input.card.targets[input.index]!;
  const parry = row.data.struck === "parry";
  const defenderUuid = parry ? (row.data.by ?? "") : row.uuid;
  const defender = parry ? (resolve<PlayActor>(defenderUuid) ?? null) : input.target;
  const judged = judgeAttack(input, { uuid: defenderUuid, name: defender?.name ?? row.name }, defender);
  if (meets(judged.total, judged.difficulty.value)) {
    refuse("ANTHOLOGY.OpenD6.Errors.notStopped", { name: judged.target.name });
  }
  // A parry's row hurts the attacker: its target is the attacker.
  const victim = opend6(input.target, row.name);
  if (parry && victim.uuid !== judged.attacker.uuid) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  const struck = struckOn(judged.weapon, judged.active, judged.target as never);
  if (!struck || struck.struck !== row.data.struck) refuse("ANTHOLOGY.OpenD6.Errors.notStruck", { name: row.name });
  const damage =
    toPips(struck.code) === 0
      ? 0
      : checkedRoll(
          row.data.damageRoll === null
            ? null
            : forRow(rollOf(input.rolls, row.data.damageRoll, row.name), row.uuid, row.name),
          "damage",
          struck.code,
        ).outcome.total;
  const resistance = await resistanceOf(input, row, victim.system.derived.resistance);
  const harmer = parry ? judged.target : judged.attacker;
  const totals = hitTotals({
    attackTotal: 0,
    difficulty: 0,
    damageRoll: damage,
    resistanceRoll: resistance.total,
    useDamageBonus: false,
    attackerScale: harmer.system.scale ?? 0,
    defenderScale: victim.system.scale ?? 0,
  });
  const { hit, changed, down } = hitOutcome({
    mode: healthModeSetting(),
    damage: totals.damage,
    resistance: totals.resistance,
    wounds: isWoundLevel(victim.system.wounds) ? victim.system.wounds : "none",
    bodyPoints: victim.system.bodyPoints.value,
    maxBodyPoints: victim.system.bodyPoints.max,
    chart: woundChartSetting(),
  });
  const summary: OpenD6AppliedSummary = {
    mode: hit.mode,
    damage: totals.damage,
    resistance: totals.resistance,
    excess: hit.excess,
    hitLevel: hit.hitLevel,
    woundsBefore: hit.woundsBefore,
    woundsAfter: hit.woundsAfter,
    bodyPointsBefore: hit.bodyPointsBefore,
    bodyPointsAfter: hit.bodyPointsAfter,
    resistanceRerolled: resistance.rerolled,
    status: null,
  };
  return {
    updates: trackUpdates(hit, changed),
    statuses: down ? [{ id: "unconscious" }] : [],
    summary: summary as unknown as Record<string, unknown>,
  };
}

/** What a hit writes on its target's track: the Wound level or the Body Points, when they change. */
function trackUpdates(hit: HitOutcome["hit"], changed: boolean): Record<string, string | number> {
  if (!changed) return {};
  return hit.mode === "wounds"
    ? { "system.wounds": hit.woundsAfter }
    : { "system.bodyPoints.value": hit.bodyPointsAfter };
}

/** The unconscious status a knockout puts on its target, naming how many hours it lasts (the GM ends it). */
function knockedOutEffect(hours: number): object {
  return {
    name: game.i18n!.format("ANTHOLOGY.OpenD6.Status.knockedOut", { hours: String(hours) }),
    img: statusEntry("unconscious")?.img ?? "icons/svg/unconscious.svg",
    statuses: ["unconscious"],
    flags: { [SYSTEM_ID]: { opend6KnockedOut: { hours } } },
  };
}

/** A row that did no damage (an entangling weapon): nothing changes but the status. */
const NO_HIT_SUMMARY: OpenD6AppliedSummary = {
  mode: "wounds",
  damage: 0,
  resistance: 0,
  excess: 0,
  hitLevel: "none",
  woundsBefore: "none",
  woundsAfter: "none",
  bodyPointsBefore: 0,
  bodyPointsAfter: 0,
  resistanceRerolled: false,
  knockedOut: false,
  status: null,
};

/** Character Points and Fate Points spent after the roll, by the roller's owners. */
const SPEND_ACTIONS = {
  spendCharacterPoint: spendAction("characterPoint"),
  spendFatePoint: spendAction("fatePoint"),
};

export const opend6CheckKind: CardKind<OpenD6CheckData, Record<string, never>> = {
  id: "check",
  template: OPEND6_CARD_TEMPLATES.check,
  schema: checkSchema,
  view: checkCardView,
  actions: SPEND_ACTIONS as never,
};

export const opend6AttackKind: CardKind<OpenD6AttackData, OpenD6AttackRow> = {
  id: "attack",
  template: OPEND6_CARD_TEMPLATES.attack,
  schema: attackSchema,
  view: attackCardView,
  actions: SPEND_ACTIONS as never,
  // A hit, or a miss that still hurts (a parry's or a block's blade).
  appliable: (card, index) => card.targets[index]?.data.hit === true || Boolean(card.targets[index]?.data.struck),
  resolveApply: resolveAttackRow,
  restsOnChoice: acrobaticTrick,
};
