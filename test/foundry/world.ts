/**
 * Stand-ins for the parts of a Foundry v13 world the migration runner walks besides actors, items and
 * messages (shared/foundry/NOTES.md 11.3), reduced to their documented behaviour:
 * - a Scene's unlinked Token keeps its own changes to its base actor in an ActorDelta; `token.actor`
 *   is the synthetic actor (the base actor's source with the delta on top, embedded items replaced
 *   by id), and updating it writes into the delta, never into the base actor;
 * - a CompendiumCollection has metadata (`packageType` "world", "system" or "module"), an index, a
 *   `locked` flag changed by `configure({locked})`, and loads its documents with `getDocuments()`;
 *   a document in a locked pack refuses updates.
 */
import { applyUpdate } from "./combat";
import { Collection, StandInActor, StandInItem, documentLog, type StandInDocument } from "./documents";

type Data = Record<string, unknown>;

const game = () => (globalThis as unknown as { game: { actors: Collection<StandInActor> } }).game;

export class StandInScene {
  readonly tokens = new Collection<StandInToken>();
  constructor(
    readonly id: string,
    readonly name: string,
  ) {}
  get uuid(): string {
    return `Scene.${this.id}`;
  }
  /** Stand-in only: places a token of a world actor, linked or with its own ActorDelta. */
  addToken(data: { id: string; name?: string; actorId: string; actorLink?: boolean; delta?: Data }): StandInToken {
    const token = new StandInToken(this, data.id, data.name ?? "", data.actorId, data.actorLink ?? false, data.delta);
    this.tokens.set(token.id, token);
    return token;
  }
}

export class StandInToken {
  /** ActorDelta: the token's own changes to its base actor (a partial actor source). */
  readonly delta: { _source: Data };
  #actor: SyntheticActor | null = null;
  constructor(
    readonly parent: StandInScene,
    readonly id: string,
    readonly name: string,
    readonly actorId: string,
    readonly actorLink: boolean,
    delta: Data = {},
  ) {
    this.delta = { _source: structuredClone(delta) };
  }
  get uuid(): string {
    return `${this.parent.uuid}.Token.${this.id}`;
  }
  get baseActor(): StandInActor | null {
    return game().actors.get(this.actorId) ?? null;
  }
  /** TokenDocument#actor: the world actor when linked, else the synthetic actor; null without a base actor. */
  get actor(): StandInActor | null {
    const base = this.baseActor;
    if (!base) return null;
    if (this.actorLink) return base;
    // The synthetic actor follows its base actor: a change to the base shows through it.
    const baseSource = JSON.stringify(base.toObject());
    if (!this.#actor || baseSource !== this.#base) {
      this.#base = baseSource;
      this.#actor = new SyntheticActor(syntheticSource(base.toObject(), this.delta._source), this);
    }
    return this.#actor;
  }
  #base = "";
  /** The delta changed: the synthetic actor is built again. */
  reset(): void {
    this.#actor = null;
  }
}

/** The base actor's source with the delta on top; the delta's items and effects replace theirs by id. */
function syntheticSource(base: Data, delta: Data): Data {
  const { items, effects, ...own } = delta;
  const source = structuredClone(base);
  applyUpdate(source, structuredClone(own));
  for (const [name, list] of [
    ["items", items],
    ["effects", effects],
  ] as const) {
    const replaced = new Map(((list as Data[] | undefined) ?? []).map((d) => [String(d._id), d]));
    const kept = ((source[name] as Data[] | undefined) ?? []).map((d) => replaced.get(String(d._id)) ?? d);
    const added = [...replaced.values()].filter((d) => !kept.includes(d));
    source[name] = structuredClone([...kept, ...added]);
  }
  return source;
}

/** A token's synthetic actor: its uuid runs through the token; its updates go to the token's delta. */
class SyntheticActor extends StandInActor {
  constructor(
    data: Data,
    readonly token: StandInToken,
  ) {
    super(data);
  }
  override get uuid(): string {
    return `${this.token.uuid}.Actor.${this.id}`;
  }
  override async update(data: Data, options: Data = {}): Promise<this> {
    documentLog.updates.push({ uuid: this.uuid, data, userId: null, options });
    const { items, effects, ...own } = data;
    applyUpdate(this.token.delta._source, own);
    if (Array.isArray(items)) this.token.delta._source.items = structuredClone(items);
    if (Array.isArray(effects)) this.token.delta._source.effects = structuredClone(effects);
    this.token.reset();
    return this;
  }
}

