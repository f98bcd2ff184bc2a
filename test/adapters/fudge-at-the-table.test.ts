import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import { fulfillment } from "../foundry/dice";
import type { StandInActor } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, loadFudgeWorld, target } from "../support/fudge-world";
import { cardData, press } from "../support/play";
import type { StandInMessage } from "../foundry/documents";
import type {
  FudgeAttackData,
  FudgeCheckData,
  FudgeResponseData,
  FudgeRow,
} from "../../src/rulesets/fudge/chat/card-data";

// Issue 29's FUDGE "missing" list through the real path: the sheet, the dialogs (scripted answers),
// the cards and the GM's apply, on the GM's client.

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

type Settings = { set(scope: string, key: string, value: unknown): Promise<unknown> };
const setSetting = (key: string, value: unknown) => (game.settings as unknown as Settings).set("anthology", key, value);

const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message;
const attackCard = (m: unknown) => cardData<FudgeAttackData, FudgeRow>(m);
const responseCard = (m: unknown) => cardData<FudgeResponseData, FudgeRow>(m);
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: Record<string, number> }).wounds;
const itemId = (a: StandInActor, name: string) => a.items.find((i) => i.name === name)!.id;

/** Mickey swings his broadsword at the bandit (scripted 4dF), and the bandit answers with `answer`'s choices. */
async function exchange(mine: number[], theirs: number[], answer: Record<string, string> = {}) {
  answerDialog({ stance: "normal" });
  fulfillment.push(...mine);
  await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
  const swing = lastMessage();
  answerDialog({ stance: "normal", weapon: itemId(bandit, "Shortsword"), ...answer });
  fulfillment.push(...theirs);
  await press(swing, "respond", 0);
  return { swing, answer: lastMessage() };
}

beforeAll(async () => {
  ({ record, sheets } = await loadFudgeWorld());
});

