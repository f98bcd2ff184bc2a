import { templatePath } from "../sheets/paths";

/**
 * The play layer's partials every rule set's cards and dialogs use: a row's Apply and Undo buttons,
 * the outcome chances per target (outcome-line.ts), and the GM's roll request.
 */
export const PLAY_TEMPLATES: readonly string[] = [
  templatePath("play/row-buttons.hbs"),
  templatePath("play/outcome-odds.hbs"),
  templatePath("play/roll-request.hbs"),
  templatePath("play/request-dialog.hbs"),
];
