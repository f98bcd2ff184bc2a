import { describe, expect, it } from "vitest";
import { manifestProblems, releaseProblems } from "../../scripts/lib/release.mjs";

const pkg = { version: "1.4.0", repository: { type: "git", url: "https://github.com/acme/anthology" } };

describe("release check", () => {
  it("lets through a tag that is v + the package version, in the named repository", () => {
    expect(releaseProblems({ tag: "v1.4.0", pkg, githubRepository: "acme/anthology" })).toEqual([]);
    expect(releaseProblems({ tag: "v1.4.0", pkg, githubRepository: "Acme/Anthology" })).toEqual([]);
  });

  it("stops a tag that disagrees with package.json", () => {
    expect(releaseProblems({ tag: "v1.4.1", pkg })).toEqual([
      'tag "v1.4.1" does not match package.json version 1.4.0: expected "v1.4.0".',
    ]);
    expect(releaseProblems({ tag: "1.4.0", pkg })).toHaveLength(1);
  });

  it("stops a release from a repository package.json does not name", () => {
    expect(releaseProblems({ tag: "v1.4.0", pkg, githubRepository: "fork/anthology" })[0]).toMatch(
      /not this repository/,
    );
  });

  it("stops a release with no usable repository", () => {
    expect(releaseProblems({ tag: "v1.4.0", pkg: { version: "1.4.0" } })[0]).toMatch(/missing/);
  });
});

describe("the manifest's Foundry compatibility (issue 25)", () => {
  const types = { Actor: { "fade-character": { htmlFields: ["notes"] } }, Item: { "fade-gear": { htmlFields: [] } } };
  const manifest = (compatibility: object, documentTypes: Record<string, Record<string, unknown>> = types) => ({
    compatibility,
    documentTypes,
  });

  it("lets through v13 from 13.347 (or older), verified on v14", () => {
    expect(manifestProblems(manifest({ minimum: "13.347", verified: "14" }))).toEqual([]);
    expect(manifestProblems(manifest({ minimum: "13.341", verified: "14.369", maximum: "14" }))).toEqual([]);
  });

  it("stops a manifest that leaves v13 or v14 out, or caps below what it verified", () => {
    expect(manifestProblems(manifest({ minimum: "13", verified: "14" }))[0]).toMatch(/minimum "13"/);
    expect(manifestProblems(manifest({ minimum: "13.350", verified: "14" }))[0]).toMatch(/no later than 13\.347/);
    expect(manifestProblems(manifest({ minimum: "14.359", verified: "14" }))[0]).toMatch(/minimum/);
    expect(manifestProblems(manifest({ minimum: "13.347", verified: "13" }))[0]).toMatch(/verified "13"/);
    expect(manifestProblems(manifest({ minimum: "13.347", verified: "14.369", maximum: "14.360" }))[0]).toMatch(
      /maximum "14.360"/,
    );
    expect(manifestProblems({ documentTypes: types })).toHaveLength(2);
  });

  it("stops a manifest without its document types", () => {
    expect(manifestProblems(manifest({ minimum: "13.347", verified: "14" }, {}))[0]).toMatch(/documentTypes/);
  });
});
