import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollDragData } from "../../src/play/macro-call";
import type { StandInActor } from "../foundry/documents";
import type { StandInMacro } from "../foundry/macros";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { fighterItemData, fighterSystem } from "../support/fade-fixtures";
import { kiraItemData, kiraSystem } from "../support/opend6-fixtures";
import { launchBrowser, openSheet, renderTemplate, screenshot } from "./harness";

// Drag to hotbar: the real Fade sheet rendered from its templates and compiled CSS in Chromium; a real
// mouse drag from a row to a hotbar slot carries the drag data through the browser's DataTransfer, and
// the system's `hotbarDrop` handler (on the Foundry stand-in) makes the macro from what was dropped.

type Sheet = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
  _onDragStart(event: unknown): unknown;
};
type SheetClass = (new (o: object) => Sheet) & { PARTS: Record<string, { template: string }> };

const PREFIX = "systems/anthology/templates/";
let browser: Browser;
let page: Page;
let garret: StandInActor;
let Sheet: SheetClass;
let lastRollMacro: () => Promise<unknown>;

/** Renders each part of the sheet, every tab active, as Foundry fills them. */
async function renderParts(document: unknown, Sheet: SheetClass): Promise<string[]> {
  const sheet = new Sheet({ document });
  const context = { ...(await sheet._prepareContext({})), editable: true, systemFields: { notes: { kind: "html" } } };
  const html: string[] = [];
  for (const [partId, part] of Object.entries(Sheet.PARTS)) {
    if (!part.template.startsWith(PREFIX)) continue;
    const partContext = { ...(await sheet._preparePartContext(partId, context, {})), tab: { cssClass: "active" } };
    html.push(renderTemplate(part.template.slice(PREFIX.length), partContext));
  }
  return html;
}

/**
 * In the page, what Foundry's DragDrop does for an ActorSheetV2 (`.draggable` rows made draggable, the
 * sheet's dragstart called with the row as currentTarget), with the sheet's drag data from the system's
 * own `rollDragData`; and a hotbar slot that keeps what is dropped on it, as Foundry's Hotbar reads it.
 */
async function wireDragAndHotbar(actorUuid: string, items: Record<string, object>): Promise<void> {
  await page.addScriptTag({
    content: `
      const rollDragData = (${rollDragData.toString()});
      const items = ${JSON.stringify(items)};
      for (const row of document.querySelectorAll("#sheet .draggable")) {
        row.setAttribute("draggable", "true");
        row.addEventListener("dragstart", (event) => {
          const data = rollDragData(event.currentTarget.dataset, ${JSON.stringify(actorUuid)}, items[event.currentTarget.dataset.itemId] ?? null);
          window.rowDataset = { ...event.currentTarget.dataset };
          if (data) event.dataTransfer.setData("text/plain", JSON.stringify(data));
        });
      }
      const bar = document.createElement("ol");
      bar.id = "hotbar";
      bar.innerHTML = '<li class="macro" data-slot="3" style="width:60px;height:60px;background:#ccc">3</li>';
      bar.style.cssText = "position:fixed;right:8px;top:8px;z-index:100;list-style:none";
      document.body.append(bar);
      bar.addEventListener("dragover", (event) => event.preventDefault());
      bar.addEventListener("drop", (event) => {
        event.preventDefault();
        window.dropped = { data: event.dataTransfer.getData("text/plain"), slot: Number(event.target.closest("[data-slot]").dataset.slot) };
      });`,
  });
}

/** Drags a row of the rendered sheet onto slot 3 with the mouse; what the slot received, and the row's dataset. */
async function dragToHotbar(row: string): Promise<{ data: Record<string, unknown>; slot: number; dataset: object }> {
  await page.evaluate(() => {
    delete (window as { dropped?: unknown }).dropped;
  });
  await page.locator(row).first().scrollIntoViewIfNeeded();
  await page.dragAndDrop(row, '#hotbar [data-slot="3"]');
  const { dropped, dataset } = await page.evaluate(() => ({
    dropped: (window as unknown as { dropped?: { data: string; slot: number } }).dropped,
    dataset: (window as unknown as { rowDataset: object }).rowDataset,
  }));
  expect(dropped, `a drop from ${row}`).toBeTruthy();
  return { data: JSON.parse(dropped!.data) as Record<string, unknown>, slot: dropped!.slot, dataset };
}

/** The sheet's own dragstart (the class's _onDragStart) on a row with that dataset: the data it sets. */
function sheetDragData(dataset: object, document: StandInActor = garret, SheetOf: SheetClass = Sheet): unknown {
  let data = "";
  new SheetOf({ document })._onDragStart({
    currentTarget: { dataset },
    target: { dataset: {} },
    dataTransfer: { setData: (_type: string, value: string) => (data = value) },
  });
  return JSON.parse(data);
}

/** Foundry's Hotbar drop: the `hotbarDrop` hook; when a handler took it, the macro it made. */
async function dropOnHotbar(data: unknown, slot: number): Promise<StandInMacro> {
  const handled = (Hooks as unknown as { call(hook: string, ...a: unknown[]): boolean }).call(
    "hotbarDrop",
    {},
    data,
    slot,
  );
  expect(handled).toBe(false);
  return (await lastRollMacro()) as StandInMacro;
}

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fade" });
  await import("../../src");
  loadWorld(record);
  Sheet = (await import("../../src/rulesets/fade/sheets")).FadeActorSheet as unknown as SheetClass;
  ({ lastRollMacro } = await import("../../src/play/hotbar"));
  const Actor = (CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } })
    .documentClass;
  garret = await Actor.create({
    name: `<b>Garret</b>`,
    type: "fade-character",
    system: fighterSystem,
    items: fighterItemData,
    ownership: { user1: 3 },
  });
  browser = await launchBrowser();
  page = await openSheet(browser, "anthology actor fade", await renderParts(garret, Sheet));
  await page.setViewportSize({ width: 760, height: 900 });
  const items = Object.fromEntries(garret.items.contents.map((i) => [i.id, i.toDragData()]));
  await wireDragAndHotbar(garret.uuid, items);
});
afterAll(async () => browser?.close());

