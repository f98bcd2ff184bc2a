import type * as Sheets from "../../src/rulesets/fade/sheets";
import type * as Flow from "../../src/rulesets/fade/chat/flow";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FadeAttackData, FadeAttackRow } from "../../src/rulesets/fade/chat/card-data";
import { fulfillment } from "../foundry/dice";
import { builtRoll, forgedMessage } from "../support/forge";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { fightOf, type Fight } from "../support/fight";
import { answerDialog, clickSheet, fadeActors, target, hitTheGoblin as hitTheGoblinFrom } from "../support/fade-world";
import { fighterItemData, fighterSystem } from "../support/fade-fixtures";
import { as, cardData, connect, press, pressThroughGm, relay, playerWorld, clean } from "../support/play";

// A hostile player (user1, owner of Garret only) with the GM (gm1) connected elsewhere: everything the
// player's client writes (a message's rolls and their requests, the card's flags, its own combatant's
// flags) is theirs to forge, and the GM's apply must work every number out again from the dice and
// the documents as they stand. user2 owns Mira, a second player's character who dodges.

let record: StandInRecord;
let sheets: typeof Sheets;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type RollLike = { formula: string; options: Record<string, unknown>; evaluate(): Promise<unknown> };
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const lastNotice = () => record.notifications.at(-1)?.message;
const sword = () => garret.items.find((i) => i.type === "fade-weapon")!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Garret's attack on the goblin (test/support/fade-world.ts): 6 HP after Soak, 10 to 4. */
const hitTheGoblin = () => hitTheGoblinFrom(record, sheets, garret);

const applyThroughGm = (message: StandInMessage, row = 0) => pressThroughGm(record, message, "apply", row);

const built = builtRoll;

const forge = (rolls: unknown[], card: unknown) => forgedMessage({ anthology: { card } }, rolls);

const flagsOf = (message: StandInMessage) => structuredClone(message.flags.anthology as { card: unknown }).card;

beforeAll(async () => {
  record = await playerWorld("fade");
  sheets = await import("../../src/rulesets/fade/sheets");
  flow = await import("../../src/rulesets/fade/chat/flow");
  connect({ id: "user2", isGM: false });
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  await clean(record);
  target(goblin, "Goblin");
  connect();
  (game as unknown as { combat: unknown }).combat = null;
  (game as unknown as { combats: Map<string, unknown> }).combats.clear();
});

