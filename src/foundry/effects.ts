/**
 * Active Effects that last: made, read and ended the same way on both generations.
 *
 * - v13 stores `duration: {rounds, combat, startRound, startTurn}` and never ends an effect by itself,
 *   so Anthology ends its own (`expireLasting`, the active GM, on each turn change).
 * - v14 stores `duration: {value, units, expiry}` and `start: {combat, combatant, round, turn}`, and its
 *   ActiveEffectRegistry ends an effect when its rounds are spent and the expiry event happens for the
 *   combatant it started on (NOTES-v14.md §2). Anthology points `start.combatant` at the bearer, hands
 *   expiry to core and sets `CONFIG.ActiveEffect.expiryAction` to "delete", so nothing ends twice or never.
 *
 * Either way the effect carries `flags.anthology.expiry` ("turnStart" or "turnEnd"), the one fact the
 * v13 shape cannot hold; an effect stored by an older Anthology gets it from migration 6.
 */
import { SYSTEM_ID } from "../constants";
import { isV14 } from "./generation";
import { isEffectEnd, lastingOver, type BearerTurn, type EffectEnd, type Lasting } from "./lasting";
import type {
  ActiveEffectConfigV14,
  EffectChangeV13,
  EffectChangeV14,
  EffectDurationV13,
  EffectDurationV14,
  EffectStartV14,
} from "./v14-shapes";

/** The effect flag (system scope) that says when, in its bearer's turn, a lasting effect ends. */
export const EXPIRY_FLAG = "expiry";

interface CombatantLike {
  readonly id: string;
  readonly actor: { readonly uuid: string } | null;
}

interface CombatLike {
  readonly id: string;
  readonly round: number;
  readonly turn: number | null;
  readonly turns: readonly CombatantLike[];
}

/** An effect as these helpers read it. */
export interface EffectLike {
  readonly id: string;
  readonly _source?: { readonly duration?: object; readonly start?: object; readonly flags?: object };
  readonly duration?: object;
  readonly start?: object;
  getFlag?(scope: string, key: string): unknown;
}

interface BearerLike {
  readonly uuid: string;
  readonly effects?: Iterable<EffectLike>;
  deleteEmbeddedDocuments?(name: "ActiveEffect", ids: string[]): Promise<unknown>;
}

const activeCombat = () => (game as unknown as { combat?: CombatLike | null }).combat ?? null;

/** The bearer's place in a combat (the active one by default): its first combatant and that one's turn. */
function placeOf(
  bearer: { readonly uuid: string },
  combat: CombatLike | null,
): { combat: CombatLike; combatant: CombatantLike; turn: number } | null {
  const turn = combat?.turns.findIndex((c) => c.actor?.uuid === bearer.uuid) ?? -1;
  return combat && turn >= 0 ? { combat, combatant: combat.turns[turn]!, turn } : null;
}

/**
 * New effect data that lasts `lasting.rounds` rounds for `bearer`, counted in `combat` (the active one
 * unless named) when the bearer fights in it (outside a combat it lasts until someone removes it).
 */
export function withLasting<T extends object>(
  data: T,
  bearer: { readonly uuid: string },
  lasting: Lasting,
  combat: CombatLike | null = activeCombat(),
): T & { duration: object; start?: object } {
  const place = placeOf(bearer, combat);
  const given = (data as { flags?: Record<string, unknown> }).flags;
  const own = (given?.[SYSTEM_ID] ?? {}) as Record<string, unknown>;
  const flags = { ...given, [SYSTEM_ID]: { ...own, [EXPIRY_FLAG]: lasting.until } };
  if (isV14()) {
    const duration: EffectDurationV14 = { value: lasting.rounds, units: "rounds", expiry: lasting.until };
    // The rounds count from the bearer's own place in the round it came in, whoever's turn it is.
    const start: EffectStartV14 = place
      ? { combat: place.combat.id, combatant: place.combatant.id, round: place.combat.round, turn: place.turn }
      : { combat: null, combatant: null, round: null, turn: null };
    return { ...data, flags, duration, start };
  }
  const duration: EffectDurationV13 = {
    rounds: lasting.rounds,
    ...(place ? { combat: place.combat.id, startRound: place.combat.round, startTurn: place.turn } : {}),
  };
  return { ...data, flags, duration };
}

