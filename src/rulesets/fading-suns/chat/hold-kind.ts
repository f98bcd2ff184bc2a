/**
 * A grapple's damage each turn while the hold lasts ("attack can choose to deliver grapple DMG per
 * turn"): the attacker posts it from the won grapple's contest card, the GM applies it with Undo. The GM
 * checks the hold (the contest applied on record, the target still held), the round (the one the fight is
 * in, once per round), and works the damage out from the attacker and the target now.
 */
import { SYSTEM_ID } from "../../../constants";
import { rowRecord } from "../../../play/cards";
import { messageById } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind } from "../../../play/kind";
import { refuse } from "../../../play/refuse";
import { applyDamage, downedBy } from "../rules";
import { damageParts, hitDamage, weaponOf, type AttackerData } from "./attack-math";
import { holdSchema, readChoices, type FsHoldData } from "./card-data";
import { FS_CARD_TEMPLATES, fs } from "./kinds";
import { GRAPPLED, fsCardOf, type FsContestCard } from "./knockdown-kind";
import { holdCardView, type FsAppliedSummary } from "./views";

/** The target's flag of the round each hold on it last dealt its damage in, by the grapple contest's message id. */
export const HOLD_ROUNDS_FLAG = "fsHoldRounds";

/** The round a grapple's damage counts in: the fight's, or 0 outside one. */
export function roundNow(): number {
  return (game as unknown as { combat?: { round?: number } | null }).combat?.round ?? 0;
}

/** The grapple's DMG for this attacker now: 2, the Strength bonus and the stance, as its hit's. */
export function holdDamage(attacker: { readonly system: unknown }): number {
  return hitDamage(
    damageParts(attacker.system as AttackerData, weaponOf(null), readChoices({ fightAction: "grapple" })),
  );
}

/** The grapple contest card a hold card answers, if it is one won and still applied on `uuid`. */
export function heldBy(contestId: string, attacker: string, target: string) {
  const message = messageById(contestId);
  const contest = fsCardOf<FsContestCard>(message, "knockdown");
  if (!message || !contest || contest.data.action !== "grapple" || contest.data.side !== "attacker") return null;
  if (contest.actor?.uuid !== attacker || contest.targets[0]?.uuid !== target) return null;
  return rowRecord(message, contest, 0).applied ? { message, contest } : null;
}

function resolveHold(input: ApplyInput<FsHoldData, Record<string, never>>): ApplyPlan {
  const { card } = input;
  const row = card.targets[input.index]!;
  const attacker = fs(input.actor, card.actor?.name ?? "");
  const target = fs(input.target, row.name);
  if (!heldBy(card.data.against, attacker.uuid, target.uuid) || !target.statuses?.has(GRAPPLED))
    refuse("ANTHOLOGY.FadingSuns.Errors.notHeld", { name: target.name });
  const now = roundNow();
  if (card.data.round !== now)
    refuse("ANTHOLOGY.FadingSuns.Errors.notThisRound", { round: String(card.data.round), now: String(now) });
  // Once per round: the round this hold last hurt the target is kept on the target's own record,
  // written by the GM with the apply (never read from a card, whose author may rewrite it), and
  // the row's Undo takes it back.
  const squeezed = `flags.${SYSTEM_ID}.${HOLD_ROUNDS_FLAG}.${card.data.against}`;
  const last = (target.getFlag?.(SYSTEM_ID, HOLD_ROUNDS_FLAG) as Record<string, unknown> | undefined)?.[
    card.data.against
  ];
  if (last === now) refuse("ANTHOLOGY.FadingSuns.Errors.squeezedThisRound", { name: target.name, round: String(now) });
  const damage = holdDamage(attacker);
  const armor = target.system.derived.armor;
  const before = target.system.derived.vitality.value;
  const hit = applyDamage({ vitality: before, damage, armor });
  const down = downedBy(hit);
  const summary: FsAppliedSummary = { damage, armor, taken: hit.taken, before, after: hit.after, down };
  return {
    updates: { [squeezed]: now, ...(hit.taken > 0 ? { "system.vitality.value": hit.after } : {}) },
    statuses: down ? [{ id: "unconscious" }] : [],
    summary: summary as unknown as Record<string, unknown>,
  };
}

export const fsHoldKind: CardKind<FsHoldData, Record<string, never>> = {
  id: "hold",
  template: FS_CARD_TEMPLATES.hold,
  schema: holdSchema,
  view: holdCardView,
  resolveApply: resolveHold,
};
