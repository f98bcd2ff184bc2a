import { dataModelFor, trackableOf } from "../data";
import { ruleSetOfType } from "../rulesets";

interface NewActor {
  readonly type: string;
  updateSource(changes: object): unknown;
}

/**
 * `preCreateActor`: a new actor's token shows its model's bar (The Fade's `hp`) when the creator did
 * not choose one; system.json's primaryTokenAttribute (`health`) covers the other rule sets.
 */
export function onPreCreateActor(actor: NewActor, data: { prototypeToken?: { bar1?: { attribute?: unknown } } }): void {
  if (data.prototypeToken?.bar1?.attribute !== undefined) return;
  const ruleSet = ruleSetOfType("Actor", actor.type);
  if (!ruleSet) return;
  const name = actor.type.slice(ruleSet.id.length + 1);
  const bar = trackableOf(dataModelFor("Actor", ruleSet.id, name)).bar[0];
  if (bar && bar !== "health") actor.updateSource({ prototypeToken: { bar1: { attribute: bar } } });
}
