import { SYSTEM_ID } from "../constants";
import { info, warn } from "../play/notify";
import { TYPED_DOCUMENTS, documentTypes, getRuleSet, ruleSetLabelKey } from "../rulesets";
import { activeRuleSet, storedRuleSet } from "../settings";
import { isRuleSetId } from "../rulesets";
import { installOddsHints } from "./odds-hints";
import { listenForGmRequests } from "./socket";
import { migrateWorld } from "../migrations/runner";
import { adoptLegacyLasting, onDetachedWindow } from "../foundry";

/**
 * When the world is ready, the active GM brings its data to the latest schema version (in the
 * background; it never throws), and the GM is told what could surprise them: a rule-set setting no rule set
 * answers to, or documents that belong to another rule set than the active one (kept intact, but
 * not offered in the Create dialogs).
 */
export function onReady(): void {
  installOddsHints(document);
  // A sheet popped out into its own window (v14) gets the hints there too.
  onDetachedWindow(installOddsHints);
  listenForGmRequests();
  // Lasting effects stored before the world ran on v14 get their expiry once the migrations are done.
  void migrateWorld()
    .then(() => adoptLegacyLasting([...(game.combats?.values() ?? [])] as never))
    .catch((error: unknown) =>
      console.error(`${SYSTEM_ID} | lasting effects stored before v14 were not adopted`, error),
    );
  if (!game.user?.isGM) return;
  const active = activeRuleSet();
  const stored = storedRuleSet();
  if (!isRuleSetId(stored)) {
    warn(
      "ANTHOLOGY.Notices.unknownRuleSet",
      { value: String(stored), fallback: game.i18n!.localize(ruleSetLabelKey(getRuleSet(active))) },
      true,
    );
  }
  const foreign = countForeignDocuments(active);
  if (foreign > 0) {
    info("ANTHOLOGY.Notices.foreignDocuments", {
      count: String(foreign),
      ruleSet: game.i18n!.localize(ruleSetLabelKey(getRuleSet(active))),
    });
  }
}

function countForeignDocuments(active: ReturnType<typeof activeRuleSet>): number {
  const collections = { Actor: game.actors, Item: game.items } as Record<
    string,
    Iterable<{ type: string }> | undefined
  >;
  let count = 0;
  for (const documentName of TYPED_DOCUMENTS) {
    const own = new Set(documentTypes(documentName, active));
    for (const document of collections[documentName] ?? []) if (!own.has(document.type)) count += 1;
  }
  return count;
}
