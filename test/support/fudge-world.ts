/**
 * A FUDGE world in the Foundry stand-in for the flow tests: Mickey (a player's swordsman, owned by
 * user1) and a bandit NPC in leather with a shield, plus helpers to click sheet and card buttons.
 */
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { loadPlay } from "./play";

type ActorClass = { create(data: object): Promise<StandInActor> };

export async function fudgeActors(): Promise<{ mickey: StandInActor; bandit: StandInActor }> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  const mickey = await Actor.create({
    name: "Mickey",
    type: "fudge-character",
    system: { attributes: { build: 1, health: 0, dexterity: 1, agility: 1 } },
    items: [
      { name: "Swordsmanship", type: "fudge-skill", system: { level: 1 } },
      { name: "Climbing", type: "fudge-skill", system: { level: 1 } },
      // A broadsword: large one-handed +2, sharp +1.
      { name: "Broadsword", type: "fudge-weapon", system: { size: 2, sharp: true, skill: "Swordsmanship" } },
      {
        name: "Short bow",
        type: "fudge-weapon",
        system: { size: 0, sharp: true, ranged: true, propelled: true, skill: "Archery" },
      },
    ],
    ownership: { user1: 3 },
  });
  const bandit = await Actor.create({
    name: "Bandit <b>Joe</b>",
    type: "fudge-npc",
    system: { attributes: { build: 0, health: 0, agility: 0 } },
    items: [
      { name: "Sword fighting", type: "fudge-skill", system: { level: 0 } },
      // A shortsword: medium +1, sharp +1.
      { name: "Shortsword", type: "fudge-weapon", system: { size: 1, sharp: true, skill: "Sword fighting" } },
      { name: "Leather", type: "fudge-armor", system: { protection: 1 } },
    ],
  });
  return { mickey, bandit };
}

/** Targets actors' tokens as this user (Foundry's `game.user.targets`). */
export function target(...actors: StandInActor[]): void {
  const targets = (game.user as unknown as { targets: Set<unknown> }).targets;
  targets.clear();
  for (const actor of actors) targets.add({ actor, name: actor.name });
}

/** Clicks a sheet button: calls the sheet class's action with a target carrying the button's data. */
export async function clickSheet(
  sheets: typeof Sheets,
  actor: StandInActor,
  action: string,
  data: { item?: string; dataset?: Record<string, string> } = {},
): Promise<void> {
  const Sheet = (actor.type === "fudge-npc" ? sheets.FudgeNpcSheet : sheets.FudgeActorSheet) as unknown as new (
    o: object,
  ) => object;
  const sheet = new Sheet({ document: actor });
  const itemId = data.item ? actor.items.find((i) => i.name === data.item)!.id : null;
  const element = {
    dataset: { ...(data.dataset ?? {}) },
    closest: (selector: string) => (selector === "[data-item-id]" && itemId ? { dataset: { itemId } } : null),
  };
  const actions = (
    sheets.FudgeActorSheet.DEFAULT_OPTIONS as unknown as {
      actions: Record<string, (this: unknown, e: Event, t: unknown) => Promise<void>>;
    }
  ).actions;
  await actions[action]!.call(sheet, new Event("click"), element);
}

/** A FUDGE world loaded on the stand-in, with the sheets the flow tests press. */
export async function loadFudgeWorld(
  options: { isGM?: boolean } = {},
): Promise<{ record: StandInRecord; sheets: typeof Sheets }> {
  const record = installFoundry({ ruleSet: "fudge", ...options });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  return { record, sheets: await import("../../src/rulesets/fudge/sheets") };
}
