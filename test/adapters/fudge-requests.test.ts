import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { builtRoll, forgedMessage } from "../support/forge";
import { loadFudgeWorld } from "../support/fudge-world";
import { as, canPress, cardData, loadPlay } from "../support/play";
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

// A GM's roll request in FUDGE (issue 30): the GM (user1, this client) asks Mickey (p1's) and Pip
// (p2's) for Build against Good; each player rolls from the card through the check dialog; the GM's
// client reads every answer again from its dice and the sheet and writes it on the request, once.

let record: StandInRecord;
let mickey: StandInActor;
let pip: StandInActor;

beforeAll(async () => {
  ({ record } = await loadFudgeWorld());
  connectPlayers();
});

beforeEach(async () => {
  [mickey, pip] = await requestActors(
    record,
    {
      name: "Mickey",
      type: "fudge-character",
      system: { attributes: { build: 1 } },
      items: [{ name: "Climbing", type: "fudge-skill", system: { level: 2 } }],
    },
    {
      name: "Pip <b>the</b> Small",
      type: "fudge-character",
      system: { attributes: { build: 0 } },
      items: [{ name: "Climbing", type: "fudge-skill", system: { level: 0 } }],
    },
  );
});

/** A player answers row `row` with the check dialog as given and the Fudge dice as scripted. */
async function answer(userId: string, request: StandInMessage, row: number, faces: number[], form = {}) {
  answerDialog({ difficulty: "1", modifier: "0", ...form });
  fulfillment.push(...faces);
  return answerAs(record, userId, request, row);
}

