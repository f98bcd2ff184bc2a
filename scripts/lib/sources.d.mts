export function ruleSetFolders(root: string): string[];
export function templateFiles(root: string): Array<{ shipped: string; source: string }>;
export function templateSource(root: string, shipped: string): string;
export function styleEntries(root: string): string[];
export function styleFiles(root: string): string[];
export function langFiles(root: string, lang?: string): string[];
export class LangConflictError extends Error {}
export function mergedLang(root: string, lang?: string): Record<string, unknown>;
