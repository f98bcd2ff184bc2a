/** A poison's card: a dose for each victim, applied by the GM, and the ongoing poisons it leaves on them. */
import { CardError } from "../../../../play/card";
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice } from "../../../../play/kind";
import { refuseMissing } from "../../../../play/verify";
import { SYSTEM_ID } from "../../../../constants";
import { templatePath } from "../../../../sheets/paths";
import { num } from "../../rules/derive";
import { isPoisonTrack, poisonDamage, schedulePoison, type PoisonSchedule, type PoisonTrack } from "../../rules/poison";
import { isHodActor, type HodActor } from "../documents";
import { planOf, poisonCardView, poisonSchema, type HodPoisonData, type PoisonPlan } from "../poison-view";
import { formulaChoice, refuseFreeFormula } from "../typed";
import { countNow, refuse } from "./apply-checks";

export const HOD_POISON_TEMPLATE = templatePath("rulesets/hod/poison-card.hbs");

/** Where a victim keeps its ongoing poisons: a JSON string (one value, so an apply's undo restores it). */
export const POISONS_FLAG = "hodPoisons";

/** A poison ticking on a victim: what it damages, its dose's formula, and its schedule. */
export interface Ongoing extends PoisonSchedule {
  readonly name: string;
  readonly track: PoisonTrack;
  readonly formula: string;
}

/** The victim's ongoing poisons as stored, read as untrusted data. */
export function ongoingPoisons(actor: { getFlag?(scope: string, key: string): unknown }): Ongoing[] {
  const stored = actor.getFlag?.(SYSTEM_ID, POISONS_FLAG);
  // Most actors carry none: no parse for them (the Time Count asks every combatant at each step).
  if (stored === undefined || stored === null || stored === "" || stored === "[]") return [];
  let raw: unknown;
  try {
    raw = JSON.parse(String(stored));
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, 20).flatMap((p: Record<string, unknown>) =>
    p && isPoisonTrack(p.track) && typeof p.formula === "string"
      ? [
          {
            name: String(p.name ?? "").slice(0, 200),
            track: p.track,
            formula: p.formula.slice(0, 64),
            every: Math.max(1, Math.trunc(num(p.every, 1))),
            left: Math.max(0, Math.trunc(num(p.left))),
            next: Math.trunc(num(p.next)),
          },
        ]
      : [],
  );
}

export const poisonsUpdate = (list: readonly Ongoing[]) => ({
  [`flags.${SYSTEM_ID}.${POISONS_FLAG}`]: JSON.stringify(list),
});

/** The GM's apply: the dose its dice give, to what the roll says, on the victim as it stands. */
function applyPoison(input: ApplyInput<HodPoisonData, Record<string, never>>): ApplyPlan {
  const row = input.card.targets[input.index]!;
  const roll = input.rolls[0];
  if (!roll) refuseMissing("ANTHOLOGY.HoD.Play.Rolls.poison");
  const request = roll.request as
    { poison?: unknown; track?: unknown; targets?: unknown; plan?: unknown; name?: unknown } | undefined;
  if (
    request?.poison !== true ||
    !isPoisonTrack(request.track) ||
    !Array.isArray(request.targets) ||
    !request.targets.includes(row.uuid)
  ) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  }
  // A dose's formula is typed (the text gives none): within the bounds a typed formula has.
  refuseFreeFormula(roll.stored.formula);
  const victim = input.target as unknown as HodActor;
  if (!isHodActor(victim)) refuse("ANTHOLOGY.HoD.Errors.notHod", { name: row.name });
  let plan: PoisonPlan | null;
  try {
    plan = planOf(request.plan);
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
    throw error;
  }
  const s = victim.system;
  const track = request.track;
  const after = poisonDamage(
    {
      hp: num(s.hp?.value),
      maxHp: num(s.hp?.max),
      fatigue: num(s.fatigue),
      bonusHp: num(s.bonusHp),
      invigoration: num(s.invigoration),
      attributeDamage: s.attributeDamage,
      poisoned: s.poisoned ?? {},
    },
    track,
    Math.max(0, roll.outcome.total),
  );
  const updates: Record<string, unknown> = {
    "system.hp.value": after.hp,
    "system.fatigue": after.fatigue,
    "system.bonusHp": after.bonusHp,
    "system.invigoration": after.invigoration,
    "system.poisoned.hp": after.poisoned.hp,
    "system.poisoned.fatigue": after.poisoned.fatigue,
  };
  if (track !== "hp" && track !== "fatigue") {
    updates[`system.attributeDamage.${track}`] = after.attributeDamage[track];
    updates[`system.poisoned.attributes.${track}`] = after.poisoned.attributes[track];
  }
  if (plan) {
    const schedule = schedulePoison(plan.delay ? plan : { every: plan.every, times: plan.times }, countNow() ?? 0);
    const formula = String(roll.stored.formula ?? "1").slice(0, 64);
    const name = typeof request.name === "string" ? request.name.slice(0, 200) : "";
    Object.assign(updates, poisonsUpdate([...ongoingPoisons(victim), { name, track, formula, ...schedule }]));
  }
  return {
    updates: updates as ApplyPlan["updates"],
    statuses: after.dead ? [{ id: "dead", overlay: true }] : [],
    summary: { unconsciousCheck: after.unconsciousCheck },
  };
}

/** A dose rests on its typed formula (only a GM applies one: the choice is said all the same). */
function poisonTyped(input: ApplyInput<HodPoisonData, Record<string, never>>): FreeChoice | null {
  return formulaChoice(input.rolls[0]?.stored.formula);
}

export const hodPoisonKind: CardKind<HodPoisonData, Record<string, never>> = {
  id: "poison",
  template: HOD_POISON_TEMPLATE,
  schema: poisonSchema,
  view: poisonCardView as never,
  applyBy: [],
  resolveApply: applyPoison as never,
  restsOnChoice: poisonTyped as never,
};
