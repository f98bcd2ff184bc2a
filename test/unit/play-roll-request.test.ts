import { describe, expect, it } from "vitest";
import { answerLink, answerPosted, answering, readAnswerLink } from "../../src/play/answer-link";
import { CardError, newCard, readCard, withMark } from "../../src/play/card";
import { groupedChoices, readRequestForm } from "../../src/play/request-form";
import {
  REQUEST_KIND,
  requestSchema,
  requestView,
  rowResult,
  rowSummary,
  type RequestData,
  type RequestRow,
} from "../../src/play/roll-request-card";

// A GM's roll request as data (issue 30): its card read as untrusted input, each row's result as the
// GM wrote it (or nothing where the players may not see it), the link an answer carries, and the
// request dialog's form.

const data: RequestData = {
  choice: "attribute:build",
  label: "Build",
  difficulty: 1,
  difficultyText: "Good",
  hidden: false,
  results: false,
  of: "",
};
const rows = [
  { uuid: "Actor.a", name: "Mickey", data: {} as RequestRow },
  { uuid: "Actor.b", name: "Pip <b>x</b>", data: {} as RequestRow },
];
const card = (d: Partial<RequestData> = {}) =>
  newCard({ ruleSet: "fudge", kind: REQUEST_KIND, actor: null, data: { ...data, ...d }, targets: rows });
const result = {
  total: 3,
  success: true,
  key: "ANTHOLOGY.Fudge.Request.success",
  data: { degree: "Superb", relative: 2 },
};
const localize = (key: string, d: object) => `${key}|${JSON.stringify(d)}`;

describe("a roll request's card", () => {
  it("reads back what was stored, and refuses what is not a request", () => {
    expect(readCard(structuredClone(card()), requestSchema).data).toEqual(data);
    const bad = (raw: Record<string, unknown>) => () => requestSchema.data({ ...data, ...raw });
    expect(bad({ difficulty: 1.5 })).toThrow(CardError);
    expect(bad({ difficulty: 5000 })).toThrow(CardError);
    expect(bad({ choice: 7 })).toThrow(CardError);
    // Flags that are not true are false: a request is public unless the GM said hidden.
    expect(requestSchema.data({ ...data, hidden: "yes", results: 1 })).toMatchObject({ hidden: false, results: false });
  });

  it("keeps a row's result only where the players may see it", () => {
    expect(rowSummary(result, true)).toEqual(result);
    expect(rowSummary(result, false)).toEqual({});
  });

  it("reads a row's result as untrusted data", () => {
    expect(rowResult(result)).toEqual(result);
    expect(rowResult({})).toBeNull();
    expect(rowResult(undefined)).toBeNull();
    // Only Anthology's own words, finite totals, short plain data.
    expect(rowResult({ ...result, key: "SOMEONE.Else" })).toBeNull();
    expect(rowResult({ ...result, total: Number.POSITIVE_INFINITY })).toBeNull();
    expect(rowResult({ ...result, data: { x: { y: 1 } } })).toBeNull();
    expect(rowResult({ ...result, success: "yes" })).toMatchObject({ success: null });
  });

  it("shows each row: its button until answered, then its result (or only that it was answered)", () => {
    const answered = withMark(card(), 0, { by: "p1", at: 1, summary: { ...result } });
    const view = requestView(answered, localize);
    expect(view).toMatchObject({ label: "Build", difficulty: "Good", hidden: false, results: false });
    expect(view.rows[0]).toMatchObject({ answered: true, answerable: false, success: true, failure: false });
    expect(view.rows[0]!.result).toEqual({
      total: 3,
      text: 'ANTHOLOGY.Fudge.Request.success|{"degree":"Superb","relative":2}',
    });
    expect(view.rows[1]).toMatchObject({ name: "Pip <b>x</b>", answered: false, answerable: true, result: null });
    const secret = requestView(withMark(card({ hidden: true }), 0, { by: "p1", at: 1, summary: {} }), localize);
    expect(secret.rows[0]).toMatchObject({ answered: true, result: null });
    // The GM's copy of a hidden request has no buttons.
    expect(
      requestView(card({ hidden: true, results: true, of: "m1" }), localize).rows.every((r) => !r.answerable),
    ).toBe(true);
    // No difficulty words: the number.
    expect(requestView(card({ difficultyText: "" }), localize).difficulty).toBe("1");
  });
});

describe("the link an answer carries", () => {
  it("reads back a request's message and row, and nothing else", () => {
    expect(readAnswerLink({ request: "m1", row: 2 })).toEqual({ request: "m1", row: 2 });
    expect(readAnswerLink({ request: "m1", row: -1 })).toBeNull();
    expect(readAnswerLink({ request: "m1", row: 1.5 })).toBeNull();
    expect(readAnswerLink({ request: 3, row: 0 })).toBeNull();
    expect(readAnswerLink({ request: "x".repeat(65), row: 0 })).toBeNull();
    expect(readAnswerLink("m1")).toBeNull();
    expect(readAnswerLink(null)).toBeNull();
  });

  it("is taken by the first card posted while the answer rolls, and by no card after", async () => {
    const link = { request: "m1", row: 0 };
    let taken: ReturnType<typeof answerLink> = null;
    let later: ReturnType<typeof answerLink> = null;
    const posted = await answering<{ id: string }>(link, true, async () => {
      taken = answerLink();
      answerPosted({ id: "answer" });
      later = answerLink();
    });
    expect(taken).toEqual({ link, hidden: true });
    expect(later).toBeNull();
    expect(posted).toEqual({ id: "answer" });
    expect(answerLink()).toBeNull();
    // A roll closed without a card: nothing posted, nothing left pending.
    expect(await answering(link, false, async () => undefined)).toBeNull();
    expect(answerLink()).toBeNull();
  });
});

describe("the request dialog's form", () => {
  it("groups the choices, each once, in order", () => {
    const a = [
      { id: "attribute:build", label: "Build", group: "Attributes" },
      { id: "skill:Climbing", label: "Climbing", group: "Skills" },
    ];
    const b = [
      { id: "attribute:build", label: "Build", group: "Attributes" },
      { id: "skill:Swimming", label: "Swimming", group: "Skills" },
    ];
    expect(groupedChoices([a, b])).toEqual([
      { label: "Attributes", choices: [a[0]] },
      { label: "Skills", choices: [a[1], b[1]] },
    ]);
  });

  it("reads the actors, the choice, the difficulty (none when left empty) and hidden", () => {
    const form = new FormData();
    form.append("actor", "Actor.a");
    form.append("actor", "Actor.b");
    form.append("choice", "skill:Climbing");
    form.append("difficulty", "2");
    form.append("hidden", "on");
    expect(readRequestForm(form)).toEqual({
      actors: ["Actor.a", "Actor.b"],
      choice: "skill:Climbing",
      difficulty: 2,
      hidden: true,
    });
    const empty = new FormData();
    empty.append("difficulty", " ");
    expect(readRequestForm(empty)).toEqual({ actors: [], choice: "", hidden: false });
  });
});
