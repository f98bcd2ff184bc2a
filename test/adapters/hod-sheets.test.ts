import { loadAllSheets, type AllSheets } from "../support/modules";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { StandInActor, StandInItem } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { hodFighterItems, hodFighterSystem, hodGoblinItems, hodGoblinSystem } from "../support/hod-fixtures";

// The sheet's buttons hand over to the play flows; here they are recorded, not played (the flow tests
// play them).
vi.mock("../../src/rulesets/hod/chat/flow", async (importOriginal) => ({
  ...(await importOriginal<typeof Flow>()),
  rollHodAttack: vi.fn(async () => null),
  rollHodDamage: vi.fn(async () => null),
  rollHodSpecial: vi.fn(async () => null),
  shiftHodStance: vi.fn(async () => null),
  rollHodCheck: vi.fn(async () => null),
}));

let record: StandInRecord;
type Sheets = AllSheets;
let sheets: Sheets;
let flow: typeof Flow;

type ActorClass = new (data: object) => StandInActor;
type Action = (this: unknown, event: Event, target: HTMLElement) => Promise<void>;
type SheetInstance = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
  _onDropItem(e: unknown, i: unknown): Promise<unknown>;
};

const ActorImpl = () => (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
const ItemImpl = () => (CONFIG.Item as unknown as { documentClass: new (d: object) => StandInItem }).documentClass;

function fighter(system: object = hodFighterSystem): StandInActor {
  return new (ActorImpl())({
    name: "Hadwin",
    type: "hod-character",
    system,
    items: hodFighterItems,
    ownership: { user1: 3 },
  });
}

/**
 * A clicked control: `closest` finds the row's item id (or the special actions' list with its weapon
 * select), `dataset` carries the control's own data.
 */
function control(itemId: string | null, dataset: Record<string, string> = {}, weaponId?: string): HTMLElement {
  return {
    dataset,
    closest: (selector: string) => {
      if (selector === "[data-item-id]") return itemId ? { dataset: { itemId } } : null;
      if (selector === "[data-hod-specials]" && weaponId !== undefined) {
        return { querySelector: (s: string) => (s === "select" ? { value: weaponId } : null) };
      }
      return null;
    },
  } as unknown as HTMLElement;
}

function sheetFor(actor: StandInActor, Sheet: unknown = sheets.HodActorSheet): SheetInstance {
  return new (Sheet as new (o: object) => SheetInstance)({ document: actor });
}

function action(name: string): Action {
  return (sheets.HodActorSheet.DEFAULT_OPTIONS.actions as unknown as Record<string, Action>)[name]!;
}

type View = Record<string, unknown> & {
  defenses: Array<{ id: string; value: number }>;
  weapons: Array<Record<string, unknown>>;
  specialGroups: Array<{ id: string; actions: Array<Record<string, unknown>> }>;
  stances: Array<{ id: string; current: boolean; shift: { id: string; fixed: number } }>;
  stance: { id: string; shifting: boolean; revert: { id: string; fixed: number } | null };
};

async function view(actor: StandInActor): Promise<View> {
  return (await sheetFor(actor)._prepareContext({})).hod as View;
}

beforeAll(async () => {
  record = installFoundry({ ruleSet: "hod" });
  await import("../../src");
  loadWorld(record);
  sheets = await loadAllSheets();
  flow = await import("../../src/rulesets/hod/chat/flow");
});

beforeEach(() => {
  record.notifications.length = 0;
  vi.clearAllMocks();
});

describe("Heroes of Destiny character sheet (stand-in ActorSheetV2)", () => {
  it("is the registered sheet of hod-character, and the NPC sheet of hod-npc", () => {
    const registered = Object.fromEntries(
      record.sheets.flatMap((s) => (s.options.types as string[]).map((t) => [t, s.sheet])),
    );
    expect(registered["hod-character"]).toBe(sheets.HodActorSheet);
    expect(registered["hod-npc"]).toBe(sheets.HodNpcSheet);
    expect(registered["hod-weapon"]).toBe(sheets.HodWeaponSheet);
    expect(registered["hod-armor"]).toBe(sheets.HodArmorSheet);
    expect(registered["hod-gear"]).toBe(sheets.AnthologyItemSheet);
  });

  it("prepares the five defenses, ToP, fatigue, weapons, special actions and stances from the prepared actor", async () => {
    const context = await sheetFor(fighter({ ...hodFighterSystem, fatigue: 12, topLost: 1 }))._prepareContext({});
    expect(context.owner).toBe(true);
    expect(context.typeLabel).toBe("TYPES.Actor.hod-character");
    const hod = context.hod as View;
    expect(hod.defenses.map((d) => [d.id, d.value])).toEqual([
      ["primary", 19],
      ["passive", 15],
      ["vigor", 14],
      ["celerity", 13],
      ["spirit", 12],
    ]);
    expect(hod.top).toMatchObject({ value: 5, max: 6, wounded: false });
    expect(hod.fatigue).toEqual({ value: 12, currentHp: 24, dyingAt: 48, percent: 25, state: "" });
    expect(hod.weapons).toEqual([
      expect.objectContaining({
        name: "Dagger",
        attack: "+5",
        damage: "1d4 + 3",
        speed: { id: "fast", labelKey: "ANTHOLOGY.HoD.Speed.fast", fixed: 6 },
        defenseKey: "ANTHOLOGY.HoD.Defenses.primary",
        precise: true,
        range: 10,
        durability: { value: 8, max: 10, broken: false },
      }),
      // +6, and +1 for the proficiency the longsword carries.
      expect.objectContaining({ name: "Longsword <i>of</i> Ash", attack: "+7", damage: "1d8 + 4", damageError: null }),
    ]);
    expect(hod.specialGroups.map((g) => [g.id, g.actions.length])).toEqual([
      ["wrestling", 7],
      ["misc", 10],
    ]);
    const throwIt = hod.specialGroups[0]!.actions.find((a) => a.id === "throw")!;
    expect(throwIt).toMatchObject({
      fatigue: 2,
      speed: { key: "ANTHOLOGY.HoD.Speed.slow", fixed: 12, hasFixed: true },
      defense: {
        key: "ANTHOLOGY.HoD.Sheet.Special.defenseAnd",
        first: "ANTHOLOGY.HoD.Defenses.vigor",
        second: "ANTHOLOGY.HoD.Defenses.celerity",
      },
      usesWeapon: false,
    });
    expect(hod.stances.map((s) => [s.id, s.shift.id, s.shift.fixed])).toEqual([
      ["cautious", "swift", 4],
      ["crouch", "rapid", 2],
      ["parrying", "fast", 6],
      ["poised", "swift", 4],
      ["prone", "rapid", 2],
      ["spellcasting", "free", 0],
    ]);
    expect(hod.stance).toMatchObject({ id: "", revert: null });
    expect(hod.consciousness).toBeNull();
  });

  it("marks the stance taken, whether it is still shifting, and what reverting costs", async () => {
    const prone = await view(fighter({ ...hodFighterSystem, stance: "prone", stanceShifting: true }));
    expect(prone.stance).toEqual({
      id: "prone",
      nameKey: "ANTHOLOGY.HoD.Stance.prone.name",
      shifting: true,
      revert: { id: "swift", labelKey: "ANTHOLOGY.HoD.Speed.swift", fixed: 4 },
    });
    expect(prone.stances.filter((s) => s.current).map((s) => s.id)).toEqual(["prone"]);
  });

  it("asks for the Constitution check with its DC once fatigue reaches HP + Invigoration", async () => {
    const hod = await view(fighter({ ...hodFighterSystem, fatigue: 30, invigoration: 2 }));
    expect(hod.consciousness).toEqual({ dc: 4 });
    expect(hod.badges).toEqual([{ id: "risk", key: "ANTHOLOGY.HoD.Sheet.State.unconsciousRisk", dc: "4" }]);
    expect(hod.fatigue).toMatchObject({ state: "risk", currentHp: 26 });
  });

  it("takes Heroes of Destiny items dropped on it and refuses other rule sets' items with a message", async () => {
    const actor = fighter();
    const sheet = sheetFor(actor);
    const count = actor.items.size;
    await sheet._onDropItem({}, new (ItemImpl())({ name: "Spear", type: "hod-weapon", system: { damage: "1d8" } }));
    expect(actor.items.size).toBe(count + 1);
    expect(actor.items.find((i) => i.name === "Spear")?.type).toBe("hod-weapon");
    for (const type of ["fade-weapon", "fudge-gear"]) {
      expect(await sheet._onDropItem({}, new (ItemImpl())({ name: "Foreign", type }))).toBeNull();
      expect(record.notifications.at(-1)).toMatchObject({
        level: "warn",
        message: "This actor plays by Heroes of Destiny: only items of Heroes of Destiny can go on it.",
      });
    }
    expect(actor.items.size).toBe(count + 1);
  });

  it("creates, opens, wears and deletes items from its controls", async () => {
    const actor = fighter();
    const sheet = sheetFor(actor);
    await action("itemCreate").call(sheet, new Event("click"), control(null, { type: "hod-weapon" }));
    const created = actor.items.find((i) => i.name === "New Weapon or spell (Heroes of Destiny)")!;
    expect(created.type).toBe("hod-weapon");
    expect(created.sheet.rendered).toBe(1);
    const cuirass = actor.items.find((i) => i.name === "Plate cuirass")!;
    await action("toggleWorn").call(sheet, new Event("click"), control(cuirass.id));
    expect(actor.items.get(cuirass.id)!.system.equipped).toBe(true);
    // Worn suits don't pile up: plate 6 beats chain 4; the charm's natural 2 is the weaker and adds half: 6 + 1.
    expect((actor.system as unknown as { derived: { armorBonus: number } }).derived.armorBonus).toBe(7);
    await action("itemEdit").call(sheet, new Event("click"), control(cuirass.id));
    expect(cuirass.sheet.rendered).toBe(1);
    await action("itemDelete").call(sheet, new Event("click"), control(cuirass.id));
    expect(actor.items.get(cuirass.id)).toBeUndefined();
  });

  it("hands Attack, Damage, special actions, stances and checks to the play flows", async () => {
    const actor = fighter();
    const sheet = sheetFor(actor);
    const sword = actor.items.find((i) => i.name.startsWith("Longsword"))!;
    const click = new Event("click");
    await action("hodAttack").call(sheet, click, control(sword.id));
    expect(flow.rollHodAttack).toHaveBeenCalledWith(actor, sword);
    await action("hodDamage").call(sheet, click, control(sword.id));
    expect(flow.rollHodDamage).toHaveBeenCalledWith(actor, sword);
    await action("hodSpecial").call(sheet, click, control(null, { specialId: "disarm", usesWeapon: "true" }, sword.id));
    expect(flow.rollHodSpecial).toHaveBeenLastCalledWith(actor, "disarm", sword);
    await action("hodSpecial").call(sheet, click, control(null, { specialId: "grab" }, sword.id));
    expect(flow.rollHodSpecial).toHaveBeenLastCalledWith(actor, "grab", undefined);
    await action("hodStance").call(sheet, click, control(null, { stanceId: "cautious" }));
    expect(flow.shiftHodStance).toHaveBeenLastCalledWith(actor, "cautious");
    await action("hodStance").call(sheet, click, control(null, { stanceId: "" }));
    expect(flow.shiftHodStance).toHaveBeenLastCalledWith(actor, "");
    await action("hodCheck").call(sheet, click, control(null, { attribute: "wisdom" }));
    expect(flow.rollHodCheck).toHaveBeenLastCalledWith(actor, "wisdom", undefined);
    await action("hodCheck").call(sheet, click, control(null, { attribute: "constitution", dc: "4" }));
    expect(flow.rollHodCheck).toHaveBeenLastCalledWith(actor, "constitution", 4);
    await action("hodCheck").call(
      sheet,
      click,
      control(null, { attribute: "constitution", dc: "4", consciousness: "" }),
    );
    expect(flow.rollHodCheck).toHaveBeenLastCalledWith(actor, "constitution", 4, { consciousness: true });
  });

  it("keeps its actions apart from the Fade sheet's", () => {
    const hod = Object.keys(sheets.HodActorSheet.DEFAULT_OPTIONS.actions);
    const fade = Object.keys(sheets.FadeActorSheet.DEFAULT_OPTIONS.actions);
    expect(hod.filter((a) => a.startsWith("hod"))).toEqual([
      "hodAttack",
      "hodDamage",
      "hodSpecial",
      "hodStance",
      "hodCheck",
      "hodRest",
      "hodPrepare",
      "hodCharge",
      "hodRelease",
      "hodAbandon",
      "hodHeal",
      "hodPoison",
      "hodRun",
      "hodRunStop",
      "hodRunRest",
    ]);
    expect(hod.filter((a) => a.startsWith("fade"))).toEqual([]);
    expect(fade.filter((a) => a.startsWith("hod"))).toEqual([]);
  });
});

describe("Heroes of Destiny NPC sheet", () => {
  it("shows every part at once, without the tab navigation", async () => {
    expect(Object.keys(sheets.HodNpcSheet.PARTS)).toEqual([
      "header",
      "combat",
      "equipment",
      "details",
      "effects",
      "notes",
    ]);
    const goblin = new (ActorImpl())({
      name: "Goblin",
      type: "hod-npc",
      system: hodGoblinSystem,
      items: hodGoblinItems,
    });
    const sheet = sheetFor(goblin, sheets.HodNpcSheet);
    const context = await sheet._prepareContext({});
    expect((context.hod as View).weapons.map((w) => [w.name, w.attack, w.damage])).toEqual([
      ["Short sword", "+2", "1d6"],
      ["Shortbow", "+4", "1d6 + 2"],
    ]);
    const part = await sheet._preparePartContext("equipment", context, {});
    expect(part.tab).toMatchObject({ cssClass: "active" });
  });
});

describe("Heroes of Destiny item sheets", () => {
  it("list a weapon's choices and flag damage dice that cannot be read", async () => {
    const { hodWeaponView, hodArmorView } = await import("../../src/rulesets/hod/sheets/item-view");
    const bow = hodWeaponView({ damage: "1d8+", category: "bows", speedClass: "slow", defense: "celerity" });
    expect(bow.categories.find((c) => c.selected)?.value).toBe("bows");
    expect(bow.attributeKey).toBe("ANTHOLOGY.HoD.AttributeRule.dexterity");
    expect(bow.speedClasses.find((s) => s.selected)).toMatchObject({ id: "slow", fixed: 12 });
    expect(bow.defenses.find((d) => d.selected)?.value).toBe("celerity");
    expect(bow.damageTypes.find((d) => d.selected)?.value).toBe("");
    expect(bow.damageError).toEqual({ key: "ANTHOLOGY.HoD.Errors.damageDice", dice: "1d8+" });
    expect(hodWeaponView({ damage: "2d6+1" }).damageError).toBeNull();
    const armor = hodArmorView({ armor: 4, topBonus: 1, equipped: false });
    expect(armor.bonuses.map((b) => [b.name, b.value])).toEqual([
      ["system.armor", 4],
      ["system.shield", 0],
      ["system.naturalArmor", 0],
      ["system.topBonus", 1],
      ["system.spellFailure", 0],
    ]);
    expect(armor.worn).toBe(false);
  });
});

describe("sheet classes", () => {
  /** The classes Foundry puts on a sheet's element: every DEFAULT_OPTIONS.classes up the class chain. */
  function classesOf(Sheet: unknown): string[] {
    const classes: string[] = [];
    for (
      let cls = Sheet as { DEFAULT_OPTIONS?: { classes?: string[] } } | null;
      cls;
      cls = Object.getPrototypeOf(cls)
    ) {
      if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) classes.unshift(...(cls.DEFAULT_OPTIONS?.classes ?? []));
    }
    return [...new Set(classes)];
  }

  it("give every rule set's sheet the class its styles are scoped to", () => {
    expect(classesOf(sheets.HodActorSheet)).toEqual(["anthology", "sheet", "actor", "hod"]);
    expect(classesOf(sheets.HodNpcSheet)).toEqual(["anthology", "sheet", "actor", "hod", "compact"]);
    expect(classesOf(sheets.HodWeaponSheet)).toEqual(["anthology", "sheet", "item", "hod"]);
    expect(classesOf(sheets.HodArmorSheet)).toEqual(["anthology", "sheet", "item", "hod"]);
    expect(classesOf(sheets.FadeWeaponSheet)).toEqual(["anthology", "sheet", "item", "fade"]);
    expect(classesOf(sheets.FadeArmorSheet)).toEqual(["anthology", "sheet", "item", "fade"]);
  });
});

