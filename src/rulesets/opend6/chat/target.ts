import { derivedActorGuard, type ActorLike } from "../../../play/actor-guard";
import type { OpenD6ActorDerived, OpenD6ActorSystem } from "../data";

/** An actor as far as the OpenD6 adapters read it. */
export type OpenD6ActorLike = ActorLike;

/** Whether an actor carries OpenD6's derived numbers (an opend6-character or opend6-npc). */
export const isOpenD6Actor = derivedActorGuard<OpenD6ActorSystem & OpenD6ActorDerived>("opend6-");
