import { SYSTEM_ID } from "../../../constants";
import type { FadeActorDerived, FadeActorSystem } from "../data";
import { AnthologyRoll } from "../../../dice/anthology-roll";
import type { RollOutcome } from "../../../dice";
import { RequestRefused, onGmRequest, requestGm } from "../../../hooks/socket";
import {
  FadeWeaponError,
  applyDamage,
  calledShotEffect,
  damagePoolFor,
  defenseAgainst,
  hitLocation,
  judgeAttack,
  toHitPool,
  type FadeAttackResult,
} from "../rules";
import { templatePath } from "../../../sheets/paths";
import { appliedCardView, attackCardView, checkCardView, damageCardView } from "./cards";
import { promptRoll } from "./dialog";
import { dialogPool, type DialogWeapon, type FadeRollChoices, type FadeRollDialogInput } from "./dialog-form";
import type {
  FadeAppliedFlags,
  FadeAttackFlags,
  FadeCardFlags,
  FadeCheckFlags,
  FadeDamageFlags,
  NamedRef,
} from "./flags";
import { FADE_STATUSES, calledShotStatuses } from "./statuses";
import { firstTarget } from "./target";

export const FADE_CARD_TEMPLATES = {
  attack: templatePath("chat/fade-attack-card.hbs"),
  check: templatePath("chat/fade-check-card.hbs"),
  damage: templatePath("chat/fade-damage-card.hbs"),
  applied: templatePath("chat/fade-applied-card.hbs"),
} as const;

export const APPLY_DAMAGE_REQUEST = "fade.applyDamage";

/** A Fade item as the flows read it. */
export interface FadeItemDoc {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: Readonly<Record<string, unknown>>;
}

/** A Fade actor as the flows read and change it. */
export interface FadeActorDoc {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly isOwner: boolean;
  readonly system: FadeActorSystem & FadeActorDerived;
  readonly items: { get(id: string): FadeItemDoc | undefined; readonly contents: FadeItemDoc[] };
  readonly statuses?: ReadonlySet<string>;
  update(data: object): Promise<unknown>;
  createEmbeddedDocuments(name: "ActiveEffect", data: object[]): Promise<unknown[]>;
  toggleStatusEffect(id: string, options: { active: boolean; overlay?: boolean }): Promise<unknown>;
  testUserPermission(user: unknown, level: string): boolean;
}

/** A chat message as the flows read and mark it. */
export interface FadeMessage {
  readonly id: string;
  readonly isAuthor: boolean;
  readonly isOwner: boolean;
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}

interface RolledPool {
  readonly roll: { readonly total: number };
  readonly outcome: RollOutcome;
  readonly html: string;
}

const i18n = () => game.i18n!;
const warn = (key: string, data: Record<string, string> = {}) => void ui.notifications?.warn(i18n().format(key, data));

/** The Fade data of a card, if the message is one of ours. */
export function cardFlags(message: FadeMessage): FadeCardFlags | undefined {
  return message.getFlag(SYSTEM_ID, "fade") as FadeCardFlags | undefined;
}

function resolve<T>(uuid: string | undefined | null): T | null {
  if (!uuid) return null;
  return (fromUuidSync(uuid as never) as T | null) ?? null;
}

const ref = (document: { uuid: string; name: string }): NamedRef => ({ uuid: document.uuid, name: document.name });

/** The rules' view of a weapon item, with its two-handing option. */
export function weaponOf(item: FadeItemDoc): DialogWeapon {
  const s = item.system;
  return {
    baseDamage: String(s.baseDamage ?? ""),
    finesse: s.finesse === true,
    spell: s.spell === true,
    twoHanded: s.twoHanded === true,
    canTwoHand: s.canTwoHand === true,
    penetration: typeof s.penetration === "number" ? s.penetration : 0,
    damageType: typeof s.damageType === "string" ? s.damageType : "",
    explodesOn: typeof s.explodesOn === "number" ? s.explodesOn : 0,
    defense: (typeof s.defense === "string" ? s.defense : "defense") as DialogWeapon["defense"],
  };
}

/** Only an actor's owners (and the GM) roll for it. */
function mayRoll(actor: FadeActorDoc): boolean {
  if (actor.isOwner) return true;
  warn("ANTHOLOGY.Fade.Errors.notYours", { name: actor.name });
  return false;
}

async function rollPool(pool: string): Promise<RolledPool> {
  const roll = new AnthologyRoll(pool) as unknown as AnthologyRoll & { evaluate(): Promise<unknown>; total: number };
  await roll.evaluate();
  const term = roll.anthologyTerm;
  if (!term) throw new Error(`Anthology: "${pool}" rolled no keep dice`);
  return { roll, outcome: term.outcomeWithin(roll.total, roll.formula), html: await roll.render() };
}

