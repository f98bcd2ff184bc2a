import { readContextMenu, type MenuItem } from "../foundry/context-menu";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import type { AnthologyCombat as CombatClass } from "../../src/combat/anthology-combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, loadFadeWorld, target } from "../support/fade-world";
import { cardData } from "../support/play";

// The action economy at the table, on the GM's client (user1 is the GM here): the sheet's buttons
// spend the turn's actions on the combatant, refusals say why, and the GM may override them.

let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;

type Combatant = { id: string; initiative: number | null; getFlag(scope: string, key: string): unknown };
type Combat = CombatClass & {
  addCombatant(c: unknown): Combatant;
  combatants: { get(id: string): Combatant | undefined };
  turns: Combatant[];
  round: number;
  turn: number | null;
};

const lastMessage = () => record.messages.at(-1) as StandInMessage;
const notices = () => record.notifications.map((n) => n.message);
const statuses = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];
let combat: Combat;
/** A combatant's budget as the GM stores it: on the combat, which only a GM can write. */
const turnOf = (id: string) =>
  (combat.getFlag("anthology", "fadeTurns") as Record<string, Record<string, unknown>> | undefined)?.[id];

/** A fight: Garret (initiative 20), the goblin (10) and a bandit (5), started on Garret's turn. */
async function fight(): Promise<Combat> {
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const CombatClass = config.Combat.documentClass as new (d: object) => Combat;
  const CombatantClass = config.Combatant.documentClass as new (d: object) => object;
  const c = new CombatClass({ id: "turns" });
  c.addCombatant(new CombatantClass({ id: "garret", name: "Garret", initiative: 20, actor: garret }));
  c.addCombatant(new CombatantClass({ id: "goblin", name: "Goblin", initiative: 10, actor: goblin }));
  c.addCombatant(new CombatantClass({ id: "bandit", name: "Bandit", initiative: 5, actor: null }));
  (game as unknown as { combat: unknown }).combat = c;
  (game as unknown as { combats: Map<string, unknown> }).combats.set(c.id, c);
  await c.startCombat();
  return c;
}

/** Garret's attack with the longsword: 4, 3, 3 kept = 10 against Defense 19, a plain miss. */
async function attack(action = "fadeAttack"): Promise<void> {
  answerDialog({ defense: "defense", location: "body" });
  fulfillment.push(4, 3, 3, 1, 1, 1, 4, 3, 3, 1, 1, 1, 4, 3, 3, 1, 1, 1);
  await clickSheet(sheets, garret, action, "Longsword <i>of</i> Ash");
}

async function move(id: string): Promise<void> {
  const actions = (
    sheets.FadeActorSheet.DEFAULT_OPTIONS as unknown as {
      actions: Record<string, (this: unknown, e: Event, t: unknown) => Promise<void>>;
    }
  ).actions;
  const Sheet = sheets.FadeActorSheet as unknown as new (o: object) => object;
  await actions.fadeMove!.call(new Sheet({ document: garret }), new Event("click"), { dataset: { move: id } });
}

