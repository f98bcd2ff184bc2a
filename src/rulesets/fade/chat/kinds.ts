import { SYSTEM_ID } from "../../../constants";
import { AnthologyRoll } from "../../../dice/anthology-roll";
import { RequestRefused } from "../../../hooks/socket";
import { CardError, MAX_TARGETS, type Card } from "../../../play/card";
import type { PlayActor, PlayItem } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind, ReplayedRoll } from "../../../play/kind";
import { templatePath } from "../../../sheets/paths";
import {
  BODY_PART_KEYS,
  FADE_STATUSES,
  damagePoolFor,
  declaredCalledShot,
  defenseAgainst,
  hitLocation,
  isMeleeAttack,
  judgeAttack,
  reactionMeets,
  resolveHit,
  STATUS_ENDS,
  toHitPool,
  type BodyPart,
  type FadeDerived,
  type EnergyProfile,
} from "../rules";
import {
  readChoices,
  attackSchema,
  checkSchema,
  damageSchema,
  type FadeAttackData,
  type FadeAttackRow,
  type FadeCheckData,
  type FadeDamageData,
  type FadeDamageRow,
} from "./card-data";
import { declaredDodge, dodgeFromCard } from "./dodge";
import { changesData, withLasting } from "../../../foundry";
import { luckRerollAction } from "./luck";
import { rollDamageAction } from "./damage-action";
import { attackCardView, checkCardView, damageCardView, skillCardView, type FadeAppliedSummary } from "./views";
import { skillSchema, type FadeSkillData } from "./card-data";
import type { DialogWeapon, FadeRollChoices } from "./dialog-form";
import { weaponOf } from "./weapon";

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

function refuse(key: string, data: Record<string, string> = {}): never {
  throw new RequestRefused({ key, data });
}

function derivedOf(actor: PlayActor | null, name: string): FadeDerived {
  const derived = (actor as FadeTarget | null)?.system.derived;
  if (!derived) refuse("ANTHOLOGY.Fade.Errors.notFade", { name });
  return derived;
}

function rollOf(rolls: ApplyInput<never, never>["rolls"], index: number | null, name: string): ReplayedRoll {
  const roll = index === null ? null : rolls[index];
  if (!roll) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  return roll;
}

/** The weapon as it is now on the attacker, never as a card says it was. */
function liveWeapon(actor: PlayActor | null, itemUuid: string, name: string): DialogWeapon {
  const item = actor?.items.contents.find((i) => i.uuid === itemUuid) as PlayItem | undefined;
  if (!item || item.type !== "fade-weapon") refuse("ANTHOLOGY.Fade.Errors.weaponGone", { name });
  return weaponOf(item);
}

/** What an attack or damage roll was rolled for (the weapon, the choices, the targets). */
interface RollRequest {
  readonly item: string;
  readonly choices: FadeRollChoices;
  /** The targets it was rolled against; null for a roll made before rolls carried requests. */
  readonly targets: readonly string[] | null;
}

/**
 * The request a roll carries, read as untrusted data. A roll from before rolls carried requests
 * falls back to the card's flags, and then its pool must still match what the sheet gives.
 */
function requestOf(roll: ReplayedRoll, legacy: RollRequest & { readonly pool: () => string }): RollRequest {
  const raw = roll.request;
  if (raw === undefined) {
    const pool = legacy.pool();
    if (roll.stored.formula !== pool) {
      refuse("ANTHOLOGY.Play.Errors.poolChanged", { rolled: roll.stored.formula, now: pool });
    }
    return legacy;
  }
  try {
    if (!raw || typeof raw !== "object") throw new CardError("request");
    const r = raw as Record<string, unknown>;
    const targets = r.targets;
    if (!Array.isArray(targets) || targets.length > MAX_TARGETS || !targets.every((t) => typeof t === "string")) {
      throw new CardError("request targets");
    }
    if (typeof r.item !== "string") throw new CardError("request item");
    return { item: r.item, choices: readChoices(r.choices), targets };
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: "" });
    throw error;
  }
}

/** A roll made for one row must have been rolled for that row's target. */
function forRow(roll: ReplayedRoll, uuid: string, name: string): ReplayedRoll {
  const request = roll.request as { target?: unknown } | undefined;
  if (request !== undefined && request?.target !== uuid) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  return roll;
}

