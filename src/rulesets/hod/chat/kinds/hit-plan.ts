/**
 * What one hit does to its target's track, as the GM applies it (an attack's, a special action's, a
 * damage card's row), with the hits the target took earlier on the same Time Count.
 */
import type { AnthologyCombat } from "../../../../combat/anthology-combat";
import { SYSTEM_ID } from "../../../../constants";
import type { ApplyPlan, ReplayedRoll } from "../../../../play/kind";
import type { ImpairmentType } from "../../rules/afflictions";
import type { CountAt } from "../../rules/count-start";
import { num } from "../../rules/derive";
import {
  consciousnessDc,
  countImpairments,
  currentHp,
  healthOf,
  hitInCount,
  trackState,
  type HodDamageInput,
  type HodTrack,
} from "../../rules/health";
import { preparationDone } from "../../rules/spells";
import { dealtDamage } from "../../rules/weapons";
import { impairmentsSetting, simultaneousSetting } from "../../settings";
import { activeCombat, combatantOf } from "../combatants";
import type { HodActor } from "../documents";
import { scheduleInfo, timeCountPlace, type ScheduleInfo } from "../schedule";
import type { HodAppliedSummary } from "../views";

/** Where a target keeps the hits it took on the current Time Count (a JSON string, read as untrusted). */
export const COUNT_FLAG = "hodCount";

/** The hits a target took on one count, and its track when the count began. */
interface CountRecord {
  readonly key: string;
  readonly start: HodTrack;
  readonly hits: CountHit[];
}

/** A hit of a count as remembered: its damage, who struck, and its damage type (impairments). */
type CountHit = HodDamageInput & { readonly damageType?: string };

const shortId = (v: unknown) => (typeof v === "string" && v ? v.slice(0, 200) : undefined);

/** Most hits one count remembers on a target (more are judged as if sequential). */
const MAX_COUNT_HITS = 64;

const finiteOr0 = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

function readCount(raw: unknown): CountRecord | null {
  if (typeof raw !== "string" || raw.length > 20_000) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const d = data as { key?: unknown; start?: Record<string, unknown>; hits?: unknown };
  if (typeof d?.key !== "string" || !d.start || typeof d.start !== "object" || !Array.isArray(d.hits)) return null;
  const s = d.start;
  return {
    key: d.key,
    start: {
      hp: finiteOr0(s.hp),
      fatigue: finiteOr0(s.fatigue),
      bonusHp: finiteOr0(s.bonusHp),
      invigoration: finiteOr0(s.invigoration),
      fullTop: finiteOr0(s.fullTop),
      topLost: finiteOr0(s.topLost),
    },
    hits: d.hits.slice(0, MAX_COUNT_HITS).map((h: Record<string, unknown>) => ({
      damage: Math.max(0, Math.trunc(finiteOr0(h?.damage))),
      reduction: Math.max(0, Math.trunc(finiteOr0(h?.reduction))),
      nonlethal: h?.nonlethal === true,
      attacker: shortId(h?.attacker),
      damageType: shortId(h?.damageType),
    })),
  };
}

/**
 * The Time Count a card's action happened on (the active combat and the TC): the card says which
 * count, and the combat's own record must show the actor acting at it (a card's data is only a claim).
 * Null otherwise: its hits land one after another, judged against the target as it stands.
 */
export function countOf(schedule: ScheduleInfo, actor: HodActor): CountAt | null {
  if (schedule.state !== "due" || schedule.tc === undefined) return null;
  const combat = activeCombat<AnthologyCombat>();
  if (!combat?.isTimeCount || !combat.id) return null;
  const combatant = combatantOf(combat as never, actor);
  if (!combatant) return null;
  const acted = combat.timeCountHistory.some((step) => step.tc === schedule.tc && combatant.id in step.combatants);
  return acted ? { combat: combat.id, tc: schedule.tc } : null;
}

/** `countOf` as the key a target's count record is kept under. */
export const countKey = (at: CountAt | null): string | null => (at ? `${at.combat}:${at.tc}` : null);

/**
 * One hit on the target as its track stands now: the effective Threshold of Pain (the full one less
 * the hits taken), fatigue, bonus HP, Invigoration and HP, the hits taken one more, and the dead
 * marked. A hit from an action on a Time Count where the target already took hits is judged with them
 * against the track as it stood when the count began (every die of a count is rolled before any
 * effect applies): this hit adds its share of the count's result (hitInCount).
 */
