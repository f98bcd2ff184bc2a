import { describe, expect, it } from "vitest";
import { releaseProblems } from "../../scripts/lib/release.mjs";

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