/** Which pack a document was loaded from. */
const packOf = new WeakMap<StandInDocument, StandInPack>();

function refuseIfLocked(document: StandInDocument): void {
  const pack = packOf.get(document.rootDocument);
  if (pack?.locked) throw new Error(`You may not modify the locked compendium ${pack.collection}`);
}

class PackActor extends StandInActor {
  override get uuid(): string {
    return `Compendium.${packOf.get(this)?.collection}.Actor.${this.id}`;
  }
  override async update(data: Data, options: Data = {}): Promise<this> {
    refuseIfLocked(this);
    return super.update(data, options);
  }
}

class PackItem extends StandInItem {
  override get uuid(): string {
    return `Compendium.${packOf.get(this)?.collection}.Item.${this.id}`;
  }
  override async update(data: Data, options: Data = {}): Promise<this> {
    refuseIfLocked(this);
    return super.update(data, options);
  }
}

export class StandInPack {
  readonly metadata: { id: string; label: string; type: string; packageType: string; packageName: string };
  locked: boolean;
  /** Every `configure` call, in order. */
  readonly configured: Array<{ locked?: boolean }> = [];
  /** How many times its documents were loaded. */
  loads = 0;
  readonly #sources: Data[];
  readonly #invalid: Data[];
  #documents: StandInDocument[] | null = null;
  #invalidDocuments = new Map<string, StandInDocument>();

  constructor(options: {
    name: string;
    documentName: "Actor" | "Item";
    packageType: "world" | "system" | "module";
    packageName?: string;
    locked?: boolean;
    documents: Data[];
    /** Sources that fail validation: kept out of the pack's contents, reachable through getInvalid. */
    invalid?: Data[];
  }) {
    const packageName = options.packageName ?? (options.packageType === "world" ? "test-world" : "anthology");
    this.metadata = {
      id: `${packageName}.${options.name}`,
      label: options.name,
      type: options.documentName,
      packageType: options.packageType,
      packageName,
    };
    this.locked = options.locked ?? options.packageType !== "world";
    this.#sources = options.documents;
    this.#invalid = options.invalid ?? [];
  }
  get id(): string {
    return this.collection;
  }
  get collection(): string {
    return this.metadata.id;
  }
  get documentName(): string {
    return this.metadata.type;
  }
  get title(): string {
    return this.metadata.label;
  }
  /** The index holds an entry per stored document, loaded or not. */
  get index(): { size: number } {
    return { size: this.#sources.length + this.#invalid.length };
  }
  /** CompendiumCollection#configure: changes the pack's configuration (here `locked`). */
  async configure(changes: { locked?: boolean }): Promise<void> {
    this.configured.push({ ...changes });
    if (changes.locked !== undefined) this.locked = changes.locked;
  }
  #build(source: Data): StandInDocument {
    const document = new (this.documentName === "Actor" ? PackActor : PackItem)(structuredClone(source));
    packOf.set(document, this);
    return document;
  }
  /** CompendiumCollection#getDocuments: every valid document, loaded. */
  async getDocuments(): Promise<StandInDocument[]> {
    this.loads += 1;
    this.#documents ??= this.#sources.map((s) => this.#build(s));
    for (const source of this.#invalid) {
      if (!this.#invalidDocuments.has(String(source._id)))
        this.#invalidDocuments.set(String(source._id), this.#build(source));
    }
    return [...this.#documents];
  }
  get invalidDocumentIds(): Set<string> {
    return new Set(this.#invalidDocuments.keys());
  }
  getInvalid(id: string, { strict = true }: { strict?: boolean } = {}): StandInDocument | undefined {
    const document = this.#invalidDocuments.get(id);
    if (!document && strict) throw new Error(`${id} is not in the set of invalid ids for this collection`);
    return document;
  }
  /** Stand-in only: a loaded document by id, for assertions. */
  get(id: string): StandInDocument | undefined {
    return this.#documents?.find((d) => d.id === id) ?? this.#invalidDocuments.get(id);
  }
}
