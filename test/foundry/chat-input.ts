/**
 * What Foundry's chat log hands the `chatMessage` hook for a line the user typed (NOTES-v14.md §11):
 * v13's textarea gives the text; v14's ProseMirror editor gives its HTML, a paragraph with the text
 * escaped (and runs of spaces as no-break spaces).
 */
import { standInGeneration } from "./generation";

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export function typedInChat(line: string): string {
  if (standInGeneration() !== 14) return line;
  return `<p>${escape(line).replace(/ {2}/g, " &nbsp;")}</p>`;
}
