/**
 * Runs a world's pending migrations at `ready` on the active GM's client (shared/foundry/NOTES.md
 * 11.2–11.4). Each document is written in one update, or not at all; a document that fails is
 * skipped, logged and named to the GM, and the world's schema version moves only when every document
 * succeeded, so the next load retries what is left (migrations are idempotent). Nothing here throws
 * out of the ready hook: the world stays playable whatever happens.
 */
import { Replacement, forThisGeneration } from "../foundry";
import { escapeHtml } from "../play/escape";
import { SETTINGS, SYSTEM_ID } from "../constants";
import { MIGRATIONS } from "./index";
import { MIGRATION_OPTION, type Migration } from "./migration";
import { latestVersion, migrateSource, planMigrations } from "./plan";
import { packDocuments, worldPacks, worldTargets, type MigratableDocument, type PackLike, type Target } from "./world";

/** A document the run could not migrate, as the GM is told about it. */
export interface MigrationFailure {
  readonly documentName: string;
  readonly name: string;
  readonly uuid: string;
  readonly error: unknown;
}

export type MigrationOutcome =
  /** Not this client's job: a player, or a GM who is not the active one. */
  | { readonly status: "skipped" }
  | { readonly status: "current"; readonly version: number }
  /** The stored version is newer than this build knows: nothing was run. */
  | { readonly status: "newer"; readonly stored: number; readonly latest: number }
  /** A world with no documents took the latest version without running anything. */
  | { readonly status: "stamped"; readonly version: number }
  | {
      readonly status: "migrated" | "failed";
      readonly from: number;
      readonly to: number;
      /** Documents written. */
      readonly written: number;
      readonly failures: readonly MigrationFailure[];
    };

/** At most this many failed documents are named in the notification; the console has them all. */
const NAMED_FAILURES = 5;

const i18n = () => game.i18n!;
const notifications = () => (ui as unknown as { notifications?: Notifications }).notifications;

interface ProgressNotification {
  update?(changes: { pct?: number; message?: string }): void;
}
interface Notifications {
  info(message: string, options?: object): ProgressNotification | undefined;
  warn(message: string, options?: object): unknown;
  error(message: string, options?: object): unknown;
  success?(message: string, options?: object): unknown;
}

/** The stored schema version (raw; planMigrations reads anything odd as 0). */
function readVersion(): unknown {
  return game.settings!.get(SYSTEM_ID as never, SETTINGS.schemaVersion as never);
}

async function writeVersion(version: number): Promise<void> {
  await game.settings!.set(SYSTEM_ID as never, SETTINGS.schemaVersion as never, version as never);
}

/** Whether this client is the one GM that migrates (Foundry's `Users#activeGM`). */
function isActiveGM(): boolean {
  const users = game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined;
  return Boolean(game.user?.isGM) && users?.activeGM?.isSelf === true;
}

/**
 * Brings the world to the latest schema version of `migrations` (the real list unless a test gives
 * another). Resolves with what happened; never rejects.
 */
