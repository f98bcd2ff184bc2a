/**
 * The GM's roll-request dialog as plain data: the choices grouped as it lists them, and what its
 * submitted form asks (unchecked: postRequest checks it against the documents).
 */
import type { RequestChoice } from "../rulesets/plugin";

/** What a request asks: actors (documents, tokens or uuids; default the selected tokens), a choice, a difficulty. */
export interface RequestInput {
  readonly actors?: readonly unknown[];
  readonly choice: string;
  readonly difficulty?: number;
  readonly hidden?: boolean;
}

/** The choices grouped as the dialog lists them, each once. */
export function groupedChoices(lists: ReadonlyArray<readonly RequestChoice[]>) {
  const groups = new Map<string, RequestChoice[]>();
  const seen = new Set<string>();
  for (const choice of lists.flat()) {
    if (seen.has(choice.id)) continue;
    seen.add(choice.id);
    groups.set(choice.group, [...(groups.get(choice.group) ?? []), choice]);
  }
  return [...groups].map(([label, choices]) => ({ label, choices }));
}

/** What the submitted form asks (unchecked: postRequest checks it against the documents). */
export function readRequestForm(form: FormData): RequestInput {
  const raw = form.get("difficulty");
  const difficulty = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  return {
    actors: form.getAll("actor").map(String),
    choice: String(form.get("choice") ?? ""),
    ...(Number.isFinite(difficulty) ? { difficulty } : {}),
    hidden: form.get("hidden") === "on" || form.get("hidden") === "true",
  };
}
