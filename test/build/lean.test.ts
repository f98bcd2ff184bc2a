import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOADED_GZIP_BUDGET, distSizes, ruleSetShares } from "../../scripts/lib/size.mjs";
import { RULE_SETS } from "../../src/rulesets";
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

  it("keeps what Foundry loads (JS + CSS) under the size budget, gzipped", () => {
    const { loaded, loadedTotal } = distSizes(dist);
    expect(loaded.map((f) => f.file)).toEqual(["anthology.mjs", "styles/anthology.css"]);
    expect(LOADED_GZIP_BUDGET).toBe(250_000);
    expect(loadedTotal.gzip).toBeLessThan(LOADED_GZIP_BUDGET);
  });

  it("tells each rule set's share of the module, by its source map, adding up to the whole", () => {
    const shares = ruleSetShares(dist);
    const parts = shares.map((s) => s.part);
    expect(parts).toEqual(expect.arrayContaining([...RULE_SETS.map((r) => r.id), "(shared)"]));
    // Every minified character counts once, for one part (the lines' breaks aside).
    const counted = shares.reduce((sum, s) => sum + s.raw, 0);
    expect(counted).toBe(code.length - (code.split("\n").length - 1));
    expect(shares.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 9);
    // The bundler's own glue is a sliver: the map covers the module.
    expect(shares.find((s) => s.part === "(bundler)")?.share ?? 0).toBeLessThan(0.01);
    for (const s of shares.filter((x) => RULE_SETS.some((r) => r.id === x.part))) expect(s.share).toBeGreaterThan(0.05);
  });

  it("ships the source map and the Node API in the release zip", () => {
    const { names } = unpackRelease();
    expect(names).toEqual(expect.arrayContaining(["anthology.mjs", "anthology.mjs.map", "api.mjs"]));
  });
});
