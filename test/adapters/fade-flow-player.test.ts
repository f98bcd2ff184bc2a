import type * as Sheets from "../../src/rulesets/fade/sheets";
import { loadAllSheets } from "../support/modules";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as CardActions from "../../src/rulesets/fade/chat/card-actions";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, target } from "../support/fade-world";

// A player's client (user1, owner of Garret only) with a GM (gm1) connected elsewhere: damage to an
// actor the player does not own goes to the GM over the socket.

let record: StandInRecord;
let sheets: typeof Sheets;
let cards: typeof CardActions;
let garret: StandInActor;
let goblin: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const fade = (message: unknown) => (message as StandInMessage).getFlag("anthology", "fade") as Record<string, unknown>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

/** Runs `fn` as another connected user, as that user's client would. */
async function as<T>(userId: string, fn: () => Promise<T> | T): Promise<T> {
  const me = game.user as unknown as User;
  const other = users().get(userId)!;
  Object.assign(me, { isSelf: false });
  Object.assign(other, { isSelf: true });
  (game as unknown as { user: User }).user = other;
  try {
    return await fn();
  } finally {
    Object.assign(me, { isSelf: true });
    Object.assign(other, { isSelf: false });
    (game as unknown as { user: User }).user = me;
  }
}

/** Delivers the last socket message to the GM's client and lets it finish. */
async function deliverToGm(): Promise<void> {
  const message = (record.emitted.at(-1) as { message: unknown }).message;
  await as("gm1", async () => {
    for (const fn of record.socketListeners.get("system.anthology") ?? []) fn(message);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

async function hitTheGoblin(): Promise<StandInMessage> {
  answerDialog({ defense: "defense", location: "body" });
  fulfillment.push(10, 9, 8, 1, 1, 1);
  await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
  answerDialog({ location: "roll", spell: "false" });
  fulfillment.push(6, 10, 10, 7, 1, 1, 1, 1);
  await cards.onCardAction(lastMessage(), "rollDamage");
  return lastMessage();
}

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fade", isGM: false });
  await import("../../src");
  loadWorld(record);
  sheets = await loadAllSheets();
  cards = await import("../../src/rulesets/fade/chat/card-actions");
  users().set("user2", { id: "user2", isGM: false, isSelf: false, targets: new Set() });
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
  target(goblin, "Goblin");
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
});

describe("Apply damage from a player's client", () => {
  it("asks the GM to apply damage to an actor the player does not own; the GM applies it", async () => {
    const damage = await hitTheGoblin();
    expect(goblin.isOwner).toBe(false);
    await cards.onCardAction(damage, "applyDamage");
    expect(hp(goblin)).toBe(10);
    expect(record.emitted.at(-1)).toEqual({
      channel: "system.anthology",
      message: { type: "fade.applyDamage", userId: "user1", payload: { messageId: damage.id } },
    });
    await deliverToGm();
    expect(hp(goblin)).toBe(4);
    expect(fade(lastMessage())).toMatchObject({ kind: "applied", hpChange: -6, target: { name: "Goblin" } });
    expect(fade(damage).applied).toBe(true);
  });

  it("tells the player when no GM is connected, and sends nothing", async () => {
    const damage = await hitTheGoblin();
    users().delete("gm1");
    await cards.onCardAction(damage, "applyDamage");
    expect(record.emitted).toEqual([]);
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: "No GM is connected, so this cannot be done now. Ask a GM to join.",
    });
    expect(hp(goblin)).toBe(10);
  });

  it("applies damage to an actor the player owns at once, without the GM", async () => {
    target(garret, "Garret");
    const damage = await hitTheGoblin();
    expect(fade(damage).target).toMatchObject({ name: "Garret" });
    await cards.onCardAction(damage, "applyDamage");
    expect(record.emitted).toEqual([]);
    // Garret's chain shirt: Deflection 5 on the body, Soak 4; 27 becomes 26, then 6.
    expect(hp(garret)).toBe(16);
  });

  it("has the GM refuse a request from a player who neither rolled the hit nor owns the attacker", async () => {
    const damage = await hitTheGoblin();
    await as("user2", () => cards.onCardAction(damage, "applyDamage"));
    expect((record.emitted.at(-1) as { message: { userId: string } }).message.userId).toBe("user2");
    await deliverToGm();
    expect(hp(goblin)).toBe(10);
    expect(record.emitted.at(-1)).toEqual({
      channel: "system.anthology",
      message: {
        type: "refused",
        userId: "user2",
        refusal: { key: "ANTHOLOGY.Fade.Errors.notYourHit", data: { name: "Goblin" } },
      },
    });
  });

  it("offers Roll damage only to the attacker's players and the GM", async () => {
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(10, 9, 8, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    const attack = lastMessage();
    expect(cards.mayUse(attack, "rollDamage")).toBe(true);
    expect(await as("user2", () => cards.mayUse(attack, "rollDamage"))).toBe(false);
    expect(await as("gm1", () => cards.mayUse(attack, "rollDamage"))).toBe(true);
    expect(await as("user2", () => cards.mayUse(attack, "applyDamage"))).toBe(false);
  });

  it("lets no one roll for an actor they do not own", async () => {
    const before = record.messages.length;
    await clickSheet(sheets, goblin, "fadeDodge");
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)?.message).toBe(
      "You can roll only for your own characters; Goblin <script> is not yours.",
    );
  });
});
