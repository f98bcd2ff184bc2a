import { lastingEffectData } from "../support/generation";
import { readContextMenu } from "../foundry/context-menu";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import type { AnthologyCombat as CombatClass } from "../../src/combat/anthology-combat";
import { standInActor } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, loadFadeWorld, target } from "../support/fade-world";
import { canPress, cardData, press } from "../support/play";

let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;

const card = (message: unknown) => cardData(message);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const luck = (actor: StandInActor) =>
  actor.system as unknown as { luckRerollsUsed: number; luckRerollsLeft: number; derived: { luckRerolls: number } };

async function attack(faces: number[]): Promise<StandInMessage> {
  answerDialog({ defense: "defense", location: "body" });
  fulfillment.push(...faces);
  await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
  return lastMessage();
}

beforeAll(async () => {
  ({ record, sheets } = await loadFadeWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  target(goblin, "Goblin");
});

describe("Luck rerolls", () => {
  it("reroll an attack once, count the reroll down, and never reroll a reroll", async () => {
    expect(luck(garret)).toMatchObject({ luckRerollsUsed: 0, luckRerollsLeft: 1 });
    const missed = await attack([4, 3, 3, 1, 1, 1]);
    expect(card(missed).targets[0]!.data).toMatchObject({ result: "miss" });
    expect(canPress(missed, "luckReroll")).toBe(true);

    // The reroll hits: it rolls its location and damage too, on the new card.
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 5, 5, 5, 1, 1, 1, 1);
    await press(missed, "luckReroll");
    const reroll = lastMessage();
    expect(card(reroll)).toMatchObject({
      kind: "attack",
      data: { luckReroll: true, pool: "6k3" },
      targets: [{ name: "Goblin", data: { result: "hit", damage: 15 } }],
    });
    expect(card(missed).data.rerolled).toBe(true);
    expect(luck(garret)).toMatchObject({ luckRerollsUsed: 1, luckRerollsLeft: 0 });
    expect(canPress(reroll, "luckReroll")).toBe(false);
    expect(canPress(missed, "luckReroll")).toBe(false);

    // A second try on the same card is refused and costs nothing.
    const before = record.messages.length;
    await press(missed, "luckReroll");
    expect(record.messages.length).toBe(before);
  });

  it("refuse when no reroll is left this encounter", async () => {
    await garret.update({ "system.luckRerollsUsed": 1 });
    const missed = await attack([3, 3, 3, 1, 1, 1]);
    expect(canPress(missed, "luckReroll")).toBe(false);
    const before = record.messages.length;
    await press(missed, "luckReroll");
    expect(record.messages.length).toBe(before);
  });

  it("reroll a dodge too, but never a damage roll", async () => {
    answerDialog({ reaction: "dodge" });
    fulfillment.push(2, 1, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeDodge");
    const dodge = lastMessage();
    expect(canPress(dodge, "luckReroll")).toBe(true);
    fulfillment.push(9, 1, 1, 1, 1, 1);
    await press(dodge, "luckReroll");
    expect(card(lastMessage())).toMatchObject({ kind: "check", data: { luckReroll: true, total: 9, pool: "6k1" } });

    await garret.update({ "system.luckRerollsUsed": 0 });
    answerDialog({ location: "roll", spell: "false" });
    fulfillment.push(6, 5, 5, 5, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeDamage", "Longsword <i>of</i> Ash");
    const damage = lastMessage();
    expect(card(damage).kind).toBe("damage");
    expect(canPress(damage, "luckReroll")).toBe(false);
    const before = record.messages.length;
    await press(damage, "luckReroll");
    expect(record.messages.length).toBe(before);
    expect(luck(garret).luckRerollsUsed).toBe(0);
  });

  it("come back when the encounter ends (the combat is deleted), written once by the GM", async () => {
    await garret.update({ "system.luckRerollsUsed": 1 });
    const combat = { combatants: [{ actor: garret }, { actor: garret }, { actor: goblin }, { actor: null }] };
    for (const fn of record.hooks.get("deleteCombat") ?? []) await fn(combat, {}, "user1");
    expect(luck(garret)).toMatchObject({ luckRerollsUsed: 0, luckRerollsLeft: 1 });
  });
});

describe("Statuses that last a round (issue 16)", () => {
  type Combat = CombatClass & {
    id: string;
    addCombatant(c: unknown): { id: string };
    round: number;
    turn: number | null;
  };

  /** A fight: Garret (initiative 20) then the goblin (10), started; `game.combat` is it. */
  async function fight(): Promise<Combat> {
    const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
    const Combat = config.Combat.documentClass as new (d: object) => Combat;
    const Combatant = config.Combatant.documentClass as new (d: object) => object;
    const combat = new Combat({ id: "fight" });
    combat.addCombatant(new Combatant({ id: "garret", name: "Garret", initiative: 20, actor: garret }));
    combat.addCombatant(new Combatant({ id: "goblin", name: "Goblin", initiative: 10, actor: goblin }));
    (game as unknown as { combat: unknown }).combat = combat;
    // As in Foundry, the viewed combat is one of the world's (GM requests look it up there).
    (game as unknown as { combats: Map<string, unknown> }).combats.set(combat.id, combat);
    await combat.startCombat();
    return combat;
  }

  const statuses = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];

  it("end a critical failure's -2k0 with the bearer's next turn", async () => {
    const combat = await fight();
    try {
      // Round 1, Garret's turn: 3, 2, 1 = 6 against 19, a critical failure.
      await attack([1, 2, 3, 1, 1, 1]);
      expect(statuses(garret)).toEqual(["fade-critical-failure"]);
      await combat.nextTurn(); // the goblin, round 1
      await combat.nextTurn(); // Garret, round 2: the penalty holds through this turn
      expect([combat.round, statuses(garret)]).toEqual([2, ["fade-critical-failure"]]);
      await combat.nextTurn(); // Garret's turn is over
      expect(statuses(garret)).toEqual([]);
    } finally {
      (game as unknown as { combat: unknown }).combat = null;
    }
  });

  it("end a charge's '-2 penalty to Defense and Avoid until the end of the next turn' with the charger's next turn", async () => {
    const combat = await fight();
    try {
      // "a -2 penalty to Defense and Avoid until the end of the next turn": Garret charges in round 1 (and misses).
      answerDialog({ modifiers: ["charge"], defense: "defense", location: "body" });
      fulfillment.push(4, 3, 3, 1, 1, 1);
      await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
      expect(statuses(garret)).toEqual(["fade-charging"]);
      await combat.nextTurn(); // the goblin, round 1
      await combat.nextTurn(); // Garret, round 2: still open
      await settle();
      expect([combat.round, statuses(garret)]).toEqual([2, ["fade-charging"]]);
      await combat.nextTurn(); // Garret's turn is over
      await settle();
      expect(statuses(garret)).toEqual([]);
    } finally {
      (game as unknown as { combat: unknown }).combat = null;
    }
  });

  it("end a called shot's stagger with the end of its bearer's turn a round later, applied on another's turn", async () => {
    const combat = await fight();
    try {
      // Round 1, Garret's turn: a called shot to the head, 4k3: 10, 8, 7 kept = 25 against 19; 7k3: 27.
      answerDialog({ modifiers: ["calledShot"], location: "head", defense: "defense" });
      fulfillment.push(10, 8, 7, 1, 9, 9, 9, 1, 1, 1, 1);
      await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
      await press(lastMessage(), "apply", 0);
      expect(statuses(goblin)).toEqual(["fade-staggered"]);
      await combat.nextTurn(); // the goblin, round 1
      await combat.nextTurn(); // Garret, round 2
      await combat.nextTurn(); // the goblin, round 2: staggered through this turn
      await settle();
      expect([combat.round, statuses(goblin)]).toEqual([2, ["fade-staggered"]]);
      await combat.nextTurn(); // the goblin's turn is over
      await settle();
      expect(statuses(goblin)).toEqual([]);
    } finally {
      (game as unknown as { combat: unknown }).combat = null;
    }
  });

  it("bleed on the bearer's turn, straight off HP, once a round for the wound's rounds", async () => {
    const combat = await fight();
    const hp = () => (goblin.system as unknown as { hp: { value: number } }).hp.value;
    try {
      // A body wound from Garret's turn in round 1: 3 bleed for 2 rounds (as the apply leaves it).
      await goblin.createEmbeddedDocuments("ActiveEffect", [
        lastingEffectData(
          { name: "Bleeding", statuses: ["fade-bleeding"], flags: { anthology: { fade: { bleed: 3 } } } },
          { rounds: 2, combat: "fight", startRound: 1, startTurn: 0, combatant: "goblin", until: "turnEnd" },
        ),
      ]);
      expect(hp()).toBe(10);
      await combat.nextTurn(); // the goblin's turn, round 1: it bleeds
      await settle();
      expect(hp()).toBe(7);
      const tick = lastMessage();
      // A card the GM wrote and applied at once: on the goblin's record, so Undo takes it back.
      expect(cardData(tick)).toMatchObject({
        ruleSet: "fade",
        kind: "bleed",
        data: { bleed: 3 },
        targets: [{ name: "Goblin <script>", applied: { summary: { before: 10, after: 7, state: "conscious" } } }],
      });
      expect(canPress(tick, "undo", 0)).toBe(true);
      await press(tick, "undo", 0);
      expect(hp()).toBe(10);
      expect(cardData(tick).targets[0]!.applied).toBeNull();
      await press(tick, "apply", 0);
      expect(hp()).toBe(7);
      await combat.nextTurn(); // Garret, round 2: nothing
      await settle();
      expect(hp()).toBe(7);
      await combat.nextTurn(); // the goblin, round 2: the second and last time
      await settle();
      expect(hp()).toBe(4);
      await combat.nextTurn();
      await combat.nextTurn(); // the goblin, round 3: no more
      await settle();
      expect(hp()).toBe(4);
      expect(record.messages.filter((m) => cardData(m).kind === "bleed")).toHaveLength(2);
    } finally {
      (game as unknown as { combat: unknown }).combat = null;
    }
  });

  it("take back a critical failure when Luck rerolls the roll that brought it", async () => {
    const failed = await attack([1, 2, 3, 1, 1, 1]);
    expect(statuses(garret)).toEqual(["fade-critical-failure"]);
    // The reroll hits: the penalty goes; the new card brings none.
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 5, 5, 5, 1, 1, 1, 1);
    await press(failed, "luckReroll");
    expect(card(lastMessage()).targets[0]!.data).toMatchObject({ result: "hit" });
    expect(statuses(garret)).toEqual([]);
  });
});