describe("drag to hotbar (the Fade sheet in Chromium)", () => {
  it("drags a weapon row as its Item with the attack it makes, and the drop makes the attack's macro", async () => {
    const sword = garret.items.find((i) => i.name === "Longsword <i>of</i> Ash")!;
    const { data, slot, dataset } = await dragToHotbar(`.anthology-fade-weapons tr[data-item-id="${sword.id}"]`);
    expect(data).toEqual({ type: "Item", uuid: sword.uuid, anthology: { kind: "attack" } });
    expect(sheetDragData(dataset)).toEqual(data);
    const macro = await dropOnHotbar(data, slot);
    expect(macro).toMatchObject({ name: "Longsword <i>of</i> Ash", type: "script", img: sword.img });
    expect(macro.command).toBe(
      `game.anthology.play.roll({"actor":"${garret.uuid}","ruleSet":"fade","kind":"attack","item":"${sword.id}"});`,
    );
    expect((game.user as unknown as { hotbar: Record<string, string> }).hotbar["3"]).toBe(macro.id);
    await screenshot(page, "hotbar-fade-weapon");
  });

  it("drags a skill row as its roll, named in the user's words, and the drop makes the skill's macro", async () => {
    const { data, slot, dataset } = await dragToHotbar('.draggable[data-roll-key="heal"]');
    expect(data).toEqual({
      type: "AnthologyRoll",
      actor: garret.uuid,
      kind: "skill",
      key: "heal",
      name: "Heal",
      img: null,
    });
    expect(sheetDragData(dataset)).toEqual(data);
    const macro = await dropOnHotbar(data, slot);
    expect(macro).toMatchObject({ name: "Heal", img: "icons/svg/sword.svg" });
    expect(macro.command).toBe(
      `game.anthology.play.roll({"actor":"${garret.uuid}","ruleSet":"fade","kind":"skill","key":"heal"});`,
    );
  });

  it("drags the dodge (the sheet's Reaction) as a roll of its own", async () => {
    const { data, slot } = await dragToHotbar('[data-roll-kind="dodge"]');
    expect(data).toMatchObject({ type: "AnthologyRoll", kind: "dodge", name: "Reaction" });
    const macro = await dropOnHotbar(data, slot);
    expect(macro.command).toBe(`game.anthology.play.roll({"actor":"${garret.uuid}","ruleSet":"fade","kind":"dodge"});`);
  });

  it("still drags gear as a plain Item, which Foundry's own drop handles", async () => {
    const rations = garret.items.find((i) => i.name === "Rations")!;
    const { data, slot } = await dragToHotbar(`tr[data-item-id="${rations.id}"]`);
    expect(data).toEqual({ type: "Item", uuid: rations.uuid });
    expect((Hooks as unknown as { call(h: string, ...a: unknown[]): boolean }).call("hotbarDrop", {}, data, slot)).toBe(
      true,
    );
  });
});

describe("drag to hotbar (an OpenD6 sheet in Chromium: a row holding an input drags by its name)", () => {
  let kira: StandInActor;
  let OpenD6Sheet: SheetClass;

  beforeAll(async () => {
    OpenD6Sheet = (await import("../../src/rulesets/opend6/sheets")).OpenD6ActorSheet as unknown as SheetClass;
    const Actor = (CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } })
      .documentClass;
    kira = await Actor.create({
      name: "Kira",
      type: "opend6-character",
      system: kiraSystem,
      items: kiraItemData,
      ownership: { user1: 3 },
    });
    page = await openSheet(browser, "anthology actor opend6", await renderParts(kira, OpenD6Sheet));
    await page.setViewportSize({ width: 760, height: 900 });
    await wireDragAndHotbar(kira.uuid, Object.fromEntries(kira.items.contents.map((i) => [i.id, i.toDragData()])));
  });

  it("drags a skill by its label, and the drop makes the skill's macro", async () => {
    const { data, slot, dataset } = await dragToHotbar('label.draggable[data-roll-key="dodge"]');
    expect(data).toEqual({
      type: "AnthologyRoll",
      actor: kira.uuid,
      kind: "skill",
      key: "dodge",
      name: "dodge", // OpenD6 names its skills in lower case
      img: null,
    });
    expect(sheetDragData(dataset, kira, OpenD6Sheet)).toEqual(data);
    const macro = await dropOnHotbar(data, slot);
    expect(macro.command).toBe(
      `game.anthology.play.roll({"actor":"${kira.uuid}","ruleSet":"opend6","kind":"skill","key":"dodge"});`,
    );
    await screenshot(page, "hotbar-opend6-skill");
  });

  it("a drag inside the skill's input selects its text and drags nothing", async () => {
    const input = page.locator('li[data-skill="dodge"] input');
    await input.fill("+1D+2");
    const box = (await input.boundingBox())!;
    await page.evaluate(() => {
      delete (window as { rowDataset?: unknown }).rowDataset;
    });
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await page.evaluate(() => (window as { rowDataset?: unknown }).rowDataset)).toBeUndefined();
  });
});
