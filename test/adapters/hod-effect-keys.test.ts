import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodSpellData } from "../../src/rulesets/hod/chat/spell-card";
import { changesData, type NumberChange } from "../../src/foundry/effects";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { hodWeaponDefaults } from "../support/hod-fixtures";
import { answerDialog, hodActors, item, loadHodWorld, noCombat, target } from "../support/hod-world";
import { loadAllSheets, type AllSheets } from "../support/modules";
import { cardData, press } from "../support/play";

// Issue 30: Heroes of Destiny's change keys for the rolls the first keys left out: a special action's
// skill roll (`system.bonuses.skill`), the Arcana checks to cast (`cast`), the running checks (`run`)
// and the initiative (`initiative`). The dialog, the card, the sheet and the GM's recomputation read
// the same derivation; a roll made with an effect since gone is refused at apply. The GM's client.
// Garret: Strength 3, Constitution 2, Wisdom 1, Intelligence 3 here.

let record: StandInRecord;
let flow: typeof Flow;
let sheets: AllSheets;
let garret: StandInActor;
let goblin: StandInActor;

type Action = (this: unknown, event: Event, target: HTMLElement) => Promise<void>;
type EffectDoc = { delete(): Promise<unknown> };
const add = (key: string, value: number): NumberChange => ({ key, type: "add", value });
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const formula = (m: StandInMessage, i = 0) => (m.rolls[i] as { formula: string }).formula.replace(/\s+/g, "");
const rendered = (path: string) =>
  record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Record<string, unknown>;
const cardsOf = (kind: string) =>
  record.messages.filter(
    (m) => ((m as StandInMessage).getFlag("anthology", "card") as { kind?: string })?.kind === kind,
  ) as StandInMessage[];

async function bless(actor: StandInActor, changes: NumberChange[]): Promise<EffectDoc> {
  const [made] = await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed", ...changesData(changes) }]);
  return made as unknown as EffectDoc;
}

async function sheetAction(name: string, dataset: Record<string, string> = {}): Promise<void> {
  const action = (sheets.HodActorSheet.DEFAULT_OPTIONS.actions as unknown as Record<string, Action>)[name]!;
  const sheet = new (sheets.HodActorSheet as unknown as new (o: object) => object)({ document: garret });
  await action.call(sheet, new Event("click"), { dataset } as unknown as HTMLElement);
}

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld());
  sheets = await loadAllSheets();
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  record.messages.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
  noCombat();
});

describe("Heroes of Destiny: system.bonuses.skill, a special action's skill roll", () => {
  it("Break grab rolls 3d6 + Strength 3 + rank 2 + the effect's 3: the dialog, the card; refused once the effect is gone", async () => {
    const effect = await bless(garret, [add("system.bonuses.skill", 3)]);
    answerDialog({ skillRank: "2" });
    fulfillment.push(2, 2, 2, 3);
    await flow.rollHodSpecial(garret, "breakGrab");
    // The dialog opens at rank 0: Strength 3 and the effect's 3.
    expect(rendered("hod/roll-dialog.hbs")).toMatchObject({ formula: "3d6 + 6" });
    const card = lastMessage();
    // 2 + 2 + 2 and the effect: 6 + 8 = 14 (without it the card would say 3d6 + 5).
    expect(cardData(card).data).toMatchObject({ die: "3d6", skillRank: 2, formula: "3d6 + 8", natural: 6, total: 14 });
    expect(formula(card)).toBe("3d6+8");
    await effect.delete();
    expect(await press(card, "apply", 0)).toBe(false);
    expect(record.notifications.at(-1)?.message).toContain("3d6 + 8");
  });

  it("an attribute special action is untouched by it (1d20 + Accuracy + the attribute)", async () => {
    const { SPECIAL_ACTIONS } = await import("../../src/rulesets/hod/rules/special-actions");
    const { specialToHit } = await import("../../src/rulesets/hod/rules/to-hit");
    const drag = SPECIAL_ACTIONS.find((a) => a.id === "drag")!;
    const weapon = { category: "unarmed", proficient: false } as never;
    const base = { strength: 3, accuracy: 2 };
    const plain = specialToHit({ action: drag, source: base, weapon }).plan.bonus;
    const blessed = specialToHit({ action: drag, source: { ...base, bonuses: { skill: 3 } }, weapon }).plan.bonus;
    expect(blessed).toBe(plain);
  });
});

