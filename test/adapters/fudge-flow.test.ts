import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import type {
  FudgeAttackData,
  FudgeCheckData,
  FudgeResponseData,
  FudgeRow,
} from "../../src/rulesets/fudge/chat/card-data";
import type { FudgeAppliedSummary } from "../../src/rulesets/fudge/chat/views";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, loadFudgeWorld, target } from "../support/fudge-world";
import { canPress, cardData, press } from "../support/play";

// The GM's client: FUDGE's buttons pressed on the sheet and on the cards, with the dice scripted
// through Foundry's dice fulfillment (a Fudge die's faces 1, 2, 3 read −1, 0, +1).

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

const lastMessage = () => record.messages.at(-1) as StandInMessage;
const attackCard = (m: unknown) => cardData<FudgeAttackData, FudgeRow>(m);
const responseCard = (m: unknown) => cardData<FudgeResponseData, FudgeRow>(m);
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: Record<string, number> }).wounds;
const statuses = (a: StandInActor) => [...(a as unknown as { statuses: Set<string> }).statuses];
const lastNotice = () => record.notifications.at(-1)?.message;
const itemId = (a: StandInActor, name: string) => a.items.find((i) => i.name === name)!.id;

beforeAll(async () => {
  ({ record, sheets } = await loadFudgeWorld());
});

