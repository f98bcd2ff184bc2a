import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fading-suns/sheets";
import type { FsAttackData, FsAttackRow, FsGoalData } from "../../src/rulesets/fading-suns/chat/card-data";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, fadingSunsActors, loadFadingSunsWorld } from "../support/fading-suns-world";
import { cardData, press } from "../support/play";
import { bruteItemData, bruteSystem } from "../support/fading-suns-fixtures";

// Issue 29's Fading Suns items through the real path: the sheet's button, the dialog, the card and the
// GM's apply. Each test quotes the line of fading-suns.txt it checks; the numbers are worked out by
// hand (Erian: Dexterity 6, Fight 4, Melee 5, Strength 7 (+1); the rapier +1 goal, DMG 4; the blaster
// Shoot 6, DMG 6. The brute: Defense 1, armor 2, 9 Vitality).

let record: StandInRecord;
let sheets: typeof Sheets;
let erian: StandInActor;
let brute: StandInActor;

const attackCard = (message: unknown) => cardData<FsAttackData, FsAttackRow>(message);
const goalCard = (message: unknown) => cardData<FsGoalData, Record<string, never>>(message);
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) =>
  record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Record<string, unknown>;
const vitality = (actor: StandInActor) => (actor.system as unknown as { vitality: { value: number } }).vitality.value;
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

describe("Fading Suns fight actions roll what the chart says", () => {
  it('"Grapple Dexterity + Fight - 2": a grapple with the rapier in hand rolls Dexterity + Fight, without the rapier', async () => {
    // Dexterity 6 + Fight 4 = 10 (not Melee 5, not the rapier's +1); the brute's Defense 1: 9. A 5: 2 VP.
    // Damage: the grapple's 2 + Strength 7's +1 = 3; the jerkin's 2: 1 off 9 Vitality.
    answerDialog({ fightAction: "grapple" });
    fulfillment.push(5);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(attackCard(attack)).toMatchObject({
      data: { natural: 10, goal: 10, damage: { base: 2, strength: 1, stance: 0, action: 0 } },
      targets: [{ data: { goal: 9, outcome: "success", victoryPoints: 2, damage: 3 } }],
    });
    expect(attackCard(attack).data.parts.map((p) => p.id)).not.toContain("weapon");
    expect(renderedWith("fading-suns/attack-card.hbs")).toMatchObject({
      skillKey: "ANTHOLOGY.FadingSuns.Skills.fight",
    });
    // The GM works the goal out again the same way: the hit stands.
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(vitality(brute)).toBe(8);
  });

  it('"Knockdown Dexterity + Fight - 0": a knockdown rolls Dexterity + Fight; a strike still rolls the weapon', async () => {
    // A 10 against goal 9 (Dexterity 6 + Fight 4 - Defense 1) fails: with the rapier's Melee it would
    // have been 12 - 1 = 11, a hit.
    answerDialog({ fightAction: "knockdown" });
    fulfillment.push(10);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(attackCard(lastMessage())).toMatchObject({
      data: { natural: 10, goal: 10 },
      targets: [{ data: { goal: 9, outcome: "failure", hit: false } }],
    });
    answerDialog({ fightAction: "strike" });
    fulfillment.push(10);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(attackCard(lastMessage())).toMatchObject({
      data: { natural: 11, goal: 12 },
      targets: [{ data: { goal: 11, outcome: "success" } }],
    });
  });
});

describe("Fading Suns knockdown is DMG 0", () => {
  it('"Knockdown Dexterity + Fight - 0": no Strength bonus, no stance damage, and Apply takes no Vitality', async () => {
    // Aggressive for +2 damage, Strength 7's +1: neither adds to knockdown's 0.
    await erian.update({ "system.stance": "aggressive", "system.aggressive": "damage" });
    answerDialog({ fightAction: "knockdown" });
    fulfillment.push(4);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(attackCard(attack)).toMatchObject({
      data: { damage: { base: 0, strength: 0, stance: 0, action: 0 } },
      targets: [{ data: { goal: 9, outcome: "success", hit: true, damage: 0 } }],
    });
    expect(renderedWith("fading-suns/attack-card.hbs")).toMatchObject({
      baseDamage: 0,
      rows: [{ hit: true, noDamage: true }],
    });
    // Applied, the hit is on record for its contest, and takes no Vitality.
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(vitality(brute)).toBe(9);
    // A grapple still takes the Strength bonus and the stance: 2 + 1 + 2 = 5.
    answerDialog({ fightAction: "grapple" });
    fulfillment.push(4);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({ hit: true, damage: 5 });
  });
});

