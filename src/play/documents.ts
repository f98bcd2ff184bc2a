/**
 * The documents the play layer reads and changes, typed by the surface it uses (Foundry v13's Actor,
 * ChatMessage and User), and how it finds them.
 */

export interface PlayUser {
  readonly id: string;
  readonly isGM: boolean;
  readonly name?: string;
}

export interface PlayEffect {
  readonly id: string;
  delete(): Promise<unknown>;
  toObject(): object;
  getFlag(scope: string, key: string): unknown;
}

export interface PlayActor {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly isOwner: boolean;
  readonly system: Record<string, unknown>;
  readonly statuses?: ReadonlySet<string>;
  readonly effects?: { get(id: string): PlayEffect | undefined };
  readonly items: { get(id: string): PlayItem | undefined; readonly contents: PlayItem[] };
  /** The actor's data as stored (before derived values), when Foundry offers it. */
  readonly _source?: Record<string, unknown>;
  testUserPermission(user: unknown, level: string): boolean;
  getFlag(scope: string, key: string): unknown;
  update(data: object, options?: object): Promise<unknown>;
  createEmbeddedDocuments(name: "ActiveEffect", data: object[]): Promise<Array<{ id: string }>>;
  toggleStatusEffect(id: string, options: { active: boolean; overlay?: boolean }): Promise<unknown>;
}

export interface PlayItem {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: Record<string, unknown>;
  readonly parent?: unknown;
  /** The item's data as stored (before derived values), when Foundry offers it. */
  readonly _source?: Record<string, unknown>;
  update(data: object): Promise<unknown>;
}

/** A Foundry dice term as the play layer reads its stored faces. */
interface StoredTerm {
  readonly results?: ReadonlyArray<{ readonly result: number; readonly faces?: readonly number[] }>;
}

export interface PlayRoll {
  readonly formula: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly total?: number;
  readonly dice?: readonly StoredTerm[];
  render(options?: object): Promise<string>;
}

export interface PlayMessage {
  readonly id: string;
  readonly isAuthor: boolean;
  readonly author?: { readonly id?: string | null } | null;
  readonly rolls: readonly PlayRoll[];
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}

/** A document by uuid, or null (a deleted actor, a token no longer on its scene). */
export function resolve<T>(uuid: string | null | undefined): T | null {
  if (!uuid) return null;
  try {
    return (fromUuidSync(uuid as never) as T | null) ?? null;
  } catch {
    return null;
  }
}

/** A world user by id. */
export function userById(id: string): PlayUser | undefined {
  return (game.users as unknown as { get(id: string): PlayUser | undefined } | undefined)?.get(id);
}

/** The world's chat messages by id. */
export function messageById(id: unknown): PlayMessage | undefined {
  if (typeof id !== "string") return undefined;
  return (game as unknown as { messages: { get(id: string): PlayMessage | undefined } }).messages.get(id);
}

/**
 * When a message was posted, as Foundry's server stamped it (`_stats.createdTime`), or undefined.
 * Never the message's own `timestamp`: its author sets that, and may change it later.
 */
export function postedAt(message: unknown): number | undefined {
  const time = (message as { _stats?: { createdTime?: unknown } } | null | undefined)?._stats?.createdTime;
  return typeof time === "number" && Number.isFinite(time) ? time : undefined;
}

/** The faces of a stored roll, in the order they fell (each die followed by its explosions). */
export function storedFaces(roll: PlayRoll): number[] {
  return (roll.dice ?? []).flatMap((term) =>
    (term.results ?? []).flatMap((r) => (r.faces ? [...r.faces] : [r.result])),
  );
}