async function post(
  speaker: { actor?: unknown; alias?: string },
  template: string,
  view: object,
  flags: FadeCardFlags,
  rolls: unknown[],
): Promise<FadeMessage> {
  const content = await foundry.applications.handlebars.renderTemplate(template, view as Record<string, unknown>);
  const ChatMessageImpl = ChatMessage.implementation as unknown as {
    create(data: object): Promise<FadeMessage>;
    getSpeaker(options: object): object;
  };
  return ChatMessageImpl.create({
    speaker: speaker.alias ? { alias: speaker.alias } : ChatMessageImpl.getSpeaker({ actor: speaker.actor }),
    content,
    rolls,
    flags: { [SYSTEM_ID]: { fade: flags } },
  });
}

/** The attack roll of an actor with a weapon, after the roll dialog; posts the attack card. */
export async function rollAttack(actor: FadeActorDoc, item: FadeItemDoc): Promise<FadeMessage | null> {
  if (!mayRoll(actor)) return null;
  const target = firstTarget();
  const weapon = weaponOf(item);
  const choices = await promptRoll(
    {
      kind: "attack",
      derived: actor.system.derived,
      weapon,
      target: target ? { name: target.name, derived: target.actor.system.derived } : null,
      statuses: actor.statuses,
    },
    item.name,
  );
  if (!choices) return null;
  const targetRef = target ? { uuid: target.actor.uuid, name: target.name } : null;
  return postAttack(actor, ref(item), weapon, choices, targetRef);
}

/** Rolls and judges an attack whose choices are made: the first roll, or a Luck reroll of it. */
export async function postAttack(
  actor: FadeActorDoc,
  item: NamedRef,
  weapon: DialogWeapon,
  choices: FadeRollChoices,
  target: NamedRef | null,
  options: { luckReroll?: boolean } = {},
): Promise<FadeMessage> {
  const pool = toHitPool(actor.system.derived, weapon, choices);
  const { roll, outcome, html } = await rollPool(pool);
  const targetActor = resolve<FadeActorDoc>(target?.uuid);
  const defense = targetActor?.system.derived ? defenseAgainst(targetActor.system.derived, weapon, choices) : null;
  const result: FadeAttackResult | null = defense
    ? judgeAttack(outcome, defense.value).result
    : outcome.impossible
      ? "impossible"
      : null;
  const flags: FadeAttackFlags = {
    kind: "attack",
    actor: ref(actor),
    item,
    weapon,
    choices,
    pool: outcome.formula,
    total: outcome.total,
    critical: outcome.critical,
    impossible: outcome.impossible,
    target: defense ? target : null,
    defense,
    result,
    ...(options.luckReroll ? { luckReroll: true } : {}),
  };
  if (result === "criticalFailure") await markCriticalFailure(actor);
  return post({ actor }, FADE_CARD_TEMPLATES.attack, attackCardView(flags, html), flags, [roll]);
}

/** A critical failure costs -2k0 on every check of the next turn: a status the roll dialog reads. */
async function markCriticalFailure(actor: FadeActorDoc): Promise<void> {
  if (actor.statuses?.has("fade-critical-failure")) return;
  const status = FADE_STATUSES.find((s) => s.id === "fade-critical-failure")!;
  await actor.createEmbeddedDocuments("ActiveEffect", [
    {
      name: i18n().localize(status.name),
      img: status.img,
      statuses: [status.id],
      description: i18n().localize("ANTHOLOGY.Fade.Modifier.criticalFailure"),
      duration: { rounds: 1 },
    },
  ]);
}

/** Weapons that can parry: melee weapons, not spells. */
function parries(actor: FadeActorDoc) {
  return actor.items.contents
    .filter((i) => i.type === "fade-weapon" && i.system.spell !== true && !(Number(i.system.range) > 0))
    .map((i) => ({ id: i.id, name: i.name, pool: toHitPool(actor.system.derived, weaponOf(i)) }));
}

/** A dodge or parry, after the dialog: posts the check card with what to add to the defense. */
export async function rollCheck(actor: FadeActorDoc): Promise<FadeMessage | null> {
  if (!mayRoll(actor)) return null;
  const input: FadeRollDialogInput = {
    kind: "check",
    derived: actor.system.derived,
    parries: parries(actor),
    statuses: actor.statuses,
  };
  const choices = await promptRoll(input, actor.name);
  if (!choices) return null;
  const pool = dialogPool(input, choices).pool!;
  const item = choices.reaction && choices.reaction !== "dodge" ? actor.items.get(choices.reaction) : undefined;
  return postCheck(actor, item ? ref(item) : null, choices, pool);
}

