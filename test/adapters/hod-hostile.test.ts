import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodAttackData, HodAttackRow } from "../../src/rulesets/hod/chat/card-data";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import { builtRoll, forgedMessage } from "../support/forge";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { hodWeaponDefaults } from "../support/hod-fixtures";
import {
  answerDialog,
  garretItems,
  garretSystem,
  hodActors,
  item,
  loadHodWorld,
  noCombat,
  target,
} from "../support/hod-world";
import { as, cardData, connect, press, pressThroughGm } from "../support/play";

// A hostile player's client (user1, owner of Garret only) with a GM (gm1) connected elsewhere: what the
// player's own code can write (a roll's request built by hand, a card forged whole, flags rewritten)
// must not change another's actor unless the GM's apply finds it within the rules; and what a player
// typed freely into a dialog waits for the GM's own click before it lands on someone else's actor.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;
let mira: StandInActor;

type Ref = { uuid: string; name: string };
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const system = (actor: StandInActor) =>
  actor.system as unknown as { hp: { value: number }; fatigue: number; bonusHp: number };
const hp = (actor: StandInActor) => system(actor).hp.value;
const notices = () => record.notifications.map((n) => n.message);
const lastNotice = () => notices().at(-1);
const attackCard = (message: unknown) => cardData<HodAttackData, HodAttackRow>(message);
const SWORD = "Longsword <i>of</i> Ash";
const ref = (actor: { uuid: string; name: string }, name = actor.name): Ref => ({ uuid: actor.uuid, name });

const throughGm = (message: StandInMessage, row = 0) => pressThroughGm(record, message, "apply", row);

/** The GM's own click on Apply (on the GM's client). */
const gmApplies = (message: StandInMessage, row = 0) => as("gm1", () => press(message, "apply", row));

/** The weapon an item is, as the flows read it. */
async function weaponOf(name: string) {
  const { weaponOf: read } = await import("../../src/rulesets/hod/chat/documents");
  return read(item(garret, name) as never);
}

/** An attack on the goblin with choices built by hand on the player's client (no dialog): dice as given. */
async function handBuiltAttack(choices: Record<string, unknown>, dice: number[], weapon = SWORD) {
  fulfillment.push(...dice);
  await flow.postHodAttack(
    garret as never,
    item(garret, weapon) as never,
    await weaponOf(weapon),
    { defense: "primary", ...choices } as never,
    [ref(goblin, "Goblin")],
  );
  return lastMessage();
}

const forge = (card: object, rolls: unknown[] = []) => forgedMessage({ anthology: { card } }, rolls);

const rollWith = (formula: string, request: Record<string, unknown>, dice: number[]) =>
  builtRoll(formula, dice, request);

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld({ isGM: false }));
  connect({ id: "user2", isGM: false });
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  const Actor = (CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } })
    .documentClass;
  // Another player's character: user2's Mira, built as Garret.
  mira = await Actor.create({
    name: "Mira",
    type: "hod-character",
    system: structuredClone(garretSystem),
    items: structuredClone(garretItems),
    ownership: { user2: 3 },
  });
  record.notifications.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
  noCombat();
  connect();
});

