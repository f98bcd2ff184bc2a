import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodSpecialData, HodSpecialRow } from "../../src/rulesets/hod/chat/card-data";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { hodArmorDefaults, hodWeaponDefaults } from "../support/hod-fixtures";
import {
  answerDialog,
  hodActors,
  item,
  loadHodWorld,
  noCombat,
  target,
  timeCountFight,
  type TimeCountCombat,
} from "../support/hod-world";
import { as, cardData, connect, press, pressThroughGm, relay } from "../support/play";

// heroes-of-destiny.txt, the special actions' "Requirements" lines, from a player's client (user1,
// Garret's owner): the sheet's button refuses an action whose requirement is not met, and the GM (gm1)
// checks the requirement again when applying the row, against the documents as they stand then and the
// combat's record of the action's count.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

const SWORD = "Longsword <i>of</i> Ash";
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastCard = () =>
  [...record.messages].reverse().find((m) => (m as StandInMessage).getFlag("anthology", "card")) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message;
const special = (message: unknown) => cardData<HodSpecialData, HodSpecialRow>(message);
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const stance = (actor: StandInActor) => (actor.system as unknown as { stance: string }).stance;
const throughGm = (message: StandInMessage) => pressThroughGm(record, message, "apply", 0);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const asGm = <T>(work: () => Promise<T> | T) => as("gm1", work);

/** Rolls a special action from the sheet; the card, or null when nothing was posted. */
async function perform(actionId: string, faces: number[], weapon?: string): Promise<StandInMessage | null> {
  answerDialog({});
  fulfillment.push(...faces);
  const before = record.messages.length;
  await flow.rollHodSpecial(garret, actionId, weapon ? item(garret, weapon) : undefined);
  if (record.messages.length > before) return lastMessage();
  // Refused: nothing was rolled, so no face is left for the next roll.
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  return null;
}

/** Rolls a special action due on the Time Count: the card is posted, then the GM records the act (its SF die). */
async function performDue(actionId: string, faces: number[], sf: number, weapon?: string): Promise<StandInMessage> {
  answerDialog({});
  fulfillment.push(...faces);
  const pending = flow.rollHodSpecial(garret, actionId, weapon ? item(garret, weapon) : undefined);
  await settle();
  fulfillment.push(sf);
  await relay(record);
  await pending;
  await settle();
  return lastCard();
}

/** An act from the tracker's Act dialog for Garret, sent to the GM, who records it. */
async function act(combat: TimeCountCombat, choice: object, sf: number[] = []): Promise<void> {
  const { requestAct } = await import("../../src/combat/requests");
  const pending = requestAct(combat as never, "garret", choice as never);
  fulfillment.push(...sf);
  await relay(record);
  expect(await pending).toBe(true);
  await settle();
}

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld({ isGM: false }));
  connect();
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
  noCombat();
});