const durationOf = (effect: EffectLike) => (effect._source?.duration ?? effect.duration ?? {}) as object;

/** The rounds an effect lasts, or null when it does not count rounds. */
export function effectRounds(effect: EffectLike): number | null {
  const duration = durationOf(effect);
  if (isV14()) {
    const { value, units } = duration as Partial<EffectDurationV14>;
    return units === "rounds" && typeof value === "number" ? value : null;
  }
  const { rounds } = duration as EffectDurationV13;
  return typeof rounds === "number" ? rounds : null;
}

/** When in its bearer's turn a lasting effect ends, or null for an effect Anthology does not time. */
export function effectEnd(effect: EffectLike): EffectEnd | null {
  const flag = effect.getFlag
    ? effect.getFlag(SYSTEM_ID, EXPIRY_FLAG)
    : ((effect._source?.flags as Record<string, Record<string, unknown>> | undefined)?.[SYSTEM_ID]?.[EXPIRY_FLAG] ??
      null);
  return isEffectEnd(flag) ? flag : null;
}

/** The combat and round an effect's rounds count from, or null outside a combat. */
export function effectStart(effect: EffectLike): { combat: string; round: number } | null {
  if (isV14()) {
    const start = (effect._source?.start ?? effect.start ?? {}) as Partial<EffectStartV14>;
    return typeof start.combat === "string" && typeof start.round === "number"
      ? { combat: start.combat, round: start.round }
      : null;
  }
  const { combat, startRound } = durationOf(effect) as EffectDurationV13;
  return typeof combat === "string" && typeof startRound === "number" ? { combat, round: startRound } : null;
}

/** Where each combatant's turn stands: before, in or after the current turn. */
function turnOf(index: number, combat: CombatLike): BearerTurn {
  if (combat.turn === null) return "before";
  return index < combat.turn ? "after" : index === combat.turn ? "current" : "before";
}

/**
 * `updateCombat`, on v13's active GM: when the turn or round moves, every lasting effect on a
 * combatant whose rounds are over (by `lastingOver`) is deleted. On v14 core's registry does this.
 */
