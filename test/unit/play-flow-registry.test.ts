import { describe, expect, it } from "vitest";
import { flowRegistry } from "../../src/play/flow-registry";

// A card's button starts a flow through its rule set's registry, which the flows fill at init: the
// button finds the flow by name, and a flow nobody provided fails loudly instead of doing nothing.

interface Flows {
  reroll(card: string): string;
  answer(card: string, row: number): string;
}

describe("a rule set's flow registry", () => {
  it("gives each flow provided, by name; a flow provided again is the newer one", () => {
    const flows = flowRegistry<Flows>("a rule set");
    flows.provide({ reroll: (card) => `reroll ${card}` });
    flows.provide({ answer: (card, row) => `answer ${card}.${row}` });
    expect(flows.flow("reroll")("c1")).toBe("reroll c1");
    expect(flows.flow("answer")("c1", 2)).toBe("answer c1.2");
    flows.provide({ reroll: (card) => `again ${card}` });
    expect(flows.flow("reroll")("c1")).toBe("again c1");
  });

  it("refuses a flow that was never provided, naming it and its rule set", () => {
    const flows = flowRegistry<Flows>("The Test");
    flows.provide({ reroll: (card) => card });
    expect(() => flows.flow("answer")).toThrow('no flow "answer" of The Test');
  });

  it("keeps each rule set's flows apart", () => {
    const one = flowRegistry<Flows>("one");
    const two = flowRegistry<Flows>("two");
    one.provide({ reroll: () => "one" });
    expect(() => two.flow("reroll")).toThrow("of two");
  });
});
