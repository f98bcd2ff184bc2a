import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { api } from "../api";
import { SYSTEM_ID } from "../constants";
import { AnthologyActor } from "../documents/actor";
import { AnthologyItem } from "../documents/item";
import { RULE_SETS, TYPED_DOCUMENTS, documentTypes } from "../rulesets";
import { exposedApi } from "../expose";
import { play } from "../play/public-api";
import { activeRuleSet } from "../settings";

/** In a live world: the settings, documents, data models and sheets Anthology registers at init. */
export function registrationBatch(context: QuenchBatchContext): void {
  const { describe, it, assert } = context;
  describe("Anthology registration", () => {
    it("exposes the API as game.anthology, with the play namespace", () => {
      const exposed = exposedApi();
      for (const key of Object.keys(api))
        assert.strictEqual(exposed?.[key as keyof typeof api], api[key as keyof typeof api]);
      assert.strictEqual(exposed?.play, play);
    });
    it("answers a macro's call without a roll with null (and a message), never a throw", async () => {
      assert.strictEqual(await play.roll({}), null);
      assert.strictEqual(await play.roll({ actor: "Actor.noSuchActor0000", kind: "attack" }), null);
    });
    it("registers the Rule set setting as a GM-only world setting that reloads", () => {
      const setting = game.settings!.settings.get(`${SYSTEM_ID}.ruleSet`) as unknown as Record<string, unknown>;
      assert.ok(setting, "setting registered");
      assert.strictEqual(setting.scope, "world");
      assert.strictEqual(setting.requiresReload, true);
      assert.deepEqual(
        Object.keys(setting.choices as object),
        RULE_SETS.map((r) => r.id),
      );
    });
    it("uses Anthology's document classes", () => {
      assert.strictEqual(CONFIG.Actor.documentClass, AnthologyActor);
      assert.strictEqual(CONFIG.Item.documentClass, AnthologyItem);
    });
    it("declares every rule set's types to the server and gives each a data model", () => {
      for (const documentName of TYPED_DOCUMENTS) {
        const declared = (game.documentTypes as Record<string, string[]>)[documentName] ?? [];
        const models = (CONFIG[documentName] as unknown as { dataModels: Record<string, unknown> }).dataModels;
        for (const type of documentTypes(documentName)) {
          assert.include(declared, type, `${documentName} type ${type} declared in system.json's documentTypes`);
          assert.ok(models[type], `${documentName} type ${type} has a data model`);
        }
      }
    });
    it("creates, prepares and deletes an actor of the active rule set", async () => {
      const type = documentTypes("Actor", activeRuleSet())[0]!;
      const actor = await Actor.create({ name: "Quench <b>test</b>", type } as never);
      try {
        assert.ok(actor);
        assert.strictEqual(actor!.type, type);
        assert.strictEqual(actor!.name, "Quench <b>test</b>");
        const sheet = actor!.sheet as unknown as { constructor: { name: string } };
        assert.strictEqual(sheet.constructor.name, "AnthologyActorSheet");
      } finally {
        await actor?.delete();
      }
    });
  });
}
