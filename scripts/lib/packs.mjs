import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Reads a pack's JSON sources and checks what foundryvtt-cli would otherwise skip or reject silently:
 * every file must parse and carry a `_key`, and keys must be unique.
 */
export async function readPackSources(dir) {
  let names;
  try {
    names = (await readdir(dir)).filter((n) => !n.startsWith("."));
  } catch (error) {
    throw new Error(`pack source folder ${dir} does not exist`, { cause: error });
  }
  const keys = new Set();
  let entries = 0;
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    if (!name.endsWith(".json")) throw new Error(`${file}: pack sources are .json files; this one would be skipped`);
    let doc;
    try {
      doc = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      throw new Error(`${file}: not valid JSON (${error.message})`, { cause: error });
    }
    if (typeof doc._key !== "string" || !doc._key.startsWith("!")) {
      throw new Error(`${file}: no "_key" (like "!journal!<id>"); foundryvtt-cli would skip it`);
    }
    if (keys.has(doc._key)) throw new Error(`${file}: duplicate _key ${doc._key}`);
    keys.add(doc._key);
    entries += 1;
  }
  if (entries === 0) throw new Error(`pack source folder ${dir} is empty`);
  return { entries, files: names.length };
}
