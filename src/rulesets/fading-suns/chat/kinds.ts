import { RequestRefused } from "../../../hooks/socket";
import type { PlayActor } from "../../../play/documents";
import { ownActor } from "../../../play/actor-guard";
import { attackRequestOf } from "../../../play/attack-request";
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice, ReplayedRoll } from "../../../play/kind";
import { refuse } from "../../../play/refuse";
import { checkedRoll } from "../../../play/verify";
import { templatePath } from "../../../sheets/paths";
import { FS_WEAPON_TYPE } from "../data";
import {
  CONTEST_ACTIONS,
  RESIST_ACTIONS,
  applyDamage,
  downedBy,
  multiAttackCheck,
  resistFails,
  resolveGoal,
  typedGoalOutOfBounds,
  type FsTyped,
} from "../rules";
import { isOneOf } from "../../common";
import { cardOf, replayRolls, rowRecord } from "../../../play/cards";
import { messageById } from "../../../play/documents";
import type { Card } from "../../../play/card";
import { damageOnRecord, resistGoalOf } from "./resist-record";
import { sustainedNeeded } from "../settings";
import { attackerAsRolled, inHandAsRolled } from "./as-rolled";
import { attackGoal, attackRow, damageParts, hitDamage, weaponOf } from "./attack-math";
import {
  attackSchema,
  goalSchema,
  readChoices,
  resistSchema,
  type FsResistData,
  type FsAttackData,
  type FsAttackRow,
  type FsContestRow,
  type FsGoalData,
} from "./card-data";
import { fsFlows } from "./flow-registry";
import { isFsActor } from "./target";
import { attackCardView, goalCardView, resistCardView, typedView, type FsAppliedSummary } from "./views";

export const FS_CARD_TEMPLATES = {
  goal: templatePath("rulesets/fading-suns/goal-card.hbs"),
  attack: templatePath("rulesets/fading-suns/attack-card.hbs"),
  applied: templatePath("rulesets/fading-suns/applied.hbs"),
  resist: templatePath("rulesets/fading-suns/resist-card.hbs"),
  knockdown: templatePath("rulesets/fading-suns/knockdown-card.hbs"),
  hold: templatePath("rulesets/fading-suns/hold-card.hbs"),
} as const;

/** The mark, kept with a hit's apply on its target, that its knock-out or disarm roll was rolled. */
export const RESISTED = "resisted";

export const fs = (actor: PlayActor | null, name: string) =>
  ownActor(actor, isFsActor, name, "ANTHOLOGY.FadingSuns.Errors.notFadingSuns");

/** A stored d20's face, read from its dice: the roll must be there and be one d20 (`roll` names it in a refusal). */
export function d20(stored: ReplayedRoll | null | undefined, roll: string, name: string): number {
  const face = checkedRoll(stored, roll, "1d20").outcome.total;
  if (face < 1 || face > 20) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  return face;
}

/**
 * A follow-up roll judged from its dice: the first d20's face, the reroll a critical asked for (read from
 * its own dice), against `goal`; refused when a reroll is owed and missing.
 */
export function judgeD20s(roll: number, second: ReplayedRoll | null | undefined, goal: number, name: string) {
  const rolls = [roll];
  if ((second?.request as { reroll?: unknown } | undefined)?.reroll === true) rolls.push(d20(second, "check", name));
  const result = resolveGoal({ goal, rolls });
  if (result.needsReroll) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  return result;
}

/** Refuses a roll whose typed choices (the other modifier, a complementary roll's VP) are beyond the bounds. */
export function refuseOutOfBounds(choices: FsTyped): void {
  const out = typedGoalOutOfBounds(choices);
  if (!out) return;
  const what = {
    other: "ANTHOLOGY.FadingSuns.Typed.Name.other",
    complementary: "ANTHOLOGY.FadingSuns.Typed.Name.complementary",
  }[out.field];
  refuse("ANTHOLOGY.FadingSuns.Errors.typedBounds", { what, value: out.value, bound: out.bound });
}

/** The free choice a roll's typed values make (null: none, or beyond the bounds, which the apply refuses). */
export function typedChoice(choices: FsTyped | null): FreeChoice | null {
  if (!choices || typedGoalOutOfBounds(choices)) return null;
  const typed = typedView(choices);
  if (!typed.length) return null;
  const list = typed.map((t) => game.i18n!.format(t.key, { value: t.value })).join(", ");
  return { key: "ANTHOLOGY.FadingSuns.Play.typed", data: { list } };
}

/** What the attack roll was rolled for, read as untrusted data (an unarmed attack names no weapon). */
export const attackRequest = (roll: ReplayedRoll, name: string) => attackRequestOf(roll, name, readChoices, true);

/**
 * An attack's row, applied by the GM: the d20 (and reroll) read again from their dice, the goal from
 * the attacker as it stands and the target's Defense now (it must still hit), the damage (DMG and its
 * bonuses), then the target's armor and Vitality now.
 */
