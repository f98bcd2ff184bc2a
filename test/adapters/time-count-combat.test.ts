import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnthologyCombat as CombatClass } from "../../src/combat/anthology-combat";
import type { AnthologyCombatant as CombatantClass } from "../../src/combat/anthology-combatant";
import { combatLog, standInActor, type StandInActor } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";

let record: StandInRecord;
let Combat: typeof CombatClass;
let Combatant: typeof CombatantClass;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "hod" });
  await import("../../src");
  loadWorld(record);
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  Combat = config.Combat.documentClass as typeof CombatClass;
  Combatant = config.Combatant.documentClass as typeof CombatantClass;
});

beforeEach(() => {
  fulfillment.length = 0;
  record.notifications.length = 0;
  record.messages.length = 0;
  combatLog.startTurns.length = 0;
});

type Doc = InstanceType<typeof CombatantClass> & { initiative: number | null; defeated: boolean };

function combatant(id: string, actor: StandInActor, flags = {}): Doc {
  return new (Combatant as unknown as new (data: object) => Doc)({ id, name: actor.name, actor, flags });
}

function encounter() {
  const combat = new (
    Combat as unknown as new (data: object) => CombatClass & {
      addCombatant(c: Doc): Doc;
      round: number;
      rollInitiative(ids: string[]): Promise<unknown>;
    }
  )({ id: "c1" });
  (game as unknown as { combats: Map<string, unknown> }).combats.set("c1", combat);
  const zherynn = combat.addCombatant(combatant("zherynn", standInActor("Zherynn", { player: "user2" })));
  const aeus = combat.addCombatant(
    combatant("aeus", standInActor("Aeus", { player: "user3" }), { anthology: { surprised: true, unsteady: true } }),
  );
  const garret = combat.addCombatant(combatant("garret", standInActor("Garret")));
  return { combat, zherynn, aeus, garret };
}

const tcOf = (combat: CombatClass) => combat.timeCount;
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);

