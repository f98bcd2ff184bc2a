import { releaseFields } from "./repository.mjs";

/**
 * Problems that must stop a release: the pushed tag must be `v` + package.json version, and the
 * repository the workflow runs in must be the one package.json names (else the manifest would point
 * users at someone else's releases). Returns a list of messages; empty means go.
 */
export function releaseProblems({ tag, pkg, githubRepository }) {
  const problems = [];
  let fields;
  try {
    fields = releaseFields(pkg.repository, pkg.version);
  } catch (error) {
    return [error.message];
  }
  if (tag !== `v${fields.version}`) {
    problems.push(`tag "${tag}" does not match package.json version ${fields.version}: expected "v${fields.version}".`);
  }
  if (githubRepository && fields.url.toLowerCase() !== `https://github.com/${githubRepository}`.toLowerCase()) {
    problems.push(`package.json repository ${fields.url} is not this repository (${githubRepository}).`);
  }
  return problems;
}
