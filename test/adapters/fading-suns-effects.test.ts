import { readFileSync } from "node:fs";
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

// Issue 30, point 3: Active Effects that change what a Fading Suns roll reads (system.bonuses and the
// stored numbers), seen the same by the sheet, the dialog's odds, the card and the GM's apply. The GM's
// client; the d20s scripted through Foundry's dice fulfillment; every number worked out by hand.

let record: StandInRecord;
let sheets: typeof Sheets;
let erian: StandInActor;
let brute: StandInActor;

type View = Record<string, unknown>;
const goalCard = (message: unknown) => cardData<FsGoalData, Record<string, never>>(message);
const attackCard = (message: unknown) => cardData<FsAttackData, FsAttackRow>(message);
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const derived = (actor: StandInActor) =>
  (actor.system as unknown as { derived: { defense: number; armor: number; woundPenalty: number } }).derived;
const vitality = (actor: StandInActor) => (actor.system as unknown as { vitality: { value: number } }).vitality.value;
const RAPIER = "Rapier <b>fine</b>";
/** The compendium's example: an armor whose Blessed effect passes to the wearer. */
const CLOAK = JSON.parse(
  readFileSync(
    new URL("../../src/rulesets/fading-suns/packs/armor/blessed-pilgrims-cloak.json", import.meta.url),
    "utf8",
  ),
) as { name: string; type: string; system: object; effects: Array<Record<string, unknown>> };

/** Active Effect data in this generation's shape (v13 `changes`, v14 `system.changes`). */
async function changes(list: Array<{ key: string; type: "add" | "override"; value: number }>) {
  const { changesData } = await import("../../src/foundry");
  return changesData(list);
}

async function bless(actor: StandInActor, list: Parameters<typeof changes>[0]): Promise<string> {
  const [effect] = await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed", ...(await changes(list)) }]);
  return (effect as { id: string }).id;
}

/** The cloak from the pack, its effect in this generation's shape, carried by `actor`. */
async function wearCloak(actor: StandInActor): Promise<void> {
  const effects = await Promise.all(
    CLOAK.effects.map(async (e) => {
      const { _key, changes: stored, ...rest } = e as { _key: string; changes: Array<{ key: string; value: string }> };
      void _key;
      return {
        ...rest,
        ...(await changes(stored.map((c) => ({ key: c.key, type: "add" as const, value: Number(c.value) })))),
      };
    }),
  );
  await actor.createEmbeddedDocuments("Item", [{ name: CLOAK.name, type: CLOAK.type, system: CLOAK.system, effects }]);
}

/** The sheet's view of `actor`: its natural skills' goal buttons and their odds. */
async function sheetSkills(actor: StandInActor) {
  const { fsActorView } = await import("../../src/rulesets/fading-suns/sheets/view");
  return fsActorView(actor.system as never, actor.items.contents as never).naturalSkills;
}

// Loading the world transforms the whole system: slow on a busy machine, so the hook gets a minute.
beforeAll(async () => {
  ({ record, sheets } = await loadFadingSunsWorld());
}, 60_000);

beforeEach(async () => {
  ({ erian, brute } = await fadingSunsActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(brute, "Brute");
});

describe("Fading Suns: an effect on the actor changes the attack", () => {
  it("+2 to attack goals and +1 damage: the dialog's odds, the card's parts, the GM's apply", async () => {
    await bless(erian, [
      { key: "system.bonuses.attack", type: "add", value: 2 },
      { key: "system.bonuses.damage", type: "add", value: 1 },
    ]);
    // Rapier: Dexterity 6 + Melee 5 + the rapier's +1 = 12, the blessing's +2: 14; the brute's Defense 1: 13.
    // In combat 1-13 succeed: 65.0% (55.0% without it). A 12: 6 VP, a hit (a miss at 11 without it).
    answerDialog({ level: "standard", fightAction: "strike", targetCover: "none", group: "1" });
    fulfillment.push(12);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(renderedWith("fading-suns/roll-dialog.hbs")).toMatchObject({
      natural: 11,
      goal: 13,
      hint: { data: { goal: "13", success: "65.0%" } },
    });
    const attack = lastMessage();
    // Damage: DMG 4 + Strength 7's +1 + the blessing's +1 = 6; the jerkin's 2: 4 off 9 Vitality.
    expect(attackCard(attack)).toMatchObject({
      data: {
        natural: 11,
        goal: 14,
        parts: [
          { id: "weapon", value: 1 },
          { id: "effects", value: 2 },
        ],
        roll: 12,
        damage: { base: 4, strength: 1, stance: 0, action: 0, effects: 1 },
      },
      targets: [{ data: { goal: 13, outcome: "success", victoryPoints: 6, hit: true, damage: 6, armor: 2 } }],
    });
    expect(renderedWith("fading-suns/attack-card.hbs")).toMatchObject({ baseDamage: 6 });
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(vitality(brute)).toBe(5);
  });

  it("the GM refuses a hit that rested on the blessing once the blessing is gone", async () => {
    const id = await bless(erian, [{ key: "system.bonuses.attack", type: "add", value: 2 }]);
    answerDialog({ level: "standard", fightAction: "strike", targetCover: "none", group: "1" });
    fulfillment.push(12);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ goal: 13, hit: true, damage: 5 });
    // The blessing ends before the GM applies: the GM works the goal out again (11) and the 12 misses.
    await erian.deleteEmbeddedDocuments("ActiveEffect", [id]);
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("The attack no longer hits Brute (goal 11 now).");
    expect(vitality(brute)).toBe(9);
  });

  it("a card that claims a bonus the attacker never had changes nothing", async () => {
    // No effect: goal 11 against the brute. The card's flags say 13 and a hit; the GM reads the d20.
    answerDialog({ level: "standard", fightAction: "strike", targetCover: "none", group: "1" });
    fulfillment.push(12);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ goal: 11, hit: false });
    const card = structuredClone(attack.getFlag("anthology", "card")) as {
      data: { parts: object[]; goal: number };
      targets: Array<{ data: Record<string, unknown> }>;
    };
    card.data.parts.push({ id: "effects", value: 2 });
    card.data.goal = 14;
    Object.assign(card.targets[0]!.data, { goal: 13, outcome: "success", hit: true, damage: 5 });
    await attack.update({ "flags.anthology.card": card });
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(vitality(brute)).toBe(9);
  });
});

