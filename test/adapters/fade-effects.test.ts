import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import type { FadeAttackData, FadeAttackRow } from "../../src/rulesets/fade/chat/card-data";
import { oddsHint } from "../../src/dice";
import { changesData, type NumberChange } from "../../src/foundry/effects";
import { dialogAnswers, dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { sourcePacks } from "../support/packs";
import { answerDialog, clickSheet, fadeActors, loadFadeWorld, target } from "../support/fade-world";
import { cardData, press } from "../support/play";

// Effects that change rolls (issue 30, docs/the-fade.md): an Active Effect on `system.effectBonuses.*`,
// on the actor or passed on by an item, changes the sheet's numbers, the dialog's pool and odds, the
// card's roll and the GM's recomputation at Apply, which refuses a roll the sheet no longer gives.

let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;

type View = Record<string, unknown>;
type Derived = { physicalToHit: string; damageBonus: { strength: string }; defense: number; speed: number };
const derived = (actor: StandInActor) => (actor.system as unknown as { derived: Derived }).derived;
const stored = (actor: StandInActor) =>
  (actor as unknown as { _source: { system: { effectBonuses?: unknown; bonuses: unknown } } })._source.system;
const attackCard = (message: unknown) => cardData<FadeAttackData, FadeAttackRow>(message);
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const lastNotice = () => record.notifications.at(-1)?.message;
const SWORD = "Longsword <i>of</i> Ash";

/** "Blessed": +1k0 to The Fade's attacks, the issue's own example. */
const BLESSED: NumberChange[] = [{ key: "system.effectBonuses.toHit.rolled", type: "add", value: 1 }];
const blessed = (extra: object = {}) => ({ name: "Blessed", ...changesData(BLESSED), ...extra });

/** The dialog's pool, target value and odds for Garret's sword, closed without rolling. */
async function dialogView(): Promise<View> {
  const before = record.messages.length;
  answerDialog(null);
  await clickSheet(sheets, garret, "fadeAttack", SWORD);
  expect(record.messages.length).toBe(before);
  return renderedWith("fade/roll-dialog.hbs");
}

/** Garret's attack on the goblin with no modifier: 10, 9, 8 kept; a d10 of 6 (Body); 10, 10, 7 damage. */
async function attack(dice: number): Promise<StandInMessage> {
  answerDialog({ defense: "defense", location: "body" });
  const attackDice = [10, 9, 8, 2, 3, 1, 4, 1].slice(0, dice);
  fulfillment.push(...attackDice, 6, 10, 10, 7, 1, 1, 1, 1);
  await clickSheet(sheets, garret, "fadeAttack", SWORD);
  return lastMessage();
}

beforeAll(async () => {
  ({ record, sheets } = await loadFadeWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
});

describe("The Fade: effects that change rolls", () => {
  it("a Blessed effect on the actor: +1k0 on the sheet, in the dialog's odds, on the card and at Apply", async () => {
    const plain = await dialogView();
    expect(plain).toMatchObject({ pool: "6k3", vs: "19" });

    await garret.createEmbeddedDocuments("ActiveEffect", [blessed()]);
    expect(derived(garret).physicalToHit).toBe("7k3");
    // The effect changes what is read, never what is stored.
    expect(stored(garret).effectBonuses).toMatchObject({ toHit: { rolled: 0 } });
    const view = await dialogView();
    expect(view).toMatchObject({ pool: "7k3", vs: "19" });
    expect(view.hint).not.toEqual(plain.hint);

    const card = await attack(7);
    expect(attackCard(card)).toMatchObject({
      data: { pool: "7k3", choices: { modifiers: [] } },
      targets: [{ data: { result: "hit", part: "body", damage: 27 } }],
    });
    expect((card.rolls[0] as { formula: string }).formula).toBe("7k3");
    expect(await press(card, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(4);
  });

  it("the dialog's odds with Blessed are exactly those of 7k3 against the goblin's Defense 19", async () => {
    const plain = await dialogView();
    expect(plain.hint).toEqual(oddsHint("6k3", 19));
    await garret.createEmbeddedDocuments("ActiveEffect", [blessed()]);
    const withEffect = await dialogView();
    expect(withEffect.hint).toEqual(oddsHint("7k3", 19));
    expect(withEffect.hint).not.toEqual(plain.hint);
  });

  it("refuses at Apply an attack rolled with Blessed once the effect is gone", async () => {
    const [effect] = (await garret.createEmbeddedDocuments("ActiveEffect", [blessed()])) as StandInEffectLike[];
    const card = await attack(7);
    expect(attackCard(card).data.pool).toBe("7k3");
    await effect!.delete();
    expect(await press(card, "apply", 0)).toBe(false);
    expect(hp(goblin)).toBe(10);
    expect(lastNotice()).toBe(
      "The card's to-hit roll is 7k3, but the sheet and the card's choices give 6k3; nothing was applied. Roll again.",
    );
  });

  it("refuses at Apply an attack rolled without Blessed once the effect is on", async () => {
    const card = await attack(6);
    expect(attackCard(card).data.pool).toBe("6k3");
    await garret.createEmbeddedDocuments("ActiveEffect", [blessed()]);
    expect(await press(card, "apply", 0)).toBe(false);
    expect(hp(goblin)).toBe(10);
    expect(lastNotice()).toBe(
      "The card's to-hit roll is 6k3, but the sheet and the card's choices give 7k3; nothing was applied. Roll again.",
    );
  });

  it("an item's transferred effect counts as the actor's own, and stops with the item", async () => {
    const [charm] = (await garret.createEmbeddedDocuments("Item", [
      {
        name: "Blessing charm",
        type: "fade-gear",
        system: { weight: 0, quantity: 1 },
        effects: [blessed({ transfer: true })],
      },
    ])) as Array<{ delete(): Promise<unknown> }>;
    expect(derived(garret).physicalToHit).toBe("7k3");
    expect(await dialogView()).toMatchObject({ pool: "7k3" });
    const card = await attack(7);
    expect(attackCard(card).data.pool).toBe("7k3");
    expect(await press(card, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(4);

    // Undone, the charm dropped: the same card is now refused.
    expect(await press(card, "undo", 0)).toBe(true);
    await charm!.delete();
    expect(derived(garret).physicalToHit).toBe("6k3");
    expect(await press(card, "apply", 0)).toBe(false);
    expect(hp(goblin)).toBe(10);
  });

  it("a defense effect on the target: the dialog and the card meet the raised Defense", async () => {
    const change: NumberChange[] = [{ key: "system.effectBonuses.defense", type: "add", value: 9 }];
    await goblin.createEmbeddedDocuments("ActiveEffect", [{ name: "Shield of faith", ...changesData(change) }]);
    expect(derived(goblin).defense).toBe(28);
    expect(await dialogView()).toMatchObject({ pool: "6k3", vs: "28" });
    // 27 against 28: a miss now.
    const card = await attack(6);
    expect(attackCard(card)).toMatchObject({ targets: [{ data: { defense: { value: 28 }, result: "miss" } }] });
  });

  it("damage and speed keys: the damage pool and the land speed a species would set", async () => {
    const changes: NumberChange[] = [
      { key: "system.effectBonuses.damage.rolled", type: "add", value: 1 },
      { key: "system.effectBonuses.speed", type: "add", value: 2 },
    ];
    // Speed 6, less 1 for the chain shirt, halved by a medium load: 2; with +2, 7 halved: 3.
    expect(derived(garret).speed).toBe(2);
    await garret.createEmbeddedDocuments("ActiveEffect", [{ name: "Haste", ...changesData(changes) }]);
    expect(derived(garret).damageBonus.strength).toBe("4k1");
    expect(derived(garret).speed).toBe(3);
    // The Details tab keeps the actor's own speed in its field and says what effects add beside it.
    const Sheet = sheets.FadeActorSheet as unknown as new (o: object) => {
      _prepareContext(o: unknown): Promise<{
        fade: { details: { numbers: Array<Record<string, unknown>>; pools: Array<Record<string, unknown>> } };
      }>;
    };
    const context = await new Sheet({ document: garret })._prepareContext({});
    expect(context.fade.details.numbers.find((n) => n.id === "speed")).toMatchObject({
      value: 6,
      notes: [{ key: "ANTHOLOGY.Fade.Sheet.plusEffects", value: "+2" }],
    });
    // The damage pool's own inputs stay the actor's (0k0); what effects add is said beside them, as for
    // the single numbers. The to-hit pool, which no effect changes here, says nothing.
    const pools = context.fade.details.pools;
    expect(pools.find((p) => p.id === "damage")).toMatchObject({
      fromEffects: "+1k0",
      parts: [{ value: 0 }, { value: 0 }, { value: 0 }],
    });
    expect(pools.find((p) => p.id === "toHit")).toMatchObject({ fromEffects: "" });
  });

  it("a dodge effect: the dodge card rolls the effected pool, and the attack counts it only while it lasts", async () => {
    const change: NumberChange[] = [{ key: "system.effectBonuses.dodge.rolled", type: "add", value: 1 }];
    const [effect] = (await goblin.createEmbeddedDocuments("ActiveEffect", [
      { name: "Evasive", ...changesData(change) },
    ])) as StandInEffectLike[];
    // The goblin's 3k1 (Agility 3, level 1) is 4k1: a 10 adds to its Defense 19.
    answerDialog({ reaction: "dodge" });
    fulfillment.push(10, 1, 1, 1);
    await clickSheet(sheets, goblin, "fadeDodge");
    const dodgeCard = lastMessage();
    expect(cardData(dodgeCard)).toMatchObject({ kind: "check", data: { pool: "4k1", total: 10 } });
    // Garret's 27 meets 19 + 10: a miss, the dodge checked against the goblin's sheet with the effect.
    const card = await attack(6);
    expect(attackCard(card).targets[0]!.data).toMatchObject({ result: "miss", dodge: { card: dodgeCard.id } });

    // Once the effect is gone, the 4k1 is no dodge the goblin's sheet gives: the next attack leaves it out.
    await effect!.delete();
    const later = await attack(6);
    expect(attackCard(later).targets[0]!.data).toMatchObject({ result: "hit", dodge: null });
  });

  it("a skill effect: the sheet's skill pool, the check's card", async () => {
    const change: NumberChange[] = [{ key: "system.effectBonuses.skills.flat", type: "add", value: 2 }];
    await garret.createEmbeddedDocuments("ActiveEffect", [{ name: "Inspired", ...changesData(change) }]);
    const Sheet = sheets.FadeActorSheet as unknown as new (o: object) => {
      _prepareContext(o: unknown): Promise<{ fade: { skills: Array<{ id: string; pool: string }> } }>;
    };
    const context = await new Sheet({ document: garret })._prepareContext({});
    expect(context.fade.skills.find((s) => s.id === "stealth")!.pool).toBe("6k3+2");
    answerDialog({ dc: "15" });
    fulfillment.push(5, 4, 3, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeSkill", undefined, { skill: "stealth" });
    // 5 + 4 + 3 + 2 = 14 against 15: a failure the effect's +2 nearly turned.
    expect(cardData(lastMessage())).toMatchObject({ data: { pool: "6k3+2", total: 14, success: false } });
  });

  it("the compendium's Blessing charm passes Blessed on to its bearer: +1k0 to hit", async () => {
    const charm = sourcePacks()
      .find((p) => p.name === "fade-gear")!
      .docs.find((d) => d.name === "Blessing charm")!;
    const data = structuredClone(charm) as unknown as Record<string, unknown>;
    // As an import would: the stored (v13) effect in this generation's shape.
    const [effect] = data.effects as Array<{ changes: Array<{ key: string; value: string }> }>;
    const stored = effect!.changes.map((c) => ({ key: c.key, type: "add" as const, value: Number(c.value) }));
    data.effects = [{ ...effect, changes: undefined, ...changesData(stored) }];
    expect(stored).toEqual(BLESSED);
    await garret.createEmbeddedDocuments("Item", [data]);
    expect(derived(garret).physicalToHit).toBe("7k3");
    expect(await dialogView()).toMatchObject({ pool: "7k3", hint: oddsHint("7k3", 19) });
  });
});

type StandInEffectLike = { delete(): Promise<unknown> };
