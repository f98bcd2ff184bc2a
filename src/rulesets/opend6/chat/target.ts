import type { OpenD6ActorDerived, OpenD6ActorSystem } from "../data";

/** An actor as far as the OpenD6 adapters read it. */
export interface OpenD6ActorLike {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

/** Whether an actor carries OpenD6's derived numbers (an opend6-character or opend6-npc). */
export function isOpenD6Actor(
  actor: OpenD6ActorLike | null | undefined,
): actor is OpenD6ActorLike & { system: OpenD6ActorSystem & OpenD6ActorDerived } {
  return Boolean(
    actor &&
    typeof actor.type === "string" &&
    actor.type.startsWith("opend6-") &&
    (actor.system as Partial<OpenD6ActorDerived> | undefined)?.derived,
  );
}
