import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { replayRolls, requestApply, requestUndo } from "../../../play/cards";
import type { PlayMessage } from "../../../play/documents";
import { postedCard } from "../../../quench/live-card";
import { liveWorld, type LiveDocument } from "../../../quench/live-world";
import { postHodAttack } from "../chat/attack";
import type {
  HodAttackData,
  HodAttackRow,
  HodCheckData,
  HodDamageData,
  HodSpecialData,
  HodSpecialRow,
} from "../chat/card-data";
import { postHodCheck } from "../chat/check";
import { postHodDamage } from "../chat/damage";
import { weaponOf, type HodActor, type HodItem } from "../chat/documents";
import { postHodSpecial } from "../chat/special";
import { linksOf } from "../chat/effect-links";
import { FIST } from "../chat/special-weapon";
import { shiftHodStance } from "../chat/stance";
import { POISONS_FLAG } from "../chat/kinds/poison";
import { postHodPoison, tickPoisons } from "../chat/poison";
import { SYSTEM_ID } from "../../../constants";
import { judgeAttack } from "../rules/attack";
import { applyDamage } from "../rules/health";
import { specialAction } from "../rules/special-actions";

type Message = PlayMessage & LiveDocument;

const numbers = {
  strength: 3,
  dexterity: 1,
  constitution: 2,
  intelligence: 0,
  wisdom: 1,
  persona: 2,
  fortitude: 2,
  agility: 1,
  willpower: 0,
  accuracy: 2,
  power: 1,
  topBase: 3,
  size: 0,
};

/**
 * In a live world, as the GM: a Heroes of Destiny character attacks an NPC with a longsword, rolls the
 * damage and applies it; the NPC's track, the chat cards and the rules' numbers are compared; then a
 * check, a stance and a special action. Everything it creates is deleted afterwards.
 */
