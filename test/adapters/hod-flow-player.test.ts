import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodAttackData, HodAttackRow } from "../../src/rulesets/hod/chat/card-data";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, hodActors, item, loadHodWorld, noCombat, target, timeCountFight } from "../support/hod-world";
import { as, canPress, cardData, press, relay } from "../support/play";
import { hodWeaponDefaults } from "../support/hod-fixtures";

// A player's client (user1, owner of Garret only) with a GM (gm1) connected elsewhere: applying a row
// to an actor the player does not own, and actions on the Time Count, go to the GM over the socket,
// and the GM works every row out again from the stored dice and the documents as they are.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const lastNotice = () => record.notifications.at(-1)?.message;
const attackCard = (message: unknown) => cardData<HodAttackData, HodAttackRow>(message);
const SWORD = "Longsword <i>of</i> Ash";

/** Garret's attack on the goblin: 10 + 6 = 16 hits Primary 15; 1d8 + 4 showing 5: 9 damage (8 HP to 2). */
async function hitTheGoblin(answer: Record<string, string> = {}): Promise<StandInMessage> {
  answerDialog({ defense: "primary", ...answer });
  fulfillment.push(10, 5);
  await flow.rollHodAttack(garret, item(garret, SWORD));
  return lastMessage();
}

/** Presses a row's button as the current user and carries the request to the GM and back. */
async function throughGm(message: StandInMessage, action = "apply", row = 0): Promise<unknown> {
  const pending = press(message, action, row);
  await relay(record);
  return pending;
}

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld({ isGM: false }));
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

