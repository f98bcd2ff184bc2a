import { readFileSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { HodAttackData, HodAttackRow } from "../../src/rulesets/hod/chat/card-data";
import { changesData, type NumberChange } from "../../src/foundry/effects";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { hodActors, item, loadHodWorld, noCombat, target } from "../support/hod-world";
import { loadAllSheets, type AllSheets } from "../support/modules";
import { as, cardData, press, relay } from "../support/play";

// Effects that change rolls (docs/heroes-of-destiny.md), from a player's client (user1 owns Garret)
// with the GM (gm1) elsewhere: the sheet's attack button, the dialog's formula and odds, the card,
// and the GM's recomputation at apply all read the same effected numbers, from an effect on the actor
// or one an item passes on.

let record: StandInRecord;
let sheets: AllSheets;
let garret: StandInActor;
let goblin: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
type Action = (this: unknown, event: Event, target: HTMLElement) => Promise<void>;
type Embedding = { createEmbeddedDocuments(name: string, data: object[]): Promise<Array<{ id: string }>> };
type EffectDoc = { update(data: object): Promise<unknown>; delete(): Promise<unknown> };
type View = { defenses: Array<{ id: string; value: number }>; weapons: Array<{ name: string; attack: string }> };

const SWORD = "Longsword <i>of</i> Ash";
const users = () => game.users as unknown as Map<string, User>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const attackCard = (message: unknown) => cardData<HodAttackData, HodAttackRow>(message);
const dialog = () =>
  record.rendered.filter((r) => r.path.endsWith("hod/roll-dialog.hbs")).at(-1)!.data as Record<string, unknown>;

/** An Add change, stored as this Foundry generation stores it (v13 `mode` 2, v14 `type` "add"). */
const add = (key: string, value: number): NumberChange => ({ key, type: "add", value });

async function effectOn(actor: StandInActor, name: string, changes: NumberChange[]): Promise<EffectDoc> {
  const [made] = await (actor as unknown as Embedding).createEmbeddedDocuments("ActiveEffect", [
    { name, ...changesData(changes) },
  ]);
  return (actor as unknown as { effects: { get(id: string): EffectDoc } }).effects.get(made!.id);
}

function sheetFor(actor: StandInActor) {
  return new (
    sheets.HodActorSheet as unknown as new (o: object) => {
      _prepareContext(o: unknown): Promise<Record<string, unknown>>;
    }
  )({ document: actor });
}

async function sheetView(actor: StandInActor): Promise<View> {
  return (await sheetFor(actor)._prepareContext({})).hod as View;
}

/** The sheet's attack button on the longsword's row, the dialog answered: the card it posts. */
async function swingFromSheet(dice: number[], answer: Record<string, string> = { defense: "primary" }) {
  dialogAnswers.push(answer);
  fulfillment.push(...dice);
  const sword = item(garret, SWORD);
  const row = {
    dataset: {},
    closest: (selector: string) => (selector === "[data-item-id]" ? { dataset: { itemId: sword.id } } : null),
  } as unknown as HTMLElement;
  const attack = (sheets.HodActorSheet.DEFAULT_OPTIONS.actions as unknown as Record<string, Action>).hodAttack!;
  await attack.call(sheetFor(garret), new Event("click"), row);
  return lastMessage();
}

/** The player presses Apply; the request goes to the GM, who works the row out again. */
async function applyThroughGm(message: StandInMessage): Promise<unknown> {
  const pending = press(message, "apply", 0);
  await relay(record);
  return pending;
}

beforeAll(async () => {
  ({ record } = await loadHodWorld({ isGM: false }));
  sheets = await loadAllSheets();
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

describe("Heroes of Destiny effects that change rolls, from a player's client", () => {
  it("without an effect: the sheet's longsword attack is 1d20 + 6, and 8 misses the goblin's Primary 15", async () => {
    expect((await sheetView(garret)).weapons.find((w) => w.name === SWORD)?.attack).toBe("+6");
    const miss = await swingFromSheet([8]);
    expect(dialog()).toMatchObject({ formula: "1d20 + 6", vs: "15", chance: "60.0%" });
    expect(attackCard(miss)).toMatchObject({ data: { formula: "1d20 + 6", total: 14 } });
    expect(attackCard(miss).targets[0]!.data.defense.hit).toBe(false);
  });

  it("a Blessed effect on the actor (+2 to hit, +1 damage): the sheet, the dialog's odds, the card and the GM's apply", async () => {
    await effectOn(garret, "Blessed", [add("system.bonuses.attack", 2), add("system.bonuses.damage", 1)]);
    const view = await sheetView(garret);
    expect(view.weapons.find((w) => w.name === SWORD)?.attack).toBe("+8");
    // The same 8 now hits: 8 + 8 = 16 against 15; 1d8 + Strength 3 + Power 1 + 1 shows 5: 10 damage.
    const hit = await swingFromSheet([8, 5]);
    expect(dialog()).toMatchObject({ formula: "1d20 + 8", vs: "15", chance: "70.0%" });
    expect(attackCard(hit)).toMatchObject({
      data: { formula: "1d20 + 8", total: 16 },
      targets: [{ data: { defense: { hit: true }, damage: { formula: "1d8 + 5", total: 10 } } }],
    });
    expect(await applyThroughGm(hit)).toBe(true);
    // 10 against the goblin's Threshold of Pain 3: 7 HP lost, 8 to 1.
    expect(hp(goblin)).toBe(1);
  });

  it("the GM refuses a roll made with the blessing once it is gone, and one made before it came", async () => {
    const blessed = await effectOn(garret, "Blessed", [add("system.bonuses.attack", 2)]);
    const hit = await swingFromSheet([8, 5]);
    await blessed.update({ disabled: true });
    expect(await applyThroughGm(hit)).toBe(false);
    expect(lastNotice()).toBe(
      "The card's to-hit roll is 1d20 + 8, but the sheet and the card's choices give 1d20 + 6; nothing was applied. Roll again.",
    );
    expect(hp(goblin)).toBe(8);
    await blessed.delete();
    // Rolled without the blessing, which is given before the GM applies: refused too.
    const plain = await swingFromSheet([10, 5]);
    await effectOn(garret, "Blessed again", [add("system.bonuses.attack", 2)]);
    expect(await applyThroughGm(plain)).toBe(false);
    expect(lastNotice()).toBe(
      "The card's to-hit roll is 1d20 + 6, but the sheet and the card's choices give 1d20 + 8; nothing was applied. Roll again.",
    );
    expect(hp(goblin)).toBe(8);
  });

  it("+2 to the goblin's Primary defense (an effect on the target): the dialog, the card and the GM's judgement", async () => {
    await as("gm1", () => effectOn(goblin, "Shield of faith", [add("system.bonuses.primary", 2)]));
    // 10 + 6 = 16 no longer meets Primary 17.
    const miss = await swingFromSheet([10]);
    expect(dialog()).toMatchObject({ formula: "1d20 + 6", vs: "17", chance: "50.0%" });
    expect(attackCard(miss).targets[0]!.data.defense).toMatchObject({ id: "primary", value: 17, hit: false });
    // Rolled against Primary 15, the shield raised before the GM applies: the hit no longer hits.
    const shield = (goblin as unknown as { effects: { contents: EffectDoc[] } }).effects.contents[0]!;
    await as("gm1", () => shield.delete());
    const hit = await swingFromSheet([10, 5]);
    expect(attackCard(hit).targets[0]!.data.defense).toMatchObject({ value: 15, hit: true });
    await as("gm1", () => effectOn(goblin, "Shield of faith", [add("system.bonuses.primary", 2)]));
    expect(await applyThroughGm(hit)).toBe(false);
    expect(lastNotice()).toBe("The attack no longer hits Goblin (the defense is 17 now).");
    expect(hp(goblin)).toBe(8);
  });

  it("the compendium's Blessed chain shirt passes its effect on (transfer): +1 to hit and +2 Primary while carried", async () => {
    const shirt = JSON.parse(
      readFileSync(new URL("../../src/rulesets/hod/packs/armor/blessed-chain-shirt.json", import.meta.url), "utf8"),
    ) as Record<string, unknown>;
    delete shirt._key;
    for (const effect of shirt.effects as Array<Record<string, unknown>>) delete effect._key;
    await (garret as unknown as Embedding).createEmbeddedDocuments("Item", [shirt]);
    const view = await sheetView(garret);
    // Worn over Garret's own chain shirt its armor adds nothing (the better counts): Primary 10 + armor 4
    // + Fortitude 2 + the blessing's 2; the longsword +6 + 1.
    expect(view.defenses.find((d) => d.id === "primary")?.value).toBe(18);
    expect(view.weapons.find((w) => w.name === SWORD)?.attack).toBe("+7");
    const hit = await swingFromSheet([8, 5]);
    expect(dialog()).toMatchObject({ formula: "1d20 + 7", chance: "65.0%" });
    expect(attackCard(hit)).toMatchObject({ data: { formula: "1d20 + 7", total: 15 } });
    expect(await applyThroughGm(hit)).toBe(true);
    expect(hp(goblin)).toBe(2);
    // The shirt given away (deleted): its effect goes with it, and a roll made with it is refused.
    const again = await swingFromSheet([10, 5]);
    await (item(garret, "Blessed chain shirt") as unknown as EffectDoc).delete();
    expect((await sheetView(garret)).defenses.find((d) => d.id === "primary")?.value).toBe(16);
    expect(await applyThroughGm(again)).toBe(false);
    expect(lastNotice()).toBe(
      "The card's to-hit roll is 1d20 + 7, but the sheet and the card's choices give 1d20 + 6; nothing was applied. Roll again.",
    );
  });

  it("a check bonus on the actor: the sheet's Wisdom check, its dialog's formula and chance, and the card", async () => {
    const check = (sheets.HodActorSheet.DEFAULT_OPTIONS.actions as unknown as Record<string, Action>).hodCheck!;
    const wisdom = { dataset: { attribute: "wisdom", dc: "12" } } as unknown as HTMLElement;
    dialogAnswers.push({ attribute: "wisdom", modifier: "0", dc: "12" });
    fulfillment.push(3, 3, 4);
    await check.call(sheetFor(garret), new Event("click"), wisdom);
    // 3d6 + Wisdom 1 against 12: 11 or more on 3d6, one chance in two; 10 + 1 fails.
    expect(dialog()).toMatchObject({ formula: "3d6 + 1", chance: "50.0%" });
    expect(cardData(lastMessage()).data).toMatchObject({ formula: "3d6 + 1", total: 11, success: false });
    await effectOn(garret, "Clear-headed", [add("system.bonuses.check", 2)]);
    dialogAnswers.push({ attribute: "wisdom", modifier: "0", dc: "12" });
    fulfillment.push(3, 3, 4);
    await check.call(sheetFor(garret), new Event("click"), wisdom);
    // 9 or more on 3d6: 160 chances in 216.
    expect(dialog()).toMatchObject({ formula: "3d6 + 3", chance: "74.1%" });
    expect(cardData(lastMessage()).data).toMatchObject({ formula: "3d6 + 3", total: 13, success: true });
  });
});
