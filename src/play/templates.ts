import { templatePath } from "../sheets/paths";

/**
 * The play layer's partials every rule set's cards and dialogs use: a row's Apply and Undo buttons, and
 * the outcome chances per target (outcome-line.ts).
 */
export const PLAY_TEMPLATES: readonly string[] = [
  templatePath("play/row-buttons.hbs"),
  templatePath("play/outcome-odds.hbs"),
];