describe("Fading Suns charge is a melee rush", () => {
  it('"Charge Effect: Can move up to twice movement; +1 Damage Effect Dice on Unarmed/Melee attack actions per meter charged. +2 -2": no +2 on a shot or a goal roll', async () => {
    // The blaster: Dexterity 6 + Shoot 6 = 12, short range; a charge typed into the form counts as no move.
    answerDialog({ fireAction: "shoot", range: "short", move: "charge" });
    fulfillment.push(12);
    await clickSheet(sheets, erian, "fsAttack", { item: "Blaster" });
    const dialog = renderedWith("fading-suns/roll-dialog.hbs") as { moves: Array<{ id: string }> };
    expect(dialog.moves.map((m) => m.id)).not.toContain("charge");
    expect(attackCard(lastMessage())).toMatchObject({
      data: { goal: 12, choices: { move: "none" } },
      targets: [{ data: { goal: 11, outcome: "failure" } }],
    });
    // A goal roll: Observe 4 + Perception 4 = 8, no +2.
    answerDialog({ characteristic: "perception", move: "charge" });
    fulfillment.push(6);
    await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
    expect(goalCard(lastMessage()).data).toMatchObject({ goal: 8, choices: { move: "none" } });
    // A melee charge: 12 + 2 = 14, Defense 1: 13; three meters, three effect dice.
    answerDialog({ fightAction: "strike", move: "charge", charge: "3" });
    fulfillment.push(12);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(attackCard(lastMessage())).toMatchObject({
      data: { goal: 14, effectDice: 3 },
      targets: [{ data: { goal: 13, outcome: "success" } }],
    });
    expect(await press(lastMessage(), "apply", 0)).toBe(true);
  });
});

/** Another brute (Defense 1, armor 2, 9 Vitality), for attacks on several targets. */
async function anotherBrute(name: string): Promise<StandInActor> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: { create(data: object): Promise<StandInActor> } })
    .documentClass;
  return Actor.create({ name, type: "fading-suns-npc", system: bruteSystem, items: bruteItemData });
}

/** Targets every actor given (the user's targeted tokens). */
function targetAll(...actors: StandInActor[]): void {
  const targets = (game.user as unknown as { targets: Set<unknown> }).targets;
  targets.clear();
  for (const actor of actors) targets.add({ actor, name: actor.name });
}

describe("Fading Suns several attacks in one action", () => {
  it('"Hard Example: Long range for firearm; seeing in moonlit darkness; Shooting or attacking twice in one action.": two targets cost −2', async () => {
    const second = await anotherBrute("Second brute");
    targetAll(brute, second);
    // The rapier: 12, twice in one action −2: 10; each brute's Defense 1: 9. A 10 misses both (it would
    // hit at 11 without the penalty). The form asks for one attack: two targets make it twice.
    answerDialog({ fightAction: "strike", attacks: "1" });
    fulfillment.push(10);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const dialog = renderedWith("fading-suns/roll-dialog.hbs") as {
      goal: number;
      multiAttacks: Array<{ attacks: number; selected: boolean; disabled: boolean }>;
    };
    expect(dialog.multiAttacks).toEqual([
      expect.objectContaining({ attacks: 1, selected: false, disabled: true }),
      expect.objectContaining({ attacks: 2, selected: true, disabled: false }),
      expect.objectContaining({ attacks: 3, selected: false, disabled: false }),
    ]);
    // The dialog's line already counts it: 12 − 2 − Defense 1 = 9.
    expect(dialog.goal).toBe(9);
    const attack = lastMessage();
    expect(attackCard(attack)).toMatchObject({
      data: { goal: 10, choices: { attacks: 2 } },
      targets: [{ data: { goal: 9, hit: false } }, { data: { goal: 9, hit: false } }],
    });
    expect(attackCard(attack).data.parts).toContainEqual({ id: "multiAttack", value: -2 });
    // A single attack chosen as "twice" (two blows at one foe, each rolled): −2 as well.
    target(brute, "Brute");
    answerDialog({ fightAction: "strike", attacks: "2" });
    fulfillment.push(6);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(attackCard(lastMessage())).toMatchObject({
      data: { goal: 10 },
      targets: [{ data: { goal: 9, hit: true } }],
    });
    expect(await press(lastMessage(), "apply", 0)).toBe(true);
  });

  it('"Demanding Example: Shooting three targets with one action; maximum range for firearm; seeing through fog or smoke": −4, and no more than three', async () => {
    const second = await anotherBrute("Second brute");
    const third = await anotherBrute("Third brute");
    targetAll(brute, second, third);
    // The blaster: 12, three targets −4: 8; Defense 1: 7. A 6 hits all three (3 VP); damage 6, armor 2.
    answerDialog({ fireAction: "shoot", range: "short" });
    fulfillment.push(6);
    await clickSheet(sheets, erian, "fsAttack", { item: "Blaster" });
    const attack = lastMessage();
    expect(attackCard(attack)).toMatchObject({
      data: { goal: 8, choices: { attacks: 3 } },
      targets: [1, 2, 3].map(() => ({ data: { goal: 7, hit: true, damage: 6 } })),
    });
    for (const row of [0, 1, 2]) expect(await press(attack, "apply", row)).toBe(true);
    expect([brute, second, third].map(vitality)).toEqual([5, 5, 5]);
    // A fourth target: one action cannot attack it; nothing is rolled.
    const fourth = await anotherBrute("Fourth brute");
    targetAll(brute, second, third, fourth);
    const dialogs = dialogCalls.length;
    const messages = record.messages.length;
    await clickSheet(sheets, erian, "fsAttack", { item: "Blaster" });
    expect(dialogCalls.length).toBe(dialogs);
    expect(record.messages.length).toBe(messages);
    expect(record.notifications.at(-1)?.message).toBe("One action attacks at most three targets; Erian targets 4.");
  });

  it('"Shooting or attacking twice in one action": the GM refuses a roll that counts fewer attacks than its targets', async () => {
    const second = await anotherBrute("Second brute");
    targetAll(brute, second);
    // 12 − 2 − Defense 1 = 9: an 8 hits both.
    answerDialog({ fightAction: "strike" });
    fulfillment.push(8);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data.hit).toBe(true);
    // The roll's request rewritten to one attack against both, so as to pay nothing for the second.
    const { AnthologyRoll } = await import("../../src/dice/anthology-roll");
    const { requestOptions } = await import("../../src/play/request");
    const rapier = erian.items.find((i) => i.name === RAPIER)!;
    const forged = new AnthologyRoll(
      "1d20",
      {},
      requestOptions({
        item: rapier.uuid,
        choices: { level: "standard", combat: true, fightAction: "strike", attacks: 1 },
        targets: [brute.uuid, second.uuid],
      }),
    ) as unknown as { evaluate(): Promise<unknown> };
    fulfillment.push(8);
    await forged.evaluate();
    (attack.rolls as unknown[])[0] = forged;
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(vitality(brute)).toBe(9);
    expect(record.notifications.at(-1)?.message).toContain("attacks 2 targets with one action but counts 1 attack(s)");
  });
});

