import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as CardActions from "../../src/rulesets/hod/chat/card-actions";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, hodActors, item, loadHodWorld, noCombat, target, timeCountFight } from "../support/hod-world";
import { as, relay } from "../support/play";

// A player's client (user1, owner of Garret only) with a GM (gm1) connected elsewhere: damage to an
// actor the player does not own, and actions on the Time Count, go to the GM over the socket.

let record: StandInRecord;
let flow: typeof Flow;
let cards: typeof CardActions;
let garret: StandInActor;
let goblin: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const hod = (message: unknown) => (message as StandInMessage).getFlag("anthology", "hod") as Record<string, unknown>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

async function hitTheGoblin(): Promise<StandInMessage> {
  answerDialog({ defense: "primary" });
  fulfillment.push(10);
  await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
  answerDialog({});
  fulfillment.push(5);
  await cards.onHodCardAction(lastMessage(), "rollDamage");
  return lastMessage();
}

beforeAll(async () => {
  ({ record, flow, cards } = await loadHodWorld({ isGM: false }));
  users().set("user2", { id: "user2", isGM: false, isSelf: false, targets: new Set() });
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
  noCombat();
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
});

describe("Heroes of Destiny from a player's client", () => {
  it("asks the GM to apply damage to an actor the player does not own; the GM applies it once", async () => {
    const damage = await hitTheGoblin();
    expect(goblin.isOwner).toBe(false);
    const pending = cards.onHodCardAction(damage, "applyDamage");
    expect(hp(goblin)).toBe(8);
    expect(record.emitted.at(-1)).toMatchObject({
      channel: "system.anthology",
      from: "user1",
      message: { kind: "request", type: "hod.applyDamage", payload: { messageId: damage.id } },
    });
    await relay(record);
    await pending;
    expect(hp(goblin)).toBe(2);
    expect(hod(lastMessage())).toMatchObject({ kind: "applied", damageId: damage.id, target: { name: "Goblin" } });
    expect(hod(damage).applied).toBe(true);
    // A second request is refused by the GM.
    await cards.onHodCardAction(damage, "applyDamage");
    expect(record.notifications.at(-1)?.message).toBe("This damage has already been applied to Goblin.");
  });

  it("tells the player when no GM is connected, and sends nothing", async () => {
    const damage = await hitTheGoblin();
    users().delete("gm1");
    await cards.onHodCardAction(damage, "applyDamage");
    expect(record.emitted).toEqual([]);
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: "No GM is connected, so this cannot be done now. Ask a GM to join.",
    });
    expect(hp(goblin)).toBe(8);
  });

  it("sends even the target's owner's Apply through the connected GM, who applies every hit in turn", async () => {
    target(garret, "Garret");
    const damage = await hitTheGoblin();
    const pending = cards.onHodCardAction(damage, "applyDamage");
    expect((record.emitted.at(-1) as { message: { type: string } }).message.type).toBe("hod.applyDamage");
    await relay(record);
    await pending;
    // Garret's Threshold of Pain is 5: 9 damage is 5 fatigue and 4 HP.
    expect(hp(garret)).toBe(16);
    expect((garret.system as unknown as { fatigue: number }).fatigue).toBe(5);
  });

  it("lets the target's owner apply to their own actor at once when no GM is connected", async () => {
    target(garret, "Garret");
    const damage = await hitTheGoblin();
    users().delete("gm1");
    await cards.onHodCardAction(damage, "applyDamage");
    expect(record.emitted).toEqual([]);
    expect(hp(garret)).toBe(16);
  });

  it("rolls a hit's damage once: a second Roll damage on the same attack card does nothing", async () => {
    await hitTheGoblin();
    const attack = record.messages.at(-2) as StandInMessage;
    const count = record.messages.length;
    fulfillment.push(8);
    await cards.onHodCardAction(attack, "rollDamage");
    expect(record.messages.length).toBe(count);
  });

  it("has the GM refuse a player's damage rolled without an attack against someone else's actor", async () => {
    answerDialog({});
    fulfillment.push(5);
    await flow.rollHodDamage(garret, item(garret, "Longsword <i>of</i> Ash"));
    const pending = cards.onHodCardAction(lastMessage(), "applyDamage");
    await relay(record);
    await pending;
    expect(hp(goblin)).toBe(8);
    expect(record.emitted.at(-1)).toMatchObject({
      message: { kind: "reply", refusal: { key: "ANTHOLOGY.HoD.Errors.needsHit", data: { name: "Goblin" } } },
    });
  });

  it("applies one damage card once even when two requests for it reach the GM together", async () => {
    const damage = await hitTheGoblin();
    const appliedBefore = record.messages.filter((m) => hod(m)?.kind === "applied").length;
    const pending = cards.onHodCardAction(damage, "applyDamage");
    const request = (record.emitted.at(-1) as { message: unknown }).message;
    await as("gm1", async () => {
      for (const fn of record.socketListeners.get("system.anthology") ?? []) {
        fn(structuredClone(request), "user1");
        fn(structuredClone(request), "user1");
      }
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    for (const fn of record.socketListeners.get("system.anthology") ?? []) fn(record.emitted.at(-1)!.message, "gm1");
    await pending;
    const applied = record.messages.filter((m) => hod(m)?.kind === "applied");
    expect(applied).toHaveLength(appliedBefore + 1);
    expect(hp(goblin)).toBe(2);
  });

  it("has the GM refuse a request from a player who neither rolled the hit nor owns the attacker", async () => {
    const damage = await hitTheGoblin();
    const pending = as("user2", () => cards.onHodCardAction(damage, "applyDamage"));
    expect(record.emitted.at(-1)).toMatchObject({ from: "user2" });
    await relay(record);
    await pending;
    expect(hp(goblin)).toBe(8);
    expect(record.emitted.at(-1)).toMatchObject({
      channel: "system.anthology",
      from: "gm1",
      message: {
        kind: "reply",
        to: "user2",
        refusal: { key: "ANTHOLOGY.HoD.Errors.notYourHit", data: { name: "Goblin" } },
      },
    });
  });

  it("offers Roll damage only to the attacker's players and the GM, and the goblin's check to its owners", async () => {
    answerDialog({ defense: "primary" });
    fulfillment.push(10);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    const attack = lastMessage();
    expect(cards.mayUseHod(attack, "rollDamage")).toBe(true);
    expect(await as("user2", () => cards.mayUseHod(attack, "rollDamage"))).toBe(false);
    expect(await as("gm1", () => cards.mayUseHod(attack, "rollDamage"))).toBe(true);
    expect(cards.mayUseHod(attack, "applyDamage")).toBe(false);
  });

  it("records a player's attack on the Time Count through the GM", async () => {
    await as("gm1", async () => {
      await timeCountFight(garret, goblin);
    });
    answerDialog({ defense: "primary" });
    fulfillment.push(10);
    const pending = flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hod(lastMessage())).toMatchObject({ schedule: { state: "due", tc: 6 } });
    expect(record.emitted.at(-1)).toMatchObject({
      message: {
        kind: "request",
        type: "timeCount.act",
        payload: { combatId: "tc1", combatantId: "garret", choice: { action: "attack", weaponClass: "standard" } },
      },
    });
    fulfillment.push(2);
    await relay(record);
    await pending;
    const combat = (game as unknown as { combat: { combatants: { get(id: string): { initiative: number } } } }).combat;
    expect(combat.combatants.get("garret").initiative).toBe(14);
  });

  it("lets no one roll for an actor they do not own", async () => {
    await flow.rollHodCheck(goblin, "strength");
    expect(record.messages.filter((m) => hod(m)?.kind === "check")).toEqual([]);
    expect(record.notifications.at(-1)?.message).toBe(
      "You can roll only for your own characters; Goblin &lt;script&gt; is not yours.",
    );
  });
});
