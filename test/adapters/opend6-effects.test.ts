import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6AttackData, OpenD6AttackRow, OpenD6CheckData } from "../../src/rulesets/opend6/chat/card-data";
import type { OpenD6AppliedSummary } from "../../src/rulesets/opend6/chat/views";
import type { OpenD6ActorView } from "../../src/rulesets/opend6/sheets/view";
import { changesData, type NumberChange } from "../../src/foundry/effects";
import { oddsHint } from "../../src/dice";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { sourcePacks } from "../support/packs";
import { clickSheet, loadOpenD6World, opend6Actors } from "../support/opend6-world";
import { cardData, press } from "../support/play";

// Effects that change rolls (issue 30): an Active Effect on the actor, or one an item passes on
// (`transfer`), changes `system.bonuses`; the sheet, the dialog's odds, the card and the GM's apply
// all read the effected numbers (docs/opend6.md "Effects that change rolls"). The GM's client, the
// dice scripted: a die code rolls its ordinary dice, then the Wild Die.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type View = Record<string, unknown>;
const attackCard = (message: unknown) => cardData<OpenD6AttackData, OpenD6AttackRow>(message);
const checkCard = (message: unknown) => cardData<OpenD6CheckData, Record<string, never>>(message);
const summary = (message: unknown, row = 0) =>
  cardData(message).targets[row]!.applied?.summary as unknown as OpenD6AppliedSummary;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const PISTOL = "Pistol <b>of</b> Doom";
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);

/** "Blessed": +1D to every attack and +1D to every hit's damage (3 pips each). */
const BLESSED: NumberChange[] = [
  { key: "system.bonuses.attack", type: "add", value: 3 },
  { key: "system.bonuses.damage", type: "add", value: 3 },
];

async function sheetView(actor: StandInActor): Promise<OpenD6ActorView> {
  const Sheet = sheets.OpenD6ActorSheet as unknown as new (o: object) => {
    _prepareContext(o: object): Promise<{ od6: OpenD6ActorView }>;
  };
  return (await new Sheet({ document: actor })._prepareContext({})).od6;
}

/** Kira fires the pistol at the thug at Short range, no options; `dice` are the scripted dice in order. */
async function fire(dice: number[]): Promise<StandInMessage> {
  answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
  fulfillment.push(...dice);
  await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
  return lastMessage();
}

beforeAll(async () => {
  ({ record, sheets } = await loadOpenD6World());
});

