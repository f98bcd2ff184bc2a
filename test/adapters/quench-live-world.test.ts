import { beforeAll, describe, expect, it } from "vitest";
import type { PlayActor, PlayMessage } from "../../src/play/documents";
import type * as LiveCard from "../../src/quench/live-card";
import type * as LiveWorld from "../../src/quench/live-world";
import { installFoundry, loadWorld } from "../foundry/stand-in";

// The Quench helpers every rule set's batch uses in a live world (src/quench/live-world.ts and
// live-card.ts): what a batch made goes afterwards, with the messages naming it, and nothing else.

type Doc = { id: string; uuid: string; name: string; delete(): Promise<unknown> };
type Documents<T> = { readonly size: number; readonly contents: T[]; has(id: string): boolean; get(id: string): T };
type World = { actors: Documents<Doc>; messages: Documents<PlayMessage & Doc> };
const world = () => game as unknown as World;
const ids = (documents: Documents<Doc>) => documents.contents.map((d) => d.id).sort();

let quench: typeof LiveWorld;
let cards: typeof LiveCard;
let postBleed: (bearer: PlayActor, bleed: number) => Promise<PlayMessage>;

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fade" });
  await import("../../src");
  loadWorld(record);
  quench = await import("../../src/quench/live-world");
  cards = await import("../../src/quench/live-card");
  ({ postBleed } = await import("../../src/rulesets/fade/chat/bleed"));
});

const line = (content: string, actor: string) =>
  (ChatMessage.implementation as unknown as { create(d: object): Promise<PlayMessage & Doc> }).create({
    content,
    speaker: { actor },
  });

describe("Quench helpers: a batch's live world", () => {
  it("clears the actors it made and the messages naming them (a card's actor, a line's speaker), nothing else", async () => {
    const live = quench.liveWorld();
    const a = await live.actor<Doc>({ name: "Quench A", type: "fade-npc", system: { classHp: 20 } });
    const b = await live.actor<Doc>({ name: "Quench B", type: "fade-npc" });
    const outsider = (await (Actor as unknown as { create(d: object): Promise<Doc> }).create({
      name: "Not the batch's",
      type: "fade-npc",
      system: { classHp: 20 },
    }))!;
    const card = await postBleed(a as unknown as PlayActor, 1);
    const spoken = await line("B speaks", b.id);
    const kept = [
      (await postBleed(outsider as unknown as PlayActor, 1)) as PlayMessage & Doc,
      await line("someone else", outsider.id),
    ];
    expect(world().messages.size).toBe(4);

    await live.clear();
    expect(ids(world().actors)).toEqual([outsider.id]);
    expect(ids(world().messages)).toEqual(kept.map((m) => m.id).sort());
    expect(world().messages.has(card.id) || world().messages.has(spoken.id)).toBe(false);
    for (const m of kept) await m.delete();
    await outsider.delete();
  });

  it("deletes what it kept too, the last made first, and only once", async () => {
    const live = quench.liveWorld();
    const deleted: string[] = [];
    const made = (id: string) => ({ id, uuid: `Thing.${id}`, delete: async () => deleted.push(id) });
    expect(live.keep(made("first")).id).toBe("first");
    live.keep(made("second"));
    await live.clear();
    await live.clear();
    expect(deleted).toEqual(["second", "first"]);
  });

  it("reads a posted card through its kind, from the world's copy of its message, and refuses a message without one", async () => {
    const bearer = (await (Actor as unknown as { create(d: object): Promise<Doc> }).create({
      name: "Bearer",
      type: "fade-npc",
      system: { classHp: 20 },
    }))!;
    const posted = await postBleed(bearer as unknown as PlayActor, 2);
    const fresh = cards.freshMessage(posted);
    expect(fresh).toBe(world().messages.get(posted.id));
    const card = cards.postedCard<{ bleed: number }, unknown>(fresh);
    expect(card.kind).toBe("bleed");
    expect(card.data.bleed).toBe(2);
    const plain = await line("no card", bearer.id);
    expect(() => cards.postedCard(plain)).toThrow("not a readable card: none");
    for (const m of [posted, plain]) await (m as unknown as Doc).delete();
    await bearer.delete();
  });
});
