import { refuse } from "./refuse";

/** An actor as far as a rule set's adapters read it before they know it is one of theirs. */
export interface ActorLike {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

/**
 * A guard for a rule set's actors: of its types (their stored names start with `typePrefix`, as
 * "opend6-character" does) and carrying the numbers its data model derives (`system.derived`).
 */
export function derivedActorGuard<S>(
  typePrefix: string,
): (actor: ActorLike | null | undefined) => actor is ActorLike & { system: S } {
  return (actor): actor is ActorLike & { system: S } =>
    Boolean(
      actor &&
      typeof actor.type === "string" &&
      actor.type.startsWith(typePrefix) &&
      (actor.system as { derived?: unknown } | undefined)?.derived,
    );
}

/**
 * The actor, read through a rule set's guard, for the GM's apply: a refusal (`notOurs`, given `name`)
 * when it is not one of the rule set's actors.
 */
export function ownActor<T, S>(
  actor: T | null,
  is: (actor: ActorLike | null | undefined) => actor is ActorLike & { system: S },
  name: string,
  notOurs: string,
): T & { readonly system: S } {
  if (!is(actor as ActorLike | null)) refuse(notOurs, { name });
  return actor as T & { readonly system: S };
}
