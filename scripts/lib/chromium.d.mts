export const CHROMIUM_CANDIDATES: string[];
export const CHROMIUM_ARGS: string[];
export function findChromium(env?: Record<string, string | undefined>): string | null;
