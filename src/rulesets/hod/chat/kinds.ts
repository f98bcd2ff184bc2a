import { RequestRefused } from "../../../hooks/socket";
import { CardError, type Card } from "../../../play/card";
import { messageById, userById, type PlayActor } from "../../../play/documents";
import { cardOf, replayRolls, rowRecord } from "../../../play/cards";
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice, ReplayedRoll } from "../../../play/kind";
import { checkedRoll, refuseMissing } from "../../../play/verify";
import { templatePath } from "../../../sheets/paths";
import { num } from "../rules/derive";
import {
  consciousnessDc,
  currentHp,
  healthOf,
  countImpairments,
  hitInCount,
  trackState,
  type HodDamageInput,
  type HodTrack,
} from "../rules/health";
import { SYSTEM_ID } from "../../../constants";
import { impairmentsSetting, simultaneousSetting } from "../settings";
import type { ImpairmentType } from "../rules/afflictions";
import { scheduleInfo, timeCountPlace, type ScheduleInfo } from "./schedule";
import { preparationDone } from "../rules/spells";
import { FOLLOW_UPS, specialAction } from "../rules/special-actions";
import { attackToHit } from "../rules/to-hit";
import { HodWeaponError, hitDamage, isDiceSum, weaponDamageFormula } from "../rules/weapons";
import {
  attackSchema,
  checkSchema,
  damageSchema,
  readAttackChoices,
  readDamageChoices,
  readRequest,
  specialSchema,
  stanceSchema,
  restSchema,
  type HodRestData,
  type HodAttackData,
  type HodAttackRow,
  type HodCheckData,
  type HodDamageData,
  type HodRollRequest,
  type HodSpecialData,
  type HodSpecialRow,
  type HodStanceData,
} from "./card-data";
import { consciousnessAction, fatigueCheckAction } from "./check";
import { rollDamageAction } from "./damage";
import { rolledOf } from "./dice";
import { checkCast } from "./cast-check";
import { refuseOutOfBounds, typedChoice } from "./typed";
import type { HodAttackChoices, HodDamageChoices } from "./dialog-form";
import { isHodActor, sourceOf, weaponOf, HOD_WEAPON, type HodActor, type HodWeaponSnapshot } from "./documents";
import {
  dragBreakAction,
  followUpAction,
  freeGrabAction,
  judgeSpecial,
  shuntTripAction,
  specialDamagePlan,
  specialRoll,
} from "./special";
import type { SpecialDamagePlan } from "../rules/special-damage";
import { hasEffects, specialEffects } from "../rules/effects";
import { EFFECT_KEYS, effectsPlan, grabRefusalOnApply, specialAppliable } from "./effects";
import { actionWeapon } from "./special-weapon";
import { chosenOn, judgeOn } from "./attack";
import { activeCombat, combatantOf } from "./combatants";
import { stanceOf } from "./target";
import type { AnthologyCombat } from "../../../combat/anthology-combat";
import {
  attackCardView,
  checkCardView,
  damageCardView,
  specialCardView,
  stanceCardView,
  restCardView,
  type HodAppliedSummary,
} from "./views";

export const HOD_CARD_TEMPLATES = {
  attack: templatePath("rulesets/hod/attack-card.hbs"),
  damage: templatePath("rulesets/hod/damage-card.hbs"),
  check: templatePath("rulesets/hod/check-card.hbs"),
  special: templatePath("rulesets/hod/special-card.hbs"),
  stance: templatePath("rulesets/hod/stance-card.hbs"),
  rest: templatePath("rulesets/hod/rest-card.hbs"),
} as const;

/** The partials of a hit's row: its damage, what applying it did, and its buttons; the applied part alone. */
export const HOD_ROW_TEMPLATES = [
  templatePath("rulesets/hod/hit.hbs"),
  templatePath("rulesets/hod/applied.hbs"),
] as const;

function refuse(key: string, data: Record<string, string> = {}): never {
  throw new RequestRefused({ key, data });
}

