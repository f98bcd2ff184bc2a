/**
 * Active defenses at the table: a check card rolled with "full" or "partial" defense marks its actor
 * with the defending status until its turn in the next round. Attacks read the defense back from the
 * card's own dice (and the choice its roll carries), never from numbers written beside it.
 */
import { SYSTEM_ID } from "../../../constants";
import { cardOf, replayRolls } from "../../../play/cards";
import { postedAt, messageById } from "../../../play/documents";
import { DEFENSE_KINDS, DEFENSE_LASTS, DEFENSE_STATUS, type DefenseKind } from "../rules";
import { withLasting } from "../../../foundry";
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
  const kind = (rolled?.roll.request as { choices?: { defense?: unknown } } | undefined)?.choices?.defense;
  if (!rolled || !(DEFENSE_KINDS as readonly unknown[]).includes(kind)) return null;
  return { kind: kind as DefenseKind, total: rolled.total, card: message.id };
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

/** Marks the actor defending with the card just posted (a new defense replaces the last). */
export async function declareDefense(actor: DefenderLike, message: { readonly id: string }): Promise<void> {
  const old = defending(actor).map((e) => e.id);
  if (old.length) await actor.deleteEmbeddedDocuments?.("ActiveEffect", old);
  const effect = {
    name: game.i18n!.localize("ANTHOLOGY.OpenD6.Status.defending"),
    img: DEFENDING_ICON,
    statuses: [DEFENSE_STATUS],
    description: game.i18n!.localize("ANTHOLOGY.OpenD6.Status.defendingNote"),
    flags: { [SYSTEM_ID]: { opend6Defense: { card: message.id } } },
  };
  await actor.createEmbeddedDocuments?.("ActiveEffect", [withLasting(effect, actor, DEFENSE_LASTS)]);
}

export const DEFENDING_ICON = "icons/svg/shield.svg";
