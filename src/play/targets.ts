import type { CardRef } from "./card";
import { MAX_TARGETS } from "./card";

interface TokenLike {
  readonly actor: unknown;
  readonly name?: string;
}

/** A targeted token's actor and the name its token shows. */
export interface Targeted<A> {
  readonly actor: A;
  readonly name: string;
}

/**
 * The tokens this user targets whose actors a rule set can read (`accepts`), once each, in the order
 * targeted and at most as many as a card carries.
 */
export function userTargets<A extends { readonly uuid: string; readonly name: string }>(
  accepts: (actor: unknown) => actor is A,
): Array<Targeted<A>> {
  const targets = (game.user as unknown as { targets?: Iterable<TokenLike> } | undefined)?.targets ?? [];
  const seen = new Set<string>();
  const out: Array<Targeted<A>> = [];
  for (const token of targets) {
    const actor = token.actor;
    if (!accepts(actor) || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    out.push({ actor, name: token.name ?? actor.name });
    if (out.length === MAX_TARGETS) break;
  }
  return out;
}

/** A target as a card stores it. */
export const targetRef = <A extends { readonly uuid: string }>(t: Targeted<A>): CardRef => ({
  uuid: t.actor.uuid,
  name: t.name,
});
