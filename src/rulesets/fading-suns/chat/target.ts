import { derivedActorGuard, type ActorLike } from "../../../play/actor-guard";
import type { FadingSunsActorDerived, FadingSunsActorSystem } from "../data";

/** An actor as far as the Fading Suns adapters read it. */
export type FsActorLike = ActorLike;

/** Whether an actor carries Fading Suns' derived numbers (a fading-suns-character or -npc). */
export const isFsActor = derivedActorGuard<FadingSunsActorSystem & FadingSunsActorDerived>("fading-suns-");
