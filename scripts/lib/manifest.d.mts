export function systemFiles(manifest: Record<string, unknown>): string[];
