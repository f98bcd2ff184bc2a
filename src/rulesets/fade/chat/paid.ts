import { SYSTEM_ID } from "../../../constants";
import { RequestRefused } from "../../../hooks/socket";
import type { FadeTurnAction } from "../rules";

/**
 * What paid for a roll in an encounter. A roll that takes an action (an attack, a dodge or parry)
 * is paid for from its combatant's turn before it is rolled: the asking client names a ticket, the GM
 * records it on the combat (which only a GM can write) when it spends the action, and the roll
 * carries the ticket in its request. When the roll is used (its row applied, its dodge met), the GM
 * binds the ticket to that card, once for each card the action paid for: a full-round attack as many
 * as the Attacks per Round, anything else one. So a card rolled without spending, or a second card
 * with a copied ticket, does nothing to anyone else's actor.
 */

/** The Combat flag holding the tickets by id (`flags.anthology.fadePaid`). */
export const PAID_FLAG = "fadePaid";

/** What a roll's request says paid for it: the combat and the ticket. */
export interface Paid {
  readonly combat: string;
  readonly ticket: string;
}

/** What a roll was paid with in an encounter, and the card it rerolls with Luck: part of its request. */
export interface RollPayment {
  readonly paid?: Paid | null;
  /** The card a Luck reroll replaces (its message id). */
  readonly rerolls?: string;
}

/** A ticket as the GM recorded it: whose, for what action, how many cards, and the cards bound so far. */
interface Ticket {
  readonly combatant: string;
  readonly action: string;
  readonly uses: number;
  readonly cards: readonly string[];
  /** A dodge's ticket: the attack it met (a dodge meets one attack). */
  readonly met?: string;
}

/** The actions that roll a card and so leave a ticket, and how many cards each pays for. */
const ROLLING: ReadonlySet<string> = new Set<FadeTurnAction>([
  "standard",
  "opportunity",
  "chargeAttack",
  "coupDeGrace",
  "fullAttack",
  "dodge",
]);

const TICKET = /^[A-Za-z0-9]{8,32}$/;

/** A new ticket: random, and safe as a key of a flag. */
export function newTicket(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");
}

/** A ticket a client named, when it is one. */
export const ticketOf = (value: unknown): string | null =>
  typeof value === "string" && TICKET.test(value) ? value : null;

/** The ticket a roll's request names, read as untrusted data. */
export function paidOf(request: unknown): Paid | null {
  const paid = (request as { paid?: unknown } | null | undefined)?.paid as Record<string, unknown> | undefined;
  const ticket = ticketOf(paid?.ticket);
  return ticket && typeof paid?.combat === "string" ? { combat: paid.combat, ticket } : null;
}

interface PaidCombat {
  readonly id: string;
  readonly round: number;
  readonly combatants: Iterable<{ readonly id: string; readonly actor: { readonly uuid: string } | null }>;
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}

const ticketsOf = (combat: Pick<PaidCombat, "getFlag">) =>
  (combat.getFlag(SYSTEM_ID, PAID_FLAG) ?? {}) as Readonly<Record<string, Ticket | undefined>>;

/**
 * The update that records a ticket for an action the GM just spent, or null when the action rolls
 * nothing or the ticket is not one (or is taken: a ticket is recorded once).
 */
export function ticketUpdate(
  combat: Pick<PaidCombat, "getFlag">,
  combatant: { readonly id: string },
  action: unknown,
  ticket: unknown,
  attacksPerRound: number,
): Record<string, Ticket> | null {
  const id = ticketOf(ticket);
  if (!id || typeof action !== "string" || !ROLLING.has(action) || ticketsOf(combat)[id]) return null;
  const uses = action === "fullAttack" ? Math.max(1, Math.trunc(attacksPerRound) || 1) : 1;
  return { [`flags.${SYSTEM_ID}.${PAID_FLAG}.${id}`]: { combatant: combatant.id, action, uses, cards: [] } };
}

/** The encounters under way in which an actor fights. */
function fightsOf(actorUuid: string): PaidCombat[] {
  const combats = (game as unknown as { combats?: { values(): Iterable<PaidCombat> } }).combats;
  return [...(combats?.values() ?? [])].filter(
    (c) => c.round > 0 && [...c.combatants].some((x) => x.actor?.uuid === actorUuid),
  );
}

/** One binding at a time on the GM's client: two cards never take the last use of a ticket together. */
let chain: Promise<unknown> = Promise.resolve();

/**
 * On the GM's side: whether the card `key` (an attack or dodge card, or the card a Luck reroll
 * replaces) may be used as `actorUuid`'s roll: out of any encounter always; in one, only with a
 * ticket of that actor's combatant for one of `actions`, bound to this card now if a use is left.
 * Refuses with the roll's name (`roll`, its i18n key) otherwise.
 */
export function bindPaid(input: {
  readonly actorUuid: string;
  readonly name: string;
  readonly request: unknown;
  readonly key: string;
  readonly actions: readonly string[];
  readonly roll: string;
}): Promise<void> {
  const run = chain.then(() => bind(input));
  chain = run.catch(() => undefined);
  return run;
}

async function bind(input: Parameters<typeof bindPaid>[0]): Promise<void> {
  const fights = fightsOf(input.actorUuid);
  if (!fights.length) return;
  const refuse = (): never => {
    throw new RequestRefused({
      key: "ANTHOLOGY.Fade.Errors.notPaid",
      data: { name: input.name, roll: input.roll },
    });
  };
  const paid = paidOf(input.request);
  const combat = paid ? fights.find((c) => c.id === paid.combat) : undefined;
  const ticket = combat && paid ? ticketsOf(combat)[paid.ticket] : undefined;
  if (!combat || !paid || !ticket || !input.actions.includes(ticket.action)) return refuse();
  const combatant = [...combat.combatants].find((c) => c.id === ticket.combatant);
  if (combatant?.actor?.uuid !== input.actorUuid) return refuse();
  const cards = Array.isArray(ticket.cards) ? ticket.cards : [];
  if (cards.includes(input.key)) return;
  if (cards.length >= (Number(ticket.uses) || 1)) return refuse();
  // Only a GM can write the combat: an owner applying to their own actor with no GM on checks alone.
  if (game.user?.isGM)
    await combat.update({ [`flags.${SYSTEM_ID}.${PAID_FLAG}.${paid.ticket}.cards`]: [...cards, input.key] });
}

/**
 * On the GM's side: whether a dodge or parry (its roll's request) may meet attack `attack` (an attack
 * card, or the card a Luck reroll replaces). In an encounter a dodge meets one attack: the first
 * that uses it is recorded on its ticket. Out of any encounter, always (its card is all there is).
 */
export function meetDodge(input: { readonly dodgerUuid: string; readonly request: unknown; readonly attack: string }) {
  const run = chain.then(async () => {
    const paid = paidOf(input.request);
    const combat = paid ? fightsOf(input.dodgerUuid).find((c) => c.id === paid.combat) : undefined;
    const ticket = combat && paid ? ticketsOf(combat)[paid.ticket] : undefined;
    if (!combat || !paid || !ticket) return true;
    if (typeof ticket.met === "string") return ticket.met === input.attack;
    if (game.user?.isGM) await combat.update({ [`flags.${SYSTEM_ID}.${PAID_FLAG}.${paid.ticket}.met`]: input.attack });
    return true;
  });
  chain = run.catch(() => undefined);
  return run;
}