describe("Heroes of Destiny: a coup de grâce's helpless target and its preparation", () => {
  it('"Requirements: Target must be helpless": refused on the sheet while the goblin is awake, and at the GM\'s apply once it wakes', async () => {
    expect(await perform("coupDeGrace", [11], SWORD)).toBeNull();
    expect(lastNotice()).toBe(
      "Goblin is not helpless (unconscious, asleep, paralysed, restrained or turned to stone): a coup de grâce needs a helpless target.",
    );
    await asGm(() => goblin.toggleStatusEffect("unconscious", { active: true }));
    // Outside a Time Count the strike needs no preparation: 11 + 16 = 27 against Passive 13.
    const strike = await perform("coupDeGrace", [11], SWORD);
    expect(special(strike).targets[0]!.data.outcomes).toEqual(["ANTHOLOGY.HoD.Special.coupDeGrace.hit"]);
    // It wakes before the GM applies: the strike fails.
    await asGm(() => goblin.toggleStatusEffect("unconscious", { active: false }));
    expect(await throughGm(strike!)).toBe(false);
    expect(lastNotice()).toContain("Goblin is not helpless");
    expect(hp(goblin)).toBe(8);
    // Paralysed at three times its Vigor (11: 33 points) it is helpless too.
    await asGm(() => goblin.update({ "system.paralysis": 33 }));
    expect(await throughGm(strike!)).toBe(true);
    expect(hp(goblin)).toBeLessThan(8);
  });

  it('"the action requires preparation for a certain amount of time before execution": on the Time Count the GM applies a strike that followed its preparation, and refuses one with none', async () => {
    await asGm(() => goblin.toggleStatusEffect("unconscious", { active: true }));
    const outside = await perform("coupDeGrace", [11], SWORD);
    const { combat } = await asGm(() => timeCountFight(garret, goblin));
    // Rolled outside any count, applied while Garret fights on one: nothing shows a preparation before it.
    expect(await throughGm(outside!)).toBe(false);
    expect(lastNotice()).toBe(
      "This coup de grâce on Goblin was not struck right after its preparation on the Time Count: prepare it first.",
    );
    // A count of movement at TC 6: not due again until TC 7, so no strike (nothing could record it).
    await act(combat, { action: "move", pace: "base" });
    expect(await perform("coupDeGrace", [11], SWORD)).toBeNull();
    expect(lastNotice()).toBe(
      "A coup de grâce on the Time Count is struck only when you are due, right after its preparation.",
    );
    // Due at TC 7: the preparation (Slow 1d8+8 showing 4: TC 19).
    await asGm(() => combat.nextTurn());
    await performDue("coupDeGrace", [], 4, SWORD);
    expect(special(lastCard()).data.preparing).toBe(true);
    // At TC 8, still preparing: no strike.
    await asGm(async () => {
      await combat.nextTurn();
      await combat.actCombatant("goblin", { action: "custom", speedFactor: 20 });
    });
    expect(await perform("coupDeGrace", [11], SWORD)).toBeNull();
    expect(lastNotice()).toBe(
      "Garret is preparing a special action (immobile; no act during preparation): cancel the preparation first.",
    );
    await asGm(() => combat.nextTurn());
    expect(combat.timeCount).toBe(19);
    // Due at TC 19, right after the preparation: 11 + 16 = 27; the longsword's Standard SF shows 1.
    const strike = await performDue("coupDeGrace", [11], 1, SWORD);
    expect(special(strike).data.preparing).toBe(false);
    expect(await throughGm(strike)).toBe(true);
    expect(hp(goblin)).toBeLessThan(8);
  });
});

