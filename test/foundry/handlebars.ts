/**
 * Stand-ins for the Handlebars helpers Foundry v13 registers and Anthology's templates use, written from
 * the public API docs: `localize` (game.i18n.localize) and `formInput` (an input for a data field; an
 * HTMLField becomes a <prose-mirror> editor holding the enriched HTML).
 */
import Handlebars from "handlebars";
import { localize } from "./stand-in";

export function foundryHandlebars(): typeof Handlebars {
  const hbs = Handlebars.create();
  hbs.registerHelper("localize", (key: string) => localize(key));
  hbs.registerHelper("formInput", (field: { kind?: string } | undefined, options: Handlebars.HelperOptions) => {
    const { name, value, enriched, toggled } = options.hash as Record<string, unknown>;
    const esc = hbs.escapeExpression;
    if (field?.kind === "html") {
      return new hbs.SafeString(
        `<prose-mirror name="${esc(String(name))}"${toggled ? " toggled" : ""} data-value="${esc(String(value ?? ""))}">` +
          `<div class="editor-content">${String(enriched ?? "")}</div></prose-mirror>`,
      );
    }
    return new hbs.SafeString(`<input type="text" name="${esc(String(name))}" value="${esc(String(value ?? ""))}">`);
  });
  return hbs;
}
