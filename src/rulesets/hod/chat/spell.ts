/**
 * Spellcasting from the sheet (the text's "Preparing a Spell"): prepare a spell over its casting time
 * on the Time Count, charge it or release a charge (1 TC each), abandon it, and cast it (SF 1) with an
 * Arcana (Int) check against the casting DC; a cast that works rolls one attack per target. The
 * caster's own sheet holds the preparation, so its owner changes it; damage taken while preparing is
 * added by the GM's apply.
 */
import { newCard, type CardRef } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import { promptRoll } from "../../../play/dialog";
import type { PlayMessage, PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { templatePath } from "../../../sheets/paths";
import { castBonus, num } from "../rules/derive";
import {
  abandonSpellAt,
  castSpell,
  castingDc,
  castingFatigue,
  chargeSpell,
  preparationDone,
  prepareSpell,
  releaseCharge,
  spellLostAt,
  type HodPreparation,
} from "../rules/spells";
import { fatigueSpent } from "../rules/health";
import { withBonus } from "../rules/to-hit";
import { grabbedCastDc } from "../rules/effects";
import { TYPED_BOUNDS } from "../rules/typed";
import { linksOf } from "./effect-links";
import { immobileAllows } from "./immobile";
import { castChance, castChoicesFromForm } from "./spell-form";
import type { HodSpellState } from "../data/source";
import { mayRoll, outcomeOf, rollDice, rolledOf } from "./dice";
import { HOD_WEAPON, isHodActor, sourceOf, type HodActor, type HodItem } from "./documents";
import { scheduleAction, scheduleInfo, timeCountPlace } from "./schedule";
import { requestCutShort } from "../../../combat/requests";
import { hodSpellKind } from "./kinds/spell";
import { SPELL_EVENTS, spellCardView, spellSchema, type HodSpellData, type SpellEvent } from "./spell-card";

export { SPELL_EVENTS, spellCardView, spellSchema, type HodSpellData, type SpellEvent };

/** The actor's preparation, read as untrusted data; null when it holds none. */
export function spellState(actor: HodActor): HodSpellState | null {
  const s = actor.system.spell;
  if (!s || typeof s.item !== "string" || s.item === "") return null;
  const w = (v: unknown) => Math.max(0, Math.trunc(num(v)));
  return {
    item: s.item,
    baseDc: w(s.baseDc),
    fatigueCost: w(s.fatigueCost),
    charges: w(s.charges),
    taken: w(s.taken),
    moved: w(s.moved),
    prepared: s.prepared === true,
    since: Math.trunc(num(s.since, -1)),
  };
}

const asPreparation = (s: HodSpellState, prepared: boolean): HodPreparation => ({ ...s, prepared });

/** The armor spell failure of everything the caster wears. */
export function armorSpellFailure(actor: HodActor): number {
  return actor.items.contents
    .filter((i) => i.type === "hod-armor" && i.system.equipped !== false)
    .reduce((sum, i) => sum + Math.max(0, Math.trunc(num(i.system.spellFailure))), 0);
}

const isSpell = (item: HodItem | undefined): boolean => item?.type === HOD_WEAPON && item.system.category === "spell";

/** Where the caster stands for a spell: its place on the Time Count, and whether it may act now. */
function clockOf(actor: HodActor) {
  const place = timeCountPlace(actor);
  const info = scheduleInfo(place);
  return { place, info, mayAct: info.state !== "notDue" };
}

async function post(actor: HodActor, item: CardRef, data: Omit<HodSpellData, "item">, rolls: readonly unknown[] = []) {
  const card = newCard({
    ruleSet: "hod",
    kind: hodSpellKind.id,
    actor: refOf(actor),
    data: { item, ...data },
    targets: [],
  });
  return postCard({ kind: hodSpellKind, card, rolls: rolls as never, speaker: { actor } });
}

/**
 * Begins preparing a spell (losing any other): its casting DC from its fatigue cost, the caster's armor
 * spell failure and its castings today; on the Time Count the casting time is the act's speed factor,
 * so it is over when the caster's turn comes again.
 */
export async function prepareHodSpell(actor: HodActor, item: HodItem): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  if (!isSpell(item)) return (warn("ANTHOLOGY.HoD.Errors.notASpell", { name: item.name }), null);
  const { place, info, mayAct } = clockOf(actor);
  if (!mayAct) return (warn("ANTHOLOGY.HoD.Errors.notYourTurn", { name: actor.name }), null);
  const prep = prepareSpell({
    fatigueCost: num(item.system.fatigueCost),
    armorSpellFailure: armorSpellFailure(actor),
    priorCastings: num(item.system.castToday),
  });
  if (!immobileAllows(actor, "act")) return null;
  const since = info.state === "due" ? (info.tc ?? 0) : -1;
  // Beginning to prepare a spell shifts into the Spellcasting stance at once (its shift is free).
  await actor.update({
    "system.spell": { item: item.id, ...prep, prepared: false, since },
    "system.stance": "spellcasting",
    "system.stanceShifting": false,
  });
  if (info.state === "due")
    await scheduleAction(place, { action: "prepareSpell", weaponClass: String(item.system.speedClass) });
  return post(actor, refOf(item), {
    event: "prepare",
    dc: castingDc(prep),
    fatigue: castingFatigue(prep),
    charges: 0,
    prepared: since < 0,
    check: null,
    schedule: info,
  });
}

