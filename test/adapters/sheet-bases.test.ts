import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StandInActor, StandInItem } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import type * as ActorSheetModule from "../../src/sheets/actor-sheet";
import type * as CompactModule from "../../src/sheets/compact-sheet";
import type * as FirstTargetModule from "../../src/sheets/first-target";
import type * as ControlsModule from "../../src/sheets/item-controls";
import type * as ItemSheetModule from "../../src/sheets/rule-set-item-sheet";

// The shared parts every rule set's sheets are built from, on the stand-in's ApplicationV2 sheets.
let AnthologyActorSheet: typeof ActorSheetModule.AnthologyActorSheet;
let compactSheet: typeof CompactModule.compactSheet;
let firstTarget: typeof FirstTargetModule.firstTarget;
let rowItemAction: typeof ControlsModule.rowItemAction;
let ruleSetItemSheet: typeof ItemSheetModule.ruleSetItemSheet;

type Sheet = { _prepareContext(o: unknown): Promise<Record<string, unknown>> };
const ActorImpl = () => (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
const ItemImpl = () => (CONFIG.Item as unknown as { documentClass: new (d: object) => StandInItem }).documentClass;
const targets = () => (game.user as unknown as { targets: Set<unknown> }).targets;

/** The classes Foundry gives a sheet's element: every own DEFAULT_OPTIONS.classes up the class chain. */
function classesOf(Sheet: unknown): string[] {
  const classes: string[] = [];
  for (let cls = Sheet as { DEFAULT_OPTIONS?: { classes?: string[] } } | null; cls; cls = Object.getPrototypeOf(cls)) {
    if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) classes.unshift(...(cls.DEFAULT_OPTIONS?.classes ?? []));
  }
  return [...new Set(classes)];
}

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fade" });
  await import("../../src");
  loadWorld(record);
  ({ AnthologyActorSheet } = await import("../../src/sheets/actor-sheet"));
  ({ compactSheet } = await import("../../src/sheets/compact-sheet"));
  ({ firstTarget } = await import("../../src/sheets/first-target"));
  ({ rowItemAction } = await import("../../src/sheets/item-controls"));
  ({ ruleSetItemSheet } = await import("../../src/sheets/rule-set-item-sheet"));
});

beforeEach(() => targets().clear());

describe("firstTarget: the actor a sheet shows its odds against", () => {
  const ours = (actor: { name: string; type: string } | null | undefined): actor is { name: string; type: string } =>
    actor?.type === "ours";

  it("is none without a target, or when the first target's actor is not the rule set's", () => {
    expect(firstTarget(ours)).toBeNull();
    targets().add({ actor: { name: "Wolf", type: "theirs" }, name: "Grey wolf" });
    targets().add({ actor: { name: "Orc", type: "ours" }, name: "Orc" });
    expect(firstTarget(ours)).toBeNull();
    targets().clear();
    targets().add({ actor: null, name: "A tile" });
    expect(firstTarget(ours)).toBeNull();
  });

  it("is the first target's actor, named as its token is (else as the actor is)", () => {
    const orc = { name: "Orc", type: "ours" };
    targets().add({ actor: orc, name: "Orc chief" });
    targets().add({ actor: { name: "Goblin", type: "ours" }, name: "Goblin" });
    expect(firstTarget(ours)).toEqual({ actor: orc, name: "Orc chief" });
    targets().clear();
    targets().add({ actor: orc });
    expect(firstTarget(ours)).toEqual({ actor: orc, name: "Orc" });
  });
});

describe("rowItemAction: a sheet button on an item's row", () => {
  const row = (itemId: string | null) =>
    ({ dataset: {}, closest: () => (itemId ? { dataset: { itemId } } : null) }) as unknown as HTMLElement;

  it("hands the sheet's actor and the row's item over, and nothing when the row names none of its items", async () => {
    const actor = new (ActorImpl())({
      name: "Garret",
      type: "fade-character",
      items: [{ name: "Sword", type: "fade-weapon" }],
    });
    const sword = actor.items.find((i) => i.name === "Sword")!;
    const act = vi.fn(async () => null);
    const action = rowItemAction(act);
    const sheet = { document: actor };
    await action.call(sheet, new Event("click"), row(sword.id));
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith(actor, sword);
    await action.call(sheet, new Event("click"), row(null));
    await action.call(sheet, new Event("click"), row("not-an-item"));
    expect(act).toHaveBeenCalledTimes(1);
  });
});

describe("ruleSetItemSheet: the base of a rule set's item sheets", () => {
  const Base = () => ruleSetItemSheet("myset", "ANTHOLOGY.MySet.details");

  it("scopes the sheet to the rule set's class, with its details tab before the description", () => {
    const ItemBase = Base();
    class MyWeaponSheet extends ItemBase {}
    expect(classesOf(MyWeaponSheet)).toEqual(["anthology", "sheet", "item", "myset"]);
    expect(MyWeaponSheet.TABS).toEqual({
      primary: {
        tabs: [
          { id: "details", icon: "fa-solid fa-sliders", label: "ANTHOLOGY.MySet.details" },
          { id: "description", icon: "fa-solid fa-scroll", label: "ANTHOLOGY.Sheet.Tabs.description" },
        ],
        initial: "details",
      },
    });
  });

  it("adds what its VIEW makes of the item's data and type to the sheet's context", async () => {
    const ItemBase = Base();
    const view = vi.fn((system: Readonly<Record<string, unknown>>, type: string) => ({ seen: { type, system } }));
    class MyWeaponSheet extends ItemBase {
      static override VIEW = view;
    }
    const sword = new (ItemImpl())({ name: "Sword", type: "fade-weapon", system: { baseDamage: "2k1" } });
    const context = await (new MyWeaponSheet({ document: sword }) as unknown as Sheet)._prepareContext({});
    expect(view).toHaveBeenCalledWith(sword.system, "fade-weapon");
    expect(context.seen).toEqual({ type: "fade-weapon", system: sword.system });
    // The shared item sheet's context is still there.
    expect(context.typeLabel).toBe("TYPES.Item.fade-weapon");
  });
});

describe("compactSheet: a rule set's NPC sheet", () => {
  it("is the character sheet in one page: every part but the tab navigation, at its own size", () => {
    class MySheet extends AnthologyActorSheet {
      static override DEFAULT_OPTIONS = { classes: ["myset"], position: { width: 700, height: 800 }, actions: {} };
    }
    class MyNpcSheet extends compactSheet(MySheet, { width: 500, height: 600 }) {}
    expect(MyNpcSheet.name).toBe("MyNpcSheet");
    expect(Object.getPrototypeOf(Object.getPrototypeOf(MyNpcSheet))).toBe(MySheet);
    expect(MyNpcSheet.COMPACT).toBe(true);
    expect(MySheet.COMPACT).toBe(false);
    expect(Object.keys(MySheet.PARTS)).toEqual(["header", "tabs", "effects", "notes"]);
    expect(Object.keys(MyNpcSheet.PARTS)).toEqual(["header", "effects", "notes"]);
    expect(MyNpcSheet.DEFAULT_OPTIONS).toEqual({
      classes: ["compact"],
      position: { width: 500, height: 600 },
      actions: {},
    });
    expect(classesOf(MyNpcSheet)).toEqual(["anthology", "sheet", "actor", "myset", "compact"]);
  });
});
