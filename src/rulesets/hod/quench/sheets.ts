import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { liveWorld, type LiveDocument } from "../../../quench/live-world";
import type { HodActorDerived, HodActorSystem } from "../data";
import { HodActorSheet } from "../sheets/actor-sheet";

interface LiveActor extends LiveDocument {
  readonly system: HodActorSystem & HodActorDerived;
  readonly _source: { system: HodActorSystem };
  readonly items: { contents: Array<{ name: string; update(data: object): Promise<unknown> }> };
  update(data: object): Promise<unknown>;
}

/**
 * In a live world, as the GM: a Heroes of Destiny character with worn and carried armor is prepared
 * with the rules' numbers, keeps its HP within the maximum through real updates, follows armor put on,
 * and refuses another rule set's item on its sheet. Everything it creates is deleted afterwards.
 */
export function hodSheetsBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: Chai.AssertStatic = context.assert;
  const world = liveWorld();
  let hero: LiveActor;

  describe("Heroes of Destiny: actor data and sheet in a live world", () => {
    before(async () => {
      hero = await world.actor<LiveActor>({
        name: "Quench <b>hero</b>",
        type: "hod-character",
        system: {
          strength: 3,
          dexterity: 2,
          persona: 2,
          fortitude: 2,
          accuracy: 3,
          power: 1,
          hp: { value: 20, max: 20 },
        },
        items: [
          { name: "Quench mail", type: "hod-armor", system: { armor: 4, topBonus: 1, equipped: true } },
          { name: "Quench plate", type: "hod-armor", system: { armor: 6, equipped: false } },
          { name: "Quench sword", type: "hod-weapon", system: { damage: "1d8", category: "heavySwords" } },
        ],
      });
    });

    after(() => world.clear());

    it("prepares the five defenses, the effective ToP and the fatigue track from worn armor", () => {
      const { derived, top, fatigueTrack, condition } = hero.system;
      assert.strictEqual(derived.primary, 16); // 10 + armor 4 + Fortitude 2
      assert.strictEqual(derived.passive, 14);
      assert.strictEqual(derived.thresholdOfPain, 6); // 3 + Persona 2 + the mail's 1
      assert.deepEqual({ ...top }, { value: 6, max: 6 });
      assert.deepEqual({ ...fatigueTrack }, { value: 0, max: 20 });
      assert.isFalse(condition.wounded);
    });

    it("stores no more HP than the maximum, and lowers HP with a lower maximum", async () => {
      await hero.update({ "system.hp.value": 99 });
      assert.strictEqual(hero._source.system.hp.value, 20);
      await hero.update({ system: { hp: { max: 15 } } });
      assert.deepEqual({ ...hero._source.system.hp }, { value: 15, max: 15 });
    });

    it("follows armor as it is put on, and counts hits against the Threshold of Pain", async () => {
      const plate = hero.items.contents.find((i) => i.name === "Quench plate")!;
      await plate.update({ "system.equipped": true });
      // Worn over the mail, the plate's 6 counts and the mail's 4 adds nothing.
      assert.strictEqual(hero.system.derived.armorBonus, 6);
      await hero.update({ "system.topLost": 6, "system.fatigue": 16 });
      assert.isTrue(hero.system.condition.wounded);
      assert.strictEqual(hero.system.condition.consciousnessDc, 1);
    });

    it("refuses another rule set's item dropped on its sheet", async () => {
      const sheet = new HodActorSheet({ document: hero });
      const foreign = { type: "fade-weapon", name: "Quench foreign" };
      assert.isNull(await sheet._onDropItem(new Event("drop") as DragEvent, foreign));
      assert.strictEqual(hero.items.contents.length, 3);
    });
  });
}
