import { describe, expect, it } from "vitest";
import {
  finiteOrZero,
  itemQuantity,
  itemRow,
  itemsOfType,
  sortedItems,
  type SheetItem,
} from "../../src/sheets/item-rows";
import { DESCRIPTION_TAB, NOTES_TAB, detailsTab, primaryTabs } from "../../src/sheets/tabs";
import { compactParts, partTemplates, ruleSetParts } from "../../src/sheets/parts";

const item = (name: string, type: string, sort?: number, system: Record<string, unknown> = {}): SheetItem => ({
  id: `id-${name}`,
  name,
  img: `${name}.webp`,
  type,
  sort,
  system,
});

describe("item rows, as every rule set's sheet lists an actor's items", () => {
  const items = [item("Sword", "weapon", 2), item("Axe", "weapon", 2), item("Rope", "gear"), item("Bow", "weapon", 1)];

  it("sorts by the items' sort, then by name, leaving the actor's list as it was", () => {
    expect(sortedItems(items).map((i) => i.name)).toEqual(["Rope", "Bow", "Axe", "Sword"]);
    expect(items.map((i) => i.name)).toEqual(["Sword", "Axe", "Rope", "Bow"]);
  });

  it("keeps the items of one type, in that order", () => {
    expect(itemsOfType(items, "weapon").map((i) => i.name)).toEqual(["Bow", "Axe", "Sword"]);
    expect(itemsOfType(items, "armor")).toEqual([]);
  });

  it("starts each row with the id its controls act on, the name and the picture", () => {
    expect(itemRow(items[0]!)).toEqual({ id: "id-Sword", name: "Sword", img: "Sword.webp" });
  });

  it("reads a stored number as 0 unless it is a finite number", () => {
    expect([3, -2.5, 0, Number.NaN, Infinity, "4", null, undefined].map(finiteOrZero)).toEqual([
      3, -2.5, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it("counts one of an item whose quantity is not a number", () => {
    expect(itemQuantity(item("Arrows", "gear", 0, { quantity: 20 }))).toBe(20);
    expect(itemQuantity(item("Arrows", "gear", 0, { quantity: 0 }))).toBe(0);
    expect(itemQuantity(item("Rope", "gear"))).toBe(1);
    expect(itemQuantity(item("Rope", "gear", 0, { quantity: "2" }))).toBe(1);
  });
});

describe("sheet tabs", () => {
  it("opens a group of tabs on its first", () => {
    const tabs = primaryTabs(detailsTab("ANTHOLOGY.X.details"), DESCRIPTION_TAB);
    expect(tabs).toEqual({
      primary: {
        tabs: [
          { id: "details", icon: "fa-solid fa-sliders", label: "ANTHOLOGY.X.details" },
          { id: "description", icon: "fa-solid fa-scroll", label: "ANTHOLOGY.Sheet.Tabs.description" },
        ],
        initial: "details",
      },
    });
    expect(primaryTabs(NOTES_TAB).primary!.initial).toBe("notes");
  });
});

describe("a rule set's sheet parts", () => {
  const parts = ruleSetParts("myset");
  const own = (name: string) => `systems/anthology/templates/rulesets/myset/sheets/${name}.hbs`;

  it("builds the character sheet from its header and tabs, around the tab navigation and the shared effects and notes", () => {
    const actor = parts.actor("traits", "combat");
    expect(actor).toEqual({
      header: { template: own("header") },
      tabs: { template: "templates/generic/tab-navigation.hbs" },
      traits: { template: own("traits"), scrollable: [""] },
      combat: { template: own("combat"), scrollable: [""] },
      effects: { template: "systems/anthology/templates/sheets/actor/effects.hbs", scrollable: [""] },
      notes: { template: "systems/anthology/templates/sheets/actor/notes.hbs", scrollable: [""] },
    });
    expect(Object.keys(compactParts(actor))).toEqual(["header", "traits", "combat", "effects", "notes"]);
  });

  it("builds an item sheet from its details, between the shared header and the rich description", () => {
    const weapon = parts.item("weapon-details");
    expect(weapon).toEqual({
      header: { template: "systems/anthology/templates/sheets/item/header.hbs" },
      tabs: { template: "templates/generic/tab-navigation.hbs" },
      details: { template: own("weapon-details"), scrollable: [""] },
      description: { template: "systems/anthology/templates/sheets/item/rich-description.hbs", scrollable: [""] },
    });
    expect(partTemplates(weapon, parts.item("armor-details"))).toEqual([
      "systems/anthology/templates/sheets/item/header.hbs",
      own("weapon-details"),
      "systems/anthology/templates/sheets/item/rich-description.hbs",
      own("armor-details"),
    ]);
  });
});
