import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { mergedLang } from "../../scripts/lib/sources.mjs";
import { RULE_SETS, TYPED_DOCUMENTS, registryI18nKeys } from "../../src/rulesets";
import { sheetLabelKey } from "../../src/rulesets/plugin-rows";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function files(dir: string, ext: string[]): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ext.some((x) => e.name.endsWith(x)))
    .map((e) => path.join(e.parentPath, e.name));
}

function leaves(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

// A key is a quoted ANTHOLOGY.* or TYPES.* literal in code, a template, or the manifest.
const KEY = /["'`]((?:ANTHOLOGY|TYPES)\.[A-Za-z0-9_.-]*[A-Za-z0-9_-])["'`]/g;

// A key a table builds (labelKeys in src/rulesets/common.ts) is a value of the module that calls it: the
// modules that call it are Foundry-free tables (rules/, data/labels.ts), imported here and read whole.
const WHOLE_KEY = /^(?:ANTHOLOGY|TYPES)\.[A-Za-z0-9_.-]*[A-Za-z0-9_-]$/;

function keysIn(value: unknown, found: Set<string>, seen = new Set<unknown>()): Set<string> {
  if (typeof value === "string" && WHOLE_KEY.test(value)) found.add(value);
  if (value && typeof value === "object" && !seen.has(value)) {
    seen.add(value);
    for (const inner of Object.values(value)) keysIn(inner, found, seen);
  }
  return found;
}

const builtKeys = new Map<string, string>();
for (const file of files("src", [".ts"])) {
  const where = path.relative(root, file);
  if (where === path.join("src", "rulesets", "common.ts") || !/\blabelKeys\(/.test(readFileSync(file, "utf8")))
    continue;
  for (const key of keysIn(await import(file), new Set())) builtKeys.set(key, where);
}

// A rule set's own sheets are labelled by documentRows (src/rulesets/plugin-rows.ts), a Foundry-side table
// this test cannot import: such a key counts here for a type the table declares, and the adapter test
// (test/adapters/init.test.ts) holds that each names exactly a sheet a plug-in registers.
const sheetLabelKeys = new Set(
  RULE_SETS.flatMap((r) =>
    TYPED_DOCUMENTS.flatMap((d) => r.documentTypes[d].map((t) => sheetLabelKey(r.i18n, t.name))),
  ),
);

function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of [
    ...files("src", [".ts", ".hbs"]),
    ...files("templates", [".hbs"]),
    path.join(root, "system.json"),
  ]) {
    // A labelKeys prefix is no key of its own: the keys it builds are read from the module (builtKeys).
    const text = readFileSync(file, "utf8").replace(/\blabelKeys\(\s*["'`][^"'`]*["'`]/g, "labelKeys(");
    for (const match of text.matchAll(KEY)) used.set(match[1]!, path.relative(root, file));
  }
  for (const key of registryI18nKeys()) used.set(key, "src/rulesets (table)");
  for (const [key, where] of builtKeys) used.set(key, where);
  return used;
}

// The shared strings and every rule set's, as the build merges them (a key defined twice fails there).
const en = mergedLang(root) as Record<string, unknown>;
const defined = new Set(leaves(en));

describe("lang/en.json", () => {
  it("defines every key the code, templates and registry use", () => {
    const missing = [...usedKeys()].filter(([key]) => !defined.has(key)).map(([key, where]) => `${key} (${where})`);
    expect(missing).toEqual([]);
  });

  it("has no key that nothing uses", () => {
    const used = usedKeys();
    expect([...defined].filter((key) => !used.has(key) && !sheetLabelKeys.has(key))).toEqual([]);
  });

  it("has only non-empty strings, and placeholders only where code fills them", () => {
    for (const key of defined) {
      const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en);
      expect(typeof value, key).toBe("string");
      expect((value as string).trim(), key).not.toBe("");
    }
  });

  it("reads the keys a table builds with labelKeys (each module that calls it, imported)", () => {
    expect(builtKeys.get("ANTHOLOGY.Fade.Encumbrance.overloaded")).toBe(
      path.join("src", "rulesets", "fade", "rules", "carrying.ts"),
    );
    expect(
      keysIn({ a: ["ANTHOLOGY.X.y", "ANTHOLOGY.X."], b: { c: "TYPES.Actor.fade-npc", d: "plain" } }, new Set()),
    ).toEqual(new Set(["ANTHOLOGY.X.y", "TYPES.Actor.fade-npc"]));
  });

  it("would catch a template key missing from en.json (the scanner finds template literals)", () => {
    const sample = `{{localize "ANTHOLOGY.Sheet.name"}} {{localize 'ANTHOLOGY.Nope.missing'}}`;
    expect([...sample.matchAll(KEY)].map((m) => m[1])).toEqual(["ANTHOLOGY.Sheet.name", "ANTHOLOGY.Nope.missing"]);
  });
});
