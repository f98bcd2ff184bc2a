import { beforeAll, describe, expect, it } from "vitest";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { typedInChat } from "../foundry/chat-input";

let record: StandInRecord;
/** A line typed into this generation's chat input (v14's rich editor sends HTML), as the hook receives it. */
const chat = (line: string) => (record.hooks.get("chatMessage") ?? []).map((fn) => fn({}, typedInChat(line), {}));
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeAll(async () => {
  record = installFoundry();
  await import("../../src");
  loadWorld(record);
});

describe("/odds in chat", () => {
  it("whispers the odds card to the caller and keeps the command out of the log", async () => {
    expect(chat("/odds 8k4x vs 30")).toEqual([false]);
    await settle();
    const { path, data } = record.rendered.at(-1)! as {
      path: string;
      data: { odds: { formula: string; target: number; atLeast: string; critical: string } };
    };
    expect(path).toBe("systems/anthology/templates/chat/odds-card.hbs");
    expect(data.odds).toMatchObject({ formula: "8k4x", target: 30 });
    expect(data.odds.atLeast).toMatch(/^\d+\.\d%$/);
    expect(record.messages.at(-1)).toMatchObject({ whisper: ["user1"], speaker: { alias: "Gamemaster" } });
  });

  it("reads the command with spaces and signs as typed (v14's editor escapes them)", async () => {
    expect(chat("/odds  4dF+2 vs 3")).toEqual([false]);
    await settle();
    const { data } = record.rendered.at(-1)! as { data: { odds: { formula: string; target: number } } };
    expect(data.odds).toMatchObject({ formula: "4dF+2", target: 3 });
  });

  it("leaves every other chat line to Foundry", () => {
    expect(chat("/r 8k4")).toEqual([undefined]);
    expect(chat("hello /odds")).toEqual([undefined]);
  });

  it("answers a malformed or too costly formula with a message, not a card", async () => {
    const before = record.messages.length;
    chat("/odds 5k3x1");
    chat("/odds 100k50x2");
    chat("/odds");
    await settle();
    expect(record.messages.length).toBe(before);
    const texts = record.notifications.map((n) => n.message);
    expect(texts).toContain('In "5k3x1" every face of a d10 would explode, so the roll would never end.');
    expect(texts.some((t) => t.includes("would take more than 300,000,000 steps"))).toBe(true);
    expect(texts).toContain("Type /odds followed by a dice formula, for example /odds 8k4x vs 30.");
  });
});
