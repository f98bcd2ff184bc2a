/**
 * A Fading Suns world in the Foundry stand-in for the flow tests: Erian (the duelist, owned by user1) and
 * a brute, plus a helper to click the sheet's buttons.
 */
import type * as Sheets from "../../src/rulesets/fading-suns/sheets";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import type { StandInActor } from "../foundry/documents";
import { bruteItemData, bruteSystem, erianItemData, erianSystem } from "./fading-suns-fixtures";
import { loadPlay } from "./play";

type ActorClass = { create(data: object): Promise<StandInActor> };

export async function fadingSunsActors(): Promise<{ erian: StandInActor; brute: StandInActor }> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  const erian = await Actor.create({
    name: "Erian",
    type: "fading-suns-character",
    system: erianSystem,
    items: erianItemData,
    ownership: { user1: 3 },
  });
  const brute = await Actor.create({
    name: "Brute <script>",
    type: "fading-suns-npc",
    system: bruteSystem,
    items: bruteItemData,
  });
  return { erian, brute };
}

/** Clicks a sheet button: the sheet class's action with a target carrying the button's data inside its row. */
export async function clickSheet(
  sheets: typeof Sheets,
  actor: StandInActor,
  action: string,
  options: { item?: string; dataset?: Record<string, string> } = {},
): Promise<void> {
  const Sheet = (actor.type === "fading-suns-npc"
    ? sheets.FadingSunsNpcSheet
    : sheets.FadingSunsActorSheet) as unknown as new (o: object) => object;
  const sheet = new Sheet({ document: actor });
  const itemId = options.item ? actor.items.find((i) => i.name === options.item)!.id : null;
  const element = {
    dataset: options.dataset ?? {},
    closest: (selector: string) => (selector === "[data-item-id]" && itemId ? { dataset: { itemId } } : null),
  };
  const actions = (
    sheets.FadingSunsActorSheet.DEFAULT_OPTIONS as unknown as {
      actions: Record<string, (this: unknown, e: Event, t: unknown) => Promise<void>>;
    }
  ).actions;
  await actions[action]!.call(sheet, new Event("click"), element);
}

/** A Fading Suns world loaded on the stand-in, with the sheets the flow tests press. */
export async function loadFadingSunsWorld(): Promise<{ record: StandInRecord; sheets: typeof Sheets }> {
  const record = installFoundry({ ruleSet: "fading-suns" });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  return { record, sheets: await import("../../src/rulesets/fading-suns/sheets") };
}
