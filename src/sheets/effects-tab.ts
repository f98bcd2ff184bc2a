/**
 * The Effects tab every actor sheet has: the actor's Active Effects (statuses among them) and those
 * its items pass on, with where each comes from, what it changes and what is left of it, and the
 * owner's controls to create, edit, switch off and delete them.
 */
import { effectChanges, effectEncounter, roundsLeft, statusEntry, type EffectLike } from "../foundry";
import type { TabSpec } from "./foundry-bases";

/** The tab, between a rule set's own tabs and the notes. */
export const EFFECTS_TAB: TabSpec = {
  id: "effects",
  icon: "fa-solid fa-bolt",
  label: "ANTHOLOGY.Sheet.Tabs.effects",
};

/** An effect as the tab reads it: Foundry's ActiveEffect, on the actor or on one of its items. */
export interface SheetEffect extends EffectLike {
  readonly name: string;
  readonly img?: string | null;
  readonly disabled: boolean;
  /** Foundry's ActiveEffect#isSuppressed: on record but not applied (an item not equipped). */
  readonly isSuppressed?: boolean;
  readonly statuses?: ReadonlySet<string>;
  readonly parent?: { readonly documentName?: string; readonly name?: string; readonly id?: string } | null;
  readonly origin?: string | null;
  readonly sheet?: { render(options: object): unknown } | null;
  readonly _source?: EffectLike["_source"] & { readonly changes?: unknown; readonly system?: unknown };
  update(data: object): Promise<unknown>;
  deleteDialog?(): Promise<unknown>;
  delete(): Promise<unknown>;
}

/** The actor whose effects the tab shows. */
export interface EffectOwner {
  readonly effects: Iterable<SheetEffect> & { get(id: string): SheetEffect | undefined };
  readonly items: { get(id: string): { readonly effects?: { get(id: string): SheetEffect | undefined } } | undefined };
  allApplicableEffects?(): Iterable<SheetEffect>;
  createEmbeddedDocuments(name: "ActiveEffect", data: object[]): Promise<Array<{ sheet?: SheetEffect["sheet"] }>>;
}

/** A line of text the template localises: a key and its data. */
export interface Line {
  readonly key: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

/** One row of the tab. */
export interface EffectRow {
  readonly id: string;
  /** The item it comes from (its id), or "" for the actor's own. */
  readonly itemId: string;
  readonly name: string;
  readonly img: string;
  readonly disabled: boolean;
  /** Suppressed: its item is not equipped, so it changes nothing until the item is. */
  readonly suppressed: boolean;
  /** Where it comes from, how long it lasts and its statuses, in the user's language. */
  readonly source: string;
  readonly statuses: readonly string[];
  readonly changes: readonly string[];
  readonly lasting: string;
}

/** A line in the user's language. */
const text = (line: Line) =>
  line.data ? game.i18n!.format(line.key, { ...line.data } as never) : game.i18n!.localize(line.key);

type Combats = Parameters<typeof roundsLeft>[1];

/** How long an effect lasts, in words: the rule set's own reading first (a Time Count), then rounds, the encounter, or until removed. */
function lastingOf(effect: SheetEffect, combats: Combats, own: Line | null): Line {
  if (own) return own;
  const left = roundsLeft(effect, combats);
  if (left && left.left !== null) return { key: "ANTHOLOGY.Effects.roundsLeft", data: { left: left.left } };
  if (left) return { key: "ANTHOLOGY.Effects.roundsOutOfCombat", data: { rounds: left.rounds } };
  if (effectEncounter(effect)) return { key: "ANTHOLOGY.Effects.encounter" };
  return { key: "ANTHOLOGY.Effects.untilRemoved" };
}

/** Where an effect comes from: the item that passes it on, or the actor itself. */
function sourceOf(effect: SheetEffect): Line {
  const parent = effect.parent;
  if (parent?.documentName === "Item") return { key: "ANTHOLOGY.Effects.fromItem", data: { name: parent.name ?? "" } };
  return { key: "ANTHOLOGY.Effects.own" };
}

/**
 * The tab's rows, in the order the actor has them (its own first, then its items'). `describe` is the
 * rule set's reading of how long an effect lasts when it keeps its own time (null to use Foundry's).
 */
export function effectRows(
  actor: EffectOwner,
  combats: Combats,
  describe: (effect: SheetEffect) => Line | null = () => null,
): EffectRow[] {
  const effects = actor.allApplicableEffects ? [...actor.allApplicableEffects()] : [...actor.effects];
  return effects.map((effect) => {
    const statuses = [...(effect.statuses ?? [])].map((id) => game.i18n!.localize(statusEntry(id)?.name ?? id));
    return {
      id: effect.id,
      itemId: effect.parent?.documentName === "Item" ? (effect.parent.id ?? "") : "",
      name: effect.name,
      img: effect.img || "icons/svg/aura.svg",
      disabled: effect.disabled,
      suppressed: effect.isSuppressed === true,
      source: text(sourceOf(effect)),
      statuses,
      changes: effectChanges(effect).map((c) => `${c.key} ${c.type} ${c.value}`),
      lasting: text(lastingOf(effect, combats, describe(effect))),
    };
  });
}

/** The effect a control belongs to: the row's `data-effect-id`, on the actor or on the row's item. */
export function effectOf(actor: EffectOwner, target: HTMLElement): SheetEffect | undefined {
  const row = target.closest<HTMLElement>("[data-effect-id]");
  const id = row?.dataset.effectId;
  if (!id) return undefined;
  const itemId = row.dataset.itemId;
  return itemId ? actor.items.get(itemId)?.effects?.get(id) : actor.effects.get(id);
}

/** A new effect on the actor, named "New effect", its sheet opened. */
export async function createEffect(actor: EffectOwner): Promise<void> {
  const name = game.i18n!.localize("ANTHOLOGY.Effects.newEffect");
  const [created] = await actor.createEmbeddedDocuments("ActiveEffect", [{ name, img: "icons/svg/aura.svg" }]);
  await created?.sheet?.render({ force: true });
}

export async function editEffect(actor: EffectOwner, target: HTMLElement): Promise<void> {
  await effectOf(actor, target)?.sheet?.render({ force: true });
}

/** Switches an effect off, or on again. */
export async function toggleEffect(actor: EffectOwner, target: HTMLElement): Promise<void> {
  const effect = effectOf(actor, target);
  if (effect) await effect.update({ disabled: !effect.disabled });
}

/** Deletes an effect, asking first (Foundry's dialog). */
export async function deleteEffect(actor: EffectOwner, target: HTMLElement): Promise<void> {
  const effect = effectOf(actor, target);
  if (!effect) return;
  await (effect.deleteDialog ? effect.deleteDialog() : effect.delete());
}
