/**
 * The text of a chat command as the `chatMessage` hook receives it: v13's chat input is plain text;
 * v14's is a rich editor, so "/odds 8k4x" arrives as `<p>/odds 8k4x</p>` (NOTES-v14.md §11).
 */
import { isV14 } from "./generation";
import { htmlToText } from "./html-text";

/** What the user typed, as plain text. */
export function chatCommandText(message: string): string {
  return isV14() ? htmlToText(message) : message;
}