describe("Heroes of Destiny sheet guards", () => {
  type Parts = { _configureRenderParts(o: unknown): Record<string, unknown> };
  type Submitting = { _processSubmitData(e: Event, f: unknown, d: object): Promise<void>; renders: number };

  it("shows a player with Limited permission only the portrait, name and notes, and observers everything", () => {
    const user = game.user as unknown as { isGM: boolean };
    user.isGM = false;
    try {
      const limited = new (ActorImpl())({
        name: "Goblin",
        type: "hod-npc",
        system: hodGoblinSystem,
        ownership: { user1: 1 },
      });
      expect(
        Object.keys((sheetFor(limited, sheets.HodNpcSheet) as unknown as Parts)._configureRenderParts({})),
      ).toEqual(["limited"]);
      const observed = new (ActorImpl())({
        name: "Goblin",
        type: "hod-npc",
        system: hodGoblinSystem,
        ownership: { user1: 2 },
      });
      expect(
        Object.keys((sheetFor(observed, sheets.HodNpcSheet) as unknown as Parts)._configureRenderParts({})),
      ).toContain("header");
    } finally {
      user.isGM = true;
    }
  });

  it("redraws after a submit that showed more HP than the maximum, and not after an ordinary one", async () => {
    const actor = fighter();
    const sheet = sheetFor(actor) as unknown as Submitting;
    const form = (value: number) => ({ querySelectorAll: () => [{ valueAsNumber: value, max: "24" }] });
    await sheet._processSubmitData(new Event("submit"), form(30), { "system.hp.value": 30 });
    expect((actor.system as unknown as { hp: { value: number } }).hp.value).toBe(24);
    expect(sheet.renders).toBe(1);
    await sheet._processSubmitData(new Event("submit"), form(20), { "system.hp.value": 20 });
    expect((actor.system as unknown as { hp: { value: number } }).hp.value).toBe(20);
    expect(sheet.renders).toBe(1);
  });
});
