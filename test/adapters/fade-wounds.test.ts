import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import type { FadeAttackData, FadeAttackRow } from "../../src/rulesets/fade/chat/card-data";
import type { FadeAppliedSummary } from "../../src/rulesets/fade/chat/views";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, loadFadeWorld, target } from "../support/fade-world";
import { cardData, press } from "../support/play";
import type { FadeSkillData } from "../../src/rulesets/fade/chat/card-data";

// Issue 28, The Fade: wounds and healing at the table, through the sheet, the dialog, the card and
// the GM's apply (with the dice scripted through Foundry's dice fulfillment).

let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;

const SWORD = "Longsword <i>of</i> Ash";
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const attackCard = (message: unknown) => cardData<FadeAttackData, FadeAttackRow>(message);
const summary = (message: unknown, row = 0) =>
  cardData(message).targets[row]!.applied?.summary as unknown as FadeAppliedSummary;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

beforeAll(async () => {
  ({ record, sheets } = await loadFadeWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(goblin, "Goblin");
});

describe("The Fade: absorption heals up to the maximum", () => {
  it('"transmuting damage that would have been dealt into recovering HP": never past the maximum, and Undo takes it back', async () => {
    // The goblin absorbs fire and stands at 8 of 10 HP; the sword burns.
    await goblin.update({ "system.energy.absorptions": "fire", "system.hp.value": 8 });
    await garret.items.find((i) => i.name === SWORD)!.update({ "system.damageType": "fire" });
    // 10, 9, 8 = 27 hits Defense 19; d10 6: the Body; 10, 10, 7 = 27 damage. Deflection 5 less
    // Penetration 4 takes 1 (26), Soak 4: 6 absorbed, of which 2 fit under the maximum.
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ result: "hit", part: "body", damage: 27 });
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(10);
    expect(summary(attack)).toMatchObject({ hpBefore: 8, hpAfter: 10, hpChange: 2 });
    expect(summary(attack).steps.at(-1)).toMatchObject({
      step: "absorption",
      key: "ANTHOLOGY.Fade.Damage.Step.absorptionCapped",
      data: { absorbed: "6", healed: "2", max: "10" },
    });
    expect(await press(attack, "undo", 0)).toBe(true);
    expect(hp(goblin)).toBe(8);
  });
});

type EffectView = { name: string; statuses: Set<string>; getFlag(s: string, k: string): unknown };
const effectsOf = (actor: StandInActor) =>
  (actor as unknown as { effects: { contents: EffectView[] } }).effects.contents;
const notes = () => record.notifications.map((n) => n.message);

/**
 * Garret's critical called shot at the goblin's left arm (10, 10, 10 on 4k3; 5, 5, 5 damage: 15,
 * doubled to 30, Soak 4: 7 off its 10 HP), applied.
 */
async function severLeftArm(): Promise<StandInMessage> {
  answerDialog({ modifiers: ["calledShot"], location: "leftArm", defense: "defense" });
  fulfillment.push(10, 10, 10, 1, 5, 5, 5, 1, 1, 1, 1);
  await clickSheet(sheets, garret, "fadeAttack", SWORD);
  const attack = lastMessage();
  expect(await press(attack, "apply", 0)).toBe(true);
  return attack;
}

