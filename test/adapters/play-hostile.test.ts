import type * as Sheets from "../../src/rulesets/fade/sheets";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { fadeActors, target, hitTheGoblin as hitTheGoblinFrom } from "../support/fade-world";
import { as, cardData, connect, loadPlay, press, pressThroughGm, playerWorld, clean } from "../support/play";

// Issue 26, the shared play layer, tried as a hostile player would (user1, owner of Garret only, with
// a GM connected): rows repeated on a card or a copy of it, a row asked for again once the target's
// record of undo has moved on, and the card's own HTML rewritten. Each of these changed the goblin
// more than once, or showed the GM what the author wrote, before the play layer was fixed.

let record: StandInRecord;
let sheets: typeof Sheets;
let play: Awaited<ReturnType<typeof loadPlay>>;
let garret: StandInActor;
let goblin: StandInActor;

const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const lastNotice = () => record.notifications.at(-1)?.message;
const ledger = (actor: StandInActor) =>
  ((actor.flags.anthology as Record<string, unknown> | undefined)?.applied ?? {}) as Record<
    string,
    Record<string, unknown>
  >;

/** Garret's attack on the goblin (test/support/fade-world.ts): 6 HP after Soak, 10 to 4. */
const hitTheGoblin = () => hitTheGoblinFrom(record, sheets, garret);

const applyThroughGm = (message: StandInMessage, row = 0) => pressThroughGm(record, message, "apply", row);

/** Runs `fn` as the GM's own client. */
const asGm = <T>(fn: () => Promise<T> | T) => as("gm1", fn);

beforeAll(async () => {
  record = await playerWorld("fade");
  play = await loadPlay();
  sheets = await import("../../src/rulesets/fade/sheets");
  connect({ id: "user2", isGM: false });
});

beforeEach(async () => {
  connect();
  ({ garret, goblin } = await asGm(() => fadeActors()));
  await clean(record);
  target(goblin, "Goblin");
});

describe("the stand-in's server refuses what Foundry's refuses", () => {
  it("refuses a player's write to an actor they do not own, and lets them write their own", async () => {
    expect(goblin.isOwner).toBe(false);
    await expect(goblin.update({ "system.hp.value": 1 })).rejects.toThrow(/lacks permission/);
    await expect(goblin.createEmbeddedDocuments("ActiveEffect", [{ name: "x" }])).rejects.toThrow(/lacks permission/);
    expect(hp(goblin)).toBe(10);
    await garret.update({ "system.hp.value": 9 });
    expect(hp(garret)).toBe(9);
  });

  it("names a message's author and time itself: a player cannot write as the GM or change either later", async () => {
    const ChatMessage = (
      globalThis as unknown as { ChatMessage: { implementation: { create(d: object): Promise<StandInMessage> } } }
    ).ChatMessage.implementation;
    await expect(ChatMessage.create({ content: "x", author: "gm1" })).rejects.toThrow(/another user/);
    const early = await ChatMessage.create({ content: "a", timestamp: 1, _stats: { createdTime: 1 } });
    const late = await ChatMessage.create({ content: "b", timestamp: 1 });
    expect(early.author?.id).toBe("user1");
    // The client's own `timestamp` is kept and its author may change it; the server's stamp is not theirs.
    const created = (m: StandInMessage) => (m as unknown as { _stats: { createdTime: number } })._stats.createdTime;
    expect((early as unknown as { timestamp: number }).timestamp).toBe(1);
    expect(created(early)).toBeGreaterThan(1);
    expect(created(late)).toBeGreaterThan(created(early));
    await expect(early.update({ author: "gm1" })).rejects.toThrow(/may not change author/);
    await early.update({ timestamp: 2, "_stats.createdTime": 5 });
    expect((early as unknown as { timestamp: number }).timestamp).toBe(2);
    expect(created(early)).toBeGreaterThan(5);
    await expect(as("user2", () => early.update({ content: "c" }))).rejects.toThrow(/lacks permission/);
  });
});

describe("one apply per card and target, whatever the rows say", () => {
  it("refuses the same target listed again on the author's own card", async () => {
    const attack = await hitTheGoblin();
    const row = cardData(attack).targets[0]!;
    await attack.update({ "flags.anthology.card.targets": [row, row, row] });
    expect(await applyThroughGm(attack, 0)).toBe(true);
    expect(hp(goblin)).toBe(4);
    expect(await applyThroughGm(attack, 1)).toBe(false);
    expect(lastNotice()).toBe("This has already been applied to Goblin.");
    expect(await applyThroughGm(attack, 2)).toBe(false);
    expect(hp(goblin)).toBe(4);
  });

  it("refuses a row moved to another place on the card after it was applied", async () => {
    const { goblin: other } = await asGm(() => fadeActors());
    const attack = await hitTheGoblin();
    expect(await applyThroughGm(attack, 0)).toBe(true);
    const row = { ...cardData(attack).targets[0]!, applied: null };
    // The goblin's row moves to second place; the first is now someone else.
    await attack.update({ "flags.anthology.card.targets": [{ ...row, uuid: other.uuid, name: "Other" }, row] });
    expect(await applyThroughGm(attack, 1)).toBe(false);
    expect(hp(goblin)).toBe(4);
  });

  it("applies a new message with 32 copies of one row at most once", async () => {
    const honest = await hitTheGoblin();
    const row = cardData(honest).targets[0]!;
    const ChatMessage = (
      globalThis as unknown as { ChatMessage: { implementation: { create(d: object): Promise<StandInMessage> } } }
    ).ChatMessage.implementation;
    const copy = await ChatMessage.create({
      content: honest.content,
      speaker: honest.speaker,
      rolls: honest.rolls,
      flags: { anthology: { card: { ...cardData(honest), targets: Array.from({ length: 32 }, () => row) } } },
    });
    const results: unknown[] = [];
    for (let i = 0; i < 32; i += 1) results.push(await applyThroughGm(copy, i));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(hp(goblin)).toBe(4);
  });
});