describe("Forged rolls: the GM compares every roll with the sheet and the roll's own request", () => {
  it("refuses a forged 100k100 damage roll on a message that copies an honest card's flags", async () => {
    const honest = await hitTheGoblin();
    const [attack, location] = honest.rolls;
    const damage = await built("100k100", Array(100).fill(10), { target: goblin.uuid });
    const forged = await forge([attack, location, damage], flagsOf(honest));
    expect(await applyThroughGm(forged)).toBe(false);
    expect(hp(goblin)).toBe(10);
    // Garret's longsword: 4k2 with Strength 6's 3k1 is 7k3.
    expect(lastNotice()).toBe(
      "The card's damage roll is 100k100, but the sheet and the card's choices give 7k3; nothing was applied. Roll again.",
    );
    // The honest card itself still applies.
    expect(await applyThroughGm(honest)).toBe(true);
    expect(hp(goblin)).toBe(4);
  });

  it("refuses an attack roll whose request names the target but whose pool is not the sheet's", async () => {
    const honest = await hitTheGoblin();
    const [, location, damage] = honest.rolls;
    const request = { item: sword().uuid, choices: { modifiers: [] }, targets: [goblin.uuid] };
    const attack = await built("100k100", Array(100).fill(10), request);
    const forged = await forge([attack, location, damage], flagsOf(honest));
    expect(await applyThroughGm(forged)).toBe(false);
    expect(hp(goblin)).toBe(10);
    expect(lastNotice()).toBe(
      "The card's to-hit roll is 100k100, but the sheet and the card's choices give 6k3; nothing was applied. Roll again.",
    );
  });

  it("refuses extra dice past the bound; within it, a player's Apply waits for the GM's own click", async () => {
    const honest = await hitTheGoblin();
    const [, location, damage] = honest.rolls;
    // 6k3 with 94 more dice and 97 more kept is 100k100: the sheet gives it for these choices, but no
    // player may type more than 5 extra dice.
    const choices = { modifiers: [], extra: { rolled: 94, kept: 97 } };
    const request = { item: sword().uuid, choices, targets: [goblin.uuid] };
    const attack = await built("100k100", Array(100).fill(1), request);
    const forged = await forge([attack, location, damage], flagsOf(honest));
    expect(await applyThroughGm(forged)).toBe(false);
    expect(hp(goblin)).toBe(10);
    expect(lastNotice()).toBe(
      "The card's to-hit roll takes more extra dice than a player may type (at most 5 rolled and 5 kept, either way); nothing was applied.",
    );
    expect(await as("gm1", () => press(forged, "apply", 0))).toBe(false);
    // 6k3 with 2 more rolled and 1 more kept: within the bound, but the GM's call.
    const typed = { modifiers: [], extra: { rolled: 2, kept: 1 } };
    const within = await built("8k4", [10, 10, 10, 10, 1, 1, 1, 1], { ...request, choices: typed });
    const waiting = await forge([within, location, damage], flagsOf(honest));
    expect(await applyThroughGm(waiting)).toBe(false);
    expect(lastNotice()).toBe(
      "This rests on extra dice typed in the dialog (+2k+1 to hit, 0k0 damage), which you chose: the GM applies it to Goblin with their own click.",
    );
    expect(hp(goblin)).toBe(10);
    // The GM's own click applies it (four 10s kept: a critical, so the damage doubles).
    expect(await as("gm1", () => press(waiting, "apply", 0))).toBe(true);
    expect(hp(goblin)).toBeLessThan(4);
  });

  it("refuses a request naming a weapon the attacker does not have, a target the row does not, or none at all", async () => {
    const honest = await hitTheGoblin();
    const [attack, location, damage] = honest.rolls;
    // A damage roll that says nothing of what it was rolled for, beside an attack roll that does.
    const bare = await built("7k3", [10, 10, 10, 10, 10, 10, 10]);
    expect(await applyThroughGm(await forge([attack, location, bare], flagsOf(honest)))).toBe(false);
    expect(lastNotice()).toBe("The card's damage roll was not rolled for Goblin; nothing was applied.");
    const elsewhere = await built("6k3", [10, 9, 8, 1, 1, 1], {
      item: "Item.notHis",
      choices: {},
      targets: [goblin.uuid],
    });
    expect(await applyThroughGm(await forge([elsewhere, location, damage], flagsOf(honest)))).toBe(false);
    expect(lastNotice()).toBe("The weapon Longsword &lt;i&gt;of&lt;/i&gt; Ash is no longer on the one who rolled it.");
    const other = await built("6k3", [10, 9, 8, 1, 1, 1], { item: sword().uuid, choices: {}, targets: [garret.uuid] });
    expect(await applyThroughGm(await forge([other, location, damage], flagsOf(honest)))).toBe(false);
    expect(lastNotice()).toBe("The card's to-hit roll was not rolled for Goblin; nothing was applied.");
    expect(hp(goblin)).toBe(10);
  });

  it("refuses a forged hit location: a part chosen without the called shot's -2k0, or a die that is not the d10", async () => {
    const honest = await hitTheGoblin();
    const [, , damage] = honest.rolls;
    // The head, where the goblin wears nothing: chosen in the request without the called-shot modifier.
    const head = { item: sword().uuid, choices: { modifiers: [], calledShot: "head" }, targets: [goblin.uuid] };
    const attack = await built("6k3", [10, 9, 8, 1, 1, 1], head);
    const card = flagsOf(honest) as { targets: Array<{ data: Record<string, unknown> }> };
    card.targets[0]!.data = { ...card.targets[0]!.data, locationRoll: null, damageRoll: 1, part: "head" };
    expect(await applyThroughGm(await forge([attack, damage], card))).toBe(false);
    expect(lastNotice()).toBe("The card has no readable hit location roll; nothing was applied. Roll again.");
    expect(hp(goblin)).toBe(10);
    // A "location" of ten dice keeping the highest, which lands on the left leg nearly always.
    const honestAttack = honest.rolls[0];
    const legs = await built("10k1", [10, 1, 1, 1, 1, 1, 1, 1, 1, 1], { target: goblin.uuid });
    expect(await applyThroughGm(await forge([honestAttack, legs, damage], flagsOf(honest)))).toBe(false);
    expect(lastNotice()).toBe(
      "The card's hit location roll is 10k1, but the sheet and the card's choices give 1d10; nothing was applied. Roll again.",
    );
    expect(hp(goblin)).toBe(10);
  });

  it("refuses a second row for the same target on one card", async () => {
    const honest = await hitTheGoblin();
    const [attack, location, damage] = honest.rolls;
    const card = flagsOf(honest) as { targets: unknown[] };
    card.targets = [card.targets[0], card.targets[0]];
    const forged = await forge([attack, location, damage], card);
    expect(await applyThroughGm(forged, 0)).toBe(true);
    expect(await applyThroughGm(forged, 1)).toBe(false);
    expect(hp(goblin)).toBe(4);
    expect(lastNotice()).toBe("This has already been applied to Goblin.");
  });
});

