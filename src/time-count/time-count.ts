import { MinHeap } from "./min-heap";
import { TimeCountError } from "./time-count-error";

/** One combatant's place in the count: the TC of its next action. */
export interface TimeCountEntry {
  readonly id: string;
  readonly tc: number;
}

/** Everything a Time Count holds, as plain data (what a Combat document stores). */
export interface TimeCountState {
  readonly current: number;
  /** In queue order: ascending TC, then the order in which they were scheduled. */
  readonly entries: readonly TimeCountEntry[];
}

/** The result of advancing: the new current TC and everyone due at it, who act simultaneously. */
export interface TimeCountStep {
  readonly tc: number;
  readonly acting: readonly string[];
}

export interface TimeCountOptions {
  /** How many steps `undo` can take back (oldest forgotten first). Default 1,000. */
  readonly historyLimit?: number;
}

interface Slot {
  tc: number;
  seq: number;
}

/** Everyone waiting for one TC, kept in scheduling order (the highest seq placed so far is `last`). */
interface Bucket {
  ids: Set<string>;
  last: number;
}

type Undo =
  | { readonly op: "join"; readonly id: string }
  | { readonly op: "place"; readonly id: string; readonly tc: number; readonly seq: number }
  | { readonly op: "advance"; readonly from: number };

/**
 * Heroes of Destiny's Time Count: time counts upward; each combatant waits for the TC of its next
 * action; whoever has the lowest TC acts, then adds the speed factor of what it did.
 *
 * Combatants sharing a TC are kept in one bucket and the distinct TCs in a min-heap, so joining,
 * acting, delaying and advancing cost O(log T) for T distinct pending TCs, however many combatants
 * there are. Nobody's TC is ever below the current count: `advance` cannot pass anyone who has not
 * acted. Every change can be taken back with `undo`.
 */
export class TimeCount {
  #current: number;
  readonly #slots = new Map<string, Slot>();
  readonly #buckets = new Map<number, Bucket>();
  readonly #heap = new MinHeap();
  readonly #inHeap = new Set<number>();
  readonly #history: Undo[] = [];
  readonly #historyLimit: number;
  #seq = 0;
  #queue: TimeCountEntry[] | null = null;

  constructor(state: TimeCountState = { current: 0, entries: [] }, options: TimeCountOptions = {}) {
    this.#historyLimit = Math.max(0, options.historyLimit ?? 1000);
    this.#current = finite(state.current);
    for (const { id, tc } of state.entries) this.join(id, tc);
    this.#history.length = 0;
  }

  /** The count now. */
  get current(): number {
    return this.#current;
  }

  /** Everyone waiting, ascending by TC, ties in the order they were scheduled. */
  get queue(): readonly TimeCountEntry[] {
    if (!this.#queue) {
      this.#queue = [...this.#slots]
        .sort(([, a], [, b]) => a.tc - b.tc || a.seq - b.seq)
        .map(([id, { tc }]) => Object.freeze({ id, tc }));
    }
    return this.#queue;
  }

  /** The TC of `id`'s next action, or undefined when it is not in the count. */
  tcOf(id: string): number | undefined {
    return this.#slots.get(id)?.tc;
  }

  has(id: string): boolean {
    return this.#slots.has(id);
  }

  /** Everyone due at the current TC who has not yet acted, in scheduling order. */
  due(): string[] {
    return this.#members(this.#current);
  }

  /** Everyone waiting for `tc`, in scheduling order. */
  at(tc: number): string[] {
    return this.#members(tc);
  }

  /** The lowest TC anyone waits for (the current one while someone due has not acted), or undefined. */
  get lowest(): number | undefined {
    return this.#lowest();
  }

  /**
   * `id`'s next action is at `tc`, whatever it was: it joins, moves (earlier or later) or, already
   * there, keeps its place. For keeping a count in step with stored data; `tc` may not be in the past.
   * Returns whether anything changed.
   */
  schedule(id: string, tc: number): boolean {
    const at = finite(tc);
    this.#notBefore(at);
    const slot = this.#slots.get(id);
    if (slot?.tc === at) return false;
    if (slot) this.#move(id, slot, at);
    else {
      this.#place(id, at, this.#seq++);
      this.#record({ op: "join", id });
    }
    return true;
  }