/** The spell cast or abandoned, the caster leaves the Spellcasting stance for a basic one (a free revert). */
function leaveSpellcasting(actor: HodActor): Record<string, unknown> {
  return actor.system.stance === "spellcasting" ? { "system.stance": "", "system.stanceShifting": false } : {};
}

/** The caster's spell, when its casting time is over (or a warning why not). */
function preparedSpell(
  actor: HodActor,
): { state: HodSpellState; item: HodItem; clock: ReturnType<typeof clockOf> } | null {
  const state = spellState(actor);
  const item = state ? actor.items.get(state.item) : undefined;
  if (!state || !item || !isSpell(item)) return (warn("ANTHOLOGY.HoD.Errors.noSpell", { name: actor.name }), null);
  const clock = clockOf(actor);
  if (!preparationDone(state, clock.info)) {
    return (warn("ANTHOLOGY.HoD.Errors.stillPreparing", { name: actor.name, spell: item.name }), null);
  }
  if (!clock.mayAct) return (warn("ANTHOLOGY.HoD.Errors.notYourTurn", { name: actor.name }), null);
  return { state, item, clock };
}

/** Charges the prepared spell (+1 DC, +1 fatigue) or releases one charge; 1 TC either way. */
export async function chargeHodSpell(actor: HodActor, release = false): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  if (!immobileAllows(actor, "act")) return null;
  const found = preparedSpell(actor);
  if (!found) return null;
  const before = asPreparation(found.state, true);
  if (release && before.charges === 0) return (warn("ANTHOLOGY.HoD.Errors.noCharge", { name: found.item.name }), null);
  const after = release ? releaseCharge(before) : chargeSpell(before);
  await actor.update({ "system.spell.charges": after.charges, "system.spell.prepared": true });
  if (found.clock.info.state === "due") {
    await scheduleAction(found.clock.place, { action: release ? "releaseCharge" : "chargeSpell" });
  }
  return post(actor, refOf(found.item), {
    event: release ? "release" : "charge",
    dc: castingDc(after),
    fatigue: castingFatigue(after),
    charges: after.charges,
    prepared: true,
    check: null,
    schedule: found.clock.info,
  });
}

