export class RepositoryError extends Error {}
export function repositoryUrl(repository: unknown): string;
export function releaseFields(
  repository: unknown,
  version: unknown,
): { version: string; url: string; bugs: string; manifest: string; download: string };
