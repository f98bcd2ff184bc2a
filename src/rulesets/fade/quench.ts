import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { SYSTEM_ID } from "../../constants";
import type { FadeDamageFlags } from "./chat/flags";
import {
  cardFlags,
  postAttack,
  postDamage,
  requestApplyDamage,
  weaponOf,
  type FadeActorDoc,
  type FadeItemDoc,
  type FadeMessage,
} from "./chat/flow";
import { applyDamage, toHitPool } from "./rules";

interface LiveDocument {
  readonly id: string;
  readonly uuid: string;
  delete(): Promise<unknown>;
}

/**
 * In a live world, as the GM: a Fade character attacks a Fade NPC, rolls a called shot's damage to the
 * body and applies it; the NPC's HP, status effects and the chat cards are checked against the rules.
 * Everything it creates is deleted afterwards.
 */
export function fadeBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: Chai.AssertStatic = context.assert;
  const created: LiveDocument[] = [];
  let attacker: FadeActorDoc;
  let target: FadeActorDoc;

  describe("The Fade: attack, damage, apply in a live world", () => {
    before(async () => {
      const ActorClass = Actor as unknown as { create(data: object): Promise<LiveDocument> };
      const a = await ActorClass.create({
        name: "Quench <b>attacker</b>",
        type: "fade-character",
        system: { strength: 6, agility: 6, luck: 2 },
        items: [{ name: "Quench sword", type: "fade-weapon", system: { baseDamage: "4k2", penetration: 4 } }],
      });
      const t = await ActorClass.create({
        name: "Quench target",
        type: "fade-npc",
        system: { agility: 0, luck: 0, endurance: 2, classHp: 30, speciesSize: 2, classSoak: 2 },
        items: [{ name: "Quench mail", type: "fade-armor", system: { deflection: { body: 5 }, equipped: true } }],
      });
      created.push(a, t);
      attacker = a as unknown as FadeActorDoc;
      target = t as unknown as FadeActorDoc;
    });

    after(async () => {
      // The cards it posted (the applied card too) name its actors; then the actors themselves.
      const ours = new Set(created.map((d) => d.uuid));
      const messages = (game as unknown as { messages: Iterable<FadeMessage & LiveDocument> }).messages;
      for (const message of [...messages]) {
        const flags = cardFlags(message) as { actor?: { uuid: string }; target?: { uuid: string } | null } | undefined;
        if (flags && (ours.has(flags.actor?.uuid ?? "") || ours.has(flags.target?.uuid ?? ""))) await message.delete();
      }
      for (const document of created.reverse()) await document.delete();
    });

    it("prepares both actors with the rules' derived numbers", () => {
      assert.strictEqual(attacker.system.derived.physicalToHit, "6k3");
      assert.strictEqual(target.system.hp.max, 32);
      assert.strictEqual(target.system.derived.deflection.body, 5);
      assert.strictEqual(target.system.derived.soak, 4);
    });

    it("rolls an attack judged against the target's Defense", async () => {
      const sword = attacker.items.contents[0] as FadeItemDoc;
      const message = (await postAttack(
        attacker,
        { uuid: sword.uuid, name: sword.name },
        weaponOf(sword),
        { modifiers: ["flanking"] },
        { uuid: target.uuid, name: target.name },
      )) as FadeMessage & LiveDocument;
      const flags = cardFlags(message);
      assert.strictEqual(flags?.kind, "attack");
      if (flags?.kind !== "attack") return;
      assert.strictEqual(flags.pool, toHitPool(attacker.system.derived, weaponOf(sword), { modifiers: ["flanking"] }));
      assert.strictEqual(flags.defense?.value, target.system.derived.defense);
      assert.include(["hit", "criticalHit", "miss", "criticalFailure"], flags.result);
    });

    it("rolls a called shot's damage to the body and applies it with each step", async () => {
      const sword = attacker.items.contents[0] as FadeItemDoc;
      const message = (await postDamage(
        attacker,
        { uuid: sword.uuid, name: sword.name },
        weaponOf(sword),
        { calledShot: "body" },
        { uuid: target.uuid, name: target.name },
      )) as FadeMessage & LiveDocument;
      const flags = cardFlags(message) as FadeDamageFlags;
      assert.strictEqual(flags.part, "body");
      const expected = applyDamage({
        damage: flags.total,
        penetration: 4,
        deflection: 5,
        soak: 4,
      });
      const before = target.system.hp.value;
      assert.isTrue(await requestApplyDamage(message));
      assert.strictEqual(target.system.hp.value, before + expected.hpChange);
      assert.isTrue((message.getFlag(SYSTEM_ID, "fade") as FadeDamageFlags).applied);
      const statuses = (target as unknown as { statuses: Set<string> }).statuses;
      assert.isTrue(statuses.has("fade-bleeding"), "a called shot to the body bleeds");
    });
  });
}
