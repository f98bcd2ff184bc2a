export function releaseProblems(input: {
  tag: string;
  pkg: { repository?: unknown; version?: unknown };
  githubRepository?: string;
}): string[];