export function hitPlan(
  target: HodActor,
  damage: number,
  nonlethal: boolean,
  count: string | null = null,
  damageType = "",
  attacker = "",
): ApplyPlan {
  const s = target.system;
  const track: HodTrack = {
    hp: num(s.hp?.value),
    fatigue: num(s.fatigue),
    bonusHp: num(s.bonusHp),
    invigoration: num(s.invigoration),
    fullTop: num(s.derived.thresholdOfPain),
    topLost: num(s.topLost),
  };
  const reduction = Math.max(0, num(s.damageReduction));
  const input: CountHit = { damage, nonlethal, reduction, attacker, damageType };
  const stored = count ? readCount(target.getFlag(SYSTEM_ID, COUNT_FLAG)) : null;
  const same = stored && stored.key === count && stored.hits.length < MAX_COUNT_HITS ? stored : null;
  const start = same?.start ?? track;
  const earlier = same?.hits ?? [];
  const { change } = hitInCount(start, earlier, input);
  // The optional Impairments rule: damage past the Threshold the hit met leaves one of its type. With
  // Simultaneous Actions, each attacker of the count beyond the first lowers that Threshold for every
  // hit of it, so an earlier hit may leave one now too (this hit's share).
  const impairments: ImpairmentType[] = [];
  if (impairmentsSetting()) {
    const top = trackState(start).thresholdOfPain;
    const both = simultaneousSetting();
    const was = countImpairments(top, earlier, both);
    countImpairments(top, [...earlier, input], both).forEach((t, i) => t && !was[i] && impairments.push(t));
  }
  const taken = new Map<ImpairmentType, number>();
  for (const t of impairments) taken.set(t, (taken.get(t) ?? num(s.impairments?.[t])) + 1);
  const topLost = Math.max(0, track.topLost + change.topLost);
  const afterTrack = {
    hp: Math.max(0, track.hp + change.hp),
    fatigue: Math.max(0, track.fatigue + change.fatigue),
    bonusHp: Math.max(0, track.bonusHp + change.bonusHp),
    invigoration: Math.max(0, track.invigoration + change.invigoration),
  };
  const before = trackState(track);
  const after = { ...afterTrack, thresholdOfPain: Math.max(0, track.fullTop - topLost) };
  const health = healthOf(after);
  const worse = after.fatigue > before.fatigue || currentHp(after) < currentHp(before);
  const dc = consciousnessDc(after);
  // Damage or fatigue taken while a spell is still being prepared is added to its casting DC.
  const takenNow =
    track.hp -
    afterTrack.hp +
    (track.bonusHp - afterTrack.bonusHp) +
    (track.invigoration - afterTrack.invigoration) +
    (afterTrack.fatigue - track.fatigue);
  const spell = s.spell;
  const preparing =
    takenNow > 0 &&
    typeof spell?.item === "string" &&
    spell.item !== "" &&
    !preparationDone(spell, scheduleInfo(timeCountPlace(target)));
  const summary: HodAppliedSummary = {
    damage,
    reduction: Math.min(damage, reduction),
    nonlethal,
    before,
    after,
    ...health,
    unconsciousCheck: worse && !health.dead && dc !== null ? dc : null,
    ...(earlier.length ? { simultaneous: earlier.length, countTop: trackState(start).thresholdOfPain } : {}),
    ...(impairments.length ? { impairment: impairments.length > 1 ? impairments : impairments[0] } : {}),
    ...(preparing ? { spellTaken: takenNow } : {}),
  };
  return {
    updates: {
      "system.hp.value": after.hp,
      "system.fatigue": after.fatigue,
      "system.bonusHp": after.bonusHp,
      "system.invigoration": after.invigoration,
      "system.topLost": topLost,
      ...Object.fromEntries([...taken].map(([t, n]) => [`system.impairments.${t}`, n])),
      ...(preparing ? { "system.spell.taken": num(spell.taken) + takenNow } : {}),
      ...(count
        ? { [`flags.${SYSTEM_ID}.${COUNT_FLAG}`]: JSON.stringify({ key: count, start, hits: [...earlier, input] }) }
        : {}),
    },
    statuses: health.dead ? [{ id: "dead", overlay: true }] : [],
    summary: summary as unknown as Record<string, unknown>,
  };
}

/** The rolled total a hit deals: the main roll times the factor (rounded down), plus extra dice, at least 1. */
export const dealt = (main: ReplayedRoll, extra: ReplayedRoll | null, factor: number) =>
  dealtDamage(main.outcome.total, extra?.outcome.total ?? 0, factor);
