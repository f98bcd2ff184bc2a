import { SYSTEM_ID } from "../../../constants";
import { readEffectLink, type HodEffectLink } from "../rules/effects";

/** Where an effect keeps its link (`flags.anthology.hodEffect`). */
export const EFFECT_FLAG = "hodEffect";

/**
 * Where an actor keeps the stance changes the GM's applies made on a Time Count, each with its count and
 * the stance before it (`flags.anthology.hodStanceChanges`, a JSON string, read as untrusted).
 */
export const STANCE_CHANGES_FLAG = "hodStanceChanges";

interface EffectDoc {
  readonly id: string;
  getFlag(scope: string, key: string): unknown;
  delete(): Promise<unknown>;
}

/** An actor as the effects read it: its uuid and Active Effects. */
export interface WithEffects {
  readonly uuid: string;
  readonly effects?: { readonly contents: readonly EffectDoc[] };
}

/** The special actions' effects on an actor, each with its link. */
export function linksOf(actor: WithEffects | null | undefined): Array<{ id: string; link: HodEffectLink }> {
  const out: Array<{ id: string; link: HodEffectLink }> = [];
  for (const effect of actor?.effects?.contents ?? []) {
    const link = readEffectLink(effect.getFlag(SYSTEM_ID, EFFECT_FLAG));
    if (link) out.push({ id: effect.id, link });
  }
  return out;
}
