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
