import { beforeAll, describe, expect, it } from "vitest";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";

let record: StandInRecord;

function button(attributes: Record<string, string>) {
  const attrs = new Map(Object.entries(attributes));
  const element = {
    getAttribute: (name: string) => attrs.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attrs.set(name, value),
    removeAttribute: (name: string) => void attrs.delete(name),
    attrs,
  };
  // The event's target is an icon inside the button.
  const icon = { closest: (selector: string) => (selector === "[data-anthology-odds]" ? element : null) };
  return {
    element,
    fire: (type: string) => record.listeners.filter((l) => l.type === type).forEach((l) => l.fn({ target: icon })),
  };
}

beforeAll(async () => {
  record = installFoundry();
  await import("../../src");
  loadWorld(record);
});

describe("odds on hover and focus", () => {
  it("listen on the whole document, in the capture phase, for pointer and keyboard users", () => {
    expect(record.listeners.map((l) => [l.type, l.capture])).toEqual([
      ["pointerover", true],
      ["focusin", true],
    ]);
  });

  it("listen in a window Foundry v14 pops a sheet out into, as in the main one", () => {
    const popped: Array<[string, boolean]> = [];
    const window = {
      document: { addEventListener: (type: string, _fn: unknown, capture: boolean) => popped.push([type, capture]) },
    };
    // v14's openDetachedWindow (v13 never fires it).
    for (const fn of record.hooks.get("openDetachedWindow") ?? []) fn("sheet-1", window);
    expect(popped).toEqual([
      ["pointerover", true],
      ["focusin", true],
    ]);
  });

  it("write the chance to reach the target and of a critical into the tooltip", () => {
    const { element, fire } = button({ "data-anthology-odds": "8k4x", "data-anthology-odds-vs": "30" });
    fire("pointerover");
    expect(element.attrs.get("data-tooltip")).toMatch(/^\d+\.\d% to reach 30 · critical 0\.5%$/);
    expect(element.attrs.get("aria-description")).toBe(element.attrs.get("data-tooltip"));
  });

  it("give the average when there is no target, on focus too", () => {
    const { element, fire } = button({ "data-anthology-odds": "2d6" });
    fire("focusin");
    expect(element.attrs.get("data-tooltip")).toBe("Average 7.0");
  });

  it("show nothing for a formula without odds, and never throw", () => {
    const { element, fire } = button({ "data-anthology-odds": "100k50x2", "data-tooltip": "stale" });
    expect(() => fire("pointerover")).not.toThrow();
    expect(element.attrs.has("data-tooltip")).toBe(false);
    const other = button({ "data-anthology-odds": "<b>8k</b>" });
    other.fire("pointerover");
    expect(other.element.attrs.has("data-tooltip")).toBe(false);
  });

  it("ignore events outside such buttons", () => {
    expect(() => record.listeners.forEach((l) => l.fn({ target: null }))).not.toThrow();
    expect(() => record.listeners.forEach((l) => l.fn({ target: { closest: () => null } }))).not.toThrow();
  });
});