export async function migrateWorld(migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationOutcome> {
  let from = 0;
  try {
    if (!isActiveGM()) return { status: "skipped" };
    const plan = planMigrations(migrations, readVersion());
    if (plan.kind === "current") return { status: "current", version: plan.version };
    if (plan.kind === "newer") {
      notifications()?.warn(
        i18n().format("ANTHOLOGY.Migration.newer", { stored: String(plan.stored), latest: String(plan.latest) }),
        { permanent: true },
      );
      return { status: "newer", stored: plan.stored, latest: plan.latest };
    }
    from = plan.from;
    const targets = worldTargets();
    const packs = worldPacks();
    const total = targets.length + packs.reduce((n, pack) => n + pack.index.size, 0);
    if (total === 0) {
      await writeVersion(plan.to);
      return { status: "stamped", version: plan.to };
    }
    return await run(plan.migrations, plan.from, plan.to, targets, packs, total);
  } catch (error) {
    console.error(`${SYSTEM_ID} | the world migration stopped`, error);
    notifications()?.error(i18n().format("ANTHOLOGY.Migration.stopped", { error: escapeHtml(messageOf(error)) }), {
      permanent: true,
    });
    return { status: "failed", from, to: latestVersion(migrations), written: 0, failures: [] };
  }
}

async function run(
  migrations: readonly Migration[],
  from: number,
  to: number,
  targets: readonly Target[],
  packs: readonly PackLike[],
  total: number,
): Promise<MigrationOutcome> {
  console.info(
    `${SYSTEM_ID} | migrating world data from schema version ${from} to ${to}:`,
    migrations.map((m) => `${m.version} ${m.name}`).join("; "),
  );
  const progress = new Progress(to, total);
  const failures: MigrationFailure[] = [];
  let written = 0;
  const migrateOne = async (target: Target, prepared?: Prepared): Promise<void> => {
    const outcome = await writeOne(migrations, to, target, prepared);
    if (outcome === "written") written += 1;
    else if (outcome !== "unchanged") failures.push(outcome);
    progress.step();
  };
  for (const target of targets) await migrateOne(target);
  for (const pack of packs) {
    try {
      await migratePack(pack, migrations, to, migrateOne, progress);
    } catch (error) {
      failures.push(
        failure({ documentName: "Compendium", name: packName(pack), uuid: `Compendium.${pack.collection}` }, error, to),
      );
    }
  }
  progress.finish();
  if (failures.length > 0) {
    reportFailures(failures, to);
    return { status: "failed", from, to, written, failures };
  }
  await writeVersion(to);
  console.info(`${SYSTEM_ID} | world data is at schema version ${to} (${written} documents changed)`);
  const done = i18n().format("ANTHOLOGY.Migration.done", { version: String(to), count: String(written) });
  const n = notifications();
  if (n?.success) n.success(done);
  else n?.info(done);
  return { status: "migrated", from, to, written, failures };
}

/** A document's update computed ahead of writing (packs: to know whether to unlock at all). */
type Prepared = { readonly update: Record<string, unknown> | null } | { readonly error: unknown };

function prepare(migrations: readonly Migration[], target: Target): Prepared {
  try {
    const document = target.document;
    if (!document) return { update: null };
    const { update } = migrateSource(migrations, target.documentName, document.toObject(), target.embedded);
    return { update };
  } catch (error) {
    return { error };
  }
}

/** Migrates one document in one update call; a failure leaves it as it was and is returned. */
async function writeOne(
  migrations: readonly Migration[],
  to: number,
  target: Target,
  prepared: Prepared = prepare(migrations, target),
): Promise<"written" | "unchanged" | MigrationFailure> {
  const document = target.document;
  if (!document) return "unchanged";
  const describe = () => describeDocument(target.documentName, document);
  if ("error" in prepared) return failure(describe(), prepared.error, to);
  if (!prepared.update) return "unchanged";
  try {
    await document.update(forThisGeneration(prepared.update), writeOptions(prepared.update, to));
    return "written";
  } catch (error) {
    return failure(describe(), error, to);
  }
}

/**
 * Update options: no re-render of open sheets or the chat log for each write, and the migration
 * marker for Anthology's own hooks. A type change replaces `system` whole (`replaceWith`, written
 * for this generation by `forThisGeneration`) and skips the client-side diff, as Foundry asks of a
 * type change (NOTES.md 11.6).
 */
function writeOptions(update: Record<string, unknown>, to: number): Record<string, unknown> {
  return { render: false, [MIGRATION_OPTION]: to, ...(update.system instanceof Replacement ? { diff: false } : {}) };
}

/**
 * A world pack: its documents are read while it stays locked; it is unlocked only if one of them
 * changes, and locked again afterwards whatever happens.
 */
async function migratePack(
  pack: PackLike,
  migrations: readonly Migration[],
  to: number,
  migrateOne: (target: Target, prepared: Prepared) => Promise<void>,
  progress: Progress,
): Promise<void> {
  const documentName = pack.documentName as Target["documentName"];
  const documents = await packDocuments(pack);
  progress.adjust(documents.length - pack.index.size);
  const work = documents.map((document) => {
    const target: Target = { documentName, document, embedded: "byId" };
    return { target, prepared: prepare(migrations, target) };
  });
  const changes = work.some(({ prepared }) => "update" in prepared && prepared.update !== null);
  const wasLocked = pack.locked;
  if (changes && wasLocked) await pack.configure({ locked: false });
  try {
    for (const { target, prepared } of work) await migrateOne(target, prepared);
  } finally {
    if (changes && wasLocked) await pack.configure({ locked: true });
  }
}

function packName(pack: PackLike): string {
  return pack.title ?? pack.metadata.label ?? pack.collection;
}

function describeDocument(documentName: string, document: MigratableDocument) {
  return { documentName, name: String(document.name ?? ""), uuid: document.uuid };
}

function failure(what: Omit<MigrationFailure, "error">, error: unknown, to: number): MigrationFailure {
  console.error(
    `${SYSTEM_ID} | schema version ${to}: could not migrate ${what.documentName} "${what.name}" (${what.uuid}); it is left as it was`,
    error,
  );
  return { ...what, error };
}

/** One permanent error naming the documents left behind, and what the GM can do. */
function reportFailures(failures: readonly MigrationFailure[], to: number): void {
  const named = failures.slice(0, NAMED_FAILURES).map((f) =>
    i18n().format("ANTHOLOGY.Migration.document", {
      documentName: f.documentName,
      name: escapeHtml(f.name),
      uuid: escapeHtml(f.uuid),
    }),
  );
  const more = failures.length - named.length;
  if (more > 0) named.push(i18n().format("ANTHOLOGY.Migration.more", { count: String(more) }));
  notifications()?.error(
    i18n().format("ANTHOLOGY.Migration.failed", {
      count: String(failures.length),
      version: String(to),
      documents: named.join("; "),
    }),
    { permanent: true },
  );
}

/** The progress notification: one bar for the whole run, moved on whole percents. */
class Progress {
  #done = 0;
  #shown = -1;
  readonly #notification: ProgressNotification | undefined;
  constructor(
    readonly version: number,
    private total: number,
  ) {
    this.#notification = notifications()?.info(this.#message(), { progress: true });
  }
  #message(): string {
    return i18n().format("ANTHOLOGY.Migration.progress", {
      version: String(this.version),
      done: String(this.#done),
      total: String(this.total),
    });
  }
  /** The real count of a pack's documents, once loaded, instead of its index's. */
  adjust(by: number): void {
    this.total = Math.max(this.#done, this.total + by);
  }
  step(): void {
    this.#done += 1;
    const pct = this.total > 0 ? Math.min(1, this.#done / this.total) : 1;
    if (Math.floor(pct * 100) === this.#shown) return;
    this.#shown = Math.floor(pct * 100);
    this.#notification?.update?.({ pct, message: this.#message() });
  }
  finish(): void {
    this.#notification?.update?.({ pct: 1, message: this.#message() });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
