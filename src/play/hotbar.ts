import { ruleSetOfType } from "../rulesets";
import { pluginOf } from "../rulesets/registry";
import { resolve } from "./documents";
import { ROLL_DRAG_TYPE, rollMacroData, type RollDrop, type RollMacroData } from "./macro-call";
import { warn } from "./notify";

interface DropActor {
  readonly uuid: string;
  readonly type: string;
  readonly img?: string;
}

interface DropItem {
  readonly id: string;
  readonly name: string;
  readonly img?: string;
  readonly type: string;
  readonly parent?: unknown;
}

interface HotbarMacro {
  readonly name: string;
  readonly command: string;
  readonly isAuthor: boolean;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The macro parts of an actor's rule set, when the actor is one of ours. */
function partsOf(actor: DropActor | null | undefined) {
  const ruleSet = actor ? ruleSetOfType("Actor", actor.type) : undefined;
  const macros = ruleSet ? pluginOf(ruleSet.id).macros : undefined;
  return ruleSet && macros ? { ruleSet, macros } : null;
}

/**
 * What a drop on the hotbar rolls: an item of one of our actors (the roll its row names, else its
 * rule set's roll for the item), or a sheet row's roll. Null for anything else (Foundry's own drop).
 */
export function dropOf(data: unknown): RollDrop | null {
  if (typeof data !== "object" || data === null) return null;
  const drop = data as Record<string, unknown>;
  if (drop.type === "Item") {
    const item = resolve<DropItem>(text(drop.uuid));
    const actor = (item?.parent ?? null) as DropActor | null;
    const found = partsOf(actor);
    if (!item || !actor || !found) return null;
    const named = (drop.anthology as { kind?: unknown } | undefined)?.kind;
    const kind = text(named) ?? found.macros.kindOfItem?.(item) ?? null;
    if (!kind || !found.macros.rolls[kind]) return null;
    const img = item.img ?? found.macros.icon;
    return { actor: actor.uuid, ruleSet: found.ruleSet.id, kind, item: item.id, key: null, name: item.name, img };
  }
  if (drop.type !== ROLL_DRAG_TYPE) return null;
  const actor = resolve<DropActor>(text(drop.actor));
  const found = partsOf(actor);
  const kind = text(drop.kind);
  if (!actor || !found || !kind || !found.macros.rolls[kind]) return null;
  return {
    actor: actor.uuid,
    ruleSet: found.ruleSet.id,
    kind,
    item: null,
    key: text(drop.key),
    name: text(drop.name) ?? kind,
    img: text(drop.img) ?? found.macros.icon,
  };
}

/** The user's own macro with this name and command, if they made one before; else a new one. */
async function macroFor(data: RollMacroData): Promise<unknown> {
  const macros = (game as unknown as { macros?: { find(test: (m: HotbarMacro) => boolean): unknown } }).macros;
  const existing = macros?.find((m) => m.isAuthor && m.name === data.name && m.command === data.command);
  if (existing) return existing;
  const Macro = (globalThis as unknown as { Macro: { implementation: { create(data: object): Promise<unknown> } } })
    .Macro;
  return Macro.implementation.create(data);
}

/** Makes (or reuses) the roll's macro and puts it in the slot. */
export async function createRollMacro(drop: RollDrop, slot: number): Promise<unknown> {
  try {
    const macro = await macroFor(rollMacroData(drop));
    if (!macro) return null;
    const user = game.user as unknown as { assignHotbarMacro(macro: unknown, slot: number): Promise<unknown> };
    await user.assignHotbarMacro(macro, slot);
    return macro;
  } catch {
    // A user who may not create script macros: Foundry refuses; say so instead of failing silently.
    warn("ANTHOLOGY.Macro.notCreated", { name: drop.name });
    return null;
  }
}

let pending: Promise<unknown> = Promise.resolve(null);

/** The macro the last drop is making (resolves to it, or null), for tests and Quench to wait on. */
export function lastRollMacro(): Promise<unknown> {
  return pending;
}

/**
 * Foundry's `hotbarDrop` hook: a roll from one of our sheets becomes a macro calling
 * `game.anthology.play.roll`; false stops Foundry's own handling. Anything else is left to Foundry.
 */
export function onHotbarDrop(_hotbar: unknown, data: unknown, slot: unknown): false | void {
  const drop = dropOf(data);
  if (!drop) return;
  pending = createRollMacro(drop, Number(slot));
  return false;
}
