// Where the system's templates, styles and language strings come from: the shared ones in the root
// folders (templates/, styles/, lang/), and each rule set's own in its plug-in folder
// (src/rulesets/<id>/templates, styles, lang), so a rule set is one folder. The build and the tests
// read the same lists from here.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const RULESETS = "src/rulesets";

/** Every file under a folder, as paths relative to it with forward slashes, sorted. */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) =>
      path
        .relative(dir, path.join(e.parentPath ?? e.path, e.name))
        .split(path.sep)
        .join("/"),
    )
    .sort();
}

/** The rule-set folders under src/rulesets (each plug-in's id). */
export function ruleSetFolders(root) {
  const dir = path.join(root, RULESETS);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/**
 * Every template the system ships: `shipped` is its path under dist/ (what templatePath names after
 * `systems/anthology/`), `source` the file. A rule set's `templates/x.hbs` ships as
 * `templates/rulesets/<id>/x.hbs`.
 */
export function templateFiles(root) {
  const shared = filesUnder(path.join(root, "templates")).map((f) => ({
    shipped: `templates/${f}`,
    source: path.join(root, "templates", f),
  }));
  const own = ruleSetFolders(root).flatMap((id) =>
    filesUnder(path.join(root, RULESETS, id, "templates")).map((f) => ({
      shipped: `templates/rulesets/${id}/${f}`,
      source: path.join(root, RULESETS, id, "templates", f),
    })),
  );
  return [...shared, ...own].filter((t) => t.shipped.endsWith(".hbs"));
}

/** The source file of a shipped template path (`templates/...` or `systems/anthology/templates/...`). */
export function templateSource(root, shipped) {
  const rel = shipped.replace(/^systems\/anthology\//, "");
  const match = /^templates\/rulesets\/([^/]+)\/(.+)$/.exec(rel);
  return match ? path.join(root, RULESETS, match[1], "templates", match[2]) : path.join(root, rel);
}

/** The stylesheets to compile, in order: the shared entry, then each rule set's `styles/index.scss`. */
export function styleEntries(root) {
  return [
    path.join(root, "styles/anthology.scss"),
    ...ruleSetFolders(root)
      .map((id) => path.join(root, RULESETS, id, "styles/index.scss"))
      .filter((f) => existsSync(f)),
  ];
}

/** Every .scss file that should be reachable from an entry (the shared folder and each rule set's). */
export function styleFiles(root) {
  return [
    ...filesUnder(path.join(root, "styles")).map((f) => path.join(root, "styles", f)),
    ...ruleSetFolders(root).flatMap((id) =>
      filesUnder(path.join(root, RULESETS, id, "styles")).map((f) => path.join(root, RULESETS, id, "styles", f)),
    ),
  ].filter((f) => f.endsWith(".scss"));
}

/** The language files that make up one language: the shared one, then each rule set's. */
export function langFiles(root, lang = "en") {
  return [
    path.join(root, "lang", `${lang}.json`),
    ...ruleSetFolders(root)
      .map((id) => path.join(root, RULESETS, id, "lang", `${lang}.json`))
      .filter((f) => existsSync(f)),
  ];
}

/** A key two language files both define, which the merge refuses. */
export class LangConflictError extends Error {}

function merge(into, from, file, prefix = "") {
  for (const [key, value] of Object.entries(from)) {
    const full = prefix ? `${prefix}.${key}` : key;
    const isObject = value && typeof value === "object" && !Array.isArray(value);
    if (isObject) {
      if (into[key] !== undefined && (typeof into[key] !== "object" || into[key] === null)) {
        throw new LangConflictError(`${path.basename(path.dirname(path.dirname(file)))}: "${full}" is defined twice`);
      }
      into[key] ??= {};
      merge(into[key], value, file, full);
    } else {
      if (into[key] !== undefined) throw new LangConflictError(`${file}: "${full}" is defined twice`);
      into[key] = value;
    }
  }
  return into;
}

/** One language's strings: the shared file and every rule set's merged; a key defined twice is refused. */
export function mergedLang(root, lang = "en") {
  const out = {};
  for (const file of langFiles(root, lang)) merge(out, JSON.parse(readFileSync(file, "utf8")), file);
  return out;
}

/**
 * Each rule set's compendium packs: `src/rulesets/<id>/packs/<name>.json` describes one
 * (`{ "label": "...", "type": "Item" }`) and the folder `src/rulesets/<id>/packs/<name>/` holds its
 * documents' JSON sources. Returned as system.json entries (named `<id>-<name>`, shipped under
 * packs/) with the folder their sources come from, plus one pack folder per rule set that has packs.
 */
export function ruleSetPacks(root, system = "anthology") {
  const packs = [];
  const folders = [];
  for (const id of ruleSetFolders(root)) {
    const dir = path.join(root, RULESETS, id, "packs");
    if (!existsSync(dir)) continue;
    const names = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.slice(0, -5))
      .sort();
    for (const name of names) {
      const meta = JSON.parse(readFileSync(path.join(dir, `${name}.json`), "utf8"));
      if (typeof meta.label !== "string" || typeof meta.type !== "string") {
        throw new Error(`${path.join(RULESETS, id, "packs", `${name}.json`)} needs a "label" and a "type"`);
      }
      packs.push({
        entry: {
          name: `${id}-${name}`,
          label: meta.label,
          system,
          type: meta.type,
          path: `packs/${id}-${name}`,
          ownership: meta.ownership ?? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
        },
        source: path.join(dir, name),
      });
    }
    const label = names.length ? JSON.parse(readFileSync(path.join(dir, `${names[0]}.json`), "utf8")).folder : null;
    if (names.length) folders.push({ name: label ?? id, sorting: "a", packs: names.map((n) => `${id}-${n}`) });
  }
  return { packs, folders };
}