describe("Surprise round (rounds, The Fade)", () => {
  type Combat = CombatClass & {
    addCombatant(c: unknown): { id: string; initiative: number | null };
    round: number;
    turn: number | null;
    combatant: { id: string } | undefined;
  };
  type CombatantDoc = { id: string; setAmbusher(on: boolean): Promise<unknown> };

  function ambush(ambushers: string[]) {
    const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
    const Combat = config.Combat.documentClass as new (d: object) => Combat;
    const Combatant = config.Combatant.documentClass as new (d: object) => CombatantDoc;
    const combat = new Combat({ id: "ambush" });
    const initiatives: Record<string, number> = { bandit: 20, rogue: 15, guard: 10, archer: 5 };
    for (const [id, initiative] of Object.entries(initiatives)) {
      combat.addCombatant(
        new Combatant({
          id,
          name: id,
          initiative,
          actor: standInActor(id),
          flags: ambushers.includes(id) ? { anthology: { ambusher: true } } : {},
        }),
      );
    }
    return combat;
  }

  it("lets only the ambushers act in round 1, highest initiative first, then everyone", async () => {
    const combat = ambush(["rogue", "archer"]);
    expect(combat.turns.map((c) => c.id)).toEqual(["bandit", "rogue", "guard", "archer"]);
    await combat.startCombat();
    expect(combat.isSurpriseRound).toBe(true);
    expect(combat.combatant?.id).toBe("rogue");
    await combat.nextTurn();
    expect(combat.combatant?.id).toBe("archer");
    await combat.previousTurn();
    expect(combat.combatant?.id).toBe("rogue");
    await combat.nextTurn();
    await combat.nextTurn();
    expect([combat.round, combat.combatant?.id]).toEqual([2, "bandit"]);
    expect(combat.isSurpriseRound).toBe(false);
    await combat.nextTurn();
    expect(combat.combatant?.id).toBe("rogue");
    await combat.nextTurn();
    expect(combat.combatant?.id).toBe("guard");
  });

  it("is an ordinary first round when no one is marked as an ambusher", async () => {
    const combat = ambush([]);
    await combat.startCombat();
    expect(combat.isSurpriseRound).toBe(false);
    expect(combat.combatant?.id).toBe("bandit");
    await combat.nextTurn();
    expect(combat.combatant?.id).toBe("rogue");
  });

  it("lets the GM mark ambushers from the tracker's context menu, and marks who waits", async () => {
    const { RoundsTracker } = await import("../../src/combat/rounds-tracker");
    expect((CONFIG as unknown as { ui: { combat: unknown } }).ui.combat).toBe(RoundsTracker);
    const combat = ambush(["rogue"]);
    const tracker = new (
      RoundsTracker as unknown as new () => {
        viewed: unknown;
        element: unknown;
        _getEntryContextOptions(): object[];
        _onRender(c: unknown, o: unknown): Promise<void>;
      }
    )();
    tracker.viewed = combat;
    const entry = readContextMenu(tracker._getEntryContextOptions()).find(
      (e) => e.label === "ANTHOLOGY.Combat.toggleAmbusher",
    )!;
    expect(entry.visible({})).toBe(true);
    await entry.click({ dataset: { combatantId: "guard" } });
    expect(combat.combatants.get("guard")!.getFlag("anthology", "ambusher")).toBe(true);
    await entry.click({ dataset: { combatantId: "rogue" } });
    expect(combat.combatants.get("rogue")!.getFlag("anthology", "ambusher")).toBe(false);

    await combat.startCombat();
    const rows = ["bandit", "rogue", "guard", "archer"].map((id) => {
      const classes = new Set<string>();
      const appended: Array<{ className: string; title: string }> = [];
      return {
        id,
        classes,
        appended,
        dataset: { combatantId: id },
        classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
        querySelector: (selector: string) =>
          selector === ".anthology-ambusher-mark"
            ? (appended[0] ?? null)
            : { append: (el: { className: string; title: string }) => appended.push(el) },
      };
    });
    tracker.element = { querySelectorAll: () => rows };
    await tracker._onRender({}, {});
    const guard = rows.find((r) => r.id === "guard")!;
    expect([...guard.classes]).toEqual(["anthology-ambusher"]);
    expect(guard.appended[0]).toMatchObject({ title: "Ambusher: acts in the surprise round" });
    expect([...rows.find((r) => r.id === "bandit")!.classes]).toEqual(["anthology-waits-surprise"]);
  });
});

