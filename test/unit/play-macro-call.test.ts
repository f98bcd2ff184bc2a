import { describe, expect, it } from "vitest";
import {
  ROLL_DRAG_TYPE,
  isBadCall,
  parseRollCall,
  rollCommand,
  rollDragData,
  rollMacroData,
  type RollDrop,
} from "../../src/play/macro-call";

/** Runs a macro's command with a stand-in `game` and gives what the public function received. */
function callOf(command: string): unknown {
  const received: unknown[] = [];
  const game = { anthology: { play: { roll: (args: unknown) => received.push(args) } } };
  new Function("game", command)(game);
  expect(received).toHaveLength(1);
  return received[0];
}

const drop: RollDrop = {
  actor: "Actor.garret",
  ruleSet: "fade",
  kind: "attack",
  item: "sword1",
  key: null,
  name: "Longsword",
  img: "icons/sword.svg",
};

describe("play.roll's arguments", () => {
  it("takes an object with a kind, and an actor, item, key and rule set as texts (trimmed, empty as none)", () => {
    expect(parseRollCall({ kind: " skill ", actor: "Actor.a", key: "athletics", item: "" })).toEqual({
      kind: "skill",
      actor: "Actor.a",
      item: null,
      key: "athletics",
      ruleSet: null,
    });
    expect(parseRollCall({ kind: "check", key: 3 })).toMatchObject({ key: "3" });
  });

  it("refuses anything else with a message naming the field", () => {
    for (const [input, field] of [
      [undefined, "kind"],
      ["attack", "kind"],
      [["attack"], "kind"],
      [{}, "kind"],
      [{ kind: "  " }, "kind"],
      [{ kind: 3 }, "kind"],
      [{ kind: "attack", actor: { id: "x" } }, "actor"],
      [{ kind: "attack", item: 7 }, "item"],
      [{ kind: "attack", key: Infinity }, "key"],
      [{ kind: "attack", ruleSet: "x".repeat(201) }, "ruleSet"],
    ] as const) {
      const parsed = parseRollCall(input);
      expect(isBadCall(parsed), JSON.stringify(input)).toBe(true);
      expect(parsed).toEqual({ problem: "ANTHOLOGY.Macro.badCall", data: { field } });
    }
  });
});

describe("a sheet row's drag data", () => {
  it("keeps an item row's Item data (it still drops on sheets) and adds the roll it makes", () => {
    const item = { type: "Item", uuid: "Actor.a.Item.i" };
    expect(rollDragData({ rollKind: "attack", itemId: "i" }, "Actor.a", item)).toEqual({
      type: "Item",
      uuid: "Actor.a.Item.i",
      anthology: { kind: "attack" },
    });
    expect(rollDragData({ itemId: "i" }, "Actor.a", item)).toEqual(item);
  });

  it("names the actor, roll, key, name and picture of any other row; none for a row that rolls nothing", () => {
    expect(rollDragData({ rollKind: "skill", rollKey: "athletics", rollName: "Athletics" }, "Actor.a", null)).toEqual({
      type: ROLL_DRAG_TYPE,
      actor: "Actor.a",
      kind: "skill",
      key: "athletics",
      name: "Athletics",
      img: null,
    });
    expect(rollDragData({ rollKind: "dodge" }, "Actor.a", null)).toMatchObject({ name: "dodge", key: null });
    expect(rollDragData({}, "Actor.a", null)).toBeNull();
  });

  it("is self-contained, so a browser can run it as it is", () => {
    const copy = new Function(`return (${rollDragData.toString()})`)() as typeof rollDragData;
    expect(copy({ rollKind: "check", rollKey: "strength" }, "Actor.b", null)).toMatchObject({ kind: "check" });
  });
});

describe("the macro a drop makes", () => {
  it("is a script named and pictured after its row, whose command calls play.roll with the drop's data", () => {
    const data = rollMacroData(drop);
    expect(data).toMatchObject({ name: "Longsword", type: "script", img: "icons/sword.svg" });
    expect(data.command).toBe(
      'game.anthology.play.roll({"actor":"Actor.garret","ruleSet":"fade","kind":"attack","item":"sword1"});',
    );
    expect(callOf(data.command)).toEqual({ actor: "Actor.garret", ruleSet: "fade", kind: "attack", item: "sword1" });
  });

  it("carries a key instead of an item for a skill, and reads back through parseRollCall", () => {
    const command = rollCommand({ ...drop, kind: "skill", item: null, key: "athletics" });
    expect(parseRollCall(callOf(command))).toEqual({
      actor: "Actor.garret",
      ruleSet: "fade",
      kind: "skill",
      item: null,
      key: "athletics",
    });
  });

  it("never puts a name in the command, and escapes markup and quotes in what it carries", () => {
    const hostile = `</script><img src=x onerror=alert(1)>"');`;
    const data = rollMacroData({ ...drop, name: `<b>Sword</b>`, item: null, kind: "skill", key: hostile });
    expect(data.command).not.toMatch(/[<>]/);
    expect(data.command).not.toContain("Sword");
    expect(callOf(data.command)).toMatchObject({ key: hostile });
    // The name is the macro's (Foundry shows document names as text), trimmed and kept short.
    expect(data.name).toBe("<b>Sword</b>");
    expect(rollMacroData({ ...drop, name: "   " }).name).toBe("attack");
    expect(rollMacroData({ ...drop, name: "x".repeat(300) }).name).toHaveLength(200);
  });

  it("makes the same command from the same drop, so a second drop finds the first macro", () => {
    expect(rollMacroData(drop).command).toBe(rollMacroData({ ...drop }).command);
    expect(rollMacroData(drop).command).not.toBe(rollMacroData({ ...drop, actor: "Actor.other" }).command);
  });
});
