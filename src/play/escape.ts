const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe to put into HTML: every character that could open markup becomes an entity. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A localisation's placeholder values, each escaped, for a string that ends up as HTML. */
export function escapeData(data: Readonly<Record<string, unknown>> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, escapeHtml(v)]));
}