describe("Skill checks", () => {
  const skillOf = async () => (await import("../../src/rulesets/fade/chat/flow")).rollSkill;

  it("roll the attribute's pool + ranks against the DC, and Luck rerolls them", async () => {
    const rollSkill = await skillOf();
    await garret.update({ "system.skills.stealth": 2 });
    // Agility 6, 2 ranks: 6k3+2. Dice 9, 7, 5, 3, 2, 1 keep 21, + 2 = 23 against DC 15: success.
    answerDialog({ dc: "15" });
    fulfillment.push(9, 7, 5, 3, 2, 1);
    await rollSkill(garret as never, "stealth");
    const made = lastMessage();
    expect(card(made)).toMatchObject({
      kind: "skill",
      data: { skill: "stealth", pool: "6k3+2", total: 23, dc: 15, success: true, criticalFailure: false },
    });
    expect(canPress(made, "luckReroll")).toBe(true);
    fulfillment.push(2, 2, 2, 1, 1, 1);
    await press(made, "luckReroll");
    expect(card(lastMessage())).toMatchObject({ kind: "skill", data: { luckReroll: true, total: 8, success: false } });
    expect(luck(garret).luckRerollsUsed).toBe(1);
  });

  it("fail critically at half the DC or below, leaving −2k0 on the next turn's checks", async () => {
    const rollSkill = await skillOf();
    answerDialog({ dc: "20" });
    // Smarts 2, no ranks: 2k1; 3 and 1 keep 3, under half of 20.
    fulfillment.push(3, 1);
    await rollSkill(garret as never, "persuasion");
    expect(card(lastMessage()).data).toMatchObject({ pool: "2k1", total: 3, success: false, criticalFailure: true });
    expect([...((garret as unknown as { statuses: Set<string> }).statuses ?? [])]).toContain("fade-critical-failure");
  });

  it("leave the judgement to the GM without a DC, and refuse what is not a skill", async () => {
    const rollSkill = await skillOf();
    answerDialog({ dc: "" });
    fulfillment.push(4, 4, 4, 4, 4, 4);
    await rollSkill(garret as never, "acrobatics");
    expect(card(lastMessage()).data).toMatchObject({ dc: null, success: null, total: 12 });
    const before = record.messages.length;
    await rollSkill(garret as never, "<b>swordplay</b>");
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)?.message).toContain("is not a skill of The Fade");
  });
});