beforeEach(async () => {
  await setting("opend6Health", "wounds");
  await setting("opend6DamageBonus", false);
  await setting("opend6WoundChart", "1 Stunned, 4 Wounded, 9 Severely Wounded, 13 Incapacitated, 16 Mortally Wounded");
  for (const key of ["opend6RangeTable", "opend6CoverTable", "opend6LocationTable", "opend6DifficultyTable"]) {
    await setting(key, "");
  }
  ({ kira, thug } = await opend6Actors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(thug, "Thug");
});

describe("OpenD6 effects that change rolls: an effect on the actor", () => {
  it('"Blessed" (+1D attack, +1D damage): the sheet, the odds, the card and the GM\'s apply all see it', async () => {
    // Without it: marksmanship 5D, the pistol's damage 4D.
    const before = (await sheetView(kira)).weapons.find((w) => w.name === PISTOL)!;
    expect(before).toMatchObject({ formula: "5D", damage: "4D" });
    await kira.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed", ...changesData(BLESSED) }]);
    expect((await sheetView(kira)).weapons.find((w) => w.name === PISTOL)).toMatchObject({
      formula: "6D",
      damage: "5D",
    });
    // 6D: 2, 2, 2, 2, 2 and the Wild Die 1 = 11 against passive 10: a hit only with the sixth die.
    // Damage 5D: 3, 3, 3, 3 and Wild 3 = 15. The thug's Physique 3D: 2, 2, 2 = 6.
    const attack = await fire([2, 2, 2, 2, 2, 1, 3, 3, 3, 3, 3, 2, 2, 2]);
    const dialog = renderedWith("opend6/roll-dialog.hbs");
    expect(dialog).toMatchObject({ code: "6D", formula: "6D", vs: "10" });
    // The exact odds are those of 6D against 10, not 5D's.
    expect(dialog.hint).toEqual(oddsHint("6D", 10));
    expect(dialog.hint).not.toEqual(oddsHint("5D", 10));
    expect(attackCard(attack).data).toMatchObject({ code: "6D", formula: "6D", total: 11, damageCode: "5D" });
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ attack: 11, hit: true, damage: 15, resistance: 6 });
    // The GM's apply reads the sheet with the effect: the 6D roll and the 5D damage stand. 15 - 6 = 9: Severely Wounded.
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(summary(attack)).toMatchObject({ damage: 15, resistance: 6, excess: 9, hitLevel: "severelyWounded" });
    expect((thug.system as unknown as { wounds: string }).wounds).toBe("severelyWounded");
  });

  it("refuses at apply an attack rolled with the blessing once it is gone, and one rolled without it once it is on", async () => {
    const [blessed] = await kira.createEmbeddedDocuments("ActiveEffect", [
      { name: "Blessed", ...changesData(BLESSED) },
    ]);
    const withIt = await fire([5, 5, 5, 5, 5, 2, 3, 3, 3, 3, 3, 2, 2, 2]);
    expect(attackCard(withIt).data).toMatchObject({ formula: "6D", damageCode: "5D" });
    await (blessed as unknown as { delete(): Promise<unknown> }).delete();
    // The sheet says 5D now: the 6D roll is not what it would roll.
    expect(await press(withIt, "apply", 0)).toBe(false);
    expect(warnings().at(-1)).toMatch(/6D/);
    expect((thug.system as unknown as { wounds: string }).wounds).toBe("none");

    // Rolled without it (5D), then the GM blesses Kira: the sheet says 6D, and the 5D roll is refused too.
    const without = await fire([5, 5, 5, 5, 2, 3, 3, 3, 3, 2, 2, 2]);
    expect(attackCard(without).data).toMatchObject({ formula: "5D", damageCode: "4D" });
    await kira.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed", ...changesData(BLESSED) }]);
    expect(await press(without, "apply", 0)).toBe(false);
    expect((thug.system as unknown as { wounds: string }).wounds).toBe("none");
  });

  it("a switched-off effect changes nothing", async () => {
    await kira.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed", disabled: true, ...changesData(BLESSED) }]);
    const attack = await fire([5, 5, 5, 5, 2, 3, 3, 3, 3, 2, 2, 2]);
    expect(attackCard(attack).data).toMatchObject({ formula: "5D", damageCode: "4D" });
    expect(await press(attack, "apply", 0)).toBe(true);
  });

  it("a skill's, a defense's and the wound penalty's keys: a check's code, the target's defense, the dice taken", async () => {
    await kira.update({ "system.wounds": "wounded" });
    await kira.createEmbeddedDocuments("ActiveEffect", [
      {
        name: "Keen eyes",
        ...changesData([
          { key: "system.bonuses.skills.search", type: "add", value: 3 },
          { key: "system.bonuses.woundPenalty", type: "add", value: -1 },
        ]),
      },
    ]);
    // search: Perception 3D and 2D, and 1D from the effect: 6D; Wounded takes no die with the effect.
    const view = await sheetView(kira);
    expect(view.wounds).toMatchObject({ level: "wounded", penalty: 0 });
    answerDialog({ difficulty: "15", actions: "1", bonusDice: "0", characterPoints: "0" });
    fulfillment.push(4, 3, 2, 5, 1, 2);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "search" } });
    expect(renderedWith("opend6/roll-dialog.hbs")).toMatchObject({ code: "6D", formula: "6D" });
    expect(checkCard(lastMessage()).data).toMatchObject({ code: "6D", formula: "6D", woundPenalty: 0, total: 17 });

    // The thug behind a ward: passive defense 10 + 5 = 15. 5D: 3, 3, 3, 3 and Wild 2 = 14 misses it.
    await thug.createEmbeddedDocuments("ActiveEffect", [
      { name: "Ward", ...changesData([{ key: "system.bonuses.passiveDefense", type: "add", value: 5 }]) },
    ]);
    const attack = await fire([3, 3, 3, 3, 2]);
    expect(renderedWith("opend6/roll-dialog.hbs")).toMatchObject({ vs: "15", target: { defense: 15 } });
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ attack: 14, hit: false });
  });

  it("an override of the target's scale: the scale modifier in the odds, on the card and at apply", async () => {
    // The thug shrunk to a toy (scale -6): Kira is larger, +6 to the difficulty: 16 at Short range.
    const [shrunk] = await thug.createEmbeddedDocuments("ActiveEffect", [
      { name: "Shrunk", ...changesData([{ key: "system.scale", type: "override", value: -6 }]) },
    ]);
    // 5D: 5, 5, 4, 3 and Wild 2 = 19 hits 16. Damage 4D: 1, 1, 1, 1; resistance 3D: 6, 6, 6.
    const attack = await fire([5, 5, 4, 3, 2, 1, 1, 1, 1, 6, 6, 6]);
    expect(renderedWith("opend6/roll-dialog.hbs")).toMatchObject({ vs: "16" });
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ difficulty: { scale: 6, value: 16 }, hit: true });
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(await press(attack, "undo", 0)).toBe(true);
    // The effect gone, the thug is its own size again.
    await (shrunk as unknown as { delete(): Promise<unknown> }).delete();
    expect((thug.system as unknown as { scale: number }).scale).toBe(0);
  });
});