/** A Heroes of Destiny actor as it stands now, or a refusal naming it. */
function hodActorOf(actor: PlayActor | null, name: string): HodActor {
  if (!actor || !isHodActor(actor)) refuse("ANTHOLOGY.HoD.Errors.notHod", { name });
  return actor as unknown as HodActor;
}

/** The card's roll at `index`, or a refusal naming the roll (`toHit`, `damage`) as missing. */
function storedRoll(rolls: ApplyInput<never, never>["rolls"], index: number | null, roll: string): ReplayedRoll {
  const stored = index === null ? null : rolls[index];
  if (!stored) refuseMissing(roll);
  return stored;
}

/** The weapon as it is now on the attacker, never as a card says it was. */
function liveWeapon(actor: HodActor, itemUuid: string | null, name: string): HodWeaponSnapshot {
  const item = itemUuid ? actor.items.contents.find((i) => i.uuid === itemUuid) : undefined;
  if (!item || item.type !== HOD_WEAPON) refuse("ANTHOLOGY.HoD.Errors.weaponGone", { name });
  try {
    return weaponOf(item);
  } catch (error) {
    if (error instanceof HodWeaponError) refuse(error.key, { ...error.data });
    throw error;
  }
}

/**
 * What a roll was rolled for, read as untrusted data. A roll from before rolls carried requests falls
 * back to the card (its formula is then checked against what the sheet gives, like any other).
 */
function requestOf<C>(
  roll: ReplayedRoll,
  choices: (raw: unknown) => C,
  legacy: () => HodRollRequest<C>,
  name: string,
): HodRollRequest<C> {
  if (roll.request === undefined) return legacy();
  try {
    return readRequest(roll.request, choices);
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
    throw error;
  }
}

/** A roll made for one row must say it was rolled for that row's target (a roll that says nothing is refused). */
function forRow(roll: ReplayedRoll, uuid: string, name: string): ReplayedRoll {
  const request = roll.request as { target?: unknown } | undefined;
  if (request?.target !== uuid) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  return roll;
}

/** The card shows the item its roll was rolled with: a roll naming another is refused. */
function sameItem(requested: string | null, shown: string | null, name: string): void {
  if (requested !== shown) refuse("ANTHOLOGY.HoD.Errors.notThisItem", { item: name });
}

/** A hit's damage formula from the weapon and the attacker now, or a refusal naming what cannot be read. */
function hitFormulaNow(
  attacker: HodActor,
  weapon: HodWeaponSnapshot,
  choices: { readonly modifier?: number; readonly extraDice?: string; readonly critical: boolean },
  name: string,
): string {
  try {
    const formula = weaponDamageFormula({ weapon, source: sourceOf(attacker), ...choices });
    if (formula === null) refuse("ANTHOLOGY.Play.Errors.notAppliable", { name });
    return formula;
  } catch (error) {
    if (error instanceof HodWeaponError) refuse(error.key, { ...error.data, name });
    throw error;
  }
}

/** Where a target keeps the hits it took on the current Time Count (a JSON string, read as untrusted). */
export const COUNT_FLAG = "hodCount";

/** The hits a target took on one count, and its track when the count began. */
interface CountRecord {
  readonly key: string;
  readonly start: HodTrack;
  readonly hits: CountHit[];
}

/** A hit of a count as remembered: its damage, who struck, and its damage type (impairments). */
type CountHit = HodDamageInput & { readonly damageType?: string };

const shortId = (v: unknown) => (typeof v === "string" && v ? v.slice(0, 200) : undefined);

/** Most hits one count remembers on a target (more are judged as if sequential). */
const MAX_COUNT_HITS = 64;

const finiteOr0 = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

