import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fading-suns/sheets";
import type { FsAttackData, FsAttackRow, FsGoalData } from "../../src/rulesets/fading-suns/chat/card-data";
import type { FsAppliedSummary } from "../../src/rulesets/fading-suns/chat/views";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, fadingSunsActors, loadFadingSunsWorld } from "../support/fading-suns-world";
import { cardData, press } from "../support/play";

// The GM's client: buttons pressed on the sheet and the cards, the d20s scripted through Foundry's dice
// fulfillment. Every number below is worked out by hand from fading-suns.txt and the decisions.

let record: StandInRecord;
let sheets: typeof Sheets;
let erian: StandInActor;
let brute: StandInActor;

type View = Record<string, unknown>;
const goalCard = (message: unknown) => cardData<FsGoalData, Record<string, never>>(message);
const attackCard = (message: unknown) => cardData<FsAttackData, FsAttackRow>(message);
const summary = (message: unknown, row = 0) =>
  cardData(message).targets[row]!.applied?.summary as unknown as FsAppliedSummary;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const system = (actor: StandInActor) =>
  actor.system as unknown as {
    vitality: { value: number; max: number };
    derived: { woundPenalty: number; down: boolean };
  };
const RAPIER = "Rapier <b>fine</b>";

beforeAll(async () => {
  ({ record, sheets } = await loadFadingSunsWorld());
});

beforeEach(async () => {
  ({ erian, brute } = await fadingSunsActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(brute, "Brute");
});

describe("Fading Suns goal rolls from the sheet", () => {
  it("rolls a learned skill under its goal, with the exact odds in the dialog", async () => {
    // Physick 4 + Wits 5 = 9. A 6 succeeds: 3 VP.
    answerDialog({ characteristic: "wits", level: "standard" });
    fulfillment.push(6);
    const physick = erian.items.find((i) => i.name === "Physick")!;
    await clickSheet(sheets, erian, "fsGoal", { item: physick.name });
    const dialog = renderedWith("fading-suns/roll-dialog.hbs") as { natural: number; goal: number; hint: object };
    // Goal 9 outside combat: 1-9 succeed (45%), a 9 is the critical (5%), a 20 rerolled over 9 (11 of 20)
    // is a critical failure: 1/20 × 11/20 = 2.75% (shown to a tenth as 2.7%, the shared percent
    // format). VP: 0+1+1+2+2+3+3+4+4 = 20, over 20 = 1.0.
    expect(dialog).toMatchObject({
      natural: 9,
      goal: 9,
      hint: { data: { goal: "9", success: "45.0%", critical: "5.0%", fumble: "2.7%", vp: "1.0" } },
    });
    expect(dialogCalls.at(-1)).toMatchObject({ window: { title: "Erian: Physick" } });
    expect(goalCard(lastMessage())).toMatchObject({
      ruleSet: "fading-suns",
      kind: "goal",
      data: {
        characteristic: "wits",
        skill: { kind: "learned", name: "Physick" },
        natural: 9,
        goal: 9,
        roll: 6,
        reroll: null,
        outcome: "success",
        victoryPoints: 3,
      },
    });
    expect(renderedWith("fading-suns/goal-card.hbs")).toMatchObject({ resultKey: "ANTHOLOGY.FadingSuns.Card.success" });
  });

  it("rerolls a 20 on the same card: a failed reroll is a critical failure", async () => {
    // Observe 4 + Perception 4 = 8, Easy +4 = 12. 20, then 13 (over 12): critical failure.
    answerDialog({ characteristic: "perception", level: "easy" });
    fulfillment.push(20, 13);
    await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
    const message = lastMessage();
    expect(message.rolls).toHaveLength(2);
    expect(goalCard(message).data).toMatchObject({
      goal: 12,
      roll: 20,
      reroll: 13,
      outcome: "criticalFailure",
      victoryPoints: 0,
      parts: [{ id: "level", value: 4 }],
    });
    expect(renderedWith("fading-suns/goal-card.hbs")).toMatchObject({
      rerollKey: "ANTHOLOGY.FadingSuns.Card.rerollTwenty",
      tone: "bad",
    });
  });

  it("rerolls a critical in combat and adds a successful reroll's Victory Points", async () => {
    // Observe with Wits instead: 5 + 4 = 9, and -2 other: 7. A 7 is the critical (3 VP); reroll 5: +2 VP.
    answerDialog({ characteristic: "wits", level: "standard", other: "-2", combat: "on" });
    fulfillment.push(7, 5);
    await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
    expect(goalCard(lastMessage()).data).toMatchObject({
      characteristic: "wits",
      goal: 7,
      combat: true,
      roll: 7,
      reroll: 5,
      outcome: "critical",
      victoryPoints: 5,
    });
  });

  it("offers quick complementary skills when the world plays with them, their rating read from the sheet", async () => {
    const setting = (value: boolean) =>
      game.settings!.set("anthology" as never, "fadingSunsQuickComplementary" as never, value as never);
    await setting(true);
    try {
      // Observe 4 + Perception 4 = 8; Physick 4 complements it: +2; same turn -2; life at stake +5: 13.
      const physick = erian.items.find((i) => i.name === "Physick")!;
      answerDialog({ characteristic: "perception", quickSkill: physick.id, sameTurn: "on", spirit: "life" });
      fulfillment.push(12);
      dialogCalls.length = 0;
      await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
      const dialog = renderedWith("fading-suns/roll-dialog.hbs") as {
        quickSkills: Array<{ name: string; rating: number }>;
      };
      expect(dialog.quickSkills).toContainEqual({ id: physick.id, name: "Physick", rating: 4 });
      expect(dialog.quickSkills.map((s) => s.name)).not.toContain("Observe");
      expect(goalCard(lastMessage()).data).toMatchObject({
        natural: 8,
        goal: 13,
        parts: [
          { id: "spirit", value: 5 },
          { id: "quickComplementary", value: 2 },
          { id: "sameTurn", value: -2 },
        ],
        roll: 12,
        outcome: "success",
        victoryPoints: 6,
      });
    } finally {
      await setting(false);
    }
  });

  it("refuses an unknown skill with a message that shows its name as text", async () => {
    const before = record.messages.length;
    await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "<b>nope</b>" } });
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: "“&lt;b&gt;nope&lt;/b&gt;” is not a Fading Suns skill of this character.",
    });
  });
});