beforeAll(async () => {
  ({ record, sheets } = await loadFadeWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  target(goblin, "Goblin");
  combat = await fight();
});

describe("The Fade: the turn's actions from the sheet", () => {
  it("an attack in its turn is a standard action; the GM overrides a refusal: told so, the action is taken", async () => {
    await attack();
    expect(turnOf("garret")).toMatchObject({ standard: true, move: false, round: 1, turn: 1 });
    expect(cardData(lastMessage()).kind).toBe("attack");
    const cards = record.messages.length;
    await attack();
    expect(record.messages.length).toBe(cards + 1);
    expect(notices()).toEqual([
      "Garret has no standard action left this turn.",
      "GM override: Garret takes the action anyway.",
    ]);
  });

  it("out of its turn an attack is the round's attack of opportunity", async () => {
    await combat.nextTurn(); // the goblin's turn
    await attack();
    expect(turnOf("garret")).toMatchObject({ opportunity: true, standard: false });
    await attack();
    expect(notices()).toContain("Garret already used the attack of opportunity this round.");
    expect(notices()).toContain("GM override: Garret takes the action anyway.");
  });

  it("skill checks take their skill's action in its turn, none out of it", async () => {
    const { rollSkill } = await import("../../src/rulesets/fade/chat/flow");
    answerDialog({ dc: "10" });
    fulfillment.push(9, 7, 5, 3, 2, 1);
    await rollSkill(garret as never, "linguistics"); // a swift action
    expect(turnOf("garret")).toMatchObject({ swift: true, standard: false });
    answerDialog({ dc: "10" });
    fulfillment.push(9, 7, 5, 3, 2, 1);
    await rollSkill(garret as never, "acrobatics"); // a move action
    expect(turnOf("garret")).toMatchObject({ swift: true, move: true });
    await combat.nextTurn();
    answerDialog({ dc: "10" });
    fulfillment.push(9, 7, 5, 3, 2, 1);
    const before = record.messages.length;
    await rollSkill(garret as never, "deception"); // out of turn: no action counted
    expect(record.messages.length).toBe(before + 1);
    expect(turnOf("garret")).toMatchObject({ standard: false });
  });

  it("a Step forbids movement; Move, Run, Charge and Withdraw post the squares they allow", async () => {
    await move("step");
    expect(lastMessage().content).toContain("Garret takes a Step: 1 square");
    const cards = record.messages.length;
    await move("movement");
    expect(notices()).toContain("Garret took a Step this turn and cannot move as well.");
    // The GM's override took it anyway.
    expect(record.messages.length).toBe(cards + 1);
    // Next round: Run. Garret's speed: 6, less 1 for the chain shirt, halved for his Medium load = 2;
    // his armor slows him, so he runs at three times: 6.
    await combat.nextTurn();
    await combat.nextTurn();
    await combat.nextTurn();
    expect([combat.round, combat.turn]).toEqual([2, 0]);
    await move("run");
    expect(lastMessage().content).toContain("Garret runs up to 6 squares");
    expect(turnOf("garret")).toMatchObject({ fullRound: true, moved: true, stepped: false });
  });

  it("a charge after a move action is a standard action at normal speed; its attack then needs no other action", async () => {
    await move("movement");
    expect(lastMessage().content).toContain("Garret moves up to 2 squares.");
    await move("charge");
    expect(lastMessage().content).toContain("Garret charges: up to 2 squares");
    expect(turnOf("garret")).toMatchObject({ standard: true, move: true, charging: true, fullRound: false });
    answerDialog({ defense: "defense", location: "body", modifiers: ["charge"] });
    fulfillment.push(4, 3, 3, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    expect(cardData(lastMessage()).kind).toBe("attack");
    expect(turnOf("garret")).toMatchObject({ charging: false });
    expect(statuses(garret)).toContain("fade-charging");
  });

  it("a fresh charge takes the full round at double speed (2 × 2)", async () => {
    await move("charge");
    expect(lastMessage().content).toContain("Garret charges: up to 4 squares");
    expect(turnOf("garret")).toMatchObject({ fullRound: true, charging: true });
  });

  it("a withdrawal: the full round, double speed, and immune to attacks of opportunity until the turn ends", async () => {
    await move("withdraw");
    expect(lastMessage().content).toContain("Garret withdraws: up to 4 squares");
    expect(statuses(garret)).toContain("fade-withdrawing");
    await combat.nextTurn();
    expect(statuses(garret)).not.toContain("fade-withdrawing");
  });

  it("a full-round attack rolls its Attacks per Round, a card each, for the full round", async () => {
    await garret.update({ "system.attacksPerRound": 2 });
    const before = record.messages.length;
    await attack("fadeFullAttack");
    expect(record.messages.length).toBe(before + 2);
    expect(turnOf("garret")).toMatchObject({ fullRound: true });
    // A Step after it is still allowed.
    await move("step");
    expect(turnOf("garret")).toMatchObject({ stepped: true });
  });

  it("dodges: one a turn, a second for the attack of opportunity, no third", async () => {
    await combat.nextTurn();
    for (let i = 0; i < 3; i++) {
      answerDialog({ reaction: "dodge" });
      fulfillment.push(5, 4, 3, 2, 1, 1);
      await clickSheet(sheets, garret, "fadeDodge");
    }
    // The third is refused; the GM's override rolls and counts it.
    expect(turnOf("garret")).toMatchObject({ dodges: 3, opportunity: true });
    expect(notices()).toEqual([
      "Garret already dodged this turn and has no attack of opportunity left to give up for another.",
      "GM override: Garret takes the action anyway.",
    ]);
  });
});

describe("The Fade: using gear", () => {
  type Item = { id: string; name: string; system: Record<string, unknown> };
  async function gear(system: Record<string, unknown>, name = "Draught <b>of</b> Ash"): Promise<Item> {
    const owner = garret as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<Item[]> };
    const [item] = await owner.createEmbeddedDocuments("Item", [{ name, type: "fade-gear", system }]);
    return item!;
  }
  const item = (id: string) => (garret as unknown as { items: { get(id: string): Item } }).items.get(id);

  it("a consumable's Use in its turn: the standard action, a line naming it with its description, one fewer", async () => {
    const draught = await gear({ quantity: 2, consumable: true, description: "<p>Heals 1d5.</p>" });
    expect(draught.system.consumable).toBe(true);
    // Foundry's enricher, asked to leave the description's secrets out of the chat.
    const editor = (foundry.applications.ux.TextEditor as unknown as { implementation: Record<string, unknown> })
      .implementation;
    const enrich = editor.enrichHTML;
    const asked: unknown[] = [];
    editor.enrichHTML = async (html: string, options: unknown) => (asked.push(options), html);
    await clickSheet(sheets, garret, "fadeUse", draught.name).finally(() => (editor.enrichHTML = enrich));
    expect(asked).toEqual([{ secrets: false, relativeTo: item(draught.id) }]);
    expect(turnOf("garret")).toMatchObject({ standard: true, move: false });
    expect(lastMessage().content).toBe(
      '<p class="anthology-fade-note">Garret uses Draught &lt;b&gt;of&lt;/b&gt; Ash.</p><div><p>Heals 1d5.</p></div>',
    );
    expect(item(draught.id).system.quantity).toBe(1);
    // A second use this turn: no standard action left; the GM overrides it, told so, and the last one goes.
    await clickSheet(sheets, garret, "fadeUse", draught.name);
    expect(notices()).toEqual([
      "Garret has no standard action left this turn.",
      "GM override: Garret takes the action anyway.",
    ]);
    expect(item(draught.id).system.quantity).toBe(0);
    // None left: refused before any action is asked for, nothing posted.
    const before = record.messages.length;
    await clickSheet(sheets, garret, "fadeUse", draught.name);
    expect(notices().at(-1)).toBe("Garret has no Draught &lt;b&gt;of&lt;/b&gt; Ash left to use.");
    expect(record.messages.length).toBe(before);
  });

  it("gear that is not consumable keeps its quantity; out of its turn the GM must override", async () => {
    expect(item(garret.items.find((i) => i.name === "Rations")!.id).system.consumable).toBe(false);
    await combat.nextTurn(); // the goblin's turn
    const before = record.messages.length;
    await clickSheet(sheets, garret, "fadeUse", "Rations");
    expect(notices()).toEqual([
      "Garret can take that action only in their own turn.",
      "GM override: Garret takes the action anyway.",
    ]);
    expect(record.messages.length).toBe(before + 1);
    expect(lastMessage().content).toBe('<p class="anthology-fade-note">Garret uses Rations.</p>');
    expect(turnOf("garret")).toMatchObject({ standard: true });
    expect(item(garret.items.find((i) => i.name === "Rations")!.id).system.quantity).toBe(12);
  });

  it("out of combat nothing is counted", async () => {
    (game as unknown as { combat: unknown }).combat = null;
    await clickSheet(sheets, garret, "fadeUse", "Rations");
    expect(notices()).toEqual([]);
    expect(lastMessage().content).toContain("Garret uses Rations.");
  });
});

describe("The Fade: prepare and hold from the tracker", () => {
  type Entry = MenuItem;
  async function menu(): Promise<Entry[]> {
    const { RoundsTracker } = await import("../../src/combat/rounds-tracker");
    const tracker = new (
      RoundsTracker as unknown as new () => { viewed: unknown; _getEntryContextOptions(): object[] }
    )();
    tracker.viewed = combat;
    return readContextMenu(tracker._getEntryContextOptions());
  }
  const li = (id: string) => ({ dataset: { combatantId: id } });
  const entry = (entries: Entry[], name: string) => entries.find((e) => e.label === `ANTHOLOGY.Fade.Turn.${name}`)!;

  it("prepares a standard action with its trigger, then takes it later as the immediate action", async () => {
    const entries = await menu();
    expect(entry(entries, "takePrepared").visible(li("garret"))).toBe(false);
    answerDialog({ action: "standard", trigger: "a goblin <b>steps</b> in" });
    await entry(entries, "prepare").click(li("garret"));
    expect(turnOf("garret")).toMatchObject({
      standard: true,
      prepared: { action: "standard", trigger: "a goblin <b>steps</b> in" },
    });
    expect(lastMessage().content).toContain("a goblin &lt;b&gt;steps&lt;/b&gt; in");
    await combat.nextTurn();
    expect(entry(entries, "takePrepared").visible(li("garret"))).toBe(true);
    await entry(entries, "takePrepared").click(li("garret"));
    expect(turnOf("garret")).toMatchObject({ immediate: true, prepared: null });
    expect(lastMessage().content).toContain("Garret takes the prepared Standard action");
    // Initiative unchanged.
    expect(combat.combatants.get("garret")!.initiative).toBe(20);
  });

  it("marks each tracker row with what is left: spent actions faded, a held action and a prepared one named", async () => {
    await attack();
    const { fadeRounds } = await import("../../src/rulesets/fade/chat/tracker");
    const el = () =>
      (document as unknown as { createElement(t: string): Record<string, unknown> }).createElement("li") as {
        children: Array<{ className: string; title: string; children: Array<{ className: string; title: string }> }>;
        querySelector(s: string): null;
      };
    const row = Object.assign(el(), { querySelector: () => null });
    fadeRounds.decorate!(row as unknown as HTMLElement, combat.combatants.get("garret"), combat);
    const icons = row.children[0]!.children;
    expect(row.children[0]!.className).toBe("anthology-fade-turn");
    expect(icons.map((i) => i.className)).toEqual([
      "fa-solid fa-hand-fist spent",
      "fa-solid fa-shoe-prints",
      "fa-solid fa-bolt",
      "fa-solid fa-person-walking",
      "fa-solid fa-stopwatch",
      "fa-solid fa-crosshairs",
      "fa-solid fa-person-running",
    ]);
    expect(icons[0]!.title).toBe("Standard action");
  });

  it("holds: the turn passes on; acting now puts it just before the current combatant, with the turn", async () => {
    const entries = await menu();
    expect(entry(entries, "hold").visible(li("goblin"))).toBe(false);
    await entry(entries, "hold").click(li("garret"));
    expect(combat.turn).toBe(1); // the goblin's turn
    expect(turnOf("garret")).toMatchObject({ held: true });
    await combat.nextTurn(); // the bandit's turn (5)
    expect(entry(entries, "actNow").visible(li("garret"))).toBe(true);
    await entry(entries, "actNow").click(li("garret"));
    // Between the goblin (10) and the bandit (5): 7.5, and it is Garret's turn.
    expect(combat.combatants.get("garret")!.initiative).toBe(7.5);
    expect(combat.turns.map((c) => c.id)).toEqual(["goblin", "garret", "bandit"]);
    expect(combat.turn).toBe(1);
    expect(turnOf("garret")).toMatchObject({ held: false });
  });

  it("a hold lapses when the round ends: said in the chat, and in round 2 Garret acts in his own place", async () => {
    const entries = await menu();
    await entry(entries, "hold").click(li("garret"));
    await combat.nextTurn(); // the bandit
    expect(entry(entries, "actNow").visible(li("garret"))).toBe(true);
    const before = record.messages.length;
    await combat.nextTurn(); // round 2: Garret (20) again
    expect([combat.round, combat.turns[combat.turn!]!.id]).toEqual([2, "garret"]);
    expect(record.messages.length).toBe(before + 1);
    expect(lastMessage().content).toBe(
      '<p class="anthology-fade-note">Garret\'s held action lapses: the round ended before they acted.</p>',
    );
    expect(entry(entries, "actNow").visible(li("garret"))).toBe(false);
    // His turn as usual, initiative unchanged, with a fresh set of actions; he may hold again.
    expect(combat.combatants.get("garret")!.initiative).toBe(20);
    await attack();
    expect(turnOf("garret")).toMatchObject({ round: 2, turn: 2, standard: true, held: false });
    expect(entry(entries, "hold").visible(li("garret"))).toBe(true);
    // The next round posts no second lapse.
    await combat.nextTurn();
    await combat.nextTurn();
    const later = record.messages.length;
    await combat.nextTurn(); // round 3
    expect(record.messages.length).toBe(later);
  });
});