/** Abandons the spell: it is lost (a preparation cut short lets the caster act on the next count). */
export async function abandonHodSpell(actor: HodActor): Promise<PlayMessage | null> {
  if (!mayRoll(actor)) return null;
  const state = spellState(actor);
  const item = state ? actor.items.get(state.item) : undefined;
  if (!state) return (warn("ANTHOLOGY.HoD.Errors.noSpell", { name: actor.name }), null);
  const place = timeCountPlace(actor);
  const info = scheduleInfo(place);
  await actor.update({
    "system.spell.item": "",
    "system.spell.charges": 0,
    "system.spell.prepared": false,
    ...leaveSpellcasting(actor),
  });
  // Cut short during its casting time, the caster acts again at the following count.
  if (place && info.state === "notDue" && !preparationDone(state, info) && info.tc !== undefined) {
    await requestCutShort(place.combat, place.combatantId, abandonSpellAt(info.tc));
  }
  return post(actor, refOf(item ?? { uuid: "", name: "" }), {
    event: "abandon",
    dc: 0,
    fatigue: 0,
    charges: 0,
    prepared: false,
    check: null,
    schedule: info,
  });
}

/**
 * The encounter is over (on the GM's client, as its combat is deleted): a spell still in hand, being
 * prepared or prepared, is lost to no effect, and a card says so.
 */
export async function loseHodSpell(actor: unknown): Promise<PlayMessage | null> {
  if (!isHodActor(actor)) return null;
  const state = spellState(actor);
  if (!state || !spellLostAt("encounterEnd")) return null;
  const item = actor.items.get(state.item);
  // With no spell left to prepare, a caster in the Spellcasting stance stands in a basic one.
  const stance = actor.system.stance === "spellcasting" ? { "system.stance": "", "system.stanceShifting": false } : {};
  await actor.update({
    "system.spell.item": "",
    "system.spell.charges": 0,
    "system.spell.prepared": false,
    ...stance,
  });
  return post(actor, refOf(item ?? { uuid: "", name: "" }), {
    event: "lost",
    dc: 0,
    fatigue: 0,
    charges: 0,
    prepared: false,
    check: null,
    schedule: { state: "none" },
  });
}

/** How a caster rolls its Arcana (Int) check. */
export type { HodCastChoices } from "./spell-form";
import type { HodCastChoices } from "./spell-form";

/**
 * Casts the prepared spell (SF 1 on the Time Count): the Arcana (Int) check against the casting DC,
 * rolled or taking 10; the fatigue of the spell and its charges is spent either way, the spell's
 * castings today go up by one and the preparation is over. Returns the check's card and whether it
 * worked (the caller then rolls the spell's attacks, one per target).
 */
export async function castHodSpell(
  actor: HodActor,
  choices: HodCastChoices,
): Promise<{ message: PlayMessage; success: boolean; item: HodItem; charges: number } | null> {
  if (!mayRoll(actor)) return null;
  if (!immobileAllows(actor, "act")) return null;
  const found = preparedSpell(actor);
  if (!found) return null;
  const preparation = asPreparation(found.state, true);
  const modifier = Math.trunc(num(choices.modifier));
  const rolls: PlayRoll[] = [];
  // Held by a grab: an Arcana (Con) check first (DC 10 + the spell's level, its fatigue cost); failed, no cast.
  const heldDc = grabbedCastDc(
    linksOf(actor).map((e) => e.link),
    num(found.item.system.fatigueCost),
  );
  let grabbed: HodSpellData["grabbed"] = null;
  if (heldDc !== null) {
    const con = await rollDice(withBonus("3d6", castBonus(sourceOf(actor), "constitution") + modifier), {
      cast: found.item.uuid,
      grabbed: true,
      modifier,
    });
    const total = outcomeOf(rolls[rolls.push(con) - 1]!).total;
    grabbed = { dc: heldDc, total, success: total >= heldDc };
  }
  const held = grabbed?.success === false;
  const bonus = castBonus(sourceOf(actor)) + modifier;
  const roll =
    choices.takeTen || held
      ? null
      : await rollDice(withBonus("3d6", bonus), { cast: found.item.uuid, takeTen: false, modifier });
  if (roll) rolls.push(roll);
  const natural = roll ? rolledOf(outcomeOf(roll)).natural : 10;
  const result = castSpell(
    preparation,
    { roll: natural, bonus, takeTen: choices.takeTen || held },
    num(found.item.system.castToday),
  );
  // The fatigue is spent whatever happens; reaching current HP, it calls for the check to stay conscious.
  const spent = fatigueSpent(
    {
      hp: num(actor.system.hp?.value),
      invigoration: num(actor.system.invigoration),
      fatigue: num(actor.system.fatigue),
    },
    result.fatigue,
  );
  await actor.update({
    "system.fatigue": spent.fatigue,
    "system.spell.item": "",
    "system.spell.charges": 0,
    "system.spell.prepared": false,
    ...leaveSpellcasting(actor),
  });
  await found.item.update({ "system.castToday": result.castingsToday });
  const message = await post(
    actor,
    refOf(found.item),
    {
      event: "cast",
      dc: result.dc,
      fatigue: result.fatigue,
      charges: preparation.charges,
      prepared: true,
      check: held ? null : { total: result.total, success: result.success, takeTen: choices.takeTen },
      schedule: found.clock.info,
      grabbed,
      unconsciousCheck: spent.unconsciousCheck,
      checked: false,
    },
    rolls,
  );
  return { message, success: result.success && !held, item: found.item, charges: preparation.charges };
}