describe("Heroes of Destiny: size, hands and weapon", () => {
  it('"Target must be no more than one size category larger than you": a Huge goblin is refused on the sheet; one grown after the roll, at the GM\'s apply', async () => {
    await asGm(() => goblin.update({ "system.size": -2 }));
    for (const action of ["grab", "trip", "tackle"]) {
      expect(await perform(action, [10])).toBeNull();
      expect(lastNotice()).toBe(
        "Goblin is more than one size category larger than you: too big to grab, tackle or trip.",
      );
    }
    // Large is one category larger: Garret grabs it (unarmed +5: 15 against Celerity 14).
    await asGm(() => goblin.update({ "system.size": -1 }));
    const grab = await perform("grab", [10]);
    expect(special(grab).targets[0]!.data.outcomes).toEqual(["ANTHOLOGY.HoD.Special.grab.hit"]);
    await asGm(() => goblin.update({ "system.size": -4 }));
    expect(await throughGm(grab!)).toBe(false);
    expect(lastNotice()).toBe(
      "Goblin is more than one size category larger than you: too big to grab, tackle or trip.",
    );
    await asGm(() => goblin.update({ "system.size": -1 }));
    expect(await throughGm(grab!)).toBe(true);
    expect(goblin.statuses.has("hod-grabbed")).toBe(true);
  });

  it('"Cannot be wielding a two-handed weapon or tower shield": a grab is refused while either is in hand, on the sheet and at the GM\'s apply', async () => {
    await garret.createEmbeddedDocuments("Item", [
      {
        name: "Greatsword",
        type: "hod-weapon",
        system: { ...hodWeaponDefaults, category: "heavySwords", damage: "2d6", twoHanded: true },
      },
      { name: "Tower shield", type: "hod-armor", system: { ...hodArmorDefaults, shield: 4, equipped: false } },
    ]);
    expect(await perform("grab", [10])).toBeNull();
    expect(lastNotice()).toBe("You cannot grab Goblin while wielding a two-handed weapon: unequip it first.");
    await item(garret, "Greatsword").update({ "system.equipped": false });
    await item(garret, "Tower shield").update({ "system.equipped": true });
    expect(await perform("grab", [10])).toBeNull();
    expect(lastNotice()).toBe("You cannot grab Goblin while carrying a tower shield: take it off first.");
    await item(garret, "Tower shield").update({ "system.equipped": false });
    const grab = await perform("grab", [10]);
    // The greatsword taken up again before the GM applies.
    await item(garret, "Greatsword").update({ "system.equipped": true });
    expect(await throughGm(grab!)).toBe(false);
    expect(lastNotice()).toBe("You cannot grab Goblin while wielding a two-handed weapon: unequip it first.");
    expect(goblin.statuses.has("hod-grabbed")).toBe(false);
  });

  it('"you must be using a piercing weapon": a staple with the longsword is refused; the rapier staples, until it no longer pierces', async () => {
    expect(await perform("staple", [15], SWORD)).toBeNull();
    expect(lastNotice()).toBe("A staple needs a piercing weapon to pin Goblin.");
    // The rapier: 1d20 + 3 − 4 = 14 against Celerity 14.
    const staple = await perform("staple", [15], "Rapier");
    expect(special(staple).targets[0]!.data.outcomes).toEqual(["ANTHOLOGY.HoD.Special.staple.hit"]);
    await item(garret, "Rapier").update({ "system.damageType": "slashing" });
    expect(await throughGm(staple!)).toBe(false);
    expect(lastNotice()).toBe("A staple needs a piercing weapon to pin Goblin.");
    await item(garret, "Rapier").update({ "system.damageType": "piercing" });
    expect(await throughGm(staple!)).toBe(true);
    expect(goblin.statuses.has("hod-stapled")).toBe(true);
  });
});

describe("Heroes of Destiny: a tackle's move before it", () => {
  it('"your previous action must have been to move towards the target": refused before any move; after a Move the GM reads the count\'s record', async () => {
    const { combat } = await asGm(() => timeCountFight(garret, goblin));
    expect(await perform("tackle", [8])).toBeNull();
    expect(lastNotice()).toBe("A tackle needs a move towards Goblin as your previous action on the Time Count.");
    // A count of movement at TC 6 (SF 1), then due at TC 7.
    await act(combat, { action: "move", pace: "base" });
    await asGm(() => combat.nextTurn());
    expect(combat.timeCount).toBe(7);
    // Unarmed +5: 13 against Vigor 11; Standard 1d6+6 showing 2.
    const tackle = await performDue("tackle", [8], 2);
    expect(special(tackle).data.schedule).toMatchObject({ state: "due", tc: 7 });
    // Garret's last act is now the tackle itself: the GM reads the act before it from the count's record.
    expect(await throughGm(tackle)).toBe(true);
    expect(stance(goblin)).toBe("prone");
  });

  it("a tackle rolled after a move but applied after another act: the GM refuses it", async () => {
    const { combat } = await asGm(() => timeCountFight(garret, goblin));
    await act(combat, { action: "move", pace: "base" });
    // Not due at TC 6 (next at 7): the tackle is rolled, not recorded; its move was the last act.
    const tackle = await perform("tackle", [8]);
    expect(special(tackle).data.schedule).toMatchObject({ state: "notDue" });
    await asGm(() => combat.nextTurn());
    // At TC 7 Garret draws a weapon from the tracker (Rapid 1d4 showing 2).
    await act(combat, { action: "drawWeapon" }, [2]);
    expect(await throughGm(tackle!)).toBe(false);
    expect(lastNotice()).toBe("A tackle needs a move towards Goblin as your previous action on the Time Count.");
    expect(stance(goblin)).toBe("");
  });
});

