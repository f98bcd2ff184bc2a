import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { AnthologyCombat, isTimeCountWorld } from "../../../combat/anthology-combat";
import { SYSTEM_ID } from "../../../constants";
import { liveWorld, type LiveDocument } from "../../../quench/live-world";
import { hodTimeCount } from "../combat/time-count-actions";

interface LiveCombatant {
  readonly id: string;
  readonly initiative: number | null;
  update(data: object): Promise<unknown>;
}
interface LiveCombat extends AnthologyCombat, LiveDocument {
  createEmbeddedDocuments(name: "Combatant", data: object[]): Promise<LiveCombatant[]>;
  rollInitiative(ids: string[]): Promise<unknown>;
  endCombat(): Promise<unknown>;
}

/**
 * In a live Heroes of Destiny world, as the GM: a throwaway encounter runs through the whole Time
 * Count (start, initiative, advance, act, join mid-fight, delay, defeat, undo, end) and is deleted.
 */
export function timeCountBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: Chai.AssertStatic = context.assert;
  const world = liveWorld();
  let combat: LiveCombat;
  const actors: LiveDocument[] = [];
  const combatants: Record<string, LiveCombatant> = {};

  describe("Time Count combat in Foundry", () => {
    before(async function (this: { skip(): void }) {
      if (!isTimeCountWorld() || !game.user?.isGM) this.skip();
      for (const name of ["Quench Zherynn", "Quench Garret", "Quench Latecomer"]) {
        actors.push(await world.actor({ name, type: "hod-npc" }));
      }
      const CombatClass = CONFIG.Combat.documentClass as unknown as { create(data: object): Promise<LiveCombat> };
      combat = world.keep(await CombatClass.create({}));
      const created = await combat.createEmbeddedDocuments(
        "Combatant",
        actors.slice(0, 2).map((a) => ({ actorId: a.id })),
      );
      combatants.zherynn = created[0]!;
      combatants.garret = created[1]!;
    });

    // The encounter, its actors and the lines they spoke (their initiative rolls) go.
    after(() => world.clear());

    it("is Anthology's Combat", () => {
      assert.isTrue(combat instanceof AnthologyCombat);
      assert.isTrue(combat.isTimeCount);
    });

    it("starts at TC 0 and rolls initiative 1d6+4", async () => {
      await combat.startCombat();
      assert.strictEqual(combat.timeCount, 0);
      await combat.rollInitiative([combatants.zherynn!.id, combatants.garret!.id]);
      for (const c of [combatants.zherynn!, combatants.garret!]) {
        const live = combat.combatants.get(c.id)!;
        assert.isAtLeast(live.initiative!, 5);
        assert.isAtMost(live.initiative!, 10);
      }
    });

    it("advances to the lowest TC and schedules the next action from the SF", async () => {
      // Fix the initiatives so the rest of the batch is exact.
      await combat.combatants.get(combatants.zherynn!.id)!.update({ initiative: 6 });
      await combat.combatants.get(combatants.garret!.id)!.update({ initiative: 7 });
      await combat.advanceCount();
      assert.strictEqual(combat.timeCount, 6);
      assert.strictEqual(await combat.actCombatant(combatants.zherynn!.id, { action: "custom", speedFactor: 6 }), 12);
      await combat.advanceCount();
      assert.strictEqual(combat.timeCount, 7);
    });

    it("moves a count at a time, remembering the movement's count, and undoes it", async () => {
      const garret = combat.combatants.get(combatants.garret!.id)!;
      assert.strictEqual(await combat.actCombatant(garret.id, { action: "move", pace: "base", moveCount: 1 }), 8);
      assert.strictEqual(garret.getFlag(SYSTEM_ID, "moveCount"), 1);
      const context = hodTimeCount.dialog.context({ name: garret.name, rolled: true, actor: garret.actor }) as {
        move: { count: number };
      };
      assert.strictEqual(context.move.count, 2);
      await combat.undoCount();
      assert.strictEqual(combat.combatants.get(garret.id)!.initiative, 7);
      assert.notOk(combat.combatants.get(garret.id)!.getFlag(SYSTEM_ID, "moveCount"));
    });

    it("lets a combatant join mid-fight at the current TC plus its roll, and delay", async () => {
      const [late] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: actors[2]!.id }]);
      await combat.rollInitiative([late!.id]);
      const joined = combat.combatants.get(late!.id)!.initiative!;
      assert.isAtLeast(joined, 7 + 5);
      assert.isAtMost(joined, 7 + 10);
      await combat.delayCombatant(late!.id, joined + 3);
      assert.strictEqual(combat.combatants.get(late!.id)!.initiative, joined + 3);
    });

    it("refuses a malformed act, changing nothing", async () => {
      const garret = combat.combatants.get(combatants.garret!.id)!;
      const before = { initiative: garret.initiative, steps: combat.timeCountHistory.length };
      let refused: unknown = null;
      try {
        await combat.actCombatant(garret.id, { action: "fly", speedFactor: Number.NaN });
      } catch (error) {
        refused = error;
      }
      assert.propertyVal(
        (refused as { refusal?: { key: string } } | null)?.refusal,
        "key",
        "ANTHOLOGY.TimeCount.Errors.action",
      );
      assert.deepEqual({ initiative: garret.initiative, steps: combat.timeCountHistory.length }, before);
    });

    it("keeps its live count in step with the combatants", () => {
      for (const c of combat.combatants) {
        const expected = c.isDefeated || c.initiative === null ? undefined : Math.max(c.initiative, combat.timeCount);
        assert.strictEqual(combat.scheduler().tcOf(c.id), expected, c.name);
      }
    });

    it("keeps each combatant's place in the combat's own flags, where only a GM writes, and records a GM's edit", async () => {
      // What a player writes to their combatant is put back from this record (docs/time-count.md).
      for (const c of combat.combatants) {
        if (c.initiative === null) continue;
        assert.strictEqual(combat.placeOf(c.id)?.initiative, c.initiative, c.name);
      }
      const garret = combat.combatants.get(combatants.garret!.id) as unknown as LiveCombatant;
      const was = garret.initiative;
      const edited = (was ?? 0) + 7;
      await garret.update({ initiative: edited });
      // The active GM's hook records a GM's own edit in the combat's flags.
      for (let i = 0; i < 40 && combat.placeOf(garret.id)?.initiative !== edited; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.strictEqual(combat.placeOf(garret.id)?.initiative, edited, "the GM's edit is kept");
      await garret.update({ initiative: was });
      for (let i = 0; i < 40 && combat.placeOf(garret.id)?.initiative !== was; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.strictEqual(combat.placeOf(garret.id)?.initiative, was);
    });

    it("skips the defeated and undoes a step exactly", async () => {
      const garret = combat.combatants.get(combatants.garret!.id) as unknown as LiveCombatant;
      await combat.actCombatant(garret.id, { action: "custom", speedFactor: 2 });
      await garret.update({ defeated: true });
      const before = { tc: combat.timeCount, round: combat.round };
      await combat.advanceCount();
      assert.notStrictEqual(combat.timeCount, 9);
      await combat.undoCount();
      assert.deepEqual({ tc: combat.timeCount, round: combat.round }, before);
    });

    it("ends", async () => {
      await combat.endCombat();
    });
  });
}