function readCount(raw: unknown): CountRecord | null {
  if (typeof raw !== "string" || raw.length > 20_000) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const d = data as { key?: unknown; start?: Record<string, unknown>; hits?: unknown };
  if (typeof d?.key !== "string" || !d.start || typeof d.start !== "object" || !Array.isArray(d.hits)) return null;
  const s = d.start;
  return {
    key: d.key,
    start: {
      hp: finiteOr0(s.hp),
      fatigue: finiteOr0(s.fatigue),
      bonusHp: finiteOr0(s.bonusHp),
      invigoration: finiteOr0(s.invigoration),
      fullTop: finiteOr0(s.fullTop),
      topLost: finiteOr0(s.topLost),
    },
    hits: d.hits.slice(0, MAX_COUNT_HITS).map((h: Record<string, unknown>) => ({
      damage: Math.max(0, Math.trunc(finiteOr0(h?.damage))),
      reduction: Math.max(0, Math.trunc(finiteOr0(h?.reduction))),
      nonlethal: h?.nonlethal === true,
      attacker: shortId(h?.attacker),
      damageType: shortId(h?.damageType),
    })),
  };
}

/**
 * The Time Count a card's action happened on, as a key (the active combat and the TC): the card says
 * which count, and the combat's own record must show the actor acting at it (a card's data is only a
 * claim). Null otherwise: its hits land one after another.
 */
/** The count the active Time Count stands at, as the GM keeps it (null: no Time Count runs). */
function countNow(): number | null {
  const combat = activeCombat<AnthologyCombat>();
  return combat?.isTimeCount && combat.round > 0 ? combat.timeCount : null;
}

/**
 * The rules a player's client checks before rolling, checked again here for a card a player wrote (a
 * GM who rolled may have gone on past them, as the dialog lets a GM): the attacker's stance (prone: no
 * bow) and the grabs on it.
 */
function checkPlayerRules(
  message: ApplyInput<unknown, unknown>["message"],
  performer: HodActor,
  target: HodActor,
  action: { readonly special: string | null; readonly act: "attack" | "cast"; readonly verbalOnly?: boolean },
  stanceRefusal: string | null,
): void {
  if (userById(message.author?.id ?? "")?.isGM) return;
  if (stanceRefusal) refuse(stanceRefusal, { name: performer.name });
  const grab = grabRefusalOnApply(performer, target, action, countNow());
  if (grab) refuse(grab.key, grab.data);
}

function countKey(schedule: ScheduleInfo, actor: HodActor): string | null {
  if (schedule.state !== "due" || schedule.tc === undefined) return null;
  const combat = activeCombat<AnthologyCombat>();
  if (!combat?.isTimeCount || !combat.id) return null;
  const combatant = combatantOf(combat as never, actor);
  if (!combatant) return null;
  const acted = combat.timeCountHistory.some((step) => step.tc === schedule.tc && combatant.id in step.combatants);
  return acted ? `${combat.id}:${schedule.tc}` : null;
}

/**
 * One hit on the target as its track stands now: the effective Threshold of Pain (the full one less
 * the hits taken), fatigue, bonus HP, Invigoration and HP, the hits taken one more, and the dead
 * marked. A hit from an action on a Time Count where the target already took hits is judged with them
 * against the track as it stood when the count began (every die of a count is rolled before any
 * effect applies): this hit adds its share of the count's result (hitInCount).
 */
