import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { replayRolls, requestApply, requestUndo } from "../../play/cards";
import type { PlayActor, PlayMessage } from "../../play/documents";
import { postedCard } from "../../quench/live-card";
import { liveWorld, type LiveDocument } from "../../quench/live-world";
import { postBleed } from "./chat/bleed";
import type { FadeAttackData, FadeAttackRow, FadeDamageData, FadeDamageRow } from "./chat/card-data";
import { postAttack, postDamage, weaponOf, type FadeActorDoc, type FadeItemDoc } from "./chat/flow";
import { FadeActorSheet } from "./sheets/actor-sheet";
import { postProvocation } from "./chat/provoke";
import type { FadeProvokeData, FadeProvokeRow } from "./chat/card-data";
import { applyDamage, expandPath, moveCost, toHitPool } from "./rules";
import { askTurn, budgetOf, turnAfter, type TurnCombat, type TurnCombatant } from "./chat/turn";
import { useItem } from "./chat/use";
import { escapeHtml } from "../../play/escape";
import { checkAuthority } from "../../quench/authority";
import { changesData } from "../../foundry/effects";

type Message = PlayMessage & LiveDocument;

/** Foundry v13's square grid as the measuring step reads it (BaseGrid#measurePath). */
interface LiveGrid {
  readonly isSquare: boolean;
  readonly diagonals: number;
  readonly distance: number;
  measurePath(path: ReadonlyArray<{ i: number; j: number }>): { distance: number };
}

/**
 * In a live world, as the GM: a Fade character attacks a Fade NPC, rolls a called shot's damage to the
 * body and applies it; the NPC's HP, status effects and the chat cards are checked against the rules.
 * Everything it creates is deleted afterwards.
 */
