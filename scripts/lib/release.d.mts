export function releaseProblems(input: {
  tag: string;
  pkg: { repository?: unknown; version?: unknown };
  githubRepository?: string;
}): string[];
export function manifestProblems(manifest: {
  compatibility?: { minimum?: unknown; verified?: unknown; maximum?: unknown };
  documentTypes?: Record<string, Record<string, unknown>>;
}): string[];