beforeEach(async () => {
  ({ mickey, bandit } = await fudgeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  target(bandit);
});

/** Mickey swings his broadsword at the bandit (scripted 4dF), then the bandit answers (scripted too). */
async function exchange(
  mine: number[],
  theirs: number[],
  attack: Record<string, string> = {},
  location: number[] = [],
) {
  answerDialog({ stance: "normal", ...attack });
  fulfillment.push(...mine, ...location);
  await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
  const swing = lastMessage();
  answerDialog({ stance: "normal", weapon: itemId(bandit, "Shortsword") });
  fulfillment.push(...theirs);
  await press(swing, "respond", 0);
  return { swing, answer: lastMessage() };
}

describe("FUDGE melee: both fighters roll once, both can hit", () => {
  it("judges the exchange on both cards once the defender answers, and applies the wound once", async () => {
    // Mickey, Good with the sword, rolls +2: Great (3). The bandit, Fair, rolls −1: Mediocre (−1).
    const { swing, answer } = await exchange([3, 3, 2, 2], [2, 2, 2, 1]);
    expect(attackCard(swing).targets[0]!.data.result).toMatchObject({
      a: { offense: 3, defense: -1, relativeDegree: 4, hits: true, damage: 11, wound: "critical" },
      b: { offense: -1, defense: 3, relativeDegree: -4, hits: false },
      response: answer.id,
      responseTotal: -1,
    });
    // 2 × 4 + Build 1 + broadsword 2 + sharp 1 = 12, less leather 1: 11, a Critical Wound.
    expect(responseCard(answer).data.result?.a.wound).toBe("critical");
    await press(swing, "apply", 0);
    expect(wounds(bandit)).toMatchObject({ critical: 1, major: 0 });
    expect((attackCard(swing).targets[0]!.applied?.summary as unknown as FudgeAppliedSummary).marked).toBe("critical");
    // Applied once: a second press changes nothing.
    await press(swing, "apply", 0);
    expect(wounds(bandit).critical).toBe(1);
    // The bandit's next roll is at −3.
    expect((bandit.system as unknown as { woundPenalty: number }).woundPenalty).toBe(-3);
    await press(swing, "undo", 0);
    expect(wounds(bandit).critical).toBe(0);
  });

  it('"On a relative degree of 0, the combat round is a stand-off": a tie wounds nobody', async () => {
    // Mickey (Good) rolls 0: Good both ways. The bandit (Fair) rolls +1: Good both ways. 0 and 0.
    const { swing, answer } = await exchange([2, 2, 2, 2], [3, 2, 2, 2]);
    expect(attackCard(swing).targets[0]!.data.result).toMatchObject({
      a: { relativeDegree: 0, hits: false },
      b: { relativeDegree: 0, hits: false },
      standOff: true,
    });
    await press(swing, "apply", 0);
    await press(answer, "apply", 0);
    expect(wounds(bandit)).toMatchObject({ scratch: 0, light: 0, major: 0 });
    expect(wounds(mickey)).toMatchObject({ scratch: 0, light: 0, major: 0 });
  });

  it("applies both blows of one exchange against the wounds each fighter had before it", async () => {
    // Violent Mickey rolls 0: offense 3, defense −1. The bandit rolls +1: offense 1, defense 1.
    const { swing, answer } = await exchange([2, 2, 2, 2], [3, 2, 2, 2], { stance: "violent" });
    const result = attackCard(swing).targets[0]!.data.result!;
    expect(result.a).toMatchObject({ relativeDegree: 2, damage: 7, wound: "major" });
    // Shortsword: 2 × 2 + medium 1 + sharp 1 = 6 on bare Fair Health: a Light Wound.
    expect(result.b).toMatchObject({ relativeDegree: 2, damage: 6, wound: "light" });
    await press(swing, "apply", 0);
    expect(wounds(bandit).major).toBe(1);
    // The bandit's blow back is worked out without the Major he took in the same exchange.
    await press(answer, "apply", 0);
    expect(record.notifications.map((n) => n.message)).toEqual([]);
    expect(wounds(mickey).light).toBe(1);
    await press(answer, "undo", 0);
    expect(wounds(mickey).light).toBe(0);
  });

  it("refuses a hit a card's author writes in: the GM works the exchange out again", async () => {
    const { swing } = await exchange([2, 2, 2, 1], [3, 3, 2, 2]);
    const row = attackCard(swing).targets[0]!;
    expect(row.data.result?.a.hits).toBe(false);
    await swing.update({
      "flags.anthology.card.targets": [
        {
          ...row,
          data: {
            ...row.data,
            result: { ...row.data.result, a: { ...row.data.result!.a, hits: true, wound: "coma" } },
          },
        },
      ],
    });
    await press(swing, "apply", 0);
    expect(wounds(bandit)).toMatchObject({ coma: 0, critical: 0, major: 0, light: 0, scratch: 0 });
    expect(lastNotice()).toContain("No blow landed");
  });

  it("stuns instead of wounding when the attacker goes for a stun", async () => {
    // +1 against −1 (rolled 0 and −1): relative degree 2, damage 2 × 2 + 1 + 3 − 1 = 7, a Major: Very Stunned.
    const { swing } = await exchange([2, 2, 2, 2], [2, 2, 2, 1], { stun: "on" });
    await press(swing, "apply", 0);
    expect(wounds(bandit).major).toBe(0);
    expect((bandit.system as unknown as { stunned: number }).stunned).toBe(2);
    expect(statuses(bandit)).toContain("stun");
    expect((attackCard(swing).targets[0]!.applied?.summary as unknown as FudgeAppliedSummary).stun).toBe("veryStunned");
  });
});

describe("FUDGE: a Stun result stays on the sheet", () => {
  it('"a second Stun result, even if delivered more than one combat round after the first, will cause the character to become Very Stunned"', async () => {
    const stun = () => bandit.system as unknown as { stunned: number; stunTaken: boolean };
    // Degree 2, damage 7 (a Major), pulled to a Light: a Stun.
    const first = await exchange([2, 2, 2, 2], [2, 2, 2, 1], { stun: "on", pull: "light" });
    await press(first.swing, "apply", 0);
    expect(stun()).toMatchObject({ stunned: 1, stunTaken: true });
    // Its round is over: the GM clears the stun; the Stun result stays.
    await clickSheet(sheets, bandit, "fudgeClearStun");
    expect(stun()).toMatchObject({ stunned: 0, stunTaken: true });
    expect(statuses(bandit)).not.toContain("stun");
    // A second Light stun in the same fight: Very Stunned.
    const second = await exchange([2, 2, 2, 2], [2, 2, 2, 1], { stun: "on", pull: "light" });
    await press(second.swing, "apply", 0);
    expect(stun()).toMatchObject({ stunned: 2, stunTaken: true });
    expect((attackCard(second.swing).targets[0]!.applied?.summary as unknown as FudgeAppliedSummary).stun).toBe(
      "veryStunned",
    );
    // "Stun results heal like Scratches: after combat is over."
    await clickSheet(sheets, bandit, "fudgeAfterBattle");
    expect(stun()).toMatchObject({ stunned: 0, stunTaken: false });
  });
});

describe("FUDGE ranged attacks and checks", () => {
  it("judges a shot at an unaware target at once against the range's difficulty", async () => {
    // Dexterity Good rolls 0: Good against close range's Mediocre: relative degree 2 + 1 = 3.
    // 2 × 3 + Build 1 + bow 0 + sharp 1 = 8, less leather 1: 7, a Major Wound.
    answerDialog({ trait: "attribute:dexterity", unopposed: "on", range: "close" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Short bow" });
    const shot = lastMessage();
    expect(attackCard(shot).targets[0]!.data).toMatchObject({
      opposed: false,
      result: { a: { hits: true, relativeDegree: 3, damage: 7, wound: "major" }, b: null },
    });
    await press(shot, "apply", 0);
    expect(wounds(bandit).major).toBe(1);
  });

  it('"Target in medium range = Fair", "Target is obscured by cover = -1": the dialog shows 61.7% and the GM judges the same shot', async () => {
    const { attackDialogInput } = await import("../../src/rulesets/fudge/chat/flow");
    const { attackChoices, attackLine } = await import("../../src/rulesets/fudge/chat/dialog-form");
    const bow = mickey.items.find((i) => i.name === "Short bow")!;
    // A Good archer (Dexterity) at medium range, the target covered and unaware; the extreme select reads Great.
    const answer = { trait: "attribute:dexterity", range: "medium", difficulty: "2", cover: "on", unopposed: "on" };
    const input = attackDialogInput(mickey as never, bow as never);
    const line = attackLine(input, attackChoices(input, Object.entries(answer)));
    expect(line.data.chance).toBe("61.7%");
    // The same shot rolled through the sheet: 0 on 4dF, Good − 1 = Fair, a bare hit (a graze).
    answerDialog(answer);
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Short bow" });
    const shot = lastMessage();
    expect(attackCard(shot).data.choices).toMatchObject({ range: "medium", difficulty: 0, cover: true });
    expect(attackCard(shot).targets[0]!.data.result).toMatchObject({
      a: { offense: 0, defense: 0, hits: true, relativeDegree: 1, graze: true },
    });
    await press(shot, "apply", 0);
    expect(wounds(bandit).scratch).toBe(1);
  });

  it("rolls a check against a difficulty, wounds lowering it", async () => {
    await mickey.update({ "system.wounds.light": 1 });
    target();
    answerDialog({ trait: "attribute:build", difficulty: "1" });
    fulfillment.push(3, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeCheck", { dataset: { attribute: "build" } });
    const check = lastMessage();
    // Good Build −1 for the Light Wound, rolled +1: Good against Good, a success.
    expect((check.rolls[0] as { formula: string }).formula.replace(/\s/g, "")).toBe("4dF");
    expect(cardData<FudgeCheckData, FudgeRow>(check).data).toMatchObject({
      level: 1,
      penalty: -1,
      difficulty: 1,
      total: 1,
    });
  });

  it("sets an opposed check against each target's own roll on the same card", async () => {
    answerDialog({ trait: "attribute:agility", difficulty: "opposed" });
    fulfillment.push(3, 3, 2, 2);
    await clickSheet(sheets, mickey, "fudgeCheck", { dataset: { attribute: "agility" } });
    const check = lastMessage();
    answerDialog({ trait: "attribute:agility" });
    fulfillment.push(3, 2, 2, 2);
    await press(check, "respond", 0);
    // Good +2 = Superb against Fair +1 = Good: Mickey wins by 2.
    expect(cardData<FudgeCheckData, FudgeRow>(check).targets[0]!.data.result).toMatchObject({
      a: { offense: 3, defense: 1, relativeDegree: 2, hits: true },
      responseTotal: 1,
    });
    // One answer per row: the button is spent.
    expect(canPress(check, "respond", 0)).toBe(false);
  });
});

describe("FUDGE sheet: the wound track and healing", () => {
  it("marks and clears boxes, and heals by levels", async () => {
    await clickSheet(sheets, mickey, "fudgeWound", { dataset: { wound: "light", index: "0" } });
    await clickSheet(sheets, mickey, "fudgeWound", { dataset: { wound: "major", index: "0" } });
    expect(wounds(mickey)).toMatchObject({ light: 1, major: 1 });
    await clickSheet(sheets, mickey, "fudgeWound", { dataset: { wound: "major", index: "0" } });
    expect(wounds(mickey).major).toBe(0);
    await clickSheet(sheets, mickey, "fudgeWound", { dataset: { wound: "major", index: "0" } });
    await clickSheet(sheets, mickey, "fudgeHeal", { dataset: { levels: "1" } });
    expect(wounds(mickey)).toMatchObject({ scratch: 1, light: 1, major: 0 });
    await clickSheet(sheets, mickey, "fudgeAfterBattle");
    expect(wounds(mickey)).toMatchObject({ scratch: 0, light: 1 });
  });
});

describe("FUDGE: each wound's true level", () => {
  it('"make a note that it was in fact only a Light Wound ... This will affect your healing": three Light wounds heal as Light', async () => {
    const truth = () => (bandit.system as unknown as { trueWounds: Record<string, string> }).trueWounds;
    // Two Light boxes marked on the sheet, then a blow pulled to a Light wound: the Major box, noted Light.
    await clickSheet(sheets, bandit, "fudgeWound", { dataset: { wound: "light", index: "1" } });
    const { swing } = await exchange([2, 2, 2, 2], [2, 2, 2, 1], { pull: "light" });
    await press(swing, "apply", 0);
    expect(wounds(bandit)).toMatchObject({ light: 2, major: 1 });
    expect(truth()).toMatchObject({ light: "light,light", major: "light" });
    expect((attackCard(swing).targets[0]!.applied?.summary as unknown as FudgeAppliedSummary).marked).toBe("major");
    // A week of rest: each heals one level from what it truly was, three Scratches.
    await clickSheet(sheets, bandit, "fudgeHeal", { dataset: { levels: "1" } });
    expect(wounds(bandit)).toMatchObject({ scratch: 3, light: 0, major: 0 });
    expect(truth()).toMatchObject({ scratch: "scratch,scratch,scratch", light: "", major: "" });
    expect(wounds(bandit)).toMatchObject({ scratch: 3, light: 0, major: 0, critical: 0, coma: 0 });
  });

  it("undoes the note with the box", async () => {
    const truth = () => (bandit.system as unknown as { trueWounds: Record<string, string> }).trueWounds;
    await clickSheet(sheets, bandit, "fudgeWound", { dataset: { wound: "light", index: "1" } });
    const { swing } = await exchange([2, 2, 2, 2], [2, 2, 2, 1], { pull: "light" });
    await press(swing, "apply", 0);
    expect(truth().major).toBe("light");
    await press(swing, "undo", 0);
    expect(wounds(bandit).major).toBe(0);
    // Back to no note (blank, or null where the field was never stored).
    expect(truth().major || "").toBe("");
  });
});

describe("FUDGE volleys, mass battles and hit locations", () => {
  it("looses a skilled archer's volley as one card per arrow, each at Fair, and refuses more arrows than the skill", async () => {
    // Good Dexterity allows 2 arrows a round at Fair.
    answerDialog({ trait: "attribute:dexterity", unopposed: "on", range: "medium", arrows: "2" });
    fulfillment.push(3, 2, 2, 2, 2, 2, 2, 1);
    const before = record.messages.length;
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Short bow" });
    const cards = record.messages.slice(before) as StandInMessage[];
    expect(cards).toHaveLength(2);
    // Fair +1 reaches medium range's Fair; Fair −1 does not.
    expect(cards.map((c) => attackCard(c).data.level)).toEqual([0, 0]);
    expect(cards.map((c) => attackCard(c).targets[0]!.data.result?.a.hits)).toEqual([true, false]);
    answerDialog({ trait: "attribute:dexterity", unopposed: "on", arrows: "3" });
    const count = record.messages.length;
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Short bow" });
    // The dialog offers at most the skill's arrows: 3 asked, 2 loosed.
    expect(record.messages.length - count).toBe(2);
  });

  it("fights a mass battle: units roll skill + relative Scale, the loser takes the wound as losses", async () => {
    await mickey.update({ "system.unitSize": 30 });
    await bandit.update({ "system.unitSize": 10 });
    // Mickey's 30 (+7) against the bandit's 10 (+5): +2. Good + 2 + 0 = 3 against Fair + 0 = 0.
    const { swing } = await exchange([2, 2, 2, 2], [2, 2, 2, 2], { mass: "on", location: "on" }, [2, 2, 2, 2]);
    const row = attackCard(swing).targets[0]!;
    // Relative degree 3 + broadsword 3 = 6: a Light Wound, a quarter of the bandits.
    expect(row.data.result?.a).toMatchObject({ offense: 3, defense: 0, hits: true, damage: 6, wound: "light" });
    expect(attackCard(swing).data.location).toBe("abdomen");
    await press(swing, "apply", 0);
    expect(wounds(bandit).light).toBe(1);
  });
});

describe("FUDGE: a lone fighter against several foes", () => {
  /** Mickey swings at two bandits at once; each answers with its own roll (sums of 4dF given). */
  async function againstTwo(first: number[], second: number[]) {
    const { bandit: other } = await fudgeActors();
    target(bandit, other);
    answerDialog({ stance: "normal" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const swing = lastMessage();
    for (const [row, foe, faces] of [
      [0, bandit, first],
      [1, other, second],
    ] as const) {
      answerDialog({ stance: "normal", weapon: foe.items.find((i) => i.name === "Shortsword")!.id });
      fulfillment.push(...faces);
      await press(swing, "respond", row);
    }
    return { swing, other };
  }

  it("wounds one foe a round, and only when every foe was beaten or tied", async () => {
    // Mickey's Good 1 against defenses −1 and −2: he beat both (by 2 and 3); one wound only.
    const { swing, other } = await againstTwo([2, 2, 2, 1], [2, 2, 1, 1]);
    await press(swing, "apply", 0);
    // 2 × 2 + Build 1 + broadsword 3 − leather 1 = 7: a Major Wound.
    expect(wounds(bandit)).toMatchObject({ major: 1 });
    await press(swing, "apply", 1);
    expect(lastNotice()).toContain("one foe a round");
    expect(Object.values(wounds(other)).every((n) => n === 0)).toBe(true);
  });

  it("lands no blow when one foe out-rolled him", async () => {
    // Against −1 and +2: the second foe's defense beats his offense, so the first one is not wounded either.
    const { swing } = await againstTwo([2, 2, 2, 1], [3, 3, 2, 2]);
    await press(swing, "apply", 0);
    expect(lastNotice()).toContain("every foe was beaten or tied");
    expect(Object.values(wounds(bandit)).every((n) => n === 0)).toBe(true);
  });
});

describe("FUDGE: the GM's tables", () => {
  it("applies a wound from the world's wound table", async () => {
    await (game.settings as unknown as { set(s: string, k: string, v: unknown): Promise<unknown> }).set(
      "anthology",
      "fudgeWoundTable",
      "1 scratch, 3 light, 5 major, 7 critical, 9 coma",
    );
    try {
      // The first exchange again: damage 11, Coma on this harsher table.
      const { swing } = await exchange([3, 3, 2, 2], [2, 2, 2, 1]);
      expect(attackCard(swing).targets[0]!.data.result?.a).toMatchObject({ damage: 11, wound: "coma" });
      await press(swing, "apply", 0);
      expect(wounds(bandit).coma).toBe(1);
    } finally {
      await (game.settings as unknown as { set(s: string, k: string, v: unknown): Promise<unknown> }).set(
        "anthology",
        "fudgeWoundTable",
        "1 scratch, 4 light, 7 major, 10 critical, 13 coma",
      );
    }
  });
});

describe("FUDGE: a stunned fighter", () => {
  it('"a stunned character cannot attack or change his combat stance": the Defend dialog keeps the sheet\'s stance', async () => {
    await bandit.update({ "system.stunned": 1, "system.stance": "defensive" });
    answerDialog({ stance: "normal" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const swing = lastMessage();
    // The bandit's owner asks for the violent stance: the dialog offers none but the one he holds.
    answerDialog({ stance: "violent", weapon: itemId(bandit, "Shortsword") });
    fulfillment.push(2, 2, 2, 2);
    await press(swing, "respond", 0);
    const answer = lastMessage();
    expect(responseCard(answer).data.choices.stance).toBe("defensive");
    expect(attackCard(swing).targets[0]!.data.result?.response).toBe(answer.id);
  });

  it("cannot attack, and defends without hurting, at −1 (Very Stunned: −2)", async () => {
    await mickey.update({ "system.stunned": 1 });
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    expect(lastNotice()).toContain("is stunned and cannot attack");
    await mickey.update({ "system.stunned": 0 });
    await bandit.update({ "system.stunned": 1 });
    // Mickey rolls 0 (offense 1); the stunned bandit rolls +2: defense 0 + 2 − 1 = 1, offense 1 against
    // Mickey's defense 1: no blow back, and a stand-off between them.
    const { swing } = await exchange([2, 2, 2, 2], [3, 3, 2, 2]);
    expect(attackCard(swing).targets[0]!.data.result).toMatchObject({
      a: { offense: 1, defense: 1, hits: false },
      b: { hits: false },
    });
  });
});
