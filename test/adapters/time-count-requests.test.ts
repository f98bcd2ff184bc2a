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
  combat.addCombatant(new Combatant({ id: "z", name: "Zherynn", actor: player, initiative: 6 }));
  combat.addCombatant(new Combatant({ id: "g", name: "Garret <b>", actor: standInActor("Garret <b>"), initiative: 7 }));
  Object.assign(combat, { round: 1, flags: { anthology: { tc: 6, history: [] } } });
});

beforeEach(() => {
  record.emitted.length = 0;
  record.notifications.length = 0;
  fulfillment.length = 0;
});

/** Delivers a socket message as the GM's client would receive it, switching this client to the GM. */
async function deliverToGm(message: unknown): Promise<void> {
  const me = users().get("user1")!;
  const gm = users().get("gm1")!;
  Object.assign(me, { isSelf: false });
  Object.assign(gm, { isSelf: true });
  const user = game.user;
  (game as unknown as { user: User }).user = gm;
  try {
    for (const fn of record.socketListeners.get("system.anthology") ?? []) fn(message);
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    Object.assign(me, { isSelf: true });
    Object.assign(gm, { isSelf: false });
    (game as unknown as { user: unknown }).user = user;
  }
}

describe("Time Count requests from a player's client", () => {
  it("send the player's own action to the GM, who carries it out", async () => {
    expect(await requests.requestAct(combat, "z", { action: "custom", speedFactor: 5 })).toBe(true);
    expect(record.emitted).toEqual([
      {
        channel: "system.anthology",
        message: {
          type: "timeCount.act",
          userId: "user1",
          payload: { combatId: "c1", combatantId: "z", choice: { action: "custom", speedFactor: 5 } },
        },
      },
    ]);
    await deliverToGm((record.emitted[0] as { message: unknown }).message);
    expect(combat.combatants.get("z")!.initiative).toBe(11);
  });

  it("are refused by the GM for a combatant the player does not own, and the player is told", async () => {
    await requests.requestDelay(combat, "g", 30);
    const sent = record.emitted.map((e) => e.message);
    record.emitted.length = 0;
    await deliverToGm(sent[0]);
    expect(combat.combatants.get("g")!.initiative).toBe(7);
    const reply = record.emitted[0]!.message as { type: string; userId: string; refusal: { key: string } };
    expect(reply).toMatchObject({ type: "refused", userId: "user1", refusal: { key: "ANTHOLOGY.TimeCount.notOwner" } });
    // Back on the player's client, the refusal becomes a localised warning (the name stays plain text).
    for (const fn of record.socketListeners.get("system.anthology") ?? []) fn(reply);
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: "You can act only for your own combatants; Garret <b> is not yours.",
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
