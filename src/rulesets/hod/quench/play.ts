import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { hodCardFlags } from "../chat/common";
import { postHodAttack } from "../chat/attack";
import { postHodCheck } from "../chat/check";
import { postHodDamage, requestApplyHodDamage } from "../chat/damage";
import { weaponOf, type HodActor, type HodItem, type HodMessage } from "../chat/documents";
import type { HodDamageFlags } from "../chat/flags";
import { postHodSpecial } from "../chat/special";
import { FIST } from "../chat/special-weapon";
import { shiftHodStance } from "../chat/stance";
import { judgeAttack } from "../rules/attack";
import { applyDamage } from "../rules/health";
import { specialAction } from "../rules/special-actions";

interface LiveDocument {
  readonly id: string;
  readonly uuid: string;
  delete(): Promise<unknown>;
}

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
  const created: LiveDocument[] = [];
  let attacker: HodActor;
  let target: HodActor;

  describe("Heroes of Destiny: attack, damage, apply in a live world", () => {
    before(async () => {
      const ActorClass = Actor as unknown as { create(data: object): Promise<LiveDocument> };
      const a = await ActorClass.create({
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
      const t = await ActorClass.create({
        name: "Quench target",
        type: "hod-npc",
        system: { ...numbers, strength: 1, persona: 0, armor: 2, hp: { value: 30, max: 30 } },
      });
      created.push(a, t);
      attacker = a as unknown as HodActor;
      target = t as unknown as HodActor;
    });

    after(async () => {
      // The cards it posted name its actors (the applied card its target); then the actors themselves.
      const ours = new Set(created.map((d) => d.uuid));
      const messages = (game as unknown as { messages: Iterable<HodMessage & LiveDocument> }).messages;
      for (const message of [...messages]) {
        const flags = hodCardFlags(message) as
          { actor?: { uuid: string }; target?: { uuid: string } | null } | undefined;
        if (flags && (ours.has(flags.actor?.uuid ?? "") || ours.has(flags.target?.uuid ?? ""))) await message.delete();
      }
      for (const document of created.reverse()) await document.delete();
    });

    it("prepares both actors with the rules' derived numbers", () => {
      // Primary 10 + armor 2 + Fortitude 2; Threshold of Pain 3 + Persona 0.
      assert.strictEqual(target.system.derived.primary, 14);
      assert.strictEqual(target.system.derived.thresholdOfPain, 3);
      assert.strictEqual(attacker.system.derived.thresholdOfPain, 5);
    });

    it("rolls an attack judged against the target's Primary", async () => {
      const sword = attacker.items.contents[0] as HodItem;
      const message = (await postHodAttack(
        attacker,
        sword,
        weaponOf(sword),
        { defense: "primary", modifiers: ["higherGround"] },
        { uuid: target.uuid, name: target.name },
      )) as HodMessage;
      const flags = hodCardFlags(message);
      assert.strictEqual(flags?.kind, "attack");
      if (flags?.kind !== "attack") return;
      // Accuracy 2 + Strength 3 + proficient 1 + higher ground 1.
      assert.strictEqual(flags.formula, "1d20 + 7");
      assert.strictEqual(flags.defense?.value, 14);
      const judged = judgeAttack({ natural: flags.natural, total: flags.total, defense: 14 });
      assert.strictEqual(flags.defense?.hit, judged.hit);
      assert.strictEqual(flags.defense?.critical, judged.critical);
    });

    it("rolls damage and applies it to the target's track as the rules say", async () => {
      const sword = attacker.items.contents[0] as HodItem;
      const message = (await postHodDamage(attacker, { uuid: sword.uuid, name: sword.name }, weaponOf(sword), {
        critical: false,
        nonlethal: false,
        modifier: 10,
        target: { uuid: target.uuid, name: target.name },
      })) as HodMessage;
      const flags = hodCardFlags(message) as HodDamageFlags;
      assert.strictEqual(flags.formula, "1d8 + 14");
      const expected = applyDamage(
        { hp: 30, fatigue: 0, thresholdOfPain: 3, bonusHp: 0, invigoration: 0 },
        { damage: flags.total },
      );
      assert.isTrue(await requestApplyHodDamage(message));
      assert.strictEqual(target.system.hp.value, expected.hp);
      assert.strictEqual(target.system.fatigue, expected.fatigue);
      assert.strictEqual(target.system.topLost, 1);
      assert.isFalse(await requestApplyHodDamage(message), "a hit is applied once");
    });

    it("rolls a 3d6 check against a DC", async () => {
      const message = (await postHodCheck(attacker, "constitution", 0, 12)) as HodMessage;
      const flags = hodCardFlags(message);
      assert.strictEqual(flags?.kind, "check");
      if (flags?.kind !== "check") return;
      assert.strictEqual(flags.formula, "3d6 + 2");
      assert.strictEqual(flags.success, flags.total >= 12);
    });

    it("shifts into a stance and back", async () => {
      await shiftHodStance(attacker, "cautious");
      assert.strictEqual(attacker.system.stance, "cautious");
      await shiftHodStance(attacker, "");
      assert.strictEqual(attacker.system.stance, "");
    });

    it("throws the target: one roll against Vigor and Celerity, 2 fatigue", async () => {
      const fatigue = attacker.system.fatigue;
      const message = (await postHodSpecial(
        attacker,
        specialAction("throw")!,
        null,
        FIST,
        { defense: "vigor" },
        {
          uuid: target.uuid,
          name: target.name,
        },
      )) as HodMessage;
      const flags = hodCardFlags(message);
      assert.strictEqual(flags?.kind, "special");
      if (flags?.kind !== "special") return;
      assert.deepEqual(
        flags.results.map((r) => r.id),
        ["vigor", "celerity"],
      );
      assert.strictEqual(attacker.system.fatigue, fatigue + 2);
    });
  });
}