describe("Attacks of opportunity", () => {
  it("a forged attack card does not take a provocation's attack of opportunity", async () => {
    const { postProvocation, OPPORTUNITY_REQUEST } = await import("../../src/rulesets/fade/chat/provoke");
    const { requestGm } = await import("../../src/hooks/socket");
    // The goblin casts a spell next to Garret: a card offers Garret's owner the attack of opportunity.
    const provocation = (await postProvocation(
      { uuid: goblin.uuid, name: "Goblin" },
      [{ token: { actor: garret, name: "Garret" } as never }],
      "spell",
    )) as unknown as StandInMessage;
    target(goblin, "Goblin");
    const honest = await hitTheGoblin();
    const [, location, damage] = honest.rolls;
    const attack = await built("100k100", Array(100).fill(10), {
      item: sword().uuid,
      choices: {},
      targets: [goblin.uuid],
    });
    const forged = await forge([attack, location, damage], flagsOf(honest));
    const asked = requestGm(OPPORTUNITY_REQUEST, { provoke: provocation.id, row: 0, attack: forged.id });
    await relay(record);
    expect(await asked).toBe(false);
    expect(cardData(provocation).targets[0]!.data).toEqual({ taken: null });
  });
});

describe("Luck: a rerolled attack and its reroll are one attack", () => {
  it("refuses the first card once rerolled, even with its rerolled mark taken off; the reroll applies once", async () => {
    const first = await hitTheGoblin();
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1);
    await press(first, "luckReroll");
    const reroll = lastMessage();
    expect(reroll.id).not.toBe(first.id);
    // The author clears the mark that says the first card was rerolled.
    await first.update({ "flags.anthology.card.data.rerolled": false });
    expect(await applyThroughGm(first)).toBe(false);
    expect(lastNotice()).toBe("That roll was rerolled with Luck: apply the new card.");
    expect(await applyThroughGm(reroll)).toBe(true);
    expect(hp(goblin)).toBe(4);
  });
});

describe("Luck rerolls of a card that already hit", () => {
  it("refuses the reroll on a target the first card hit, though the first card's rows no longer name it", async () => {
    const first = await hitTheGoblin();
    expect(await applyThroughGm(first)).toBe(true);
    expect(hp(goblin)).toBe(4);
    // A hostile client skips its own check that the card was applied and rerolls it anyway...
    const { kindOf } = await import("../../src/play/cards");
    const luck = kindOf("fade", "attack")!.actions!.luckReroll!;
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1);
    await luck.run({ message: first as never, card: cardData(first) as never, target: null });
    const reroll = lastMessage();
    expect(reroll.id).not.toBe(first.id);
    // ...then empties the first card's rows, so they no longer say whom it hit.
    await first.update({ "flags.anthology.card.targets": [] });
    expect(await applyThroughGm(reroll)).toBe(false);
    expect(hp(goblin)).toBe(4);
  });
});

