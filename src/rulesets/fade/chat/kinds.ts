import { SYSTEM_ID } from "../../../constants";
import { AnthologyRoll } from "../../../dice/anthology-roll";
import type { Card } from "../../../play/card";
import { refuse } from "../../../play/refuse";
import { postedAt, userById, type PlayActor, type PlayMessage, type PlayUser } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice } from "../../../play/kind";
import { checkedRoll, refuseMissing } from "../../../play/verify";
import { templatePath } from "../../../sheets/paths";
import {
  BODY_PART_KEYS,
  FADE_STATUSES,
  chosenPart,
  declaredCalledShot,
  defenseAgainst,
  partIsGone,
  isMeleeAttack,
  judgeAttack,
  resolveHit,
  STATUS_ENDS,
  type BodyPart,
  type FadeDerived,
  type EnergyProfile,
} from "../rules";
import {
  attackSchema,
  checkSchema,
  damageSchema,
  type FadeAttackData,
  type FadeAttackRow,
  type FadeCheckData,
  type FadeDamageData,
  type FadeDamageRow,
} from "./card-data";
import { declaredDodges, dodgeFromCard } from "./dodge";
import {
  attackActions,
  checkLuck,
  checkPaid,
  checkedAttack,
  checkedDodge,
  damagePoolNow,
  derivedOf,
  distinctRolls,
  hasExtraDice,
  liveWeapon,
  partOf,
  readRequest,
  rowRoll,
} from "./gm-checks";
import { ROLLS } from "../../../play/verify";
import { bindPaid } from "./paid";
import { changesData, withLasting } from "../../../foundry";
import { luckRerollAction } from "./luck";
import { rollDamageAction } from "./damage-action";
import {
  attackCardView,
  checkCardView,
  damageCardView,
  skillCardView,
  typedExtra,
  type FadeAppliedSummary,
} from "./views";
import { skillSchema, type FadeSkillData } from "./card-data";
import { gmLocation, missingOf } from "./wounds";

export const FADE_CARD_TEMPLATES = {
  attack: templatePath("rulesets/fade/attack-card.hbs"),
  damage: templatePath("rulesets/fade/damage-card.hbs"),
  check: templatePath("rulesets/fade/check-card.hbs"),
  skill: templatePath("rulesets/fade/skill-card.hbs"),
} as const;

/** A Fade actor as an apply reads it. */
type FadeTarget = PlayActor & {
  readonly system: { derived?: FadeDerived; hp?: { value?: number }; energyProfile?: EnergyProfile };
};

async function bleedOf(bleed: number | string | undefined): Promise<number | null> {
  if (bleed === undefined) return null;
  if (typeof bleed === "number") return bleed;
  const roll = new AnthologyRoll(bleed) as unknown as { evaluate(): Promise<unknown>; total: number };
  await roll.evaluate();
  return roll.total;
}

/**
 * One hit on the target as it stands: damage through Deflection, energy, critical and Soak, the HP it
 * leaves, the called shot's effect as status effects, and unconscious or dead.
 */
