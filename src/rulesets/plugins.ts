import { RULE_SETS, getRuleSet, type RuleSetId } from "./index";
import type { RuleSetPlugin } from "./plugin";

// Every rule-set folder's Foundry side, found by the bundler: adding a folder adds its plug-in, and the
// table's row decides whether it is a rule set at all (a plug-in without a row is refused below).
const modules = import.meta.glob<{ plugin?: RuleSetPlugin }>("./*/index.ts", { eager: true });

function collect(): ReadonlyMap<string, RuleSetPlugin> {
  const found = new Map<string, RuleSetPlugin>();
  for (const [path, module] of Object.entries(modules)) {
    const plugin = module.plugin;
    const folder = path.split("/")[1];
    if (!plugin) throw new Error(`Anthology: ${path} exports no plugin`);
    if (plugin.id !== folder) throw new Error(`Anthology: the plug-in in ${path} says it is "${plugin.id}"`);
    getRuleSet(plugin.id as RuleSetId);
    found.set(plugin.id, plugin);
  }
  return found;
}

const PLUGINS = collect();

/** The Foundry side of a rule set; a rule set without one plays on the shared models, sheets and cards. */
export function pluginOf(id: string): RuleSetPlugin {
  return PLUGINS.get(id) ?? { id };
}

/** Every rule set's plug-in, in table order. */
export function allPlugins(): RuleSetPlugin[] {
  return RULE_SETS.map((r) => pluginOf(r.id));
}
