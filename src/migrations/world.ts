/**
 * Where a world keeps the documents a migration rewrites, read through the small part of Foundry's
 * v13 API the runner uses (shared/foundry/NOTES.md 11.3): world collections with their invalid
 * documents, unlinked tokens' synthetic actors on every scene, chat messages, and the world's own
 * Actor and Item compendium packs (never a system's or a module's).
 */
import type { EmbeddedWrites } from "./diff";
import type { DocumentSource, MigratedDocument } from "./migration";

/** A document as the runner uses it. */
export interface MigratableDocument {
  readonly name?: string | null;
  readonly uuid: string;
  toObject(): DocumentSource;
  update(changes: object, options: object): Promise<unknown>;
}

/** Foundry's DocumentCollection#invalidDocumentIds and #getInvalid (API v13). */
interface InvalidHolder {
  readonly invalidDocumentIds?: Set<string>;
  getInvalid?(id: string, options: { strict: boolean }): MigratableDocument | undefined;
}

/** Foundry's DocumentCollection: iterating yields the valid documents. */
interface DocumentCollectionLike extends InvalidHolder {
  [Symbol.iterator](): Iterator<MigratableDocument>;
}

interface TokenLike {
  readonly actorLink: boolean;
  /** The synthetic actor: the base actor with the token's ActorDelta on top; null without a base actor. */
  readonly actor: MigratableDocument | null;
}

interface SceneLike {
  readonly tokens: Iterable<TokenLike>;
}

export interface PackLike extends InvalidHolder {
  readonly collection: string;
  readonly documentName: string;
  readonly title?: string;
  readonly metadata: { readonly packageType?: string; readonly label?: string };
  readonly locked: boolean;
  readonly index: { readonly size: number };
  configure(changes: { locked: boolean }): Promise<unknown>;
  getDocuments(): Promise<MigratableDocument[]>;
}

interface GameLike {
  readonly actors?: DocumentCollectionLike;
  readonly items?: DocumentCollectionLike;
  readonly messages?: DocumentCollectionLike;
  readonly scenes?: Iterable<SceneLike>;
  readonly packs?: Iterable<PackLike>;
}

/** One document to migrate, with how its source is read and how its update is written. */
export interface Target {
  readonly documentName: MigratedDocument;
  /** The document, looked up when its turn comes (a token's synthetic actor then shows its migrated base). */
  readonly document: MigratableDocument | null;
  readonly embedded: EmbeddedWrites;
}

/** Documents whose stored data failed validation: Foundry keeps them out of the collection itself. */
function invalidOf(collection: InvalidHolder): MigratableDocument[] {
  return [...(collection.invalidDocumentIds ?? [])]
    .map((id) => collection.getInvalid?.(id, { strict: false }))
    .filter((d): d is MigratableDocument => Boolean(d));
}

/** A world collection's documents, the invalid ones included. */
function documentsOf(collection: DocumentCollectionLike | undefined): MigratableDocument[] {
  return collection ? [...collection, ...invalidOf(collection)] : [];
}

/** A pack's documents, loaded, the invalid ones included. */
export async function packDocuments(pack: PackLike): Promise<MigratableDocument[]> {
  const valid = await pack.getDocuments();
  return [...valid, ...invalidOf(pack)];
}

const world = () => game as unknown as GameLike;

/**
 * Every world document, in the order they are migrated: actors first (so a token's synthetic actor
 * already sees its migrated base actor), then items, unlinked tokens, one at a time, and messages.
 */
export function worldTargets(): Target[] {
  const g = world();
  const of = (documentName: MigratedDocument, collection: DocumentCollectionLike | undefined): Target[] =>
    documentsOf(collection).map((document) => ({ documentName, document, embedded: "byId" }));
  const tokens: Target[] = [];
  for (const scene of g.scenes ?? []) {
    for (const token of scene.tokens) {
      if (token.actorLink || !token.actor) continue;
      tokens.push({
        documentName: "Actor",
        get document() {
          return token.actor;
        },
        embedded: "whole",
      });
    }
  }
  return [...of("Actor", g.actors), ...of("Item", g.items), ...tokens, ...of("ChatMessage", g.messages)];
}

/** The world's own Actor and Item packs: never a system's (Anthology's included) or a module's. */
export function worldPacks(): PackLike[] {
  return [...(world().packs ?? [])].filter(
    (pack) => pack.metadata.packageType === "world" && (pack.documentName === "Actor" || pack.documentName === "Item"),
  );
}