describe("a row names a token's actor, never the world actor behind unlinked tokens", () => {
  it("refuses a player's row naming the base actor of unlinked tokens; the GM may still apply it", async () => {
    const attack = await hitTheGoblin();
    // The goblin's tokens are unlinked: each has an actor of its own, made from this one.
    await asGm(() => goblin.update({ "prototypeToken.actorLink": false }));
    expect(await applyThroughGm(attack)).toBe(false);
    expect(lastNotice()).toBe(
      "Goblin is the actor behind unlinked tokens, not a token on the scene: target the token. Nothing was applied.",
    );
    expect(hp(goblin)).toBe(10);
    expect(await asGm(() => press(attack, "apply", 0))).toBe(true);
    expect(hp(goblin)).toBe(4);
  });
});

describe("a row applied once stays applied for the life of the world", () => {
  it("refuses a row again after a hundred later applies let go of its undo, whatever its card's marks", async () => {
    const first = await hitTheGoblin();
    expect(await applyThroughGm(first)).toBe(true);
    expect(hp(goblin)).toBe(4);
    // A hundred later applies on the goblin (recorded by the GM as an apply records them).
    const undo = { updates: [], effects: [], statuses: [] };
    const later = Date.now() + 1000;
    await asGm(() =>
      goblin.update(
        Object.fromEntries(
          Array.from({ length: 99 }, (_, i) => [`flags.anthology.applied.later${i}-0`, { at: later + i, undo }]),
        ),
      ),
    );
    await asGm(() => goblin.update({ "system.hp.value": 10 }));
    const second = await hitTheGoblin();
    expect(await applyThroughGm(second)).toBe(true);
    // The first card's entry no longer keeps what undo needs, but still says the row is applied.
    const entry = ledger(goblin)[`${first.id}-0`]!;
    expect(entry).toMatchObject({ spent: true });
    expect(entry.undo).toBeUndefined();
    expect(Object.values(ledger(goblin)).filter((e) => !e.spent)).toHaveLength(100);
    // The author clears their card's mark and asks again.
    await first.update({
      "flags.anthology.card.targets": cardData(first).targets.map((t) => ({ ...t, applied: null })),
    });
    await asGm(() => goblin.update({ "system.hp.value": 10 }));
    expect(await applyThroughGm(first)).toBe(false);
    expect(lastNotice()).toBe("This has already been applied to Goblin.");
    expect(hp(goblin)).toBe(10);
    // The GM is told it is too old to undo, rather than shown nothing.
    await asGm(async () => {
      await press(first, "undo", 0);
    });
    expect(record.notifications.at(-1)?.message).toBe(
      "That apply to Goblin is too old to undo: a target keeps what undo needs for its last 100 applies. Change the sheet by hand.",
    );
  });

  it("lets a mark go once its card's message is gone from the world", async () => {
    const first = await hitTheGoblin();
    expect(await applyThroughGm(first)).toBe(true);
    await asGm(() => goblin.update({ [`flags.anthology.applied.${first.id}-0`]: { at: 1, spent: true } }));
    await asGm(() => first.delete());
    const second = await hitTheGoblin();
    expect(await applyThroughGm(second)).toBe(true);
    expect(ledger(goblin)[`${first.id}-0`]).toBeUndefined();
    expect(ledger(goblin)[`${second.id}-0`]).toBeDefined();
  });
});

describe("what everyone is shown is rendered from the card's data, never the author's HTML", () => {
  /** The parts of a chat message's element the hook reads: its content, its flavor, its buttons. */
  function element(authorHtml: string) {
    const content = {
      innerHTML: authorHtml,
      replaceChildren(...nodes: unknown[]) {
        this.innerHTML = nodes.length ? "[note]" : "";
      },
    };
    const flavor = { removed: false, remove: () => void (flavor.removed = true) };
    const html = {
      querySelector: (selector: string) =>
        selector === ".message-content" ? content : selector === ".flavor-text" ? flavor : null,
      querySelectorAll: () => [],
    };
    return { html: html as unknown as HTMLElement, content, flavor };
  }

  it("replaces a card's rewritten HTML with the card rendered from its data and its rolls", async () => {
    const attack = await hitTheGoblin();
    const honest = attack.content;
    await attack.update({ content: "<p>3 damage</p><script>alert(1)</script>", flavor: "<b>harmless</b>" });
    const { html, content, flavor } = element(attack.content);
    const pending = play.render.onRenderCard(attack as never, html);
    // The author's HTML is gone before anything is awaited.
    expect(content.innerHTML).toBe("");
    await pending;
    expect(content.innerHTML).toBe(honest);
    expect(content.innerHTML).not.toContain("3 damage");
    expect(flavor.removed).toBe(true);
  });

  it("shows an unreadable card's reason in place of its HTML", async () => {
    const attack = await hitTheGoblin();
    await attack.update({ "flags.anthology.card.targets": "junk", content: "<p>3 damage</p>" });
    const { html, content } = element(attack.content);
    await play.render.onRenderCard(attack as never, html);
    expect(content.innerHTML).toBe("[note]");
  });
});