export function hodBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: Chai.AssertStatic = context.assert;
  const world = liveWorld();
  let attacker: HodActor;
  let target: HodActor;

  describe("Heroes of Destiny: attack, damage, apply in a live world", () => {
    before(async () => {
      attacker = await world.actor<HodActor>({
        name: "Quench <b>fighter</b>",
        type: "hod-character",
        system: { ...numbers, hp: { value: 20, max: 20 } },
        items: [
          {
            name: "Quench longsword",
            type: "hod-weapon",
            system: {
              damage: "1d8",
              category: "lightSwords",
              speedClass: "standard",
              proficient: true,
              equipped: true,
            },
          },
        ],
      });
      target = await world.actor<HodActor>({
        name: "Quench target",
        type: "hod-npc",
        system: { ...numbers, strength: 1, persona: 0, armor: 2, hp: { value: 30, max: 30 } },
      });
    });

    // The cards it posted name its actors: those go, then the actors themselves.
    after(() => world.clear());

    it("prepares both actors with the rules' derived numbers", () => {
      // Primary 10 + armor 2 + Fortitude 2; Threshold of Pain 3 + Persona 0.
      assert.strictEqual(target.system.derived.primary, 14);
      assert.strictEqual(target.system.derived.thresholdOfPain, 3);
      assert.strictEqual(attacker.system.derived.thresholdOfPain, 5);
    });

    it("rolls an attack judged against the target's Primary, its damage with each hit", async () => {
      const sword = attacker.items.contents[0] as HodItem;
      const message = (await postHodAttack(
        attacker,
        sword,
        weaponOf(sword),
        { defense: "primary", modifiers: ["higherGround"] },
        [{ uuid: target.uuid, name: target.name }],
      )) as Message;
      const card = postedCard<HodAttackData, HodAttackRow>(message);
      assert.strictEqual(card.kind, "attack");
      // Accuracy 2 + Strength 3 + proficient 1 + higher ground 1.
      assert.strictEqual(card.data.formula, "1d20 + 7");
      const row = card.targets[0]!;
      assert.strictEqual(row.data.defense.value, 14);
      const judged = judgeAttack({ natural: card.data.natural, total: card.data.total, defense: 14 });
      assert.strictEqual(row.data.defense.hit, judged.hit);
      assert.strictEqual(row.data.defense.critical, judged.critical);
      // A hit rolled its damage into the same card; the stored roll reads back to the card's numbers.
      assert.strictEqual(row.data.damage !== null, judged.hit);
      assert.strictEqual(replayRolls(message)[0]?.outcome.total, card.data.total);
    });

    it("rolls damage and applies it to the target's track as the rules say, once, and undoes it", async () => {
      const sword = attacker.items.contents[0] as HodItem;
      const message = (await postHodDamage(
        attacker,
        { uuid: sword.uuid, name: sword.name },
        weaponOf(sword),
        { critical: false, nonlethal: false, modifier: 10, extraDice: "" },
        [{ uuid: target.uuid, name: target.name }],
      )) as Message;
      const card = postedCard<HodDamageData, Record<string, never>>(message);
      assert.strictEqual(card.data.formula, "1d8 + 14");
      const expected = applyDamage(
        { hp: 30, fatigue: 0, thresholdOfPain: 3, bonusHp: 0, invigoration: 0 },
        { damage: card.data.total },
      );
      assert.isTrue(await requestApply(message, 0));
      assert.strictEqual(target.system.hp.value, expected.hp);
      assert.strictEqual(target.system.fatigue, expected.fatigue);
      assert.strictEqual(target.system.topLost, 1);
      assert.isNotNull(postedCard<HodDamageData, Record<string, never>>(message).targets[0]?.applied);
      assert.isFalse(await requestApply(message, 0), "a hit is applied once");
      assert.isTrue(await requestUndo(message, 0));
      assert.strictEqual(target.system.hp.value, 30);
      assert.strictEqual(target.system.fatigue, 0);
      assert.strictEqual(target.system.topLost, 0);
    });

    it("rolls a 3d6 check against a DC", async () => {
      const message = (await postHodCheck(attacker, "constitution", 0, 12)) as Message;
      const card = postedCard<HodCheckData, Record<string, never>>(message);
      assert.strictEqual(card.kind, "check");
      assert.strictEqual(card.data.formula, "3d6 + 2");
      assert.strictEqual(card.data.success, card.data.total >= 12);
    });

    it("shifts into a stance and back", async () => {
      await shiftHodStance(attacker, "cautious");
      assert.strictEqual(attacker.system.stance, "cautious");
      await shiftHodStance(attacker, "");
      assert.strictEqual(attacker.system.stance, "");
    });

    it("poisons the target: its HP marked poisoned, applied once, a later dose posted as the Time Count comes, undone", async () => {
      const victim = [{ uuid: target.uuid, name: target.name }];
      const plan = { every: 10, times: 1, delay: 0 };
      const first = (await postHodPoison(attacker, victim, {
        name: "Quench venom",
        track: "hp",
        formula: "3",
        plan,
      })) as Message;
      assert.isTrue(await requestApply(first, 0));
      assert.strictEqual(target.system.hp.value, 27);
      assert.strictEqual(target.system.poisoned?.hp, 3);
      // Outside a combat the schedule counts from TC 0: the dose is due at 10.
      await tickPoisons(target, 10);
      assert.strictEqual(target.getFlag(SYSTEM_ID, POISONS_FLAG), "[]");
      const dose = (game as unknown as { messages: { contents: Message[] } }).messages.contents.at(-1)!;
      assert.isTrue(await requestApply(dose, 0));
      assert.strictEqual(target.system.hp.value, 24);
      assert.isTrue(await requestUndo(dose, 0));
      assert.isTrue(await requestUndo(first, 0));
      assert.strictEqual(target.system.hp.value, 30);
      assert.strictEqual(target.system.poisoned?.hp, 0);
    });

    it("throws the target: one roll against Vigor and Celerity, 2 fatigue", async () => {
      const fatigue = attacker.system.fatigue;
      const message = (await postHodSpecial(attacker, specialAction("throw")!, null, FIST, { defense: "vigor" }, [
        { uuid: target.uuid, name: target.name },
      ])) as Message;
      const card = postedCard<HodSpecialData, HodSpecialRow>(message);
      assert.strictEqual(card.kind, "special");
      assert.deepEqual(
        card.targets[0]!.data.results.map((r) => r.id),
        ["vigor", "celerity"],
      );
      assert.strictEqual(attacker.system.fatigue, fatigue + 2);
    });

    it("grabs the target: applying links grabber and grabbed, undo unlinks them", async () => {
      // +10 (the most a typed modifier may be) makes every roll but a natural 1 (a fumble, a miss) a hit
      // against Celerity 12: 2 + Accuracy 2 + Strength 3 + 10 = 17.
      const message = (await postHodSpecial(
        attacker,
        specialAction("grab")!,
        null,
        FIST,
        { defense: "celerity", modifier: 10 },
        [{ uuid: target.uuid, name: target.name }],
      )) as Message;
      const card = postedCard<HodSpecialData, HodSpecialRow>(message);
      const hit = card.targets[0]!.data.outcomes.includes("ANTHOLOGY.HoD.Special.grab.hit");
      assert.strictEqual(hit, card.data.natural !== 1);
      if (!hit) return;
      const kinds = (actor: HodActor) => linksOf(actor).map((e) => `${e.link.kind}:${e.link.other}`);
      assert.isTrue(await requestApply(message, 0));
      assert.deepEqual(kinds(target), [`grabbed:${attacker.uuid}`]);
      assert.deepEqual(kinds(attacker), [`grabbing:${target.uuid}`]);
      assert.isTrue(target.statuses?.has("hod-grabbed"));
      assert.isTrue(await requestUndo(message, 0));
      assert.deepEqual(kinds(target), []);
      assert.deepEqual(kinds(attacker), []);
    });
  });
}
