/**
 * Fading Suns' combat turn on Foundry's documents: the stance a fighter declares is stamped with the
 * round it was declared in and lasts until the fighter's next turn; surprise lasts the first turn; a
 * fighter may hold its action and take it later, before anyone it out-rolled.
 */
import { SYSTEM_ID } from "../../../constants";
import { info, warn } from "../../../play/notify";
import { actNowInitiative, isStance, rollsInitiative, stanceEnds, type StanceSince } from "../rules";
import { isFsActor, type FsActorLike } from "../chat/target";
import { STANCE_SINCE } from "./stance-stamp";

/** The flag (system scope) of a combatant holding its action. */
export const HOLDING = "fsHolding";

interface FsCombatActor extends FsActorLike {
  readonly isOwner?: boolean;
  getFlag?(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}

/** A combatant as these handlers read it. */
export interface FsCombatant {
  readonly id: string;
  readonly name: string;
  readonly initiative: number | null;
  readonly actor: FsCombatActor | null;
  readonly isOwner?: boolean;
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}

/** A combat as these handlers read and change it. */
export interface FsCombat {
  readonly id: string;
  readonly round: number;
  readonly turn: number | null;
  readonly started?: boolean;
  readonly turns: readonly FsCombatant[];
  readonly combatants: Iterable<FsCombatant>;
  readonly combatant?: FsCombatant | null;
  update(data: object, options?: object): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  getFlag?(scope: string, key: string): unknown;
}

/**
 * The flag (system scope, on the combat: only a GM writes it) where the active GM records each stance
 * its turn ended, by combatant id: the stance, the aggressive choice and when. The GM's apply reads it to
 * judge an attack rolled before the stance ended with the stance it was rolled in.
 */
export const STANCE_ENDED = "fsStanceEnded";

const isActiveGm = () => game.users?.activeGM?.isSelf === true;

function sinceOf(actor: FsCombatActor): StanceSince | null {
  const raw = actor.getFlag?.(SYSTEM_ID, STANCE_SINCE) as Partial<StanceSince> | undefined;
  if (!raw || typeof raw !== "object" || typeof raw.round !== "number") return null;
  return { combat: typeof raw.combat === "string" ? raw.combat : null, round: raw.round };
}

/**
 * The text's "Reset Defense" at the end of a turn: a surprise ends, and so does a run's or charge's −2
 * (the fighter's stance lasts until its own next turn: `onFsCombatUpdate`).
 */
async function resetDefense(actor: FsCombatActor): Promise<void> {
  const system = actor.system as { surprised?: boolean; moved?: string };
  const changes = {
    ...(system.surprised === true ? { "system.surprised": false } : {}),
    ...(system.moved && system.moved !== "none" ? { "system.moved": "none" } : {}),
  };
  if (Object.keys(changes).length) await actor.update(changes);
}

/** `deleteCombat`, on the active GM: a fight that ends resets its fighters' runs and charges. */
export async function onFsCombatDelete(combat: Pick<FsCombat, "combatants">): Promise<void> {
  if (!isActiveGm()) return;
  for (const c of combat.combatants) {
    const actor = c.actor;
    if (!isFsActor(actor)) continue;
    const moved = (actor!.system as { moved?: string }).moved;
    if (moved && moved !== "none") await actor!.update({ "system.moved": "none" });
  }
}

/**
 * `updateCombat`, on the active GM, when the combat moves forward: a new round ends every surprise, run
 * and charge and every held action of the last; the fighter whose turn starts drops a stance declared before this
 * round back to neutral.
 */
export async function onFsCombatUpdate(
  combat: FsCombat,
  changed: { round?: unknown; turn?: unknown },
  options: { direction?: unknown } = {},
): Promise<void> {
  if (!isActiveGm() || options.direction === -1) return;
  if (!("turn" in changed) && !("round" in changed)) return;
  if (combat.round < 1) return;
  if ("round" in changed && combat.round > 1) {
    for (const c of combat.combatants) {
      if (!isFsActor(c.actor)) continue;
      if (c.getFlag(SYSTEM_ID, HOLDING) === true) await c.update({ [`flags.${SYSTEM_ID}.${HOLDING}`]: false });
      await resetDefense(c.actor!);
    }
  }
  const current = combat.combatant ?? combat.turns[combat.turn ?? 0];
  const actor = current?.actor;
  if (!current || !actor || !isFsActor(actor)) return;
  const stance = (actor.system as { stance?: unknown }).stance;
  if (!isStance(stance) || stance === "neutral") return;
  if (!stanceEnds(sinceOf(actor), { combat: combat.id, round: combat.round })) return;
  const aggressive = (actor.system as { aggressive?: unknown }).aggressive === "damage" ? "damage" : "goal";
  const ended = combat.getFlag?.(SYSTEM_ID, STANCE_ENDED);
  await combat.update({
    [`flags.${SYSTEM_ID}.${STANCE_ENDED}`]: {
      ...(ended && typeof ended === "object" ? ended : {}),
      [current.id]: { at: Date.now(), stance, aggressive },
    },
  });
  await actor.update({ "system.stance": "neutral" });
}

/** A fighter holds its action: marked as holding, and on its own turn the turn moves on. */
export async function holdAction(combat: FsCombat, combatant: FsCombatant): Promise<boolean> {
  if (!combatant.isOwner) return (warn("ANTHOLOGY.FadingSuns.Errors.notYours", { name: combatant.name }), false);
  if (!combat.started && combat.round < 1) return (warn("ANTHOLOGY.FadingSuns.Errors.notStarted"), false);
  await combatant.update({ [`flags.${SYSTEM_ID}.${HOLDING}`]: true });
  if (combat.combatant?.id === combatant.id) await combat.nextTurn();
  info("ANTHOLOGY.FadingSuns.Combat.holds", { name: combatant.name });
  return true;
}

/**
 * The GM lets a holding fighter act now, before the fighter whose turn it is: only when the holder
 * rolled higher. Its initiative moves half a point above the current fighter's and the turn is its.
 */
export async function actNow(combat: FsCombat, holder: FsCombatant): Promise<boolean> {
  if (!game.user?.isGM) return (warn("ANTHOLOGY.FadingSuns.Errors.gmOnly"), false);
  if (holder.getFlag(SYSTEM_ID, HOLDING) !== true)
    return (warn("ANTHOLOGY.FadingSuns.Errors.notHolding", { name: holder.name }), false);
  const current = combat.combatant;
  if (!current || current.id === holder.id) {
    await holder.update({ [`flags.${SYSTEM_ID}.${HOLDING}`]: false });
    return true;
  }
  const initiative = actNowInitiative(holder.initiative, current.initiative);
  if (initiative === null) {
    warn("ANTHOLOGY.FadingSuns.Errors.rolledLower", { name: holder.name, other: current.name });
    return false;
  }
  await holder.update({ initiative, [`flags.${SYSTEM_ID}.${HOLDING}`]: false });
  const index = combat.turns.findIndex((c) => c.id === holder.id);
  if (index >= 0) await combat.update({ turn: index });
  return true;
}

/**
 * The rounds tracker's `keptOut`: a surprised fighter rolls no initiative and takes no turn in the first
 * round ("Any character winning the opposed roll may roll Initiative and not be caught unaware").
 */
export function keptOutOfRound(combatant: unknown, combat: unknown): string | null {
  const actor = (combatant as { actor?: FsCombatActor | null } | null)?.actor;
  const round = (combat as { round?: number } | null)?.round ?? 0;
  if (!actor || !isFsActor(actor)) return null;
  const surprised = (actor.system as { surprised?: unknown }).surprised === true;
  return rollsInitiative({ surprised, round }) ? null : "ANTHOLOGY.FadingSuns.Combat.surprisedOut";
}

/**
 * The rounds tracker's `beforeRound` (a GM's client, before the round moves): the turn ends, Defense
 * resets (surprise, runs and charges end), and every fighter who rolled no initiative rolls now, the
 * text's "Entering Initiative", so the new round starts in its order.
 */
export async function enterInitiative(raw: unknown): Promise<void> {
  const combat = raw as FsCombat & { rollInitiative(ids: string[], options?: object): Promise<unknown> };
  if (combat.round < 1) return;
  const entering: string[] = [];
  for (const c of combat.combatants) {
    if (!isFsActor(c.actor)) continue;
    await resetDefense(c.actor!);
    if (c.initiative === null) entering.push(c.id);
  }
  if (entering.length) await combat.rollInitiative(entering, { updateTurn: false });
}

/**
 * The GM marks a fighter surprised from the tracker (or takes the mark off). Marked before its first
 * turn, a fighter's initiative is set aside: it rolls when the second turn begins.
 */
export async function toggleSurprise(combat: FsCombat, combatant: FsCombatant): Promise<boolean> {
  if (!game.user?.isGM) return (warn("ANTHOLOGY.FadingSuns.Errors.gmOnly"), false);
  const actor = combatant.actor;
  if (!actor || !isFsActor(actor)) return false;
  const surprised = (actor.system as { surprised?: unknown }).surprised !== true;
  await actor.update({ "system.surprised": surprised });
  if (surprised && combat.round <= 1 && combatant.initiative !== null) await combatant.update({ initiative: null });
  return true;
}
