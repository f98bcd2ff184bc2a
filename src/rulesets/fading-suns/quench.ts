import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import type { Card } from "../../play/card";
import type { PlayMessage } from "../../play/documents";
import { freshMessage, postedCard } from "../../quench/live-card";
import { liveWorld } from "../../quench/live-world";
import { contested, sustainedTotal } from "./rules";
import type { FsContestRow, FsGoalData } from "./chat/card-data";
import { postGoal, type FsActorDoc } from "./chat/flow";

const goal = (m: PlayMessage) => postedCard<FsGoalData, FsContestRow>(freshMessage(m));

const side = (c: Card<FsGoalData, FsContestRow>) => ({
  victoryPoints: c.data.victoryPoints,
  critical: c.data.outcome === "critical",
});

/**
 * In a live world, as the GM: a contest answered and linked on the card, and a sustained task's further
 * roll counted. The dice are real, so the batch checks the rules' consequences of whatever was rolled.
 */
export function fadingSunsBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: Chai.AssertStatic = context.assert;
  const world = liveWorld();
  let a: FsActorDoc;
  let b: FsActorDoc;
  const roll = async (actor: FsActorDoc, skill: string, extra: Parameters<typeof postGoal>[3], task?: "simple") =>
    (await postGoal(actor, { kind: "natural", id: skill }, { level: "standard", task }, extra))!;

  describe("Fading Suns: contested and sustained goal rolls in a live world", () => {
    before(async () => {
      const create = (name: string) => world.actor<FsActorDoc>({ name, type: "fading-suns-npc" });
      a = await create("Quench <b>watcher</b>");
      b = await create("Quench sneak");
    });

    after(() => world.clear());

    it("links the target's answer to its row with the net Victory Points", async () => {
      const contest = await roll(a, "observe", { targets: [{ uuid: b.uuid, name: b.name }] });
      const answer = await roll(b, "sneak", { link: { against: contest.id, row: 0 } });
      const result = goal(contest).targets[0]!.data.result!;
      const expected = contested(side(goal(contest)), side(goal(answer)));
      assert.deepEqual(result, {
        response: answer.id,
        vp: goal(answer).data.victoryPoints,
        ...{ winner: expected.winner, net: expected.victoryPoints },
      });
    });

    it("counts a sustained task's further roll into its total", async () => {
      const task = await roll(a, "observe", {}, "simple");
      const next = await roll(a, "observe", { link: { against: task.id, row: null } });
      assert.equal(goal(task).data.total, sustainedTotal([goal(task).data, goal(next).data]));
      assert.deepEqual(goal(task).data.steps, [next.id]);
    });
  });
}