async function hitPlan(input: {
  target: FadeTarget;
  origin: string | null;
  damage: number;
  part: BodyPart;
  /** The missing parts the location landed on first, each rolled again. */
  rerolledFrom?: readonly BodyPart[];
  calledShot: boolean;
  critical: boolean;
  coupDeGrace: boolean;
  penetration: number;
  damageType: string;
}): Promise<ApplyPlan> {
  const derived = derivedOf(input.target, input.target.name);
  const hp = Number(input.target.system.hp?.value ?? 0);
  const hit = resolveHit({ ...input, target: { derived, energy: input.target.system.energyProfile, hp } });
  let bleed: number | null = null;
  const effects: object[] = [];
  for (const plan of hit.statuses) {
    if (plan.bleed !== undefined) bleed = await bleedOf(plan.bleed);
    const status = FADE_STATUSES.find((s) => s.id === plan.status)!;
    const effect = {
      name: hit.effect?.severedPart
        ? game.i18n!.format("ANTHOLOGY.Fade.Status.severedPart", {
            status: game.i18n!.localize(status.name),
            part: game.i18n!.localize(BODY_PART_KEYS[hit.effect.severedPart]),
          })
        : game.i18n!.localize(status.name),
      img: status.img,
      statuses: [status.id],
      description: game.i18n!.localize(plan.key),
      ...(input.origin ? { origin: input.origin } : {}),
      ...changesData(plan.speedLoss ? [{ key: "system.speedLoss", type: "add", value: plan.speedLoss }] : []),
      flags: {
        [SYSTEM_ID]: { fade: { bleed, ...(hit.effect?.severedPart ? { severedPart: hit.effect.severedPart } : {}) } },
      },
    };
    effects.push(plan.rounds ? withLasting(effect, input.target, { rounds: plan.rounds, until: STATUS_ENDS }) : effect);
  }
  const lost = hit.damage.hpLoss > 0;
  const statuses =
    lost && hit.healthState === "dead"
      ? [{ id: "dead", overlay: true }]
      : lost && hit.healthState === "unconscious"
        ? [{ id: "unconscious" }]
        : [];
  const summary: FadeAppliedSummary = {
    part: input.part,
    steps: hit.damage.steps.map((s) => ({ ...s, data: { ...s.data } })),
    negatedBy: hit.damage.negatedBy,
    hpBefore: hit.hpBefore,
    hpAfter: hit.hpAfter,
    hpChange: hit.damage.hpChange,
    healthState: hit.healthState,
    effectKey: hit.effect?.key ?? null,
    severedPart: hit.effect?.severedPart ?? null,
    statuses: hit.statuses.map((p) => p.status),
    bleed,
    ...(input.rerolledFrom?.length ? { rerolledFrom: [...input.rerolledFrom] } : {}),
  };
  return {
    updates: hit.damage.hpChange !== 0 ? { "system.hp.value": hit.hpAfter } : {},
    effects,
    statuses,
    summary: summary as unknown as Record<string, unknown>,
  };
}

/**
 * Extra dice on an attack are the GM's call, which no sheet shows: a row that takes them rests on a
 * free choice, so it goes to someone else's actor only by a GM's own click (play/cards.ts).
 */
function extraDiceChoice(input: ApplyInput<FadeAttackData, FadeAttackRow>): FreeChoice | null {
  const roll = input.rolls[input.card.data.attackRoll];
  if (!roll) return null;
  const { choices } = readRequest(
    roll,
    { item: input.card.data.item.uuid, choices: input.card.data.choices },
    ROLLS.toHit,
  );
  // The same words the card shows them in.
  const typed = hasExtraDice(choices) ? typedExtra(choices) : null;
  return typed ? { key: "ANTHOLOGY.Fade.Play.extraDice", data: { attack: typed.roll, damage: typed.damage } } : null;
}

/**
 * The dodge or parry an attack's row meets, checked by the GM (gm-checks.ts): the one the row names,
 * or one the target declared before the attack that the attacker's client passed over.
 */
async function dodgeMet(input: {
  row: { uuid: string; data: FadeAttackRow };
  target: PlayActor;
  before: number | undefined;
  message: PlayMessage;
  user: PlayUser;
  attack: string;
  melee: boolean;
}): Promise<{ total: number } | null> {
  const named = input.row.data.dodge?.card;
  const declared = declaredDodges(input.target as never, input.before, input.message.id);
  for (const card of new Set([...(named ? [named] : []), ...declared])) {
    if (!dodgeFromCard(card, input.row.uuid, input.before)) continue;
    const dodge = await checkedDodge({
      card,
      dodger: input.target,
      user: input.user,
      attack: input.attack,
      melee: input.melee,
    });
    if (dodge) return dodge;
  }
  return null;
}

/**
 * An attack's row, applied. Every number comes from the stored dice and the documents now: the to-hit
 * roll must roll the pool the attacker's sheet gives for the choices its own request carries, with a
 * weapon the attacker still has, against the row's target; the location and damage rolls must roll
 * 1d10 and the sheet's damage pool, each for that target; a declared dodge must roll the dodger's
 * pool; the attack must have been paid for from the attacker's turn (paid.ts) and not been replaced by
 * a Luck reroll; and it must still hit the target's Defense now.
 */
