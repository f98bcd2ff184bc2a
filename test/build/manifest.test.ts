import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ClassicLevel } from "classic-level";
import { mergedLang, ruleSetPacks, templateFiles } from "../../scripts/lib/sources.mjs";
import { describe, expect, it } from "vitest";
import { systemFiles } from "../../scripts/lib/manifest.mjs";
import { releaseFields } from "../../scripts/lib/repository.mjs";
import { manifestProblems } from "../../scripts/lib/release.mjs";
import { dist, requireDist, root, unpackRelease } from "./dist";

const json = (file: string) => JSON.parse(readFileSync(file, "utf8"));

describe("the built system (dist/)", () => {
  requireDist();
  const manifest = json(path.join(dist, "system.json"));
  const pkg = json(path.join(root, "package.json"));

  it("is a manifest for Foundry v13 (from 13.347) and v14 whose id, version and URLs agree with package.json", () => {
    expect(manifest.id).toBe("anthology");
    expect(manifest.id).toBe(pkg.name);
    expect(manifest.title).toBe("Anthology");
    expect(manifest.version).toBe(pkg.version);
    expect(manifest).toMatchObject(releaseFields(pkg.repository, pkg.version));
    expect(manifest.manifest).toMatch(/\/releases\/latest\/download\/system\.json$/);
    expect(manifest.download).toMatch(
      new RegExp(`/releases/download/v${pkg.version.replace(/\./g, "\\.")}/anthology\\.zip$`),
    );
    expect(manifest.compatibility).toEqual({ minimum: "13.347", verified: "14" });
    expect(manifestProblems(manifest)).toEqual([]);
    expect(manifest.socket).toBe(true);
    expect(manifest.primaryTokenAttribute).toBe("health");
    expect(manifest.grid).toMatchObject({ distance: expect.any(Number), units: expect.any(String) });
  });

  it("names only files that exist in dist/, with the module's source map beside it", () => {
    for (const file of systemFiles(manifest)) expect(existsSync(path.join(dist, file)), file).toBe(true);
    for (const module of manifest.esmodules) {
      expect(existsSync(path.join(dist, `${module}.map`))).toBe(true);
      expect(readFileSync(path.join(dist, module), "utf8")).toMatch(/sourceMappingURL=anthology\.mjs\.map/);
    }
  });

  it("ships every template (the shared ones and each rule set's) and every language, merged", () => {
    const built = readdirSync(path.join(dist, "templates"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dist, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
      .sort();
    expect(built).toEqual(
      templateFiles(root)
        .map((t) => t.shipped)
        .sort(),
    );
    expect(built).toContain("templates/rulesets/fade/attack-card.hbs");
    expect(readdirSync(path.join(dist, "lang")).sort()).toEqual(readdirSync(path.join(root, "lang")).sort());
    expect(JSON.parse(readFileSync(path.join(dist, "lang/en.json"), "utf8"))).toEqual(mergedLang(root));
    expect(JSON.parse(readFileSync(path.join(dist, "lang/en.json"), "utf8")).ANTHOLOGY.Fade.name).toBe("The Fade");
    // The document types are declared in system.json (with their HTML fields); no template.json ships.
    expect(existsSync(path.join(dist, "template.json"))).toBe(false);
    expect(manifest.documentTypes).toEqual(json(path.join(root, "system.json")).documentTypes);
    expect(Object.keys(manifest.documentTypes)).toEqual(["Actor", "Item"]);
    expect(Object.keys(manifest.documentTypes.Actor)).toEqual(json(path.join(root, "template.json")).Actor.types);
  });

  it("compiles the stylesheet", () => {
    const css = readFileSync(path.join(dist, "styles/anthology.css"), "utf8");
    expect(css).toContain(".anthology.sheet .anthology-header");
    expect(css).not.toMatch(/@use|\$[a-z]/);
  });

  it("lists each rule set's packs, in a pack folder per rule set", () => {
    const own = ruleSetPacks(root);
    expect(manifest.packs.map((p: { name: string }) => p.name)).toEqual([
      "guide",
      ...own.packs.map((p) => p.entry.name),
    ]);
    expect(manifest.packFolders).toEqual(own.folders);
    expect(manifest.packFolders.map((f: { name: string }) => f.name)).toEqual([
      "The Fade",
      "Fading Suns",
      "FUDGE",
      "Heroes of Destiny",
      "OpenD6",
    ]);
    for (const pack of own.packs) expect(manifest.packs).toContainEqual(pack.entry);
  });

  it("packs every compendium source, with its embedded items and pages, into a LevelDB Foundry can open", async () => {
    const own = new Map(ruleSetPacks(root).packs.map((p) => [p.entry.name, p.source]));
    for (const pack of manifest.packs) {
      expect(statSync(path.join(dist, pack.path)).isDirectory()).toBe(true);
      // Opening a LevelDB writes to it, so read a copy and leave dist/ as the build made it.
      const copy = path.join(mkdtempSync(path.join(tmpdir(), "anthology-pack-")), pack.name);
      cpSync(path.join(dist, pack.path), copy, { recursive: true });
      const db = new ClassicLevel<string, string>(copy, { valueEncoding: "json" });
      try {
        const keys = await db.keys().all();
        const folder = own.get(pack.name) ?? path.join(root, "packs/_source", pack.name);
        const sources = readdirSync(folder).map((f) => json(path.join(folder, f)));
        for (const source of sources) {
          expect(keys).toContain(source._key);
          const stored = (await db.get(source._key)) as unknown as Record<string, unknown>;
          expect(stored.name).toBe(source.name);
          // Embedded documents are stored under their own keys; the parent keeps their ids.
          for (const collection of ["items", "pages"]) {
            const children = (source[collection] ?? []) as Array<{ _id: string; _key: string; name: string }>;
            expect(stored[collection] ?? []).toEqual(children.map((c) => c._id));
            for (const child of children) {
              expect(((await db.get(child._key)) as unknown as { name: string }).name).toBe(child.name);
            }
          }
        }
        expect(keys.filter((k) => !k.includes(".")).length).toBe(sources.length);
      } finally {
        await db.close();
      }
    }
  });
});

describe("the release zip (dist/anthology.zip)", () => {
  it("unpacks to a folder with system.json at its root and every file of dist/, byte for byte", () => {
    const { folder, names } = unpackRelease();
    expect(names).toContain("system.json");
    const distFiles = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name !== "anthology.zip")
      .map((e) => path.relative(dist, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
      .sort();
    expect([...names].sort()).toEqual(distFiles);
    for (const name of names) {
      expect(readFileSync(path.join(folder, name)).equals(readFileSync(path.join(dist, name))), name).toBe(true);
    }
  });
});
