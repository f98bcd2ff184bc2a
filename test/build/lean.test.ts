import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dist, requireDist, unpackRelease } from "./dist";

describe("the lean bundle (dist/anthology.mjs)", () => {
  requireDist();
  const code = readFileSync(path.join(dist, "anthology.mjs"), "utf8");

  it("ships minified: no doc comments, no indentation, a handful of lines", () => {
    expect(code).not.toContain("/**");
    expect(code).not.toMatch(/^[ \t]/m);
    expect(code.split("\n").length).toBeLessThan(50);
  });

  it("carries a source map that maps back to src/, with the sources inside it", () => {
    expect(code.trimEnd().endsWith("//# sourceMappingURL=anthology.mjs.map")).toBe(true);
    const map = JSON.parse(readFileSync(path.join(dist, "anthology.mjs.map"), "utf8")) as {
      version: number;
      file: string;
      sources: string[];
      sourcesContent: string[];
      mappings: string;
    };
    expect(map.version).toBe(3);
    expect(map.file).toBe("anthology.mjs");
    expect(map.sources).toContain("../src/index.ts");
    expect(map.sources).toContain("../src/dice/anthology-roll.ts");
    expect(map.sourcesContent).toHaveLength(map.sources.length);
    expect(map.mappings.length).toBeGreaterThan(1000);
  });

  it("ships the source map in the release zip", () => {
    const { names } = unpackRelease();
    expect(names).toEqual(expect.arrayContaining(["anthology.mjs", "anthology.mjs.map"]));
  });
});
