import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodAttackData, HodAttackRow } from "../../src/rulesets/hod/chat/card-data";
import type { HodSpellData } from "../../src/rulesets/hod/chat/spell";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { hodWeaponDefaults } from "../support/hod-fixtures";
import { answerDialog, hodActors, item, loadHodWorld, noCombat, target, timeCountFight } from "../support/hod-world";
import { canPress, cardData, press } from "../support/play";

// Spellcasting (heroes-of-destiny.txt, "Preparing a Spell"), on the GM's client: preparing over the
// casting time, charges, the Arcana (Int) check, fatigue, one attack roll per target, damage while
// preparing raising the DC, and the GM refusing a spell attack no cast let fly.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

const system = (actor: StandInActor) => actor.system as unknown as Record<string, unknown>;
const spell = (actor: StandInActor) => system(actor).spell as Record<string, unknown>;
const cardsOf = (kind: string) =>
  record.messages.filter(
    (m) => ((m as StandInMessage).getFlag("anthology", "card") as { kind?: string })?.kind === kind,
  ) as StandInMessage[];
const lastNotice = () => record.notifications.at(-1)?.message ?? "";

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  // Garret learns Force bolt: fatigue cost 2, cast at Fast, against Vigor; Intelligence 3.
  await garret.update({ "system.intelligence": 3 });
  await (
    garret as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments("Item", [
    {
      name: "Force bolt",
      type: "hod-weapon",
      system: {
        ...hodWeaponDefaults,
        category: "spell",
        damage: "1d6",
        speedClass: "fast",
        defense: "vigor",
        fatigueCost: 2,
        durability: { value: 0, max: 0 },
      },
    },
  ]);
  record.notifications.length = 0;
  record.messages.length = 0;
  fulfillment.length = 0;
  target(goblin, "Goblin");
  noCombat();
});

const bolt = () => item(garret, "Force bolt");
const castBolt = () => flow.rollHodAttack(garret, bolt());

describe("Heroes of Destiny spellcasting outside the Time Count", () => {
  it("prepares on the spot, casts with the Arcana check (taking 10), spends the fatigue and attacks", async () => {
    answerDialog({ defense: "vigor", position: "front", cover: "none" });
    answerDialog({ takeTen: "on" });
    // Attack: 1d20 15 + Accuracy 2 + Intelligence 3 = 20 against the goblin's Vigor 11; damage 1d6 4.
    fulfillment.push(15, 4);
    await castBolt();
    const [prepare, cast] = cardsOf("spell").map((m) => cardData<HodSpellData>(m).data);
    // DC 10 + fatigue cost 2 = 12; 10 + Intelligence 3 = 13 casts it.
    expect(prepare).toMatchObject({ event: "prepare", dc: 12, fatigue: 2, prepared: true });
    expect(cast).toMatchObject({
      event: "cast",
      dc: 12,
      fatigue: 2,
      check: { total: 13, success: true, takeTen: true },
    });
    expect(system(garret).fatigue).toBe(2);
    expect(spell(garret).item).toBe("");
    expect((bolt().system as Record<string, unknown>).castToday).toBe(1);
    const attacks = cardsOf("attack");
    expect(attacks).toHaveLength(1);
    expect(cardData<HodAttackData, HodAttackRow>(attacks[0]).targets[0]!.data.defense).toMatchObject({ hit: true });
    // Applied by the GM: the cast named on the roll is checked, and 4 + Power 1 lands.
    await press(attacks[0]!, "apply", 0);
    expect((system(goblin).hp as { value: number }).value).toBeLessThan(8);
  });

  it("raises the next casting's DC by 3, and fizzles when the check falls short (fatigue spent all the same)", async () => {
    await bolt().update({ "system.castToday": 1 });
    answerDialog({ defense: "vigor" });
    answerDialog({ modifier: "0" });
    // 3d6: 2 + 2 + 2 + Intelligence 3 = 9 against DC 10 + 2 + 3 = 15.
    fulfillment.push(2, 2, 2);
    await castBolt();
    const cast = cardData<HodSpellData>(cardsOf("spell").at(-1)).data;
    expect(cast).toMatchObject({ dc: 15, check: { total: 9, success: false } });
    expect(cardsOf("attack")).toHaveLength(0);
    expect(system(garret).fatigue).toBe(2);
    expect((bolt().system as Record<string, unknown>).castToday).toBe(2);
  });

  it("rolls one attack per target", async () => {
    const { goblin: second } = await hodActors();
    (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: second, name: "Second goblin" });
    answerDialog({ defense: "vigor" });
    answerDialog({ takeTen: "on" });
    fulfillment.push(15, 4, 3, 5);
    await castBolt();
    const attacks = cardsOf("attack").map((m) => cardData<HodAttackData, HodAttackRow>(m));
    expect(attacks.map((a) => a.targets.map((t) => t.name))).toEqual([["Goblin"], ["Second goblin"]]);
    expect(attacks.map((a) => a.data.natural)).toEqual([15, 3]);
  });
});

