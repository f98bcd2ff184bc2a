import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { fighterSystem } from "../support/fade-fixtures";
import { answerDialog, loadFadeWorld } from "../support/fade-world";
import { builtRoll, forgedMessage } from "../support/forge";
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

// A GM's roll request in The Fade (issue 30): a Stealth check against DC 15 asked of Garret (p1's)
// and Wren (p2's), both rolling 6k3; each rolls from the card through the skill dialog (the DC
// preset); the GM reads each pool again against the sheet and judges it against the request's DC.

let record: StandInRecord;
let garret: StandInActor;
let wren: StandInActor;

beforeAll(async () => {
  ({ record } = await loadFadeWorld());
  connectPlayers();
});

beforeEach(async () => {
  [garret, wren] = await requestActors(
    record,
    { name: "Garret", type: "fade-character", system: fighterSystem },
    {
      name: "Wren <b>Quiet</b>",
      type: "fade-character",
      system: fighterSystem,
    },
  );
});

async function answer(userId: string, request: StandInMessage, row: number, faces: number[], form = {}) {
  answerDialog({ dc: "15", ...form });
  fulfillment.push(...faces);
  return answerAs(record, userId, request, row);
}

describe("a Fade roll request answered by two players", () => {
  it("gathers each skill check on the request, judged against the request's DC", async () => {
    const request = await postRequest({ actors: [garret, wren], choice: "skill:stealth", difficulty: 15 });
    // Garret: 9 + 8 + 7 = 24 against 15.
    await answer("p1", request, 0, [9, 8, 7, 1, 1, 1], { dc: "40" });
    expect(lastView<{ dc: string }>(record, "roll-dialog.hbs").dc).toBe("15");
    // Wren: 2 + 2 + 1 = 5, half the DC or less: a critical failure.
    await answer("p2", request, 1, [2, 2, 1, 1, 1, 1]);
    expect(requestRows(request)).toMatchObject([
      { applied: { by: "p1", summary: { total: 24, success: true } } },
      { applied: { by: "p2", summary: { total: 5, success: false } } },
    ]);
    expect((await requestView(request)).rows.map((r) => r.result?.text)).toEqual([
      "success against DC 15",
      "critical failure against DC 15",
    ]);
  });

  it("refuses a pool the sheet does not give, extra dice a player typed, another player's actor, a second answer", async () => {
    const request = await postRequest({ actors: [garret, wren], choice: "skill:stealth", difficulty: 15 });
    const other = await postRequest({ actors: [garret], choice: "skill:stealth", difficulty: 15 });
    const genuine = await answer("p1", other, 0, [5, 4, 3, 1, 1, 1]);
    const flags = structuredClone(genuine!.flags) as Record<string, Record<string, unknown>>;
    flags.anthology!.answers = { request: request.id, row: 0 };
    const asked = (genuine!.rolls[0] as { options: { anthology: { request: Record<string, unknown> } } }).options
      .anthology.request;
    const big = await builtRoll("9k9", [9, 9, 9, 9, 9, 9, 9, 9, 9], asked);
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [big])))).toBe(false);
    expect(notices(record)).toContain("9k9");
    const choices = asked.choices as Record<string, unknown>;
    const extra = await builtRoll("8k4", [9, 9, 9, 9, 1, 1, 1, 1], {
      ...asked,
      choices: { ...choices, extra: { rolled: 2, kept: 1 } },
    });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [extra])))).toBe(false);
    expect(requestRows(request)[0]!.applied).toBeNull();
    const forWren = structuredClone(flags);
    forWren.anthology!.answers = { request: request.id, row: 1 };
    (forWren.anthology!.card as { actor: object }).actor = { uuid: wren.uuid, name: wren.name };
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(forWren, [genuine!.rolls[0]])))).toBe(
      false,
    );
    expect(notices(record)).toContain("does not own Wren");
    // The card rewritten to a success: the dice (12) decide.
    Object.assign((flags.anthology!.card as { data: Record<string, unknown> }).data, { total: 30, success: true });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [genuine!.rolls[0]])))).toBe(true);
    expect(requestRows(request)[0]!.applied).toMatchObject({ summary: { total: 12, success: false } });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [genuine!.rolls[0]])))).toBe(false);
  });

  it("keeps a hidden request's results on the GM's copy", async () => {
    const request = await postRequest({
      actors: [garret, wren],
      choice: "skill:stealth",
      difficulty: 15,
      hidden: true,
    });
    expect((await answer("p1", request, 0, [9, 8, 7, 1, 1, 1]))!.whisper).toEqual(["user1"]);
    await answer("p2", request, 1, [2, 2, 1, 1, 1, 1]);
    expect(requestRows(request).map((r) => r.applied?.summary)).toEqual([{}, {}]);
    expect(requestRows(resultsCopy(record, request)!)).toMatchObject([
      { applied: { summary: { total: 24, success: true } } },
      { applied: { summary: { total: 5, success: false } } },
    ]);
  });
});
