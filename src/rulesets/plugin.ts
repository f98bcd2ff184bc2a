import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import type { TimeCountActions } from "../combat/time-count-actions";
import type { AnyCardKind } from "../play/kind";
import type { Line, SheetEffect } from "../sheets/effects-tab";
import type { TypedDocumentName } from "./types";

/** A TypeDataModel class as Foundry registers it (`CONFIG.Actor.dataModels[type]`). */
export type DataModelClass = abstract new (...args: never[]) => unknown;

/** A sheet for one document type, with the label the Sheet Configuration dialog shows. */
export interface SheetEntry {
  readonly sheet: unknown;
  readonly label: string;
}

/** A status effect that joins `CONFIG.statusEffects` while the rule set is the world's. */
export interface StatusEffectEntry {
  readonly id: string;
  readonly name: string;
  readonly img: string;
}

/** A world setting of a rule set, registered under the system's namespace (GM-only). */
export interface SettingEntry {
  /** The key under `anthology.` (unique among every rule set's settings; stored data: never rename). */
  readonly key: string;
  readonly name: string;
  readonly hint: string;
  readonly type: "string" | "number" | "boolean";
  readonly default: string | number | boolean;
  /** For a string setting: the values offered, with their labels' i18n keys. */
  readonly choices?: Readonly<Record<string, string>>;
  readonly requiresReload?: boolean;
}

/** A Quench batch a GM can run in a live world. */
export interface QuenchBatchEntry {
  /** Short id; registered as `anthology.<id>`. */
  readonly id: string;
  /** i18n key or plain text of the name Quench lists. */
  readonly displayName: string;
  readonly batch: (context: QuenchBatchContext) => void;
}

/** A rule set's additions to the rounds tracker (the plug-in's `rounds`): menu entries and row marks. */
export interface RoundsTrackerParts {
  readonly entries?: ReadonlyArray<{
    readonly label: string;
    readonly icon: string;
    visible?(combatant: unknown, combat: unknown): boolean;
    onClick(combatant: unknown, combat: unknown): unknown;
  }>;
  /** Adds what a combatant's row shows (its element is the row, already rendered). */
  decorate?(row: HTMLElement, combatant: unknown, combat: unknown): void;
  /**
   * Whether a combatant is kept out of the round under way (before the start: round 1): it rolls no
   * initiative and takes no turn in it. The i18n key of the reason (given `{name}`), or null.
   */
  keptOut?(combatant: unknown, combat: unknown): string | null;
  /**
   * Runs on the client that starts a new round, before the round number moves (so the round's turn
   * events, and the effects that end with them, see the new order).
   */
  beforeRound?(combat: unknown): Promise<void>;
  /**
   * Orders two combatants whose initiative ties (below 0: `a` acts first), before the tracker's name
   * order; 0 when the rule set cannot tell them apart.
   */
  tieBreak?(a: unknown, b: unknown): number;
  /** The initiative formula a combatant rolls, from the rule set's (dice its owner chose to add). */
  initiativeFormula?(combatant: unknown, formula: string): string;
}

/**
 * One roll a hotbar macro can make (`game.anthology.play.roll`): the flow a sheet button of that row
 * calls, with the same dialog, odds, card and targets. The shared layer finds the actor and the item,
 * refuses what is gone or not the user's, and then calls `roll`.
 */
export interface MacroRoll {
  /** Whether it rolls with one of the actor's items: "required" (a weapon's attack), "optional" (unarmed without one). */
  readonly item?: "required" | "optional";
  /** The item types it takes, by short name ("weapon" for "fade-weapon"); any type when left out. */
  readonly itemTypes?: readonly string[];
  /** For a roll of a named trait (a skill, an attribute, a special action): whether the actor has `key`. */
  hasKey?(actor: unknown, key: string): boolean;
  /** The sheet button's flow. */
  roll(actor: unknown, item: unknown | null, key: string | null): Promise<unknown>;
}

/** What a rule set's rows give to hotbar macros (the plug-in's `macros`). */
export interface MacroParts {
  /** The rolls by kind: the `kind` a macro names and a row's `data-roll-kind`. */
  readonly rolls: Readonly<Record<string, MacroRoll>>;
  /** The macro's icon when no item gives one (a skill, a check). */
  readonly icon: string;
  /** The roll an item row makes when it names none: a weapon's attack; null when the item has none. */
  kindOfItem?(item: { readonly type: string }): string | null;
}

/**
 * The Foundry side of one rule set, exported as `plugin` from `src/rulesets/<id>/index.ts`. Every
 * part is optional: a rule set that declares nothing here plays on the shared data models, sheets and
 * cards. Shared code loops over the plug-ins and never names one.
 */
export interface RuleSetPlugin {
  /** The row of the rule-set table this is the Foundry side of. */
  readonly id: string;
  /** Data models by short type name ("character" for "fade-character"); other types keep the shared ones. */
  readonly dataModels?: Partial<Record<TypedDocumentName, Readonly<Record<string, DataModelClass>>>>;
  /** Sheets by short type name; other types keep the shared sheet of their document. */
  readonly sheets?: Partial<Record<TypedDocumentName, Readonly<Record<string, SheetEntry>>>>;
  /** Templates its sheets, cards and dialogs render, preloaded at init. */
  readonly templates?: readonly string[];
  /** Its world settings; shown in the settings menu only while this is the world's rule set. */
  readonly settings?: readonly SettingEntry[];
  /** Status effects added to the token HUD while this is the world's rule set. */
  readonly statuses?: readonly StatusEffectEntry[];
  /**
   * Hooks it listens to, registered in every world (a handler looks only at its own documents, since
   * documents of another rule set can stay in a world).
   */
  readonly hooks?: Readonly<Record<string, (...args: never[]) => unknown>>;
  /** Its chat card kinds: typed data, a template, buttons, and how the GM applies a row. */
  readonly cards?: readonly AnyCardKind[];
  /**
   * What acting means on the Time Count, for a rule set whose initiative order is "time-count": the Act
   * dialog and its form, checking a choice sent by a player, the speed factor's dice and how they settle,
   * the chat label, and the combatant flags an act leaves. The shared Combat and tracker use nothing else
   * of the rule set; without it a Time Count world can advance but records no actions.
   */
  readonly timeCount?: TimeCountActions;
  /** For a rule set with rounds: entries of the tracker's combatant menu, and marks on each row. */
  readonly rounds?: RoundsTrackerParts;
  /** The rolls its sheet rows put on the hotbar (docs/macros.md). */
  readonly macros?: MacroParts;
  /** Batches for the Quench module. */
  readonly quench?: readonly QuenchBatchEntry[];
  /**
   * How long one of its effects lasts, in words, when it keeps its own time (a Time Count): the
   * Effects tab shows this instead of Foundry's rounds. Null for an effect it does not time.
   */
  effectLasting?(effect: SheetEffect): Line | null;
  /** Registers what else it needs at init (GM requests, card kinds); runs in every world. */
  init?(): void;
}
