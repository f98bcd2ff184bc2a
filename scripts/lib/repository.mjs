/**
 * The release URLs Foundry needs, derived from package.json `repository` so it is the one place to
 * change. Accepts "https://github.com/owner/repo", "git+https://github.com/owner/repo.git",
 * "github:owner/repo", "owner/repo", or an object with such a `url`.
 */
export class RepositoryError extends Error {
  constructor(message) {
    super(`package.json "repository": ${message}`);
    this.name = "RepositoryError";
  }
}

const SEGMENT = /^[A-Za-z0-9_.-]+$/;

export function repositoryUrl(repository) {
  if (repository === undefined || repository === null || repository === "") {
    throw new RepositoryError(
      'missing. Set it to the GitHub repository that hosts the releases, e.g. "https://github.com/owner/anthology".',
    );
  }
  const raw = typeof repository === "object" ? repository.url : repository;
  if (typeof raw !== "string" || raw.trim() === "") {
    throw new RepositoryError('has no "url" string. Use { "type": "git", "url": "https://github.com/owner/repo" }.');
  }
  const text = raw.trim();
  let owner;
  let name;
  const shorthand = /^(?:github:)?([^/:\s]+)\/([^/:\s]+)$/.exec(text);
  if (shorthand) {
    [, owner, name] = shorthand;
  } else {
    let url;
    try {
      url = new URL(text.replace(/^git\+/, ""));
    } catch {
      throw new RepositoryError(`"${text}" is not a URL nor an owner/repo shorthand.`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new RepositoryError(`"${text}" must be an https URL (Foundry downloads releases over https).`);
    }
    if (url.hostname !== "github.com") {
      throw new RepositoryError(
        `"${text}" is not on github.com; the manifest and download URLs follow GitHub's release layout.`,
      );
    }
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts.length !== 2) throw new RepositoryError(`"${text}" must name exactly owner/repo.`);
    [owner, name] = parts;
  }
  name = name.replace(/\.git$/, "");
  if (!SEGMENT.test(owner) || !SEGMENT.test(name)) {
    throw new RepositoryError(`"${text}" has an owner or repository name GitHub does not allow.`);
  }
  return `https://github.com/${owner}/${name}`;
}

/** The fields the build stamps into system.json. */
export function releaseFields(repository, version) {
  if (typeof version !== "string" || !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version)) {
    throw new Error(`package.json "version": "${version}" is not a semantic version like 1.2.3.`);
  }
  const repo = repositoryUrl(repository);
  return {
    version,
    url: repo,
    bugs: `${repo}/issues`,
    manifest: `${repo}/releases/latest/download/system.json`,
    download: `${repo}/releases/download/v${version}/anthology.zip`,
  };
}
