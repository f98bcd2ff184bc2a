import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type {
  HodAttackData,
  HodAttackRow,
  HodSpecialData,
  HodSpecialRow,
  HodStanceData,
} from "../../src/rulesets/hod/chat/card-data";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import {
  answerDialog,
  hodActors,
  hodFighter,
  item,
  loadHodWorld,
  noCombat,
  target,
  timeCountFight,
} from "../support/hod-world";
import { canPress, cardData, press } from "../support/play";

// Special actions and stances (GM's client): the roll against the defenses an action names, its
// outcomes, fatigue and damage, its speed on the Time Count; stances' speeds and their effect on
// attacks and defenses.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type Hod = Record<string, unknown>;
const kindOf = (message: unknown) =>
  ((message as StandInMessage).getFlag("anthology", "card") as { kind?: string } | undefined)?.kind;
const special = (message: unknown) => cardData<HodSpecialData, HodSpecialRow>(message);
const attack = (message: unknown) => cardData<HodAttackData, HodAttackRow>(message);
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const cardOf = (kind: string) => [...record.messages].reverse().find((m) => kindOf(m) === kind) as StandInMessage;
const rows = (path: string) => renderedWith(path).rows as Hod[];
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Hod;
const system = (actor: StandInActor) => actor.system as unknown as Record<string, unknown> & { hp: { value: number } };
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const key = (k: string) => `ANTHOLOGY.HoD.Special.${k}`;

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  record.messages.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
  noCombat();
});

