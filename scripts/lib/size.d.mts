export const LOADED_GZIP_BUDGET: number;
export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}
export function distSizes(dist: string): {
  loaded: FileSize[];
  shipped: FileSize[];
  loadedTotal: { raw: number; gzip: number };
};
export function formatSizes(sizes: ReturnType<typeof distSizes>): string;
/** One part of the module (a rule set's id, "(shared)" or "(bundler)") and its share. */
export interface ModuleShare {
  part: string;
  raw: number;
  share: number;
  gzip: number;
}
export function ruleSetShares(dist: string, module?: string): ModuleShare[];
export function formatShares(shares: ModuleShare[]): string;
