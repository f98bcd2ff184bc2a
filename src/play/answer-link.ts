/**
 * The link from a card to the GM's roll request it answers (`flags.anthology.answers`). The answering
 * client sets it while the rule set's own flow rolls, and the first card that flow posts carries it.
 * Its author can rewrite it, so the GM's client takes it only as a pointer: who answered comes from
 * Foundry, and the answer is judged again from the dice and the sheet.
 */

/** Where a card keeps its link: `flags.anthology.answers`. */
export const ANSWER_FLAG = "answers";

/** Which request message and which of its rows a card answers. */
export interface AnswerLink {
  readonly request: string;
  readonly row: number;
}

let pending: { readonly link: AnswerLink; readonly hidden: boolean } | null = null;
let posted: { readonly id: string } | null = null;

/**
 * Runs `work` (a rule set's roll) so that the first card it posts answers `link` (GM-only when
 * `hidden`); resolves to that card's message once the work is done, or null when it posted none.
 */
export async function answering<M extends { readonly id: string }>(
  link: AnswerLink,
  hidden: boolean,
  work: () => Promise<unknown>,
): Promise<M | null> {
  pending = { link, hidden };
  posted = null;
  try {
    await work();
    return posted as M | null;
  } finally {
    pending = null;
    posted = null;
  }
}

/** The link the next card posted carries, taken once (a later card of the same flow is no answer). */
export function answerLink(): { readonly link: AnswerLink; readonly hidden: boolean } | null {
  const taken = pending;
  pending = null;
  return taken;
}

/** The card posted with the link (postCard tells). */
export function answerPosted(message: { readonly id: string }): void {
  posted = message;
}

/** A stored link read as untrusted data, or null. */
export function readAnswerLink(raw: unknown): AnswerLink | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { request, row } = raw as { request?: unknown; row?: unknown };
  if (typeof request !== "string" || request.length > 64) return null;
  if (typeof row !== "number" || !Number.isInteger(row) || row < 0 || row > 64) return null;
  return { request, row };
}