async function resolveAttackRow(input: ApplyInput<FadeAttackData, FadeAttackRow>): Promise<ApplyPlan> {
  const { card, target, message, user } = input;
  const row = card.targets[input.index]!;
  const d = card.data;
  if (d.rerolled) refuse("ANTHOLOGY.Fade.Errors.rerolledCard");
  const attack = checkedAttack({ rolls: input.rolls, data: d, actor: input.actor, actorName: card.actor?.name ?? "" });
  const { request, weapon, choices, derived } = attack;
  if (request.targets && !request.targets.includes(row.uuid)) {
    refuse("ANTHOLOGY.Fade.Errors.rollNotFor", { roll: ROLLS.toHit, name: row.name });
  }
  checkLuck({ message, kind: "attack", actor: input.actor, rerolls: request.rerolls, target });
  const key = request.rerolls ?? message.id;
  if (!userById(message.author?.id ?? "")?.isGM) {
    await checkPaid(user, () =>
      bindPaid({
        actorUuid: input.actor!.uuid,
        name: input.actor!.name,
        request: request.raw,
        key,
        actions: attackActions(choices),
        roll: ROLLS.toHit,
      }),
    );
  }
  const defense = defenseAgainst(derivedOf(target, row.name), weapon, choices);
  const melee = isMeleeAttack(weapon, choices);
  const before = postedAt(message);
  const dodge = await dodgeMet({ row, target, before, message, user, attack: key, melee });
  const judged = judgeAttack(attack.roll.outcome, defense.value, dodge ? { dodge: dodge.total } : {});
  if (!judged.hit) refuse("ANTHOLOGY.Fade.Errors.noLongerHits", { name: row.name, value: String(defense.value) });
  const requests = request.raw !== undefined;
  const called = declaredCalledShot(choices);
  const chosen = chosenPart(choices);
  const missing = refuseGonePart(target, row.name, chosen);
  const { part, rerolledFrom, used } = await hitPart(input.rolls, row, chosen, requests, missing);
  distinctRolls(row.name, d.attackRoll, row.data.damageRoll, ...used);
  const damage = rowRoll({
    rolls: input.rolls,
    index: row.data.damageRoll,
    uuid: row.uuid,
    name: row.name,
    roll: ROLLS.damage,
    formula: damagePoolNow(derived, weapon, { ...choices, extra: choices.damageExtra }),
    requests,
  });
  return hitPlan({
    target: target as FadeTarget,
    origin: card.actor?.uuid ?? null,
    damage: damage.outcome.total,
    part,
    rerolledFrom,
    calledShot: called !== null,
    critical: judged.critical,
    coupDeGrace: choices.coupDeGrace === true,
    penetration: weapon.penetration ?? 0,
    damageType: weapon.damageType ?? "",
  });
}

/** The parts the target has lost now; a part chosen for the hit (a called shot) must not be one of them. */
function refuseGonePart(target: PlayActor, name: string, chosen: BodyPart | null | undefined): BodyPart[] {
  const missing = missingOf(target as never);
  if (chosen && partIsGone(chosen, missing))
    refuse("ANTHOLOGY.Fade.Errors.partGone", { name, part: BODY_PART_KEYS[chosen] });
  return missing;
}

/**
 * Where a row's hit lands: the part the choices give, else the row's own d10 rolled for its target,
 * rolled again (the card's rerolls for the row, then the GM's) while it lands on a part the target
 * has lost. The indices of the card's rolls it read come back with it.
 */
async function hitPart(
  rolls: ApplyInput<never, never>["rolls"],
  row: { readonly uuid: string; readonly name: string; readonly data: { readonly locationRoll: number | null } },
  chosen: BodyPart | null | undefined,
  requests: boolean,
  missing: readonly BodyPart[],
): Promise<{ part: BodyPart; rerolledFrom: readonly BodyPart[]; used: readonly number[] }> {
  if (chosen) return { part: chosen, rerolledFrom: [], used: [] };
  const d10 = (index: number | null) =>
    rowRoll({ rolls, index, uuid: row.uuid, name: row.name, roll: ROLLS.location, formula: "1d10", requests });
  const first = d10(row.data.locationRoll);
  // partOf reads the first face (and refuses a roll without one).
  partOf(null, () => first);
  return gmLocation({ rolls, first, index: row.data.locationRoll!, reroll: (i) => d10(i), missing });
}

