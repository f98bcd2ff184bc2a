import { describe, expect, it } from "vitest";
import type { Card } from "../../src/play/card";
import type { PlayMessage } from "../../src/play/documents";
import { flowAction, registerFlow, startFlow, type ButtonPress } from "../../src/play/flow-registry";

const press: ButtonPress<{ n: number }, never> = {
  message: { id: "m1" } as unknown as PlayMessage,
  card: { data: { n: 3 } } as unknown as Card<{ n: number }, never>,
  target: null,
};

describe("flow registry", () => {
  it("starts the flow registered under a name with the input given, and returns what it returns", async () => {
    const seen: unknown[] = [];
    registerFlow<{ x: number }>("test.double", ({ x }) => (seen.push(x), x * 2));
    await expect(startFlow("test.double", { x: 21 })).resolves.toBe(42);
    expect(seen).toEqual([21]);
  });

  it("refuses a name nothing registered, naming it", async () => {
    await expect(startFlow("test.nobody", {})).rejects.toThrow('no flow is registered as "test.nobody"');
  });

  it("replaces a flow registered again under the same name", async () => {
    registerFlow("test.again", () => "first");
    registerFlow("test.again", () => "second");
    await expect(startFlow("test.again", null)).resolves.toBe("second");
  });

  it("passes on a flow's failure", async () => {
    registerFlow("test.fails", async () => {
      throw new Error("refused");
    });
    await expect(startFlow("test.fails", null)).rejects.toThrow("refused");
  });

  it("makes a button that keeps its audience and test and runs the flow registered when it is pressed", async () => {
    const enabled = (card: Card<{ n: number }, never>) => card.data.n > 2;
    const button = flowAction<{ n: number }, never>("test.button", { who: "actorOwner", enabled });
    expect(button.who).toBe("actorOwner");
    expect(button.enabled).toBe(enabled);
    // Registered after the button was made, as a plug-in's init does after its kinds are built.
    registerFlow<ButtonPress<{ n: number }, never>>("test.button", ({ card, target, message }) => ({
      n: card.data.n,
      target,
      id: message.id,
    }));
    await expect(button.run(press)).resolves.toEqual({ n: 3, target: null, id: "m1" });
  });
});