function resolveAttackRow(input: ApplyInput<FsAttackData, FsAttackRow>): ApplyPlan {
  const { card } = input;
  const row = card.targets[input.index]!;
  const first = input.rolls[0];
  const roll = d20(first, "toHit", row.name);
  const request = attackRequest(first!, row.name);
  if (!request.targets.includes(row.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  // The card shows the weapon its roll was rolled with.
  if (request.item !== (card.data.item?.uuid ?? null)) {
    refuse("ANTHOLOGY.FadingSuns.Errors.notThisItem", {
      item: card.data.item?.name ?? "ANTHOLOGY.FadingSuns.Sheet.unarmed",
    });
  }
  refuseOutOfBounds(request.choices);
  // One d20 against several targets is one attack each: the roll must count (and pay for) them all.
  if (multiAttackCheck(request.choices.attacks, request.targets.length) !== "ok") {
    refuse("ANTHOLOGY.FadingSuns.Errors.multiAttack", {
      name: row.name,
      targets: String(request.targets.length),
      attacks: String(request.choices.attacks ?? 1),
    });
  }
  const second = input.rolls[1];
  const reroll =
    second && (second.request as { reroll?: unknown } | undefined)?.reroll === true
      ? d20(second, "toHit", row.name)
      : null;
  const attacker = fs(input.actor, card.actor?.name ?? "");
  let item = null;
  if (request.item !== null) {
    item = attacker.items.contents.find((i) => i.uuid === request.item) ?? null;
    if (!item || item.type !== FS_WEAPON_TYPE) {
      refuse("ANTHOLOGY.FadingSuns.Errors.weaponGone", { name: card.data.item?.name ?? "" });
    }
    // A weapon not in hand (dropped) does not strike, unless it was dropped after this roll.
    if (!inHandAsRolled(attacker, item, input.message))
      refuse("ANTHOLOGY.FadingSuns.Errors.notInHand", { name: attacker.name, item: item.name });
  }
  const weapon = weaponOf(item);
  const target = fs(input.target, row.name);
  const choices = request.choices;
  // The attacker as they stood when the attack was rolled: a wound applied since does not undo a hit.
  const asRolled = attackerAsRolled(attacker, input.message);
  const { goal } = attackGoal(asRolled, weapon, choices);
  const damage = damageParts(asRolled, weapon, choices);
  const result = attackRow({
    goal,
    ownDefense: target.system.derived.defense,
    armor: target.system.derived.armor,
    weapon,
    choices,
    damage: hitDamage(damage),
    roll,
    reroll,
  });
  if (!result.hit || result.damage === null) {
    refuse("ANTHOLOGY.FadingSuns.Errors.noLongerHits", { name: row.name, goal: String(result.goal) });
  }
  // DMG 0 takes no Vitality: only knockdown's hit is applied, to put it on record for its contest.
  if (result.damage === 0 && choices.fightAction !== "knockdown")
    refuse("ANTHOLOGY.FadingSuns.Errors.noDamage", { name: row.name });
  const before = target.system.derived.vitality.value;
  const hit = applyDamage({ vitality: before, damage: result.damage, armor: result.armor });
  const down = downedBy(hit);
  const summary: FsAppliedSummary = {
    damage: result.damage,
    armor: result.armor,
    taken: hit.taken,
    before,
    after: hit.after,
    down,
  };
  return {
    updates: hit.taken > 0 ? { "system.vitality.value": hit.after } : {},
    statuses: down ? [{ id: "unconscious" }] : [],
    summary: summary as unknown as Record<string, unknown>,
  };
}

const needed = (d: FsGoalData) => sustainedNeeded(d.task);

export const fsGoalKind: CardKind<FsGoalData, FsContestRow> = {
  id: "goal",
  template: FS_CARD_TEMPLATES.goal,
  schema: goalSchema,
  view: (card, context) => goalCardView(card, context, needed(card.data)),
  actions: {
    // The link module posts these kinds' cards: the buttons find its flows in the registry when pressed.
    answer: {
      who: "targetOwner",
      enabled: (card, target) => target !== null && card.targets[target]?.data.result === null,
      run: ({ message, target }) =>
        target === null ? Promise.resolve(null) : fsFlows.flow("answerContest")(message, target),
    },
    again: {
      who: "actorOwner",
      enabled: (card) => card.data.total < needed(card.data),
      run: ({ message }) => fsFlows.flow("continueTask")(message),
    },
  },
};

/** An attack's row rests on what its roller typed (the other modifier, a complementary roll's VP), read from the roll. */
function attackTyped(input: ApplyInput<FsAttackData, FsAttackRow>): FreeChoice | null {
  const first = input.rolls[0];
  if (!first) return null;
  try {
    return typedChoice(attackRequest(first, "").choices);
  } catch (error) {
    if (error instanceof RequestRefused) return null;
    throw error;
  }
}

export const fsAttackKind: CardKind<FsAttackData, FsAttackRow> = {
  id: "attack",
  template: FS_CARD_TEMPLATES.attack,
  schema: attackSchema,
  view: attackCardView,
  actions: {
    // A knock-out's or disarm's hit, once applied: its target's owners roll against the damage, once.
    resist: {
      who: "targetOwner",
      enabled: (card, target, message) => {
        const row = target === null ? undefined : card.targets[target];
        if (!row?.applied || !isOneOf(RESIST_ACTIONS, card.data.choices.fightAction)) return false;
        const record = rowRecord(message, card as never, target!);
        return record.applied && !record.done.includes(RESISTED);
      },
      run: ({ message, target }) => (target === null ? Promise.resolve(null) : fsFlows.flow("resist")(message, target)),
    },
    // A knockdown's or grapple's hit, once applied: its attacker rolls for the contest.
    contest: {
      who: "actorOwner",
      enabled: (card, target, message) =>
        target !== null &&
        card.targets[target]?.applied != null &&
        isOneOf(CONTEST_ACTIONS, card.data.choices.fightAction) &&
        rowRecord(message, card as never, target).applied,
      run: ({ message, target }) =>
        target === null ? Promise.resolve(null) : fsFlows.flow("contest")(message, target),
    },
  },
  // A hit for DMG 0 takes nothing off Vitality; knockdown's is applied all the same, for its contest.
  appliable: (card, index) =>
    card.targets[index]?.data.hit === true &&
    (card.targets[index]?.data.damage !== 0 || card.data.choices.fightAction === "knockdown"),
  resolveApply: resolveAttackRow,
  restsOnChoice: attackTyped,
};

/** What applying a failed knock-out or disarm roll did, as its row shows it. */
export interface FsResistSummary {
  readonly knockedOut: boolean;
  readonly dropped: string;
}

/**
 * A failed roll against a knock-out's or disarm's damage, applied by the GM: the roll read again from its
 * dice, the hit it answers read from the attack card (the action from the attack roll's own request, the
 * damage from the records of its apply), the goal from the roller as it stands; a failure knocks the
 * roller out or drops the weapons it holds.
 */
function resolveResist(input: ApplyInput<FsResistData, Record<string, never>>): ApplyPlan {
  const { card } = input;
  const row = card.targets[input.index]!;
  const target = fs(input.target, row.name);
  const first = input.rolls[0];
  const roll = d20(first, "check", row.name);
  const asked = (first?.request as { resist?: { against?: unknown; row?: unknown } } | undefined)?.resist;
  if (card.actor?.uuid !== target.uuid || asked?.against !== card.data.against || asked.row !== card.data.row)
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  const attackMessage = messageById(card.data.against);
  const read = attackMessage ? cardOf(attackMessage) : null;
  if (!attackMessage || !read || "error" in read || read.card.ruleSet !== "fading-suns" || read.card.kind !== "attack")
    refuse("ANTHOLOGY.Play.Errors.cardGone");
  const attack = read.card as unknown as Card<FsAttackData, FsAttackRow>;
  const hit = attack.targets[card.data.row];
  if (!hit || hit.uuid !== target.uuid) refuse("ANTHOLOGY.FadingSuns.Errors.notTheTarget", { name: target.name });
  const attackRoll = replayRolls(attackMessage)[0];
  if (!attackRoll) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  const action = attackRequest(attackRoll, row.name).choices.fightAction;
  if (action !== card.data.action) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  const damage = damageOnRecord(attackMessage, attack, card.data.row, target);
  if (damage === null) refuse("ANTHOLOGY.FadingSuns.Errors.hitNotOnRecord", { name: target.name });
  const { goal } = resistGoalOf(target as never, card.data.action, damage);
  const result = judgeD20s(roll, input.rolls[1], goal, row.name);
  if (!resistFails(result.outcome)) refuse("ANTHOLOGY.FadingSuns.Errors.heldOn", { name: target.name });
  if (card.data.action === "knockOut") {
    const summary: FsResistSummary = { knockedOut: true, dropped: "" };
    return { updates: {}, statuses: [{ id: "unconscious" }], summary: summary as unknown as Record<string, unknown> };
  }
  const inHand = target.items.contents.filter((i) => i.type === FS_WEAPON_TYPE && i.system.held !== false);
  if (!inHand.length) refuse("ANTHOLOGY.FadingSuns.Errors.nothingInHand", { name: target.name });
  const summary: FsResistSummary = { knockedOut: false, dropped: inHand.map((i) => i.name).join(", ") };
  return {
    updates: {},
    items: inHand.map((i) => ({ id: i.id, updates: { "system.held": false } })),
    summary: summary as unknown as Record<string, unknown>,
  };
}

export const fsResistKind: CardKind<FsResistData, Record<string, never>> = {
  id: "resist",
  template: FS_CARD_TEMPLATES.resist,
  schema: resistSchema,
  view: resistCardView,
  // Only a failed roll has something to apply.
  appliable: (card) => resistFails(card.data.outcome),
  resolveApply: resolveResist,
};
