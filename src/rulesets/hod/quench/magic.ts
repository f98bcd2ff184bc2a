import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { requestApply, requestUndo } from "../../../play/cards";
import type { PlayMessage } from "../../../play/documents";
import { postedCard } from "../../../quench/live-card";
import { liveWorld } from "../../../quench/live-world";
import type { HodSpecialData, HodSpecialRow } from "../chat/card-data";
import { weaponOf, type HodActor, type HodItem } from "../chat/documents";
import { dialogTicks } from "../chat/effects";
import { linksOf } from "../chat/effect-links";
import { postHodHealing } from "../chat/heal";
import { followUpAction } from "../chat/kinds/special";
import { postHodSpecial } from "../chat/special";
import { castHodSpell, chargeHodSpell, prepareHodSpell, spellState } from "../chat/spell";
import { specialAction } from "../rules/special-actions";

/**
 * In a live world, as the GM, outside combat (the casting time passes unhurried): a caster prepares,
 * charges and casts a spell taking 10;
 * heals a patient (Invigoration and fatigue), grants it bonus HP, feints it and deals it a coup de
 * grâce with its follow-up; every apply is
 * checked against the text's numbers and undone. Everything it creates is deleted afterwards.
 */
export function hodMagicBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: Chai.AssertStatic = context.assert;
  const world = liveWorld();
  let caster: HodActor;
  let patient: HodActor;

  describe("Heroes of Destiny: spells, healing and effects in a live world", () => {
    before(async () => {
      const weapon = (name: string, system: object) => ({ name, type: "hod-weapon", system });
      caster = await world.actor<HodActor>({
        name: "Quench <b>caster</b>",
        type: "hod-character",
        system: { intelligence: 3, strength: 2, accuracy: 2, hp: { value: 20, max: 20 } },
        items: [
          weapon("Quench bolt", { damage: "1d6", category: "spell", speedClass: "standard", fatigueCost: 2 }),
          weapon("Quench sword", { damage: "1d8", category: "lightSwords", speedClass: "standard", equipped: true }),
        ],
      });
      patient = await world.actor<HodActor>({
        name: "Quench patient",
        type: "hod-npc",
        system: { hp: { value: 30, max: 30 }, fatigue: 4 },
      });
    });

    after(() => world.clear());

    const item = (name: string) => caster.items.contents.find((i) => i.name === name) as HodItem;

    it("prepares, charges and casts a spell taking 10: DC 10 + fatigue cost + charges, fatigue spent", async () => {
      assert.isNotNull(await prepareHodSpell(caster, item("Quench bolt")));
      assert.strictEqual(spellState(caster)?.item, item("Quench bolt").id);
      assert.isNotNull(await chargeHodSpell(caster));
      assert.strictEqual(spellState(caster)?.charges, 1);
      const cast = await castHodSpell(caster, { takeTen: true, modifier: 0 });
      // DC 10 + 2 + 1 charge = 13; taking 10 with Intelligence 3 makes 13: it works.
      assert.isTrue(cast?.success);
      assert.strictEqual(caster.system.fatigue, 3, "the cost and the charge, spent");
      assert.strictEqual(item("Quench bolt").system.castToday, 1, "the next casting today is 3 harder");
      assert.isNull(spellState(caster), "the preparation is over");
    });

    it("heals into Invigoration and off fatigue, applied by the GM once, and undone", async () => {
      // Healing never goes past maximum HP: the patient is 10 down.
      await (patient as unknown as { update(d: object): Promise<unknown> }).update({ "system.hp.value": 20 });
      const patients = [{ uuid: patient.uuid, name: patient.name }];
      const choices = { formula: "6", toInvigoration: 4, curesPoison: false, bonus: null };
      const message = await postHodHealing(caster, choices, patients);
      assert.isTrue(await requestApply(message, 0));
      assert.strictEqual(patient.system.invigoration, 4);
      assert.strictEqual(patient.system.fatigue, 2);
      assert.isFalse(await requestApply(message, 0), "applied once");
      assert.isTrue(await requestUndo(message, 0));
      assert.strictEqual(patient.system.invigoration, 0);
      assert.strictEqual(patient.system.fatigue, 4);
    });

    it("grants bonus HP with a duration, and undoes it", async () => {
      const patients = [{ uuid: patient.uuid, name: patient.name }];
      const bonus = { kind: "encounter", tcs: 1 };
      const message = await postHodHealing(
        caster,
        { formula: "5", toInvigoration: 0, curesPoison: false, bonus },
        patients,
      );
      assert.isTrue(await requestApply(message, 0));
      assert.strictEqual(patient.system.bonusHp, 5);
      assert.isTrue(await requestUndo(message, 0));
      assert.strictEqual(patient.system.bonusHp, 0);
    });

    it("feints: a hit puts +2 on the feinter's next attack on the target, and undo takes it back", async () => {
      const sword = item("Quench sword");
      const message = await postHodSpecial(
        caster,
        specialAction("feint")!,
        sword,
        weaponOf(sword),
        // +10, the most a typed modifier may be: every natural but a 1 beats Spirit 10.
        { defense: "spirit", modifier: 10 },
        [{ uuid: patient.uuid, name: patient.name }],
      );
      const read = postedCard<HodSpecialData, HodSpecialRow>(message!);
      if (read.data.natural === 1) return; // a fumble misses whatever the bonus
      assert.isTrue(await requestApply(message!, 0));
      assert.deepEqual(
        linksOf(caster).map((e) => e.link.kind),
        ["feinting"],
      );
      assert.include(dialogTicks(caster, patient).ids, "feint");
      assert.isTrue(await requestUndo(message!, 0));
      assert.deepEqual(linksOf(caster), []);
    });

    it("deals a coup de grâce; a survivor faces the follow-up Vigor attack, whose hit kills", async () => {
      await (patient as unknown as { update(d: object): Promise<unknown> }).update({ "system.hp.value": 30 });
      const sword = item("Quench sword");
      const strike = await postHodSpecial(
        caster,
        specialAction("coupDeGrace")!,
        sword,
        weaponOf(sword),
        { defense: "passive", modifier: 10 },
        [{ uuid: patient.uuid, name: patient.name }],
      );
      const read = postedCard<HodSpecialData, HodSpecialRow>(strike!);
      if (read.data.natural === 1) return;
      // Doubled critical damage: (8 + Strength 2) x 2 = 20 of the patient's 30 HP.
      assert.strictEqual(read.targets[0]!.data.damage?.total, 20);
      assert.isTrue(await requestApply(strike!, 0));
      const followUp = (await followUpAction.run({
        message: strike!,
        card: postedCard(strike!),
        target: 0,
      })) as PlayMessage;
      const next = postedCard<HodSpecialData, HodSpecialRow>(followUp);
      assert.strictEqual(next.data.special, "coupFollowUp");
      if (next.targets[0]!.data.outcomes.length) {
        assert.isTrue(await requestApply(followUp, 0));
        assert.isTrue(patient.statuses?.has("dead"), "the follow-up's hit kills");
        assert.isTrue(await requestUndo(followUp, 0));
      }
      assert.isTrue(await requestUndo(strike!, 0));
      assert.strictEqual(patient.system.hp.value, 30);
    });
  });
}
