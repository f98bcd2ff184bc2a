import { RULE_SETS, documentType, ruleSetLabelKey, ruleSetOfType, type RuleSetDefinition } from "../rulesets";
import type { MacroRoll } from "../rulesets/plugin";
import { pluginOf } from "../rulesets/registry";
import { macroActorSetting } from "../settings";
import { resolve } from "./documents";
import { isBadCall, parseRollCall, type RollCall } from "./macro-call";
import { warn } from "./notify";

/** An actor as a macro finds it. */
interface MacroActor {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly isOwner: boolean;
  readonly items: { get(id: string): MacroItem | undefined; readonly contents: readonly MacroItem[] };
}

interface MacroItem {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
}

/** The actor named by uuid (a world actor, a token's) or by a world actor's id. */
function actorNamed(ref: string): MacroActor | null {
  const byUuid = ref.includes(".") ? resolve<MacroActor>(ref) : null;
  if (byUuid) return byUuid.items ? byUuid : null;
  const actors = (game as unknown as { actors?: { get(id: string): MacroActor | undefined } }).actors;
  return actors?.get(ref) ?? null;
}

/** The first selected token's actor on the canvas, if any. */
function selectedActor(): MacroActor | null {
  const canvas = (globalThis as { canvas?: { tokens?: { controlled?: ReadonlyArray<{ actor?: MacroActor | null }> } } })
    .canvas;
  return canvas?.tokens?.controlled?.find((t) => t.actor)?.actor ?? null;
}

function userCharacter(): MacroActor | null {
  return (game.user as unknown as { character?: MacroActor | null } | undefined)?.character ?? null;
}

/**
 * Whose roll it is: with the GM's setting "selected", the selected token's actor first; otherwise the
 * actor the call names. A call naming none takes the selected token's, then the user's character.
 * `named` is what the call names (null when it names nothing or it is gone).
 */
function chooseActor(call: RollCall): { actor: MacroActor | null; named: MacroActor | null } {
  const named = call.actor ? actorNamed(call.actor) : null;
  if (macroActorSetting() === "selected") return { actor: selectedActor() ?? named, named };
  if (call.actor) return { actor: named, named };
  return { actor: selectedActor() ?? userCharacter(), named };
}

/**
 * The item a call names on `actor`: by id, by uuid, by name; for an actor other than the one the macro
 * was made from (the selected token's), the named actor's item of that id by its name and type.
 */
function itemOn(actor: MacroActor, ref: string, named: MacroActor | null): MacroItem | null {
  const id = ref.includes(".") ? ref.slice(ref.lastIndexOf(".") + 1) : ref;
  const direct = actor.items.get(id) ?? actor.items.contents.find((i) => i.name === ref);
  if (direct) return direct;
  const original = named && named !== actor ? named.items.get(id) : undefined;
  return original
    ? (actor.items.contents.find((i) => i.name === original.name && i.type === original.type) ?? null)
    : null;
}

function fitsType(ruleSet: RuleSetDefinition, roll: MacroRoll, item: MacroItem): boolean {
  return !roll.itemTypes || roll.itemTypes.some((t) => documentType(ruleSet.id, t) === item.type);
}

/** A rule set's label for a message, in the user's words (notify localises it). */
const labelOf = (ruleSet: RuleSetDefinition) => ruleSetLabelKey(ruleSet);

/**
 * `game.anthology.play.roll(...)`: the roll a macro names, through the same flow as its sheet button
 * (dialog, odds, card, the user's targets). Anything missing, foreign or not the user's is refused with
 * a message, and the call resolves to null; otherwise to what the flow gives (its chat message, or null).
 */
export async function rollFromMacro(input: unknown): Promise<unknown> {
  const call = parseRollCall(input);
  if (isBadCall(call)) return (warn(call.problem, call.data), null);
  const { actor, named } = chooseActor(call);
  if (!actor) {
    return (
      warn(call.actor ? "ANTHOLOGY.Macro.actorGone" : "ANTHOLOGY.Macro.noActor", { actor: call.actor ?? "" }),
      null
    );
  }
  const ruleSet = ruleSetOfType("Actor", actor.type);
  if (!ruleSet || (call.ruleSet && ruleSet.id !== call.ruleSet)) {
    const wanted = RULE_SETS.find((r) => r.id === call.ruleSet);
    const macroRuleSet = wanted ? labelOf(wanted) : (call.ruleSet ?? "");
    return (warn("ANTHOLOGY.Macro.foreignActor", { name: actor.name, ruleSet: macroRuleSet }), null);
  }
  const roll = pluginOf(ruleSet.id).macros?.rolls[call.kind];
  if (!roll) return (warn("ANTHOLOGY.Macro.unknownKind", { kind: call.kind, ruleSet: labelOf(ruleSet) }), null);
  if (!actor.isOwner) return (warn("ANTHOLOGY.Macro.notYours", { name: actor.name }), null);
  let item: MacroItem | null = null;
  if (roll.item) {
    item = call.item ? itemOn(actor, call.item, named) : null;
    if (call.item && !item) return (warn("ANTHOLOGY.Macro.itemGone", { name: actor.name, item: call.item }), null);
    if (!item && roll.item === "required") return (warn("ANTHOLOGY.Macro.noItem", { name: actor.name }), null);
    if (item && !fitsType(ruleSet, roll, item)) {
      return (warn("ANTHOLOGY.Macro.wrongItem", { item: item.name, kind: call.kind }), null);
    }
  }
  let key: string | null = null;
  if (roll.hasKey) {
    if (!call.key) return (warn("ANTHOLOGY.Macro.noKey", { kind: call.kind }), null);
    if (!roll.hasKey(actor, call.key))
      return (warn("ANTHOLOGY.Macro.lacksKey", { name: actor.name, key: call.key }), null);
    key = call.key;
  }
  return roll.roll(actor, item, key);
}
