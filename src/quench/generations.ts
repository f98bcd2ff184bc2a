import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { SYSTEM_ID } from "../constants";
import {
  MESSAGE_MODES,
  applyMessageMode,
  currentMessageMode,
  deleteKey,
  generation,
  statusEntry,
  withLasting,
} from "../foundry";
import { documentTypes } from "../rulesets";
import { pluginOf } from "../rulesets/registry";
import { activeRuleSet } from "../settings";
import { isTimeCountWorld } from "../combat/anthology-combat";

interface LiveDocument {
  readonly id: string;
  readonly uuid: string;
  delete(): Promise<unknown>;
}
interface LiveActor extends LiveDocument {
  readonly flags: Record<string, Record<string, unknown>>;
  readonly statuses: ReadonlySet<string>;
  update(data: object): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown[]>;
}
interface LiveCombat extends LiveDocument {
  readonly id: string;
  readonly round: number;
  readonly turn: number | null;
  readonly turns: ReadonlyArray<{ readonly id: string; readonly actor: { readonly uuid: string } | null }>;
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown[]>;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
}

/** Waits (up to two seconds) for what the GM's hooks or core's effect registry do after an update. */
async function until(test: () => boolean): Promise<boolean> {
  for (let i = 0; i < 40 && !test(); i++) await new Promise((r) => setTimeout(r, 50));
  return test();
}

/**
 * In a live world, on either Foundry generation: what differs between v13 and v14 works through the
 * one place (src/foundry). The step for lasting effects differs: on v13 Anthology's own hook ends
 * the effect, on v14 core's ActiveEffectRegistry does; the step's name says which ran.
 */
export function generationsBatch(context: QuenchBatchContext): void {
  const { describe, it, after } = context;
  const assert: Chai.AssertStatic = context.assert;
  const created: LiveDocument[] = [];
  const ActorClass = () =>
    (CONFIG.Actor as unknown as { documentClass: { create(data: object): Promise<LiveActor> } }).documentClass;
  const actorType = () => documentTypes("Actor", activeRuleSet())[0]!;

  after(async () => {
    for (const document of created.reverse()) await document.delete();
  });

  describe(`Anthology on Foundry v${generation()}`, () => {
    it("runs on a generation it supports (13 or 14)", () => {
      assert.include([13, 14], generation());
    });

    it("reads the user's chat mode from this generation's setting, and whispers a GM-only message to the GMs", () => {
      // Reading v13's setting on v14 (or the reverse) gives nothing: the mode would be lost.
      assert.include(MESSAGE_MODES, currentMessageMode());
      const data: { whisper?: string[] } = {};
      const options = applyMessageMode(data, "gm");
      assert.lengthOf(Object.keys(options), 1, "one create option, in this generation's name");
      assert.include(data.whisper ?? [], game.user!.id, "the GM running Quench is among the recipients");
    });

    it("lists every status effect of the world's rule set in Foundry's registry", () => {
      const statuses = pluginOf(activeRuleSet()).statuses ?? [];
      for (const status of statuses) assert.strictEqual(statusEntry(status.id)?.img, status.img, status.id);
    });

    it("deletes a flag in this generation's update language", async () => {
      const actor = await ActorClass().create({ name: "Quench v13/v14", type: actorType() });
      created.push(actor);
      await actor.update({ [`flags.${SYSTEM_ID}.quench`]: 1 });
      await actor.update(deleteKey(`flags.${SYSTEM_ID}.quench`));
      assert.notProperty(actor.flags[SYSTEM_ID] ?? {}, "quench");
    });

    // Rounds only: a Time Count world (Heroes of Destiny) ends its effects by actions, not turns.
    if (isTimeCountWorld()) return;
    it(`ends a lasting effect with its bearer's turn a round later (${generation() >= 14 ? "core's registry, v14" : "Anthology's hook, v13"})`, async () => {
      const first = await ActorClass().create({ name: "Quench first", type: actorType() });
      const bearer = await ActorClass().create({ name: "Quench bearer", type: actorType() });
      created.push(first, bearer);
      const CombatClass = (CONFIG.Combat as unknown as { documentClass: { create(data: object): Promise<LiveCombat> } })
        .documentClass;
      const combat = await CombatClass.create({ scene: null, active: false });
      created.push(combat);
      await combat.createEmbeddedDocuments("Combatant", [
        { actorId: first.id, initiative: 20 },
        { actorId: bearer.id, initiative: 10 },
      ]);
      await combat.startCombat();
      // Made on the first combatant's turn, for the bearer: one round, ending as its turn ends.
      const data = withLasting(
        { name: "Quench lasting", img: "icons/svg/aura.svg" },
        bearer,
        { rounds: 1, until: "turnEnd" },
        combat,
      );
      const [effect] = (await bearer.createEmbeddedDocuments("ActiveEffect", [data])) as LiveDocument[];
      const lasts = () =>
        Boolean((bearer as unknown as { effects: { get(id: string): unknown } }).effects.get(effect!.id));
      // Round 2 may have another order (a rule set that rolls initiative each round): go to the bearer's turn.
      const bearersTurn = () => combat.round === 2 && combat.turns[combat.turn ?? 0]?.actor?.uuid === bearer.uuid;
      for (let i = 0; i < 6 && !bearersTurn(); i++) await combat.nextTurn();
      assert.isTrue(bearersTurn(), "the bearer's turn in round 2 came");
      await new Promise((r) => setTimeout(r, 100));
      assert.isTrue(lasts(), "it lasts through the bearer's next turn");
      await combat.nextTurn();
      assert.isTrue(await until(() => !lasts()), "it ends as that turn ends");
    });
  });
}