describe("Time Count combat (Heroes of Destiny world)", () => {
  it("registers Anthology's Combat, Combatant and the Time Count tracker", () => {
    const config = CONFIG as unknown as { ui: { combat: { name: string } } };
    expect(Combat.name).toBe("AnthologyCombat");
    expect(Combatant.name).toBe("AnthologyCombatant");
    expect(config.ui.combat.name).toBe("TimeCountTracker");
  });

  it("plays the text's example from initiative to Aeus' first action", async () => {
    const { combat, zherynn, aeus, garret } = encounter();
    expect(zherynn._getInitiativeFormula()).toBe("1d6 + 4");
    expect(aeus._getInitiativeFormula()).toBe("1d6 + 4 + 1d6");

    await combat.startCombat();
    expect(combat.started).toBe(true);
    expect(tcOf(combat)).toBe(0);

    fulfillment.push(2, 4, 5, 3);
    await combat.rollInitiative(["zherynn", "aeus", "garret"]);
    expect([zherynn.initiative, aeus.initiative, garret.initiative]).toEqual([6, 13, 7]);
    expect(combat.turns.map((c) => c.id)).toEqual(["zherynn", "garret", "aeus"]);

    await combat.nextTurn();
    expect(tcOf(combat)).toBe(6);
    expect(combatLog.startTurns.map((s) => s.combatant)).toEqual(["zherynn"]);

    // Zherynn is a player character: the dagger's Fast SF is rolled, 1d6+3 showing 3: 6, next at TC 12.
    fulfillment.push(3);
    expect(await combat.actCombatant("zherynn", { action: "attack", weaponClass: "fast" })).toBe(12);
    expect(zherynn.initiative).toBe(12);
    const card = record.messages.at(-1) as { flavor: string; rolls: unknown[]; content: string };
    expect(card.flavor).toBe("Zherynn: Attack with a weapon. Speed factor 6, next action at TC 12.");
    expect(card.rolls).toHaveLength(1);

    await combat.nextTurn();
    expect(tcOf(combat)).toBe(7);
    // Garret is an NPC: the long sword's static Standard SF, 9, with no roll shown.
    expect(await combat.actCombatant("garret", { action: "attack", weaponClass: "standard" })).toBe(16);
    expect((record.messages.at(-1) as { rolls: unknown[] }).rolls).toEqual([]);

    await combat.nextTurn();
    expect(tcOf(combat)).toBe(12);
    fulfillment.push(6);
    await combat.actCombatant("zherynn", { action: "attack", weaponClass: "fast" });
    await combat.nextTurn();
    expect(tcOf(combat)).toBe(13);
    expect(combatLog.startTurns.map((s) => s.combatant)).toEqual(["zherynn", "garret", "zherynn", "aeus"]);
    expect(aeus.getFlag("anthology", "unsteady")).toBe(true);
    await combat.actCombatant("aeus", { action: "drawWeapon" });
    expect(aeus.getFlag("anthology", "unsteady")).toBe(false);
  });

  it("lets a combatant join mid-fight at the current TC plus its initiative roll", async () => {
    const { combat } = encounter();
    await combat.startCombat();
    fulfillment.push(2, 4, 5, 3);
    await combat.rollInitiative(["zherynn", "aeus", "garret"]);
    await combat.nextTurn();
    await combat.actCombatant("zherynn", { action: "custom", speedFactor: 6 });
    await combat.nextTurn();
    const late = combat.addCombatant(combatant("late", standInActor("Latecomer")));
    expect(late._getInitiativeFormula()).toBe("1d6 + 4");
    expect((late.getInitiativeRoll() as { formula: string }).formula).toBe("1d6 + 4 + 7");
    fulfillment.push(1);
    await combat.rollInitiative(["late"]);
    expect(late.initiative).toBe(12);
    // A formula handed to Foundry's roll (a macro, the actor's roll) gets the same offset.
    const other = combat.addCombatant(combatant("other", standInActor("Other")));
    fulfillment.push(6);
    await combat.rollInitiative(["other"], { formula: "1d6 + 4" });
    expect(other.initiative).toBe(17);
    // Rolling never moves the turn off the first one due.
    expect((combat as unknown as { turn: number }).turn).toBe(0);
  });

  it("carries out simultaneous actions one after another, losing none", async () => {
    const { combat, zherynn, garret } = encounter();
    await combat.startCombat();
    fulfillment.push(2, 4, 5, 2);
    await combat.rollInitiative(["zherynn", "aeus", "garret"]);
    await combat.nextTurn();
    expect(combat.scheduler().due()).toEqual(["garret", "zherynn"]);
    await Promise.all([
      combat.actCombatant("zherynn", { action: "custom", speedFactor: 5 }),
      combat.actCombatant("garret", { action: "custom", speedFactor: 9 }),
      combat.delayCombatant("aeus", 20),
    ]);
    expect([zherynn.initiative, garret.initiative]).toEqual([11, 15]);
    expect(combat.timeCountHistory).toHaveLength(4);
  });

  it("keeps a hidden combatant's speed between the GMs", async () => {
    const { combat, garret } = encounter();
    await garret.update({ hidden: true, initiative: 5 });
    await combat.startCombat();
    await combat.nextTurn();
    await combat.actCombatant("garret", { action: "drawWeapon" });
    expect(record.messages.at(-1)).toMatchObject({ whisper: ["user1"] });
  });

  it("delays to a later TC only, and refuses the rest with a message, changing nothing", async () => {
    const { combat, garret } = encounter();
    await combat.startCombat();
    fulfillment.push(2, 4, 5, 3);
    await combat.rollInitiative(["zherynn", "aeus", "garret"]);
    expect(await combat.delayCombatant("garret", 11)).toBe(11);
    expect(garret.initiative).toBe(11);
    const before = combat.timeCountHistory.length;
    await expect(combat.delayCombatant("garret", 9)).rejects.toMatchObject({
      refusal: { key: "ANTHOLOGY.TimeCount.Errors.notLater", data: { id: "Garret", own: "11", tc: "9" } },
    });
    await expect(combat.delayCombatant("garret", Number.NaN)).rejects.toMatchObject({
      refusal: { key: "ANTHOLOGY.TimeCount.Errors.notFinite" },
    });
    expect(garret.initiative).toBe(11);
    expect(combat.timeCountHistory.length).toBe(before);
  });

  it("refuses an action out of turn or with a speed factor that is not a number, before rolling anything", async () => {
    const { combat, garret } = encounter();
    await combat.startCombat();
    fulfillment.push(2, 4, 5, 3);
    await combat.rollInitiative(["zherynn", "aeus", "garret"]);
    await combat.nextTurn();
    await expect(combat.actCombatant("garret", { action: "attack" })).rejects.toMatchObject({
      refusal: { key: "ANTHOLOGY.TimeCount.Errors.notDue", data: { id: "Garret", tc: "7", current: "6" } },
    });
    await expect(combat.actCombatant("zherynn", { action: "custom", speedFactor: Infinity })).rejects.toMatchObject({
      refusal: { key: "ANTHOLOGY.TimeCount.Errors.notFinite" },
    });
    await expect(combat.actCombatant("zherynn", { action: "teleport" })).rejects.toMatchObject({
      refusal: { key: "ANTHOLOGY.TimeCount.Errors.action" },
    });
    expect(garret.initiative).toBe(7);
    expect(record.messages).toHaveLength(0);
  });

  it("skips the defeated, holds those due who did not act, and undoes every step exactly", async () => {
    const { combat, zherynn, aeus, garret } = encounter();
    await combat.startCombat();
    fulfillment.push(2, 4, 5, 3);
    await combat.rollInitiative(["zherynn", "aeus", "garret"]);
    const initial = { round: combat.round, tc: tcOf(combat), ini: [6, 13, 7] };

    await combat.nextTurn(); // TC 6: Zherynn
    await garret.update({ defeated: true });
    // Zherynn does not act: Advance holds him until the next group, Aeus at 13 (Garret is skipped).
    await combat.nextTurn();
    expect(tcOf(combat)).toBe(13);
    expect(zherynn.initiative).toBe(13);
    expect(record.notifications.at(-1)?.message).toBe("Zherynn did not act and wait until TC 13.");
    expect(combatLog.startTurns.at(-1)?.combatant).not.toBe("garret");

    await combat.previousTurn();
    expect(tcOf(combat)).toBe(6);
    expect(zherynn.initiative).toBe(6);
    await combat.previousRound();
    expect({ round: combat.round, tc: tcOf(combat), ini: [zherynn, aeus, garret].map((c) => c.initiative) }).toEqual(
      initial,
    );
    await combat.previousTurn();
    expect(record.notifications.at(-1)?.message).toBe("There is no step of the count left to undo.");
  });

  it("keeps the count whole when a combatant is removed, through Advance and Undo, and ends", async () => {
    const { combat, zherynn, garret } = encounter();
    await combat.startCombat();
    fulfillment.push(2, 4, 5, 3);
    await combat.rollInitiative(["zherynn", "aeus", "garret"]);
    await combat.nextTurn(); // TC 6
    (combat.combatants as unknown as { delete(id: string): boolean }).delete("zherynn");
    await combat.nextTurn();
    expect(tcOf(combat)).toBe(7);
    expect(combatLog.startTurns.at(-1)?.combatant).toBe("garret");
    await combat.previousTurn();
    expect(tcOf(combat)).toBe(6);
    expect(garret.initiative).toBe(7);
    expect(zherynn.initiative).toBe(6);
    await (combat as unknown as { endCombat(): Promise<unknown> }).endCombat();
    expect(combatLog.ended).toContain("c1");
  });

  it("refuses a hand-edited initiative in the past or not a number, and lets a later one through", async () => {
    const { combat, garret } = encounter();
    await combat.startCombat();
    fulfillment.push(2, 4, 5, 3);
    await combat.rollInitiative(["zherynn", "aeus", "garret"]);
    await combat.nextTurn();
    await garret.update({ initiative: 3 });
    await garret.update({ initiative: Number.NaN });
    expect(garret.initiative).toBe(7);
    expect(warnings()).toEqual([
      "TC 3 has already passed: the count is at 6.",
      '"NaN" is not a number the Time Count can use.',
    ]);
    await garret.update({ initiative: 20 });
    expect(garret.initiative).toBe(20);
  });

  it("marks a combatant surprised: +1d6 initiative and unsteady", async () => {
    const { garret } = encounter();
    await garret.setSurprised(true);
    expect(garret._getInitiativeFormula()).toBe("1d6 + 4 + 1d6");
    expect(garret.getFlag("anthology", "unsteady")).toBe(true);
  });

  it('"Typical bonuses include the Wisdom attribute": Wisdom and the initiative bonus make the roll lower, so the actor acts sooner', async () => {
    const { combat, zherynn, garret } = encounter();
    const wise = combat.addCombatant(
      combatant("wise", standInActor("Wise", { system: { wisdom: 2, initiativeBonus: 1 } }), {
        anthology: { surprised: true, unsteady: true },
      }),
    );
    expect(wise._getInitiativeFormula()).toBe("1d6 + 4 + 1d6 - 3");
    await combat.startCombat();
    // Zherynn 2 (6), Garret 3 (7); the wise one 3 + 1 for surprise, less 3: 5, first on the count.
    fulfillment.push(2, 3, 3, 1);
    await combat.rollInitiative(["zherynn", "garret", "wise"]);
    expect([zherynn.initiative, garret.initiative, wise.initiative]).toEqual([6, 7, 5]);
    expect(combat.turns[0]!.id).toBe("wise");
  });

  it("orders the tracker ascending with the unrolled and the defeated last", async () => {
    const { combat, zherynn, aeus, garret } = encounter();
    await zherynn.update({ initiative: 9 });
    await garret.update({ initiative: 5, defeated: true });
    expect(combat.turns.map((c) => c.id)).toEqual(["zherynn", "aeus", "garret"]);
    expect(aeus.initiative).toBeNull();
  });
});

describe("Round-based rule sets keep Foundry's rounds", () => {
  it("rolls their own initiative, highest first, and leaves turns to Foundry", async () => {
    await game.settings!.set("anthology" as never, "ruleSet" as never, "fade" as never);
    try {
      const combat = new (
        Combat as unknown as new (data: object) => CombatClass & {
          addCombatant(c: Doc): Doc;
          turn: number;
        }
      )({ id: "c2" });
      const a = combat.addCombatant(combatant("a", standInActor("Ana", { system: { agility: 3 } })));
      const b = combat.addCombatant(combatant("b", standInActor("Bo", { system: { attributes: { agility: -1 } } })));
      expect(a._getInitiativeFormula()).toBe("1d10+3");
      expect(b._getInitiativeFormula()).toBe("1d10-1");
      await a.update({ initiative: 5 });
      await b.update({ initiative: 12 });
      expect(combat.turns.map((c) => c.id)).toEqual(["b", "a"]);
      await combat.startCombat();
      await combat.nextTurn();
      expect(combat.turn).toBe(1);
      expect(combat.timeCountHistory).toEqual([]);
    } finally {
      await game.settings!.set("anthology" as never, "ruleSet" as never, "hod" as never);
    }
  });
});
