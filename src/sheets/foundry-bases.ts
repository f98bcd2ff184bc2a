/**
 * The one place sheets meet fvtt-types. With fvtt-types 13.345.1, overriding methods on
 * HandlebarsApplicationMixin(ActorSheetV2) sends the compiler past its instantiation depth limit
 * (minutes, then TS2589 or an out-of-memory crash), so the sheet bases are typed here by the small
 * surface Anthology uses. Everything below is Foundry's v13 ApplicationV2 API.
 */

type Context = Record<string, unknown>;

export interface TabSpec {
  id: string;
  icon?: string;
  label: string;
}

export interface SheetBase<D> {
  readonly document: D;
  readonly isEditable: boolean;
  readonly element: HTMLElement;
  _prepareContext(options: unknown): Promise<Context>;
  _preparePartContext(partId: string, context: Context, options: unknown): Promise<Context>;
  render(options?: unknown): Promise<unknown>;
  /** HandlebarsApplicationMixin: the parts this render draws (a copy of PARTS unless overridden). */
  _configureRenderParts(options: unknown): Record<string, { template: string; scrollable?: string[] }>;
  /** DocumentSheetV2: saves the submitted form data to the document. */
  _processSubmitData(event: Event, form: HTMLFormElement, submitData: object, options?: object): Promise<void>;
  /** ActorSheetV2: an Item dropped on the sheet (created on the actor, or sorted when it is already there). */
  _onDropItem(event: DragEvent, item: unknown): Promise<unknown>;
  /** ActorSheetV2: a drag begins on a `.draggable` element (the event's currentTarget): an item's or effect's row. */
  _onDragStart(event: DragEvent): unknown;
}

export interface SheetBaseClass<D> {
  new (options?: unknown): SheetBase<D>;
}

const { HandlebarsApplicationMixin } = foundry.applications.api;

export const ActorSheetBase = HandlebarsApplicationMixin(
  foundry.applications.sheets.ActorSheetV2,
) as unknown as SheetBaseClass<Actor.Implementation>;

export const ItemSheetBase = HandlebarsApplicationMixin(
  foundry.applications.sheets.ItemSheetV2,
) as unknown as SheetBaseClass<Item.Implementation>;
