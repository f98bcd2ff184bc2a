import { SYSTEM_ID } from "../../../constants";
import { isMeleeWeapon } from "../rules/weapons";
import { isHodActor, type HodActor, type HodItem } from "./documents";

interface TokenLike {
  readonly actor: unknown;
  readonly name?: string;
}

/** The user's first targeted token and its actor, when that is a Heroes of Destiny actor. */
export function firstHodTarget(): { actor: HodActor; name: string } | null {
  const targets = (game.user as unknown as { targets?: Iterable<TokenLike> } | undefined)?.targets;
  const token = targets ? [...targets][0] : undefined;
  const actor = token?.actor;
  if (!isHodActor(actor)) return null;
  return { actor, name: token?.name ?? actor.name };
}

/** A combatant as the flows read it. */
export interface CombatantLike {
  readonly id: string;
  readonly name: string;
  readonly actor: { readonly uuid?: string; readonly id?: string } | null;
  readonly initiative: number | null;
  readonly isDefeated: boolean;
  getFlag(scope: string, key: string): unknown;
}

interface CombatLike {
  readonly combatants: Iterable<CombatantLike>;
}

/** The active combat (`game.combat`), if any. */
export function activeCombat<T = unknown>(): T | null {
  return ((game as unknown as { combat?: T | null }).combat ?? null) as T | null;
}

/** The combatant of an actor in a combat: the one whose actor is this very actor (a token's, or a linked one). */
export function combatantOf(combat: CombatLike | null, actor: { uuid: string }): CombatantLike | null {
  if (!combat) return null;
  for (const combatant of combat.combatants) if (combatant.actor?.uuid === actor.uuid) return combatant;
  return null;
}

/** Core statuses that leave a creature unable to react: it meets attacks with its Passive defense. */
export const HELPLESS_STATUSES = Object.freeze(["unconscious", "sleep", "paralysis", "restrain"]);

/** A melee weapon in hand: an equipped weapon the rules count as a melee weapon. */
export function wieldsMeleeWeapon(actor: { readonly items: { readonly contents: readonly HodItem[] } }): boolean {
  return actor.items.contents.some((item) => {
    const s = item.system;
    return item.type === "hod-weapon" && s.equipped !== false && isMeleeWeapon(s);
  });
}

/** What decides a target's default defense, read from its combatant, statuses and weapons. */
export interface TargetState {
  readonly surprised: boolean;
  readonly unsteady: boolean;
  readonly helpless: boolean;
  readonly meleeWeapon: boolean;
}

/**
 * How a target stands: surprised until it has first acted (acting clears the unsteady flag that
 * surprise sets), unsteady after a fumble, helpless under a status that stops it reacting.
 */
export function targetState(actor: HodActor): TargetState {
  const combatant = combatantOf(activeCombat<CombatLike>(), actor);
  const flag = (key: string) => combatant?.getFlag(SYSTEM_ID, key);
  const unsteady = flag("unsteady");
  return {
    surprised: flag("surprised") === true && unsteady !== false,
    unsteady: unsteady === true,
    helpless: HELPLESS_STATUSES.some((s) => actor.statuses?.has(s)),
    meleeWeapon: wieldsMeleeWeapon(actor),
  };
}
