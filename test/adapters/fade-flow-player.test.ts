import type * as Sheets from "../../src/rulesets/fade/sheets";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FadeAttackData, FadeAttackRow } from "../../src/rulesets/fade/chat/card-data";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, target, hitTheGoblin as hitTheGoblinFrom } from "../support/fade-world";
import { as, cardData, loadPlay, press, relay } from "../support/play";

// A player's client (user1, owner of Garret only) with a GM (gm1) connected elsewhere: applying to an
// actor the player does not own goes to the GM over the socket, and the GM works it out again.

let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const lastNotice = () => record.notifications.at(-1)?.message;

/** Garret's attack on the goblin (test/support/fade-world.ts): 6 HP after Soak, 10 to 4. */
const hitTheGoblin = () => hitTheGoblinFrom(record, sheets, garret);

/** Presses Apply on row 0 as the current user and carries the request to the GM and back. */
async function applyThroughGm(message: StandInMessage): Promise<unknown> {
  const pending = press(message, "apply", 0);
  await relay(record);
  return pending;
}

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fade", isGM: false });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  sheets = await import("../../src/rulesets/fade/sheets");
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

describe("Apply from a player's client: the GM is the authority", () => {
  it("asks the GM to apply to an actor the player does not own; the GM applies it once", async () => {
    const attack = await hitTheGoblin();
    expect(goblin.isOwner).toBe(false);
    const pending = press(attack, "apply", 0);
    expect(hp(goblin)).toBe(10);
    // The request names the card and the row, never the user: the server names the sender.
    expect(record.emitted.at(-1)).toMatchObject({
      channel: "system.anthology",
      from: "user1",
      message: { kind: "request", type: "card.apply", payload: { messageId: attack.id, target: 0 } },
    });
    expect(JSON.stringify(record.emitted.at(-1)!.message)).not.toContain("user1");
    await relay(record);
    expect(await pending).toBe(true);
    expect(hp(goblin)).toBe(4);
    expect(cardData(attack).targets[0]!.applied).toMatchObject({ by: "user1" });
  });

  it("recomputes from the stored dice: numbers a player writes into the card change nothing", async () => {
    const attack = await hitTheGoblin();
    // The author may rewrite their own card's flags: a huge damage, a critical, a hit on the miss.
    await attack.update({
      "flags.anthology.card.targets": [
        {
          ...cardData(attack).targets[0],
          data: { ...cardData(attack).targets[0]!.data, damage: 500, result: "criticalHit" },
        },
      ],
    });
    expect(await applyThroughGm(attack)).toBe(true);
    // The dice say 27 damage and a plain hit: 6 HP, not 500 doubled.
    expect(hp(goblin)).toBe(4);
  });

  it("reads the choices behind a roll from the roll itself, never from the card's flags", async () => {
    const attack = await hitTheGoblin();
    // A called shot to the head and a coup de grace (Soak 1), claimed after rolling without them.
    await attack.update({
      "flags.anthology.card.data.choices": { modifiers: ["calledShot"], calledShot: "head", coupDeGrace: true },
    });
    expect(await applyThroughGm(attack)).toBe(true);
    // The roll carries what it was rolled for: a plain hit on the body, Soak 4.
    expect(hp(goblin)).toBe(4);
    expect([...(goblin as unknown as { statuses: Set<string> }).statuses]).toEqual([]);
  });

  it("checks a roll made before rolls carried their choices against the sheet's pool", async () => {
    const attack = await hitTheGoblin();
    for (const roll of attack.rolls as Array<{ options: Record<string, unknown> }>) delete roll.options.anthology;
    await attack.update({ "flags.anthology.card.data.choices": { modifiers: ["calledShot"], calledShot: "head" } });
    expect(await applyThroughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(10);
    expect(lastNotice()).toBe(
      "The card's to-hit roll is 6k3, but the sheet and the card's choices give 4k3; nothing was applied. Roll again.",
    );
  });

  it("refuses a damage roll moved from one row to another", async () => {
    const { goblin: second } = await fadeActors();
    (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: second, name: "Second goblin" });
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    const attack = lastMessage();
    const rows = cardData<FadeAttackData, FadeAttackRow>(attack).targets;
    // The second row claims the first row's bigger damage roll.
    await attack.update({
      "flags.anthology.card.targets": [
        rows[0],
        { ...rows[1], data: { ...rows[1]!.data, damageRoll: rows[0]!.data.damageRoll } },
      ],
    });
    const pending = press(attack, "apply", 1);
    await relay(record);
    expect(await pending).toBe(false);
    expect(hp(second)).toBe(10);
  });

  it("refuses a row the player marked unapplied again: the target keeps the record", async () => {
    const attack = await hitTheGoblin();
    expect(await applyThroughGm(attack)).toBe(true);
    expect(hp(goblin)).toBe(4);
    const rows = cardData<FadeAttackData, FadeAttackRow>(attack).targets.map((t) => ({ ...t, applied: null }));
    await attack.update({ "flags.anthology.card.targets": rows });
    expect(await applyThroughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(4);
    expect(lastNotice()).toBe("This has already been applied to Goblin.");
  });

  it("applies once when two clients press Apply together", async () => {
    const attack = await hitTheGoblin();
    const mine = press(attack, "apply", 0);
    const first = record.emitted.at(-1)!;
    const theirs = as("user2", () => press(attack, "apply", 0));
    const second = record.emitted.at(-1)!;
    // Both requests reach the GM before either is answered.
    record.emitted.push(first);
    await relay(record);
    record.emitted.push(second);
    await relay(record);
    expect([await mine, await theirs].filter(Boolean)).toHaveLength(1);
    expect(hp(goblin)).toBe(4);
  });

  it("refuses a card that names an actor its author does not own", async () => {
    const flow = await import("../../src/rulesets/fade/chat/flow");
    const sword = garret.items.find((i) => i.type === "fade-weapon")!;
    // user2 posts an attack in Garret's name (a forged card: the sheet would have refused).
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1);
    const forged = (await as("user2", () =>
      flow.postAttack(garret as never, { uuid: sword.uuid, name: sword.name }, flow.weaponOf(sword), {}, [
        { uuid: goblin.uuid, name: "Goblin" },
      ]),
    )) as unknown as StandInMessage;
    expect(forged.author?.id).toBe("user2");
    expect(await applyThroughGm(forged)).toBe(false);
    expect(hp(goblin)).toBe(10);
    expect(lastNotice()).toBe("That card was not written by Garret's owner or a GM; nothing was applied.");
  });

  it("tells the player when no GM is connected, and sends nothing", async () => {
    const attack = await hitTheGoblin();
    users().delete("gm1");
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(record.emitted).toEqual([]);
    expect(lastNotice()).toBe("No GM is connected, so this cannot be done now. Ask a GM to join.");
    expect(hp(goblin)).toBe(10);
  });

  it("lets the player apply their own card to their own actor when no GM is connected", async () => {
    target(garret, "Garret");
    users().delete("gm1");
    const attack = await hitTheGoblin();
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(record.emitted).toEqual([]);
    // Garret's chain shirt: Deflection 5 on the body, Soak 4; 27 becomes 26, then 6.
    expect(hp(garret)).toBe(16);
  });

  it("has the GM refuse a player who neither rolled the hit, nor owns the attacker or the target", async () => {
    const attack = await hitTheGoblin();
    const pending = as("user2", () => press(attack, "apply", 0));
    expect(record.emitted.at(-1)).toMatchObject({ from: "user2" });
    await relay(record);
    expect(await pending).toBe(false);
    expect(hp(goblin)).toBe(10);
    expect(record.emitted.at(-1)).toMatchObject({
      from: "gm1",
      message: {
        kind: "reply",
        to: "user2",
        refusal: { key: "ANTHOLOGY.Play.Errors.notYours", data: { name: "Goblin" } },
      },
    });
  });

  it("takes identity only from the server: a request with no named sender is dropped", async () => {
    const attack = await hitTheGoblin();
    void press(attack, "apply", 0);
    const count = record.emitted.length;
    await relay(record, { sender: null });
    expect(record.emitted.length).toBe(count);
    expect(hp(goblin)).toBe(10);
  });

  it("ignores an answer that does not come from a GM", async () => {
    const attack = await hitTheGoblin();
    const pending = press(attack, "apply", 0);
    const request = record.emitted.at(-1)!.message as { id: string };
    // Another player forges the GM's refusal of user1's request.
    const listeners = record.socketListeners.get("system.anthology") ?? [];
    const forged = {
      kind: "reply",
      id: request.id,
      to: "user1",
      refusal: { key: "ANTHOLOGY.Play.Errors.gmOnly" },
    };
    for (const fn of listeners) fn(forged, "user2");
    expect(record.notifications).toEqual([]);
    await relay(record);
    expect(await pending).toBe(true);
    expect(hp(goblin)).toBe(4);
  });

  it("lets only a GM undo", async () => {
    const attack = await hitTheGoblin();
    await applyThroughGm(attack);
    const pending = press(attack, "undo", 0);
    await relay(record);
    expect(await pending).toBe(false);
    expect(hp(goblin)).toBe(4);
    expect(lastNotice()).toBe("Only a GM can do that.");
    await as("gm1", () => press(attack, "undo", 0));
    expect(hp(goblin)).toBe(10);
  });

  it("escapes HTML in names in every notification", async () => {
    const before = record.messages.length;
    await clickSheet(sheets, goblin, "fadeDodge");
    expect(record.messages.length).toBe(before);
    expect(lastNotice()).toBe("You can roll only for your own characters; Goblin &lt;script&gt; is not yours.");
  });
});

describe("A bleed card a player writes", () => {
  it("is refused by the GM: only a GM's bleed card comes off HP", async () => {
    const { postCard, refOf } = await import("../../src/play/cards");
    const { newCard } = await import("../../src/play/card");
    const { fadeBleedKind } = await import("../../src/rulesets/fade/chat/bleed");
    const ref = refOf(goblin as never);
    const forged = (await postCard({
      kind: fadeBleedKind,
      card: newCard({
        ruleSet: "fade",
        kind: "bleed",
        actor: null,
        data: { bleed: 9 },
        targets: [{ ...ref, data: {} }],
      }),
      rolls: [],
      speaker: {},
    })) as unknown as StandInMessage;
    expect(await applyThroughGm(forged)).toBe(false);
    expect(hp(goblin)).toBe(10);
    // Nor does a GM's own click apply it: the card is not the GM's.
    expect(await as("gm1", () => press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toBe("Only a GM's bleed card can be applied (Goblin &lt;script&gt;).");
    expect(hp(goblin)).toBe(10);
    expect(cardData(forged).targets[0]!.applied).toBeNull();
  });
});