beforeEach(async () => {
  ({ mickey, bandit } = await fudgeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  target(bandit);
});

/** The character sheet's prepared context for an actor. */
async function sheetContext(actor: StandInActor) {
  const Sheet = sheets.FudgeActorSheet as unknown as new (o: object) => {
    _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  };
  const context = await new Sheet({ document: actor })._prepareContext({});
  return context.fudge as { wounds: Array<{ id: string; range: string }> };
}

describe("FUDGE sheet: the wound track reads the GM's wound table", () => {
  it('"The numbers above the wound levels represent the amount of damage needed in a single blow": the sheet shows the world\'s table', async () => {
    const ranges = async () => Object.fromEntries((await sheetContext(mickey)).wounds.map((w) => [w.id, w.range]));
    expect(await ranges()).toEqual({ scratch: "1–3", light: "4–6", major: "7–9", critical: "10–12", coma: "13+" });
    await setSetting("fudgeWoundTable", "1 scratch, 3 light, 5 major, 7 critical, 9 coma");
    try {
      expect(await ranges()).toEqual({ scratch: "1–2", light: "3–4", major: "5–6", critical: "7–8", coma: "9+" });
      // A table without a Coma line: the sheet shows a dash there.
      await setSetting("fudgeWoundTable", "1 scratch, 4 light, 7 major, 10 critical");
      expect((await ranges()).coma).toBe("—");
      // Nothing readable: the text's table.
      await setSetting("fudgeWoundTable", "lots of pain");
      expect((await ranges()).light).toBe("4–6");
    } finally {
      await setSetting("fudgeWoundTable", "1 scratch, 4 light, 7 major, 10 critical, 13 coma");
    }
  });
});

describe("FUDGE melee: choosing to defend only", () => {
  const TEXT =
    '"it is still an Opposed Action, but the defending character cannot hurt the other character even if he wins the combat round"';

  it(`${TEXT}: the defender's win hurts nobody, and the GM applies no blow back`, async () => {
    // Mickey (Good) rolls −1: Fair both ways. The bandit (Fair) rolls +2: Great both ways.
    const fighting = await exchange([1, 2, 2, 2], [3, 3, 2, 2]);
    expect(attackCard(fighting.swing).targets[0]!.data.result?.b).toMatchObject({ relativeDegree: 2, hits: true });
    // The same dice, the bandit only defending: his Great still stops Mickey's blow, and lands none.
    const { swing, answer } = await exchange([1, 2, 2, 2], [3, 3, 2, 2], { defendOnly: "on" });
    expect(responseCard(answer).data.choices.defendOnly).toBe(true);
    expect(attackCard(swing).targets[0]!.data.result).toMatchObject({
      a: { relativeDegree: -2, hits: false },
      b: { relativeDegree: 2, hits: false, wound: null },
    });
    await press(answer, "apply", 0);
    expect(lastNotice()).toContain("There is nothing to apply to Mickey");
    expect(Object.values(wounds(mickey)).every((n) => n === 0)).toBe(true);
  });

  it("refuses a card whose answer claims to fight back after rolling to defend only", async () => {
    const { answer } = await exchange([1, 2, 2, 2], [3, 3, 2, 2], { defendOnly: "on" });
    // The answer's author rewrites its card: fighting back, and hitting.
    const card = responseCard(answer);
    expect(card.data.result?.b?.hits).toBe(false);
    await answer.update({
      "flags.anthology.card.data": {
        ...card.data,
        choices: { ...card.data.choices, defendOnly: false },
        result: { ...card.data.result, b: { ...card.data.result!.b, hits: true, wound: "major" } },
      },
    });
    await press(answer, "apply", 0);
    expect(lastNotice()).toContain("rolled for something other than the card shows");
    expect(Object.values(wounds(mickey)).every((n) => n === 0)).toBe(true);
  });
});

describe("FUDGE ranged: a propelled missile is dodged at −2 or −3", () => {
  const TEXT =
    '"a propelled weapon, such as a bow, gun, or beam weapon, is much harder to avoid. In this case, reduce the defender\'s trait by -2 or -3"';

  /** Mickey looses his short bow (Dexterity Good) at the bandit, who dodges with Agility. */
  async function shot(mine: number[], dodge: number[], extra: Record<string, string> = {}) {
    answerDialog({ trait: "attribute:dexterity", range: "medium", ...extra });
    fulfillment.push(...mine);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Short bow" });
    const arrow = lastMessage();
    answerDialog({ trait: "attribute:agility" });
    fulfillment.push(...dodge);
    await press(arrow, "respond", 0);
    return { arrow, answer: lastMessage() };
  }

  it(`${TEXT}: the dialog's odds, the card and the GM's apply take the −3 the shooter chose`, async () => {
    const { attackDialogInput } = await import("../../src/rulesets/fudge/chat/flow");
    const { attackChoices, attackLine } = await import("../../src/rulesets/fudge/chat/dialog-form");
    const { dodgedOdds } = await import("../../src/rulesets/fudge/rules/odds");
    const bow = mickey.items.find((i) => i.name === "Short bow")!;
    const input = attackDialogInput(mickey as never, bow as never);
    const line = (penalty: string) =>
      attackLine(
        input,
        attackChoices(input, Object.entries({ trait: "attribute:dexterity", range: "medium", dodgePenalty: penalty })),
      ).data.chance;
    // Good + 4dF against the bandit's Fair Agility less 2 (or 3), reaching medium range's Fair.
    const pct = (p: number) => `${(Math.round(p * 1000) / 10).toFixed(1)}%`;
    expect(line("2")).toBe(pct(dodgedOdds(1, -2, 0)));
    expect(line("3")).toBe(pct(dodgedOdds(1, -3, 0)));
    // Good rolls 0: Good (1). The bandit dodges with +1: Good, less 3: Poor. Relative degree 3.
    const { arrow } = await shot([2, 2, 2, 2], [3, 2, 2, 2], { dodgePenalty: "3" });
    const card = attackCard(arrow);
    expect(card.data.choices.dodgePenalty).toBe(3);
    const { attackCardView } = await import("../../src/rulesets/fudge/chat/views");
    expect(attackCardView(card as never, { rollHtml: [] }).notes).toContainEqual({
      key: "ANTHOLOGY.Fudge.Card.dodgeThree",
      data: {},
    });
    // 2 × 3 + Build 1 + bow 0 + sharp 1 − leather 1 = 7: a Major Wound.
    expect(card.targets[0]!.data.result?.a).toMatchObject({
      offense: 1,
      defense: -2,
      relativeDegree: 3,
      hits: true,
      wound: "major",
    });
    await press(arrow, "apply", 0);
    expect(wounds(bandit).major).toBe(1);
  });

  it(`${TEXT}: −2 unless the shooter says −3, and nothing off a thrown weapon's dodge`, async () => {
    // The same dice at −2: relative degree 2, a Light Wound (2 × 2 + 1 + 1 − 1 = 5).
    const { arrow } = await shot([2, 2, 2, 2], [3, 2, 2, 2]);
    expect(attackCard(arrow).data.choices.dodgePenalty).toBe(2);
    expect(attackCard(arrow).targets[0]!.data.result?.a).toMatchObject({ defense: -1, relativeDegree: 2 });
    // A thrown knife is dodged at the dodger's full trait, whatever the form says.
    await mickey.createEmbeddedDocuments("Item", [
      { name: "Throwing knife", type: "fudge-weapon", system: { size: 0, sharp: true, ranged: true, skill: "" } },
    ]);
    answerDialog({ trait: "attribute:dexterity", range: "medium", dodgePenalty: "3" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Throwing knife" });
    const knife = lastMessage();
    expect(attackCard(knife).data.choices.dodgePenalty).toBe(2);
    answerDialog({ trait: "attribute:agility" });
    fulfillment.push(3, 2, 2, 2);
    await press(knife, "respond", 0);
    expect(attackCard(knife).targets[0]!.data.result?.a).toMatchObject({ defense: 1, relativeDegree: 0, hits: false });
  });
});

describe("FUDGE: opposed checks with a minimum, and an NPC's fewer dice", () => {
  /** Mickey rolls Agility opposed by the bandit; the bandit resists with `resist`'s choices. */
  async function contest(
    mine: number[],
    theirs: number[],
    check: Record<string, string>,
    resist: Record<string, string>,
  ) {
    answerDialog({ trait: "attribute:agility", difficulty: "opposed", ...check });
    fulfillment.push(...mine);
    await clickSheet(sheets, mickey, "fudgeCheck", { dataset: { attribute: "agility" } });
    const roll = lastMessage();
    answerDialog({ trait: "attribute:agility", ...resist });
    fulfillment.push(...theirs);
    await press(roll, "respond", 0);
    return { roll, answer: lastMessage() };
  }
  const row = (m: StandInMessage) => cardData<FudgeCheckData, FudgeRow>(m).targets[0]!.data.result!;

  it('"If the telepath only gets a Mediocre result, it doesn\'t matter if the intended victim rolls a Poor resistance: the attempt fails"', async () => {
    // Mickey (Good) rolls 0: Good. The bandit (Fair) rolls −1: Mediocre. He beats it by 2.
    const plain = await contest([2, 2, 2, 2], [1, 2, 2, 2], {}, {});
    expect(row(plain.roll).a).toMatchObject({ offense: 1, defense: -1, relativeDegree: 2, hits: true });
    // The same, needing Great at least: Good is not enough.
    const { roll } = await contest([2, 2, 2, 2], [1, 2, 2, 2], { minimum: "2" }, {});
    expect(cardData<FudgeCheckData, FudgeRow>(roll).data.minimum).toBe(2);
    expect(row(roll).a).toMatchObject({ relativeDegree: 2, hits: false });
    const { checkCardView } = await import("../../src/rulesets/fudge/chat/views");
    const view = checkCardView(cardData(roll) as never, { rollHtml: [] });
    expect(view.rows[0]!.outcomeKey).toBe("ANTHOLOGY.Fudge.Card.belowMinimum");
    expect(view.minimum).toMatchObject({ key: "ANTHOLOGY.Dice.Ladder.great" });
  });

  it('"the Storyteller rolls 1dF or 2dF when rolling for an NPC", or "assumes the NPC will always roll a 0"', async () => {
    const two = await contest([2, 2, 2, 2], [3, 3], {}, { dice: "2" });
    expect((two.answer.rolls[0] as { formula: string }).formula.replace(/\s/g, "")).toBe("2dF");
    // The bandit (Fair) rolls +2 on 2dF: Great, against Mickey's Good.
    expect(row(two.roll)).toMatchObject({ a: { offense: 1, defense: 2, hits: false }, responseTotal: 2 });
    expect(responseCard(two.answer).data.choices.dice).toBe(2);
    // No roll: the bandit's Fair Agility stands; Mickey's Good beats it by 1.
    const none = await contest([2, 2, 2, 2], [], {}, { dice: "0" });
    expect(none.answer.rolls[0]).toMatchObject({ formula: "0" });
    expect(row(none.roll)).toMatchObject({ a: { defense: 0, relativeDegree: 1, hits: true }, responseTotal: 0 });
  });

  it("refuses fewer dice from a character, or against an attack", async () => {
    const { postResponse } = await import("../../src/rulesets/fudge/chat/flow");
    // The bandit's check opposed by Mickey, who answers on 1dF: Mickey is no NPC.
    target(mickey);
    answerDialog({ trait: "attribute:agility", difficulty: "opposed" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, bandit, "fudgeCheck", { dataset: { attribute: "agility" } });
    const check = lastMessage();
    const choices = {
      trait: { kind: "attribute", id: "agility" },
      modifier: 0,
      stance: "normal",
      foes: 1,
      weapon: null,
      berserk: false,
      feint: false,
      pull: null,
      dice: 1,
    } as const;
    fulfillment.push(3);
    await postResponse(check as never, 0, mickey as never, choices);
    expect(lastNotice()).toContain("Only the GM may roll fewer than four dice");
    expect(cardData<FudgeCheckData, FudgeRow>(check).targets[0]!.data.result).toBeNull();
    // The bandit dodging Mickey's arrow on 2dF: an attack is no check.
    target(bandit);
    answerDialog({ trait: "attribute:dexterity", range: "medium" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Short bow" });
    const arrow = lastMessage();
    fulfillment.push(2, 2);
    await postResponse(arrow as never, 0, bandit as never, { ...choices, dice: 2 });
    expect(lastNotice()).toContain("Only the GM may roll fewer than four dice");
    expect(attackCard(arrow).targets[0]!.data.result).toBeNull();
    // Linked by hand (the row pointed at that 2dF answer), it is refused at Apply too: in an attack
    // the GM's apply has the defender answer on 4dF only, as the outcome odds assume.
    const answer = lastMessage();
    expect(responseCard(answer).data.choices.dice).toBe(2);
    const rows = attackCard(arrow).targets.map((t) => ({
      ...t,
      data: {
        ...t.data,
        result: {
          a: { offense: 0, defense: 0, hits: true, relativeDegree: 1, damage: 1, graze: true, wound: "scratch" },
          b: null,
          standOff: false,
          response: answer.id,
          responseTotal: 2,
        },
      },
    }));
    await arrow.update({ "flags.anthology.card.targets": rows });
    record.notifications.length = 0;
    expect(await press(arrow, "apply", 0)).toBe(false);
    expect(lastNotice()).toContain("Only the GM may roll fewer than four dice");
    expect(wounds(bandit)).toEqual({ scratch: 0, light: 0, major: 0, critical: 0, coma: 0 });
  });
});

describe("FUDGE mass battles: the leader's Tactics roll", () => {
  const TEXT =
    '"A leader of a combat unit is allowed an opposed Tactics (or Leadership) roll against the opposing unit\'s leader. The winner gets a +1 level bonus to all rolls during the combat at hand."';
  const tactics = (a: StandInActor) => (a.system as unknown as { tactics?: number }).tactics ?? 0;

  beforeEach(async () => {
    await mickey.createEmbeddedDocuments("Item", [{ name: "Tactics", type: "fudge-skill", system: { level: 1 } }]);
    await bandit.createEmbeddedDocuments("Item", [{ name: "Leadership", type: "fudge-skill", system: { level: 0 } }]);
  });

  /** Mickey's Tactics roll from his sheet against the bandit leader, who answers with Leadership. */
  async function tacticsRoll(mine: number[], theirs: number[], roll: Record<string, string> = {}) {
    answerDialog(roll);
    fulfillment.push(...mine);
    await clickSheet(sheets, mickey, "fudgeTactics");
    const check = lastMessage();
    answerDialog({});
    fulfillment.push(...theirs);
    await press(check, "respond", 0);
    return { check, answer: lastMessage() };
  }

  it(`${TEXT}: the winning leader gets +1 on every later roll, with Undo`, async () => {
    // Mickey's Good Tactics rolls +1: Great. The bandit's Fair Leadership rolls 0: Fair. Mickey wins.
    const { check, answer } = await tacticsRoll([3, 2, 2, 2], [2, 2, 2, 2]);
    const data = cardData<FudgeCheckData, FudgeRow>(check).data;
    expect(data).toMatchObject({ tactics: true, difficulty: null, traitName: "Tactics" });
    expect(responseCard(answer).data.traitName).toBe("Leadership");
    expect(cardData<FudgeCheckData, FudgeRow>(check).targets[0]!.data.result?.a).toMatchObject({
      relativeDegree: 2,
      hits: true,
    });
    // The bonus is the roller's: applied from the answer's row, which names him.
    await press(check, "apply", 0);
    expect(tactics(bandit)).toBe(0);
    await press(answer, "apply", 0);
    expect(tactics(mickey)).toBe(1);
    // All his rolls: a Build check is Good + 1.
    target();
    answerDialog({ trait: "attribute:build", difficulty: "0" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeCheck", { dataset: { attribute: "build" } });
    expect((lastMessage().rolls[0] as { formula: string }).formula.replace(/\s/g, "")).toBe("4dF+2");
    await press(answer, "undo", 0);
    expect(tactics(mickey)).toBe(0);
    // The combat at hand ends after the battle.
    await mickey.update({ "system.tactics": 1 });
    await clickSheet(sheets, mickey, "fudgeAfterBattle");
    expect(tactics(mickey)).toBe(0);
  });

  it(`${TEXT}: the other leader's win is applied on the roll's row`, async () => {
    // Mickey rolls −2: Poor. The bandit rolls +1: Good.
    const { check, answer } = await tacticsRoll([1, 1, 2, 2], [3, 2, 2, 2]);
    await press(answer, "apply", 0);
    expect(tactics(mickey)).toBe(0);
    await press(check, "apply", 0);
    expect(tactics(bandit)).toBe(1);
  });

  it("needs a target, and refuses a roll made with another trait", async () => {
    target();
    await clickSheet(sheets, mickey, "fudgeTactics");
    expect(lastNotice()).toContain("target their token first");
    target(bandit);
    const { answer } = await tacticsRoll([3, 3, 3, 3], [1, 1, 1, 1], { trait: "attribute:build" });
    await press(answer, "apply", 0);
    expect(lastNotice()).toContain("not a leader's Tactics");
    expect(tactics(mickey)).toBe(0);
  });
});
