import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./dist";

const SOURCES = [
  "package.json",
  "system.json",
  "template.json",
  "vite.config.ts",
  "tsconfig.json",
  "src",
  "styles",
  "templates",
  "lang",
  "packs",
  "scripts",
];

/** A copy of the project in a temporary folder, changed by `edit`, then built. */
function buildCopy(edit: (dir: string) => void): { status: number | null; output: string; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "anthology-build-"));
  for (const entry of SOURCES) cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  edit(dir);
  const run = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: dir, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}`, dir };
}

function editJson(file: string, change: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(file, "utf8"));
  change(value);
  writeFileSync(file, JSON.stringify(value, null, 2));
}

describe("the build refuses, with a clear message, rather than ship something wrong", () => {
  it("a package.json without repository", () => {
    const run = buildCopy((dir) => editJson(path.join(dir, "package.json"), (p) => void delete p.repository));
    expect(run.status).toBe(1);
    expect(run.output).toContain('package.json "repository": missing');
    expect(existsSync(path.join(run.dir, "dist/anthology.zip"))).toBe(false);
  });

  it("a malformed repository URL", () => {
    const run = buildCopy((dir) =>
      editJson(path.join(dir, "package.json"), (p) => (p.repository = "https://github.com/just-an-owner")),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain("must name exactly owner/repo");
  });

  it("a system.json that sets what the build stamps", () => {
    const run = buildCopy((dir) =>
      editJson(path.join(dir, "system.json"), (s) => (s.download = "https://example.com/x.zip")),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain('system.json must not set "download"');
  });

  it("a system.json whose documentTypes are out of step with the registry", () => {
    const run = buildCopy((dir) =>
      editJson(
        path.join(dir, "system.json"),
        (s) => void delete (s.documentTypes as { Item: Record<string, unknown> }).Item["fade-gear"],
      ),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain("system.json's documentTypes are out of date");
  });

  it("a template.json out of step with the registry", () => {
    const run = buildCopy((dir) =>
      editJson(path.join(dir, "template.json"), (t) => (t.Actor as { types: string[] }).types.pop()),
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain("template.json is out of date");
  });

  it("a compendium source that foundryvtt-cli would silently skip", () => {
    const run = buildCopy((dir) =>
      writeFileSync(path.join(dir, "packs/_source/guide/stray.json"), JSON.stringify({ name: "No key" })),
    );
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/stray\.json: no "_key"/);
  });

  it("a stylesheet that nothing @uses", () => {
    const run = buildCopy((dir) => writeFileSync(path.join(dir, "styles/_forgotten.scss"), ".x { color: red; }\n"));
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      "styles not reachable from styles/anthology.scss or a rule set's styles/index.scss: styles/_forgotten.scss",
    );
  });

  it("a language string that a rule set's file defines again", () => {
    const run = buildCopy((dir) => {
      const file = path.join(dir, "src/rulesets/fade/lang/en.json");
      const strings = JSON.parse(readFileSync(file, "utf8")) as { ANTHOLOGY: Record<string, unknown> };
      strings.ANTHOLOGY.Sheet = { actorLabel: "Twice" };
      writeFileSync(file, JSON.stringify(strings));
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain('"ANTHOLOGY.Sheet.actorLabel" is defined twice');
  });

  it("a rule set's pack described without its type", () => {
    const run = buildCopy((dir) => {
      mkdirSync(path.join(dir, "src/rulesets/fudge/packs/gifts"), { recursive: true });
      writeFileSync(path.join(dir, "src/rulesets/fudge/packs/gifts.json"), JSON.stringify({ label: "Gifts" }));
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain('src/rulesets/fudge/packs/gifts.json needs a "label" and a "type"');
  });

  it("and builds a rule set's own compendium pack into the manifest, in its rule set's pack folder", () => {
    const run = buildCopy((dir) => {
      mkdirSync(path.join(dir, "src/rulesets/fudge/packs/gifts"), { recursive: true });
      writeFileSync(
        path.join(dir, "src/rulesets/fudge/packs/gifts.json"),
        JSON.stringify({ label: "FUDGE: Gifts", type: "Item", folder: "FUDGE" }),
      );
      writeFileSync(
        path.join(dir, "src/rulesets/fudge/packs/gifts/lucky.json"),
        JSON.stringify({
          _id: "lucky0000000000a",
          _key: "!items!lucky0000000000a",
          name: "Lucky",
          type: "fudge-gear",
          system: {},
        }),
      );
    });
    expect(run.output).not.toContain("failed");
    const manifest = JSON.parse(readFileSync(path.join(run.dir, "dist/system.json"), "utf8")) as {
      packs: Array<{ name: string; path: string; type: string }>;
      packFolders: Array<{ name: string; packs: string[] }>;
    };
    expect(manifest.packs.find((p) => p.name === "fudge-gifts")).toMatchObject({
      path: "packs/fudge-gifts",
      type: "Item",
    });
    expect(manifest.packFolders.find((f) => f.name === "FUDGE")).toMatchObject({ sorting: "a" });
    expect(manifest.packFolders.find((f) => f.name === "FUDGE")!.packs).toContain("fudge-gifts");
    expect(existsSync(path.join(run.dir, "dist/packs/fudge-gifts"))).toBe(true);
  });

  it("and builds the unchanged copy", () => {
    const run = buildCopy(() => undefined);
    expect(run.output).toContain("anthology.zip");
    expect(run.status).toBe(0);
  });
});