export function fadeBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: Chai.AssertStatic = context.assert;
  const world = liveWorld();
  let attacker: FadeActorDoc;
  let target: FadeActorDoc;

  describe("The Fade: attack, damage, apply in a live world", () => {
    before(async () => {
      attacker = await world.actor<FadeActorDoc>({
        name: "Quench <b>attacker</b>",
        type: "fade-character",
        system: { strength: 6, agility: 6, luck: 2 },
        items: [{ name: "Quench sword", type: "fade-weapon", system: { baseDamage: "4k2", penetration: 4 } }],
      });
      target = await world.actor<FadeActorDoc>({
        name: "Quench target",
        type: "fade-npc",
        system: { agility: 0, luck: 0, endurance: 2, classHp: 30, speciesSize: 2, classSoak: 2 },
        items: [{ name: "Quench mail", type: "fade-armor", system: { deflection: { body: 5 }, equipped: true } }],
      });
    });

    // The cards it posted (the applied card too) name its actors, and the lines it posted (an item
    // used, a hold lapsed) are spoken by them: those go, then the actors and the combat.
    after(() => world.clear());

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
        [{ uuid: target.uuid, name: target.name }],
      )) as Message;
      const card = postedCard<FadeAttackData, FadeAttackRow>(message);
      assert.strictEqual(card.kind, "attack");
      assert.strictEqual(
        card.data.pool,
        toHitPool(attacker.system.derived, weaponOf(sword), { modifiers: ["flanking"] }),
      );
      const row = card.targets[0]!;
      assert.strictEqual(row.data.defense.value, target.system.derived.defense);
      assert.include(["hit", "criticalHit", "miss", "criticalFailure"], row.data.result);
      // The roll Foundry stored reads back to the card's own numbers.
      assert.strictEqual(replayRolls(message)[0]?.outcome.formula, card.data.pool);
    });

    it("rolls a called shot's damage to the body and applies it with each step", async () => {
      const sword = attacker.items.contents[0] as FadeItemDoc;
      const message = (await postDamage(
        attacker,
        { uuid: sword.uuid, name: sword.name },
        weaponOf(sword),
        { modifiers: ["calledShot"], calledShot: "body" },
        [{ uuid: target.uuid, name: target.name }],
      )) as Message;
      const card = postedCard<FadeDamageData, FadeDamageRow>(message);
      assert.strictEqual(card.targets[0]?.data.part, "body");
      const damage = replayRolls(message)[card.data.damageRoll]!.outcome.total;
      const expected = applyDamage({ damage, penetration: 4, deflection: 5, soak: 4 });
      const before = target.system.hp.value;
      assert.isTrue(await requestApply(message, 0));
      assert.strictEqual(target.system.hp.value, before + expected.hpChange);
      assert.isNotNull(postedCard<FadeDamageData, FadeDamageRow>(message).targets[0]?.applied);
      const statuses = () => (target as unknown as { statuses: Set<string> }).statuses;
      assert.isTrue(statuses().has("fade-bleeding"), "a called shot to the body bleeds");
      // The GM's authority: the target listed again is refused; the card is shown from its data.
      await checkAuthority(assert, message);
      assert.strictEqual(target.system.hp.value, before + expected.hpChange);
      // A second apply is refused; undo puts the HP back and takes the bleeding off.
      assert.isFalse(await requestApply(message, 0));
      assert.isTrue(await requestUndo(message, 0));
      assert.strictEqual(target.system.hp.value, before);
      assert.isFalse(statuses().has("fade-bleeding"), "undo removes the effect it added");
    });

    it("posts a bleed tick the GM applies at once, and can undo", async () => {
      const before = target.system.hp.value;
      const tick = (await postBleed(target as unknown as PlayActor, 2)) as Message;
      assert.strictEqual(target.system.hp.value, before - 2, "the bleed comes straight off HP");
      assert.isNotNull(postedCard(tick).targets[0]?.applied);
      assert.isTrue(await requestUndo(tick, 0));
      assert.strictEqual(target.system.hp.value, before, "undo gives the HP back");
    });

    it("takes its numbers from a species dropped on its sheet, a class and a feat, and goes back without them", async () => {
      const owner = target as unknown as {
        items: { contents: Array<{ id: string }> };
        createEmbeddedDocuments(name: "Item", data: object[]): Promise<Array<{ id: string }>>;
        deleteEmbeddedDocuments(name: "Item", ids: string[]): Promise<unknown>;
      };
      const before = owner.items.contents.map((i) => i.id);
      const ItemClass = Item as unknown as new (data: object) => unknown;
      const species = new ItemClass({ name: "Quench species", type: "fade-species", system: { size: 3, speed: 7 } });
      const sheet = new FadeActorSheet({ document: target });
      assert.isNotNull(await sheet._onDropItem(new Event("drop") as DragEvent, species));
      await owner.createEmbeddedDocuments("Item", [
        { name: "Quench class", type: "fade-class", system: { hp: 20, soak: 1, attacksPerRound: 2, hpPerLevel: 5 } },
        { name: "Quench feat", type: "fade-feat", system: { bonuses: { hp: 2, allDefenses: 1 } } },
      ]);
      const derived = target.system.derived;
      // Level 1: Class HP 20 + Endurance 2 + feat 2; Soak 3 + 1; Defense 15 + 0 + 0 + 1; speed 7.
      assert.strictEqual(derived.hpMax, 24);
      assert.strictEqual(derived.soak, 4);
      assert.strictEqual(derived.defense, 16);
      assert.strictEqual(derived.speed, 7);
      assert.strictEqual(derived.attacksPerRound, 2);
      const added = owner.items.contents.map((i) => i.id).filter((id) => !before.includes(id));
      assert.lengthOf(added, 3);
      await owner.deleteEmbeddedDocuments("Item", added);
      assert.strictEqual(target.system.hp.max, 32);
    });

    it("rolls what an item's transferred effect adds (Blessed, +1k0 to hit), and stops when the item goes", async () => {
      const owner = attacker as unknown as {
        createEmbeddedDocuments(name: "Item", data: object[]): Promise<Array<{ id: string }>>;
        deleteEmbeddedDocuments(name: "Item", ids: string[]): Promise<unknown>;
      };
      const blessed = changesData([{ key: "system.effectBonuses.toHit.rolled", type: "add", value: 1 }]);
      const [charm] = await owner.createEmbeddedDocuments("Item", [
        { name: "Quench charm", type: "fade-gear", effects: [{ name: "Blessed", transfer: true, ...blessed }] },
      ]);
      try {
        assert.strictEqual(attacker.system.derived.physicalToHit, "7k3");
        const sword = attacker.items.contents.find((i) => i.type === "fade-weapon") as FadeItemDoc;
        const message = (await postAttack(attacker, { uuid: sword.uuid, name: sword.name }, weaponOf(sword), {}, [
          { uuid: target.uuid, name: target.name },
        ])) as Message;
        const card = postedCard<FadeAttackData, FadeAttackRow>(message);
        assert.strictEqual(card.data.pool, "7k3");
        assert.strictEqual(replayRolls(message)[0]?.outcome.formula, "7k3");
      } finally {
        await owner.deleteEmbeddedDocuments("Item", [charm!.id]);
      }
      assert.strictEqual(attacker.system.derived.physicalToHit, "6k3");
    });

    it("posts an attack-of-opportunity card with a prompt for the threatener", async () => {
      const token = { id: "quench", x: 0, y: 0, name: target.name, actor: target };
      const message = (await postProvocation(
        { uuid: attacker.uuid, name: attacker.name },
        [{ token }],
        "move",
      )) as Message;
      const card = postedCard<FadeProvokeData, FadeProvokeRow>(message);
      assert.strictEqual(card.kind, "provoke");
      assert.strictEqual(card.data.reason, "move");
      assert.deepEqual(
        card.targets.map((t) => [t.uuid, t.data.taken]),
        [[target.uuid, null]],
      );
    });

    it("costs a path 1-2-1, as Foundry measures it on a square grid that alternates diagonals", () => {
      const grid = (globalThis as { canvas?: { grid?: LiveGrid | null } }).canvas?.grid;
      const alternating = (CONST as unknown as { GRID_DIAGONALS?: { ALTERNATING_1?: number } }).GRID_DIAGONALS
        ?.ALTERNATING_1;
      const path = [
        { i: 0, j: 0 },
        { i: 3, j: 3 },
        { i: 3, j: 6 },
        { i: 5, j: 8 },
      ];
      const ours = moveCost(expandPath(path.map((p) => ({ x: p.j, y: p.i }))));
      assert.strictEqual(ours.cost, 4 + 3 + 3, "diagonals 1+2+1, three straight, then the 4th and 5th diagonals 2+1");
      // Only a square grid measuring 1-2-1 (Core settings: Square Grid Diagonals) can be compared.
      if (grid?.isSquare && grid.diagonals === alternating) {
        assert.strictEqual(grid.measurePath(path).distance / grid.distance, ours.cost);
      }
    });

    it("uses a consumable out of combat: a line in the chat, one fewer", async () => {
      const owner = attacker as unknown as { createEmbeddedDocuments(n: "Item", d: object[]): Promise<unknown[]> };
      const [item] = (await owner.createEmbeddedDocuments("Item", [
        { name: "Quench draught", type: "fade-gear", system: { quantity: 2, consumable: true } },
      ])) as Array<FadeItemDoc & { update(d: object): Promise<unknown>; delete(): Promise<unknown> }>;
      assert.strictEqual(item!.system.consumable, true);
      const note = (await useItem(attacker, item!)) as Message & { content: string };
      assert.include(note.content, "Quench draught");
      assert.strictEqual(item!.system.quantity, 1);
      await item!.delete();
    });

    it("spends the turn's actions on a live combatant: a Step, then no movement, a full-round attack after it, a hold that lapses with the round", async () => {
      const CombatClass = (CONFIG.Combat as unknown as { documentClass: { create(data: object): Promise<unknown> } })
        .documentClass;
      const combat = (await CombatClass.create({ scene: null, active: false })) as TurnCombat &
        LiveDocument & {
          createEmbeddedDocuments(name: string, data: object[]): Promise<TurnCombatant[]>;
          startCombat(): Promise<unknown>;
        };
      world.keep(combat);
      const [combatant] = await combat.createEmbeddedDocuments("Combatant", [
        { actorId: (attacker as unknown as LiveDocument).id, initiative: 10 },
      ]);
      await combat.startCombat();
      const fighter = combatant!;
      assert.isTrue(await askTurn(combat, fighter, { op: "spend", action: "step" }));
      assert.isTrue(budgetOf(combat, fighter).stepped);
      const state = budgetOf(combat, fighter);
      assert.strictEqual(
        turnAfter(state, { op: "spend", action: "movement" }, { inTurn: true }),
        "ANTHOLOGY.Fade.Turn.Refused.stepped",
      );
      assert.isTrue(await askTurn(combat, fighter, { op: "spend", action: "fullAttack" }));
      assert.isTrue(budgetOf(combat, fighter).fullRound);
      // Holding passes the turn; alone in the order, the round ends and the hold lapses.
      assert.isTrue(await askTurn(combat, fighter, { op: "hold" }));
      assert.strictEqual(combat.round, 2);
      assert.isFalse(budgetOf(combat, fighter).held);
      // The GM's client says so in the chat, from its own hook: wait for the line.
      const line = game.i18n!.format("ANTHOLOGY.Fade.Turn.lapsed", { name: escapeHtml(fighter.name) });
      const messages = (game as unknown as { messages: Iterable<{ content: string }> }).messages;
      for (let i = 0; i < 40 && ![...messages].some((m) => m.content.includes(line)); i++)
        await new Promise((r) => setTimeout(r, 50));
      assert.isTrue(
        [...messages].some((m) => m.content.includes(line)),
        "the lapse is said in the chat",
      );
    });
  });
}
