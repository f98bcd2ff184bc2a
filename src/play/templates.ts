import { templatePath } from "../sheets/paths";

/** The play layer's partials every rule set's cards use: a row's Apply and Undo buttons, and the GM's roll request. */
export const PLAY_TEMPLATES: readonly string[] = [
  templatePath("play/row-buttons.hbs"),
  templatePath("play/roll-request.hbs"),
  templatePath("play/request-dialog.hbs"),
];
