import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import { changesData } from "../../src/foundry/effects";
import type * as EffectsTab from "../../src/sheets/effects-tab";
import { dialogAnswers } from "../foundry/combat";
import type { StandInActor } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, loadFadeWorld, target } from "../support/fade-world";

// Issue 30: an item's transferred effect is suppressed (Foundry's ActiveEffect#isSuppressed) while the
// item is not equipped, in all five rule sets: the actor's numbers leave it out, the Effects tab says
// so, and equipping the item brings it back. Nothing stored changes: `system.equipped` is each rule
// set's own field, read as it stands.

let record: StandInRecord;
let sheets: typeof Sheets;
let tab: typeof EffectsTab;

type ActorClass = { create(data: object): Promise<StandInActor> };
type ItemDoc = { update(data: object): Promise<unknown>; effects: { contents: Array<{ isSuppressed: boolean }> } };

/** One armor per rule set, each passing on an effect that adds 1 to a key its rules read. */
const CASES = [
  { ruleSet: "fade", key: "system.effectBonuses.toHit.rolled" },
  { ruleSet: "hod", key: "system.bonuses.attack" },
  { ruleSet: "fading-suns", key: "system.bonuses.goal" },
  { ruleSet: "fudge", key: "system.bonuses.rolls" },
  { ruleSet: "opend6", key: "system.bonuses.attack" },
] as const;

const read = (actor: StandInActor, key: string) =>
  key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], actor as unknown) as number;

async function wearer(ruleSet: string, key: string, equipped: boolean): Promise<StandInActor> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  return Actor.create({
    name: `Wearer (${ruleSet})`,
    type: `${ruleSet}-character`,
    items: [
      {
        name: "Blessed mail",
        type: `${ruleSet}-armor`,
        system: { equipped },
        effects: [{ name: "Blessed", transfer: true, ...changesData([{ key, type: "add", value: 1 }]) }],
      },
    ],
  });
}

beforeAll(async () => {
  ({ record, sheets } = await loadFadeWorld());
  tab = await import("../../src/sheets/effects-tab");
});

/** The Effects tab's rows for this actor. */
const rows = (actor: StandInActor) => tab.effectRows(actor as unknown as EffectsTab.EffectOwner, [] as never);

beforeEach(() => {
  record.notifications.length = 0;
  dialogAnswers.length = 0;
});

describe("an item's transferred effect while the item is not equipped", () => {
  for (const { ruleSet, key } of CASES) {
    it(`${ruleSet}: suppressed while stowed (${key} stays 0), applied once equipped, suppressed again when taken off`, async () => {
      const actor = await wearer(ruleSet, key, false);
      const mail = actor.items.find((i) => i.name === "Blessed mail") as unknown as ItemDoc;
      expect(read(actor, key)).toBe(0);
      expect(mail.effects.contents[0]!.isSuppressed).toBe(true);
      expect(rows(actor)).toMatchObject([
        { name: "Blessed", source: "from Blessed mail", disabled: false, suppressed: true },
      ]);
      await mail.update({ "system.equipped": true });
      expect(read(actor, key)).toBe(1);
      expect(mail.effects.contents[0]!.isSuppressed).toBe(false);
      expect(rows(actor)).toMatchObject([{ suppressed: false }]);
      await mail.update({ "system.equipped": false });
      expect(read(actor, key)).toBe(0);
    });
  }

  it("an effect the item keeps to itself (no transfer) and an item with no equipped field are left alone", async () => {
    const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
    const actor = await Actor.create({
      name: "Charm bearer",
      type: "fade-character",
      items: [
        {
          name: "Blessing charm",
          type: "fade-gear",
          effects: [
            {
              name: "Blessed",
              transfer: true,
              ...changesData([{ key: "system.effectBonuses.toHit.rolled", type: "add", value: 1 }]),
            },
          ],
        },
      ],
    });
    expect(read(actor, "system.effectBonuses.toHit.rolled")).toBe(1);
  });
});

describe("the real path: a stowed item's blessing is not in the roll", () => {
  it("Garret's sword: 6k3 in the dialog with the blessed mail stowed, 7k3 once it is worn", async () => {
    const { garret, goblin } = await fadeActors();
    target(goblin, "Goblin");
    await garret.createEmbeddedDocuments("Item", [
      {
        name: "Blessed mail",
        type: "fade-armor",
        system: { equipped: false },
        effects: [
          {
            name: "Blessed",
            transfer: true,
            ...changesData([{ key: "system.effectBonuses.toHit.rolled", type: "add", value: 1 }]),
          },
        ],
      },
    ]);
    const pool = async () => {
      answerDialog(null);
      await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
      return (record.rendered.filter((r) => r.path.endsWith("fade/roll-dialog.hbs")).at(-1)!.data as { pool: string })
        .pool;
    };
    expect(await pool()).toBe("6k3");
    const mail = garret.items.find((i) => i.name === "Blessed mail") as unknown as ItemDoc;
    await mail.update({ "system.equipped": true });
    expect(await pool()).toBe("7k3");
  });
});