describe("Heroes of Destiny special actions", () => {
  it("grabs: an unarmed attack (Accuracy + the better of Strength and Dexterity) against Celerity", async () => {
    answerDialog({});
    fulfillment.push(10);
    await flow.rollHodSpecial(garret, "grab");
    expect(special(lastMessage())).toMatchObject({
      kind: "special",
      data: { special: "grab", die: "d20", formula: "1d20 + 5", total: 15, fatigue: 0, weapon: null },
      targets: [
        {
          name: "Goblin",
          data: {
            results: [{ id: "celerity", value: 14, hit: true, margin: 1 }],
            outcomes: [key("grab.hit")],
            damage: null,
          },
        },
      ],
    });
    const view = renderedWith("hod/special-card.hbs");
    expect(view).toMatchObject({ nameKey: key("grab.name"), noTarget: false });
    expect((rows("hod/special-card.hbs")[0]!.outcomes as Array<{ happened: boolean }>).map((o) => o.happened)).toEqual([
      true,
      false,
      false,
    ]);
    // The dialog named the defense instead of offering a choice, and asked no damage: a grab deals none.
    expect(renderedWith("hod/roll-dialog.hbs")).toMatchObject({
      chooseDefense: false,
      special: { fixedDefenses: [{ labelKey: "ANTHOLOGY.HoD.Defenses.celerity", value: 14 }] },
      formula: "1d20 + 5",
      hitDamage: null,
    });
  });

  it("throws: one Strength roll against Vigor and Celerity, each success with its own effects, 2 fatigue, damage with it", async () => {
    answerDialog({});
    // Accuracy 2 + Strength 3: 17 beats Vigor 11 by 6 and Celerity 14 by 3; Strength 3 + the Great Success's 1d6 (4).
    fulfillment.push(12, 4);
    await flow.rollHodSpecial(garret, "throw");
    const card = lastMessage();
    expect(special(card)).toMatchObject({
      data: { formula: "1d20 + 5", total: 17, fatigue: 2, unconsciousCheck: null },
      targets: [
        {
          data: {
            results: [
              { id: "vigor", value: 11, hit: true, margin: 6 },
              { id: "celerity", value: 14, hit: true, margin: 3 },
            ],
            outcomes: [key("throw.hitVigor"), key("throw.great5"), key("throw.hitCelerity")],
            damage: { formula: "1d6 + 3", total: 7, nonlethal: false, factor: 1 },
          },
        },
      ],
    });
    expect(system(garret).fatigue).toBe(2);
    expect(renderedWith("hod/roll-dialog.hbs")).toMatchObject({ hitDamage: { nonlethal: false } });
    expect(await press(card, "apply", 0)).toBe(true);
    expect(system(goblin).hp.value).toBe(4);
  });

  it("lets the target choose for a bull rush: the row shows both defenses and counts the worse one", async () => {
    answerDialog({});
    fulfillment.push(8);
    await flow.rollHodSpecial(garret, "bullRush");
    expect(special(lastMessage())).toMatchObject({
      data: { total: 13, fatigue: 1 },
      targets: [
        {
          data: {
            results: [
              { id: "vigor", hit: true },
              { id: "celerity", hit: false },
            ],
            chosen: "celerity",
            outcomes: [],
            damage: null,
          },
        },
      ],
    });
    expect(renderedWith("hod/special-card.hbs")).toMatchObject({ orChoice: true });
    expect(rows("hod/special-card.hbs")[0]).toMatchObject({
      defenses: [
        { labelKey: "ANTHOLOGY.HoD.Defenses.vigor", chosen: false, tone: "good" },
        { labelKey: "ANTHOLOGY.HoD.Defenses.celerity", chosen: true, tone: "bad" },
      ],
    });
  });

  it("rolls a skill action on 3d6 + attribute + the rank typed in, critical on 17 or 18", async () => {
    answerDialog({ skillRank: "2" });
    fulfillment.push(6, 6, 5);
    await flow.rollHodSpecial(garret, "breakGrab");
    expect(special(lastMessage())).toMatchObject({
      data: { die: "3d6", skillRank: 2, formula: "3d6 + 5", natural: 17, total: 22, fumble: false },
      targets: [
        {
          data: {
            results: [{ id: "vigor", hit: true, critical: true, margin: 11 }],
            outcomes: [key("breakGrab.hit"), key("breakGrab.great5")],
            // Strength's worth: no dice to roll.
            damage: { formula: "3", total: 3 },
          },
        },
      ],
    });
  });

  it("needs a weapon for an action timed or aimed by it, and a melee weapon for a melee action", async () => {
    await flow.rollHodSpecial(garret, "disarm");
    expect(warnings().at(-1)).toBe("Disarm needs a weapon: use it from the weapon's row.");
    await flow.rollHodSpecial(garret, "feint", item(garret, "Shortbow"));
    expect(warnings().at(-1)).toBe("Feint needs a melee weapon or a free hand.");
    await flow.rollHodSpecial(garret, "<b>nope</b>");
    expect(warnings().at(-1)).toBe(`There is no special action "&lt;b&gt;nope&lt;/b&gt;".`);
    expect(record.messages).toEqual([]);
  });

  it("halves a quick strike's damage, against the defense picked in the dialog", async () => {
    answerDialog({ defense: "primary" });
    // Rapier: Accuracy 2 + Strength 3 (light swords) = 5; 19 against Primary 15. 1d6 + 3 + Power 1 shows 5: 9, halved: 4.
    fulfillment.push(14, 5);
    await flow.rollHodSpecial(garret, "quickStrike", item(garret, "Rapier"));
    const card = lastMessage();
    expect(special(card)).toMatchObject({
      data: { formula: "1d20 + 5", item: { name: "Rapier" } },
      targets: [
        {
          data: {
            results: [{ id: "primary", value: 15, hit: true }],
            outcomes: [key("quickStrike.hit")],
            damage: { formula: "1d6 + 4", rolled: 9, total: 4, factor: 0.5 },
          },
        },
      ],
    });
    expect(renderedWith("hod/roll-dialog.hbs")).toMatchObject({ chooseDefense: true });
    expect(rows("hod/special-card.hbs")[0]).toMatchObject({ damage: { factor: "0.5", total: 4 } });
    expect(await press(card, "apply", 0)).toBe(true);
    // 4 against Threshold 3: 3 fatigue and 1 HP.
    expect(system(goblin)).toMatchObject({ hp: { value: 7 }, fatigue: 3 });
  });

  it("halves a quick strike's weapon damage but never its extra dice", async () => {
    answerDialog({ defense: "primary", extraDice: "1d6" });
    fulfillment.push(14, 5, 6);
    await flow.rollHodSpecial(garret, "quickStrike", item(garret, "Rapier"));
    // (1d6 + 4 = 9) halved to 4, then the extra 1d6's 6 in full: 10.
    expect(special(lastMessage()).targets[0]!.data.damage).toMatchObject({
      formula: "1d6 + 4 + 1d6",
      rolled: 15,
      total: 10,
      factor: 0.5,
      extraRoll: 2,
    });
    await press(lastMessage(), "apply", 0);
    expect(system(goblin).hp.value).toBe(1);
  });

  it("asks for the check to stay conscious when an action's fatigue catches up with HP, once", async () => {
    await garret.update({ "system.fatigue": 19 });
    answerDialog({});
    fulfillment.push(2);
    await flow.rollHodSpecial(garret, "throw");
    const card = lastMessage();
    expect(special(card).data).toMatchObject({ fatigue: 2, unconsciousCheck: 1, checked: false });
    expect(renderedWith("hod/special-card.hbs")).toMatchObject({ unconsciousCheck: 1 });
    expect(canPress(card, "fatigueCheck")).toBe(true);
    answerDialog({});
    fulfillment.push(1, 1, 1);
    await press(card, "fatigueCheck");
    // 3 + Constitution 2 = 5 against DC 1.
    expect(cardData(lastMessage())).toMatchObject({
      kind: "check",
      data: { dc: 1, success: true, consciousness: true },
    });
    expect(special(card).data.checked).toBe(true);
    expect(canPress(card, "fatigueCheck")).toBe(false);
  });

  it("times a disarm on the Time Count at the weapon's class one step slower, and fumbles like an attack", async () => {
    const { me } = await timeCountFight(garret, goblin);
    answerDialog({});
    // 1d20 + 5 + proficient 1 - 4 = +2; a natural 1 fumbles. Longsword Standard + 1 = Slow: 1d8+8 shows 3,
    // and the fumble's 1d6 shows 2: SF 13, next at TC 19.
    fulfillment.push(1, 3, 2);
    await flow.rollHodSpecial(garret, "disarm", item(garret, "Longsword <i>of</i> Ash"));
    expect(special(cardOf("special")).data).toMatchObject({
      formula: "1d20 + 2",
      modifiers: [
        { id: "proficient", value: 1 },
        { id: "special", value: -4 },
      ],
      fumble: true,
      durabilityLeft: 0,
      fatigue: 1,
      schedule: { state: "due", tc: 6 },
    });
    expect(me.initiative).toBe(19);
    expect(me.getFlag("anthology", "unsteady")).toBe(true);
    expect(lastMessage().flavor).toBe("Garret: Disarm. Speed factor 13, next action at TC 19.");
  });

  it('"If multiple creatures are in the space, you must make a separate attack roll against each": Approach rolls once per target, one act on the Time Count', async () => {
    const aeus = await hodFighter("Aeus");
    const { me } = await timeCountFight(garret, goblin);
    const targets = (game.user as unknown as { targets: Set<unknown> }).targets;
    targets.add({ actor: aeus, name: "Aeus" });
    answerDialog({});
    // Acrobatics (Dex) rolls 3d6 + 1: the goblin's shows 16 (17 beats its Celerity 14 and Vigor 11),
    // Aeus's 3 (4 misses); then the approach's Fast SF 1d6+3 shows 3: next at TC 12.
    fulfillment.push(6, 5, 5, 1, 1, 1, 3);
    const last = await flow.rollHodSpecial(garret, "approach");
    const cards = record.messages.filter((m) => kindOf(m) === "special") as StandInMessage[];
    expect(cards).toHaveLength(2);
    expect(last).toBe(cards[1]);
    const [first, second] = cards.map((c) => special(c));
    expect(first!.targets.map((t) => t.name)).toEqual(["Goblin"]);
    expect(second!.targets.map((t) => t.name)).toEqual(["Aeus"]);
    expect([first!.data.natural, second!.data.natural]).toEqual([16, 3]);
    expect(first!.targets[0]!.data.outcomes).toEqual([key("approach.hit")]);
    expect(second!.targets[0]!.data.outcomes).toEqual([]);
    // Entering the space is the table's token move: nothing on either card to apply.
    for (const card of cards) expect(canPress(card, "apply", 0)).toBe(false);
    // One approach, one act: recorded once, with the last card.
    expect(first!.data.schedule).toEqual({ state: "none" });
    expect(second!.data.schedule).toMatchObject({ state: "due", tc: 6 });
    expect(me.initiative).toBe(12);
    expect(
      record.messages.filter((m) => String((m as StandInMessage).flavor ?? "").includes("Speed factor")),
    ).toHaveLength(1);
  });

  it("rolls once against every target for an action that does not roll against each (a trip)", async () => {
    const aeus = await hodFighter("Aeus");
    (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: aeus, name: "Aeus" });
    answerDialog({});
    fulfillment.push(12);
    await flow.rollHodSpecial(garret, "trip");
    const cards = record.messages.filter((m) => kindOf(m) === "special");
    expect(cards).toHaveLength(1);
    expect(special(cards[0]).targets.map((t) => t.name)).toEqual(["Goblin", "Aeus"]);
  });

  it("prepares a coup de grâce first (Slow), then strikes at +10 against Passive for double critical damage", async () => {
    const { combat, me } = await timeCountFight(garret, goblin);
    fulfillment.push(4);
    await flow.rollHodSpecial(garret, "coupDeGrace", item(garret, "Longsword <i>of</i> Ash"));
    expect(special(cardOf("special"))).toMatchObject({ data: { preparing: true, attackRoll: null }, targets: [] });
    expect(renderedWith("hod/special-card.hbs")).toMatchObject({
      preparing: true,
      preparationKey: "ANTHOLOGY.HoD.Speed.slow",
    });
    // Slow: 1d8+8 showing 4: next at TC 18.
    expect(me.initiative).toBe(18);
    expect(lastMessage().flavor).toBe("Garret: Prepare Coup de grâce. Speed factor 12, next action at TC 18.");
    await combat.nextTurn();
    await combat.actCombatant("goblin", { action: "custom", speedFactor: 20 });
    await combat.nextTurn();
    expect(combat.timeCount).toBe(18);
    answerDialog({});
    // 1d20 + 6 + 10 = 27 against Passive 13; the critical damage has no dice; the longsword's Standard SF 1d6+6 shows 1.
    fulfillment.push(11, 1);
    await flow.rollHodSpecial(garret, "coupDeGrace", item(garret, "Longsword <i>of</i> Ash"));
    const strike = cardOf("special");
    // The longsword's critical damage: 8 + 3 + 1 = 12, doubled.
    expect(special(strike)).toMatchObject({
      data: { formula: "1d20 + 16", total: 27 },
      targets: [
        {
          data: {
            results: [{ id: "passive", value: 13, hit: true }],
            outcomes: [key("coupDeGrace.hit")],
            damage: { formula: "8 + 4", rolled: 12, total: 24, factor: 2, critical: true },
          },
        },
      ],
    });
    expect(me.initiative).toBe(25);
    expect(garret.getFlag("anthology", "hodPrepared")).toBeNull();
  });

  it('"the action requires preparation for a certain amount of time before execution": the strike follows the preparation, never banked past another act', async () => {
    const { combat, me } = await timeCountFight(garret, goblin);
    const { hodTimeCount } = await import("../../src/rulesets/hod/combat/time-count-actions");
    const sword = item(garret, "Longsword <i>of</i> Ash");
    fulfillment.push(4);
    await flow.rollHodSpecial(garret, "coupDeGrace", sword);
    expect(me.initiative).toBe(18);
    await combat.nextTurn();
    await combat.actCombatant("goblin", { action: "custom", speedFactor: 20 });
    await combat.nextTurn();
    expect(combat.timeCount).toBe(18);
    // Due again, Garret draws a weapon from the tracker's Act dialog instead of striking (Rapid 1d4: 2).
    fulfillment.push(2);
    await combat.actCombatant("garret", hodTimeCount.fromForm([["action", "drawWeapon"]]));
    await combat.nextTurn();
    expect(combat.timeCount).toBe(20);
    // The preparation is gone: the coup is prepared again (Slow 1d8+8 showing 4), not struck.
    record.messages.length = 0;
    fulfillment.push(4);
    await flow.rollHodSpecial(garret, "coupDeGrace", sword);
    expect(special(cardOf("special")).data).toMatchObject({ preparing: true, attackRoll: null });
    expect(me.initiative).toBe(32);
  });

  it('"you can cancel preparation at any time": a coup\'s preparation called off is prepared again, not struck', async () => {
    const { combat, me } = await timeCountFight(garret, goblin);
    const sword = item(garret, "Longsword <i>of</i> Ash");
    fulfillment.push(4);
    await flow.rollHodSpecial(garret, "coupDeGrace", sword);
    expect(me.initiative).toBe(18);
    // Called off: Garret acts at the following count, TC 7.
    expect(await combat.cutShortCombatant("garret", 7)).toBe(7);
    await combat.nextTurn();
    expect(combat.timeCount).toBe(7);
    record.messages.length = 0;
    fulfillment.push(4);
    await flow.rollHodSpecial(garret, "coupDeGrace", sword);
    expect(special(cardOf("special")).data).toMatchObject({ preparing: true });
    expect(me.initiative).toBe(19);
  });
});