describe("The turn's budget: what only the GM writes", () => {
  let fight: Fight;

  beforeEach(() => {
    fight = fightOf("hostile", [
      { id: "garret", name: "Garret", initiative: 20, actor: garret },
      { id: "goblin", name: "Goblin", initiative: 10, actor: goblin },
    ]);
    Object.assign(fight, { round: 1, turn: 0 });
  });

  /** Presses Attack on Garret's sheet while the GM answers the turn request. */
  async function attackInTurn(): Promise<void> {
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1);
    const pending = clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    await settle();
    if (record.emitted.at(-1)?.message && (record.emitted.at(-1)!.message as { type?: string }).type === "fade.turn") {
      await relay(record);
    }
    await pending;
  }

  it("a budget flag the player rewrites on their own combatant gives no second standard attack", async () => {
    await attackInTurn();
    const first = lastMessage();
    const cards = record.messages.length;
    // Foundry lets a combatant's owner update it: the player writes a fresh budget where it used to live.
    const combatant = (fight.combatants as unknown as { get(id: string): { update(d: object): Promise<unknown> } }).get(
      "garret",
    );
    await combatant.update({ "flags.anthology.fadeTurn": { round: 1, turn: 1, standard: false } });
    await attackInTurn();
    expect(record.messages.length).toBe(cards);
    expect(lastNotice()).toBe("Garret has no standard action left this turn.");
    expect(await applyThroughGm(first)).toBe(true);
    expect(hp(goblin)).toBe(4);
  });

  it("an attack card posted without spending the turn, or with the first attack's ticket, is refused at Apply", async () => {
    await attackInTurn();
    const first = lastMessage();
    const data = cardData<FadeAttackData, FadeAttackRow>(first).data;
    // The hostile client skips the sheet and posts a second attack straight away.
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1);
    const unpaid = (await flow.postAttack(garret as never, data.item, data.weapon, data.choices, [
      { uuid: goblin.uuid, name: "Goblin" },
    ])) as unknown as StandInMessage;
    expect(await applyThroughGm(unpaid)).toBe(false);
    expect(lastNotice()).toBe(
      "Garret's to-hit roll was not paid for from their turn in this encounter, or that action already went to another card; nothing was applied.",
    );
    // A copy of the first card's ticket pays for one card only: the first to be applied.
    const paid = (first.rolls[0] as RollLike).options.anthology as { request: { paid: unknown } };
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1);
    const copy = (await flow.postAttack(
      garret as never,
      data.item,
      data.weapon,
      data.choices,
      [{ uuid: goblin.uuid, name: "Goblin" }],
      { paid: paid.request.paid as never },
    )) as unknown as StandInMessage;
    expect(await applyThroughGm(copy)).toBe(true);
    expect(hp(goblin)).toBe(4);
    expect(await applyThroughGm(first)).toBe(false);
    expect(hp(goblin)).toBe(4);
    // The GM's own Apply is never stopped: told why, the row is applied.
    expect(await as("gm1", () => press(unpaid, "apply", 0))).toBe(true);
    expect(hp(goblin)).toBe(-2);
  });
});

