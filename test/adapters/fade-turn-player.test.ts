import type * as Sheets from "../../src/rulesets/fade/sheets";
import type * as Socket from "../../src/hooks/socket";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fulfillment } from "../foundry/dice";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, target } from "../support/fade-world";
import { asWorldGm } from "../support/fight";
import { as, loadPlay, relay } from "../support/play";

// A player's client (user1, owner of Garret only) with the GM (gm1) elsewhere: the turn's budget lives on
// the combat, which only the GM writes, working the action out again from what is stored.

let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;
let socket: typeof Socket;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
type Combatant = { getFlag(scope: string, key: string): unknown; update(data: object): Promise<unknown> };
type Combat = {
  id: string;
  addCombatant(c: unknown): Combatant;
  combatants: { get(id: string): Combatant | undefined };
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
  startCombat(): Promise<unknown>;
};
const users = () => game.users as unknown as Map<string, User>;
const notices = () => record.notifications.map((n) => n.message);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
let combat: Combat;
/** A combatant's budget as the GM stores it: on the combat, which only a GM can write. */
const turnOf = (id: string) =>
  (combat.getFlag("anthology", "fadeTurns") as Record<string, Record<string, unknown>> | undefined)?.[id];

async function attack(): Promise<void> {
  answerDialog({ defense: "defense", location: "body" });
  fulfillment.push(4, 3, 3, 1, 1, 1);
  await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
}

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fade", isGM: false });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  sheets = await import("../../src/rulesets/fade/sheets");
  socket = await import("../../src/hooks/socket");
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
  target(goblin, "Goblin");
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const CombatClass = config.Combat.documentClass as new (d: object) => Combat;
  const CombatantClass = config.Combatant.documentClass as new (d: object) => object;
  combat = new CombatClass({ id: "players" });
  // The GM set the encounter up.
  asWorldGm(() => {
    combat.addCombatant(new CombatantClass({ id: "garret", name: "Garret", initiative: 20, actor: garret }));
    combat.addCombatant(new CombatantClass({ id: "goblin", name: "Goblin", initiative: 10, actor: goblin }));
  });
  (game as unknown as { combat: unknown }).combat = combat;
  (game as unknown as { combats: Map<string, unknown> }).combats.set(combat.id, combat);
  (combat as unknown as { round: number; turn: number }).round = 1;
  (combat as unknown as { round: number; turn: number }).turn = 0;
});

describe("The Fade's turn from a player's client", () => {
  it("asks the GM to spend the attack's standard action; the second is refused at once and rolls nothing", async () => {
    const first = attack();
    await settle();
    await relay(record);
    await first;
    expect(turnOf("garret")).toMatchObject({ standard: true });
    const cards = record.messages.length;
    const sent = record.emitted.length;
    await attack();
    expect(record.messages.length).toBe(cards);
    expect(record.emitted.length).toBe(sent);
    expect(notices()).toEqual(["Garret has no standard action left this turn."]);
  });

  it("Use on a consumable: the GM spends the standard action, the player takes one off their own item; a second is refused at once", async () => {
    type Item = { id: string; name: string; system: { quantity: number } };
    const owner = garret as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<Item[]> };
    const [draught] = await owner.createEmbeddedDocuments("Item", [
      { name: "Draught", type: "fade-gear", system: { quantity: 3, consumable: true } },
    ]);
    const first = clickSheet(sheets, garret, "fadeUse", "Draught");
    await settle();
    await relay(record);
    await first;
    expect(turnOf("garret")).toMatchObject({ standard: true });
    expect((record.messages.at(-1) as { content: string }).content).toContain("Garret uses Draught.");
    expect(garret.items.get(draught!.id)!.system.quantity).toBe(2);
    const cards = record.messages.length;
    const sent = record.emitted.length;
    await clickSheet(sheets, garret, "fadeUse", "Draught");
    expect(record.messages.length).toBe(cards);
    expect(record.emitted.length).toBe(sent);
    expect(garret.items.get(draught!.id)!.system.quantity).toBe(2);
    expect(notices()).toEqual(["Garret has no standard action left this turn."]);
  });

  it("a lapsed hold is announced by the GM's client only", async () => {
    const { lapseHolds } = await import("../../src/rulesets/fade/chat/turn");
    // The GM's client stored a hold in round 1 (set directly here: only a GM writes the combat).
    await as("gm1", () => combat.update({ "flags.anthology.fadeTurns.garret": { round: 1, turn: 1, held: true } }));
    (combat as unknown as { round: number }).round = 2;
    const before = record.messages.length;
    await lapseHolds(combat as never, { round: 2 });
    expect(record.messages.length).toBe(before);
  });

  it("the GM refuses a player's forged override and a request for a combatant that is not theirs", async () => {
    const forced = socket.requestGm("fade.turn", {
      op: "spend",
      action: "standard",
      force: true,
      combatId: "players",
      combatantId: "garret",
    });
    await relay(record);
    expect(await forced).toBe(true);
    const again = socket.requestGm("fade.turn", {
      op: "spend",
      action: "standard",
      force: true,
      combatId: "players",
      combatantId: "garret",
    });
    await relay(record);
    expect(await again).toBe(false);
    const theirs = socket.requestGm("fade.turn", {
      op: "hold",
      combatId: "players",
      combatantId: "goblin",
    });
    await relay(record);
    expect(await theirs).toBe(false);
    expect(notices()).toEqual([
      "Garret has no standard action left this turn.",
      "You can act only for your own combatants; Goblin is not yours.",
    ]);
    expect(turnOf("goblin")).toBeUndefined();
  });
});