export async function expireLasting(combat: CombatLike, changed: { turn?: unknown; round?: unknown }): Promise<void> {
  if (isV14() || !game.users?.activeGM?.isSelf) return;
  if (!("turn" in changed) && !("round" in changed)) return;
  const seen = new Set<string>();
  for (const [index, combatant] of combat.turns.entries()) {
    const actor = combatant.actor as BearerLike | null;
    if (!actor || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const bearerTurn = turnOf(index, combat);
    const ended = [...(actor.effects ?? [])].filter((effect) => {
      const until = effectEnd(effect);
      const start = effectStart(effect);
      const rounds = effectRounds(effect);
      if (!until || !start || rounds === null || start.combat !== combat.id) return false;
      return lastingOver({ startRound: start.round, rounds, until }, { round: combat.round, bearerTurn });
    });
    if (ended.length)
      await actor.deleteEmbeddedDocuments?.(
        "ActiveEffect",
        ended.map((e) => e.id),
      );
  }
}

/** The effect flag (system scope) naming the combat an effect lasts for: it ends when that encounter does. */
export const ENCOUNTER_FLAG = "encounter";

/**
 * New effect data that lasts the encounter under way (`combat`, the active one unless named): it ends
 * when that combat is deleted. Outside a combat there is no encounter to end it; it lasts until removed.
 */
export function forEncounter<T extends object>(
  data: T,
  combat: { readonly id: string } | null = activeCombat(),
): T & { flags: object } {
  const given = (data as { flags?: Record<string, unknown> }).flags;
  const own = (given?.[SYSTEM_ID] ?? {}) as Record<string, unknown>;
  return { ...data, flags: { ...given, [SYSTEM_ID]: { ...own, [ENCOUNTER_FLAG]: combat?.id ?? null } } };
}

/** The combat an effect lasts for (`forEncounter`), or null. */
export function effectEncounter(effect: EffectLike): string | null {
  const flag = effect.getFlag
    ? effect.getFlag(SYSTEM_ID, ENCOUNTER_FLAG)
    : (effect._source?.flags as Record<string, Record<string, unknown>> | undefined)?.[SYSTEM_ID]?.[ENCOUNTER_FLAG];
  return typeof flag === "string" && flag ? flag : null;
}

/** Whether an effect counts rounds in this combat (core stamps every effect made in a combat with it; only those with rounds count them). */
const countsRoundsOf = (effect: EffectLike, combat: string) =>
  effectRounds(effect) !== null && effectStart(effect)?.combat === combat;

/**
 * `deleteCombat`, on the active GM (both generations): the encounter is over, so every effect on its
 * combatants' actors that lasts it (`forEncounter`) or counts its rounds (started in it) ends. An
 * effect something else ended meanwhile (v14's own expiry at combat end) is passed over.
 */
export async function endWithCombat(combat: {
  readonly id: string;
  readonly combatants?: Iterable<CombatantLike>;
  readonly turns?: readonly CombatantLike[];
}): Promise<number> {
  if (!game.users?.activeGM?.isSelf) return 0;
  let ended = 0;
  const seen = new Set<string>();
  // Every combatant, whether or not it still has a place in the turns (the embedded collection).
  for (const combatant of combat.combatants ?? combat.turns ?? []) {
    const actor = combatant.actor as BearerLike | null;
    if (!actor || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const ids = [...(actor.effects ?? [])]
      .filter((effect) => effectEncounter(effect) === combat.id || countsRoundsOf(effect, combat.id))
      .map((effect) => effect.id);
    if (!ids.length || !actor.deleteEmbeddedDocuments) continue;
    await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
    ended += ids.length;
  }
  return ended;
}

/**
 * At init: on v14 core ends effects and deletes them when they do ("update" would keep them, merely
 * marked, which leaves a status on the token and blocks the same effect coming again); the start an
 * Anthology effect names (its bearer's combatant) is kept through core's own stamping at creation.
 */
export function configureEffects(): void {
  if (!isV14()) return;
  (CONFIG.ActiveEffect as unknown as ActiveEffectConfigV14).expiryAction = "delete";
  Hooks.on("preCreateActiveEffect" as never, keepStart as never);
}

/** `preCreateActiveEffect` (v14): an Anthology effect's own `start` wins over the one core stamped. */
function keepStart(effect: { updateSource(changes: object): unknown }, data: { start?: object; flags?: object }) {
  const own = (data.flags as Record<string, Record<string, unknown>> | undefined)?.[SYSTEM_ID];
  if (data.start && isEffectEnd(own?.[EXPIRY_FLAG])) effect.updateSource({ start: { ...data.start } });
}

/**
 * At ready, on v14's active GM: lasting effects stored before this world ran on v14 (core migrated
 * their duration but cannot know the bearer's combatant or when in its turn they end) are pointed at
 * their bearer's combatant with their expiry event. Effects already right are left alone.
 */
export async function adoptLegacyLasting(combats: Iterable<CombatLike>): Promise<number> {
  if (!isV14() || !game.users?.activeGM?.isSelf) return 0;
  let adopted = 0;
  for (const combat of combats) {
    // An actor with two combatants (two tokens) goes by its first in the turn order, as on v13.
    const seen = new Set<string>();
    for (const combatant of combat.turns) {
      const actor = combatant.actor as (BearerLike & { updateEmbeddedDocuments?: UpdateEmbedded }) | null;
      if (!actor || seen.has(actor.uuid)) continue;
      seen.add(actor.uuid);
      const updates = [...(actor?.effects ?? [])].flatMap((effect) => {
        const until = effectEnd(effect);
        const duration = durationOf(effect) as Partial<EffectDurationV14>;
        const start = (effect._source?.start ?? effect.start ?? {}) as Partial<EffectStartV14>;
        if (!until || start.combat !== combat.id) return [];
        if (duration.expiry === until && start.combatant === combatant.id) return [];
        return [{ _id: effect.id, "duration.expiry": until, "start.combatant": combatant.id }];
      });
      if (!updates.length || !actor?.updateEmbeddedDocuments) continue;
      await actor.updateEmbeddedDocuments("ActiveEffect", updates);
      adopted += updates.length;
    }
  }
  return adopted;
}

type UpdateEmbedded = (name: "ActiveEffect", updates: object[]) => Promise<unknown>;

/** A change an effect makes to a number: added to it, or put in its place. */
export interface NumberChange {
  readonly key: string;
  readonly type: "add" | "override";
  readonly value: number;
}

const V13_MODES: Readonly<Record<NumberChange["type"], number>> = Object.freeze({ add: 2, override: 5 });

/** New effect data's changes in this generation's place and shape (`changes` and `mode`, or `system.changes` and `type`). */
export function changesData(changes: readonly NumberChange[]): object {
  if (!changes.length) return {};
  if (isV14()) {
    const list: EffectChangeV14[] = changes.map((c) => ({
      key: c.key,
      type: c.type,
      value: c.value,
      phase: "initial",
    }));
    return { system: { changes: list } };
  }
  const list: EffectChangeV13[] = changes.map((c) => ({ key: c.key, mode: V13_MODES[c.type], value: String(c.value) }));
  return { changes: list };
}

/** v13's numeric change modes by the name v14 gives them (CONST.ACTIVE_EFFECT_MODES). */
const MODE_NAMES: readonly string[] = ["custom", "multiply", "add", "downgrade", "upgrade", "override"];

/** A change an effect makes, read from either generation's stored shape: the data path, how, and the value. */
export interface StoredChange {
  readonly key: string;
  readonly type: string;
  readonly value: string;
}

/** The changes an effect makes, wherever this generation keeps them (v13 `changes` with a `mode`, v14 `system.changes` with a `type`). */
export function effectChanges(effect: {
  readonly _source?: { readonly changes?: unknown; readonly system?: unknown };
}): StoredChange[] {
  const source = effect._source ?? {};
  const list = isV14() ? (source.system as { changes?: unknown } | undefined)?.changes : source.changes;
  if (!Array.isArray(list)) return [];
  return list.flatMap((c: Partial<EffectChangeV13 & EffectChangeV14>) => {
    if (typeof c?.key !== "string" || !c.key) return [];
    const type = typeof c.type === "string" ? c.type : (MODE_NAMES[Number(c.mode)] ?? "custom");
    return [{ key: c.key, type, value: String(c.value ?? "") }];
  });
}

/**
 * What is left of an effect that counts rounds: the rounds still to run in the combat they count in,
 * or `outOfCombat` when that combat is not under way (the effect lasts until someone removes it there).
 * Null for an effect that does not count rounds.
 */
export function roundsLeft(
  effect: EffectLike,
  combats: Iterable<{ readonly id: string; readonly round: number; readonly started?: boolean }>,
): { readonly rounds: number; readonly left: number | null } | null {
  const rounds = effectRounds(effect);
  if (rounds === null) return null;
  const start = effectStart(effect);
  const combat = start ? [...combats].find((c) => c.id === start.combat) : undefined;
  if (!start || !combat) return { rounds, left: null };
  return { rounds, left: Math.max(0, rounds - Math.max(0, combat.round - start.round)) };
}
