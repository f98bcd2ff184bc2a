import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RepositoryError, releaseFields, repositoryUrl } from "../../scripts/lib/repository.mjs";

const segment = fc
  .stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,20}$/)
  .filter((s) => !s.endsWith(".git") && s !== "." && s !== "..");

describe("package.json repository -> release URLs", () => {
  it("stamps manifest and download from the repository and version", () => {
    expect(releaseFields({ type: "git", url: "git+https://github.com/acme/anthology.git" }, "1.2.3")).toEqual({
      version: "1.2.3",
      url: "https://github.com/acme/anthology",
      bugs: "https://github.com/acme/anthology/issues",
      manifest: "https://github.com/acme/anthology/releases/latest/download/system.json",
      download: "https://github.com/acme/anthology/releases/download/v1.2.3/anthology.zip",
    });
  });

  it("reads every spelling npm accepts for a GitHub repository to the same URL", () => {
    fc.assert(
      fc.property(segment, segment, (owner, name) => {
        const expected = `https://github.com/${owner}/${name}`;
        for (const form of [
          expected,
          `${expected}.git`,
          `git+${expected}.git`,
          `${expected}/`,
          `github:${owner}/${name}`,
          `${owner}/${name}`,
          { type: "git", url: `git+${expected}.git` },
        ]) {
          expect(repositoryUrl(form)).toBe(expected);
        }
      }),
    );
  });

  it.each([
    [undefined, /missing/],
    ["", /missing/],
    [{ type: "git" }, /no "url" string/],
    ["not a url", /not a URL/],
    ["ftp://github.com/a/b", /https URL/],
    ["https://gitlab.com/a/b", /not on github.com/],
    ["https://github.com/only-owner", /exactly owner\/repo/],
    ["https://github.com/a/b/c", /exactly owner\/repo/],
    ["https://github.com/a/b<script>", /does not allow/],
  ])("refuses %j with a clear message", (repository, message) => {
    expect(() => repositoryUrl(repository)).toThrow(RepositoryError);
    expect(() => repositoryUrl(repository)).toThrow(message);
  });

  it("refuses a version that is not semantic", () => {
    expect(() => releaseFields("a/b", "v1.0")).toThrow(/not a semantic version/);
  });
});
