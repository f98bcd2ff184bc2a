import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { builtRoll, forgedMessage } from "../support/forge";
import { answerDialog, garretSystem, loadHodWorld } from "../support/hod-world";
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

// A GM's roll request in Heroes of Destiny (issue 30): a Strength check against DC 14 asked of
// Garret (p1's, Strength +3) and Brenna (p2's, Strength +0); each rolls from the card through the
// check dialog; the GM reads each 3d6 again against the sheet and the request's DC.

let record: StandInRecord;
let garret: StandInActor;
let brenna: StandInActor;

beforeAll(async () => {
  ({ record } = await loadHodWorld());
  connectPlayers();
});

beforeEach(async () => {
  [garret, brenna] = await requestActors(
    record,
    {
      name: "Garret",
      type: "hod-character",
      system: structuredClone(garretSystem),
    },
    {
      name: "Brenna <b>Bold</b>",
      type: "hod-character",
      system: { ...structuredClone(garretSystem), strength: 0 },
    },
  );
});

async function answer(userId: string, request: StandInMessage, row: number, faces: number[], form = {}) {
  answerDialog({ attribute: "strength", modifier: "0", dc: "14", ...form });
  fulfillment.push(...faces);
  return answerAs(record, userId, request, row);
}

describe("a Heroes of Destiny roll request answered by two players", () => {
  it("gathers each 3d6 check on the request, read again by the GM against its DC", async () => {
    const request = await postRequest({ actors: [garret, brenna], choice: "attribute:strength", difficulty: 14 });
    const garretAnswer = await answer("p1", request, 0, [4, 4, 4], { dc: "3" });
    expect(lastView<{ dc: string }>(record, "hod/roll-dialog.hbs").dc).toBe("14");
    expect(garretAnswer).not.toBeNull();
    await answer("p2", request, 1, [3, 3, 3], { modifier: "2" });
    const rows = requestRows(request);
    expect(rows[0]!.applied).toMatchObject({ by: "p1", summary: { total: 15, success: true } });
    expect(rows[1]!.applied!.summary).toMatchObject({ success: false });
    expect((await requestView(request)).rows[1]!.result?.text).toContain("modifier +2");
  });

  it("refuses a roll the sheet does not give, a check to stay conscious, another player's actor, a second answer", async () => {
    const request = await postRequest({ actors: [garret, brenna], choice: "attribute:strength", difficulty: 14 });
    const other = await postRequest({ actors: [garret], choice: "attribute:strength", difficulty: 14 });
    const genuine = await answer("p1", other, 0, [2, 2, 2]);
    const flags = structuredClone(genuine!.flags) as Record<string, Record<string, unknown>>;
    flags.anthology!.answers = { request: request.id, row: 0 };
    const big = await builtRoll("3d6 + 15", [6, 6, 6], { attribute: "strength", modifier: 10, dc: 14 });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [big])))).toBe(false);
    const wide = await builtRoll("3d6 + 33", [6, 6, 6], { attribute: "strength", modifier: 30, dc: 14 });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [wide])))).toBe(false);
    const conscious = structuredClone(flags);
    (conscious.anthology!.card as { data: Record<string, unknown> }).data.consciousness = true;
    const fair = genuine!.rolls[0];
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(conscious, [fair])))).toBe(false);
    expect(requestRows(request)[0]!.applied).toBeNull();
    const forBrenna = structuredClone(flags);
    forBrenna.anthology!.answers = { request: request.id, row: 1 };
    (forBrenna.anthology!.card as { actor: object }).actor = { uuid: brenna.uuid, name: brenna.name };
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(forBrenna, [fair])))).toBe(false);
    expect(notices(record)).toContain("does not own Brenna");
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [fair])))).toBe(true);
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [fair])))).toBe(false);
    expect(requestRows(request)[0]!.applied).toMatchObject({ summary: { total: 9, success: false } });
  });

  it("keeps a hidden request's results on the GM's copy", async () => {
    const request = await postRequest({
      actors: [garret, brenna],
      choice: "attribute:strength",
      difficulty: 14,
      hidden: true,
    });
    expect((await answer("p1", request, 0, [4, 4, 4]))!.whisper).toEqual(["user1"]);
    await answer("p2", request, 1, [3, 3, 3]);
    expect(requestRows(request).map((r) => r.applied?.summary)).toEqual([{}, {}]);
    expect(requestRows(resultsCopy(record, request)!)).toMatchObject([
      { applied: { summary: { total: 15, success: true } } },
      { applied: { summary: { success: false } } },
    ]);
  });
});
