interface TargetedToken<T> {
  readonly actor: T | null;
  readonly name?: string;
}

/** A target as a sheet's odds read it: its name and the defense an attack must beat. */
export interface DefenseTarget {
  readonly name: string;
  readonly defense: number;
}

/**
 * The user's first targeted token, when `accepts` takes its actor (one of the rule set's own): that
 * actor, and the token's name (the actor's when the token has none). A sheet shows its odds against it.
 */
export function firstTarget<T, A extends T & { readonly name: string }>(
  accepts: (actor: T | null | undefined) => actor is A,
): { actor: A; name: string } | null {
  const targets = (game.user as unknown as { targets?: Iterable<TargetedToken<T>> } | undefined)?.targets;
  const token = targets ? [...targets][0] : undefined;
  const actor = token?.actor;
  if (!accepts(actor)) return null;
  return { actor, name: token?.name ?? actor.name };
}
