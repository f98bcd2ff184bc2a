import { SETTINGS, SYSTEM_ID } from "./constants";
import { allPlugins } from "./rulesets/registry";
import { DEFAULT_RULE_SET, RULE_SETS, isRuleSetId, ruleSetLabelKey, type RuleSetId } from "./rulesets";

/** Registers the world settings; choices come from the rule-set table. */
export function registerSettings(): void {
  const choices = Object.fromEntries(RULE_SETS.map((r) => [r.id, ruleSetLabelKey(r)]));
  game.settings!.register(SYSTEM_ID, SETTINGS.ruleSet, {
    name: "ANTHOLOGY.Settings.ruleSet.name",
    hint: "ANTHOLOGY.Settings.ruleSet.hint",
    scope: "world",
    config: true,
    restricted: true,
    requiresReload: true,
    type: String,
    choices,
    default: DEFAULT_RULE_SET,
  } as never);
  game.settings!.register(SYSTEM_ID, SETTINGS.complication, {
    name: "ANTHOLOGY.Settings.complication.name",
    hint: "ANTHOLOGY.Settings.complication.hint",
    scope: "world",
    config: true,
    restricted: true,
    type: String,
    choices: {
      note: "ANTHOLOGY.Settings.complication.note",
      remove: "ANTHOLOGY.Settings.complication.remove",
      gm: "ANTHOLOGY.Settings.complication.gm",
    },
    default: "note",
  } as never);
  game.settings!.register(SYSTEM_ID, SETTINGS.macroActor, {
    name: "ANTHOLOGY.Settings.macroActor.name",
    hint: "ANTHOLOGY.Settings.macroActor.hint",
    scope: "world",
    config: true,
    restricted: true,
    type: String,
    choices: {
      named: "ANTHOLOGY.Settings.macroActor.named",
      selected: "ANTHOLOGY.Settings.macroActor.selected",
    },
    default: "named",
  } as never);
  registerRuleSetSettings();
  // Hidden: the migration runner reads and writes it. 0 is the data before the first migration.
  game.settings!.register(SYSTEM_ID, SETTINGS.schemaVersion, {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  } as never);
}

/** How an OpenD6 Wild Die complication is handled in this world. */
export function complicationSetting(): string {
  return String(game.settings!.get(SYSTEM_ID as never, SETTINGS.complication as never));
}

/** Whose actor a hotbar macro rolls for: "named" (the macro's) or "selected" (the selected token's first). */
export function macroActorSetting(): "named" | "selected" {
  return game.settings!.get(SYSTEM_ID as never, SETTINGS.macroActor as never) === "selected" ? "selected" : "named";
}

/**
 * The world's rule set. A stored value no rule set answers to (a typo in a world file, a rule set
 * from a newer version) falls back to the default instead of breaking the world; the ready hook warns.
 */
export function activeRuleSet(): RuleSetId {
  const stored: unknown = game.settings!.get(SYSTEM_ID as never, SETTINGS.ruleSet as never);
  return isRuleSetId(stored) ? stored : DEFAULT_RULE_SET;
}

/** The raw stored value, for the warning when it is not a rule set. */
export function storedRuleSet(): unknown {
  return game.settings!.get(SYSTEM_ID as never, SETTINGS.ruleSet as never);
}

const TYPES = { string: String, number: Number, boolean: Boolean } as const;

/** Every rule set's own settings: registered in every world (values are kept), shown in its own. */
function registerRuleSetSettings(): void {
  const active = activeRuleSet();
  for (const plugin of allPlugins()) {
    for (const setting of plugin.settings ?? []) {
      game.settings!.register(
        SYSTEM_ID,
        setting.key as never,
        {
          name: setting.name,
          hint: setting.hint,
          scope: "world",
          config: plugin.id === active,
          restricted: true,
          type: TYPES[setting.type],
          ...(setting.choices ? { choices: setting.choices } : {}),
          default: setting.default,
          ...(setting.requiresReload ? { requiresReload: true } : {}),
        } as never,
      );
    }
  }
}
