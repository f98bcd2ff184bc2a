import { describe, expect, it } from "vitest";
import { oneAtATime } from "../../src/play/lock";

// The GM's client works on one card at a time (an apply, an undo, a spend): work under one key waits
// for the work before it, even when that work fails; other keys and other queues do not wait.

/** A promise and the functions that settle it. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("one at a time", () => {
  it("runs work under one key in the order asked, each after the last has settled", async () => {
    const queue = oneAtATime();
    const order: string[] = [];
    const first = deferred();
    const a = queue("card", async () => (order.push("a starts"), await first.promise, order.push("a ends")));
    const b = queue("card", async () => (order.push("b"), "b"));
    await tick();
    expect(order).toEqual(["a starts"]);
    first.resolve();
    expect(await b).toBe("b");
    await a;
    expect(order).toEqual(["a starts", "a ends", "b"]);
  });

  it("goes on after a failure, and the failure reaches only its own caller", async () => {
    const queue = oneAtATime();
    const failed = queue("card", () => Promise.reject(new Error("refused")));
    const next = queue("card", () => Promise.resolve(2));
    await expect(failed).rejects.toThrow("refused");
    expect(await next).toBe(2);
  });

  it("does not hold other keys, nor another queue's same key", async () => {
    const queue = oneAtATime();
    const other = oneAtATime();
    const held = deferred();
    const order: string[] = [];
    const a = queue("card", async () => (await held.promise, order.push("a")));
    await Promise.all([
      queue("other card", async () => order.push("other card")),
      other("card", async () => order.push("other queue")),
    ]);
    expect(order).toEqual(["other card", "other queue"]);
    held.resolve();
    await a;
    expect(order).toEqual(["other card", "other queue", "a"]);
  });
});
