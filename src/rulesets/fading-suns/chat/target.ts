import type { FadingSunsActorDerived, FadingSunsActorSystem } from "../data";

/** An actor as far as the Fading Suns adapters read it. */
export interface FsActorLike {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

/** Whether an actor carries Fading Suns' derived numbers (a fading-suns-character or -npc). */
export function isFsActor(
  actor: FsActorLike | null | undefined,
): actor is FsActorLike & { system: FadingSunsActorSystem & FadingSunsActorDerived } {
  return Boolean(
    actor &&
    typeof actor.type === "string" &&
    actor.type.startsWith("fading-suns-") &&
    (actor.system as Partial<FadingSunsActorDerived> | undefined)?.derived,
  );
}
