/**
 * Stand-ins for the Handlebars helpers Foundry v13 registers and Anthology's templates use, written from
 * the public API docs: `localize` (game.i18n.localize) and `formInput` (an input for a data field; an
 * HTMLField becomes a <prose-mirror> editor holding the enriched HTML).
 */
import Handlebars from "handlebars";
import { format, localize } from "./stand-in";

export function foundryHandlebars(): typeof Handlebars {
  const hbs = Handlebars.create();
  // Like Foundry's helper: with hash data it formats ({{localize "KEY" name=value}}), else it localizes.
  hbs.registerHelper("localize", (key: string, options: Handlebars.HelperOptions) => {
    const data = Object.fromEntries(
      Object.entries((options?.hash ?? {}) as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    return Object.keys(data).length ? format(key, data) : localize(key);
  });
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
