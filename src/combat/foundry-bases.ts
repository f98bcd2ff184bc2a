/**
 * The one place the Combat adapters meet fvtt-types: Combat and Combatant are typed by the small
 * surface Anthology uses (Foundry v13's documented Combat API), as the sheets are in
 * src/sheets/foundry-bases.ts, so the compiler stays fast.
 */

export interface ActorLike {
  readonly name: string;
  readonly hasPlayerOwner: boolean;
  readonly system: Readonly<Record<string, unknown>>;
  testUserPermission(user: unknown, level: string): boolean;
}

export interface CombatantLike {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly initiative: number | null;
  readonly isDefeated: boolean;
  readonly hidden: boolean;
  readonly isOwner: boolean;
  readonly visible: boolean;
  readonly actor: ActorLike | null;
  readonly token: unknown;
  readonly parent: unknown;
  getFlag(scope: string, key: string): unknown;
  update(data: object, options?: object): Promise<unknown>;
}

export interface CombatantBaseClass {
  new (...args: never[]): CombatantLike & {
    _getInitiativeFormula(): string;
    getInitiativeRoll(formula?: string): unknown;
    rollInitiative(formula?: string): Promise<unknown>;
    _preUpdate(changes: Record<string, unknown>, options: Record<string, unknown>, user: unknown): Promise<unknown>;
  };
}

export interface CombatantCollection extends Iterable<CombatantLike> {
  get(id: string): CombatantLike | undefined;
  readonly size: number;
}

export interface CombatLike {
  readonly id: string;
  readonly round: number;
  readonly turn: number | null;
  readonly started: boolean;
  readonly combatants: CombatantCollection;
  readonly turns: CombatantLike[];
  /** Sorts the combatants into turn order with `_sortCombatants` (Foundry runs it after each combatant change). */
  setupTurns(): CombatantLike[];
  /** The tracker configuration (core's combatTrackerConfig setting): skip defeated combatants or not. */
  readonly settings?: { readonly skipDefeated?: boolean };
  getFlag(scope: string, key: string): unknown;
  update(data: object, options?: object): Promise<unknown>;
  updateEmbeddedDocuments(name: "Combatant", updates: object[], options?: object): Promise<unknown>;
  startCombat(): Promise<unknown>;
  rollInitiative(ids: string | string[], options?: Record<string, unknown>): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  previousTurn(): Promise<unknown>;
  nextRound(): Promise<unknown>;
  previousRound(): Promise<unknown>;
  _onStartTurn(combatant: CombatantLike, context: object): Promise<void>;
  /** Runs on every client after this combat changed (`changed` is the expanded diff; `userId` the writer's, from the server). */
  _onUpdate(changed: object, options: object, userId: string): void;
  /** Run on every client after embedded documents were created, updated or deleted, with the writer's user id. */
  _onCreateDescendantDocuments(...args: DescendantEvent<object[]>): void;
  _onUpdateDescendantDocuments(...args: DescendantEvent<object[]>): void;
  _onDeleteDescendantDocuments(...args: DescendantEvent<string[]>): void;
}

/** (parent, collection, documents, data / changes / ids, options, userId), as Foundry v13 passes them. */
export type DescendantEvent<Data> = [
  parent: unknown,
  collection: string,
  documents: CombatantLike[],
  data: Data,
  options: object,
  userId: string,
];

export interface CombatBaseClass {
  new (...args: never[]): CombatLike;
}

export const CombatBase = foundry.documents.Combat as unknown as CombatBaseClass;
export const CombatantBase = foundry.documents.Combatant as unknown as CombatantBaseClass;
