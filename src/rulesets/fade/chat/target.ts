import type { FadeActorDerived } from "../data";
import type { TargetView } from "../sheets/view";

/** An actor as far as the Fade adapters read it. */
export interface FadeActorLike {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly isOwner: boolean;
  readonly system: unknown;
}

interface TokenLike {
  readonly actor: FadeActorLike | null;
  readonly name?: string;
  readonly document?: { readonly uuid?: string };
}

/** Whether an actor carries the Fade's derived numbers (a fade-character or fade-npc). */
export function isFadeActor(actor: FadeActorLike | null | undefined): actor is FadeActorLike & {
  system: FadeActorDerived;
} {
  return Boolean(actor && (actor.system as Partial<FadeActorDerived> | undefined)?.derived);
}

/** The user's first targeted token and its actor, when that is a Fade actor. */
export function firstTarget(): { actor: FadeActorLike & { system: FadeActorDerived }; name: string } | null {
  const targets = (game.user as unknown as { targets?: Iterable<TokenLike> } | undefined)?.targets;
  const token = targets ? [...targets][0] : undefined;
  const actor = token?.actor;
  if (!isFadeActor(actor)) return null;
  return { actor, name: token?.name ?? actor.name };
}

/** The first target as a sheet shows it (its defenses), or null. */
export function targetView(): TargetView | null {
  const target = firstTarget();
  return target ? { name: target.name, derived: target.actor.system.derived } : null;
}