export async function postCheck(
  actor: FadeActorDoc,
  item: NamedRef | null,
  choices: FadeRollChoices,
  pool: string,
  options: { luckReroll?: boolean } = {},
): Promise<FadeMessage> {
  const { roll, outcome, html } = await rollPool(pool);
  const flags: FadeCheckFlags = {
    kind: "check",
    actor: ref(actor),
    item,
    choices,
    pool: outcome.formula,
    total: outcome.total,
    impossible: outcome.impossible,
    ...(options.luckReroll ? { luckReroll: true } : {}),
  };
  return post({ actor }, FADE_CARD_TEMPLATES.check, checkCardView(flags, html), flags, [roll]);
}

/**
 * A damage roll: from an attack card (its weapon, choices, critical and target) or from the sheet's
 * Damage button (the weapon now, the first target). The hit location is the called shot's part or a
 * d10 on the table. Posts the damage card.
 */
export async function rollDamage(
  actor: FadeActorDoc,
  source: { item: FadeItemDoc } | { attack: FadeAttackFlags },
): Promise<FadeMessage | null> {
  if (!mayRoll(actor)) return null;
  const fromAttack = "attack" in source ? source.attack : null;
  const weapon = fromAttack ? fromAttack.weapon : weaponOf((source as { item: FadeItemDoc }).item);
  const item = fromAttack ? fromAttack.item : ref((source as { item: FadeItemDoc }).item);
  const live = fromAttack ? null : firstTarget();
  const target = fromAttack ? fromAttack.target : live ? { uuid: live.actor.uuid, name: live.name } : null;
  const initial: FadeRollChoices = fromAttack
    ? { ...fromAttack.choices, extra: undefined, critical: fromAttack.result === "criticalHit" }
    : {};
  const choices = await promptRoll({ kind: "damage", derived: actor.system.derived, weapon, initial }, item.name);
  if (!choices) return null;
  return postDamage(actor, item, weapon, choices, target);
}

/** Rolls the damage of a hit whose choices are made (location, critical, modifiers); posts the damage card. */
export async function postDamage(
  actor: FadeActorDoc,
  item: NamedRef,
  weapon: DialogWeapon,
  choices: FadeRollChoices,
  target: NamedRef | null,
): Promise<FadeMessage | null> {
  let pool: string;
  try {
    pool = damagePoolFor(actor.system.derived, weapon, choices);
  } catch (error) {
    if (!(error instanceof FadeWeaponError)) throw error;
    warn(error.key, { ...error.data });
    return null;
  }
  const rolls: unknown[] = [];
  let part = choices.calledShot;
  let face: number | null = null;
  if (!part) {
    const location = new AnthologyRoll("1d10") as unknown as { evaluate(): Promise<unknown>; total: number };
    await location.evaluate();
    face = location.total;
    part = hitLocation(face);
    rolls.push(location);
  }
  const { roll, outcome, html } = await rollPool(pool);
  rolls.push(roll);
  const flags: FadeDamageFlags = {
    kind: "damage",
    actor: ref(actor),
    item,
    pool: outcome.formula,
    total: outcome.total,
    critical: choices.critical === true,
    coupDeGrace: choices.coupDeGrace === true,
    part,
    calledShot: choices.calledShot !== undefined,
    locationFace: face,
    penetration: weapon.penetration ?? 0,
    damageType: weapon.damageType ?? "",
    target,
  };
  return post({ actor }, FADE_CARD_TEMPLATES.damage, damageCardView(flags, html), flags, rolls);
}

/**
 * "Apply damage" on a damage card: the target's owner applies it at once; anyone else asks the GM,
 * who is told no GM is connected when there is none.
 */
export async function requestApplyDamage(message: FadeMessage): Promise<boolean> {
  const flags = cardFlags(message);
  if (flags?.kind !== "damage") return false;
  if (!flags.target) return (warn("ANTHOLOGY.Fade.Errors.noTarget"), false);
  if (flags.applied) return (warn("ANTHOLOGY.Fade.Errors.alreadyApplied", { name: flags.target.name }), false);
  const target = resolve<FadeActorDoc>(flags.target.uuid);
  if (!target) return (warn("ANTHOLOGY.Fade.Errors.targetGone", { name: flags.target.name }), false);
  if (target.isOwner) {
    await applyHit(message, flags, target);
    return true;
  }
  return requestGm(APPLY_DAMAGE_REQUEST, { messageId: message.id });
}

