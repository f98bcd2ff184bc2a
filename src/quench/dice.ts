import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { AnthologyRoll } from "../dice/anthology-roll";
import { AnthologyTerm } from "../dice/terms/anthology-term";

interface LiveRoll {
  evaluate(): Promise<LiveRoll>;
  toJSON(): object;
  render(): Promise<string>;
  readonly total: number;
  readonly formula: string;
  readonly terms: unknown[];
}

/** In a live world: each kind of Anthology dice rolls through Foundry, renders its card and survives serialisation. */
export function diceBatch(context: QuenchBatchContext): void {
  const { describe, it } = context;
  const assert: Chai.AssertStatic = context.assert;
  const make = (formula: string) => new AnthologyRoll(formula) as unknown as LiveRoll;
  describe("Anthology dice in Foundry", () => {
    for (const formula of ["8k4x", "-1k1", "4dF+2", "3D+2", "2D+1CP"]) {
      it(`rolls ${formula}, renders the Anthology card, and comes back from JSON`, async () => {
        const roll = await make(formula).evaluate();
        const term = roll.terms.find((t): t is AnthologyTerm => t instanceof AnthologyTerm);
        if (!term) throw new Error(`no Anthology dice term in ${roll.formula}`);
        const kept = term.results.filter((r) => r.active).reduce((s, r) => s + r.result, 0);
        assert.strictEqual(roll.total - kept, roll.total - (term.total ?? 0));
        const html = await roll.render();
        assert.include(html, "anthology-roll");
        const RollClass = Roll as unknown as { fromData(data: object): LiveRoll };
        const back = RollClass.fromData(JSON.parse(JSON.stringify(roll.toJSON())));
        assert.instanceOf(back, AnthologyRoll);
        assert.strictEqual(back.total, roll.total);
        assert.strictEqual(back.formula, roll.formula);
      });
    }
    it("is Foundry's default Roll class, so /r uses it", () => {
      assert.strictEqual((CONFIG.Dice as unknown as { rolls: unknown[] }).rolls[0], AnthologyRoll);
    });
  });
}
