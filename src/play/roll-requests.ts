/**
 * A GM's roll request (issue 30): the GM asks several actors for a check, skill or attribute with a
 * difficulty; one card shows a button per actor; each owner rolls from it through the rule set's own
 * dialog; the active GM's client judges each answer again (the answer card's dice, the actor's sheet
 * now, the author as Foundry names them) and writes it on the request's row, once.
 */
import { SYSTEM_ID } from "../constants";
import { onGmRequest, requestGm } from "../hooks/socket";
import { pluginOf } from "../rulesets/registry";
import type { RequestChoice, RollRequests } from "../rulesets/plugin";
import { activeRuleSet } from "../settings";
import { ANSWER_FLAG, answering, readAnswerLink, type AnswerLink } from "./answer-link";
import { MAX_TARGETS, newCard, withMark, type Card } from "./card";
import { CARD_FLAG, cardContent, cardOf, postCard, refOf } from "./cards";
import { messageById, postedAt, resolve, userById, type PlayActor, type PlayMessage } from "./documents";
import type { AnyCardKind, CardKind } from "./kind";
import { oneAtATime } from "./lock";
import { warn } from "./notify";
import { refuse } from "./refuse";
import {
  REQUEST_KIND,
  requestSchema,
  requestView,
  rowSummary,
  type RequestData,
  type RequestRow,
  type RowResult,
} from "./roll-request-card";
import { templatePath } from "../sheets/paths";
import type { RequestInput } from "./request-form";

export type { RequestInput };

export const REQUEST_TEMPLATE = templatePath("play/roll-request.hbs");

type RequestCard = Card<RequestData, RequestRow>;

/** The request card: a row per actor, its Roll button for the actor's owners, the results once judged. */
export const rollRequestKind: CardKind<RequestData, RequestRow> = {
  id: REQUEST_KIND,
  template: REQUEST_TEMPLATE,
  schema: requestSchema,
  view: (card) => requestView(card, (key, data) => game.i18n!.format(key, data as Record<string, string>)),
  gmAuthored: true,
  actions: {
    answer: {
      who: "targetOwner",
      enabled: (card, target) => !card.data.results && target !== null && !card.targets[target]?.applied,
      run: ({ message, card, target }) => answerRequest(message, card, target),
    },
  },
};

const requestsOf = (ruleSet: string): RollRequests | undefined => pluginOf(ruleSet).rollRequests;

/** An actor from a document, a token (its actor) or a uuid. */
function actorFrom(value: unknown): PlayActor | null {
  if (typeof value === "string") {
    const found = resolve<PlayActor & { actor?: PlayActor }>(value);
    return found && "actor" in found && found.actor ? found.actor : found;
  }
  if (typeof value !== "object" || value === null) return null;
  const token = value as { actor?: unknown; uuid?: unknown; testUserPermission?: unknown };
  if (typeof token.testUserPermission === "function" && typeof token.uuid === "string" && !("actor" in token)) {
    return value as PlayActor;
  }
  return token.actor ? actorFrom(token.actor) : null;
}

/** The actors a request goes to when none are named: the GM's selected tokens, else their targets. */
export function pickedActors(): PlayActor[] {
  const controlled =
    (globalThis as { canvas?: { tokens?: { controlled?: readonly unknown[] } | null } }).canvas?.tokens?.controlled ??
    [];
  const targets = [...((game.user as unknown as { targets?: Iterable<unknown> } | undefined)?.targets ?? [])];
  const picked = controlled.length ? controlled : targets;
  return picked.map(actorFrom).filter((a): a is PlayActor => a !== null);
}

/** Each actor once, at most as many as a card carries. */
function distinct(actors: ReadonlyArray<PlayActor | null>): PlayActor[] {
  const seen = new Set<string>();
  return actors
    .filter((a): a is PlayActor => Boolean(a) && !seen.has(a!.uuid) && Boolean(seen.add(a!.uuid)))
    .slice(0, MAX_TARGETS);
}

/** The choices every one of `actors` offers, in the first actor's order (what a request may ask of them all). */
export function sharedChoices(requests: RollRequests, actors: readonly PlayActor[]): RequestChoice[] {
  const [first, ...rest] = actors.map((a) => requests.choices(a));
  return (first ?? []).filter((c) => rest.every((list) => list.some((o) => o.id === c.id)));
}

/**
 * Posts a request card (a GM only): `choice` asked of each actor at `difficulty` (the rule set's
 * default when left out). Hidden: the results gather on a GM-only copy, and the answers are rolled
 * for the GM only. Returns the request's message, or null with a message saying why not.
 */