describe("Fading Suns: the order of applies never changes who hit", () => {
  /** The brute (Strength 15: +4) strikes Erian unarmed for 2 + 4 = 6, 3 past the synthsilk; the GM applies it. */
  async function bruteHitsErian(): Promise<void> {
    await brute.update({ "system.characteristics.strength": 15 });
    target(erian, "Erian");
    // Dexterity 4 + Fight 5 = 9; Erian's Defense 1: 8. A 2 hits.
    answerDialog({ fightAction: "strike" });
    fulfillment.push(2);
    await clickSheet(sheets, brute, "fsUnarmed");
    expect(await press(lastMessage(), "apply", 0)).toBe(true);
  }

  it('"Fading Suns: the order in which a GM applies the rows of one round never changes who hit; each attack is judged with the attacker as they stood when it was rolled"', async () => {
    // Erian at 6 Vitality (no penalty yet) strikes: 12 − Defense 1 = 11; a 10 hits (5 VP), damage 5.
    await erian.update({ "system.vitality.value": 6 });
    answerDialog({ fightAction: "strike" });
    fulfillment.push(10);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const erians = lastMessage();
    expect(attackCard(erians).targets[0]!.data).toMatchObject({ goal: 11, hit: true, damage: 5 });
    // The brute's later blow is applied first: Erian falls to 3 Vitality (−6 to every goal now).
    await bruteHitsErian();
    expect(vitality(erian)).toBe(3);
    expect((erian.system as unknown as { derived: { woundPenalty: number } }).derived.woundPenalty).toBe(-6);
    // Erian's row is judged as Erian stood when it was rolled (6 Vitality, no penalty): it still hits.
    target(brute, "Brute");
    expect(await press(erians, "apply", 0)).toBe(true);
    expect(vitality(brute)).toBe(9 - 3);
    // Undo and apply again: the same.
    expect(await press(erians, "undo", 0)).toBe(true);
    expect(await press(erians, "apply", 0)).toBe(true);
    expect(vitality(brute)).toBe(6);
  });

  it('"each attack is judged with the attacker as they stood when it was rolled": a wound taken before the roll counts', async () => {
    await erian.update({ "system.vitality.value": 6 });
    await bruteHitsErian();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Erian at 3 Vitality (−6): 12 − 6 − 1 = 5. A 4 hits.
    target(brute, "Brute");
    answerDialog({ fightAction: "strike" });
    fulfillment.push(4);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const erians = lastMessage();
    expect(attackCard(erians).targets[0]!.data).toMatchObject({ goal: 5, hit: true });
    expect(await press(erians, "apply", 0)).toBe(true);
    // The hit applied before the roll is not taken back: a 6 misses at 5, on the card and at the GM's.
    answerDialog({ fightAction: "strike" });
    fulfillment.push(6);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({ goal: 5, hit: false });
    expect(await press(lastMessage(), "apply", 0)).toBe(false);
  });
});