export const HOD_SPELL_DIALOG_TEMPLATE = templatePath("rulesets/hod/spell-dialog.hbs");

async function promptCast(input: { spell: string; dc: number; fatigue: number; charges: number; bonus: number }) {
  return promptRoll({
    title: game.i18n!.format("ANTHOLOGY.HoD.Dialog.castTitle", { name: input.spell }),
    template: HOD_SPELL_DIALOG_TEMPLATE,
    view: { ...input, formula: withBonus("3d6", input.bonus), bounds: TYPED_BOUNDS.check },
    okLabel: "ANTHOLOGY.HoD.Dialog.cast",
    read: (form) => castChoicesFromForm(form.entries(), input.charges),
    line: (c) => {
      const bonus = input.bonus + c.modifier;
      const chance = `${(Math.round(castChance(bonus, input.dc, c.takeTen) * 1000) / 10).toFixed(1)}%`;
      return {
        formula: c.takeTen ? String(10 + bonus) : withBonus("3d6", bonus),
        text: game.i18n!.format("ANTHOLOGY.HoD.Dialog.castChance", { chance, dc: String(input.dc) }),
        odds: null,
      };
    },
  });
}

/**
 * A spell's Attack button: outside a Time Count a spell not yet prepared is prepared on the spot (the
 * casting time passes unhurried); on the Time Count it must have been prepared. Then the cast dialog
 * and the Arcana check; a cast that works rolls one attack per target (the text: each target its own
 * roll), with the charges put into the roll, and the cast is recorded on the Time Count once (SF 1).
 */
export async function castAndAttack(
  actor: HodActor,
  item: HodItem,
  attack: (choices: { charges: number; cast: string }, targets: readonly CardRef[] | null) => Promise<unknown>,
  targets: readonly CardRef[],
): Promise<PlayMessage | null> {
  const state = spellState(actor);
  if (!state || state.item !== item.id) {
    const info = scheduleInfo(timeCountPlace(actor));
    if (info.state === "due" || info.state === "notDue") {
      return (warn("ANTHOLOGY.HoD.Errors.prepareFirst", { spell: item.name }), null);
    }
    if (!(await prepareHodSpell(actor, item))) return null;
  }
  const ready = spellState(actor)!;
  const prep = asPreparation(ready, true);
  const choices = await promptCast({
    spell: item.name,
    dc: castingDc(prep),
    fatigue: castingFatigue(prep),
    charges: prep.charges,
    bonus: castBonus(sourceOf(actor)),
  });
  if (!choices) return null;
  const place = timeCountPlace(actor);
  const cast = await castHodSpell(actor, choices);
  if (!cast) return null;
  if (cast.success) {
    const put = { charges: Math.min(choices.charges, cast.charges), cast: cast.message.id };
    if (targets.length === 0) await attack(put, null);
    for (const target of targets) await attack(put, [target]);
  }
  await scheduleAction(place, { action: "castSpell" });
  return cast.message;
}