/** What the GM does for a player's Apply damage: the player must have rolled the hit or own the attacker. */
export function registerFadeRequests(): void {
  onGmRequest(APPLY_DAMAGE_REQUEST, async (payload, userId) => {
    const messages = (game as unknown as { messages: { get(id: string): FadeMessage | undefined } }).messages;
    const message = messages.get(String(payload.messageId));
    const flags = message ? cardFlags(message) : undefined;
    if (!message || flags?.kind !== "damage" || !flags.target) {
      throw new RequestRefused({ key: "ANTHOLOGY.Fade.Errors.cardGone" });
    }
    const user = (game.users as unknown as { get(id: string): unknown }).get(userId) as
      { isGM?: boolean; id?: string } | undefined;
    const attacker = resolve<FadeActorDoc>(flags.actor.uuid);
    const author = (message as unknown as { author?: { id?: string } | null }).author?.id;
    if (!user || !(user.isGM || author === userId || attacker?.testUserPermission(user, "OWNER"))) {
      throw new RequestRefused({ key: "ANTHOLOGY.Fade.Errors.notYourHit", data: { name: flags.target.name } });
    }
    if (flags.applied) {
      throw new RequestRefused({ key: "ANTHOLOGY.Fade.Errors.alreadyApplied", data: { name: flags.target.name } });
    }
    const target = resolve<FadeActorDoc>(flags.target.uuid);
    if (!target)
      throw new RequestRefused({ key: "ANTHOLOGY.Fade.Errors.targetGone", data: { name: flags.target.name } });
    await applyHit(message, flags, target);
  });
}

/**
 * Resolves the hit on the target with the rules' applyDamage (Deflection of the part, energy, critical,
 * Soak), changes its HP, puts a called shot's effect on it as status effects (unless Deflection took
 * the damage to 0), marks it unconscious or dead, and posts every step.
 */
export async function applyHit(
  message: FadeMessage,
  flags: FadeDamageFlags,
  target: FadeActorDoc,
): Promise<FadeMessage> {
  const derived = target.system.derived;
  const result = applyDamage({
    damage: flags.total,
    penetration: flags.penetration,
    deflection: derived.deflection[flags.part],
    soak: derived.soak,
    critical: flags.critical,
    coupDeGrace: flags.coupDeGrace,
    damageType: flags.damageType,
    energy: target.system.energyProfile,
  });
  const hpBefore = target.system.hp.value;
  const hpAfter = hpBefore + result.hpChange;
  if (result.hpChange !== 0) await target.update({ "system.hp.value": hpAfter });
  const effect = calledShotEffect({
    part: flags.part,
    calledShot: flags.calledShot,
    criticalEffects: result.criticalEffects,
    negatedBy: result.negatedBy,
  });
  const plans = effect ? calledShotStatuses(effect) : [];
  let bleed: number | null = null;
  const effects: object[] = [];
  for (const plan of plans) {
    if (plan.bleed !== undefined) bleed = await bleedOf(plan.bleed);
    const status = FADE_STATUSES.find((s) => s.id === plan.status)!;
    effects.push({
      name: i18n().localize(status.name),
      img: status.img,
      statuses: [status.id],
      description: i18n().localize(plan.key),
      origin: flags.actor.uuid,
      duration: plan.rounds ? { rounds: plan.rounds } : {},
      changes: plan.speedLoss
        ? [{ key: "system.speedLoss", mode: CONST.ACTIVE_EFFECT_MODES.ADD, value: String(plan.speedLoss) }]
        : [],
      flags: { [SYSTEM_ID]: { fade: { bleed } } },
    });
  }
  if (effects.length) await target.createEmbeddedDocuments("ActiveEffect", effects);
  const state = target.system.derived.healthState;
  if (result.hpLoss > 0 && state === "dead") await target.toggleStatusEffect("dead", { active: true, overlay: true });
  else if (result.hpLoss > 0 && state === "unconscious")
    await target.toggleStatusEffect("unconscious", { active: true });
  if (message.isOwner) await message.update({ [`flags.${SYSTEM_ID}.fade.applied`]: true });
  const applied: FadeAppliedFlags = {
    kind: "applied",
    target: flags.target ?? ref(target),
    part: flags.part,
    steps: result.steps.map((s) => ({ ...s, data: { ...s.data } })),
    negatedBy: result.negatedBy,
    hpBefore,
    hpAfter,
    hpChange: result.hpChange,
    healthState: state,
    effectKey: effect?.key ?? null,
    statuses: plans.map((p) => p.status),
    bleed,
  };
  return post({ alias: target.name }, FADE_CARD_TEMPLATES.applied, appliedCardView(applied), applied, []);
}

async function bleedOf(bleed: number | string): Promise<number> {
  if (typeof bleed === "number") return bleed;
  const roll = new AnthologyRoll(bleed) as unknown as { evaluate(): Promise<unknown>; total: number };
  await roll.evaluate();
  return roll.total;
}
