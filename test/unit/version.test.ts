import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { VERSION } from "../../src/version";

const root = new URL("../../", import.meta.url);

describe("the version constant (src/version.ts)", () => {
  it("is package.json's version wherever vite stamps it (builds, tests)", () => {
    expect(VERSION).toBe(JSON.parse(readFileSync(new URL("package.json", root), "utf8")).version);
  });

  it("falls back to 0.0.0-dev, rather than throwing, where nothing stamps it", () => {
    const source = readFileSync(new URL("src/version.ts", root), "utf8");
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "anthology-version-")), "version.mjs");
    writeFileSync(file, outputText);
    const script = `import { VERSION } from ${JSON.stringify(pathToFileURL(file).href)}; console.log(VERSION);`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("0.0.0-dev");
  });
});
