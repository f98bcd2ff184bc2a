import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { requestApply, requestUndo } from "../../play/cards";
import type { PlayMessage } from "../../play/documents";
import { freshMessage, postedCard } from "../../quench/live-card";
import { liveWorld, type LiveDocument } from "../../quench/live-world";
import type { AttackChoices, FudgeAttackData, FudgeResponseData, FudgeRow, ResponseChoices } from "./chat/card-data";
import { postAttack, postResponse, type FudgeActor } from "./chat/flow";
import { woundPenalty } from "./rules/combat";

interface LiveActor extends LiveDocument {
  readonly name: string;
  readonly system: Record<string, unknown>;
  readonly items: { contents: Array<{ id: string; uuid: string; name: string }> };
}

/**
 * In a live world, as the GM: a FUDGE swordsman attacks an NPC, the NPC answers with its own roll, the
 * GM links the answer, applies the blows of the exchange (each against the wounds before it) and takes
 * one back. The dice are real, so the batch checks the rules' consequences of whatever was rolled.
 * Everything it creates is deleted afterwards.
 */
export function fudgeBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: Chai.AssertStatic = context.assert;
  const world = liveWorld();
  const messages: PlayMessage[] = [];
  let mickey: LiveActor;
  let bandit: LiveActor;

  describe("FUDGE: a melee exchange in a live world", () => {
    before(async () => {
      mickey = await world.actor<LiveActor>({
        name: "Quench <b>Mickey</b>",
        type: "fudge-character",
        system: { attributes: { build: 1 } },
        items: [
          { name: "Sword", type: "fudge-skill", system: { level: 1 } },
          { name: "Quench broadsword", type: "fudge-weapon", system: { size: 2, sharp: true, skill: "Sword" } },
        ],
      });
      bandit = await world.actor<LiveActor>({
        name: "Quench bandit",
        type: "fudge-npc",
        items: [
          { name: "Sword", type: "fudge-skill", system: { level: 0 } },
          { name: "Quench shortsword", type: "fudge-weapon", system: { size: 1, sharp: true, skill: "Sword" } },
          { name: "Quench leather", type: "fudge-armor", system: { protection: 1 } },
        ],
      });
    });

    after(() => world.clear());

    it("posts the attack, links the answer and shows the same exchange on both cards", async () => {
      const sword = mickey.items.contents.find((i) => i.name === "Quench broadsword")!;
      const skill = mickey.items.contents.find((i) => i.name === "Sword")!;
      const choices: AttackChoices = {
        trait: { kind: "skill", id: skill.id },
        modifier: 0,
        stance: "violent",
        foes: 1,
        minimum: -2,
        berserk: false,
        feint: false,
        pull: null,
        stun: false,
        unopposed: false,
        difficulty: -2,
        range: "medium",
        cover: false,
        darkness: false,
        running: false,
        sprinting: false,
        aiming: false,
        mass: false,
        arrows: 1,
        location: true,
        attackType: null,
        aim: null,
      };
      const attack = await postAttack(
        mickey as unknown as FudgeActor,
        { uuid: sword.uuid, name: sword.name },
        choices,
        [{ uuid: bandit.uuid, name: bandit.name }],
      );
      assert.ok(attack);
      messages.push(attack!);
      const answer: ResponseChoices = {
        trait: { kind: "skill", id: bandit.items.contents.find((i) => i.name === "Sword")!.id },
        modifier: 0,
        stance: "normal",
        foes: 1,
        weapon: bandit.items.contents.find((i) => i.name === "Quench shortsword")!.id,
        berserk: false,
        feint: false,
        pull: null,
      };
      const response = await postResponse(attack!, 0, bandit as unknown as FudgeActor, answer);
      assert.ok(response);
      messages.push(response!);
      const row = postedCard<FudgeAttackData, FudgeRow>(freshMessage(attack!)).targets[0]!.data.result;
      const mirrored = postedCard<FudgeResponseData, FudgeRow>(freshMessage(response!)).data.result;
      assert.ok(row, "the GM linked the answer to the row");
      assert.deepEqual(mirrored, row);
      assert.equal(row!.response, response!.id);
      // Mickey's offense is his skill + violent stance + dice; the bandit's defense his skill + dice.
      assert.equal(row!.a.offense - row!.a.defense, row!.a.relativeDegree);
    });

    it("applies each blow that landed once, against the wounds before the exchange, and undoes one", async () => {
      const attack = freshMessage(messages[0]!);
      const response = freshMessage(messages[1]!);
      const row = postedCard<FudgeAttackData, FudgeRow>(attack).targets[0]!.data.result!;
      const wounds = (d: LiveActor) => d.system.wounds as Record<string, number>;
      if (row.a.hits) {
        assert.isTrue(await requestApply(attack, 0));
        const marked = Object.values(wounds(bandit)).reduce((a, b) => a + b, 0);
        assert.equal(marked, row.a.wound === "undamaged" ? 0 : 1);
      }
      if (row.b?.hits) {
        // The bandit's blow is worked out without the wound he took in the same exchange.
        assert.isTrue(await requestApply(response, 0));
        assert.equal(
          Object.values(wounds(mickey)).reduce((a, b) => a + b, 0),
          row.b.wound === "undamaged" ? 0 : 1,
        );
      }
      if (row.a.hits) {
        assert.isTrue(await requestUndo(freshMessage(messages[0]!), 0));
        assert.equal(woundPenalty(wounds(bandit)), 0);
      }
    });
  });
}
