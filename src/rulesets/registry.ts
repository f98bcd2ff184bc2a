import { RULE_SETS } from "./index";
import type { RuleSetPlugin } from "./plugin";

// The plug-ins the entry installed (`plugins.ts` finds them). Shared code reads them here, below every
// rule set, so that importing a plug-in's reader never imports the plug-ins themselves: the shared
// layer's imports point one way.

let installed: ReadonlyMap<string, RuleSetPlugin> = new Map();

/** Makes `plugins` the rule sets' Foundry sides (`plugins.ts` does it once, as the module loads). */
export function installPlugins(plugins: ReadonlyMap<string, RuleSetPlugin>): void {
  installed = plugins;
}

/** The Foundry side of a rule set; a rule set without one plays on the shared models, sheets and cards. */
export function pluginOf(id: string): RuleSetPlugin {
  return installed.get(id) ?? { id };
}

/** Every rule set's plug-in, in table order. */
export function allPlugins(): RuleSetPlugin[] {
  return RULE_SETS.map((r) => pluginOf(r.id));
}
