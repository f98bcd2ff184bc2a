import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as CardActions from "../../src/rulesets/hod/chat/card-actions";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, hodActors, item, loadHodWorld, noCombat, target, timeCountFight } from "../support/hod-world";

// Special actions and stances (GM's client): the roll against the defenses an action names, its
// outcomes, fatigue and damage, its speed on the Time Count; stances' speeds and their effect on
// attacks and defenses.

let record: StandInRecord;
let flow: typeof Flow;
let cards: typeof CardActions;
let garret: StandInActor;
let goblin: StandInActor;

type Hod = Record<string, unknown>;
const hod = (message: unknown) => (message as StandInMessage).getFlag("anthology", "hod") as Hod;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const cardOf = (kind: string) => [...record.messages].reverse().find((m) => hod(m)?.kind === kind) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Hod;
const system = (actor: StandInActor) => actor.system as unknown as Record<string, unknown> & { hp: { value: number } };
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const key = (k: string) => `ANTHOLOGY.HoD.Special.${k}`;

beforeAll(async () => {
  ({ record, flow, cards } = await loadHodWorld());
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
    expect(hod(lastMessage())).toMatchObject({
      kind: "special",
      special: "grab",
      die: "d20",
      formula: "1d20 + 5",
      total: 15,
      results: [{ id: "celerity", value: 14, hit: true, margin: 1 }],
      outcomes: [key("grab.hit")],
      damage: false,
      fatigue: 0,
      weapon: null,
    });
    const view = renderedWith("hod-special-card.hbs");
    expect(view).toMatchObject({ nameKey: key("grab.name"), canRollDamage: false, judged: true });
    expect((view.outcomes as Array<{ key: string; happened: boolean }>).map((o) => o.happened)).toEqual([
      true,
      false,
      false,
    ]);
    // The dialog named the defense instead of offering a choice.
    expect(renderedWith("hod-roll-dialog.hbs")).toMatchObject({
      chooseDefense: false,
      special: { fixedDefenses: [{ labelKey: "ANTHOLOGY.HoD.Defenses.celerity", value: 14 }] },
      formula: "1d20 + 5",
    });
  });

  it("throws: one Strength roll against Vigor and Celerity, each success with its own effects, 2 fatigue, damage", async () => {
    answerDialog({});
    fulfillment.push(12);
    await flow.rollHodSpecial(garret, "throw");
    const card = lastMessage();
    // Accuracy 2 + Strength 3: 17 beats Vigor 11 by 6 and Celerity 14 by 3.
    expect(hod(card)).toMatchObject({
      formula: "1d20 + 5",
      total: 17,
      results: [
        { id: "vigor", value: 11, hit: true, margin: 6 },
        { id: "celerity", value: 14, hit: true, margin: 3 },
      ],
      outcomes: [key("throw.hitVigor"), key("throw.great5"), key("throw.hitCelerity")],
      damage: true,
      fatigue: 2,
      unconsciousCheck: null,
    });
    expect(system(garret).fatigue).toBe(2);
    // Damage: Strength 3 + the Great Success's 1d6.
    answerDialog({});
    fulfillment.push(4);
    await cards.onHodCardAction(card, "rollDamage");
    expect(hod(lastMessage())).toMatchObject({
      kind: "damage",
      formula: "1d6 + 3",
      total: 7,
      special: "throw",
      attackId: card.id,
      target: { name: "Goblin" },
      nonlethal: false,
    });
    expect(renderedWith("hod-roll-dialog.hbs")).toMatchObject({ askCritical: false });
    await cards.onHodCardAction(lastMessage(), "applyDamage");
    expect(system(goblin).hp.value).toBe(4);
  });

  it("lets the target choose for a bull rush: the card shows both defenses and counts the worse one", async () => {
    answerDialog({});
    fulfillment.push(8);
    await flow.rollHodSpecial(garret, "bullRush");
    expect(hod(lastMessage())).toMatchObject({
      total: 13,
      results: [
        { id: "vigor", hit: true },
        { id: "celerity", hit: false },
      ],
      chosen: "celerity",
      outcomes: [],
      damage: false,
      fatigue: 1,
    });
    expect(renderedWith("hod-special-card.hbs")).toMatchObject({
      orChoice: true,
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
    expect(hod(lastMessage())).toMatchObject({
      die: "3d6",
      skillRank: 2,
      formula: "3d6 + 5",
      natural: 17,
      total: 22,
      results: [{ id: "vigor", hit: true, critical: true, margin: 11 }],
      outcomes: [key("breakGrab.hit"), key("breakGrab.great5")],
      damage: true,
      fumble: false,
    });
    answerDialog({});
    await cards.onHodCardAction(lastMessage(), "rollDamage");
    expect(hod(lastMessage())).toMatchObject({ formula: "3", total: 3 });
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
    fulfillment.push(14);
    // Rapier: Accuracy 2 + Strength 3 (light swords) = 5; 19 against Primary 15.
    await flow.rollHodSpecial(garret, "quickStrike", item(garret, "Rapier"));
    const card = lastMessage();
    expect(hod(card)).toMatchObject({
      formula: "1d20 + 5",
      results: [{ id: "primary", value: 15, hit: true }],
      outcomes: [key("quickStrike.hit")],
      item: { name: "Rapier" },
    });
    expect(renderedWith("hod-roll-dialog.hbs")).toMatchObject({ chooseDefense: true });
    answerDialog({});
    fulfillment.push(5);
    await cards.onHodCardAction(card, "rollDamage");
    // 1d6 + 3 + Power 1 = 9, halved: 4.
    expect(hod(lastMessage())).toMatchObject({ formula: "1d6 + 4", rolled: 9, total: 4, factor: 0.5 });
    expect(renderedWith("hod-damage-card.hbs")).toMatchObject({ factor: "0.5", specialKey: key("quickStrike.name") });
  });

  it("halves a quick strike's weapon damage but never its extra dice", async () => {
    answerDialog({ defense: "primary" });
    fulfillment.push(14);
    await flow.rollHodSpecial(garret, "quickStrike", item(garret, "Rapier"));
    answerDialog({ extraDice: "1d6" });
    fulfillment.push(5, 6);
    await cards.onHodCardAction(lastMessage(), "rollDamage");
    // (1d6 + 4 = 9) halved to 4, then the extra 1d6's 6 in full: 10.
    expect(hod(lastMessage())).toMatchObject({ formula: "1d6 + 4 + 1d6", rolled: 15, total: 10, factor: 0.5 });
  });

  it("asks for the check to stay conscious when an action's fatigue catches up with HP", async () => {
    await garret.update({ "system.fatigue": 19 });
    answerDialog({});
    fulfillment.push(2);
    await flow.rollHodSpecial(garret, "throw");
    const card = lastMessage();
    expect(hod(card)).toMatchObject({ fatigue: 2, unconsciousCheck: 1 });
    expect(renderedWith("hod-special-card.hbs")).toMatchObject({ canCheck: true });
    answerDialog({});
    fulfillment.push(1, 1, 1);
    await cards.onHodCardAction(card, "consciousness");
    // 3 + Constitution 2 = 5 against DC 1.
    expect(hod(lastMessage())).toMatchObject({ kind: "check", dc: 1, success: true, appliedId: card.id });
  });

  it("times a disarm on the Time Count at the weapon's class one step slower, and fumbles like an attack", async () => {
    const { me } = await timeCountFight(garret, goblin);
    answerDialog({});
    // 1d20 + 5 + proficient 1 - 4 = +2; a natural 1 fumbles. Longsword Standard + 1 = Slow: 1d8+8 shows 3,
    // and the fumble's 1d6 shows 2: SF 13, next at TC 19.
    fulfillment.push(1, 3, 2);
    await flow.rollHodSpecial(garret, "disarm", item(garret, "Longsword <i>of</i> Ash"));
    expect(hod(cardOf("special"))).toMatchObject({
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

  it("prepares a coup de grâce first (Slow), then strikes at +10 against Passive for double critical damage", async () => {
    const { combat, me } = await timeCountFight(garret, goblin);
    fulfillment.push(4);
    await flow.rollHodSpecial(garret, "coupDeGrace", item(garret, "Longsword <i>of</i> Ash"));
    expect(hod(cardOf("special"))).toMatchObject({ preparing: true, results: [] });
    expect(renderedWith("hod-special-card.hbs")).toMatchObject({
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
    // 1d20 + 6 + 10 = 27 against Passive 13; the longsword's Standard SF 1d6+6 shows 1.
    fulfillment.push(11, 1);
    await flow.rollHodSpecial(garret, "coupDeGrace", item(garret, "Longsword <i>of</i> Ash"));
    const strike = cardOf("special");
    expect(hod(strike)).toMatchObject({
      formula: "1d20 + 16",
      total: 27,
      results: [{ id: "passive", value: 13, hit: true }],
      outcomes: [key("coupDeGrace.hit")],
      damage: true,
    });
    expect(me.initiative).toBe(25);
    expect(garret.getFlag("anthology", "hodPrepared")).toBeNull();
    answerDialog({});
    await cards.onHodCardAction(strike, "rollDamage");
    // The longsword's critical damage: 8 + 3 + 1 = 12, doubled.
    expect(hod(lastMessage())).toMatchObject({ formula: "8 + 4", rolled: 12, total: 24, factor: 2, critical: true });
  });
});

describe("Heroes of Destiny stances", () => {
  it("shifts at once outside a Time Count: the benefit and the drawback apply", async () => {
    await flow.shiftHodStance(garret, "cautious");
    expect(system(garret)).toMatchObject({ stance: "cautious", stanceShifting: false });
    expect(hod(lastMessage())).toMatchObject({ kind: "stance", stance: "cautious", from: "", speedClass: "swift" });
    expect(renderedWith("hod-stance-card.hbs")).toMatchObject({
      nameKey: "ANTHOLOGY.HoD.Stance.cautious.name",
      benefitKey: "ANTHOLOGY.HoD.Stance.cautious.benefit",
      speedKey: "ANTHOLOGY.HoD.Speed.swift",
      shifting: false,
    });
    // Garret's attacks take -2.
    answerDialog({ defense: "primary" });
    fulfillment.push(10);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(hod(lastMessage())).toMatchObject({
      formula: "1d20 + 4",
      modifiers: expect.arrayContaining([{ id: "stance", value: -2 }]),
    });
    // The goblin meets Primary 16 + 2.
    target(garret);
    answerDialog({ defense: "primary" });
    fulfillment.push(10);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    expect(hod(lastMessage())).toMatchObject({
      defense: { id: "primary", met: "primary", value: 18, stance: "cautious", stanceModifier: 2 },
    });
  });

  it("shifts on the Time Count at the stance's speed, drawbacks first, benefits from its next action", async () => {
    const { combat, me } = await timeCountFight(garret, goblin);
    // Prone: Rapid, 1d4 showing 3: next at TC 9.
    fulfillment.push(3);
    await flow.shiftHodStance(garret, "prone");
    expect(system(garret)).toMatchObject({ stance: "prone", stanceShifting: true });
    expect(me.initiative).toBe(9);
    expect(lastMessage().flavor).toBe("Garret: Shift into the Prone stance. Speed factor 3, next action at TC 9.");
    await combat.nextTurn();
    // At TC 8 the goblin shoots... with a club: a melee attack meets Primary 16 - 4 (drawback, at once).
    target(garret);
    answerDialog({ defense: "primary" });
    fulfillment.push(10);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    expect(hod(cardOf("attack")).defense).toMatchObject({ value: 12, stanceModifier: -4 });
    await combat.nextTurn();
    expect(combat.timeCount).toBe(9);
    // Garret's next action: the shift is done.
    expect(system(garret).stanceShifting).toBe(false);
    // Standing up from prone is Swift: 1d4+2 showing 1.
    fulfillment.push(1);
    await flow.shiftHodStance(garret, "");
    expect(system(garret)).toMatchObject({ stance: "", stanceShifting: false });
    expect(me.initiative).toBe(12);
    expect(renderedWith("hod-stance-card.hbs")).toMatchObject({
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
    expect(renderedWith("hod-stance-card.hbs")).toMatchObject({ free: true, schedule: null });
  });

  it("lets a caster in the Spellcasting stance cast a spell, and nothing else", async () => {
    await garret.update({ "system.stance": "spellcasting" });
    await flow.rollHodAttack(garret, item(garret, "Rapier"));
    expect(warnings().at(-1)).toBe("While casting you can do nothing else.");
    const [spark] = await garret.createEmbeddedDocuments("Item", [
      { name: "Spark", type: "hod-weapon", system: { category: "spell", damage: "1d6", defense: "spirit" } },
    ]);
    answerDialog({ defense: "spirit" });
    fulfillment.push(10);
    await flow.rollHodAttack(garret, spark!);
    // Accuracy 2 + Intelligence 0, no size: 12 against the goblin's Spirit 10.
    expect(hod(lastMessage())).toMatchObject({ formula: "1d20 + 2", defense: { id: "spirit", value: 10, hit: true } });
  });

  it("parries with half the best attack bonus (at least 2) on Primary", async () => {
    await garret.update({ "system.stance": "parrying", "system.stanceShifting": false });
    target(garret);
    answerDialog({ defense: "primary" });
    fulfillment.push(10);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    // Garret's best: the longsword, 5 + proficient 1 = 6, half 3: Primary 16 + 3.
    expect(hod(lastMessage()).defense).toMatchObject({ value: 19, stance: "parrying" });
  });
});