describe("Heroes of Destiny: system.bonuses.cast, the Arcana checks to cast", () => {
  beforeEach(async () => {
    await garret.update({ "system.intelligence": 3 });
    await garret.createEmbeddedDocuments("Item", [
      {
        name: "Force bolt",
        type: "hod-weapon",
        system: {
          ...hodWeaponDefaults,
          category: "spell",
          damage: "1d6",
          speedClass: "fast",
          defense: "vigor",
          fatigueCost: 2,
          durability: { value: 0, max: 0 },
        },
      },
    ]);
    record.messages.length = 0;
  });

  it("taking 10: 10 + Intelligence 3 + the effect's 2 = 15 meets DC 15 (the third casting today), and the dialog says 3d6 + 5", async () => {
    await item(garret, "Force bolt").update({ "system.castToday": 1 });
    await bless(garret, [add("system.bonuses.cast", 2)]);
    answerDialog({ defense: "vigor" });
    answerDialog({ takeTen: "on" });
    fulfillment.push(15, 4);
    await flow.rollHodAttack(garret, item(garret, "Force bolt"));
    expect(rendered("hod/spell-dialog.hbs")).toMatchObject({ formula: "3d6 + 5" });
    const cast = cardData<HodSpellData>(cardsOf("spell").at(-1)).data;
    expect(cast).toMatchObject({ dc: 15, check: { total: 15, success: true, takeTen: true } });
    expect(cardsOf("attack")).toHaveLength(1);
  });

  it("the GM checks the cast's 3d6 + 5 again at the attack's apply: refused once the effect is gone", async () => {
    const effect = await bless(garret, [add("system.bonuses.cast", 2)]);
    answerDialog({ defense: "vigor" });
    answerDialog({ modifier: "0" });
    // 3d6 4 + 4 + 4 + 5 = 17 against DC 12: cast. The attack 1d20 15 + 2 + 3 hits Vigor 11; damage 4.
    fulfillment.push(4, 4, 4, 15, 4);
    await flow.rollHodAttack(garret, item(garret, "Force bolt"));
    const spellCard = cardsOf("spell").at(-1)!;
    expect(formula(spellCard, spellCard.rolls.length - 1)).toBe("3d6+5");
    const [attack] = cardsOf("attack");
    await effect.delete();
    expect(await press(attack!, "apply", 0)).toBe(false);
    expect(record.notifications.at(-1)?.message).toContain("3d6 + 5");
  });
});

describe("Heroes of Destiny: system.bonuses.run, the running checks", () => {
  it("the sheet's Run rolls 3d6 + Constitution 2 + the effect's 2; the GM refuses it once the effect is gone", async () => {
    const effect = await bless(garret, [add("system.bonuses.run", 2)]);
    answerDialog({ modifier: "0" });
    fulfillment.push(4, 5, 3);
    await sheetAction("hodRun", { pace: "run" });
    const card = cardsOf("run").at(-1)!;
    expect(formula(card)).toBe("3d6+4");
    expect(cardData(card).data).toMatchObject({ enduranceTotal: 16 });
    await effect.delete();
    expect(await press(card, "apply", 0)).toBe(false);
    expect(record.notifications.at(-1)?.message).toContain("3d6 + 4");
  });
});

describe("Heroes of Destiny: system.bonuses.initiative", () => {
  it("takes the effect's bonus off the initiative roll (lowest acts first), on the sheet and in the combat's formula", async () => {
    const { hod } = await import("../../src/rulesets/hod/rules/definition");
    const combatFormula = () => hod.initiative.formula(garret.system as never, {}).replace(/\s+/g, "");
    expect(combatFormula()).toBe("1d6+4-1");
    await bless(garret, [add("system.bonuses.initiative", 2)]);
    expect(combatFormula()).toBe("1d6+4-3");
    const Sheet = sheets.HodActorSheet as unknown as new (o: object) => {
      _prepareContext(o: unknown): Promise<{ hod: { initiative: string } }>;
    };
    expect((await new Sheet({ document: garret })._prepareContext({})).hod.initiative.replace(/\s+/g, "")).toBe(
      "1d6+4-3",
    );
  });
});