function hitPlan(
  target: HodActor,
  damage: number,
  nonlethal: boolean,
  count: string | null = null,
  damageType = "",
  attacker = "",
): ApplyPlan {
  const s = target.system;
  const track: HodTrack = {
    hp: num(s.hp?.value),
    fatigue: num(s.fatigue),
    bonusHp: num(s.bonusHp),
    invigoration: num(s.invigoration),
    fullTop: num(s.derived.thresholdOfPain),
    topLost: num(s.topLost),
  };
  const reduction = Math.max(0, num(s.damageReduction));
  const input: CountHit = { damage, nonlethal, reduction, attacker, damageType };
  const stored = count ? readCount(target.getFlag(SYSTEM_ID, COUNT_FLAG)) : null;
  const same = stored && stored.key === count && stored.hits.length < MAX_COUNT_HITS ? stored : null;
  const start = same?.start ?? track;
  const earlier = same?.hits ?? [];
  const { change } = hitInCount(start, earlier, input);
  // The optional Impairments rule: damage past the Threshold the hit met leaves one of its type. With
  // Simultaneous Actions, each attacker of the count beyond the first lowers that Threshold for every
  // hit of it, so an earlier hit may leave one now too (this hit's share).
  const impairments: ImpairmentType[] = [];
  if (impairmentsSetting()) {
    const top = trackState(start).thresholdOfPain;
    const both = simultaneousSetting();
    const was = countImpairments(top, earlier, both);
    countImpairments(top, [...earlier, input], both).forEach((t, i) => t && !was[i] && impairments.push(t));
  }
  const taken = new Map<ImpairmentType, number>();
  for (const t of impairments) taken.set(t, (taken.get(t) ?? num(s.impairments?.[t])) + 1);
  const topLost = Math.max(0, track.topLost + change.topLost);
  const afterTrack = {
    hp: Math.max(0, track.hp + change.hp),
    fatigue: Math.max(0, track.fatigue + change.fatigue),
    bonusHp: Math.max(0, track.bonusHp + change.bonusHp),
    invigoration: Math.max(0, track.invigoration + change.invigoration),
  };
  const before = trackState(track);
  const after = { ...afterTrack, thresholdOfPain: Math.max(0, track.fullTop - topLost) };
  const health = healthOf(after);
  const worse = after.fatigue > before.fatigue || currentHp(after) < currentHp(before);
  const dc = consciousnessDc(after);
  // Damage or fatigue taken while a spell is still being prepared is added to its casting DC.
  const takenNow =
    track.hp -
    afterTrack.hp +
    (track.bonusHp - afterTrack.bonusHp) +
    (track.invigoration - afterTrack.invigoration) +
    (afterTrack.fatigue - track.fatigue);
  const spell = s.spell;
  const preparing =
    takenNow > 0 &&
    typeof spell?.item === "string" &&
    spell.item !== "" &&
    !preparationDone(spell, scheduleInfo(timeCountPlace(target)));
  const summary: HodAppliedSummary = {
    damage,
    reduction: Math.min(damage, reduction),
    nonlethal,
    before,
    after,
    ...health,
    unconsciousCheck: worse && !health.dead && dc !== null ? dc : null,
    ...(earlier.length ? { simultaneous: earlier.length, countTop: trackState(start).thresholdOfPain } : {}),
    ...(impairments.length ? { impairment: impairments.length > 1 ? impairments : impairments[0] } : {}),
    ...(preparing ? { spellTaken: takenNow } : {}),
  };
  return {
    updates: {
      "system.hp.value": after.hp,
      "system.fatigue": after.fatigue,
      "system.bonusHp": after.bonusHp,
      "system.invigoration": after.invigoration,
      "system.topLost": topLost,
      ...Object.fromEntries([...taken].map(([t, n]) => [`system.impairments.${t}`, n])),
      ...(preparing ? { "system.spell.taken": num(spell.taken) + takenNow } : {}),
      ...(count
        ? { [`flags.${SYSTEM_ID}.${COUNT_FLAG}`]: JSON.stringify({ key: count, start, hits: [...earlier, input] }) }
        : {}),
    },
    statuses: health.dead ? [{ id: "dead", overlay: true }] : [],
    summary: summary as unknown as Record<string, unknown>,
  };
}

/** The rolled total a hit deals: the main roll times the factor (rounded down), plus extra dice, at least 1. */
const dealt = (main: ReplayedRoll, extra: ReplayedRoll | null, factor: number) =>
  hitDamage(Math.floor(main.outcome.total * factor) + (extra?.outcome.total ?? 0));

/** What an attack's roll was rolled for (a roll from before requests: what its card says). */
function attackRequest(input: ApplyInput<HodAttackData, HodAttackRow>, attack: ReplayedRoll) {
  const d = input.card.data;
  const row = input.card.targets[input.index]!;
  return requestOf<HodAttackChoices>(
    attack,
    readAttackChoices,
    () => ({ item: d.item.uuid, choices: d.choices, targets: [row.uuid] }),
    row.name,
  );
}