describe("Heroes of Destiny from a player's client: the GM is the authority", () => {
  it("asks the GM to apply a hit to an actor the player does not own; the GM applies it once", async () => {
    const attack = await hitTheGoblin();
    expect(goblin.isOwner).toBe(false);
    const pending = press(attack, "apply", 0);
    expect(hp(goblin)).toBe(8);
    // The request names the card and the row, never the user: the server names the sender.
    expect(record.emitted.at(-1)).toMatchObject({
      channel: "system.anthology",
      from: "user1",
      message: { kind: "request", type: "card.apply", payload: { messageId: attack.id, target: 0 } },
    });
    expect(JSON.stringify(record.emitted.at(-1)!.message)).not.toContain("user1");
    await relay(record);
    expect(await pending).toBe(true);
    expect(hp(goblin)).toBe(2);
    expect(cardData(attack).targets[0]!.applied).toMatchObject({ by: "user1" });
    // A second request is refused by the GM.
    expect(await throughGm(attack)).toBe(false);
    expect(lastNotice()).toBe("This has already been applied to Goblin.");
    expect(hp(goblin)).toBe(2);
  });

  it("recomputes from the stored dice: numbers a player writes into the card change nothing", async () => {
    const attack = await hitTheGoblin();
    const row = attackCard(attack).targets[0]!;
    // The author may rewrite their own card's flags: a huge damage, a critical, a lower defense.
    await attack.update({
      "flags.anthology.card.targets": [
        {
          ...row,
          data: {
            defense: { ...row.data.defense, value: 1, critical: true },
            damage: { ...row.data.damage, total: 500, rolled: 500, critical: true, nonlethal: false },
          },
        },
      ],
    });
    expect(await throughGm(attack)).toBe(true);
    // The dice say a plain hit for 9.
    expect(hp(goblin)).toBe(2);
    // A miss written up as a hit, its damage pointed at the attack roll, is still a miss.
    answerDialog({ defense: "primary" });
    fulfillment.push(3);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    const miss = lastMessage();
    const missed = attackCard(miss).targets[0]!;
    await miss.update({
      "flags.anthology.card.targets": [
        {
          ...missed,
          data: {
            defense: { ...missed.data.defense, hit: true },
            damage: {
              roll: 0,
              extraRoll: null,
              formula: "",
              rolled: 50,
              total: 50,
              critical: false,
              nonlethal: false,
              factor: 1,
            },
          },
        },
      ],
    });
    expect(await throughGm(miss)).toBe(false);
    expect(lastNotice()).toBe("The attack no longer hits Goblin (the defense is 15 now).");
    expect(hp(goblin)).toBe(2);
  });

  it("reads the choices behind a roll from the roll itself, never from the card's flags", async () => {
    const attack = await hitTheGoblin();
    // A damage modifier and a weaker defense, claimed after rolling without them.
    await attack.update({
      "flags.anthology.card.data.choices": { defense: "spirit", damageModifier: 30, modifiers: ["rear"] },
    });
    expect(await throughGm(attack)).toBe(true);
    expect(hp(goblin)).toBe(2);
  });

  it("checks a roll made before rolls carried their choices against the sheet and the card", async () => {
    const attack = await hitTheGoblin();
    for (const roll of attack.rolls as Array<{ options: Record<string, unknown> }>) delete roll.options.anthology;
    await attack.update({ "flags.anthology.card.data.choices": { defense: "primary", modifiers: ["rear"] } });
    expect(await throughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(lastNotice()).toBe(
      "The card's to-hit roll is 1d20 + 6, but the sheet and the card's choices give 1d20 + 10; nothing was applied. Roll again.",
    );
  });

  it("judges against the target's defense now: a row that no longer hits is refused", async () => {
    const attack = await hitTheGoblin();
    // The goblin takes up the Cautious stance (+2 Primary once shifted): 16 no longer beats 17.
    await as("gm1", () => goblin.update({ "system.stance": "cautious", "system.stanceShifting": false }));
    expect(await throughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(lastNotice()).toBe("The attack no longer hits Goblin (the defense is 17 now).");
  });

  it("uses the weapon as it is now on the attacker: its damage dice changed, the roll is refused", async () => {
    const attack = await hitTheGoblin();
    await item(garret, SWORD).update({ "system.damage": "1d12" });
    expect(await throughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(lastNotice()).toBe(
      "The card's damage roll is 1d8 + 4, but the sheet and the card's choices give 1d12 + 4; nothing was applied. Roll again.",
    );
  });

  it("applies against the target's track now: bonus HP gained after the roll absorbs its part", async () => {
    const attack = await hitTheGoblin();
    await as("gm1", () => goblin.update({ "system.bonusHp": 4 }));
    expect(await throughGm(attack)).toBe(true);
    // 9 against Threshold 3: 3 fatigue, 6 of which bonus HP takes 4.
    expect(hp(goblin)).toBe(6);
    expect((goblin.system as unknown as { bonusHp: number }).bonusHp).toBe(0);
  });

  it('"Your Strength applies to Axes; Gauntlets and Claws": claws add Strength, not the better Dexterity, to the GM too', async () => {
    // Garret turns nimble (Dexterity 5 against Strength 3) and bares claws, a natural weapon.
    await garret.update({ "system.dexterity": 5 });
    await (
      garret as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
    ).createEmbeddedDocuments("Item", [
      {
        name: "Claws",
        type: "hod-weapon",
        system: { ...hodWeaponDefaults, category: "natural", damage: "1d6", damageType: "slashing" },
      },
    ]);
    answerDialog({ defense: "primary" });
    fulfillment.push(10, 5);
    await flow.rollHodAttack(garret, item(garret, "Claws"));
    const attack = lastMessage();
    // Accuracy 2 + Strength 3 = +5 (Dexterity would make it +7): 15 meets Primary 15; 1d6 + 3 + Power 1.
    expect(attackCard(attack)).toMatchObject({
      data: { formula: "1d20 + 5", total: 15 },
      targets: [{ data: { defense: { hit: true }, damage: { formula: "1d6 + 4", total: 9 } } }],
    });
    // The GM works the row out again from the dice and the sheet, with Strength, and applies it.
    expect(await throughGm(attack)).toBe(true);
    expect(hp(goblin)).toBe(2);
  });

  it("refuses a card whose author does not own the actor it names", async () => {
    const attack = await hitTheGoblin();
    // The author rewrites who attacked: a creature of the GM's, with its own sheet.
    const { goblin: boss } = await hodActors();
    await attack.update({ "flags.anthology.card.actor": { uuid: boss.uuid, name: "Boss" } });
    expect(await throughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(lastNotice()).toBe("That card was not written by Boss's owner or a GM; nothing was applied.");
  });

  it("refuses a damage roll moved from one row to another", async () => {
    const { goblin: second } = await hodActors();
    (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: second, name: "Second goblin" });
    answerDialog({ defense: "primary" });
    // 16 hits both; the first row's damage shows 8 (12), the second's 1 (5).
    fulfillment.push(10, 8, 1);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    const attack = lastMessage();
    const rows = attackCard(attack).targets;
    await attack.update({
      "flags.anthology.card.targets": [
        rows[0],
        {
          ...rows[1],
          data: { ...rows[1]!.data, damage: { ...rows[1]!.data.damage, roll: rows[0]!.data.damage!.roll } },
        },
      ],
    });
    expect(await throughGm(attack, "apply", 1)).toBe(false);
    expect(hp(second)).toBe(8);
    expect(lastNotice()).toBe("The dice stored on the card for Second goblin cannot be read; roll again.");
  });

  it("refuses a row the player marked unapplied again: the target keeps the record", async () => {
    const attack = await hitTheGoblin();
    expect(await throughGm(attack)).toBe(true);
    const rows = attackCard(attack).targets.map((t) => ({ ...t, applied: null }));
    await attack.update({ "flags.anthology.card.targets": rows });
    expect(await throughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(2);
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
    expect(hp(goblin)).toBe(2);
  });

  it("tells the player when no GM is connected, and sends nothing", async () => {
    const attack = await hitTheGoblin();
    users().delete("gm1");
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(record.emitted).toEqual([]);
    expect(lastNotice()).toBe("No GM is connected, so this cannot be done now. Ask a GM to join.");
    expect(hp(goblin)).toBe(8);
  });

  it("sends even the target's owner's Apply through the connected GM", async () => {
    target(garret, "Garret");
    const attack = await hitTheGoblin();
    const pending = press(attack, "apply", 0);
    expect((record.emitted.at(-1) as { message: { type: string } }).message.type).toBe("card.apply");
    await relay(record);
    expect(await pending).toBe(true);
    // Garret in his chain shirt meets 16 with Primary 16: a hit. Threshold of Pain 5: 9 is 5 fatigue and 4 HP.
    expect(hp(garret)).toBe(16);
    expect((garret.system as unknown as { fatigue: number }).fatigue).toBe(5);
  });

  it("lets the player apply their own card to their own actor at once when no GM is connected", async () => {
    target(garret, "Garret");
    users().delete("gm1");
    const attack = await hitTheGoblin();
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(record.emitted).toEqual([]);
    expect(hp(garret)).toBe(16);
  });

  it("has the GM refuse a player's damage card (no roll to hit) on someone else's actor; the GM applies it", async () => {
    answerDialog({});
    fulfillment.push(5);
    await flow.rollHodDamage(garret, item(garret, SWORD));
    const card = lastMessage();
    // The button is not offered to the attacker's player, and a request is refused.
    expect(canPress(card, "apply", 0)).toBe(false);
    expect(await throughGm(card)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(record.emitted.at(-1)).toMatchObject({
      message: {
        kind: "reply",
        refusal: { key: "ANTHOLOGY.Play.Errors.notYours", data: { name: "Goblin" } },
      },
    });
    // The GM applies it from the card.
    expect(await as("gm1", () => press(card, "apply", 0))).toBe(true);
    expect(hp(goblin)).toBe(2);
  });

  it("has the GM refuse a player who neither rolled the hit, nor owns the attacker or the target", async () => {
    const attack = await hitTheGoblin();
    const pending = as("user2", () => press(attack, "apply", 0));
    expect(record.emitted.at(-1)).toMatchObject({ from: "user2" });
    await relay(record);
    expect(await pending).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(record.emitted.at(-1)).toMatchObject({
      channel: "system.anthology",
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
    expect(hp(goblin)).toBe(8);
  });

  it("ignores an answer that does not come from a GM", async () => {
    const attack = await hitTheGoblin();
    const pending = press(attack, "apply", 0);
    const request = record.emitted.at(-1)!.message as { id: string };
    const listeners = record.socketListeners.get("system.anthology") ?? [];
    const forged = { kind: "reply", id: request.id, to: "user1", refusal: { key: "ANTHOLOGY.Play.Errors.gmOnly" } };
    for (const fn of listeners) fn(forged, "user2");
    expect(record.notifications).toEqual([]);
    await relay(record);
    expect(await pending).toBe(true);
    expect(hp(goblin)).toBe(2);
  });

  it("lets only a GM undo", async () => {
    const attack = await hitTheGoblin();
    await throughGm(attack);
    expect(await throughGm(attack, "undo")).toBe(false);
    expect(hp(goblin)).toBe(2);
    expect(lastNotice()).toBe("Only a GM can do that.");
    await as("gm1", () => press(attack, "undo", 0));
    expect(hp(goblin)).toBe(8);
    expect((goblin.system as unknown as { topLost: number }).topLost).toBe(0);
  });

  it("lets the target's owners roll the check to stay conscious a hit asked for, once, and nobody else", async () => {
    await garret.update({ "system.fatigue": 14 });
    // The goblin (the GM's) hits Garret with its club: 1d20 + 3 showing 14 against Primary 16; 1d6 + 1 shows 6.
    target(garret, "Garret");
    const attack = await as("gm1", async () => {
      target(garret, "Garret");
      answerDialog({ defense: "primary" });
      fulfillment.push(14, 6);
      await flow.rollHodAttack(goblin, item(goblin, "Club"));
      await press(lastMessage(), "apply", 0);
      return lastMessage();
    });
    // 7 against Threshold 5: 5 fatigue (19) and 2 HP (18): DC 1.
    expect(cardData(attack).targets[0]!.applied?.summary).toMatchObject({ unconsciousCheck: 1 });
    expect(await as("user2", () => canPress(attack, "consciousness", 0))).toBe(false);
    expect(canPress(attack, "consciousness", 0)).toBe(true);
    answerDialog({});
    fulfillment.push(1, 1, 1);
    await press(attack, "consciousness", 0);
    // 3 + Constitution 2 = 5 against DC 1: Garret stays up, and the check is spent.
    expect(cardData(lastMessage())).toMatchObject({
      kind: "check",
      actor: { name: "Garret" },
      data: { dc: 1, success: true },
    });
    expect(canPress(attack, "consciousness", 0)).toBe(false);
  });

  it("offers Roll damage only to the attacker's players and the GM", async () => {
    target(null);
    answerDialog({ defense: "primary" });
    fulfillment.push(10);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    const attack = lastMessage();
    expect(canPress(attack, "rollDamage")).toBe(true);
    expect(await as("user2", () => canPress(attack, "rollDamage"))).toBe(false);
    expect(await as("gm1", () => canPress(attack, "rollDamage"))).toBe(true);
    // The card's own author rolls it once and marks it spent.
    target(goblin, "Goblin");
    answerDialog({});
    fulfillment.push(5);
    await press(attack, "rollDamage");
    expect(attackCard(attack).data.damageRolled).toBe(true);
    expect(canPress(attack, "rollDamage")).toBe(false);
  });

  it("records a player's attack on the Time Count through the GM", async () => {
    await as("gm1", async () => {
      await timeCountFight(garret, goblin);
    });
    answerDialog({ defense: "primary" });
    fulfillment.push(10, 5);
    const pending = flow.rollHodAttack(garret, item(garret, SWORD));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(attackCard(lastMessage()).data).toMatchObject({ schedule: { state: "due", tc: 6 } });
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

  it('"Drop to the floor" and "Stand up from prone" change the prone stance as the GM records them, and the count\'s undo takes them back', async () => {
    const { requestAct } = await import("../../src/combat/requests");
    const { hodTimeCount } = await import("../../src/rulesets/hod/combat/time-count-actions");
    const stance = () => {
      const s = garret.system as unknown as { stance: string; stanceShifting: boolean };
      return { stance: s.stance, shifting: s.stanceShifting };
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    const { combat, me } = await as("gm1", () => timeCountFight(garret, goblin));
    const undo = async () => {
      await as("gm1", () => (combat as unknown as { undoCount(): Promise<unknown> }).undoCount());
      await settle();
    };
    // The tracker's Act dialog: Drop prone (Rapid, 1d4 showing 3), sent to the GM, who records and applies it.
    const choice = hodTimeCount.fromForm([["action", "dropToFloor"]]);
    const pending = requestAct(combat as never, "garret", choice);
    fulfillment.push(3);
    await relay(record);
    expect(await pending).toBe(true);
    await settle();
    expect(me.initiative).toBe(9);
    // Prone at once, with the drawbacks only until its next action.
    expect(stance()).toEqual({ stance: "prone", shifting: true });
    await undo();
    expect(me.initiative).toBe(6);
    expect(stance()).toEqual({ stance: "", shifting: false });
    // Down again, then at TC 9 up from the sheet: Stand up (Swift, 1d4+2 showing 1), recorded by the GM.
    const again = requestAct(combat as never, "garret", choice);
    fulfillment.push(3);
    await relay(record);
    await again;
    await settle();
    await as("gm1", async () => {
      await combat.nextTurn();
      await combat.nextTurn();
    });
    await settle();
    expect(combat.timeCount).toBe(9);
    expect(stance()).toEqual({ stance: "prone", shifting: false });
    const up = flow.shiftHodStance(garret, "");
    await settle();
    // The player's client leaves the stance to the GM's record of the act.
    expect(stance().stance).toBe("prone");
    expect(record.emitted.at(-1)).toMatchObject({
      message: { type: "timeCount.act", payload: { combatantId: "garret", choice: { action: "standUp" } } },
    });
    fulfillment.push(1);
    await relay(record);
    await up;
    await settle();
    expect(me.initiative).toBe(12);
    expect(stance()).toEqual({ stance: "", shifting: false });
    // Undone, Garret lies as he did before getting up.
    await undo();
    expect(me.initiative).toBe(9);
    expect(stance()).toEqual({ stance: "prone", shifting: false });
  });

  it('"Once you begin moving, you revert to a basic stance automatically": a Move from the Act dialog ends Poised as the GM records it, and the undo gives it back', async () => {
    const { requestAct } = await import("../../src/combat/requests");
    const { hodTimeCount } = await import("../../src/rulesets/hod/combat/time-count-actions");
    const stance = () => {
      const s = garret.system as unknown as { stance: string; stanceShifting: boolean };
      return { stance: s.stance, shifting: s.stanceShifting };
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    const { combat, me } = await as("gm1", () => timeCountFight(garret, goblin));
    await as("gm1", () => garret.update({ "system.stance": "poised", "system.stanceShifting": false }));
    // The tracker's Act dialog: a count of movement (SF 1), sent to the GM, who records it.
    const pending = requestAct(combat as never, "garret", hodTimeCount.fromForm([["action", "move"]]));
    await relay(record);
    expect(await pending).toBe(true);
    await settle();
    expect(me.initiative).toBe(7);
    expect(stance()).toEqual({ stance: "", shifting: false });
    await as("gm1", () => (combat as unknown as { undoCount(): Promise<unknown> }).undoCount());
    await settle();
    expect(me.initiative).toBe(6);
    expect(stance()).toEqual({ stance: "poised", shifting: false });
    await as("gm1", () => garret.update({ "system.stance": "", "system.stanceShifting": false }));
  });

  it('"Once you begin moving, you revert to a basic stance automatically": an Approach recorded on the Time Count ends Poised as the GM records it, and the undo gives it back', async () => {
    const stance = () => (garret.system as unknown as { stance: string }).stance;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    const { combat, me } = await as("gm1", () => timeCountFight(garret, goblin));
    await as("gm1", () => garret.update({ "system.stance": "poised", "system.stanceShifting": false }));
    // Due at TC 6: Approach (Acrobatics 3d6 + Dexterity 1), Fast 1d6+3 showing 2.
    answerDialog({});
    fulfillment.push(4, 4, 4);
    const pending = flow.rollHodSpecial(garret, "approach");
    await settle();
    expect(record.emitted.at(-1)).toMatchObject({
      message: { type: "timeCount.act", payload: { choice: { action: "special", special: "approach" } } },
    });
    fulfillment.push(2);
    await relay(record);
    await pending;
    await settle();
    expect(me.initiative).toBe(11);
    expect(stance()).toBe("");
    await as("gm1", () => (combat as unknown as { undoCount(): Promise<unknown> }).undoCount());
    await settle();
    expect(me.initiative).toBe(6);
    expect(stance()).toBe("poised");
    // A trip leaves the tripper where it stands: still Poised (Fast 1d6+3 showing 2).
    answerDialog({});
    fulfillment.push(10);
    const trip = flow.rollHodSpecial(garret, "trip");
    await settle();
    fulfillment.push(2);
    await relay(record);
    await trip;
    await settle();
    expect(me.initiative).toBe(11);
    expect(stance()).toBe("poised");
    await as("gm1", () => garret.update({ "system.stance": "", "system.stanceShifting": false }));
  });

  it('"Shifting into a given stance is a standard action with an SF of its shift speed": a crouch picked by hand in the Act dialog costs Rapid, the GM changes the stance, and the undo takes it back', async () => {
    const { requestAct } = await import("../../src/combat/requests");
    const { hodTimeCount } = await import("../../src/rulesets/hod/combat/time-count-actions");
    const stance = () => {
      const s = garret.system as unknown as { stance: string; stanceShifting: boolean };
      return { stance: s.stance, shifting: s.stanceShifting };
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    const { combat, me } = await as("gm1", () => timeCountFight(garret, goblin));
    // Crouch: Rapid 1d4 showing 3; its drawbacks at once, its benefit once the shift is done.
    const pending = requestAct(combat as never, "garret", hodTimeCount.fromForm([["action", "stance:crouch"]]));
    fulfillment.push(3);
    await relay(record);
    expect(await pending).toBe(true);
    await settle();
    expect(me.initiative).toBe(9);
    expect(stance()).toEqual({ stance: "crouch", shifting: true });
    await as("gm1", () => (combat as unknown as { undoCount(): Promise<unknown> }).undoCount());
    await settle();
    expect(me.initiative).toBe(6);
    expect(stance()).toEqual({ stance: "", shifting: false });
    // Parrying from the sheet while due is the same act (Fast 1d6+3 showing 1): the GM changes the stance.
    const shift = flow.shiftHodStance(garret, "parrying");
    await settle();
    expect(stance().stance).toBe("");
    fulfillment.push(1);
    await relay(record);
    await shift;
    await settle();
    expect(me.initiative).toBe(10);
    expect(stance()).toEqual({ stance: "parrying", shifting: true });
    // Back to a basic stance from the Act dialog: leaving Parrying is free, and the GM says which stance it left.
    await as("gm1", async () => {
      await combat.nextTurn();
      await combat.actCombatant("goblin", { action: "custom", speedFactor: 20 });
      await combat.nextTurn();
    });
    await settle();
    expect(combat.timeCount).toBe(10);
    const back = requestAct(combat as never, "garret", hodTimeCount.fromForm([["action", "basicStance"]]));
    await relay(record);
    expect(await back).toBe(true);
    await settle();
    expect(stance()).toEqual({ stance: "", shifting: false });
    expect(me.initiative).toBe(10);
  });

  it("lets no one roll for an actor they do not own, and escapes names in the notice", async () => {
    const before = record.messages.length;
    await flow.rollHodCheck(goblin, "strength");
    expect(record.messages.length).toBe(before);
    expect(lastNotice()).toBe("You can roll only for your own characters; Goblin &lt;script&gt; is not yours.");
  });
});