export async function postRequest(input: RequestInput): Promise<PlayMessage | null> {
  if (!game.user?.isGM) return (warn("ANTHOLOGY.Play.Requests.Errors.gmOnly"), null);
  const ruleSet = activeRuleSet();
  const requests = requestsOf(ruleSet);
  if (!requests) return (warn("ANTHOLOGY.Play.Requests.Errors.notOffered"), null);
  const actors = distinct((input.actors ?? pickedActors()).map(actorFrom));
  if (!actors.length) return (warn("ANTHOLOGY.Play.Requests.Errors.noActors"), null);
  const choiceId = typeof input.choice === "string" ? input.choice : "";
  for (const actor of actors) {
    if (!requests.choices(actor).some((c) => c.id === choiceId)) {
      return (warn("ANTHOLOGY.Play.Requests.Errors.noChoice", { name: actor.name, choice: choiceId }), null);
    }
  }
  const choice = requests.choices(actors[0]!).find((c) => c.id === choiceId)!;
  const scale = requests.difficulty();
  const difficulty = input.difficulty ?? scale.default;
  if (!Number.isInteger(difficulty) || difficulty < scale.min || difficulty > scale.max) {
    return (
      warn("ANTHOLOGY.Play.Requests.Errors.badDifficulty", {
        value: String(difficulty),
        min: String(scale.min),
        max: String(scale.max),
      }),
      null
    );
  }
  const hidden = input.hidden === true;
  const data: RequestData = {
    choice: choice.id,
    label: choice.label,
    difficulty,
    difficultyText: scale.ladder?.find((s) => s.value === difficulty)?.label ?? String(difficulty),
    hidden,
    results: false,
    of: "",
  };
  const rows = actors.map((a) => ({ ...refOf(a), data: {} as RequestRow }));
  const card = newCard({ ruleSet, kind: REQUEST_KIND, actor: null, data, targets: rows });
  // Spoken by the GM, never by a token the GM has selected; seen by everyone whatever the GM's chat mode.
  const speaker = { alias: game.user.name ?? "GM" };
  const message = await postCard({ kind: rollRequestKind, card, rolls: [], speaker, messageMode: "public" });
  if (hidden) {
    const copy = newCard({
      ruleSet,
      kind: REQUEST_KIND,
      actor: null,
      data: { ...data, results: true, of: message.id },
      targets: rows,
    });
    await postCard({ kind: rollRequestKind, card: copy, rolls: [], speaker, messageMode: "gm" });
  }
  return message;
}

/** The request the answering client sends the GM once its roll is posted (and its points paid). */
export const ANSWER_REQUEST = "roll-request.answer";

/**
 * A row's Roll button: the actor's owner rolls through the rule set's own dialog, the card it posts
 * linked to the row; once the roll is done, the GM is asked to judge it.
 */
async function answerRequest(message: PlayMessage, card: RequestCard, target: number | null): Promise<unknown> {
  const row = target === null ? undefined : card.targets[target];
  if (!row) return warn("ANTHOLOGY.Play.Errors.noRow");
  if (row.applied) return warn("ANTHOLOGY.Play.Requests.Errors.answered", { name: row.name });
  const actor = resolve<PlayActor>(row.uuid);
  if (!actor) return warn("ANTHOLOGY.Play.Errors.targetGone", { name: row.name });
  if (!actor.isOwner) return warn("ANTHOLOGY.Play.Requests.Errors.notYours", { name: row.name });
  const requests = requestsOf(card.ruleSet);
  if (!requests) return warn("ANTHOLOGY.Play.Requests.Errors.notOffered");
  const link: AnswerLink = { request: message.id, row: target! };
  const answer = await answering<PlayMessage>(link, card.data.hidden, () =>
    requests.roll(actor, card.data.choice, card.data.difficulty),
  );
  return answer ? requestGm(ANSWER_REQUEST, { messageId: answer.id }) : null;
}

/** The GM-only copy of a hidden request, which a GM posted. */
function resultsCopy(requestId: string): PlayMessage | null {
  const messages = (game as unknown as { messages: { contents: PlayMessage[] } }).messages.contents;
  return (
    messages.find((m) => {
      const read = cardOf(m);
      if (!read || "error" in read || read.card.kind !== REQUEST_KIND) return false;
      const data = (read.card as unknown as RequestCard).data;
      return data.results && data.of === requestId && Boolean(userById(m.author?.id ?? "")?.isGM);
    }) ?? null
  );
}

