/**
 * Hotbar macros without Foundry: what `game.anthology.play.roll(...)` takes, the drag data a sheet row
 * gives, and the macro a drop makes of it. docs/macros.md describes them for macro writers.
 */

/** The drag data of a sheet row that is no item (a skill, a check, a special action). */
export const ROLL_DRAG_TYPE = "AnthologyRoll";

/** A call of `game.anthology.play.roll`, checked: every field a trimmed string or null. */
export interface RollCall {
  /** The actor's uuid or id; null: the selected token's actor, else the user's character. */
  readonly actor: string | null;
  /** The roll, by the name its rule set gives it (`attack`, `skill`, `check`...). */
  readonly kind: string;
  /** The item: its id, uuid or name on the actor. */
  readonly item: string | null;
  /** The trait rolled: a skill's or attribute's id, a special action's id. */
  readonly key: string | null;
  /** The rule set the macro was made in; an actor of another is refused. */
  readonly ruleSet: string | null;
}

/** A call that cannot be made: the i18n key of the reason and what it names. */
export interface BadCall {
  readonly problem: string;
  readonly data: Readonly<Record<string, string>>;
}

const FIELDS = ["actor", "kind", "item", "key", "ruleSet"] as const;
const MAX_LENGTH = 200;

/** Reads a call's argument as untrusted input: an object whose fields are short strings (kind required). */
export function parseRollCall(input: unknown): RollCall | BadCall {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { problem: "ANTHOLOGY.Macro.badCall", data: { field: "kind" } };
  }
  const raw = input as Record<string, unknown>;
  const out: Record<string, string | null> = {};
  for (const field of FIELDS) {
    const value = raw[field];
    if (value === undefined || value === null) out[field] = null;
    else if (typeof value === "string" && value.trim().length <= MAX_LENGTH) out[field] = value.trim() || null;
    else if (typeof value === "number" && field === "key" && Number.isFinite(value)) out[field] = String(value);
    else return { problem: "ANTHOLOGY.Macro.badCall", data: { field } };
  }
  if (!out.kind) return { problem: "ANTHOLOGY.Macro.badCall", data: { field: "kind" } };
  return out as unknown as RollCall;
}

export function isBadCall(parsed: RollCall | BadCall): parsed is BadCall {
  return "problem" in parsed;
}

/**
 * The drag data of a sheet row (its `data-roll-*` dataset): an item row keeps the item's own drag data
 * (it still drops on other sheets as an Item) and adds the roll it makes; another row names its roll.
 * Null when the row makes no roll. Self-contained: the browser test runs it on a rendered sheet.
 */
export function rollDragData(
  dataset: Readonly<Record<string, string | undefined>>,
  actorUuid: string,
  itemData: Readonly<Record<string, unknown>> | null,
): Record<string, unknown> | null {
  const kind = dataset.rollKind || null;
  if (itemData) return kind ? { ...itemData, anthology: { kind } } : { ...itemData };
  if (!kind) return null;
  return {
    type: "AnthologyRoll",
    actor: actorUuid,
    kind,
    key: dataset.rollKey || null,
    name: dataset.rollName || kind,
    img: dataset.rollImg || null,
  };
}

/** A dropped roll, its documents found: what the macro is made of. */
export interface RollDrop {
  readonly actor: string;
  readonly ruleSet: string;
  readonly kind: string;
  readonly item: string | null;
  readonly key: string | null;
  readonly name: string;
  readonly img: string;
}

/** The macro's data as Foundry creates it. */
export interface RollMacroData {
  readonly name: string;
  readonly type: "script";
  readonly img: string;
  readonly command: string;
  readonly flags: { readonly anthology: { readonly roll: true } };
}

/** JSON that is also safe JavaScript source, with no character that could open markup. */
function sourceJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The command a macro runs: one call of the public function, its arguments as data (never names). */
export function rollCommand(drop: Pick<RollDrop, "actor" | "ruleSet" | "kind" | "item" | "key">): string {
  const args: Record<string, string> = { actor: drop.actor, ruleSet: drop.ruleSet, kind: drop.kind };
  if (drop.item) args.item = drop.item;
  if (drop.key) args.key = drop.key;
  return `game.anthology.play.roll(${sourceJson(args)});`;
}

/** The macro a drop makes: named and pictured after its row, its command the public call. */
export function rollMacroData(drop: RollDrop): RollMacroData {
  const name = drop.name.trim().slice(0, MAX_LENGTH) || drop.kind;
  return { name, type: "script", img: drop.img, command: rollCommand(drop), flags: { anthology: { roll: true } } };
}