describe("OpenD6 effects that change rolls: an effect an item passes on", () => {
  it("a charm's transferred +1D to marksmanship and the thug's armor's +1D resistance, applied by the GM", async () => {
    const [charm] = await kira.createEmbeddedDocuments("Item", [
      {
        name: "Lucky charm",
        type: "opend6-gear",
        system: { quantity: 1 },
        effects: [
          {
            name: "Lucky",
            transfer: true,
            ...changesData([{ key: "system.bonuses.skills.marksmanship", type: "add", value: 3 }]),
          },
        ],
      },
    ]);
    await thug.createEmbeddedDocuments("Item", [
      {
        name: "Warded coat",
        type: "opend6-gear",
        system: { quantity: 1 },
        effects: [
          {
            name: "Warded",
            transfer: true,
            ...changesData([{ key: "system.bonuses.resistance", type: "add", value: 3 }]),
          },
        ],
      },
    ]);
    expect((await sheetView(kira)).weapons.find((w) => w.name === PISTOL)).toMatchObject({ formula: "6D" });
    expect((await sheetView(thug)).stats.resistance).toBe("4D");
    // 6D: 2, 2, 2, 2, 2 and Wild 1 = 11: a hit. Damage 4D: 4, 4, 4 and Wild 4 = 16. Resistance 4D: 2, 2, 2, 1 = 7.
    const attack = await fire([2, 2, 2, 2, 2, 1, 4, 4, 4, 4, 2, 2, 2, 1]);
    expect(renderedWith("opend6/roll-dialog.hbs").hint).toEqual(oddsHint("6D", 10));
    expect(attackCard(attack).data).toMatchObject({ formula: "6D", total: 11, damageCode: "4D" });
    expect(attackCard(attack).targets[0]!.data).toMatchObject({
      hit: true,
      damage: 16,
      resistance: 7,
      resistanceCode: "4D",
    });
    // 16 - 7 = 9: Severely Wounded, the GM reading the same 6D and 4D the sheets say.
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(summary(attack)).toMatchObject({ damage: 16, resistance: 7, excess: 9, hitLevel: "severelyWounded" });
    expect(await press(attack, "undo", 0)).toBe(true);

    // Kira puts the charm away (the item gone, its effect with it): the 6D roll is refused now.
    await (charm as unknown as { delete(): Promise<unknown> }).delete();
    expect((await sheetView(kira)).weapons.find((w) => w.name === PISTOL)).toMatchObject({ formula: "5D" });
    expect(await press(attack, "apply", 0)).toBe(false);
    expect((thug.system as unknown as { wounds: string }).wounds).toBe("none");
  });

  it("the compendium's Blessed amulet passes its blessing on: +1D to the attack and to the damage, for the GM too", async () => {
    const amulet = sourcePacks()
      .find((p) => p.name === "opend6-armor")!
      .docs.find((d) => d.name === "Blessed amulet")!;
    await kira.createEmbeddedDocuments("Item", [structuredClone(amulet) as unknown as Record<string, unknown>]);
    expect((await sheetView(kira)).weapons.find((w) => w.name === PISTOL)).toMatchObject({
      formula: "6D",
      damage: "5D",
    });
    // 6D: 2, 2, 2, 2, 2 and Wild 1 = 11: a hit. Damage 5D: 3, 3, 3, 3, 3 = 15; resistance 2, 2, 2 = 6: 9 past it.
    const attack = await fire([2, 2, 2, 2, 2, 1, 3, 3, 3, 3, 3, 2, 2, 2]);
    expect(attackCard(attack).data).toMatchObject({ formula: "6D", damageCode: "5D" });
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(summary(attack)).toMatchObject({ damage: 15, excess: 9, hitLevel: "severelyWounded" });
  });
});