describe("Heroes of Destiny: the casting fatigue's check to stay conscious", () => {
  it('"every time thereafter that either your fatigue increases ... you must make a Constitution check": the spell card offers it once', async () => {
    // Garret: HP 20, Constitution 2; fatigue 19 + the bolt's 2 = 21, DC 21 − 20 = 1.
    await garret.update({ "system.fatigue": 19 });
    answerDialog({ defense: "vigor" });
    answerDialog({ takeTen: "on" });
    fulfillment.push(15, 4);
    await castBolt();
    const card = cardsOf("spell").at(-1)!;
    expect(cardData<HodSpellData>(card).data).toMatchObject({
      event: "cast",
      fatigue: 2,
      unconsciousCheck: 1,
      checked: false,
    });
    expect(system(garret).fatigue).toBe(21);
    expect(canPress(card, "fatigueCheck")).toBe(true);
    answerDialog({});
    // 3d6 1 + 1 + 1 + Constitution 2 = 5 against DC 1: awake.
    fulfillment.push(1, 1, 1);
    await press(card, "fatigueCheck");
    expect(cardData(record.messages.at(-1))).toMatchObject({
      kind: "check",
      data: { dc: 1, success: true, consciousness: true },
    });
    expect(cardData<HodSpellData>(card).data.checked).toBe(true);
    expect(canPress(card, "fatigueCheck")).toBe(false);
  });

  it('"Whether successful or not, you spend the fatigue cost": a failed cast below HP asks for nothing', async () => {
    answerDialog({ defense: "vigor" });
    answerDialog({ modifier: "0" });
    fulfillment.push(2, 2, 2);
    await castBolt();
    const card = cardsOf("spell").at(-1)!;
    expect(cardData<HodSpellData>(card).data).toMatchObject({ check: { success: false }, unconsciousCheck: null });
    expect(canPress(card, "fatigueCheck")).toBe(false);
  });
});

