/** A healing's card: the healing rolled, a row per patient, applied by the GM (or the healer's and patient's owners). */
import { CardError, whole } from "../../../../play/card";
import { userById } from "../../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice } from "../../../../play/kind";
import { refuseMissing } from "../../../../play/verify";
import { templatePath } from "../../../../sheets/paths";
import { healMagic } from "../../rules/afflictions";
import { grantBonusHp, type BonusHpUntil } from "../../rules/bonus-hp";
import { num } from "../../rules/derive";
import { poisonedParts } from "../../rules/poison";
import type { HodActor } from "../documents";
import { isHodActor } from "../documents";
import { bonusOf, healCardView, healSchema, type HodHealData, type HodHealSummary } from "../heal-view";
import { formulaChoice, refuseFreeFormula } from "../typed";
import { countNow, refuse } from "./apply-checks";

export const HOD_HEAL_TEMPLATE = templatePath("rulesets/hod/heal-card.hbs");

/**
 * The GM's apply: the healing the dice give, split as the roll says, on the patient as it stands. The
 * healing's formula is typed (the text gives none), so it must stay within the bounds a typed formula
 * has, and a card that names no healer speaks for no one unless a GM wrote it.
 */
function applyHeal(input: ApplyInput<HodHealData, Record<string, never>>): ApplyPlan {
  const row = input.card.targets[input.index]!;
  const roll = input.rolls[0];
  if (!roll) refuseMissing("heal");
  const request = roll.request as
    { heal?: unknown; toInvigoration?: unknown; targets?: unknown; bonus?: unknown; curesPoison?: unknown } | undefined;
  if (request?.heal !== true || !Array.isArray(request.targets) || !request.targets.includes(row.uuid)) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  }
  if (!input.card.actor && !userById(input.message.author?.id ?? "")?.isGM) {
    refuse("ANTHOLOGY.HoD.Errors.noHealer", { name: row.name });
  }
  refuseFreeFormula(roll.stored.formula);
  const patient = input.target as unknown as HodActor;
  if (!isHodActor(patient)) refuse("ANTHOLOGY.HoD.Errors.notHod", { name: row.name });
  const total = Math.max(0, roll.outcome.total);
  let toInvigoration: number;
  try {
    toInvigoration = Math.min(total, whole(request.toInvigoration, "toInvigoration", 0, 100_000));
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
    throw error;
  }
  const s = patient.system;
  const bonus = bonusOf(request.bonus);
  if (bonus) {
    // Bonus HP: the larger pool stays; a TC duration counts from the Time Count now.
    const now = countNow();
    const until = (s.bonusUntil ?? { kind: "", tc: -1 }) as BonusHpUntil;
    const granted = grantBonusHp(
      { bonusHp: num(s.bonusHp), until },
      { amount: total, kind: bonus.kind as BonusHpUntil["kind"], tcs: bonus.tcs },
      now,
    );
    const summary: HodHealSummary = { invigoration: 0, fatigue: 0, bonus: granted.bonusHp };
    return {
      updates: {
        "system.bonusHp": granted.bonusHp,
        "system.bonusUntil.kind": granted.until.kind,
        "system.bonusUntil.tc": granted.until.tc,
      },
      summary: { ...summary },
    };
  }
  const state = { hp: num(s.hp?.value), fatigue: num(s.fatigue), invigoration: num(s.invigoration) };
  // Poisoned HP and fatigue are out of reach unless the spell heals poison, which clears their marks.
  const cures = request.curesPoison === true;
  const poisoned = cures
    ? {}
    : poisonedParts({ ...state, maxHp: num(s.hp?.max), bonusHp: 0, poisoned: s.poisoned ?? {} });
  const healed = healMagic(
    state,
    num(s.hp?.max),
    { invigoration: toInvigoration, fatigue: total - toInvigoration },
    poisoned,
  );
  const summary: HodHealSummary = healed.used;
  return {
    updates: {
      "system.invigoration": healed.invigoration,
      "system.fatigue": healed.fatigue,
      ...(cures ? { "system.poisoned.hp": 0, "system.poisoned.fatigue": 0 } : {}),
    },
    summary: { ...summary },
  };
}

/** Every healing rests on its typed formula: applied to someone else's actor, it waits for a GM's own click. */
function healTyped(input: ApplyInput<HodHealData, Record<string, never>>): FreeChoice | null {
  return formulaChoice(input.rolls[0]?.stored.formula);
}

export const hodHealKind: CardKind<HodHealData, Record<string, never>> = {
  id: "heal",
  template: HOD_HEAL_TEMPLATE,
  schema: healSchema,
  view: healCardView as never,
  applyBy: ["actorOwner", "targetOwner"],
  resolveApply: applyHeal as never,
  restsOnChoice: healTyped as never,
};
