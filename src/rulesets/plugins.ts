import { getRuleSet, type RuleSetId } from "./index";
import type { RuleSetPlugin } from "./plugin";
import { installPlugins } from "./registry";

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

// Imported by the entry (and the hooks that loop over every plug-in) before anything reads the registry.
installPlugins(collect());

export { allPlugins, pluginOf } from "./registry";