describe("Heroes of Destiny: a spell's half damage on a miss", () => {
  const track = (actor: StandInActor) => {
    const s = system(actor) as { hp: { value: number }; fatigue: number };
    return s.hp.value * -1 + s.fatigue;
  };

  it('"On a miss, the spell may fail completely, do half damage": a spell that says so rolls its damage on a miss and the GM applies half', async () => {
    await bolt().update({ "system.halfOnMiss": true });
    answerDialog({ defense: "vigor" });
    answerDialog({ takeTen: "on" });
    // Attack: 1d20 3 + Accuracy 2 + Intelligence 3 = 8 against Vigor 11, a miss; damage 1d6 5 + the sheet's 4 = 9, half 4 (rounded down).
    fulfillment.push(3, 5);
    await castBolt();
    const attack = cardsOf("attack").at(-1)!;
    const row = cardData<HodAttackData, HodAttackRow>(attack).targets[0]!;
    expect(row.data.defense).toMatchObject({ hit: false });
    expect(row.data.damage).toMatchObject({ rolled: 9, total: 4, factor: 0.5 });
    expect(canPress(attack, "apply", 0)).toBe(true);
    const before = track(goblin);
    await press(attack, "apply", 0);
    expect(cardData<HodAttackData, HodAttackRow>(attack).targets[0]!.applied).not.toBeNull();
    // The 4 went onto the goblin's track (fatigue, or HP past its Threshold of Pain).
    expect(track(goblin) - before).toBe(4);
  });

  it("the dialog and the card's row count the half a miss deals: Hurt above Hit, and the GM's apply deals it", async () => {
    const { attackCardView } = await import("../../src/rulesets/hod/chat/views");
    const dialogLine = () =>
      (record.rendered.filter((r) => r.path.endsWith("hod/roll-dialog.hbs")).at(-1)!.data as { outcomes: unknown[] })
        .outcomes;
    const rowLine = (message: StandInMessage) =>
      (attackCardView(cardData(message) as never, { rollHtml: [] } as never).rows as Array<{ outcomes: unknown[] }>)[0]!
        .outcomes;
    // 1d20 + 5 against Vigor 11: 6 or more hits (15 of 20). 1d6 + 4 (5 to 10) against 8 HP and a Threshold
    // of 3: only 10 leaves it dying (3 fatigue, 1 HP), 8 and 9 ask checks 3d6 + 1 always passes. A miss
    // deals 2 to 5: it always hurts (fatigue, or the Threshold at least), never drops.
    const withBox = { name: "Goblin", hit: "Hit 75.0%", hurt: "Hurt 100%", drop: "Drop 12.5%" };
    const without = { name: "Goblin", hit: "Hit 75.0%", hurt: "Hurt 75.0%", drop: "Drop 12.5%" };
    answerDialog({ defense: "vigor" });
    answerDialog({ takeTen: "on" });
    fulfillment.push(3);
    await castBolt();
    const plain = cardsOf("attack").at(-1)!;
    expect(dialogLine()).toEqual([expect.objectContaining(without)]);
    expect(rowLine(plain)).toEqual([expect.objectContaining(without)]);
    expect(cardData<HodAttackData, HodAttackRow>(plain).targets[0]!.data.outcome).not.toHaveProperty("halfOnMiss");

    await bolt().update({ "system.halfOnMiss": true });
    answerDialog({ defense: "vigor" });
    // The second cast's DC is 3 higher (15): taking 10 with Intelligence 3 needs a +2 more.
    answerDialog({ takeTen: "on", modifier: "2" });
    // A miss (3 + 5 = 8 against 11); 1d6 showing 1: 5 rolled, 2 dealt.
    fulfillment.push(3, 1);
    await castBolt();
    expect(cardsOf("attack")).toHaveLength(2);
    const attack = cardsOf("attack").at(-1)!;
    expect(dialogLine()).toEqual([expect.objectContaining(withBox)]);
    expect(rowLine(attack)).toEqual([expect.objectContaining(withBox)]);
    const row = cardData<HodAttackData, HodAttackRow>(attack).targets[0]!;
    expect(row.data.outcome).toMatchObject({ spell: true, halfOnMiss: true, damage: "1d6 + 4" });
    expect(row.data.damage).toMatchObject({ rolled: 5, total: 2, factor: 0.5 });
    // The miss the odds count as a hurt is one the GM's apply deals: 2 more on the goblin's track.
    const before = track(goblin);
    await press(attack, "apply", 0);
    expect(track(goblin) - before).toBe(2);
  });

  it("a spell that does not say so deals nothing on a miss, and the GM refuses a half once the box is cleared", async () => {
    answerDialog({ defense: "vigor" });
    answerDialog({ takeTen: "on" });
    fulfillment.push(3);
    await castBolt();
    const plain = cardsOf("attack").at(-1)!;
    expect(cardData<HodAttackData, HodAttackRow>(plain).targets[0]!.data.damage).toBeNull();
    expect(canPress(plain, "apply", 0)).toBe(false);

    await bolt().update({ "system.halfOnMiss": true });
    answerDialog({ defense: "vigor" });
    // The second cast's DC is 3 higher (15): taking 10 with Intelligence 3 needs a +2 more.
    answerDialog({ takeTen: "on", modifier: "2" });
    fulfillment.push(3, 5);
    await castBolt();
    expect(cardsOf("attack")).toHaveLength(2);
    const attack = cardsOf("attack").at(-1)!;
    expect(cardData<HodAttackData, HodAttackRow>(attack).targets[0]!.data.damage).toMatchObject({ total: 4 });
    await bolt().update({ "system.halfOnMiss": false });
    const before = track(goblin);
    await press(attack, "apply", 0);
    expect(cardData<HodAttackData, HodAttackRow>(attack).targets[0]!.applied).toBeNull();
    expect(track(goblin)).toBe(before);
    expect(lastNotice()).toMatch(/Goblin/);
  });
});

