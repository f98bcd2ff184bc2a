import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync } from "fflate";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const dist = path.join(root, "dist");

/** dist/ as `npm run build` left it; the test command builds before it tests. */
export function requireDist(): void {
  if (!existsSync(path.join(dist, "anthology.zip"))) {
    throw new Error("dist/ has no build: run `npm run build` first (`npm test` does).");
  }
}

/** Unpacks the release zip into a fresh folder, as Foundry does on install, and returns the folder. */
export function unpackRelease(): { folder: string; names: string[] } {
  requireDist();
  const files = unzipSync(new Uint8Array(readFileSync(path.join(dist, "anthology.zip"))));
  const folder = path.join(mkdtempSync(path.join(tmpdir(), "anthology-install-")), "anthology");
  for (const [name, data] of Object.entries(files)) {
    if (name.endsWith("/")) continue;
    const target = path.join(folder, name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, data);
  }
  return { folder, names: Object.keys(files).filter((n) => !n.endsWith("/")) };
}