/** Writes a row's mark on a request message (its content rendered again from the data). */
async function mark(message: PlayMessage, card: RequestCard, row: number, by: string, summary: object) {
  const next = withMark(card, row, { by, at: Date.now(), summary: summary as Record<string, unknown> });
  await message.update({
    [`flags.${SYSTEM_ID}.${CARD_FLAG}`]: next,
    content: await cardContent(rollRequestKind as unknown as AnyCardKind, next as never, []),
  });
}

const gathering = oneAtATime();

/** The request card an answer links to, read as the GM stores it; or a refusal. */
function requestOf(answer: PlayMessage): { request: PlayMessage; card: RequestCard; link: AnswerLink } {
  const link = readAnswerLink(answer.getFlag(SYSTEM_ID, ANSWER_FLAG));
  if (!link) refuse("ANTHOLOGY.Play.Requests.Errors.noRequest");
  const request = messageById(link.request);
  const read = request ? cardOf(request) : null;
  if (!request || !read || "error" in read || read.card.kind !== REQUEST_KIND) {
    refuse("ANTHOLOGY.Play.Requests.Errors.noRequest");
  }
  const card = read.card as unknown as RequestCard;
  // Only a GM's request, never its GM-only copy, takes answers.
  if (card.data.results || !userById(request.author?.id ?? "")?.isGM)
    refuse("ANTHOLOGY.Play.Requests.Errors.noRequest");
  return { request, card, link };
}

/**
 * The active GM judges an answer for `userId` (the socket's sender): written by that user (Foundry's
 * author), who owns the row's actor; its roll read again by the rule set against the sheet now; and
 * written on the row once.
 */
async function gather(messageId: unknown, userId: string): Promise<void> {
  const answer = messageById(messageId);
  if (!answer) refuse("ANTHOLOGY.Play.Errors.cardGone");
  const first = requestOf(answer);
  await gathering(first.request.id, async () => {
    const { request, card, link } = requestOf(answer);
    const row = card.targets[link.row];
    if (!row) refuse("ANTHOLOGY.Play.Errors.noRow");
    if (row.applied) refuse("ANTHOLOGY.Play.Requests.Errors.secondAnswer", { name: row.name });
    const actor = resolve<PlayActor>(row.uuid);
    if (!actor) refuse("ANTHOLOGY.Play.Errors.targetGone", { name: row.name });
    // Who answered is Foundry's author of the answer (and the one asking), never a name in it.
    const author = userById(answer.author?.id ?? "");
    const asker = userById(userId);
    if (!author || !asker || (author.id !== asker.id && !asker.isGM) || !actor.testUserPermission(author, "OWNER")) {
      refuse("ANTHOLOGY.Play.Requests.Errors.notTheirs", {
        user: author?.name ?? author?.id ?? "?",
        name: row.name,
      });
    }
    // A roll made before the request (when the server stamped each) cannot answer it, whatever its link says.
    if ((postedAt(answer) ?? 0) < (postedAt(request) ?? Infinity)) {
      refuse("ANTHOLOGY.Play.Requests.Errors.beforeRequest", { name: row.name });
    }
    const own = cardOf(answer);
    if (!own || "error" in own || own.card.actor?.uuid !== row.uuid) {
      refuse("ANTHOLOGY.Play.Requests.Errors.refused", { name: row.name });
    }
    const requests = requestsOf(card.ruleSet);
    if (!requests) refuse("ANTHOLOGY.Play.Requests.Errors.notOffered");
    const judged = requests.judge(answer, actor, card.data.choice, card.data.difficulty);
    if (!judged) refuse("ANTHOLOGY.Play.Requests.Errors.refused", { name: row.name });
    const result: RowResult = {
      total: judged.total,
      success: judged.success,
      key: judged.result.key,
      data: judged.result.data ?? {},
    };
    const copy = card.data.hidden ? resultsCopy(request.id) : null;
    await mark(request, card, link.row, author.id, rowSummary(result, !card.data.hidden));
    const copyRead = copy ? cardOf(copy) : null;
    if (copy && copyRead && !("error" in copyRead)) {
      await mark(copy, copyRead.card as unknown as RequestCard, link.row, author.id, rowSummary(result, true));
    }
  });
}

/** What the active GM carries out: judging the answers to roll requests. */
export function registerRollRequests(): void {
  onGmRequest(ANSWER_REQUEST, (payload, userId) => gather(payload.messageId, userId));
}
