/**
 * A Dice Pool world on the stand-in: the sixth rule set's row is in the table (the test file mocks
 * src/rulesets/rows.ts with table.ts), and its plug-in, strings and templates join the shipped ones
 * the way plugins.ts' glob and the build's lists would take them from src/rulesets/dice-pool/.
 */
import { readFileSync } from "node:fs";
import type { StandInActor } from "../foundry/documents";
import { EN, installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { connect, loadPlay } from "../support/play";

/** Dice Pool's strings, flattened as Foundry reads language files. */
export function dicePoolStrings(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (o: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (v && typeof v === "object") walk(v as Record<string, unknown>, `${prefix}${k}.`);
      else out[`${prefix}${k}`] = String(v);
    }
  };
  walk(JSON.parse(readFileSync(new URL("./lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>, "");
  return out;
}

/**
 * After the system's module has loaded and before the world's hooks run: Dice Pool's plug-in and
 * strings join the shipped ones, as plugins.ts' glob and the build would take them from its folder.
 */
export async function joinDicePool(): Promise<void> {
  const { allPlugins, installPlugins } = await import("../../src/rulesets/registry");
  const { plugin } = await import("./index");
  installPlugins(new Map([...allPlugins().map((p) => [p.id, p] as const), [plugin.id, plugin]]));
  Object.assign(EN, dicePoolStrings());
}

/** A world of the sixth rule set, loaded as a GM's client (or a player's, with a GM connected). */
export async function loadDicePoolWorld(options: { isGM?: boolean } = {}): Promise<StandInRecord> {
  const record = installFoundry({ ruleSet: "dice-pool", ...options });
  await import("../../src");
  await joinDicePool();
  loadWorld(record);
  await loadPlay();
  if (options.isGM === false) connect();
  return record;
}

type ActorClass = { create(data: object): Promise<StandInActor> };

/** Brakk (user1's, Might 4 with an axe of +1 die and 2 damage) and a goblin (Guard 1, 6 HP, a spear in hand). */
export async function dicePoolActors(): Promise<{ brakk: StandInActor; goblin: StandInActor }> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  const brakk = await Actor.create({
    name: "Brakk",
    type: "dice-pool-character",
    system: { might: 4, guard: 2, hp: { value: 12, max: 12 } },
    items: [{ name: "Axe", type: "dice-pool-weapon", system: { bonus: 1, damage: 2 } }],
    ownership: { user1: 3 },
  });
  const goblin = await Actor.create({
    name: "Goblin <i>Snik</i>",
    type: "dice-pool-character",
    system: { might: 2, guard: 1, hp: { value: 6, max: 6 } },
    items: [{ name: "Spear", type: "dice-pool-weapon", system: { bonus: 0, damage: 2 } }],
  });
  return { brakk, goblin };
}
