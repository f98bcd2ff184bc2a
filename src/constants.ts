/** The package id: the folder name in Foundry's Data/systems, the settings namespace and the socket name. */
export const SYSTEM_ID = "anthology";

/** Where the system's files live once Foundry serves them. */
export const SYSTEM_PATH = `systems/${SYSTEM_ID}`;

export const SETTINGS = {
  ruleSet: "ruleSet",
  complication: "complication",
  /** Whose actor a hotbar macro rolls for: the one it names, or the selected token's (docs/macros.md). */
  macroActor: "macroActor",
  /** The world's data schema version (src/migrations): hidden, written by the migration runner. */
  schemaVersion: "schemaVersion",
} as const;