describe("Heroes of Destiny stances", () => {
  it("shifts at once outside a Time Count: the benefit and the drawback apply", async () => {
    await flow.shiftHodStance(garret, "cautious");
    expect(system(garret)).toMatchObject({ stance: "cautious", stanceShifting: false });
    expect(cardData<HodStanceData>(lastMessage())).toMatchObject({
      kind: "stance",
      data: { stance: "cautious", from: "", speedClass: "swift" },
    });
    expect(renderedWith("hod/stance-card.hbs")).toMatchObject({
      nameKey: "ANTHOLOGY.HoD.Stance.cautious.name",
      benefitKey: "ANTHOLOGY.HoD.Stance.cautious.benefit",
      speedKey: "ANTHOLOGY.HoD.Speed.swift",
      shifting: false,
    });
    // Garret's attacks take -2 (10 + 4 misses the goblin's 15).
    answerDialog({ defense: "primary" });
    fulfillment.push(10);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(attack(lastMessage()).data).toMatchObject({
      formula: "1d20 + 4",
      modifiers: expect.arrayContaining([{ id: "stance", value: -2 }]),
    });
    // The goblin meets Primary 16 + 2.
    target(garret);
    answerDialog({ defense: "primary" });
    fulfillment.push(10);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    expect(attack(lastMessage()).targets[0]!.data.defense).toMatchObject({
      id: "primary",
      met: "primary",
      value: 18,
      stance: "cautious",
      stanceModifier: 2,
    });
  });

  it("shifts on the Time Count at the stance's speed, drawbacks first, benefits from its next action", async () => {
    const { combat, me } = await timeCountFight(garret, goblin);
    // Prone: Rapid, 1d4 showing 3: next at TC 9.
    fulfillment.push(3);
    await flow.shiftHodStance(garret, "prone");
    expect(system(garret)).toMatchObject({ stance: "prone", stanceShifting: true });
    expect(me.initiative).toBe(9);
    // Lying down on the count is the table's "Drop to the floor", recorded and applied by the GM.
    expect(lastMessage().flavor).toBe("Garret: Drop prone. Speed factor 3, next action at TC 9.");
    await combat.nextTurn();
    // At TC 8 the goblin shoots... with a club: a melee attack meets Primary 16 - 4 (drawback, at once);
    // 13 hits, and its 1d6 + 1 shows 1.
    target(garret);
    answerDialog({ defense: "primary" });
    fulfillment.push(10, 1);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    expect(attack(cardOf("attack")).targets[0]!.data.defense).toMatchObject({
      value: 12,
      stanceModifier: -4,
      hit: true,
    });
    await combat.nextTurn();
    expect(combat.timeCount).toBe(9);
    // Garret's next action: the shift is done.
    expect(system(garret).stanceShifting).toBe(false);
    // Standing up from prone is Swift: 1d4+2 showing 1.
    fulfillment.push(1);
    await flow.shiftHodStance(garret, "");
    expect(system(garret)).toMatchObject({ stance: "", stanceShifting: false });
    expect(me.initiative).toBe(12);
    expect(renderedWith("hod/stance-card.hbs")).toMatchObject({
      nameKey: null,
      leftKey: "ANTHOLOGY.HoD.Stance.prone.name",
    });
  });

  it("reverts from a stance for free without touching the count, and refuses attacks while parrying", async () => {
    const { me } = await timeCountFight(garret, goblin);
    await garret.update({ "system.stance": "parrying", "system.stanceShifting": false });
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(warnings().at(-1)).toBe("While parrying you cannot attack.");
    const before = record.messages.length;
    await flow.shiftHodStance(garret, "");
    expect(system(garret).stance).toBe("");
    expect(me.initiative).toBe(6);
    expect(record.messages.length).toBe(before + 1);
    expect(renderedWith("hod/stance-card.hbs")).toMatchObject({ free: true, schedule: null });
  });

  it("lets a caster in the Spellcasting stance cast a spell, and nothing else", async () => {
    await garret.update({ "system.stance": "spellcasting" });
    await flow.rollHodAttack(garret, item(garret, "Rapier"));
    expect(warnings().at(-1)).toBe("While casting you can do nothing else.");
    const [spark] = await garret.createEmbeddedDocuments("Item", [
      { name: "Spark", type: "hod-weapon", system: { category: "spell", damage: "1d6", defense: "spirit" } },
    ]);
    answerDialog({ defense: "spirit" });
    // Outside a Time Count the spell is prepared on the spot; taking 10 on the Arcana check meets DC 10.
    answerDialog({ takeTen: "on" });
    fulfillment.push(10, 3);
    await flow.rollHodAttack(garret, spark!);
    // Accuracy 2 + Intelligence 0, no size: 12 against the goblin's Spirit 10; 1d6 + Power 1 shows 3.
    expect(attack(lastMessage())).toMatchObject({
      data: { formula: "1d20 + 2" },
      targets: [
        { data: { defense: { id: "spirit", value: 10, hit: true }, damage: { formula: "1d6 + 1", total: 4 } } },
      ],
    });
  });

  it("parries with half the best attack bonus (at least 2) on Primary", async () => {
    await garret.update({ "system.stance": "parrying", "system.stanceShifting": false });
    target(garret);
    answerDialog({ defense: "primary" });
    fulfillment.push(10);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    // Garret's best: the longsword, 5 + proficient 1 = 6, half 3: Primary 16 + 3.
    expect(attack(lastMessage()).targets[0]!.data.defense).toMatchObject({ value: 19, stance: "parrying" });
  });
});

