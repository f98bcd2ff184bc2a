/** Every rule set's compendium sources as the build finds them (scripts/lib/sources.mjs), read for tests. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ruleSetPacks } from "../../scripts/lib/sources.mjs";

export const root = fileURLToPath(new URL("../..", import.meta.url));

/** A document as a pack source stores it; embedded items and pages carry their own `_key`. */
export interface PackDoc {
  readonly _id: string;
  readonly _key: string;
  readonly name: string;
  readonly type?: string;
  readonly img?: string;
  readonly system?: Record<string, unknown>;
  readonly items?: PackDoc[];
  readonly pages?: PackDoc[];
  readonly text?: { readonly format: number; readonly content: string };
  readonly flags?: { readonly anthology?: Record<string, unknown> };
  readonly _stats?: { readonly compendiumSource?: string };
}

export interface SourcePack {
  /** The system.json name: `<rule set>-<pack>`. */
  readonly name: string;
  readonly ruleSet: string;
  readonly type: string;
  readonly label: string;
  readonly docs: PackDoc[];
}

/** Every rule set's packs with their documents, read from their source folders. */
export function sourcePacks(): SourcePack[] {
  return ruleSetPacks(root).packs.map(({ entry, source }) => ({
    name: entry.name,
    ruleSet: path.basename(path.dirname(path.dirname(source))),
    type: entry.type,
    label: entry.label,
    docs: readdirSync(source)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(source, f), "utf8")) as PackDoc),
  }));
}

/** One pack by its system.json name. */
export function sourcePack(name: string): SourcePack {
  const pack = sourcePacks().find((p) => p.name === name);
  if (!pack) throw new Error(`no pack ${name}`);
  return pack;
}

/** A pack's document by name. */
export function packDoc(pack: string, name: string): PackDoc {
  const doc = sourcePack(pack).docs.find((d) => d.name === name);
  if (!doc) throw new Error(`no ${name} in ${pack}`);
  return doc;
}
