import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { builtRoll, forgedMessage } from "../support/forge";
import { kiraSystem } from "../support/opend6-fixtures";
import { loadOpenD6World } from "../support/opend6-world";
import { as } from "../support/play";
import {
  answerAs,
  connectPlayers,
  lastView,
  notices,
  postRequest,
  requestActors,
  requestRows,
  requestView,
  resultsCopy,
  sendAnswer,
} from "../support/requests";

// A GM's roll request in OpenD6 (issue 30): Physique against 10 asked of Kira (p1's, 3D) and Bo
// (p2's, 2D); each rolls from the card through the check dialog (Wild Die last); the GM reads each
// answer again as the sheet gives it, its points paid, and writes the total and its success.

let record: StandInRecord;
let kira: StandInActor;
let bo: StandInActor;

const points = (a: StandInActor) => (a.system as unknown as { characterPoints: number }).characterPoints;

beforeAll(async () => {
  ({ record } = await loadOpenD6World());
  connectPlayers();
});

beforeEach(async () => {
  [kira, bo] = await requestActors(
    record,
    { name: "Kira", type: "opend6-character", system: kiraSystem },
    {
      name: "Bo <i>Big</i>",
      type: "opend6-character",
      system: { ...kiraSystem, attributes: { ...kiraSystem.attributes, physique: "2D" } },
    },
  );
});

async function answer(userId: string, request: StandInMessage, row: number, faces: number[], form = {}) {
  answerDialog({ difficulty: "10", actions: "1", ...form });
  fulfillment.push(...faces);
  return answerAs(record, userId, request, row);
}

describe("an OpenD6 roll request answered by two players", () => {
  it("gathers each answer on the request, read again by the GM", async () => {
    const request = await postRequest({ actors: [kira, bo], choice: "attribute:physique", difficulty: 10 });
    // Kira: 4, 4 and the Wild Die 4 = 12 meets 10.
    await answer("p1", request, 0, [4, 4, 4]);
    expect(lastView<{ difficulty: unknown }>(record, "opend6/roll-dialog.hbs").difficulty).toBe(10);
    // Bo: 2 and the Wild Die 3 = 5.
    await answer("p2", request, 1, [2, 3]);
    expect(requestRows(request)).toMatchObject([
      { applied: { by: "p1", summary: { total: 12, success: true } } },
      { applied: { by: "p2", summary: { total: 5, success: false } } },
    ]);
    expect((await requestView(request)).rows.map((r) => r.result?.text)).toEqual([
      "success against 10",
      "failure against 10",
    ]);
  });

  it("reads an answer through its very card kind: another rule set's kind of the same id is not it", async () => {
    const request = await postRequest({ actors: [kira], choice: "attribute:physique", difficulty: 10 });
    const answered = (await answer("p1", request, 0, [4, 4, 4]))!;
    const { cardOfKind } = await import("../../src/play/cards");
    const { opend6CheckKind } = await import("../../src/rulesets/opend6/chat/kinds");
    const { fudgeCheckKind } = await import("../../src/rulesets/fudge/chat/kinds");
    // Both kinds are called "check"; only OpenD6's is this card's.
    expect(fudgeCheckKind.id).toBe(opend6CheckKind.id);
    expect(cardOfKind(answered, opend6CheckKind)).toMatchObject({ ruleSet: "opend6", kind: "check" });
    expect(cardOfKind(answered, fudgeCheckKind)).toBeNull();
    expect(cardOfKind(request, opend6CheckKind)).toBeNull();
  });

  it("counts a Character Point the GM took off the actor", async () => {
    const request = await postRequest({ actors: [kira], choice: "attribute:physique", difficulty: 15 });
    // 3D and one Character Point die: 4, 4, 4 (Wild Die) and 5 = 17.
    await answer("p1", request, 0, [4, 4, 4, 5], { characterPoints: "1" });
    expect(points(kira)).toBe(4);
    expect(requestRows(request)[0]!.applied).toMatchObject({ summary: { total: 17, success: true } });
  });

  it("refuses a forged answer and a second one; another player's actor is not theirs to answer", async () => {
    const request = await postRequest({ actors: [kira, bo], choice: "attribute:physique", difficulty: 10 });
    const other = await postRequest({ actors: [kira], choice: "attribute:physique", difficulty: 10 });
    const genuine = await answer("p1", other, 0, [2, 2, 2]);
    const flags = structuredClone(genuine!.flags) as Record<string, Record<string, unknown>>;
    flags.anthology!.answers = { request: request.id, row: 0 };
    const request0 = genuine!.rolls[0] as { options: { anthology: { request: Record<string, unknown> } } };
    // A bigger pool than Physique 3D.
    const big = await builtRoll("6D", [6, 6, 6, 6, 6, 3], request0.options.anthology.request);
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [big])))).toBe(false);
    expect(notices(record)).toContain("6D");
    // Another skill than the request's (the card and roll rewritten to say search).
    const search = structuredClone(flags);
    (search.anthology!.card as { data: { trait: object } }).data.trait = { kind: "skill", id: "search" };
    const searchRoll = await builtRoll("5D", [3, 3, 3, 3, 3], {
      ...request0.options.anthology.request,
      trait: { kind: "skill", id: "search" },
    });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(search, [searchRoll])))).toBe(false);
    expect(requestRows(request)[0]!.applied).toBeNull();
    // The genuine roll, copied: taken once.
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [genuine!.rolls[0]])))).toBe(true);
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [genuine!.rolls[0]])))).toBe(false);
    expect(notices(record)).toContain("a second answer is ignored");
    // p1 answers for Bo: not theirs.
    const forBo = structuredClone(flags);
    forBo.anthology!.answers = { request: request.id, row: 1 };
    (forBo.anthology!.card as { actor: object }).actor = { uuid: bo.uuid, name: bo.name };
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(forBo, [genuine!.rolls[0]])))).toBe(false);
    expect(requestRows(request)[1]!.applied).toBeNull();
  });

  it("keeps a hidden request's results on the GM's copy", async () => {
    const request = await postRequest({
      actors: [kira, bo],
      choice: "attribute:physique",
      difficulty: 10,
      hidden: true,
    });
    const answered = await answer("p1", request, 0, [4, 4, 4]);
    expect(answered!.whisper).toEqual(["user1"]);
    await answer("p2", request, 1, [2, 3]);
    expect(requestRows(request).map((r) => r.applied?.summary)).toEqual([{}, {}]);
    expect(requestRows(resultsCopy(record, request)!)).toMatchObject([
      { applied: { summary: { total: 12, success: true } } },
      { applied: { summary: { total: 5, success: false } } },
    ]);
  });
});
