/** Bundles one Foundry-free entry of src/ into one unminified ES module in a temporary folder; its path. */
export function bundleEntry(entry: string, fileName: string): Promise<string>;
export function importFile(file: string): Promise<unknown>;
