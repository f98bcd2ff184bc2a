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
