// Declaration merging into fvtt-types: the one place Anthology tells the compiler about its config.
declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "anthology.ruleSet": string;
    "anthology.complication": string;
    "anthology.macroActor": string;
    "anthology.npcSpeed": string;
    "anthology.schemaVersion": number;
  }
  interface AssumeHookRan {
    init: true;
  }
}

export {};