describe("Dodges: only a real attack on the dodger uses one up", () => {
  let mira: StandInActor;

  beforeEach(async () => {
    const Actor = (CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } })
      .documentClass;
    mira = await Actor.create({
      name: "Mira",
      type: "fade-character",
      system: fighterSystem,
      items: fighterItemData,
      ownership: { user2: 3 },
    });
  });

  /** Mira (user2) declares a dodge: Agility 6 at level 3 rolls 6k1; a 7 is kept. */
  async function miraDodges(): Promise<StandInMessage> {
    answerDialog({ reaction: "dodge" });
    fulfillment.push(7, 1, 1, 1, 1, 1);
    await as("user2", () => clickSheet(sheets, mira, "fadeDodge"));
    return lastMessage();
  }

  const spentBy = () =>
    [...(mira as unknown as { effects: Iterable<{ getFlag(s: string, k: string): unknown }> }).effects]
      .map((e) => (e.getFlag("anthology", "fade") as { spent?: unknown } | undefined)?.spent ?? null)
      .filter((s) => s !== null);

  /** Asks the GM, as user1, to spend the dodges a card met. */
  async function useDodges(message: StandInMessage): Promise<unknown> {
    const { requestGm } = await import("../../src/hooks/socket");
    const pending = requestGm("fade.useDodge", { messageId: message.id });
    await relay(record);
    return pending;
  }

  it("a card that never attacked Mira cannot burn her dodge", async () => {
    const dodge = await miraDodges();
    const honest = await hitTheGoblin();
    // A card naming Mira's dodge on a row for her, on the roll of an attack that targeted the goblin.
    const card = flagsOf(honest) as { targets: Array<Record<string, unknown>> };
    card.targets = [
      {
        uuid: mira.uuid,
        name: "Mira",
        applied: null,
        data: { ...(card.targets[0]!.data as object), dodge: { card: dodge.id, total: 7, parry: false } },
      },
    ];
    const forged = await forge([...honest.rolls], card);
    await useDodges(forged);
    expect(spentBy()).toEqual([]);
    // Nor one whose roll names her but rolls a pool Garret's sheet does not give.
    const attack = await built("100k100", Array(100).fill(10), {
      item: sword().uuid,
      choices: {},
      targets: [mira.uuid],
    });
    await useDodges(await forge([attack, ...honest.rolls.slice(1)], card));
    expect(spentBy()).toEqual([]);
    expect(lastNotice()).toBe(
      "The card's to-hit roll is 100k100, but the sheet and the card's choices give 6k3; nothing was applied. Roll again.",
    );
  });

  it("orders a dodge and an attack by the server's time, never the timestamp their authors may rewrite", async () => {
    const dodge = await miraDodges();
    const { dodgeFromCard } = await import("../../src/rulesets/fade/chat/dodge");
    const created = (dodge as unknown as { _stats: { createdTime: number } })._stats.createdTime;
    // Against an attack the server stamped after it, the dodge stands.
    expect(dodgeFromCard(dodge.id, mira.uuid, created + 1)).not.toBeNull();
    // Against one stamped before it, it does not, however far back Mira's player sets its timestamp.
    await as("user2", () => dodge.update({ timestamp: 1 }));
    expect(dodgeFromCard(dodge.id, mira.uuid, created - 1)).toBeNull();
  });

  it("an honest attack on Mira that reaches her Defense uses her dodge, and the dodge counts at Apply", async () => {
    await miraDodges();
    target(mira, "Mira");
    // 10, 10, 9 = 29 against Mira's Defense 22 with the dodge's 7: it still hits (ties hit).
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(10, 10, 9, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1);
    const pending = clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    await settle();
    await relay(record);
    await pending;
    const attack = lastMessage();
    expect(cardData<FadeAttackData, FadeAttackRow>(attack).targets[0]!.data).toMatchObject({
      result: "hit",
      dodge: { total: 7 },
    });
    expect(spentBy()).toEqual([attack.id]);
    // Chain shirt 5 less Penetration 4, then Soak 4: 27 becomes 26, then 6.
    expect(await applyThroughGm(attack)).toBe(true);
    expect(hp(mira)).toBe(16);
  });

  it("a dodge card Mira forged with a pool her sheet does not give refuses the attack's row, naming the response", async () => {
    const honest = await miraDodges();
    // Mira's player posts a dodge of 100k100 and puts it on her Dodging effect.
    const roll = await built("100k100", Array(100).fill(10), { item: null, choices: { modifiers: [] } });
    const forged = await as("user2", () => forge([roll], flagsOf(honest)));
    const effect = [...(mira as unknown as { effects: Iterable<{ update(d: object): Promise<unknown> }> }).effects][0]!;
    await as("user2", () => effect.update({ "flags.anthology.fade.card": forged.id }));
    // Garret's client counts no dodge that does not roll Mira's sheet: its card says the attack hits.
    target(mira, "Mira");
    const attack = await hitTheGoblin();
    expect(cardData<FadeAttackData, FadeAttackRow>(attack).targets[0]!.data).toMatchObject({
      result: "hit",
      dodge: null,
    });
    // The GM, finding the dodge Mira declared, refuses the row and says which roll is wrong.
    expect(await applyThroughGm(attack)).toBe(false);
    expect(lastNotice()).toBe(
      "The card's response roll is 100k100, but the sheet and the card's choices give 6k1; nothing was applied. Roll again.",
    );
    expect(hp(mira)).toBe(22);
    // Once the GM deletes the forged dodge card, the attack applies.
    await as("gm1", () => forged.delete());
    expect(await applyThroughGm(attack)).toBe(true);
    expect(hp(mira)).toBeLessThan(22);
  });
});
