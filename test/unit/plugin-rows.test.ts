import { describe, expect, it } from "vitest";
import { documentRows, sheetLabelKey } from "../../src/rulesets/plugin-rows";

// A plug-in's data models and sheets from one row per type (src/rulesets/plugin-rows.ts).
const table = {
  id: "sample",
  i18n: "Sample",
  documentTypes: {
    Actor: [{ name: "character", htmlFields: [] }],
    Item: [
      { name: "weapon", htmlFields: [] },
      { name: "gift", htmlFields: [] },
    ],
  },
};
class ActorData {}
class WeaponData {}
class GiftData {}
const ActorSheet = { name: "ActorSheet" };
const WeaponSheet = { name: "WeaponSheet" };

describe("documentRows", () => {
  it("files each type under its document, with its model, and its sheet labelled by the pattern", () => {
    const rows = documentRows(table, {
      character: [ActorData, ActorSheet],
      weapon: [WeaponData, WeaponSheet],
      gift: [GiftData],
    });
    expect(rows.dataModels).toEqual({ Actor: { character: ActorData }, Item: { weapon: WeaponData, gift: GiftData } });
    expect(rows.sheets).toEqual({
      Actor: { character: { sheet: ActorSheet, label: "ANTHOLOGY.Sample.Sheet.characterLabel" } },
      Item: { weapon: { sheet: WeaponSheet, label: "ANTHOLOGY.Sample.Sheet.weaponLabel" } },
    });
  });

  it("refuses a type the table does not declare, or declares for both documents", () => {
    expect(() => documentRows(table, { shield: [WeaponData] })).toThrow(/"shield"/);
    const both = { ...table, documentTypes: { ...table.documentTypes, Actor: [{ name: "weapon", htmlFields: [] }] } };
    expect(() => documentRows(both, { weapon: [WeaponData] })).toThrow(/"weapon"/);
  });
});

describe("sheetLabelKey", () => {
  it("is the rule set's Sheet.<type>Label key", () => {
    expect(sheetLabelKey("FadingSuns", "skill")).toBe("ANTHOLOGY.FadingSuns.Sheet.skillLabel");
  });
});
