/**
 * The attacker as they stood when an attack was rolled (issue 29): the GM's apply judges each row with
 * the attacker's wounds of that moment, so the order in which rows are applied never changes who hit.
 *
 * What is trusted: the attack message's server creation time (`_stats.createdTime`), and the hits the GM
 * applied to the attacker since, each found through the attacker's ledger and read from the hitting
 * card's own applied mark (its time and the Vitality it took). A mark counts only on a Fading Suns attack
 * card whose row names the attacker and whose author cannot rewrite it to the attacker's gain (a GM, or
 * a user who does not own the attacker). Nothing the attacker's own card says is read.
 */
import { SYSTEM_ID } from "../../../constants";
import { cardOf } from "../../../play/cards";
import { messageById, postedAt, userById, type PlayActor } from "../../../play/documents";
import { LEDGER_FLAG, messageOfKey, readLedger } from "../../../play/ledger";
import { STANCE_ENDED } from "../combat/turn";
import {
  isStance,
  stance,
  stanceAsRolled,
  vitalityAsRolled,
  woundPenalty,
  type HeldStance,
  type LaterHit,
} from "../rules";
import type { AttackerData } from "./attack-math";

/** The hits applied to `actor` by other cards, as those cards' applied marks tell them. */
function laterHits(actor: PlayActor): LaterHit[] {
  const hits: LaterHit[] = [];
  for (const [key, entry] of readLedger(actor.getFlag(SYSTEM_ID, LEDGER_FLAG))) {
    if (entry.other) continue;
    const id = messageOfKey(key);
    const index = Number(key.slice(id.length + 1));
    const message = messageById(id);
    if (!message || !Number.isInteger(index)) continue;
    const author = userById(message.author?.id ?? "");
    if (!author || (!author.isGM && actor.testUserPermission(author, "OWNER"))) continue;
    const read = cardOf(message);
    if (!read || "error" in read || read.card.ruleSet !== "fading-suns" || read.card.kind !== "attack") continue;
    const row = read.card.targets[index];
    if (!row || row.uuid !== actor.uuid || !row.applied) continue;
    const taken = row.applied.summary.taken;
    if (typeof taken !== "number" || !Number.isInteger(taken) || taken < 0) continue;
    hits.push({ at: row.applied.at, taken });
  }
  return hits;
}

/**
 * The attacker's numbers as they stood when `message` was rolled: their wound penalty from the Vitality
 * they had then (now, plus what hits applied since took), and the stance their turn ended since (the
 * active GM's record on the combat) while they are neutral now. Without a server time, as they stand now.
 */
export function attackerAsRolled(actor: PlayActor & { readonly system: AttackerData }, message: unknown): AttackerData {
  const system = actor.system;
  const rolledAt = postedAt(message);
  if (rolledAt === undefined) return system;
  const vitality = system.derived.vitality;
  const then = vitalityAsRolled(vitality.value, laterHits(actor), rolledAt, vitality.max);
  const now = { stance: system.derived.stance, aggressive: system.derived.aggressive };
  const held = stanceAsRolled(now, stanceEnded(actor), rolledAt);
  return {
    ...system,
    derived: {
      ...system.derived,
      woundPenalty: woundPenalty(then, system.derived.woundPenalties),
      stance: held.stance,
      aggressive: held.aggressive,
      stanceModifiers: stance(held.stance, held.aggressive),
    },
  };
}

/**
 * Whether the weapon `itemId` was in hand when `message` was rolled: in hand now, or dropped since by an
 * apply recorded on the attacker at or after the roll (a disarm's failed roll, through the items an apply
 * changes). The box is its owner's to tick again, so this is the table's honesty, not a guard.
 */
export function inHandAsRolled(
  actor: PlayActor,
  item: { readonly id: string; readonly system: { readonly held?: boolean } },
  message: unknown,
): boolean {
  if (item.system.held !== false) return true;
  const rolledAt = postedAt(message);
  if (rolledAt === undefined) return false;
  for (const entry of readLedger(actor.getFlag(SYSTEM_ID, LEDGER_FLAG)).values()) {
    if (entry.spent || entry.at < rolledAt) continue;
    const dropped = (entry.undo.items ?? []).some(
      (u) => u.item === item.id && u.path === "system.held" && u.before !== false && u.after === false,
    );
    if (dropped) return true;
  }
  return false;
}

/** A combat as the stance record is read from it. */
interface RecordingCombat {
  readonly combatants: Iterable<{ readonly id: string; readonly actor: { readonly uuid: string } | null }>;
  getFlag(scope: string, key: string): unknown;
}

/** The last stance the active GM recorded as ended by the actor's turn, in any combat it fights in. */
function stanceEnded(actor: PlayActor): (HeldStance & { at: number }) | null {
  const all = (game as unknown as { combats?: { values(): Iterable<RecordingCombat> } }).combats;
  let last: (HeldStance & { at: number }) | null = null;
  for (const combat of all ? [...all.values()] : []) {
    const record = combat.getFlag(SYSTEM_ID, STANCE_ENDED);
    if (!record || typeof record !== "object") continue;
    for (const c of combat.combatants) {
      if (c.actor?.uuid !== actor.uuid) continue;
      const raw = (record as Record<string, unknown>)[c.id] as
        { at?: unknown; stance?: unknown; aggressive?: unknown } | undefined;
      if (!raw || typeof raw.at !== "number" || !Number.isFinite(raw.at) || !isStance(raw.stance)) continue;
      if (last && last.at >= raw.at) continue;
      last = { at: raw.at, stance: raw.stance, aggressive: raw.aggressive === "damage" ? "damage" : "goal" };
    }
  }
  return last;
}