describe("Heroes of Destiny special actions' outcome odds in the dialog and on the card (issue 31)", () => {
  /** The line rendered for each target: the dialog's list, or the special card's first row. */
  const dialogLine = () => renderedWith("hod/roll-dialog.hbs").outcomes;
  const rowLine = () => rows("hod/special-card.hbs")[0]!.odds;

  /**
   * A quick strike with the rapier on a goblin down to 2 HP, worked by hand: 1d20 + 5 against Primary 15
   * hits on 10 or more (11 faces), a critical on 19 and 20 (Precise). Half of 1d6 + 4 (5 to 10) is 2, 3,
   * 3, 4, 4 or 5 against a Threshold of 3: 2 or 3 only tire it (checks at DC 0 and 1 that 3d6 + 1 always
   * passes), 4 leaves it at 1 HP with 3 fatigue (dying), 5 kills; a critical deals half of 10: dead.
   * Drop: 9/20 × 3/6 + 2/20 = 32.5%.
   */
  const QUICK = { name: "Goblin", hit: "Hit 55.0%", hurt: "Hurt 55.0%", drop: "Drop 32.5%" };

  it("shows a quick strike's chances in its dialog and on its row; the dying the odds count is the apply's", async () => {
    await goblin.update({ "system.hp.value": 2 });
    answerDialog({ defense: "primary" });
    // 14 + 5 = 19 hits; 1d6 showing 4: 8, halved: 4.
    fulfillment.push(14, 4);
    await flow.rollHodSpecial(garret, "quickStrike", item(garret, "Rapier"));
    expect(dialogLine()).toEqual([expect.objectContaining(QUICK)]);
    expect(rowLine()).toEqual([expect.objectContaining(QUICK)]);
    const row = special(lastMessage()).targets[0]!.data;
    expect(row.odds).toMatchObject({
      action: "quickStrike",
      bonus: 5,
      defenses: { primary: 15 },
      weaponDefense: "primary",
      precise: true,
      damage: { weapon: { category: "lightSwords", damage: "1d6" }, modifier: 0, extraDice: "" },
      target: { hp: 2, fatigue: 0, fullTop: 3, constitution: 1 },
    });
    expect(row.damage).toMatchObject({ rolled: 8, total: 4 });
    expect(await press(lastMessage(), "apply", 0)).toBe(true);
    // Dying, as the odds counted a 4: fatigue 3 at twice its 1 HP or more.
    expect(system(goblin)).toMatchObject({ hp: { value: 1 }, fatigue: 3 });
    // The row keeps the chances the strike had: the goblin's state now changes nothing.
    expect(rowLine()).toEqual([expect.objectContaining(QUICK)]);
  });

  it("a grab's line hits and never hurts: it deals no damage", async () => {
    answerDialog({});
    fulfillment.push(10);
    await flow.rollHodSpecial(garret, "grab");
    // 1d20 + 5 against Celerity 14: 9 or more, 12 faces.
    const line = { name: "Goblin", hit: "Hit 60.0%", hurt: "Hurt 0%", drop: "Drop 0%" };
    expect(dialogLine()).toEqual([expect.objectContaining(line)]);
    expect(rowLine()).toEqual([expect.objectContaining(line)]);
    expect(special(lastMessage()).targets[0]!.data.odds).toMatchObject({ action: "grab", damage: null });
  });

  it("shows nothing on a row whose stored odds were rewritten past what a sheet rolls; the GM's apply ignores them", async () => {
    answerDialog({ defense: "primary" });
    fulfillment.push(14, 4);
    const message = (await flow.rollHodSpecial(
      garret,
      "quickStrike",
      item(garret, "Rapier"),
    )) as unknown as StandInMessage;
    const raw = structuredClone(message.flags) as Record<string, Record<string, { targets: Array<{ data: Hod }> }>>;
    const card = Object.values(raw)[0]!;
    const flag = Object.keys(card)[0]!;
    const odds = card[flag]!.targets[0]!.data.odds as Hod;
    // Past the odds' own bound (6,000 faces), and within it but past what a player types (4 dice, d12 at most):
    // every client would judge each pair of main and extra totals on each render.
    for (const extraDice of ["60d100", "60d40", "5d6", "1d20"]) {
      card[flag]!.targets[0]!.data.odds = { ...odds, damage: { ...(odds.damage as Hod), extraDice } };
      await (message as unknown as { update(d: object): Promise<unknown> }).update({ flags: raw });
      expect(special(message).targets[0]!.data.odds, extraDice).toBeNull();
    }
    card[flag]!.targets[0]!.data.odds = { ...odds, damage: { ...(odds.damage as Hod), extraDice: "4d12" } };
    await (message as unknown as { update(d: object): Promise<unknown> }).update({ flags: raw });
    expect(special(message).targets[0]!.data.odds).not.toBeNull();
    card[flag]!.targets[0]!.data.odds = { ...odds, damage: { ...(odds.damage as Hod), extraDice: "60d100" } };
    await (message as unknown as { update(d: object): Promise<unknown> }).update({ flags: raw });
    expect(await press(message, "apply", 0)).toBe(true);
    // 4 against Threshold 3: 3 fatigue and 1 HP, as without the rewrite.
    expect(system(goblin)).toMatchObject({ hp: { value: 7 }, fatigue: 3 });
  });
});