/** Where a hit landed: the called shot's part, or the d10 the card rolled for the row. */
function partOf(calledShot: BodyPart | undefined, location: ReplayedRoll | null, name: string): BodyPart {
  if (calledShot) return calledShot;
  const face = location?.outcome.dice[0]?.value;
  if (!location || location.stored.formula.replace(/\s/g, "") !== "1d10" || face === undefined) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  }
  return hitLocation(face);
}

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
  };
  return {
    updates: hit.damage.hpChange !== 0 ? { "system.hp.value": hit.hpAfter } : {},
    effects,
    statuses,
    summary: summary as unknown as Record<string, unknown>,
  };
}

/**
 * An attack's row, applied: the attack roll is worked out again from its dice against the target's
 * Defense now (it must still hit), checked against the pool the attacker's sheet gives for the
 * choices, and the row's location and damage rolls are read from their dice.
 */
async function resolveAttackRow(input: ApplyInput<FadeAttackData, FadeAttackRow>): Promise<ApplyPlan> {
  const { card, target } = input;
  const row = card.targets[input.index]!;
  const d = card.data;
  if (d.rerolled) refuse("ANTHOLOGY.Fade.Errors.rerolledCard");
  const attack = rollOf(input.rolls, d.attackRoll, row.name);
  const request = requestOf(attack, {
    item: d.item.uuid,
    choices: d.choices,
    targets: null,
    pool: () =>
      toHitPool(
        derivedOf(input.actor, card.actor?.name ?? ""),
        liveWeapon(input.actor, d.item.uuid, d.item.name),
        d.choices,
      ),
  });
  if (request.targets && !request.targets.includes(row.uuid)) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  }
  const weapon = liveWeapon(input.actor, request.item, d.item.name);
  const choices = request.choices;
  const defense = defenseAgainst(derivedOf(target, row.name), weapon, choices);
  // The target's dodge or parry, read from its own card's dice: the one the row met, or one it had
  // declared before the attack that the attacker's client passed over.
  const before = (input.message as { timestamp?: number }).timestamp;
  const dodge =
    (row.data.dodge ? dodgeFromCard(row.data.dodge.card, row.uuid, before) : null) ??
    declaredDodge(target as never, before, input.message.id);
  const meets = dodge !== null && reactionMeets(dodge, { melee: isMeleeAttack(weapon, choices) });
  const judged = judgeAttack(attack.outcome, defense.value, meets ? { dodge: dodge.total } : {});
  if (!judged.hit) refuse("ANTHOLOGY.Fade.Errors.noLongerHits", { name: row.name, value: String(defense.value) });
  const damage = forRow(rollOf(input.rolls, row.data.damageRoll, row.name), row.uuid, row.name);
  const location =
    row.data.locationRoll === null
      ? null
      : forRow(rollOf(input.rolls, row.data.locationRoll, row.name), row.uuid, row.name);
  return hitPlan({
    target: target as FadeTarget,
    origin: card.actor?.uuid ?? null,
    damage: damage.outcome.total,
    part: partOf(choices.calledShot, location, row.name),
    calledShot: declaredCalledShot(choices) !== null,
    critical: judged.critical,
    coupDeGrace: choices.coupDeGrace === true,
    penetration: weapon.penetration ?? 0,
    damageType: weapon.damageType ?? "",
  });
}

/** A damage card's row, applied: the damage and location from their dice, the weapon as it is now. */
async function resolveDamageRow(input: ApplyInput<FadeDamageData, FadeDamageRow>): Promise<ApplyPlan> {
  const { card, target } = input;
  const row = card.targets[input.index]!;
  const d = card.data;
  const damage = rollOf(input.rolls, d.damageRoll, row.name);
  const request = requestOf(damage, {
    item: d.item.uuid,
    choices: d.choices,
    targets: null,
    pool: () =>
      damagePoolFor(
        derivedOf(input.actor, card.actor?.name ?? ""),
        liveWeapon(input.actor, d.item.uuid, d.item.name),
        d.choices,
      ),
  });
  if (request.targets && !request.targets.includes(row.uuid))
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  const weapon = liveWeapon(input.actor, request.item, d.item.name);
  const choices = request.choices;
  const location =
    row.data.locationRoll === null
      ? null
      : forRow(rollOf(input.rolls, row.data.locationRoll, row.name), row.uuid, row.name);
  return hitPlan({
    target: target as FadeTarget,
    origin: card.actor?.uuid ?? null,
    damage: damage.outcome.total,
    part: partOf(choices.calledShot, location, row.name),
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
