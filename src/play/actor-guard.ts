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