describe("a FUDGE roll request answered by two players", () => {
  it("gathers each player's answer on the request, read again by the GM", async () => {
    const request = await postRequest({ actors: [mickey, pip], choice: "attribute:build", difficulty: 1 });
    expect(requestRows(request).map((r) => r.name)).toEqual(["Mickey", "Pip <b>the</b> Small"]);
    // Each player sees only their own actor's button.
    expect(await as("p1", () => [canPress(request, "answer", 0), canPress(request, "answer", 1)])).toEqual([
      true,
      false,
    ]);
    expect(await as("p2", () => [canPress(request, "answer", 0), canPress(request, "answer", 1)])).toEqual([
      false,
      true,
    ]);
    // Mickey: Build Good (+1) and ++00: Superb (3) against Good: success.
    const first = await answer("p1", request, 0, [3, 3, 2, 2]);
    expect(first?.getFlag("anthology", "answers")).toEqual({ request: request.id, row: 0 });
    // Pip: Build Fair (0) and -000: Mediocre (-1): failure.
    await answer("p2", request, 1, [1, 2, 2, 2]);
    const [a, b] = requestRows(request);
    expect(a!.applied).toMatchObject({ by: "p1", summary: { total: 3, success: true } });
    expect(b!.applied).toMatchObject({ by: "p2", summary: { total: -1, success: false } });
    const view = await requestView(request);
    expect(view.rows.map((r) => r.result?.text)).toEqual([
      "Superb: success (relative degree 2)",
      "Mediocre: failure (relative degree -2)",
    ]);
    // Answered: the button is spent.
    expect(await as("p1", () => canPress(request, "answer", 0))).toBe(false);
  });

  it("presets the check dialog to the request's difficulty, and takes a skill by its name on each sheet", async () => {
    const request = await postRequest({ actors: [mickey, pip], choice: "skill:Climbing", difficulty: 2 });
    // Mickey's Climbing is Great (+2): 0000 is Great against Great.
    await answer("p1", request, 0, [2, 2, 2, 2], { difficulty: "-3" });
    const dialog = lastView<{ difficulties: Array<{ value: number; selected: boolean }> }>(record, "roll-dialog.hbs");
    expect(dialog.difficulties.find((d) => d.selected)?.value).toBe(2);
    // The GM judges against the request's difficulty, not the one the player picked.
    expect(requestRows(request)[0]!.applied).toMatchObject({ summary: { total: 2, success: true } });
  });

  it("keeps the first answer: a second answer for the same actor is ignored", async () => {
    const request = await postRequest({ actors: [mickey], choice: "attribute:build", difficulty: 1 });
    const first = await answer("p1", request, 0, [3, 3, 2, 2]);
    // A second card carrying the same link (the player's own copy of the first, with worse dice).
    const roll = await builtRoll("4dF+1", [1, 1, 1, 1], { trait: { kind: "attribute", id: "build" }, modifier: 0 });
    const second = await as("p1", () => forgedMessage(first!.flags, [roll]));
    expect(await sendAnswer(record, "p1", second)).toBe(false);
    expect(requestRows(request)[0]!.applied).toMatchObject({ summary: { total: 3 } });
    expect(notices(record)).toContain("already answered");
  });

  it("ignores a roll made before the request, its link rewritten to answer it", async () => {
    // A lucky Build roll answering an earlier request (Great: 1 + 2)...
    const other = await postRequest({ actors: [mickey], choice: "attribute:build", difficulty: 1 });
    const lucky = await answer("p1", other, 0, [3, 3, 2, 2]);
    // ...is relinked by its author to a later request: the server's stamps say it came first.
    const request = await postRequest({ actors: [mickey], choice: "attribute:build", difficulty: 1 });
    await as("p1", () => lucky!.update({ "flags.anthology.answers": { request: request.id, row: 0 } }));
    expect(await sendAnswer(record, "p1", lucky!)).toBe(false);
    expect(requestRows(request)[0]!.applied).toBeNull();
    expect(notices(record)).toContain("rolled before the roll request");
  });

  it("ignores a forged answer: a formula not the sheet's, rewritten data, another player's actor", async () => {
    const request = await postRequest({ actors: [mickey, pip], choice: "attribute:build", difficulty: 1 });
    // A genuine answer to copy from, to another request.
    const other = await postRequest({ actors: [mickey], choice: "attribute:build", difficulty: 1 });
    const genuine = await answer("p1", other, 0, [2, 2, 2, 2]);
    const flags = structuredClone(genuine!.flags) as Record<string, Record<string, unknown>>;
    flags.anthology!.answers = { request: request.id, row: 0 };
    // A bigger formula than Build gives.
    const big = await builtRoll("4dF+5", [3, 3, 3, 3], { trait: { kind: "attribute", id: "build" }, modifier: 0 });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [big])))).toBe(false);
    expect(requestRows(request)[0]!.applied).toBeNull();
    expect(notices(record)).toContain("4dF + 5");
    // A modifier past the dialog's bound.
    const far = await builtRoll("4dF+9", [3, 3, 3, 3], { trait: { kind: "attribute", id: "build" }, modifier: 8 });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [far])))).toBe(false);
    expect(requestRows(request)[0]!.applied).toBeNull();
    // Rewritten card data (the total, another trait): the dice and the request decide.
    const card = flags.anthology!.card as { data: Record<string, unknown> };
    card.data.total = 7;
    const fair = await builtRoll("4dF+1", [2, 2, 2, 1], { trait: { kind: "attribute", id: "build" }, modifier: 0 });
    expect(await sendAnswer(record, "p1", await as("p1", () => forgedMessage(flags, [fair])))).toBe(true);
    expect(requestRows(request)[0]!.applied).toMatchObject({ summary: { total: 0, success: false } });
    // p1 answers for Pip (p2's): ignored, whatever the card says.
    const forPip = structuredClone(flags);
    forPip.anthology!.answers = { request: request.id, row: 1 };
    (forPip.anthology!.card as { actor: object }).actor = { uuid: pip.uuid, name: pip.name };
    const forged = await as("p1", () => forgedMessage(forPip, [fair]));
    expect(await sendAnswer(record, "p1", forged)).toBe(false);
    expect(requestRows(request)[1]!.applied).toBeNull();
    expect(notices(record)).toContain("does not own Pip");
    // Nor can p2 send p1's card as their own answer for Pip.
    expect(await sendAnswer(record, "p2", forged)).toBe(false);
    // And from the card itself p1 cannot roll for Pip.
    expect(await answerAs(record, "p1", request, 1)).toBeNull();
    expect(requestRows(request)[1]!.applied).toBeNull();
  });

  it("keeps a hidden request's results for the GM: the answers go to the GM only", async () => {
    const request = await postRequest({
      actors: [mickey, pip],
      choice: "attribute:build",
      difficulty: 1,
      hidden: true,
    });
    const copy = resultsCopy(record, request)!;
    expect(copy.whisper).toEqual(["user1"]);
    expect(request.whisper).toEqual([]);
    const first = await answer("p1", request, 0, [3, 3, 2, 2]);
    expect(first!.whisper).toEqual(["user1"]);
    await answer("p2", request, 1, [1, 2, 2, 2]);
    // The players' card says who has rolled, not what.
    expect(requestRows(request).map((r) => r.applied?.summary)).toEqual([{}, {}]);
    expect((await requestView(request)).rows.map((r) => [r.answered, r.result])).toEqual([
      [true, null],
      [true, null],
    ]);
    // The GM's copy has the results (and no buttons).
    expect(requestRows(copy)).toMatchObject([
      { applied: { by: "p1", summary: { total: 3, success: true } } },
      { applied: { by: "p2", summary: { total: -1, success: false } } },
    ]);
    const view = await requestView(copy);
    expect(view.rows[0]!.result?.text).toBe("Superb: success (relative degree 2)");
    expect(view.rows.some((r) => r.answerable)).toBe(false);
  });

  it("posts from the GM's dialog: the selected tokens' actors, what they all offer, the ladder", async () => {
    const { openRequestDialog } = await import("../../src/play/roll-request-dialog");
    const g = globalThis as { canvas?: unknown };
    g.canvas = { tokens: { controlled: [{ actor: mickey }, { actor: pip }] } };
    try {
      answerDialog({ actor: [mickey.uuid, pip.uuid], choice: "skill:Climbing", difficulty: "2", hidden: "on" });
      const request = (await openRequestDialog()) as unknown as StandInMessage;
      const view = lastView<{
        actors: Array<{ name: string; checked: boolean }>;
        groups: Array<{ label: string; choices: Array<{ id: string }> }>;
        ladder: Array<{ value: number; label: string; selected: boolean }>;
      }>(record, "request-dialog.hbs");
      expect(view.actors.filter((a) => a.checked).map((a) => a.name)).toEqual(["Mickey", "Pip <b>the</b> Small"]);
      expect(view.groups.map((g) => g.label)).toEqual(["Attributes", "Skills"]);
      expect(view.groups[1]!.choices.map((c) => c.id)).toEqual(["skill:Climbing"]);
      expect(view.ladder.find((l) => l.selected)).toMatchObject({ value: 0, label: "Fair" });
      expect(cardData<{ choice: string; difficulty: number; hidden: boolean }>(request).data).toMatchObject({
        choice: "skill:Climbing",
        difficulty: 2,
        hidden: true,
      });
    } finally {
      delete g.canvas;
    }
    // A player has no dialog.
    expect(await as("p1", () => openRequestDialog())).toBeNull();
    expect(notices(record)).toContain("Only a GM");
  });

  it("puts the GM's Request button above the chat input, once, and none for a player", async () => {
    const { onRenderChatLog } = await import("../../src/hooks/request-button");
    const placed: Array<{ className: string; textContent: string; onclick: unknown }> = [];
    const input = { closest: () => ({ before: (b: never) => placed.push(b) }) };
    let found: unknown = null;
    const log = {
      querySelector: (s: string) => (s === "#chat-message" ? input : s === ".anthology-request-button" ? found : null),
      prepend: () => undefined,
    };
    onRenderChatLog(null, log as never);
    expect(placed).toMatchObject([{ className: "anthology-request-button", textContent: "Request a roll" }]);
    expect(typeof placed[0]!.onclick).toBe("function");
    found = placed[0];
    onRenderChatLog(null, log as never);
    expect(placed).toHaveLength(1);
    found = null;
    await as("p1", () => onRenderChatLog(null, log as never));
    expect(placed).toHaveLength(1);
  });

  it("shows a request card a player posted, results and all, as unreadable", async () => {
    const request = await postRequest({ actors: [mickey], choice: "attribute:build", difficulty: 1 });
    await answer("p1", request, 0, [3, 3, 2, 2]);
    const forged = await as("p1", () => forgedMessage(request.flags, []));
    const { render } = await loadPlay();
    const shown = (message: StandInMessage) => {
      const content = { innerHTML: "", children: [] as Array<{ textContent: string }> };
      Object.assign(content, { replaceChildren: (...n: Array<{ textContent: string }>) => (content.children = n) });
      const element = {
        querySelector: (s: string) => (s === ".message-content" ? content : null),
        querySelectorAll: () => [],
      };
      return Promise.resolve(render.onRenderCard(message as never, element as never)).then(() => content);
    };
    expect((await shown(forged)).children[0]?.textContent).toBe(
      "This card's data cannot be read (only a GM posts this card).",
    );
    // The GM's own request is drawn from its data.
    expect((await shown(request)).children).toEqual([]);
  });

  it("says why a request cannot be posted", async () => {
    const { postRequest: post } = await import("../../src/play/roll-requests");
    expect(await post({ actors: [], choice: "attribute:build" })).toBeNull();
    expect(notices(record)).toContain("Select or target");
    expect(await post({ actors: [mickey], choice: "skill:Swimming" })).toBeNull();
    expect(notices(record)).toContain('cannot be asked for "skill:Swimming"');
    expect(await post({ actors: [mickey], choice: "attribute:build", difficulty: 40 })).toBeNull();
    expect(notices(record)).toContain("not a whole number from -3 to 7");
    expect(await as("p1", () => post({ actors: [mickey], choice: "attribute:build" }))).toBeNull();
    expect(notices(record)).toContain("Only a GM");
  });
});
