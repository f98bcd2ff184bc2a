/**
 * An OpenD6 world in the Foundry stand-in for the flow tests: Kira (the sharpshooter, owned by user1)
 * and a thug, plus a helper to click the sheet's buttons.
 */
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import type { StandInActor } from "../foundry/documents";
import { kiraItemData, kiraSystem, thugSystem } from "./opend6-fixtures";
import { loadPlay } from "./play";

type ActorClass = { create(data: object): Promise<StandInActor> };

export async function opend6Actors(): Promise<{ kira: StandInActor; thug: StandInActor }> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  const kira = await Actor.create({
    name: "Kira",
    type: "opend6-character",
    system: kiraSystem,
    items: kiraItemData,
    ownership: { user1: 3 },
  });
  const thug = await Actor.create({ name: "Thug <script>", type: "opend6-npc", system: thugSystem });
  return { kira, thug };
}

/**
 * Clicks a sheet button: calls the sheet class's action with a target carrying the button's data
 * (`data-kind`, `data-id`) inside the item's row.
 */
export async function clickSheet(
  sheets: typeof Sheets,
  actor: StandInActor,
  action: string,
  options: { item?: string; dataset?: Record<string, string> } = {},
): Promise<void> {
  const Sheet = (actor.type === "opend6-npc" ? sheets.OpenD6NpcSheet : sheets.OpenD6ActorSheet) as unknown as new (
    o: object,
  ) => object;
  const sheet = new Sheet({ document: actor });
  const itemId = options.item ? actor.items.find((i) => i.name === options.item)!.id : null;
  const element = {
    dataset: options.dataset ?? {},
    closest: (selector: string) => (selector === "[data-item-id]" && itemId ? { dataset: { itemId } } : null),
  };
  const actions = (
    sheets.OpenD6ActorSheet.DEFAULT_OPTIONS as unknown as {
      actions: Record<string, (this: unknown, e: Event, t: unknown) => Promise<void>>;
    }
  ).actions;
  await actions[action]!.call(sheet, new Event("click"), element);
}

/** An OpenD6 world loaded on the stand-in, with the sheets the flow tests press. */
export async function loadOpenD6World(): Promise<{ record: StandInRecord; sheets: typeof Sheets }> {
  const record = installFoundry({ ruleSet: "opend6" });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  return { record, sheets: await import("../../src/rulesets/opend6/sheets") };
}
