/**
 * A Heroes of Destiny world in the Foundry stand-in for the flow tests, on the real data models:
 * Garret (a fighter owned by user1, with a longsword worn down to 1 Durability, a Precise rapier, a
 * shortbow, fists and a chain shirt) and a small goblin with a club, each made
 * for the cases the flows must handle (hod-fixtures.ts holds the sheets' hand-worked characters), plus
 * helpers to target, answer dialogs and run a Time Count combat.
 */
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodActorSystem, HodWeaponSystem } from "../../src/rulesets/hod/data/source";
import { dialogAnswers } from "../foundry/combat";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { hodArmorDefaults, hodUnafflicted, hodWeaponDefaults } from "./hod-fixtures";
import { loadPlay } from "./play";

type ActorClass = { create(data: object): Promise<StandInActor> };

const base: HodActorSystem = {
  strength: 0,
  dexterity: 0,
  constitution: 0,
  intelligence: 0,
  wisdom: 0,
  persona: 0,
  fortitude: 0,
  agility: 0,
  willpower: 0,
  accuracy: 0,
  power: 0,
  topBase: 3,
  size: 0,
  armor: 0,
  shield: 0,
  naturalArmor: 0,
  ...hodUnafflicted,
  hp: { value: 10, max: 10 },
  fatigue: 0,
  invigoration: 0,
  bonusHp: 0,
  topLost: 0,
  initiativeBonus: 0,
  stance: "",
  stanceShifting: false,
};

/**
 * Garret: Accuracy 2, Strength 3, Dexterity 1, Power 1; Threshold of Pain 3 + Persona 2 = 5; in a
 * chain shirt (armor 4) Primary is 10 + 4 + Fortitude 2 = 16, Passive 14.
 */
export const garretSystem: HodActorSystem = {
  ...base,
  strength: 3,
  dexterity: 1,
  constitution: 2,
  wisdom: 1,
  persona: 2,
  fortitude: 2,
  agility: 1,
  accuracy: 2,
  power: 1,
  hp: { value: 20, max: 20 },
};

const weapon = (system: Partial<HodWeaponSystem>): HodWeaponSystem => ({ ...hodWeaponDefaults, ...system });

export const garretItems = [
  {
    name: "Longsword <i>of</i> Ash",
    type: "hod-weapon",
    system: weapon({ damage: "1d8", damageType: "slashing", proficient: true, durability: { value: 1, max: 10 } }),
  },
  {
    name: "Rapier",
    type: "hod-weapon",
    system: weapon({ damage: "1d6", damageType: "piercing", speedClass: "fast", precise: true }),
  },
  {
    name: "Shortbow",
    type: "hod-weapon",
    system: weapon({ category: "bows", damage: "1d6", range: 40, damageType: "piercing" }),
  },
  {
    name: "Fists",
    type: "hod-weapon",
    system: weapon({ category: "unarmed", damage: "", damageType: "bludgeoning", durability: { value: 0, max: 0 } }),
  },
  {
    name: "Chain shirt",
    type: "hod-armor",
    system: { ...hodArmorDefaults, armor: 4 },
  },
];

/**
 * A small goblin (size +1): Primary 10 + armor 2 + size 1 + Agility 2 = 15, Passive 13, Vigor 11,
 * Celerity 14, Spirit 10, Threshold of Pain 3, 8 HP.
 */
export const goblinSystem: HodActorSystem = {
  ...base,
  strength: 1,
  dexterity: 2,
  constitution: 1,
  agility: 2,
  accuracy: 1,
  size: 1,
  armor: 2,
  hp: { value: 8, max: 8 },
};

export const goblinItems = [
  { name: "Club", type: "hod-weapon", system: weapon({ category: "maces", damage: "1d6", damageType: "bludgeoning" }) },
];

/** A player character built as Garret (owned by the player user1), under another name if given. */
export async function hodFighter(name = "Garret"): Promise<StandInActor> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  return Actor.create({
    name,
    type: "hod-character",
    system: structuredClone(garretSystem),
    items: structuredClone(garretItems),
    ownership: { user1: 3 },
  });
}

export async function hodActors(): Promise<{ garret: StandInActor; goblin: StandInActor }> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  const garret = await hodFighter();
  const goblin = await Actor.create({
    name: "Goblin <script>",
    type: "hod-npc",
    system: structuredClone(goblinSystem),
    items: structuredClone(goblinItems),
  });
  return { garret, goblin };
}

/** Targets an actor's token as this user (Foundry's `game.user.targets`). */
export function target(actor: StandInActor | null, name = actor?.name ?? ""): void {
  const targets = (game.user as unknown as { targets: Set<unknown> }).targets;
  targets.clear();
  if (actor) targets.add({ actor, name });
}

/** What the user enters in the next dialog (form field names and values), or null to close it. */
export function answerDialog(answer: Record<string, string | string[]> | null): void {
  dialogAnswers.push(answer);
}

export function item(actor: StandInActor, name: string) {
  return actor.items.find((i) => i.name === name)!;
}

/** A Heroes of Destiny world loaded on the stand-in, with the flows the sheet's buttons call (cards are pressed through the play layer). */
export async function loadHodWorld(options: { isGM?: boolean } = {}): Promise<{
  record: StandInRecord;
  flow: typeof Flow;
}> {
  const record = installFoundry({ ruleSet: "hod", ...options });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  return { record, flow: await import("../../src/rulesets/hod/chat/flow") };
}

type CombatantDoc = { id: string; initiative: number | null; getFlag(s: string, k: string): unknown };
export type TimeCountCombat = {
  id: string;
  round: number;
  timeCount: number;
  addCombatant(c: unknown): CombatantDoc;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  actCombatant(id: string, choice: object): Promise<number>;
  delayCombatant(id: string, toTc: number): Promise<number>;
  cutShortCombatant(id: string, toTc: number): Promise<number>;
  combatants: { get(id: string): CombatantDoc | undefined };
};

/**
 * A started Time Count combat (the world's active one) with Garret and the goblin at the TCs given,
 * advanced to the first of them.
 */
export async function timeCountFight(
  garret: StandInActor,
  goblin: StandInActor,
  at: { garret: number; goblin: number } = { garret: 6, goblin: 8 },
  others: ReadonlyArray<{ id: string; actor: StandInActor; initiative: number }> = [],
): Promise<{ combat: TimeCountCombat; me: CombatantDoc; them: CombatantDoc }> {
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const Combat = config.Combat.documentClass as new (data: object) => TimeCountCombat;
  const Combatant = config.Combatant.documentClass as new (data: object) => CombatantDoc;
  const combat = new Combat({ id: "tc1" });
  (game as unknown as { combats: Map<string, unknown> }).combats.set("tc1", combat);
  (game as unknown as { combat: unknown }).combat = combat;
  const me = combat.addCombatant(new Combatant({ id: "garret", name: "Garret", actor: garret, initiative: at.garret }));
  const them = combat.addCombatant(
    new Combatant({ id: "goblin", name: "Goblin", actor: goblin, initiative: at.goblin }),
  );
  for (const other of others) {
    combat.addCombatant(
      new Combatant({ id: other.id, name: other.actor.name, actor: other.actor, initiative: other.initiative }),
    );
  }
  await combat.startCombat();
  await combat.nextTurn();
  return { combat, me, them };
}

/** No active combat. */
export function noCombat(): void {
  (game as unknown as { combat: unknown }).combat = null;
}