describe("The Fade: a severed limb is recorded, and hits reroll off it", () => {
  it('"A critical hit severs the arm instead": the lost arm stays (no rounds) beside the round\'s -2k0', async () => {
    await severLeftArm();
    const severed = effectsOf(goblin).find((e) => e.statuses.has("fade-arm-severed"))!;
    expect(severed.getFlag("anthology", "fade")).toMatchObject({ severedPart: "leftArm" });
    // The record has no duration: it lasts until the GM removes it; the -2k0 lasts its round.
    // (v13 stores `duration.rounds`, v14 `duration.value` in rounds.)
    const rounds = (e: unknown) => {
      const d = (e as { duration?: { rounds?: number | null; value?: number | null } }).duration;
      return d?.rounds ?? d?.value ?? null;
    };
    expect(rounds(severed)).toBeNull();
    expect(rounds(effectsOf(goblin).find((e) => e.statuses.has("fade-arm-severing")))).toBe(1);
  });

  it('"roll a 1d10 before damage is dealt and consult below (reroll on missing body parts)": from the card\'s own rerolls', async () => {
    await severLeftArm();
    // 10, 9, 8 = 27 hits; the d10 shows 3, the left arm, which is gone: a second d10 (6) lands on the Body.
    answerDialog({ defense: "defense" });
    fulfillment.push(10, 9, 8, 1, 1, 1, 3, 6, 10, 10, 7, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ part: "body", locationRoll: 1, damageRoll: 3 });
    expect(attack.rolls.map((r) => (r as unknown as { formula: string }).formula)).toEqual([
      "6k3",
      "1d10",
      "1d10",
      "7k3",
    ]);
    expect(await press(attack, "apply", 0)).toBe(true);
    // 27 damage, Deflection 5 less Penetration 4: 26, Soak 4: 6 off the 3 HP the severing left.
    expect(summary(attack)).toMatchObject({ part: "body", rerolledFrom: ["leftArm"], hpBefore: 3, hpAfter: -3 });
  });

  it("rolls a damage card's location again off a lost arm, and refuses the lost arm chosen as where it landed", async () => {
    await severLeftArm();
    // 7k3 damage 4, 4, 4 (12); the d10 shows 3 (the left arm, gone), then 9: the right leg.
    answerDialog({ location: "roll", spell: "false" });
    fulfillment.push(4, 4, 4, 1, 1, 1, 1, 3, 9);
    await clickSheet(sheets, garret, "fadeDamage", SWORD);
    const damage = lastMessage();
    expect(cardData(damage).targets[0]!.data).toMatchObject({ part: "rightLeg", locationRoll: 1 });
    expect(await press(damage, "apply", 0)).toBe(true);
    expect(summary(damage)).toMatchObject({ part: "rightLeg", rerolledFrom: ["leftArm"] });
    // The left arm picked in the Damage dialog: refused, nothing rolled.
    const before = record.messages.length;
    answerDialog({ location: "leftArm", spell: "false" });
    await clickSheet(sheets, garret, "fadeDamage", SWORD);
    expect(record.messages.length).toBe(before);
    expect(notes().at(-1)).toBe("Goblin has no Left Arm any more: a called shot cannot aim at it.");
  });

  it("rolls again at the GM's Apply when the part was lost after the card was rolled", async () => {
    // The card lands on the left arm (3) while it is still there...
    answerDialog({ defense: "defense" });
    fulfillment.push(10, 9, 8, 1, 1, 1, 3, 10, 10, 7, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const early = lastMessage();
    expect(attackCard(early).targets[0]!.data).toMatchObject({ part: "leftArm" });
    // ... then the arm is severed, and the early card applied: the GM's own d10 (5) puts it on the Body.
    await severLeftArm();
    fulfillment.push(5);
    expect(await press(early, "apply", 0)).toBe(true);
    expect(summary(early)).toMatchObject({ part: "body", rerolledFrom: ["leftArm"] });
  });

  it('"refuse a called shot at a part that is gone": in the dialog, and again at the GM\'s Apply', async () => {
    // A called shot at the left arm rolled while it was there...
    answerDialog({ modifiers: ["calledShot"], location: "leftArm", defense: "defense" });
    fulfillment.push(10, 9, 8, 1, 5, 5, 5, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const early = lastMessage();
    await severLeftArm();
    // ... is refused once the arm is gone.
    expect(await press(early, "apply", 0)).toBe(false);
    expect(notes().at(-1)).toBe("Goblin has no Left Arm any more: a called shot cannot aim at it.");
    // The dialog shows the arm as gone, and a called shot at it rolls nothing.
    const before = record.messages.length;
    answerDialog({ modifiers: ["calledShot"], location: "leftArm", defense: "defense" });
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    expect(record.messages.length).toBe(before);
    expect(notes().at(-1)).toBe("Goblin has no Left Arm any more: a called shot cannot aim at it.");
    const view = record.rendered.filter((r) => r.path.endsWith("fade/roll-dialog.hbs")).at(-1)!.data as {
      locations: Array<{ id: string; gone: boolean }>;
    };
    expect(view.locations.filter((l) => l.gone).map((l) => l.id)).toEqual(["leftArm"]);
  });

  it("forgets the arm when the severing hit is undone", async () => {
    const severing = await severLeftArm();
    expect(await press(severing, "undo", 0)).toBe(true);
    expect(effectsOf(goblin)).toEqual([]);
    answerDialog({ modifiers: ["calledShot"], location: "leftArm", defense: "defense" });
    fulfillment.push(10, 9, 8, 1, 5, 5, 5, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    expect(await press(lastMessage(), "apply", 0)).toBe(true);
  });
});

describe("The Fade: defaulting to the Body", () => {
  it('"If you wish to speed up combat in your turn, you can default to hitting the enemies\' Body": no location roll, no effect', async () => {
    // 10, 9, 8 = 27 hits; no d10: the hit is on the Body; 10, 10, 7 = 27 damage (6 HP).
    answerDialog({ defense: "defense", location: "head", defaultBody: "on" });
    fulfillment.push(10, 9, 8, 1, 1, 1, 10, 10, 7, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const attack = lastMessage();
    expect(attackCard(attack)).toMatchObject({
      data: { pool: "6k3", choices: { defaultBody: true } },
      targets: [{ data: { result: "hit", part: "body", locationRoll: null, damageRoll: 1, damage: 27 } }],
    });
    expect(attack.rolls).toHaveLength(2);
    const view = record.rendered.filter((r) => r.path.endsWith("fade/attack-card.hbs")).at(-1)!.data;
    expect(view).toMatchObject({ defaultBody: true, calledShotKey: null });
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(summary(attack)).toMatchObject({ part: "body", hpBefore: 10, hpAfter: 4, effectKey: null, statuses: [] });
  });

  it("gives way to a called shot, which keeps its part and its -2k0", async () => {
    answerDialog({ modifiers: ["calledShot"], location: "rightLeg", defense: "defense", defaultBody: "on" });
    fulfillment.push(10, 8, 7, 1, 9, 9, 9, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const card = attackCard(lastMessage());
    expect(card.data.choices).not.toHaveProperty("defaultBody");
    expect(card).toMatchObject({ data: { pool: "4k3" }, targets: [{ data: { part: "rightLeg" } }] });
  });
});

describe("The Fade: no kept dice, on a skill check as on an attack", () => {
  const statuses = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];

  it('"Being reduced to 0 keep dice results in the roll being impossible to be made, and resulting in immediate failure": alike, and no critical failure', async () => {
    // Stealth: Agility 6 rolls 6k3; 3 kept dice fewer leave 6k0. With a DC of 15 and without one.
    for (const dc of ["15", ""]) {
      answerDialog({ dc, extraKept: "-3" });
      fulfillment.push(10, 10, 10, 10, 10, 10);
      await clickSheet(sheets, garret, "fadeSkill", undefined, { skill: "stealth" });
      const skill = cardData<FadeSkillData>(lastMessage()).data;
      expect(skill).toMatchObject({ impossible: true, success: false, criticalFailure: false });
      const view = record.rendered.filter((r) => r.path.endsWith("fade/skill-card.hbs")).at(-1)!.data;
      expect(view).toMatchObject({ resultKey: "ANTHOLOGY.Fade.Card.Skill.impossible", tone: "bad" });
    }
    // The sword the same way: 6k0 against the goblin is impossible, a failure, not a critical one.
    answerDialog({ defense: "defense", extraKept: "-3" });
    fulfillment.push(10, 10, 10, 10, 10, 10);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({ result: "impossible" });
    // Neither leaves the −2k0 of a critical failure on Garret.
    expect(statuses(garret)).not.toContain("fade-critical-failure");
  });
});

describe("The Fade: healing from the sheet", () => {
  const heal = async (amount: string, source = "Holy light") => {
    answerDialog({ amount, source });
    await clickSheet(sheets, garret, "fadeHeal");
    return lastMessage();
  };
  const healed = (message: unknown) => cardData(message).targets[0]!.applied?.summary as Record<string, unknown>;
  const statuses = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];

  it('"Holy Resistance on a living creature increases healing by the tens digit (minimum of 1)": from the Heal button to the HP, with Undo', async () => {
    await goblin.update({ "system.energy.resistances": "holy 20", "system.hp.value": 3 });
    const card = await heal("4");
    expect(cardData(card)).toMatchObject({
      kind: "heal",
      actor: { name: "Garret" },
      data: { amount: 4, source: "Holy light" },
      targets: [{ name: "Goblin", applied: null }],
    });
    expect(await press(card, "apply", 0)).toBe(true);
    // 4 and the tens of Holy Resistance 20 (+2): 3 to 9.
    expect(hp(goblin)).toBe(9);
    expect(healed(card)).toMatchObject({ amount: 4, bonus: 2, resistance: "holy", before: 3, after: 9, healed: 6 });
    const view = record.rendered.filter((r) => r.path.endsWith("fade/heal-card.hbs")).at(-1)!.data;
    expect(view).toMatchObject({ rows: [{ applied: { bonusKey: "ANTHOLOGY.Fade.Heal.holyBonus", bonus: 2 } }] });
    expect(await press(card, "apply", 0)).toBe(false);
    expect(await press(card, "undo", 0)).toBe(true);
    expect(hp(goblin)).toBe(3);
  });

  it('"Unholy Resistance on an undead creature does the same effect for them", up to the maximum', async () => {
    await goblin.update({
      "system.energy.resistances": "holy 20, unholy 15",
      "system.undead": true,
      "system.hp.value": 8,
    });
    const card = await heal("4");
    expect(await press(card, "apply", 0)).toBe(true);
    // 4 + 1 (Unholy 15) = 5, but the goblin's maximum is 10.
    expect(healed(card)).toMatchObject({ bonus: 1, resistance: "unholy", before: 8, after: 10, healed: 2 });
    expect(hp(goblin)).toBe(10);
  });

  it("posts nothing for 0 or a negative amount (or text), and says what to enter", async () => {
    for (const amount of ["0", "-5", "lots"]) {
      const before = record.messages.length;
      record.notifications.length = 0;
      await heal(amount);
      expect(record.messages.length, amount).toBe(before);
      expect(record.notifications.at(-1)?.message, amount).toContain("Nothing to heal");
    }
  });

  it("wakes the unconscious, refuses the dead, and heals the healer when nothing is targeted", async () => {
    await goblin.update({ "system.hp.value": -1 });
    await (goblin as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect(
      "unconscious",
      { active: true },
    );
    expect(statuses(goblin)).toContain("unconscious");
    const card = await heal("3");
    expect(await press(card, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(2);
    expect(statuses(goblin)).not.toContain("unconscious");
    expect(await press(card, "undo", 0)).toBe(true);
    expect(hp(goblin)).toBe(-1);
    expect(statuses(goblin)).toContain("unconscious");

    // Dead at -(2 + Endurance 2) = -4.
    await goblin.update({ "system.hp.value": -4 });
    expect(await press(await heal("3"), "apply", 0)).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("Goblin is dead: healing does not bring the dead back.");
    expect(hp(goblin)).toBe(-4);

    // No target: Garret heals himself.
    target(null);
    await garret.update({ "system.hp.value": 5 });
    const self = await heal("2", "");
    expect(cardData(self).targets.map((t) => t.name)).toEqual(["Garret"]);
    expect(await press(self, "apply", 0)).toBe(true);
    expect(hp(garret)).toBe(7);
  });
});
