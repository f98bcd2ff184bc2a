/**
 * A Fade world in the Foundry stand-in for the flow tests: Garret (the fighter, owned by user1) and a
 * goblin in a chain shirt that matches the text's worked example (Deflection 5 on the body, Soak 4,
 * 10 HP), plus helpers to click sheet and card buttons.
 */
import type * as Sheets from "../../src/rulesets/fade/sheets";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { fulfillment } from "../foundry/dice";
import { dialogAnswers } from "../foundry/combat";
import { fighterItemData, fighterSystem } from "./fade-fixtures";
import { loadPlay } from "./play";

type ActorClass = { create(data: object): Promise<StandInActor> };

export async function fadeActors(): Promise<{ garret: StandInActor; goblin: StandInActor }> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  const garret = await Actor.create({
    name: "Garret",
    type: "fade-character",
    system: fighterSystem,
    items: fighterItemData,
    ownership: { user1: 3 },
  });
  const goblin = await Actor.create({
    name: "Goblin <script>",
    type: "fade-npc",
    system: { agility: 3, luck: 2, endurance: 2, classHp: 8, speciesSize: 2, classSoak: 2 },
    items: [{ name: "Scraps", type: "fade-armor", system: { deflection: { body: 5 }, equipped: true } }],
  });
  return { garret, goblin };
}

/** Targets an actor's token as this user (Foundry's `game.user.targets`). */
export function target(actor: StandInActor | null, name = actor?.name ?? ""): void {
  const targets = (game.user as unknown as { targets: Set<unknown> }).targets;
  targets.clear();
  if (actor) targets.add({ actor, name });
}

/** What the user enters in the next roll dialog (form field names and values), or null to close it. */
export function answerDialog(answer: Record<string, string | string[]> | null): void {
  dialogAnswers.push(answer);
}

/** Clicks a sheet button: calls the sheet class's action with a target inside the item's row (and the button's data). */
export async function clickSheet(
  sheets: typeof Sheets,
  actor: StandInActor,
  action: string,
  itemName?: string,
  dataset: Record<string, string> = {},
): Promise<void> {
  const Sheet = (actor.type === "fade-npc" ? sheets.FadeNpcSheet : sheets.FadeActorSheet) as unknown as new (
    o: object,
  ) => object;
  const sheet = new Sheet({ document: actor });
  const itemId = itemName ? actor.items.find((i) => i.name === itemName)!.id : null;
  const element = {
    dataset,
    closest: (selector: string) => (selector === "[data-item-id]" && itemId ? { dataset: { itemId } } : null),
  };
  const actions = (
    sheets.FadeActorSheet.DEFAULT_OPTIONS as unknown as {
      actions: Record<string, (this: unknown, e: Event, t: unknown) => Promise<void>>;
    }
  ).actions;
  await actions[action]!.call(sheet, new Event("click"), element);
}

/**
 * Garret's attack on the goblin from his sheet: 10, 9, 8 = 27 hits Defense 19 on the body; 27 damage
 * (6 after Soak, 10 HP to 4). The message it posts.
 */
export async function hitTheGoblin(
  record: StandInRecord,
  sheets: typeof Sheets,
  garret: StandInActor,
): Promise<StandInMessage> {
  answerDialog({ defense: "defense", location: "body" });
  fulfillment.push(10, 9, 8, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1);
  await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
  return record.messages.at(-1) as StandInMessage;
}

/** A Fade world loaded on the stand-in, with the sheets the flow tests press. */
export async function loadFadeWorld(): Promise<{
  record: StandInRecord;
  sheets: typeof Sheets;
}> {
  const record = installFoundry({ ruleSet: "fade" });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  return {
    record,
    sheets: await import("../../src/rulesets/fade/sheets"),
  };
}