describe("Fading Suns: an item's transferred effect (the compendium's Blessed pilgrim's cloak)", () => {
  it("+1 to every goal: the sheet, the goal roll's odds and its card", async () => {
    // Observe: Perception 4 + Observe 4 = 8; the cloak's +1: 9. Outside combat 1-9 succeed: 45.0%.
    expect((await sheetSkills(erian)).find((s) => s.id === "observe")).toMatchObject({ goal: 8 });
    await wearCloak(erian);
    expect((await sheetSkills(erian)).find((s) => s.id === "observe")).toMatchObject({
      goal: 9,
      hint: { data: { goal: "9", success: "45.0%" } },
    });
    answerDialog({ characteristic: "perception", level: "standard" });
    fulfillment.push(9);
    await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
    expect(renderedWith("fading-suns/roll-dialog.hbs")).toMatchObject({ natural: 8, goal: 9 });
    // A 9 at goal 9 outside combat: a critical (a failure without the cloak).
    expect(goalCard(lastMessage()).data).toMatchObject({
      natural: 8,
      goal: 9,
      parts: [{ id: "effects", value: 1 }],
      outcome: "critical",
    });
  });

  it("+1 Defense on the wearer and +1 goal on its attacks; the GM's apply follows the cloak", async () => {
    // Erian's Defense 1 becomes 2; his best armor stays the synthsilk's 3 (the cloak's 1 does not stack).
    expect(derived(erian).defense).toBe(1);
    await wearCloak(erian);
    expect(derived(erian)).toMatchObject({ defense: 2, armor: 3 });
    // The brute's unarmed strike at Erian: Dexterity 4 + Fight 5 = 9, less Erian's Defense 2: 7.
    target(erian, "Erian");
    answerDialog({ fightAction: "strike" });
    fulfillment.push(8);
    await clickSheet(sheets, brute, "fsUnarmed");
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({
      defense: { own: 2, value: 2 },
      goal: 7,
      outcome: "failure",
    });
    // Erian's rapier with the cloak: 12 + 1 = 13, Defense 1: 12. A 12 is a critical, rerolled (a 2: +1 VP).
    target(brute, "Brute");
    answerDialog({ level: "standard", fightAction: "strike", targetCover: "none", group: "1" });
    fulfillment.push(12, 2);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(attackCard(attack)).toMatchObject({
      data: {
        goal: 13,
        parts: [
          { id: "weapon", value: 1 },
          { id: "effects", value: 1 },
        ],
        roll: 12,
        reroll: 2,
      },
      targets: [{ data: { goal: 12, outcome: "critical", hit: true, damage: 5 } }],
    });
    // The cloak comes off before the GM applies: goal 11 now, the 12 misses.
    await erian.deleteEmbeddedDocuments("Item", [erian.items.find((i) => i.name === CLOAK.name)!.id]);
    expect(derived(erian).defense).toBe(1);
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("The attack no longer hits Brute (goal 11 now).");
    expect(vitality(brute)).toBe(9);
  });

  it("eases the wound penalties and adds armor: the numbers the GM's apply reads", async () => {
    await bless(brute, [
      { key: "system.bonuses.wounds", type: "add", value: 2 },
      { key: "system.bonuses.armor", type: "add", value: 1 },
    ]);
    // The brute at 5 of 9: −2 eased by 2 is 0; the jerkin's 2 and the blessing's 1: armor 3.
    await brute.update({ "system.vitality.value": 5 });
    expect(derived(brute)).toMatchObject({ woundPenalty: 0, armor: 3 });
    // Rapier 12 against Defense 1: 11. An 8 hits for 5; armor 3 leaves 2 off 5: 3 left, −6 eased to −4.
    answerDialog({ level: "standard", fightAction: "strike", targetCover: "none", group: "1" });
    fulfillment.push(8);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ hit: true, damage: 5, armor: 3 });
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(vitality(brute)).toBe(3);
    expect(derived(brute).woundPenalty).toBe(-4);
  });
});
