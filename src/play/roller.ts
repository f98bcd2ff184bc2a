import { warn } from "./notify";

/** An item as a rule set's flows read it from the roller's sheet. */
export interface RollerItem {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: Readonly<Record<string, unknown>>;
}

/**
 * An actor as a rule set's flows read and change it when it rolls: `S` is its system data with what
 * the rule set's data model derives, `I` its items.
 */
export interface RollerActor<S, I = RollerItem> {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly isOwner: boolean;
  readonly system: S;
  readonly items: { get(id: string): I | undefined; readonly contents: I[] };
  update(data: object): Promise<unknown>;
}

/**
 * Only an actor's owners (and the GM, who owns every actor) roll for it: anyone else is told so, in
 * the rule set's words (`notYours`, an i18n key given the actor's name).
 */
export function mayRoll(actor: { readonly isOwner: boolean; readonly name: string }, notYours: string): boolean {
  if (actor.isOwner) return true;
  warn(notYours, { name: actor.name });
  return false;
}
