import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { mergedLang } from "../../scripts/lib/sources.mjs";
import { registryI18nKeys } from "../../src/rulesets";

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

function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of [
    ...files("src", [".ts", ".hbs"]),
    ...files("templates", [".hbs"]),
    path.join(root, "system.json"),
  ]) {
    for (const match of readFileSync(file, "utf8").matchAll(KEY)) used.set(match[1]!, path.relative(root, file));
  }
  for (const key of registryI18nKeys()) used.set(key, "src/rulesets (table)");
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
    expect([...defined].filter((key) => !used.has(key))).toEqual([]);
  });

  it("has only non-empty strings, and placeholders only where code fills them", () => {
    for (const key of defined) {
      const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en);
      expect(typeof value, key).toBe("string");
      expect((value as string).trim(), key).not.toBe("");
    }
  });

  it("would catch a template key missing from en.json (the scanner finds template literals)", () => {
    const sample = `{{localize "ANTHOLOGY.Sheet.name"}} {{localize 'ANTHOLOGY.Nope.missing'}}`;
    expect([...sample.matchAll(KEY)].map((m) => m[1])).toEqual(["ANTHOLOGY.Sheet.name", "ANTHOLOGY.Nope.missing"]);
  });
});
