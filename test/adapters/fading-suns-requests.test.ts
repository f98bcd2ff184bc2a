import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { builtRoll, forgedMessage } from "../support/forge";
import { erianSystem } from "../support/fading-suns-fixtures";
import { loadFadingSunsWorld } from "../support/fading-suns-world";
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

// A GM's roll request in Fading Suns (issue 30): an Observe goal roll at a Hard task (−2) asked of
// Erian (p1's: Perception 4 + Observe 4, goal 6) and Mira (p2's: Observe 2, goal 4); each rolls from
// the card through the goal dialog (Hard preset); the GM reads each d20 again as any goal roll.

let record: StandInRecord;
let erian: StandInActor;
let mira: StandInActor;

beforeAll(async () => {
  ({ record } = await loadFadingSunsWorld());
  connectPlayers();
});

beforeEach(async () => {
  [erian, mira] = await requestActors(
    record,
    {
      name: "Erian",
      type: "fading-suns-character",
      system: structuredClone(erianSystem),
      items: [{ name: "Physick", type: "fading-suns-skill", system: { rating: 4, characteristic: "wits" } }],
    },
    {
      name: "Mira <i>Swift</i>",
      type: "fading-suns-character",
      system: { ...structuredClone(erianSystem), naturalSkills: { ...erianSystem.naturalSkills, observe: 2 } },
    },
  );
});

async function answer(userId: string, request: StandInMessage, row: number, faces: number[], form = {}) {
  answerDialog({ characteristic: "perception", level: "hard", ...form });
  fulfillment.push(...faces);
  return answerAs(record, userId, request, row);
}

describe("a Fading Suns roll request answered by two players", () => {
  it("gathers each goal roll on the request at the level asked", async () => {
    const request = await postRequest({ actors: [erian, mira], choice: "natural:observe", difficulty: -2 });
    // Erian: goal 6, a 5 succeeds with 2 Victory Points.
    await answer("p1", request, 0, [5]);
    const dialog = lastView<{ levels: Array<{ id: string; selected: boolean }> }>(record, "roll-dialog.hbs");
    expect(dialog.levels.find((l) => l.selected)?.id).toBe("hard");
    // Mira: goal 4, a 9 fails.
    await answer("p2", request, 1, [9]);
    expect(requestRows(request)).toMatchObject([
      { applied: { by: "p1", summary: { total: 2, success: true } } },
      { applied: { by: "p2", summary: { total: 0, success: false } } },
    ]);
    expect((await requestView(request)).rows.map((r) => r.result?.text)).toEqual([
      "success, 2 Victory Points",
      "failure",
    ]);
  });

  it("takes a learned skill by its name, and refuses an answer at another level", async () => {
    const request = await postRequest({ actors: [erian], choice: "learned:Physick", difficulty: -2 });
    // The player made it Easy instead: not the task the GM set.
    expect(await answer("p1", request, 0, [5], { level: "easy", characteristic: "wits" })).not.toBeNull();
    expect(requestRows(request)[0]!.applied).toBeNull();
    expect(notices(record)).toContain("does not answer the roll request");
    // Rolled again at Hard: Physick 4 + Wits 5 − 2 = 7, a 3 succeeds with 1 Victory Point.
    await answer("p1", request, 0, [3], { characteristic: "wits" });
    expect(requestRows(request)[0]!.applied).toMatchObject({ summary: { total: 1, success: true } });
  });

  it("refuses forged answers, another player's actor and a second answer", async () => {
    const request = await postRequest({ actors: [erian, mira], choice: "natural:observe", difficulty: -2 });
    const other = await postRequest({ actors: [erian], choice: "natural:observe", difficulty: -2 });
    const genuine = await answer("p1", other, 0, [12]);
    const flags = structuredClone(genuine!.flags) as Record<string, Record<string, unknown>>;
    flags.anthology!.answers = { request: request.id, row: 0 };
    // The card rewritten to a success: the d20 (a 12 over goal 6) still fails.
    const card = flags.anthology!.card as { data: Record<string, unknown> };
    Object.assign(card.data, { outcome: "success", victoryPoints: 6, goal: 18 });
    // A roll of another die, and a modifier past the dialog's bound.
    const request0 = (genuine!.rolls[0] as { options: { anthology: { request: Record<string, unknown> } } }).options
      .anthology.request;
    const d6 = await builtRoll("1d6", [1], request0);
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [d6])))).toBe(false);
    const choices = request0.choices as Record<string, unknown>;
    const far = await builtRoll("1d20", [1], { ...request0, choices: { ...choices, other: 40 } });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [far])))).toBe(false);
    expect(requestRows(request)[0]!.applied).toBeNull();
    const forMira = structuredClone(flags);
    forMira.anthology!.answers = { request: request.id, row: 1 };
    (forMira.anthology!.card as { actor: object }).actor = { uuid: mira.uuid, name: mira.name };
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(forMira, [genuine!.rolls[0]])))).toBe(
      false,
    );
    expect(requestRows(request)[1]!.applied).toBeNull();
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [genuine!.rolls[0]])))).toBe(true);
    expect(requestRows(request)[0]!.applied).toMatchObject({ summary: { total: 0, success: false } });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [genuine!.rolls[0]])))).toBe(false);
  });

  it("keeps a hidden request's results on the GM's copy", async () => {
    const request = await postRequest({
      actors: [erian, mira],
      choice: "natural:observe",
      difficulty: -2,
      hidden: true,
    });
    expect((await answer("p1", request, 0, [5]))!.whisper).toEqual(["user1"]);
    await answer("p2", request, 1, [9]);
    expect(requestRows(request).map((r) => r.applied?.summary)).toEqual([{}, {}]);
    expect(requestRows(resultsCopy(record, request)!)).toMatchObject([
      { applied: { summary: { total: 2, success: true } } },
      { applied: { summary: { success: false } } },
    ]);
  });
});