describe("Heroes of Destiny: rolls the player's own code built, refused by the GM", () => {
  it("refuses a to-hit modifier of +1000 (a request built by hand), even on the GM's own click", async () => {
    const attack = await handBuiltAttack({ modifier: 1000 }, [2, 5]);
    expect(attackCard(attack).data.formula).toBe("1d20 + 1006");
    expect(await throughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(lastNotice()).toBe(
      "The to-hit modifier typed for this roll is 1000, beyond what the GM allows (-10 … +10); nothing was applied.",
    );
    expect(await gmApplies(attack)).toBe(false);
    expect(hp(goblin)).toBe(8);
  });

  it("refuses a damage modifier of +1000 and extra dice beyond four d12s", async () => {
    const huge = await handBuiltAttack({ damageModifier: 1000 }, [10, 5]);
    expect(await throughGm(huge)).toBe(false);
    expect(lastNotice()).toBe(
      "The damage modifier typed for this roll is 1000, beyond what the GM allows (-10 … +10); nothing was applied.",
    );
    const dice = await handBuiltAttack({ extraDice: "20d12" }, [10, 5, ...Array<number>(20).fill(12)]);
    expect(await gmApplies(dice)).toBe(false);
    expect(lastNotice()).toBe(
      "The extra damage dice typed for this roll is 20d12, beyond what the GM allows (4d12); nothing was applied.",
    );
    expect(hp(goblin)).toBe(8);
  });

  it("refuses a special action's skill rank of 100 typed by hand", async () => {
    const { specialAction } = await import("../../src/rulesets/hod/rules/special-actions");
    const { actionWeapon } = await import("../../src/rulesets/hod/chat/special-weapon");
    const action = specialAction("breakGrab")!;
    // 3d6 + Strength 3 + 100 against Vigor: a hit for Strength's worth (3) however the dice fall.
    fulfillment.push(1, 1, 1);
    await flow.postHodSpecial(
      garret as never,
      action,
      null,
      actionWeapon(action, null) as never,
      { defense: "primary", skillRank: 100 },
      [ref(goblin, "Goblin")],
    );
    const card = lastMessage();
    expect(await throughGm(card)).toBe(false);
    expect(await gmApplies(card)).toBe(false);
    expect(lastNotice()).toBe(
      "The skill rank typed for this roll is 100, beyond what the GM allows (0 … +10); nothing was applied.",
    );
    expect(hp(goblin)).toBe(8);
  });

  it("refuses a roll whose request names another item than the card shows", async () => {
    // Rolled with the rapier; the card's flags are rewritten to show the longsword.
    const attack = await handBuiltAttack({}, [12, 5], "Rapier");
    await attack.update({ "flags.anthology.card.data.item": ref(item(garret, SWORD)) });
    expect(await throughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(lastNotice()).toBe(
      "The card's roll was rolled with another item than the Longsword &lt;i&gt;of&lt;/i&gt; Ash it shows; nothing was applied. Roll again.",
    );
  });

  it("refuses a row's damage roll that does not say which target it was rolled for", async () => {
    const attack = await handBuiltAttack({}, [10, 5]);
    const rolls = attack.rolls as Array<{ options: Record<string, unknown> }>;
    delete rolls[1]!.options.anthology;
    expect(await throughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(lastNotice()).toBe("The dice stored on the card for Goblin cannot be read; roll again.");
  });

  it("refuses a distraction against an 'ally' who is no combatant of the fight", async () => {
    const { specialAction } = await import("../../src/rulesets/hod/rules/special-actions");
    const action = specialAction("distract")!;
    // The longsword: 1d20 + 6 showing 15, 21 against Spirit 10; Mira fights in no combat.
    fulfillment.push(15);
    await flow.postHodSpecial(
      garret as never,
      action,
      item(garret, SWORD) as never,
      await weaponOf(SWORD),
      { defense: "spirit", ally: mira.uuid, distractAgainst: "defense" },
      [ref(goblin, "Goblin")],
    );
    const card = lastMessage();
    expect(await throughGm(card)).toBe(false);
    expect(goblin.effects.size).toBe(0);
    expect(lastNotice()).toBe(
      "The distraction is against someone who is not another combatant of this fight; nothing was applied to Goblin.",
    );
  });

  describe("a spell attack's cast, checked from its own Arcana roll", () => {
    beforeEach(async () => {
      await garret.update({ "system.intelligence": 3 });
      await (
        garret as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
      ).createEmbeddedDocuments("Item", [
        {
          name: "Force bolt",
          type: "hod-weapon",
          system: {
            ...hodWeaponDefaults,
            category: "spell",
            damage: "1d6",
            defense: "vigor",
            fatigueCost: 2,
            durability: { value: 0, max: 0 },
          },
        },
      ]);
    });

    /** A cast card the player writes whole: a successful cast of Force bolt holding `charges`. */
    async function forgedCast(check: object, charges: number, rolls: unknown[] = []) {
      const bolt = item(garret, "Force bolt");
      return forge(
        {
          v: 1,
          ruleSet: "hod",
          kind: "spell",
          actor: ref(garret),
          data: {
            event: "cast",
            item: ref(bolt),
            dc: 10 + 2 + charges,
            fatigue: 2 + charges,
            charges,
            prepared: true,
            check,
            schedule: { state: "none" },
            grabbed: null,
          },
          targets: [],
        },
        rolls,
      );
    }

    /** The bolt's attack on the goblin with the forged cast's charges: 1d20 + 5 + 2 per charge. */
    async function boltAttack(cast: StandInMessage, charges: number) {
      fulfillment.push(2, 4);
      await flow.postHodAttack(
        garret as never,
        item(garret, "Force bolt") as never,
        await weaponOf("Force bolt"),
        { defense: "vigor", charges, cast: cast.id },
        [ref(goblin, "Goblin")],
        { schedule: false },
      );
      return lastMessage();
    }

    it("refuses a cast card with no Arcana roll behind it (five charges claimed)", async () => {
      const cast = await forgedCast({ total: 20, success: true, takeTen: false }, 5);
      const attack = await boltAttack(cast, 5);
      // 2 + 5 + 10 = 17 against Vigor 11: a hit only thanks to the charges.
      expect(attackCard(attack).targets[0]!.data.defense.hit).toBe(true);
      expect(await throughGm(attack)).toBe(false);
      expect(hp(goblin)).toBe(8);
      expect(lastNotice()).toBe("The card has no readable check roll; nothing was applied. Roll again.");
    });

    it("refuses a cast taken 10 whose total needs an Arcana modifier beyond the bounds", async () => {
      // 40 = 10 + Intelligence 3 + 27.
      const cast = await forgedCast({ total: 40, success: true, takeTen: true }, 5);
      expect(await throughGm(await boltAttack(cast, 5))).toBe(false);
      expect(hp(goblin)).toBe(8);
      expect(lastNotice()).toBe(
        "The check modifier typed for this roll is 27, beyond what the GM allows (-10 … +20); nothing was applied.",
      );
    });

    it("refuses a cast whose Arcana roll does not reach its DC, whatever the card says", async () => {
      const bolt = item(garret, "Force bolt");
      // 3d6 showing 1, 1, 1 + Intelligence 3: 6 against DC 17.
      const arcana = await rollWith("3d6 + 3", { cast: bolt.uuid, takeTen: false, modifier: 0 }, [1, 1, 1]);
      const cast = await forgedCast({ total: 20, success: true, takeTen: false }, 5, [arcana]);
      expect(await throughGm(await boltAttack(cast, 5))).toBe(false);
      expect(hp(goblin)).toBe(8);
      expect(lastNotice()).toBe("No successful cast of this spell lets this attack fly at Goblin.");
    });
  });
});

describe("Heroes of Destiny: what a player typed waits for the GM's own click", () => {
  it("holds a row resting on a typed +2 to-hit modifier, tells the GM, and applies it on the GM's click", async () => {
    answerDialog({ defense: "primary", modifier: "2" });
    fulfillment.push(10, 5);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    const attack = lastMessage();
    expect(attackCard(attack).data.formula).toBe("1d20 + 8");
    expect(await throughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(attackCard(attack).targets[0]!.applied).toBeNull();
    expect(record.emitted.at(-1)).toMatchObject({
      message: {
        kind: "reply",
        to: "user1",
        refusal: {
          key: "ANTHOLOGY.Play.Errors.waitsForGm",
          data: { name: "Goblin", what: "what was typed in the dialog (+2 to hit)" },
        },
      },
    });
    expect(notices()).toContain(
      "user1 asks you to apply a card to Goblin; it rests on what was typed in the dialog (+2 to hit). If that stands, press Apply on the card yourself.",
    );
    expect(await gmApplies(attack)).toBe(true);
    // 18 against Primary 15; 1d8 + 4 showing 5: 9 (8 HP to 2).
    expect(hp(goblin)).toBe(2);
  });

  it("shows the typed modifiers on the card, and bounds them in the dialog", async () => {
    answerDialog({ defense: "primary", modifier: "1000", damageModifier: "-1000" });
    fulfillment.push(10, 8);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    const attack = lastMessage();
    // +10 and −10 at most: 1d20 + 16; 1d8 + 4 − 10.
    expect(attackCard(attack).data).toMatchObject({
      formula: "1d20 + 16",
      choices: { modifier: 10, damageModifier: -10 },
    });
    expect(attackCard(attack).targets[0]!.data.damage?.formula).toBe("1d8 - 6");
    // The card lists them for the GM to see.
    const view = record.rendered.filter((r) => r.path.endsWith("hod/attack-card.hbs")).at(-1)!.data;
    expect((view as { typed: unknown }).typed).toEqual([
      { key: "ANTHOLOGY.HoD.Typed.Value.toHit", value: "+10" },
      { key: "ANTHOLOGY.HoD.Typed.Value.damage", value: "-10" },
    ]);
  });

  it("still applies an honest card with nothing typed at once (no wait)", async () => {
    answerDialog({ defense: "primary" });
    fulfillment.push(10, 5);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    expect(await throughGm(lastMessage())).toBe(true);
    expect(hp(goblin)).toBe(2);
  });

  it("lets the target's owner apply their own typed card without waiting", async () => {
    target(garret, "Garret");
    answerDialog({ defense: "primary", modifier: "2" });
    fulfillment.push(10, 5);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    expect(await throughGm(lastMessage())).toBe(true);
    expect(hp(garret)).toBeLessThan(20);
  });

  it("holds a special action resting on a typed skill rank", async () => {
    const { specialAction } = await import("../../src/rulesets/hod/rules/special-actions");
    const { actionWeapon } = await import("../../src/rulesets/hod/chat/special-weapon");
    const action = specialAction("breakGrab")!;
    // The goblin grabs Garret (as applying its grab would have left them, done by the GM).
    const link = (kind: string, other: string) => ({
      name: kind,
      statuses: [`hod-${kind}`],
      flags: { anthology: { hodEffect: { kind, other } } },
    });
    await as("gm1", async () => {
      await garret.createEmbeddedDocuments("ActiveEffect", [link("grabbed", goblin.uuid)]);
      await goblin.createEmbeddedDocuments("ActiveEffect", [link("grabbing", garret.uuid)]);
    });
    // 3d6 + Strength 3 + rank 2 showing 17: 22 against Vigor 11.
    fulfillment.push(6, 6, 5);
    await flow.postHodSpecial(
      garret as never,
      action,
      null,
      actionWeapon(action, null) as never,
      { defense: "primary", skillRank: 2 },
      [ref(goblin, "Goblin")],
    );
    const card = lastMessage();
    expect(await throughGm(card)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(lastNotice()).toBe(
      "This rests on what was typed in the dialog (skill rank 2), which you chose: the GM applies it to Goblin with their own click.",
    );
    expect(await gmApplies(card)).toBe(true);
    // Strength's worth, 3, against Threshold of Pain 3: it only tires.
    expect(system(goblin).fatigue).toBe(3);
  });
});

describe("Heroes of Destiny healing: a typed formula", () => {
  /** A bonus-HP heal card the player writes whole, with no healer, for Mira (another player's character). */
  async function healerless(formula: string, dice: number[]) {
    const request = { heal: true, toInvigoration: 0, targets: [mira.uuid], bonus: { kind: "", tcs: 0 } };
    const roll = await rollWith(formula, request, dice);
    return forge(
      {
        v: 1,
        ruleSet: "hod",
        kind: "heal",
        actor: null,
        data: { total: 100_000, toInvigoration: 0, bonus: { kind: "", tcs: 0 }, curesPoison: false },
        targets: [{ uuid: mira.uuid, name: "Mira", data: {}, applied: null }],
      },
      [roll],
    );
  }

  it("grants no 100,000 bonus HP from a card with no healer to another player's character", async () => {
    const card = await healerless("100d1000", Array<number>(100).fill(1000));
    expect(await throughGm(card)).toBe(false);
    expect(system(mira).bonusHp).toBe(0);
    expect(lastNotice()).toBe(
      "This rests on the formula 100d1000 typed in the dialog, which you chose: the GM applies it to Mira with their own click.",
    );
    // Even on the GM's own click: a card that names no healer speaks for no one.
    expect(await gmApplies(card)).toBe(false);
    expect(system(mira).bonusHp).toBe(0);
    expect(lastNotice()).toBe("That healing names no healer and was not written by a GM; nothing was applied to Mira.");
  });

  it("refuses a healing formula that could come to more than 100, even from a healer on the GM's click", async () => {
    target(mira, "Mira");
    answerDialog({ formula: "100d1000", bonus: "on", duration: "" });
    const { rollHodHealing } = await import("../../src/rulesets/hod/chat/heal");
    const before = record.messages.length;
    await rollHodHealing(garret);
    expect(record.messages.length).toBe(before);
    expect(lastNotice()).toBe(
      "The formula 100d1000 could come to more than 100, the most a typed formula may give; nothing was done.",
    );
    // Built by hand past the dialog, named Garret's: refused by the GM.
    const { postHodHealing } = await import("../../src/rulesets/hod/chat/heal");
    fulfillment.push(...Array<number>(100).fill(1000));
    await postHodHealing(
      garret as never,
      { formula: "100d1000", toInvigoration: 0, curesPoison: false, bonus: { kind: "", tcs: 0 } },
      [ref(mira)],
    );
    expect(await gmApplies(lastMessage())).toBe(false);
    expect(system(mira).bonusHp).toBe(0);
  });

  it("holds an honest healing of another player's character for the GM, who applies it", async () => {
    await as("gm1", () => mira.update({ "system.fatigue": 6 }));
    target(mira, "Mira");
    answerDialog({ formula: "2d4", toInvigoration: "0" });
    fulfillment.push(2, 3);
    const { rollHodHealing } = await import("../../src/rulesets/hod/chat/heal");
    await rollHodHealing(garret);
    const card = lastMessage();
    expect(await throughGm(card)).toBe(false);
    expect(system(mira).fatigue).toBe(6);
    expect(await gmApplies(card)).toBe(true);
    expect(system(mira).fatigue).toBe(1);
  });

  it("lets a healer heal their own character at once", async () => {
    await garret.update({ "system.fatigue": 6 });
    target(garret, "Garret");
    answerDialog({ formula: "2d4", toInvigoration: "0" });
    fulfillment.push(2, 3);
    const { rollHodHealing } = await import("../../src/rulesets/hod/chat/heal");
    await rollHodHealing(garret);
    expect(await throughGm(lastMessage())).toBe(true);
    expect(system(garret).fatigue).toBe(1);
  });
});

describe("Heroes of Destiny poison: a typed formula", () => {
  it("refuses a dose that could come to more than 100, even on the GM's click", async () => {
    const { postHodPoison } = await import("../../src/rulesets/hod/chat/poison");
    fulfillment.push(...Array<number>(100).fill(1000));
    await postHodPoison(garret as never, [ref(mira)], { name: "Wyvern", track: "hp", formula: "100d1000", plan: null });
    const card = lastMessage();
    expect(await gmApplies(card)).toBe(false);
    expect(hp(mira)).toBe(20);
    expect(lastNotice()).toBe(
      "The formula 100d1000 could come to more than 100, the most a typed formula may give; nothing was done.",
    );
  });
});

describe("Heroes of Destiny: one damage roll lands once, however often the card lists its target", () => {
  it("refuses the goblin's row repeated on the attacker's own card", async () => {
    // 10 + 6 = 16 hits Primary 15; 1d8 + 4 showing 5: 9 damage (8 HP to 2, past 0 it would go below).
    answerDialog({ defense: "primary" });
    fulfillment.push(10, 5);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    const attack = lastMessage();
    const row = cardData(attack).targets[0]!;
    await attack.update({ "flags.anthology.card.targets": [row, row, row, row] });
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await throughGm(attack, i));
    expect(results).toEqual([true, false, false, false]);
    expect(hp(goblin)).toBe(2);
    expect(lastNotice()).toBe("This has already been applied to Goblin.");
  });
});

describe("Heroes of Destiny: a typed value that would change an actor the asker does not own", () => {
  const links = (actor: StandInActor) =>
    actor.effects.contents
      .map((e) => e.getFlag("anthology", "hodEffect") as Record<string, unknown> | undefined)
      .filter((l) => l !== undefined);

  it("waits for the GM when the row's target is the asker's own but the row changes another actor too", async () => {
    // The GM's goblin grabs Garret with a +2 typed in the dialog: 10 + 2 + its attack against Garret.
    const card = await as("gm1", async () => {
      target(garret, "Garret");
      answerDialog({ modifier: "2" });
      fulfillment.push(18);
      await flow.rollHodSpecial(goblin, "grab");
      return lastMessage();
    });
    expect(cardData(card).targets[0]!.uuid).toBe(garret.uuid);
    // Garret's player owns the target, but applying the grab also writes the goblin's side of it.
    expect(await throughGm(card)).toBe(false);
    expect(lastNotice()).toContain("the GM applies it to Garret with their own click");
    expect(links(garret)).toEqual([]);
    expect(await gmApplies(card)).toBe(true);
    expect(links(goblin)).toMatchObject([{ kind: "grabbing", other: garret.uuid }]);
  });
});

describe("Heroes of Destiny: multiplied damage (a backstab)", () => {
  it('"roll the damage with all modifiers multiple times and total the results. Do not roll once and multiply the result.": ×2 rolls 1d8 + 4 twice, waits for the GM on the goblin, and applies the sum', async () => {
    answerDialog({ defense: "primary", damageMultiplier: "2" });
    fulfillment.push(10, 3, 2);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    const dialog = record.rendered.filter((r) => r.path.endsWith("hod/roll-dialog.hbs")).at(-1)!.data as {
      multipliers: Array<{ value: number }>;
    };
    expect(dialog.multipliers.map((m) => m.value)).toEqual([1, 2, 3, 4, 5]);
    const attack = lastMessage();
    expect(attackCard(attack).data.choices).toMatchObject({ damageMultiplier: 2 });
    // Two rolls of the weapon's dice with all its modifiers: 3 + 4 + 2 + 4 = 13, not (3 + 4) × 2.
    expect(attackCard(attack).targets[0]!.data.damage).toMatchObject({ formula: "1d8 + 4 + 1d8 + 4", total: 13 });
    const view = record.rendered.filter((r) => r.path.endsWith("hod/attack-card.hbs")).at(-1)!.data;
    expect((view as { typed: unknown }).typed).toEqual([{ key: "ANTHOLOGY.HoD.Typed.Value.multiplier", value: "×2" }]);
    // The multiplier is the player's claim: on the GM's goblin it waits for the GM's own click.
    expect(await throughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(8);
    expect(await gmApplies(attack)).toBe(true);
    // 13 over the Threshold of Pain 3: all 8 HP off (the track stops at 0).
    expect(hp(goblin)).toBe(0);
  });

  it('"Additional damage dice from skills, abilities, or magical effects are never multiplied": extra dice are rolled once; a multiplier past ×5 in a request built by hand is refused', async () => {
    answerDialog({ defense: "primary", damageMultiplier: "3", extraDice: "1d6" });
    fulfillment.push(10, 1, 1, 1, 6);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    expect(attackCard(lastMessage()).targets[0]!.data.damage).toMatchObject({
      formula: "1d8 + 4 + 1d8 + 4 + 1d8 + 4 + 1d6",
      total: 21,
    });
    const forged = await handBuiltAttack({ damageMultiplier: 9 }, [10, 5]);
    const before = hp(goblin);
    // The card's choices cannot be read (×1 to ×5 only): nothing is applied, even on the GM's click.
    expect(await gmApplies(forged)).toBeFalsy();
    expect(hp(goblin)).toBe(before);
  });

  it("multiplies the damage rolled from the sheet's Damage button, checked again by the GM", async () => {
    answerDialog({ damageMultiplier: "2" });
    fulfillment.push(5, 6);
    await flow.rollHodDamage(garret, item(garret, SWORD));
    const card = lastMessage();
    expect(cardData<{ formula: string; total: number }, never>(card).data).toMatchObject({
      formula: "1d8 + 4 + 1d8 + 4",
      total: 19,
    });
    expect(await gmApplies(card)).toBe(true);
    expect(hp(goblin)).toBe(0);
  });
});
