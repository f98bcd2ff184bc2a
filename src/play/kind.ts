import type { RollOutcome, StoredDice } from "../dice";
import type { Card, CardSchema } from "./card";
import type { PlayActor, PlayMessage, PlayUser } from "./documents";

/**
 * Who may press a button. It is checked twice: on the client to show or hide the button, and again
 * where the work is done (on the GM's side for apply and undo), with the user Foundry names.
 *  - `actorOwner`: the owners of the card's actor, and whoever wrote the card
 *  - `targetOwner`: the owners of the row's target
 *  - `gm`: a GM
 *  - `anyone`: every user (the work itself decides)
 * A GM may always press every button.
 */
export type Audience = "actorOwner" | "targetOwner" | "gm" | "anyone";

/** What a card kind's view is given besides the card: each stored roll rendered as HTML. */
export interface CardViewContext {
  readonly rollHtml: readonly string[];
}

/** A button of a card kind other than apply and undo, run on the clicking client. */
export interface CardAction<D, T> {
  readonly who: Audience;
  /** Whether it can still be pressed (a spent button stays visible, disabled); default: always. */
  enabled?(card: Card<D, T>, target: number | null, message: PlayMessage): boolean;
  run(input: { message: PlayMessage; card: Card<D, T>; target: number | null }): Promise<unknown>;
}

/** One roll of a card, as stored on the message and as the rules read it again. */
export interface ReplayedRoll {
  readonly stored: StoredDice;
  readonly outcome: RollOutcome;
  /** What the roll was rolled for, as the roll itself stores it (play/request.ts); unchecked data. */
  readonly request: unknown;
}

/** What a kind is given to work out one row's change on the GM's side. */
export interface ApplyInput<D, T> {
  readonly card: Card<D, T>;
  readonly index: number;
  readonly message: PlayMessage;
  /** The message's rolls, worked out again from their formulas and faces (null: unreadable). */
  readonly rolls: ReadonlyArray<ReplayedRoll | null>;
  /** The row's target as it stands now. */
  readonly target: PlayActor;
  /** The card's actor as it stands now, if it still exists. */
  readonly actor: PlayActor | null;
  /** Who asked for the apply, as Foundry names them (a GM's own click may make calls a player's cannot). */
  readonly user: PlayUser;
}

/** A value an apply writes into a document's data. */
export type DataValue = number | string | boolean | null;

/** What applying one row does to its target: plain data, carried out and recorded by the play layer. */
export interface ApplyPlan {
  /** New values by data path ("system.hp.value"). */
  readonly updates: Readonly<Record<string, DataValue>>;
  /** Active Effects to create on the target (their data). */
  readonly effects?: readonly object[];
  /** Active Effects of the target to delete (ids); an undo makes them again. */
  readonly removeEffects?: readonly string[];
  /** Effects made and deleted on other actors than the target (a grabber, an ally let go), undone with the row. */
  readonly others?: ReadonlyArray<{
    readonly uuid: string;
    readonly effects?: readonly object[];
    readonly removeEffects?: readonly string[];
  }>;
  /** Core statuses to turn on (`toggleStatusEffect`), an overlay for the defeated. */
  readonly statuses?: ReadonlyArray<{ readonly id: string; readonly overlay?: boolean }>;
  /**
   * Changes to the target's own items (a weapon knocked from its hand), by item id and data path under
   * `system.`; an undo puts them back. An item gone by the time the row is applied is left out.
   */
  readonly items?: ReadonlyArray<{ readonly id: string; readonly updates: Readonly<Record<string, DataValue>> }>;
  /** What the row shows once applied (plain data the kind's view reads back). */
  readonly summary: Readonly<Record<string, unknown>>;
}

/**
 * One kind of chat card of a rule set: how its data is read (untrusted), how it looks, its buttons,
 * and, when its rows can be applied, how the GM works out each row's change from the stored dice and
 * the documents as they stand.
 */
export interface CardKind<D = Readonly<Record<string, unknown>>, T = Readonly<Record<string, unknown>>> {
  readonly id: string;
  readonly template: string;
  readonly schema: CardSchema<D, T>;
  view(card: Card<D, T>, context: CardViewContext): object;
  readonly actions?: Readonly<Record<string, CardAction<D, T>>>;
  /** Who besides a GM may ask to apply a row (default: the card's actor's owners and the target's). */
  readonly applyBy?: readonly Exclude<Audience, "gm">[];
  /** Whether row `index` can be applied at all (a miss cannot); default: every row. */
  appliable?(card: Card<D, T>, index: number): boolean;
  resolveApply?(input: ApplyInput<D, T>): Promise<ApplyPlan> | ApplyPlan;
  /**
   * What row `index`'s apply rests on that a player chose freely and the rules do not fix (a typed
   * modifier, a free formula), or null. Asked for by a player who does not own the target, such a
   * row is not applied by the GM's client on its own: it waits for a GM's own click on Apply.
   */
  restsOnChoice?(input: ApplyInput<D, T>): FreeChoice | null;
  /**
   * Only a GM posts this kind (a roll request, whose rows a GM writes): a card of it by anyone else is
   * shown as unreadable, its buttons with it, so a player cannot post a request with results of their own.
   */
  readonly gmAuthored?: boolean;
}

/** A free choice a row rests on, as the GM is told of it: an i18n key and its data ("a +7 to-hit modifier"). */
export interface FreeChoice {
  readonly key: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

/** A card kind of any data shape, as registries hold them. */
export type AnyCardKind = CardKind<never, never>;
