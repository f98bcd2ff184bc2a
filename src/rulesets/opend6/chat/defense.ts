/**
 * Active defenses at the table: a check card rolled with "full" or "partial" defense marks its actor
 * with the defending status until its turn in the next round. Attacks read the defense back from the
 * card's own dice (and the choice its roll carries), never from numbers written beside it.
 */
import { SYSTEM_ID } from "../../../constants";
import { cardOf, replayRolls } from "../../../play/cards";
import { postedAt, messageById } from "../../../play/documents";
import { DEFENSE_KINDS, DEFENSE_STATUS, defenseOver, type DefenseKind, type DefenseTurn } from "../rules";
import { withSpends } from "./spent";
import { defenseHolds, type Roller } from "./checks";

interface EffectLike {
  readonly id: string;
  readonly statuses: ReadonlySet<string>;
  getFlag(scope: string, key: string): unknown;
}

/** An actor as a defense is declared on and read from. */
export interface DefenderLike {
  readonly uuid: string;
  readonly name: string;
  readonly effects?: Iterable<EffectLike>;
  createEmbeddedDocuments?(name: "ActiveEffect", data: object[]): Promise<unknown>;
  deleteEmbeddedDocuments?(name: "ActiveEffect", ids: string[]): Promise<unknown>;
}

/** A defense standing: its kind, the roll's total (from its dice), and the card that rolled it. */
export interface DeclaredDefense {
  readonly kind: DefenseKind;
  readonly total: number;
  readonly card: string;
  /** The skill it rolled: dodge, brawling (a block) or melee combat (a parry). */
  readonly skill?: string;
  /** A parry: the id of the defender's weapon it was made with (null: bare hands). */
  readonly parryWith?: string | null;
}

const defending = (actor: DefenderLike) => [...(actor.effects ?? [])].filter((e) => e.statuses.has(DEFENSE_STATUS));

/** The card a defending status names. */
const cardId = (effect: EffectLike) =>
  (effect.getFlag(SYSTEM_ID, "opend6Defense") as { card?: unknown } | undefined)?.card;

/**
 * A defense card read back: an OpenD6 check card rolled by `actor`, whose roll was made as an active
 * defense, posted no later than `before` when both times are known, and that holds (chat/checks.ts:
 * its roll is what the defender's sheet gives, its points paid). Its total comes from its dice.
 */
export function defenseFromCard(id: unknown, actor: DefenderLike, before?: number): DeclaredDefense | null {
  const message = messageById(id);
  const read = message ? cardOf(message) : null;
  if (!message || !read || "error" in read || read.card.ruleSet !== "opend6" || read.card.kind !== "check") return null;
  if (read.card.actor?.uuid !== actor.uuid) return null;
  const posted = postedAt(message);
  if (before !== undefined && posted !== undefined && posted > before) return null;
  if (!defenseHolds(message, actor as Roller)) return null;
  let rolled: ReturnType<typeof withSpends>;
  try {
    // Points spent after the roll count: the total is the dice's, spends included.
    rolled = withSpends(replayRolls(message), 0);
  } catch {
    return null;
  }
  const request = rolled?.roll.request as
    { choices?: { defense?: unknown; parryWith?: unknown }; trait?: { id?: unknown } } | undefined;
  const kind = request?.choices?.defense;
  if (!rolled || !(DEFENSE_KINDS as readonly unknown[]).includes(kind)) return null;
  const parryWith = request?.choices?.parryWith;
  return {
    kind: kind as DefenseKind,
    total: rolled.total,
    card: message.id,
    skill: typeof request?.trait?.id === "string" ? request.trait.id : "dodge",
    parryWith: typeof parryWith === "string" && parryWith ? parryWith : null,
  };
}

/** The active defense an actor stands behind now (declared before `before`, when given), or null. */
export function declaredDefense(actor: DefenderLike | null | undefined, before?: number): DeclaredDefense | null {
  if (!actor) return null;
  for (const effect of defending(actor)) {
    const defense = defenseFromCard(cardId(effect), actor, before);
    if (defense) return defense;
  }
  return null;
}

/** A combat as a defense's start and end read it: its round, turn and order. */
export interface DefenseCombat {
  readonly id: string;
  readonly round: number;
  readonly turn: number | null;
  readonly turns: ReadonlyArray<{ readonly actor: DefenderLike | null }>;
}

const activeCombat = () => (game as unknown as { combat?: DefenseCombat | null }).combat ?? null;

/**
 * Marks the actor defending with the card just posted (a new defense replaces the last). In a combat
 * the bearer fights in, the mark names that combat and the round it was taken in; it ends at the
 * bearer's turn in the next round as that round's order has it (`endDefenses`), so OpenD6 ends it
 * itself rather than through a duration the generic expiry (or Foundry's) judges in the old order.
 */
export async function declareDefense(
  actor: DefenderLike,
  message: { readonly id: string },
  combat: DefenseCombat | null = activeCombat(),
): Promise<void> {
  const old = defending(actor).map((e) => e.id);
  if (old.length) await actor.deleteEmbeddedDocuments?.("ActiveEffect", old);
  const fights = combat?.turns.some((c) => c.actor?.uuid === actor.uuid) === true;
  const effect = {
    name: game.i18n!.localize("ANTHOLOGY.OpenD6.Status.defending"),
    img: DEFENDING_ICON,
    statuses: [DEFENSE_STATUS],
    description: game.i18n!.localize("ANTHOLOGY.OpenD6.Status.defendingNote"),
    flags: {
      [SYSTEM_ID]: {
        opend6Defense: { card: message.id, ...(fights && combat ? { combat: combat.id, round: combat.round } : {}) },
      },
    },
  };
  await actor.createEmbeddedDocuments?.("ActiveEffect", [effect]);
}

/** Where a combatant's turn stands in the current round: before, in or after the current turn. */
function bearerTurn(index: number, combat: DefenseCombat): DefenseTurn {
  if (combat.turn === null) return "before";
  return index < combat.turn ? "after" : index === combat.turn ? "current" : "before";
}

/**
 * The active GM's `updateCombat` (after every-round initiative is rolled, when it is): each defense
 * taken in this combat ends as its bearer's turn in the next round starts, by the order the combat
 * has now. An actor with two combatants goes by its first in the order.
 */
export async function endDefenses(combat: DefenseCombat, changed: { turn?: unknown; round?: unknown }): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  if (!("turn" in changed) && !("round" in changed)) return;
  const seen = new Set<string>();
  for (const [index, combatant] of combat.turns.entries()) {
    const actor = combatant.actor;
    if (!actor || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const now = { round: combat.round, bearerTurn: bearerTurn(index, combat) };
    const ended = defending(actor).filter((effect) => {
      const start = effect.getFlag(SYSTEM_ID, "opend6Defense") as { combat?: unknown; round?: unknown } | undefined;
      if (start?.combat !== combat.id || typeof start.round !== "number") return false;
      return defenseOver(start.round, now);
    });
    if (ended.length) {
      await actor.deleteEmbeddedDocuments?.(
        "ActiveEffect",
        ended.map((e) => e.id),
      );
    }
  }
}

export const DEFENDING_ICON = "icons/svg/shield.svg";