describe("Heroes of Destiny: casting while grabbed", () => {
  /** The goblin holds Garret (a critical grab with `critical`). */
  const held = (critical = false) =>
    (
      garret as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
    ).createEmbeddedDocuments("ActiveEffect", [
      { name: "Grabbed", flags: { anthology: { hodEffect: { kind: "grabbed", other: goblin.uuid, critical } } } },
    ]);

  it("rolls the Arcana (Con) check first, DC 10 + the spell's level (its fatigue cost); passed, the cast goes on", async () => {
    await held();
    answerDialog({ defense: "vigor" });
    answerDialog({ takeTen: "on" });
    // Con check: 3d6 4 + 4 + 4 + Constitution 2 = 14 against DC 10 + 2 = 12; then take 10: 13 against 12.
    fulfillment.push(4, 4, 4, 15, 4);
    await castBolt();
    const message = cardsOf("spell").at(-1)!;
    const cast = cardData<HodSpellData>(message).data;
    expect(cast).toMatchObject({ grabbed: { dc: 12, total: 14, success: true }, check: { total: 13, success: true } });
    expect(message.rolls).toHaveLength(1);
    expect(cardsOf("attack")).toHaveLength(1);
  });

  it("a failed Arcana (Con) check: the spell is not cast, its fatigue is spent as for a failed cast", async () => {
    await held();
    answerDialog({ defense: "vigor" });
    answerDialog({ modifier: "0" });
    // 2 + 2 + 2 + 2 = 8 against DC 12: no Arcana (Int) roll follows.
    fulfillment.push(2, 2, 2);
    await castBolt();
    const cast = cardData<HodSpellData>(cardsOf("spell").at(-1)).data;
    expect(cast).toMatchObject({ grabbed: { dc: 12, total: 8, success: false }, check: null });
    expect(fulfillment).toHaveLength(0);
    expect(cardsOf("attack")).toHaveLength(0);
    expect(system(garret).fatigue).toBe(2);
    expect(spell(garret).item).toBe("");
    expect((bolt().system as Record<string, unknown>).castToday).toBe(1);
  });

  it("a critical grab refuses a somatic spell to the player, not a verbal-only one", async () => {
    await held(true);
    const user = game.user as unknown as { isGM: boolean };
    user.isGM = false;
    try {
      expect(await castBolt()).toBeNull();
      expect(lastNotice()).toBe("Garret is held by a critical grab: no spells with somatic components until released.");
      await bolt().update({ "system.verbalOnly": true });
      answerDialog({ defense: "vigor" });
      answerDialog({ takeTen: "on" });
      fulfillment.push(4, 4, 4, 15, 4);
      expect(await castBolt()).not.toBeNull();
      expect(cardData<HodSpellData>(cardsOf("spell").at(-1)).data.grabbed).toMatchObject({ success: true });
    } finally {
      user.isGM = true;
    }
  });
});

describe("Heroes of Destiny spellcasting on the Time Count", () => {
  it("takes the casting time as the act's SF; charging waits for the caster's next turn and costs 1 TC", async () => {
    const { combat } = await timeCountFight(garret, goblin, { garret: 6, goblin: 30 });
    // Fast for a player character: 1d6+3, rolled 2: 5 TC of preparation.
    fulfillment.push(2);
    await flow.prepareHodSpell(garret as never, bolt() as never);
    expect(spell(garret)).toMatchObject({ item: bolt().id, since: 6, prepared: false, baseDc: 12 });
    expect(combat.combatants.get("garret")!.initiative).toBe(11);
    // Not prepared yet: no charge, no cast.
    await flow.chargeHodSpell(garret as never);
    expect(lastNotice()).toContain("still preparing Force bolt");
    answerDialog({ defense: "vigor" });
    await castBolt();
    expect(cardsOf("spell").filter((m) => cardData<HodSpellData>(m).data.event === "cast")).toHaveLength(0);
    // Its turn comes again at 11: the casting time is over.
    await combat.nextTurn();
    expect(combat.timeCount).toBe(11);
    await flow.chargeHodSpell(garret as never);
    expect(spell(garret)).toMatchObject({ charges: 1, prepared: true });
    expect(combat.combatants.get("garret")!.initiative).toBe(12);
    const charged = cardData<HodSpellData>(cardsOf("spell").at(-1)).data;
    expect(charged).toMatchObject({ event: "charge", dc: 13, fatigue: 3, charges: 1 });
  });

  it("adds damage taken while preparing to the casting DC (the GM's apply)", async () => {
    await timeCountFight(garret, goblin, { garret: 6, goblin: 30 });
    fulfillment.push(2);
    await flow.prepareHodSpell(garret as never, bolt() as never);
    // The goblin's club hits Garret for 4 while the spell is still being prepared.
    target(garret, "Garret");
    answerDialog({ defense: "primary", position: "front", cover: "none" });
    fulfillment.push(20, 3);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    const club = cardsOf("attack").at(-1)!;
    await press(club, "apply", 0);
    expect(spell(garret).taken).toBeGreaterThan(0);
  });

  it("refuses on the GM's side a spell attack whose roll claims charges no cast put into it", async () => {
    answerDialog({ defense: "vigor" });
    answerDialog({ takeTen: "on" });
    fulfillment.push(15, 4);
    await castBolt();
    const attack = cardsOf("attack")[0]!;
    // The author rewrites what the roll was rolled for: the roll's own request cannot change, so the
    // claim is made on a fresh roll naming the real cast with 3 charges it never had.
    const cast = cardsOf("spell").at(-1)!;
    const roll = (
      attack.rolls as Array<{ options: Record<string, { request?: { choices?: Record<string, unknown> } }> }>
    )[0]!;
    const request = roll.options.anthology?.request;
    expect(request?.choices).toBeDefined();
    request!.choices = { ...request!.choices, charges: 3, cast: cast.id };
    await press(attack, "apply", 0);
    expect((system(goblin).hp as { value: number }).value).toBe(8);
    expect(lastNotice()).toContain("No successful cast of this spell");
  });
});

