import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodAttackData, HodAttackRow } from "../../src/rulesets/hod/chat/card-data";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, hodActors, hodFighter, item, loadHodWorld, noCombat, target } from "../support/hod-world";
import { cardData, press, relay } from "../support/play";

// heroes-of-destiny.txt, Fighting in Occupied Spaces, on the grid: a space is one grid space, and
// creatures share it when their tokens cover it. From a player's client (user1 owns Garret and the
// archer) with a GM (gm1) connected, who judges every row again with the tokens as they stand.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
type Token = {
  id: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  actor: StandInActor;
  parent: unknown;
};
const users = () => game.users as unknown as Map<string, User>;
const SWORD = "Longsword <i>of</i> Ash";
const scene = { grid: { size: 100 }, tokens: [] as Token[] };
const lastNotice = () => record.notifications.at(-1)?.message;
const attackCards = () =>
  record.messages.filter(
    (m) => ((m as StandInMessage).getFlag("anthology", "card") as { kind?: string })?.kind === "attack",
  ) as StandInMessage[];
const dialogView = () =>
  record.rendered.filter((r) => r.path.endsWith("hod/roll-dialog.hbs")).at(-1)!.data as {
    situations: Array<{ id: string; checked: boolean }>;
    defenses: Array<{ id: string; value: number; selected: boolean }>;
  };

/** A token of `actor` on the scene, in the grid space (col, row). */
function place(actor: StandInActor, col: number, row = 0, size = 1): void {
  scene.tokens.push({
    id: `t${scene.tokens.length}`,
    name: actor.name,
    x: col * 100,
    y: row * 100,
    width: size,
    height: size,
    actor,
    parent: scene,
  });
}

async function throughGm(message: StandInMessage): Promise<unknown> {
  const pending = press(message, "apply", 0);
  await relay(record);
  return pending;
}

/** Garret swings at the goblin: 1d20 showing 15 (+ 6, − 4 when crowded), 1d8 showing 4. */
async function swing(answer: Record<string, string | string[]>): Promise<StandInMessage | undefined> {
  const count = attackCards().length;
  answerDialog({ defense: "primary", ...answer });
  fulfillment.push(15, 4);
  await flow.rollHodAttack(garret, item(garret, SWORD));
  return attackCards().length > count ? attackCards().at(-1) : undefined;
}

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld({ isGM: false }));
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  record.emitted.length = 0;
  record.messages.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  scene.tokens.length = 0;
  (globalThis as unknown as { canvas: unknown }).canvas = { scene };
  target(goblin, "Goblin");
  noCombat();
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
});

describe("Heroes of Destiny: fighting in occupied spaces, on the grid", () => {
  it("two creatures in their own spaces fight freely: nothing is ticked", async () => {
    place(garret, 0);
    place(goblin, 1);
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    expect(dialogView().situations.find((s) => s.id === "crowded")?.checked).toBe(false);
  });

  it('"If at least two creatures are sharing a space and the total size is equivalent to more than one Normal-sized creature, then all attacks made by the creatures suffer a -4 penalty to hit"', async () => {
    // Garret (Normal, 1) and the goblin (Small, ½) in one space: 1½.
    place(garret, 0);
    place(goblin, 0);
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    expect(dialogView().situations.find((s) => s.id === "crowded")?.checked).toBe(true);
    // Rolled with it: the GM applies it.
    const crowded = await swing({ situations: "crowded" });
    expect(cardData<HodAttackData, HodAttackRow>(crowded).data.modifiers).toContainEqual({ id: "crowded", value: -4 });
    expect(await throughGm(crowded!)).toBe(true);
    // Rolled without it (the box unticked): the GM refuses the roll.
    const free = await swing({});
    expect(await throughGm(free!)).toBe(false);
    expect(lastNotice()).toContain("crowded");
  });

  it('"If the total size is more than two Normal-sized creatures, then none of the creatures may make an attack action, and they all use their Passive defenses"', async () => {
    const bram = await hodFighter("Bram");
    const archer = await hodFighter("Archer");
    place(garret, 0);
    place(goblin, 0);
    // Garret's card is rolled while the space holds 1½; then Bram steps in: 2½.
    const early = await swing({ situations: "crowded" });
    place(bram, 0);
    expect(await throughGm(early!)).toBe(false);
    expect(lastNotice()).toContain("no attack can be made");
    // From the sheet: refused, nothing rolled.
    expect(await swing({ situations: "crowded" })).toBeUndefined();
    expect(lastNotice()).toContain("no attack can be made");
    // An archer outside meets the goblin's Passive (13) for its Primary (15).
    place(archer, 3);
    answerDialog(null);
    await flow.rollHodAttack(archer, item(archer, SWORD));
    const primary = dialogView().defenses.find((d) => d.id === "primary")!;
    expect(primary.value).toBe(13);
    expect(dialogView().defenses.find((d) => d.selected)?.id).toBe("passive");
  });

  it('"only creatures within one size category count as occupying the space": a troll beside two halflings leaves them free', async () => {
    const { hodFighter: fighter } = await import("../support/hod-world");
    const troll = await fighter("Troll");
    await troll.update({ "system.size": -1 });
    await garret.update({ "system.size": 1 });
    // Garret as a halfling with the goblin (Small) and a troll, in one space 2 × 2 the troll covers.
    place(troll, 0, 0, 2);
    place(garret, 1, 1);
    place(goblin, 1, 1);
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    expect(dialogView().situations.find((s) => s.id === "crowded")?.checked).toBe(false);
  });

  it('entering: "A single space cannot hold more than 4 Normal-sized creatures", and entry needs the leave of those within one size category', async () => {
    const { onHodMoveToken } = await import("../../src/rulesets/hod/chat/spaces");
    const me = { id: (game.user as unknown as { id: string }).id };
    const moved = () => scene.tokens.at(-1)! as never;
    const notices = () => record.notifications.map((n) => n.message);
    // Garret steps into the goblin's space: the goblin's leave is needed.
    place(goblin, 0);
    place(garret, 0);
    onHodMoveToken(moved(), {}, {}, me);
    expect(notices().at(-1)).toContain("needs the leave of Goblin");
    // Someone else's move is not this client's to tell.
    record.notifications.length = 0;
    onHodMoveToken(moved(), {}, {}, { id: "gm1" });
    expect(notices()).toEqual([]);
    // Three more humans: 4½ Normal creatures' worth.
    for (const name of ["Bram", "Cora", "Dain"]) place(await hodFighter(name), 0);
    onHodMoveToken(moved(), {}, {}, me);
    expect(notices().at(-1)).toContain("more than 4 Normal-sized creatures");
    // A troll stepping in among two Small creatures needs no leave (two size categories apart).
    scene.tokens.length = 0;
    record.notifications.length = 0;
    const troll = await hodFighter("Troll");
    await troll.update({ "system.size": -1 });
    await garret.update({ "system.size": 1 });
    place(goblin, 5);
    place(garret, 5);
    place(troll, 5);
    onHodMoveToken(moved(), {}, {}, me);
    expect(notices()).toEqual([]);
  });
});