describe("Heroes of Destiny: a paralysed or petrified performer at the GM's apply", () => {
  it('"If your total paralysis damage is three times your Vigor or more, you are completely immobile and unable to move or act": the GM refuses the row of one paralysed since the roll', async () => {
    // Garret is grabbed by the goblin; Break Grab: Athletics (Str) 3d6 + 3 − 2 (grabbed) against Vigor 11.
    await asGm(async () => {
      const effect = (kind: string, other: string) => ({
        name: kind,
        statuses: [`hod-${kind}`],
        flags: { anthology: { hodEffect: { kind, other } } },
      });
      await garret.createEmbeddedDocuments("ActiveEffect", [effect("grabbed", goblin.uuid)]);
      await goblin.createEmbeddedDocuments("ActiveEffect", [effect("grabbing", garret.uuid)]);
    });
    const escape = await perform("breakGrab", [5, 5, 5]);
    expect(special(escape).targets[0]!.data.outcomes).toContain("ANTHOLOGY.HoD.Special.breakGrab.hit");
    // Garret's Vigor is 14: 42 points of paralysis.
    await garret.update({ "system.paralysis": 42 });
    expect(await throughGm(escape!)).toBe(false);
    expect(lastNotice()).toBe(
      "Garret is paralysed at three times Vigor or more: completely immobile and unable to move or act.",
    );
    await garret.update({ "system.paralysis": 0, "system.petrification": 10 });
    expect(await throughGm(escape!)).toBe(false);
    expect(lastNotice()).toBe("Garret is fully petrified: no speed left, and no act until magic restores it.");
    await garret.update({ "system.petrification": 0 });
    expect(await throughGm(escape!)).toBe(true);
  });
});

describe("Heroes of Destiny: disarm's dropped weapon", () => {
  it("\"Hit: The target releases a held item and drops it to the ground.\": the GM's apply takes the goblin's club from its hand, and Undo puts it back", async () => {
    // The longsword's Disarm: 1d20 + 6 − 4: 15 + 2 = 17 against Celerity 14 (a hit by 3, no Great Success).
    const disarm = await perform("disarm", [15], SWORD);
    expect(special(disarm).targets[0]!.data.outcomes).toEqual(["ANTHOLOGY.HoD.Special.disarm.hit"]);
    const club = () => item(goblin, "Club").system as unknown as { equipped: boolean };
    expect(club().equipped).toBe(true);
    expect(await throughGm(disarm!)).toBe(true);
    expect(club().equipped).toBe(false);
    expect(special(disarm).targets[0]!.applied?.summary).toMatchObject({
      dropped: "Club",
      effects: ["ANTHOLOGY.HoD.Effects.Applied.disarmed"],
    });
    const row = (
      record.rendered.filter((r) => r.path.endsWith("hod/special-card.hbs")).at(-1)!.data as {
        rows: Array<{ applied: { dropped: string; effects: Array<{ key: string }> } }>;
      }
    ).rows[0]!;
    expect(row.applied).toMatchObject({
      dropped: "Club",
      effects: [{ key: "ANTHOLOGY.HoD.Effects.Applied.disarmed" }],
    });
    // The GM's Undo puts the club back in its hand.
    expect(await asGm(() => press(disarm!, "undo", 0))).toBe(true);
    expect(club().equipped).toBe(true);
  });

  it("a disarm on a target with nothing in hand drops nothing, and says so", async () => {
    await asGm(() => item(goblin, "Club").update({ "system.equipped": false }));
    const disarm = await perform("disarm", [15], SWORD);
    expect(await throughGm(disarm!)).toBe(true);
    expect(special(disarm).targets[0]!.applied?.summary).toMatchObject({
      effects: ["ANTHOLOGY.HoD.Effects.Applied.nothingHeld"],
    });
    expect(special(disarm).targets[0]!.applied?.summary).not.toHaveProperty("dropped");
  });
});
