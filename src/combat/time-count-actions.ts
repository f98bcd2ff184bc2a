/** One act's speed factor as the formulas the GM's client rolls, visibly when they hold dice. */
export interface SpeedFactorPlan {
  /** Rolled in order (a static SF is a plain number, "" rolls nothing); their totals go to `settle`. */
  readonly formulas: readonly string[];
}

/** How the chat line names an action: its i18n key, and for a key with `{name}`, the key of that name. */
export interface ActionLabel {
  readonly key: string;
  readonly nameKey?: string;
}

/** A number of a combatant's the tracker shows its owners and the GM ("HP 18/24"). */
export interface TrackerTrack {
  /** The i18n key of its short label. */
  readonly key: string;
  readonly value: number;
  /** Its maximum, when it has one. */
  readonly max?: number;
  /** "bad" draws attention (at or past a threshold). */
  readonly tone?: "bad" | "note";
}

/** A condition the tracker shows on a combatant, to everyone who sees the combatant. */
export interface TrackerMarker {
  /** The i18n key of its name. */
  readonly key: string;
  readonly tone?: "bad" | "note";
}

/** What a rule set shows under a combatant's name in the tracker. */
export interface TrackerStatus {
  readonly tracks: readonly TrackerTrack[];
  readonly markers: readonly TrackerMarker[];
}

/**
 * What acting means on the Time Count, given by the plug-in of a rule set whose initiative order is
 * "time-count" (`RuleSetPlugin.timeCount`). The shared Combat, tracker and GM requests use it and
 * never look inside a `Choice`: plain JSON data that the Act dialog or a card produces on a user's
 * client, crosses the socket, and is checked again with `parse` on the GM's.
 */
export interface TimeCountActions<Choice = unknown, Plan extends SpeedFactorPlan = SpeedFactorPlan> {
  /** The Act dialog: a template path and the data it renders for one combatant. */
  readonly dialog: {
    readonly template: string;
    /** `actor`: the combatant's actor (its weapons may be offered), null when it has none. */
    context(combatant: { readonly name: string; readonly rolled: boolean; readonly actor: object | null }): object;
  };
  /** Whether this combatant's speed factor is rolled (otherwise the static one is used). */
  rollsSpeedFactor(actor: { readonly hasPlayerOwner: boolean } | null): boolean;
  /** Reads the submitted Act dialog (its FormData entries) into a choice, on the acting user's client. */
  fromForm(entries: Iterable<[string, unknown]>): Choice;
  /**
   * Checks a choice from outside (a socket message, a macro) and returns a clean copy: anything
   * malformed (unknown ids, wrong types, NaN, numbers out of bounds) is refused with a TimeCountError,
   * whose key and data give the localised message. The GM runs it on every act.
   */
  parse(raw: unknown): Choice;
  /** The speed factor's formulas for a parsed choice; `rolled` false gives the static SF. May refuse too. */
  plan(choice: Choice, rolled: boolean): Plan;
  /** The speed factor from the totals of `plan.formulas`, in the same order. */
  settle(plan: Plan, totals: readonly number[]): number;
  /** How the chat line that shows the SF names the action. */
  label(choice: Choice): ActionLabel;
  /** Flags (the system's scope) the act leaves on the combatant: undone with the step. */
  flagsAfter(choice: Choice): Readonly<Record<string, unknown>>;
  /** Flags (the system's scope) that marking a combatant surprised, or not, sets beside `surprised`. */
  flagsOnSurprise(surprised: boolean): Readonly<Record<string, unknown>>;
  /**
   * Combatant flags (the system's scope) only the GM writes: kept with the combatant's place in the
   * combat's `schedule`, and put back by the active GM when a player writes them.
   */
  readonly gmFlags: readonly string[];
  /**
   * The choice the GM records, run on the GM's client for every act once `parse` has checked its shape:
   * the rule set checks it against the combatant's actor as it stands (`byGm` false: a player asked, and
   * every speed must be the one the rules give that actor; refused otherwise with a TimeCountError or a
   * RequestRefused) and adds what the actor's condition adds. Absent: the parsed choice as it is.
   */
  resolve?(choice: Choice, actor: object | null, byGm: boolean): Choice;
  /**
   * Cutting short the action under way, as the rules allow it: `flags` are the combatant's GM-only flags
   * as the GM keeps them (what it last did), `current` the count. Returns the TC its next action then
   * comes at and the flags the abandon leaves; null when what it last did cannot be cut short (a player
   * is refused; a GM's own TC stands). Absent: nothing can.
   */
  cutShort?(
    flags: Readonly<Record<string, unknown>>,
    current: number,
  ): { readonly tc: number; readonly flags: Readonly<Record<string, unknown>> } | null;
  /**
   * What the tracker shows under a combatant's name: its numbers (shown only to its owners and the GM)
   * and its condition markers (shown to all). Absent: nothing.
   */
  status?(actor: object | null): TrackerStatus;
  /**
   * Whether the acting user may submit this choice for the combatant's actor (on their client, before
   * it is sent): the rule set tells why not (a player is refused, a GM may be let through). Absent: yes.
   */
  allows?(choice: Choice, actor: object | null): boolean;
  /**
   * Run on the acting user's client once the act is recorded (a roll the act calls for, such as a
   * check its rules make due). Absent: nothing.
   */
  afterAct?(choice: Choice, actor: object | null): Promise<void>;
}