/**
 * An attack's row, applied by the GM: the choices are read from the attack roll itself, the roll to
 * hit is worked out again from them with the attacker and the weapon as they are now (the stored
 * formula must be that one) and judged against the target's defense now, which it must still hit;
 * the row's damage roll, tied to its target, must roll that hit's damage (a critical's at its maximum).
 */
function resolveAttackRow(input: ApplyInput<HodAttackData, HodAttackRow>): ApplyPlan {
  const { card } = input;
  const row = card.targets[input.index]!;
  const d = card.data;
  const attacker = hodActorOf(input.actor, card.actor?.name ?? "");
  const attack = storedRoll(input.rolls, d.attackRoll, "toHit");
  const request = attackRequest(input, attack);
  if (!request.targets.includes(row.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  sameItem(request.item, d.item.uuid, d.item.name);
  const weapon = liveWeapon(attacker, request.item, d.item.name);
  const choices = request.choices;
  refuseOutOfBounds(choices);
  checkCast(choices, weapon, attacker, request.item ?? "", row.name);
  const toHit = attackToHit({ source: sourceOf(attacker), weapon, situation: choices, stance: stanceOf(attacker) });
  checkedRoll(attack, "toHit", toHit.formula);
  const target = hodActorOf(input.target, row.name);
  const spell = weapon.category === "spell";
  const verbalOnly = spell && attacker.items.contents.find((i) => i.uuid === request.item)?.system.verbalOnly === true;
  checkPlayerRules(
    input.message,
    attacker,
    target,
    { special: null, act: spell ? "cast" : "attack", verbalOnly },
    toHit.refused,
  );
  const defense = judgeOn(toHit, rolledOf(attack.outcome), target, chosenOn(choices.defense, weapon, target));
  if (!defense.hit) refuse("ANTHOLOGY.HoD.Errors.noLongerHits", { name: row.name, value: String(defense.value) });
  const damage = forRow(storedRoll(input.rolls, row.data.damage?.roll ?? null, "damage"), row.uuid, row.name);
  const formula = hitFormulaNow(
    attacker,
    weapon,
    { modifier: choices.damageModifier, extraDice: choices.extraDice, critical: defense.critical },
    row.name,
  );
  checkedRoll(damage, "damage", formula);
  return hitPlan(
    target,
    dealt(damage, null, 1),
    choices.nonlethal === true,
    countKey(d.schedule, attacker),
    weapon.damageType,
    attacker.uuid,
  );
}

/** What a special action's roll was rolled for (a roll from before requests: what its card says). */
function specialRequest(input: ApplyInput<HodSpecialData, HodSpecialRow>, attack: ReplayedRoll) {
  const d = input.card.data;
  const row = input.card.targets[input.index]!;
  return requestOf<HodAttackChoices>(
    attack,
    readAttackChoices,
    () => ({
      item: d.item?.uuid ?? null,
      choices: d.choices ?? { defense: "primary" },
      targets: [row.uuid],
      special: d.special,
    }),
    row.name,
  );
}

/**
 * A distraction is against an ally the dialog could offer: another combatant of the active combat, not
 * the performer or the target (none named: it changes nothing).
 */
function checkAlly(ally: string | undefined, performer: HodActor, target: HodActor, name: string): void {
  if (!ally) return;
  const combat = activeCombat<{ combatants: Iterable<{ actor?: { uuid?: string } | null }> }>();
  const fights = [...(combat?.combatants ?? [])].some((c) => c.actor?.uuid === ally);
  if (!fights || ally === performer.uuid || ally === target.uuid) refuse("ANTHOLOGY.HoD.Errors.notAnAlly", { name });
}

/** What the player typed for a special action: a skill's rank counts only for an action that rolls one. */
const typedOf = (action: { readonly attack: { readonly kind: string } } | undefined, choices: HodAttackChoices) =>
  action?.attack.kind === "skill" ? choices : { ...choices, skillRank: undefined };

/**
 * A special action's row, applied by the GM: the action and the choices from its roll, the roll to hit
 * worked out again with the performer and the weapon now and judged against the target's defenses now;
 * the outcomes that happen must still deal damage, and the row's damage rolls, tied to its target, must
 * roll what those outcomes deal (extra dice apart, after the action's factor).
 */
function resolveSpecialRow(input: ApplyInput<HodSpecialData, HodSpecialRow>): ApplyPlan {
  const { card } = input;
  const row = card.targets[input.index]!;
  const d = card.data;
  const performer = hodActorOf(input.actor, card.actor?.name ?? "");
  if (d.special === "dragBreak") return dragBreakRow(input, performer);
  const attack = storedRoll(input.rolls, d.attackRoll, "toHit");
  const request = specialRequest(input, attack);
  const action = specialAction(request.special ?? "");
  if (!action || !request.targets.includes(row.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  sameItem(request.item, d.item?.uuid ?? null, d.item?.name ?? "");
  const own = request.item === null ? null : liveWeapon(performer, request.item, d.item?.name ?? "");
  const weapon = actionWeapon(action, own);
  if (typeof weapon === "string") refuse("ANTHOLOGY.HoD.Errors.weaponGone", { name: d.item?.name ?? "" });
  const choices = request.choices;
  refuseOutOfBounds(typedOf(action, choices));
  const toHit = specialRoll(performer, action, weapon, choices);
  checkedRoll(attack, "toHit", toHit.formula);
  const target = hodActorOf(input.target, row.name);
  // A follow-up (a coup's, a shunt's free attack) is part of the action its card follows.
  if (!FOLLOW_UPS.includes(action)) {
    checkPlayerRules(input.message, performer, target, { special: action.id, act: "attack" }, toHit.refused);
  }
  const judged = judgeSpecial(action, toHit, rolledOf(attack.outcome), target, weapon, choices.defense, performer.uuid);
  const plan = specialDamagePlan(performer, judged.outcomes, weapon, choices, target);
  const effects = specialEffects(action.id, judged.outcomes, {
    distractAgainst: choices.distractAgainst,
    immuneToCriticals: target.system.immuneToCriticals === true,
  });
  if (effects.distract) checkAlly(choices.ally, performer, target, row.name);
  const since = d.schedule.state === "due" ? (d.schedule.tc ?? null) : null;
  const planned = hasEffects(effects)
    ? effectsPlan(performer, target, effects, { since, ally: choices.ally ?? null })
    : null;
  const extra = planned?.keys.length ? planned : null;
  if (!plan && !extra)
    refuse("ANTHOLOGY.HoD.Errors.noLongerHits", { name: row.name, value: String(judged.results[0]?.value ?? "") });
  const hit = plan ? specialHit(input, plan, choices, performer, target, weapon) : null;
  const survived = hit ? (hit.summary as { dead?: boolean }).dead !== true : true;
  const keys = [...(extra?.keys ?? []), ...(effects.followUp && survived ? [EFFECT_KEYS.followUp] : [])];
  return {
    updates: { ...hit?.updates, ...extra?.updates },
    effects: extra?.effects ?? [],
    removeEffects: extra?.removeEffects ?? [],
    others: extra?.others ?? [],
    statuses: [...(hit?.statuses ?? []), ...(effects.killed ? [{ id: "dead", overlay: true }] : [])],
    summary: { ...hit?.summary, effects: keys, ...(effects.followUp && survived ? { followUp: true } : {}) },
  };
}

/**
 * A drag's Great Success taken up: the drag's card and row it names must be this performer's drag on
 * this target, written by a GM or one of its owners, applied, and still a Great Success when the GM
 * works that row out again from its own roll now; then the target's grab on the performer ends.
 */
function dragBreakRow(input: ApplyInput<HodSpecialData, HodSpecialRow>, performer: HodActor): ApplyPlan {
  const row = input.card.targets[input.index]!;
  const [id, index] = (input.card.data.from ?? "").split("-");
  const message = messageById(id);
  const read = message ? cardOf(message) : null;
  const drag =
    read && !("error" in read) && read.card.ruleSet === "hod" && read.card.kind === "special"
      ? (read.card as unknown as typeof input.card)
      : null;
  const i = Number(index);
  const author = userById(message?.author?.id ?? "");
  if (
    !message ||
    drag?.data.special !== "drag" ||
    drag.actor?.uuid !== performer.uuid ||
    drag.targets[i]?.uuid !== row.uuid ||
    !rowRecord(message, drag as never, i).applied ||
    !(author?.isGM || performer.testUserPermission(author!, "OWNER"))
  ) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  }
  const again = resolveSpecialRow({ ...input, card: drag, index: i, message, rolls: replayRolls(message) });
  const keys = again.summary.effects;
  if (!Array.isArray(keys) || !keys.includes(EFFECT_KEYS.mayBreak)) {
    refuse("ANTHOLOGY.HoD.Errors.noGreatSuccess", { name: row.name });
  }
  const target = hodActorOf(input.target, row.name);
  const { keys: done, ...plan } = effectsPlan(performer, target, specialEffects("dragBreak", []), {
    since: null,
    ally: null,
  });
  return { ...plan, summary: { effects: done } };
}

/** The damage part of a special action's row: its stored rolls checked against what the outcomes deal now. */
function specialHit(
  input: ApplyInput<HodSpecialData, HodSpecialRow>,
  plan: SpecialDamagePlan,
  choices: HodAttackChoices,
  performer: HodActor,
  target: HodActor,
  weapon: HodWeaponSnapshot,
): ApplyPlan {
  const row = input.card.targets[input.index]!;
  const d = input.card.data;
  const stored = row.data.damage;
  const main = forRow(storedRoll(input.rolls, stored?.roll ?? null, "damage"), row.uuid, row.name);
  checkedRoll(main, "damage", plan.formula);
  const extraDice = choices.extraDice?.trim() ?? "";
  if (extraDice && !isDiceSum(extraDice)) refuse("ANTHOLOGY.HoD.Errors.extraDice", { dice: extraDice });
  const extra = extraDice
    ? forRow(storedRoll(input.rolls, stored?.extraRoll ?? null, "damage"), row.uuid, row.name)
    : null;
  if (extra) checkedRoll(extra, "damage", extraDice);
  return hitPlan(
    target,
    dealt(main, extra, plan.factor),
    choices.nonlethal === true,
    countKey(d.schedule, performer),
    weapon.damageType,
    performer.uuid,
  );
}

/**
 * A damage card's row, applied: the damage from its dice, the choices from the roll itself and the
 * weapon as it is now (the stored formula must be the one they give). A card from before rolls carried
 * their choices is taken as it says, since only the GM or the target's owner may apply it.
 */
function resolveDamageRow(input: ApplyInput<HodDamageData, Record<string, never>>): ApplyPlan {
  const { card } = input;
  const row = card.targets[input.index]!;
  const d = card.data;
  const attacker = hodActorOf(input.actor, card.actor?.name ?? "");
  const main = storedRoll(input.rolls, d.damageRoll, "damage");
  const target = hodActorOf(input.target, row.name);
  if (main.request === undefined) {
    const extra = d.extraRoll === null ? null : storedRoll(input.rolls, d.extraRoll, "damage");
    return hitPlan(target, dealt(main, extra, d.factor), d.choices.nonlethal, null, d.damageType);
  }
  const request = requestOf<HodDamageChoices>(
    main,
    readDamageChoices,
    () => refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name }),
    row.name,
  );
  if (!request.targets.includes(row.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  sameItem(request.item, d.item.uuid, d.item.name);
  const weapon = liveWeapon(attacker, request.item, d.item.name);
  const choices = request.choices;
  refuseOutOfBounds({ damageModifier: choices.modifier, extraDice: choices.extraDice });
  checkedRoll(
    main,
    "damage",
    hitFormulaNow(
      attacker,
      weapon,
      { modifier: choices.modifier, extraDice: choices.extraDice, critical: choices.critical },
      row.name,
    ),
  );
  return hitPlan(target, dealt(main, null, 1), choices.nonlethal, null, weapon.damageType);
}

/** Reads what a roll was rolled for, or null when it cannot be read (the apply itself then refuses). */
function readable<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if (error instanceof RequestRefused) return null;
    throw error;
  }
}

/** An attack's row rests on what its roller typed (a modifier, extra dice), read from the roll. */
function attackTyped(input: ApplyInput<HodAttackData, HodAttackRow>): FreeChoice | null {
  const attack = input.rolls[input.card.data.attackRoll];
  return attack ? typedChoice(readable(() => attackRequest(input, attack).choices)) : null;
}

/** A special action's row rests on what its performer typed (a modifier, a skill's rank, extra dice). */
function specialTyped(input: ApplyInput<HodSpecialData, HodSpecialRow>): FreeChoice | null {
  const index = input.card.data.attackRoll;
  const attack = index === null ? null : input.rolls[index];
  if (!attack) return null;
  const request = readable(() => specialRequest(input, attack));
  return request ? typedChoice(typedOf(specialAction(request.special ?? ""), request.choices)) : null;
}

/** A damage card's row rests on its typed modifier and extra dice (its rows go on others' actors only by a GM's hand). */
function damageTyped(input: ApplyInput<HodDamageData, Record<string, never>>): FreeChoice | null {
  const main = input.rolls[input.card.data.damageRoll];
  if (!main || main.request === undefined) return null;
  const request = readable(() => requestOf<HodDamageChoices>(main, readDamageChoices, () => null as never, ""));
  return request
    ? typedChoice({ damageModifier: request.choices.modifier, extraDice: request.choices.extraDice })
    : null;
}

export const hodAttackKind: CardKind<HodAttackData, HodAttackRow> = {
  id: "attack",
  template: HOD_CARD_TEMPLATES.attack,
  schema: attackSchema,
  view: attackCardView,
  appliable: (card: Card<HodAttackData, HodAttackRow>, index: number) => {
    const row = card.targets[index];
    return Boolean(row?.data.defense.hit && row.data.damage);
  },
  resolveApply: resolveAttackRow,
  restsOnChoice: attackTyped,
  actions: { rollDamage: rollDamageAction, consciousness: consciousnessAction() },
};

export const hodSpecialKind: CardKind<HodSpecialData, HodSpecialRow> = {
  id: "special",
  template: HOD_CARD_TEMPLATES.special,
  schema: specialSchema,
  view: specialCardView,
  appliable: (card: Card<HodSpecialData, HodSpecialRow>, index: number) => specialAppliable(card, index),
  resolveApply: resolveSpecialRow,
  restsOnChoice: specialTyped,
  actions: {
    fatigueCheck: fatigueCheckAction,
    consciousness: consciousnessAction(),
    followUp: followUpAction,
    freeGrab: freeGrabAction,
    dragBreak: dragBreakAction,
    shuntTrip: shuntTripAction,
  },
};

/**
 * A damage card says itself whether it was a critical, which no roll can show, and follows no roll
 * to hit; so its rows go on other people's actors only by a GM's hand (players apply them to their own).
 */
export const hodDamageKind: CardKind<HodDamageData, Record<string, never>> = {
  id: "damage",
  template: HOD_CARD_TEMPLATES.damage,
  schema: damageSchema,
  view: damageCardView,
  applyBy: ["targetOwner"],
  resolveApply: resolveDamageRow,
  restsOnChoice: damageTyped,
  actions: { consciousness: consciousnessAction() },
};

export const hodCheckKind: CardKind<HodCheckData, Record<string, never>> = {
  id: "check",
  template: HOD_CARD_TEMPLATES.check,
  schema: checkSchema,
  view: checkCardView,
};

export const hodStanceKind: CardKind<HodStanceData, Record<string, never>> = {
  id: "stance",
  template: HOD_CARD_TEMPLATES.stance,
  schema: stanceSchema,
  view: (card) => stanceCardView(card),
};

export const hodRestKind: CardKind<HodRestData, Record<string, never>> = {
  id: "rest",
  template: HOD_CARD_TEMPLATES.rest,
  schema: restSchema,
  view: (card, context) => restCardView(card, context),
};
