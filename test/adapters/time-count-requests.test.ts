import { as, relay } from "../support/play";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnthologyCombat as CombatClass } from "../../src/combat/anthology-combat";
import type * as Requests from "../../src/combat/requests";
import { standInActor } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";

// A player's client (user1, owner of Zherynn) with a GM (gm1) connected elsewhere.
let record: StandInRecord;
let requests: typeof Requests;
let combat: CombatClass & { addCombatant(c: unknown): unknown };

type User = { id: string; isGM: boolean; isSelf: boolean };
const users = () => game.users as unknown as Map<string, User>;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "hod", isGM: false });
  await import("../../src");
  loadWorld(record);
  requests = await import("../../src/combat/requests");
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const Combat = config.Combat.documentClass as new (data: object) => typeof combat;
  const Combatant = config.Combatant.documentClass as new (data: object) => unknown;
  combat = new Combat({ id: "c1" });
  (game as unknown as { combats: Map<string, unknown> }).combats.set("c1", combat);
  const player = standInActor("Zherynn", { player: "user1" });
  // The GM set the encounter up (and its client kept the places it gave).
  await as("gm1", async () => {
    combat.addCombatant(new Combatant({ id: "z", name: "Zherynn", actor: player, initiative: 6 }));
    combat.addCombatant(
      new Combatant({ id: "g", name: "Garret <b>", actor: standInActor("Garret <b>"), initiative: 7 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  Object.assign(combat, { round: 1, flags: { anthology: { tc: 6, history: [] } } });
});

beforeEach(() => {
  record.emitted.length = 0;
  record.notifications.length = 0;
  fulfillment.length = 0;
});

describe("Time Count requests from a player's client", () => {
  it("send the player's own action to the GM, who carries it out", async () => {
    const pending = requests.requestAct(combat, "z", { action: "drawWeapon" });
    expect(record.emitted).toMatchObject([
      {
        channel: "system.anthology",
        from: "user1",
        message: {
          kind: "request",
          type: "timeCount.act",
          payload: { combatId: "c1", combatantId: "z", choice: { action: "drawWeapon" } },
        },
      },
    ]);
    // Drawing a weapon is Rapid: the GM rolls 1d4, showing 4: next at TC 10.
    fulfillment.push(4);
    await relay(record);
    expect(await pending).toBe(true);
    expect(combat.combatants.get("z")!.initiative).toBe(10);
  });

  it("are refused by the GM for a combatant the player does not own, and the player is told", async () => {
    const pending = requests.requestDelay(combat, "g", 30);
    await relay(record);
    expect(await pending).toBe(false);
    expect(combat.combatants.get("g")!.initiative).toBe(7);
    expect(record.emitted.at(-1)).toMatchObject({
      from: "gm1",
      message: { kind: "reply", to: "user1", refusal: { key: "ANTHOLOGY.TimeCount.notOwner" } },
    });
    // Back on the player's client, the refusal becomes a localised warning (the name escaped).
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: "You can act only for your own combatants; Garret &lt;b&gt; is not yours.",
    });
  });

  it("tell the player when no GM is connected, and send nothing", async () => {
    const gm = users().get("gm1")!;
    users().delete("gm1");
    try {
      expect(await requests.requestAct(combat, "z", { action: "custom", speedFactor: 5 })).toBe(false);
    } finally {
      users().set("gm1", gm);
    }
    expect(record.emitted).toEqual([]);
    expect(record.notifications.at(-1)?.message).toBe(
      "No GM is connected, so this cannot be done now. Ask a GM to join.",
    );
  });

  it("do not let a player advance or undo the count", async () => {
    const before = combat.timeCount;
    await combat.advanceCount();
    await combat.undoCount();
    expect(combat.timeCount).toBe(before);
    expect(record.notifications.map((n) => n.message)).toEqual([
      "Only the GM moves the Time Count.",
      "Only the GM moves the Time Count.",
    ]);
  });
});
