import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fading-suns/sheets";
import { changesData } from "../../src/foundry/effects";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, fadingSunsActors, loadFadingSunsWorld } from "../support/fading-suns-world";
import { cardData, press } from "../support/play";

// Issue 30: `system.bonuses.goal` reaches the fight actions' contests (knockdown, grapple) and
// follow-ups (knock-out, disarm): their cards show it as an Effects part, and the GM judges them again
// with the goal as the roller stands at apply. The GM's client, the d20s scripted. Erian: Strength 7,
// Fight 4, Dexterity 6; the brute: Dexterity 4, Endurance 4, Vigor 3, a jerkin of armor 2.

let record: StandInRecord;
let sheets: typeof Sheets;
let erian: StandInActor;
let brute: StandInActor;

const RAPIER = "Rapier <b>fine</b>";
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message ?? "";
const statuses = (actor: StandInActor) => [...((actor as unknown as { statuses: Set<string> }).statuses ?? [])];
const rendered = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data;
type EffectDoc = { delete(): Promise<unknown> };

/** A "Blessed" effect adding `goal` to every goal roll of `actor`. */
async function bless(actor: StandInActor, goal: number): Promise<EffectDoc> {
  const [effect] = await actor.createEmbeddedDocuments("ActiveEffect", [
    { name: "Blessed", ...changesData([{ key: "system.bonuses.goal", type: "add", value: goal }]) },
  ]);
  return effect as unknown as EffectDoc;
}

/** Erian's applied fight action on the brute with the rapier (a 3 or 4 hits), the row on record. */
async function appliedHit(fightAction: string, face: number): Promise<StandInMessage> {
  target(brute, "Brute");
  answerDialog({ fightAction });
  fulfillment.push(face);
  await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
  const attack = lastMessage();
  expect(await press(attack, "apply", 0)).toBe(true);
  return attack;
}

beforeAll(async () => {
  ({ record, sheets } = await loadFadingSunsWorld());
});

beforeEach(async () => {
  (game as unknown as { combats: Map<string, unknown> }).combats.clear();
  (game as unknown as { combat: unknown }).combat = null;
  ({ erian, brute } = await fadingSunsActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
});

describe("Fading Suns: an effect's goal bonus in a knockdown's contest", () => {
  it("Erian's Strength + Fight 11 becomes 13: a 12 succeeds, the card names the effects, and the GM knocks the brute down", async () => {
    const attack = await appliedHit("knockdown", 4);
    await bless(erian, 2);
    // 7 + 4 = 11, the blessing +2: 13. A 12 succeeds (without it, a failure).
    fulfillment.push(12);
    await press(attack, "contest", 0);
    const push = lastMessage();
    expect(cardData(push).data).toMatchObject({
      side: "attacker",
      natural: 11,
      parts: [{ id: "effects", value: 2 }],
      goal: 13,
      roll: 12,
      outcome: "success",
    });
    expect(rendered("fading-suns/knockdown-card.hbs")).toMatchObject({
      parts: [{ key: "ANTHOLOGY.FadingSuns.Part.effects", value: "+2" }],
    });
    // The brute answers: Dexterity 4 + Vigor 3 = 7; a 2 is 1 VP, fewer than Erian's.
    fulfillment.push(2);
    await press(push, "answer", 0);
    expect(cardData(lastMessage()).data).toMatchObject({ side: "defender", goal: 7, parts: [] });
    expect(await press(push, "apply", 0)).toBe(true);
    expect(statuses(brute)).toContain("prone");
  });

  it("the GM judges the contest with the attacker as they stand: the blessing gone, the 12 fails and the brute keeps its footing", async () => {
    const attack = await appliedHit("knockdown", 4);
    const blessing = await bless(erian, 2);
    fulfillment.push(12);
    await press(attack, "contest", 0);
    const push = lastMessage();
    expect(cardData(push).data).toMatchObject({ goal: 13, outcome: "success" });
    fulfillment.push(2);
    await press(push, "answer", 0);
    await blessing.delete();
    expect(await press(push, "apply", 0)).toBe(false);
    expect(lastNotice()).toContain("keeps their footing");
    expect(statuses(brute)).not.toContain("prone");
  });

  it("the defender's blessing counts on its side of a grapple's contest (Strength + Vigor)", async () => {
    const attack = await appliedHit("grapple", 3);
    await bless(brute, 3);
    // Erian: Strength 7 + Vigor; the brute answers with Strength + Vigor and the blessing's +3.
    fulfillment.push(1);
    await press(attack, "contest", 0);
    const grapple = lastMessage();
    expect(cardData(grapple).data).toMatchObject({ action: "grapple", side: "attacker", parts: [] });
    fulfillment.push(1);
    await press(grapple, "answer", 0);
    const answer = cardData(lastMessage()).data as { natural: number; parts: unknown[]; goal: number };
    expect(answer.parts).toEqual([{ id: "effects", value: 3 }]);
    expect(answer.goal).toBe(answer.natural + 3);
  });
});

describe("Fading Suns: an effect's goal bonus in a knock-out's follow-up", () => {
  /** A knock-out with the rapier: DMG 5 against the jerkin's 2 takes 3 Vitality. */
  const knockOut = () => appliedHit("knockOut", 3);

  it("Endurance 4 + Vigor 3 − 3 damage = 4, the blessing +2: 6; a 5 stays conscious, and the card names the effects", async () => {
    await bless(brute, 2);
    const attack = await knockOut();
    fulfillment.push(5);
    await press(attack, "resist", 0);
    const resist = lastMessage();
    expect(cardData(resist).data).toMatchObject({
      action: "knockOut",
      damage: 3,
      natural: 7,
      parts: [
        { id: "effects", value: 2 },
        { id: "damageDone", value: -3 },
      ],
      goal: 6,
      roll: 5,
      outcome: "success",
    });
    expect(rendered("fading-suns/resist-card.hbs")).toMatchObject({
      parts: [
        { key: "ANTHOLOGY.FadingSuns.Part.effects", value: "+2" },
        { key: "ANTHOLOGY.FadingSuns.Part.damageDone", value: "-3" },
      ],
    });
    expect(statuses(brute)).not.toContain("unconscious");
  });

  it("rolled without the blessing (5 against 4, a failure), then blessed: the GM judges 5 against 6 and refuses", async () => {
    const attack = await knockOut();
    fulfillment.push(5);
    await press(attack, "resist", 0);
    const resist = lastMessage();
    expect(cardData(resist).data).toMatchObject({ goal: 4, roll: 5, outcome: "failure" });
    await bless(brute, 2);
    expect(await press(resist, "apply", 0)).toBe(false);
    expect(statuses(brute)).not.toContain("unconscious");
    // The blessing gone again, the same card applies: unconscious.
    const blessing = (brute as unknown as { effects: { contents: EffectDoc[] } }).effects.contents[0]!;
    await blessing.delete();
    expect(await press(resist, "apply", 0)).toBe(true);
    expect(statuses(brute)).toContain("unconscious");
  });
});