/**
 * A damage card's row, applied: the damage roll must roll the pool the attacker's sheet gives for
 * the choices its request carries, with a weapon the attacker still has, against the row's target;
 * the location (a part the choices name, else a d10 rolled for the row) as its dice say.
 */
async function resolveDamageRow(input: ApplyInput<FadeDamageData, FadeDamageRow>): Promise<ApplyPlan> {
  const { card, target } = input;
  const row = card.targets[input.index]!;
  const d = card.data;
  const damage = input.rolls[d.damageRoll];
  if (!damage) refuseMissing(ROLLS.damage);
  const request = readRequest(damage, { item: d.item.uuid, choices: d.choices }, ROLLS.damage);
  if (request.raw !== undefined && request.targets === null) refuseMissing(ROLLS.damage);
  const weapon = liveWeapon(input.actor, request.item, d.item.name);
  const choices = request.choices;
  checkedRoll(damage, ROLLS.damage, damagePoolNow(derivedOf(input.actor, card.actor?.name ?? ""), weapon, choices));
  if (request.targets && !request.targets.includes(row.uuid)) {
    refuse("ANTHOLOGY.Fade.Errors.rollNotFor", { roll: ROLLS.damage, name: row.name });
  }
  const requests = request.raw !== undefined;
  const missing = refuseGonePart(target, row.name, choices.calledShot);
  const { part, rerolledFrom, used } = await hitPart(input.rolls, row, choices.calledShot, requests, missing);
  distinctRolls(row.name, d.damageRoll, ...used);
  return hitPlan({
    target: target as FadeTarget,
    origin: card.actor?.uuid ?? null,
    damage: damage.outcome.total,
    part,
    rerolledFrom,
    calledShot: declaredCalledShot(choices) !== null,
    critical: choices.critical === true,
    coupDeGrace: choices.coupDeGrace === true,
    penetration: weapon.penetration ?? 0,
    damageType: weapon.damageType ?? "",
  });
}

export const fadeAttackKind: CardKind<FadeAttackData, FadeAttackRow> = {
  id: "attack",
  template: FADE_CARD_TEMPLATES.attack,
  schema: attackSchema,
  view: attackCardView,
  appliable: (card: Card<FadeAttackData, FadeAttackRow>, index: number) => {
    const row = card.targets[index];
    return !card.data.rerolled && (row?.data.result === "hit" || row?.data.result === "criticalHit");
  },
  resolveApply: resolveAttackRow,
  restsOnChoice: extraDiceChoice,
  actions: { luckReroll: luckRerollAction("attack"), rollDamage: rollDamageAction },
};

/**
 * A damage card says itself whether it was a critical or a coup de grace, which no roll can show; so
 * its rows go to other people's actors only by a GM's hand (players apply them to their own).
 */
export const fadeDamageKind: CardKind<FadeDamageData, FadeDamageRow> = {
  id: "damage",
  template: FADE_CARD_TEMPLATES.damage,
  schema: damageSchema,
  view: damageCardView,
  applyBy: ["targetOwner"],
  resolveApply: resolveDamageRow,
};

export const fadeCheckKind: CardKind<FadeCheckData, Record<string, never>> = {
  id: "check",
  template: FADE_CARD_TEMPLATES.check,
  schema: checkSchema,
  view: checkCardView,
  actions: { luckReroll: luckRerollAction("check") },
};

export const fadeSkillKind: CardKind<FadeSkillData, Record<string, never>> = {
  id: "skill",
  template: FADE_CARD_TEMPLATES.skill,
  schema: skillSchema,
  view: skillCardView,
  actions: { luckReroll: luckRerollAction("skill") },
};
