export function ruleSetFolders(root: string): string[];
export function templateFiles(root: string): Array<{ shipped: string; source: string }>;
export function templateSource(root: string, shipped: string): string;
export function styleEntries(root: string): string[];
export function styleFiles(root: string): string[];
export function langFiles(root: string, lang?: string): string[];
export class LangConflictError extends Error {}
export function mergedLang(root: string, lang?: string): Record<string, unknown>;
export function ruleSetPacks(
  root: string,
  system?: string,
): {
  packs: Array<{
    entry: Record<string, unknown> & { name: string; path: string; label: string; type: string };
    source: string;
  }>;
  folders: Array<{ name: string; sorting: string; packs: string[] }>;
};