describe("Heroes of Destiny: abandoning a spell", () => {
  it("lets a caster who abandons a preparation act again at the following count", async () => {
    const { combat } = await timeCountFight(garret, goblin, { garret: 6, goblin: 8 });
    // Fast 1d6+3 rolled 2: the preparation would end at 11.
    fulfillment.push(2);
    await flow.prepareHodSpell(garret as never, bolt() as never);
    expect(combat.combatants.get("garret")!.initiative).toBe(11);
    // The goblin acts at 8; Garret gives up on the spell then, and acts again at 9.
    await combat.nextTurn();
    expect(combat.timeCount).toBe(8);
    await flow.abandonHodSpell(garret as never);
    expect(spell(garret).item).toBe("");
    expect(combat.combatants.get("garret")!.initiative).toBe(9);
  });
});

describe("Heroes of Destiny: a held spell and the end of the encounter", () => {
  it('"Spells cannot be held indefinitely": ending the encounter loses a spell prepared or still preparing', async () => {
    const { combat } = await timeCountFight(garret, goblin, { garret: 6, goblin: 30 });
    const wizard = await hodActors();
    await wizard.garret.update({ "system.intelligence": 3 });
    await (
      wizard.garret as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
    ).createEmbeddedDocuments("Item", [
      { name: "Spark", type: "hod-weapon", system: { ...hodWeaponDefaults, category: "spell", damage: "1d4" } },
    ]);
    combat.addCombatant(
      new (CONFIG as unknown as { Combatant: { documentClass: new (d: object) => never } }).Combatant.documentClass({
        id: "wizard",
        name: "Wizard",
        actor: wizard.garret,
        initiative: 7,
      }),
    );
    // Garret prepares Force bolt (Fast 1d6+3 rolled 2: until 11) and has it by his next turn.
    fulfillment.push(2);
    await flow.prepareHodSpell(garret as never, bolt() as never);
    await combat.nextTurn();
    // The wizard, at 7, begins Spark (Standard 1d6+6 rolled 1: until 14) and is still preparing it.
    fulfillment.push(1);
    await flow.prepareHodSpell(wizard.garret as never, item(wizard.garret, "Spark") as never);
    await combat.nextTurn();
    expect(combat.timeCount).toBe(11);
    await flow.chargeHodSpell(garret as never);
    expect(spell(garret)).toMatchObject({ item: bolt().id, prepared: true, charges: 1 });
    expect(spell(wizard.garret)).toMatchObject({ item: item(wizard.garret, "Spark").id, prepared: false });
    await wizard.garret.update({ "system.stance": "spellcasting" });
    const before = cardsOf("spell").length;
    // The GM ends the encounter: Foundry deletes the combat, and every client hears deleteCombat.
    await (combat as unknown as { delete(): Promise<unknown> }).delete();
    (Hooks as unknown as { callAll(hook: string, ...args: unknown[]): boolean }).callAll(
      "deleteCombat",
      combat,
      {},
      (game.user as unknown as { id: string }).id,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(spell(garret)).toMatchObject({ item: "", charges: 0, prepared: false });
    expect(spell(wizard.garret)).toMatchObject({ item: "", charges: 0, prepared: false });
    // No spell to prepare any more: out of the Spellcasting stance.
    expect([system(garret).stance, system(wizard.garret).stance]).toEqual(["", ""]);
    const lost = cardsOf("spell").slice(before);
    expect(lost.map((m) => cardData<HodSpellData>(m).data)).toMatchObject([
      { event: "lost", item: { name: "Force bolt" } },
      { event: "lost", item: { name: "Spark" } },
    ]);
    // Nothing to lose the next time: no card for a caster with no spell in hand.
    noCombat();
    const { onHodCombatEnd } = await import("../../src/rulesets/hod/chat/expiry");
    await onHodCombatEnd(combat as never);
    expect(cardsOf("spell").length).toBe(before + 2);
  });
});
