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

/** A Foundry version ("13", "13.347", "14.369") as [generation, build]; null when it is not one. */
function foundryVersion(value) {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(value ?? ""));
  return match ? [Number(match[1]), match[2] === undefined ? null : Number(match[2])] : null;
}

/**
 * Problems with a manifest's promise about Foundry versions (issue 25): it installs on v13 from a
 * named build no later than 13.347 (the oldest the tests model) and is verified on v14; a maximum,
 * if any, is not below the verified version; and it declares its document types in `documentTypes`
 * (a template.json would warn on v14 and stop working in v16). Returns a list of messages.
 */
export function manifestProblems(manifest) {
  const problems = [];
  const { minimum, verified, maximum } = manifest.compatibility ?? {};
  const min = foundryVersion(minimum);
  const ver = foundryVersion(verified);
  if (!min || min[0] !== 13 || min[1] === null || min[1] > 347)
    problems.push(`compatibility.minimum "${minimum}" must be a Foundry v13 build no later than 13.347.`);
  if (!ver || ver[0] !== 14) problems.push(`compatibility.verified "${verified}" must be Foundry v14.`);
  if (maximum !== undefined) {
    const max = foundryVersion(maximum);
    if (
      !max ||
      (ver && (max[0] < ver[0] || (max[0] === ver[0] && max[1] !== null && ver[1] !== null && max[1] < ver[1])))
    )
      problems.push(`compatibility.maximum "${maximum}" is below the verified version "${verified}".`);
  }
  const types = manifest.documentTypes ?? {};
  if (!Object.keys(types.Actor ?? {}).length || !Object.keys(types.Item ?? {}).length)
    problems.push("documentTypes must declare the Actor and Item sub-types (run `npm run sync`).");
  return problems;
}