  /**
   * The count moves forward to `tc` (a count stored elsewhere, read back), passing nobody: refused when
   * `tc` is in the past or anyone waits for an earlier TC.
   */
  moveTo(tc: number): void {
    const to = finite(tc);
    this.#notBefore(to);
    const lowest = this.#lowest();
    if (lowest !== undefined && lowest < to) {
      const id = this.#members(lowest)[0]!;
      throw new TimeCountError(
        "passes",
        { id, tc: String(lowest), to: String(to) },
        `The count cannot move to TC ${to}: "${id}" waits for TC ${lowest}`,
      );
    }
    if (to === this.#current) return;
    this.#record({ op: "advance", from: this.#current });
    this.#current = to;
  }

  /** `id` enters the count; its first action is at the absolute TC `initiative`. */
  join(id: string, initiative: number): void {
    const tc = finite(initiative);
    if (this.#slots.has(id)) throw new TimeCountError("duplicate", { id }, `"${id}" is already in the Time Count`);
    this.#notBefore(tc);
    this.#place(id, tc, this.#seq++);
    this.#record({ op: "join", id });
  }

  /**
   * Moves the count to the lowest pending TC and returns everyone due there. Anyone still due at the
   * current TC keeps the count where it is: they are returned again. With nobody left, `acting` is empty.
   */
  advance(): TimeCountStep {
    const tc = this.#lowest();
    if (tc === undefined) return { tc: this.#current, acting: [] };
    if (tc !== this.#current) {
      this.#record({ op: "advance", from: this.#current });
      this.#current = tc;
    }
    return { tc, acting: this.#members(tc) };
  }

  /**
   * The tracker's Advance: anyone due who has not acted holds, and acts with the next group (or one
   * TC later, when nobody else is waiting); then the count moves on.
   */
  advanceHolding(): TimeCountStep & { readonly held: readonly string[] } {
    const held = this.due();
    if (held.length) {
      const next = this.#lowestAbove(this.#current) ?? this.#current + 1;
      for (const id of held) this.delay(id, next);
    }
    return { ...this.advance(), held };
  }

  /** `id`, due now, has acted: its next action comes `speedFactor` TC later. Returns that TC. */
  acted(id: string, speedFactor: number): number {
    const slot = this.#slot(id);
    const sf = finite(speedFactor);
    if (sf < 0)
      throw new TimeCountError("negativeSpeed", { value: String(sf) }, `A speed factor cannot be negative (${sf})`);
    if (slot.tc !== this.#current) {
      throw new TimeCountError(
        "notDue",
        { id, tc: String(slot.tc), current: String(this.#current) },
        `"${id}" is not due: it acts at TC ${slot.tc}, the count is at ${this.#current}`,
      );
    }
    return this.#move(id, slot, this.#current + sf);
  }

  /** `id` waits: its next action moves to the later TC `toTc`. */
  delay(id: string, toTc: number): number {
    const slot = this.#slot(id);
    const tc = finite(toTc);
    if (tc <= slot.tc) {
      throw new TimeCountError(
        "notLater",
        { id, tc: String(tc), own: String(slot.tc) },
        `A delay must be to a later TC than ${slot.tc} (got ${tc})`,
      );
    }
    return this.#move(id, slot, tc);
  }

  /**
   * `id` cuts its action short (abandons it): its next action comes at `toTc` instead, earlier than the
   * one it was waiting for but after the count now. Returns that TC.
   */
  cutShort(id: string, toTc: number): number {
    const slot = this.#slot(id);
    const tc = finite(toTc);
    if (tc >= slot.tc || tc <= this.#current) {
      throw new TimeCountError(
        "notEarlier",
        { id, tc: String(tc), own: String(slot.tc), current: String(this.#current) },
        `Cutting an action short must bring it between TC ${this.#current} and ${slot.tc} (got ${tc})`,
      );
    }
    return this.#move(id, slot, tc);
  }

  /** `id` leaves the count (removed, defeated). Returns whether it was there. */
  leave(id: string): boolean {
    const slot = this.#slots.get(id);
    if (!slot) return false;
    this.#unplace(id, slot);
    this.#record({ op: "place", id, tc: slot.tc, seq: slot.seq });
    return true;
  }

  /** Takes back the last change (join, advance, acted, delay or leave). Returns false when none is left. */
  undo(): boolean {
    const step = this.#history.pop();
    if (!step) return false;
    if (step.op === "advance") this.#current = step.from;
    else if (step.op === "join") this.#unplace(step.id, this.#slots.get(step.id)!);
    else {
      const slot = this.#slots.get(step.id);
      if (slot) this.#unplace(step.id, slot);
      this.#place(step.id, step.tc, step.seq);
    }
    return true;
  }

  /** How many changes `undo` can still take back. */
  get undoable(): number {
    return this.#history.length;
  }

  /** Plain data for storage; `new TimeCount(state)` restores it (history is not part of it). */
  state(): TimeCountState {
    return { current: this.#current, entries: [...this.queue] };
  }

  #slot(id: string): Slot {
    const slot = this.#slots.get(id);
    if (!slot) throw new TimeCountError("unknown", { id }, `"${id}" is not in the Time Count`);
    return slot;
  }

  #notBefore(tc: number): void {
    if (tc < this.#current) {
      throw new TimeCountError(
        "inThePast",
        { tc: String(tc), current: String(this.#current) },
        `TC ${tc} is in the past: the count is at ${this.#current}`,
      );
    }
  }

  #move(id: string, slot: Slot, tc: number): number {
    this.#unplace(id, slot);
    this.#place(id, tc, this.#seq++);
    this.#record({ op: "place", id, tc: slot.tc, seq: slot.seq });
    return tc;
  }

  #place(id: string, tc: number, seq: number): void {
    this.#slots.set(id, { tc, seq });
    let bucket = this.#buckets.get(tc);
    if (!bucket) this.#buckets.set(tc, (bucket = { ids: new Set(), last: -1 }));
    bucket.ids.add(id);
    if (seq > bucket.last) bucket.last = seq;
    // Only undo places someone back with an older seq: then the bucket is put in order again.
    else bucket.ids = new Set([...bucket.ids].sort((a, b) => this.#slots.get(a)!.seq - this.#slots.get(b)!.seq));
    if (!this.#inHeap.has(tc)) {
      this.#inHeap.add(tc);
      this.#heap.push(tc);
    }
    this.#queue = null;
  }

  #unplace(id: string, slot: Slot): void {
    this.#slots.delete(id);
    const bucket = this.#buckets.get(slot.tc)!;
    bucket.ids.delete(id);
    // The heap keeps the TC until `#lowest` meets it empty: removal from the middle of a heap is not cheap.
    if (bucket.ids.size === 0) this.#buckets.delete(slot.tc);
    this.#queue = null;
  }

  #lowest(): number | undefined {
    for (;;) {
      const tc = this.#heap.peek();
      if (tc === undefined || this.#buckets.has(tc)) return tc;
      this.#heap.pop();
      this.#inHeap.delete(tc);
    }
  }

  /** The lowest pending TC above `tc`: the top of the heap is set aside for a moment when it is `tc`. */
  #lowestAbove(tc: number): number | undefined {
    const top = this.#lowest();
    if (top === undefined || top > tc) return top;
    this.#heap.pop();
    const next = this.#lowest();
    this.#heap.push(top);
    return next;
  }

  /** Everyone at `tc`, in scheduling order (each bucket is kept in that order, so nothing is sorted). */
  #members(tc: number): string[] {
    const bucket = this.#buckets.get(tc);
    return bucket ? [...bucket.ids] : [];
  }

  #record(step: Undo): void {
    if (this.#historyLimit === 0) return;
    this.#history.push(step);
    // Forget the oldest in batches, so each change stays O(1) amortised.
    if (this.#history.length > 2 * this.#historyLimit)
      this.#history.splice(0, this.#history.length - this.#historyLimit);
  }
}

function finite(value: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new TimeCountError("notFinite", { value: String(value) }, `Not a finite number: ${String(value)}`);
  }
  return value;
}

/** A new, empty Time Count at TC 0 (or one restored from stored state). */
export function createTimeCount(state?: TimeCountState, options?: TimeCountOptions): TimeCount {
  return new TimeCount(state, options);
}