describe("Fading Suns attacks: one card, a row per target, applied by the GM", () => {
  it("hits the brute, and the GM takes the damage past armor off Vitality once, with undo", async () => {
    // The brute is already hurt: 5 of 9 Vitality (-2).
    await brute.update({ "system.vitality.value": 5 });
    // Rapier: Dexterity 6 + Melee 5 + the rapier's +1 = 12; the brute's Defense 1: goal 11. A 8: 4 VP.
    // Damage: DMG 4 + Strength 7's +1 = 5 (Victory Points do not add); the jerkin's 2: 3 off 5 Vitality.
    answerDialog({ level: "standard", fightAction: "strike", targetCover: "none", group: "1" });
    fulfillment.push(8);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const dialog = renderedWith("fading-suns/roll-dialog.hbs");
    expect(dialog).toMatchObject({ melee: true, natural: 11, goal: 11, target: { name: "Brute", defense: 1 } });
    const attack = lastMessage();
    expect(attackCard(attack)).toMatchObject({
      kind: "attack",
      data: {
        natural: 11,
        goal: 12,
        roll: 8,
        reroll: null,
        damage: { base: 4, strength: 1, stance: 0, action: 0 },
        item: { name: RAPIER },
      },
      targets: [
        {
          name: "Brute",
          data: {
            defense: { own: 1, conditions: 0, burst: 0, value: 1 },
            goal: 11,
            outcome: "success",
            victoryPoints: 4,
            hit: true,
            damage: 5,
            armor: 2,
          },
        },
      ],
    });
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(system(brute).vitality).toEqual({ value: 2, max: 9 });
    expect(summary(attack)).toMatchObject({ damage: 5, armor: 2, taken: 3, before: 5, after: 2, down: false });
    // Two Vitality left: -8 to every goal the brute rolls next.
    expect(system(brute).derived.woundPenalty).toBe(-8);
    answerDialog({ characteristic: "dexterity" });
    fulfillment.push(3);
    await clickSheet(sheets, brute, "fsGoal", { dataset: { skill: "fight" } });
    // Fight 5 + Dexterity 4 = 9, wounds -8: 1.
    expect(goalCard(lastMessage()).data).toMatchObject({
      natural: 9,
      goal: 1,
      parts: [{ id: "wounds", value: -8 }],
      outcome: "failure",
    });
    // Applying twice is refused; undo puts Vitality back (5, -2 again).
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("This has already been applied to Brute.");
    expect(await press(attack, "undo", 0)).toBe(true);
    expect(system(brute).vitality.value).toBe(5);
    expect(system(brute).derived.woundPenalty).toBe(-2);
  });

  it("fires a long burst: Defense 2 lower, +5 damage, and a critical rerolled on the card", async () => {
    // Blaster: Dexterity 6 + Shoot 6 = 12; long burst -2, long range -2: 8. The brute's Defense 1, partial
    // cover +2, the burst -2: 1; goal 7. A 7 is a critical (3 VP); reroll 3 succeeds: +1 VP = 4.
    // Damage: DMG 6 + 5 (burst) = 11 (no Strength at range, no VP); armor 2: 9 off 9 Vitality: 0, down.
    answerDialog({ fireAction: "longBurst", range: "long", targetCover: "partial", aim: "0" });
    fulfillment.push(7, 3);
    await clickSheet(sheets, erian, "fsAttack", { item: "Blaster" });
    const attack = lastMessage();
    expect(attack.rolls).toHaveLength(2);
    expect(attackCard(attack)).toMatchObject({
      data: { goal: 8, roll: 7, reroll: 3, damage: { base: 6, strength: 0, action: 5 } },
      targets: [
        {
          data: {
            defense: { own: 1, conditions: 2, burst: -2, value: 1 },
            goal: 7,
            outcome: "critical",
            victoryPoints: 4,
            damage: 11,
          },
        },
      ],
    });
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(summary(attack)).toMatchObject({ taken: 9, before: 9, after: 0, down: true });
    expect(system(brute).derived.down).toBe(true);
    expect([...(brute as unknown as { statuses: Set<string> }).statuses]).toContain("unconscious");
  });

  it("misses past the goal and offers nothing to apply; an unarmed hit is 2 and the Strength bonus", async () => {
    answerDialog({ fightAction: "strike" });
    fulfillment.push(15);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const miss = lastMessage();
    expect(attackCard(miss).targets[0]!.data).toMatchObject({ goal: 11, outcome: "failure", hit: false, damage: null });
    expect(await press(miss, "apply", 0)).toBe(false);
    // Unarmed strike: Dexterity 6 + Fight 4 = 10, Defense 1: 9. A 2: 1 VP; damage 2 + 1 (Strength) = 3.
    answerDialog({ fightAction: "strike" });
    fulfillment.push(2);
    await clickSheet(sheets, erian, "fsUnarmed");
    expect(attackCard(lastMessage())).toMatchObject({
      data: { item: null, weapon: { damage: null, skill: "fight" }, goal: 10 },
      targets: [{ data: { goal: 9, victoryPoints: 1, damage: 3 } }],
    });
  });

  it("rolls an attack with no target: the card says so and has nothing to apply", async () => {
    target(null);
    // Rapier: Dexterity 6 + Melee 5 + 1 = 12. A 7 rolled, no Defense to take off.
    answerDialog({ fightAction: "strike" });
    fulfillment.push(7);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const card = lastMessage();
    expect(attackCard(card)).toMatchObject({ data: { goal: 12, roll: 7 }, targets: [] });
    expect(renderedWith("fading-suns/attack-card.hbs")).toMatchObject({ noTarget: true, rows: [] });
    expect(await press(card, "apply", 0)).toBe(false);
    expect(system(erian).vitality.value).toBe(10);
  });

  it("judges the stance and surprise: aggressive +4 goal, the target's full defense, surprise at 0", async () => {
    await erian.update({ "system.stance": "aggressive" });
    await brute.update({ "system.stance": "fullDefense" });
    // Goal 12 + 4 = 16; the brute's Defense 1 + 4 = 5: 11.
    answerDialog({ fightAction: "strike" });
    fulfillment.push(11);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({
      defense: { own: 5 },
      goal: 11,
      outcome: "critical",
    });
    await brute.update({ "system.surprised": true });
    answerDialog({ fightAction: "strike" });
    fulfillment.push(4);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({ defense: { own: 0 }, goal: 16 });
    // In full defense the brute cannot attack: refused before any dialog.
    const before = dialogCalls.length;
    await clickSheet(sheets, brute, "fsUnarmed");
    expect(dialogCalls.length).toBe(before);
    expect(record.notifications.at(-1)?.message).toBe(
      "Brute &lt;script&gt; is in full defense and can only move this turn.",
    );
  });
});
