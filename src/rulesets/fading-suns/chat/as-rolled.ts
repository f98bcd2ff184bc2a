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
import { vitalityAsRolled, woundPenalty, type LaterHit } from "../rules";
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
 * they had then (now, plus what hits applied since took). Without a server time, as they stand now.
 */
export function attackerAsRolled(actor: PlayActor & { readonly system: AttackerData }, message: unknown): AttackerData {
  const system = actor.system;
  const rolledAt = postedAt(message);
  if (rolledAt === undefined) return system;
  const then = vitalityAsRolled(system.derived.vitality.value, laterHits(actor), rolledAt);
  if (then === system.derived.vitality.value) return system;
  return {
    ...system,
    derived: { ...system.derived, woundPenalty: woundPenalty(then, system.derived.woundPenalties) },
  };
}
