/** Every file or folder a system.json names, relative to the system folder. */
export function systemFiles(manifest) {
  return [
    "system.json",
    ...(manifest.esmodules ?? []),
    ...(manifest.scripts ?? []),
    ...(manifest.styles ?? []).map((s) => (typeof s === "string" ? s : s.src)),
    ...(manifest.languages ?? []).map((l) => l.path),
    ...(manifest.packs ?? []).map((p) => p.path),
  ];
}
