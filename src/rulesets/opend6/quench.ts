import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { requestGm } from "../../hooks/socket";
import { requestApply, requestUndo } from "../../play/cards";
import type { PlayMessage } from "../../play/documents";
import { freshMessage, postedCard } from "../../quench/live-card";
import { liveWorld, type LiveDocument } from "../../quench/live-world";
import type { OpenD6AttackData, OpenD6AttackRow } from "./chat/card-data";
import type { OpenD6RollChoices } from "./chat/dialog-form";
import { postAttack, type OpenD6ActorDoc, type OpenD6ItemDoc } from "./chat/flow";
import { postHealing } from "./chat/heal";
import type { OpenD6HealData, OpenD6HealRow } from "./chat/heal-card";
import { SPEND_REQUEST } from "./chat/spend";

interface LiveActor extends LiveDocument {
  readonly name: string;
  readonly system: Record<string, unknown>;
  readonly items: { contents: OpenD6ItemDoc[] };
  update(data: object): Promise<unknown>;
}

const SHOT: OpenD6RollChoices = {
  actions: 1,
  bonusDice: 0,
  characterPoints: 0,
  fatePoint: false,
  range: "short",
  cover: "none",
  posture: "standing",
  aim: 0,
};

/**
 * In a live world, as the GM: an OpenD6 sharpshooter shoots an NPC, spends a Character Point after the
 * roll (the GM rolls it onto the card), applies the hit once and takes it back, then treats a wound
 * with medicine. The dice are real, so the batch checks the rules' consequences of whatever was
 * rolled. Everything it creates is deleted afterwards.
 */
export function opend6Batch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: Chai.AssertStatic = context.assert;
  const world = liveWorld();
  const messages: PlayMessage[] = [];
  let kira: LiveActor;
  let thug: LiveActor;

  describe("OpenD6: a shot, a spend, an apply and a healing in a live world", () => {
    before(async () => {
      kira = await world.actor<LiveActor>({
        name: "Quench <b>Kira</b>",
        type: "opend6-character",
        system: {
          attributes: { coordination: "3D+2", knowledge: "3D" },
          skills: { marksmanship: "1D+1", medicine: "2D" },
          characterPoints: 5,
        },
        items: [
          {
            name: "Quench pistol",
            type: "opend6-weapon",
            system: { damage: "4D", skill: "marksmanship", short: 10, medium: 25, long: 50 },
          },
        ],
      });
      thug = await world.actor<LiveActor>({ name: "Quench thug", type: "opend6-npc", system: { wounds: "none" } });
    });

    after(() => world.clear());

    it("posts the shot with a row whose hit follows the dice and the thug's defense", async () => {
      const pistol = kira.items.contents.find((i) => i.name === "Quench pistol")!;
      const attack = await postAttack(kira as unknown as OpenD6ActorDoc, pistol, SHOT, [
        { uuid: thug.uuid, name: thug.name },
      ]);
      assert.ok(attack);
      messages.push(attack!);
      const card = postedCard<OpenD6AttackData, OpenD6AttackRow>(freshMessage(attack!));
      const row = card.targets[0]!.data;
      // Passive defense 10 at Short range, no cover: the difficulty is 10.
      assert.equal(row.difficulty.value, 10);
      assert.equal(row.attack, card.data.total);
      assert.equal(row.hit, card.data.total >= 10);
    });

    it("spends a Character Point after the roll: one more die on the card, one point fewer", async () => {
      const attack = freshMessage(messages[0]!);
      const before = postedCard<OpenD6AttackData, OpenD6AttackRow>(attack).data.total;
      assert.isTrue(await requestGm(SPEND_REQUEST, { messageId: attack.id, spend: "characterPoint", seen: 0 }));
      const card = postedCard<OpenD6AttackData, OpenD6AttackRow>(freshMessage(attack));
      const spent = card.data.spends ?? [];
      assert.lengthOf(spent, 1);
      assert.isAtLeast(spent[0]!.total, 1);
      assert.equal(card.data.total, before + spent[0]!.total);
      assert.equal(card.targets[0]!.data.hit, card.data.total >= 10);
      assert.equal(kira.system.characterPoints, 4);
      // The same press again, on the card as it was: refused, nothing more spent.
      assert.isFalse(await requestGm(SPEND_REQUEST, { messageId: attack.id, spend: "characterPoint", seen: 0 }));
      assert.equal(kira.system.characterPoints, 4);
    });

    it("applies a hit once, with the Wound level the card's dice give, and undoes it", async () => {
      const attack = freshMessage(messages[0]!);
      const row = postedCard<OpenD6AttackData, OpenD6AttackRow>(attack).targets[0]!.data;
      if (!row.hit) return;
      assert.isTrue(await requestApply(attack, 0));
      const applied = postedCard<OpenD6AttackData, OpenD6AttackRow>(freshMessage(attack)).targets[0]!.applied!;
      const summary = applied.summary as { excess?: number; woundsAfter?: string };
      assert.equal(summary.excess, Math.max(0, (row.damage ?? 0) - (row.resistance ?? 0)));
      assert.equal(thug.system.wounds, summary.woundsAfter);
      assert.isFalse(await requestApply(freshMessage(attack), 0));
      assert.isTrue(await requestUndo(freshMessage(attack), 0));
      assert.equal(thug.system.wounds, "none");
    });

    it("treats the wounded thug with medicine: one level better when the roll reaches Easy (10)", async () => {
      await thug.update({ "system.wounds": "wounded" });
      const heal = await postHealing(
        kira as unknown as OpenD6ActorDoc,
        { method: "medicine", rest: "light", bonusDice: 0 },
        [{ uuid: thug.uuid, name: thug.name }],
      );
      assert.ok(heal);
      messages.push(heal!);
      const card = postedCard<OpenD6HealData, OpenD6HealRow>(freshMessage(heal!));
      const row = card.targets[0]!.data;
      assert.equal(row.difficulty, 10);
      assert.equal(row.success, card.data.total >= 10);
      if (!row.success) return;
      assert.isTrue(await requestApply(freshMessage(heal!), 0));
      assert.equal(thug.system.wounds, "stunned");
    });
  });
}
