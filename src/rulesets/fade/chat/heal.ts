/**
 * Healing from the sheet: the healer says how many HP a spell, a potion or first aid gives; a card
 * with a row per target (the healer's targets, or the healer); the GM's Apply adds the bonus of the
 * target's Holy Resistance (living) or Unholy Resistance (undead) as the target stands now, up to its
 * maximum HP, takes the unconscious mark off a creature brought above 0, and can Undo it.
 */
import { warn } from "../../../play/notify";
import { newCard, type CardRef } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import type { PlayActor, PlayMessage } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice } from "../../../play/kind";
import { refuse } from "../../../play/refuse";
import { mayRoll as mayRollFor } from "../../../play/roller";
import { kindDialogs } from "../../../play/roll-dialog";
import { targetRef } from "../../../play/targets";
import { templatePath } from "../../../sheets/paths";
import { healingFor, type EnergyProfile, type FadeDerived } from "../rules";
import type { FadeActorDoc } from "./documents";
import { fadeTargets } from "./flow";
import { HEAL_AMOUNT_BOUND, healCardView, healSchema, type FadeHealData, type FadeHealSummary } from "./heal-view";

export const FADE_HEAL_TEMPLATE = templatePath("rulesets/fade/heal-card.hbs");
export const FADE_HEAL_DIALOG = templatePath("rulesets/fade/heal-dialog.hbs");

type Patient = PlayActor & {
  readonly system?: {
    readonly hp?: { readonly value?: number | null };
    readonly derived?: Pick<FadeDerived, "hpMax" | "deathAt">;
    readonly energyProfile?: EnergyProfile;
    readonly undead?: boolean;
  };
  readonly effects?: Iterable<{ readonly id: string; readonly statuses: ReadonlySet<string> }>;
};

/** The GM's Apply: the healing as the card gives it, the bonus and the maximum from the target now. */
function applyHeal(input: ApplyInput<FadeHealData, Record<string, never>>): ApplyPlan {
  const row = input.card.targets[input.index]!;
  const patient = input.target as Patient;
  const derived = patient.system?.derived;
  if (!derived) refuse("ANTHOLOGY.Fade.Errors.notFade", { name: row.name });
  const heal = healingFor({
    amount: input.card.data.amount,
    hp: Number(patient.system?.hp?.value ?? derived.hpMax),
    hpMax: derived.hpMax,
    deathAt: derived.deathAt,
    energy: patient.system?.energyProfile,
    undead: patient.system?.undead === true,
  });
  // The dead stay dead: the text heals the living (and the undead), not the fallen.
  if (heal.hpBefore <= derived.deathAt) refuse("ANTHOLOGY.Fade.Errors.healDead", { name: row.name });
  // Brought above 0 HP, the patient wakes: its unconscious mark comes off (and back with an Undo).
  const waking =
    heal.hpAfter > 0 ? [...(patient.effects ?? [])].filter((e) => e.statuses.has("unconscious")).map((e) => e.id) : [];
  const summary: FadeHealSummary = {
    amount: heal.amount,
    bonus: heal.bonus,
    resistance: heal.resistance,
    before: heal.hpBefore,
    after: heal.hpAfter,
    healed: heal.healed,
    state: heal.healthState,
  };
  return {
    updates: heal.healed > 0 ? { "system.hp.value": heal.hpAfter } : {},
    ...(waking.length ? { removeEffects: waking } : {}),
    summary: { ...summary },
  };
}

/** The amount is the healer's word (the spell's, the potion's): for someone else's actor, a GM's own click. */
function typedAmount(input: ApplyInput<FadeHealData, Record<string, never>>): FreeChoice {
  return { key: "ANTHOLOGY.Fade.Heal.amountChoice", data: { amount: String(input.card.data.amount) } };
}

export const fadeHealKind: CardKind<FadeHealData, Record<string, never>> = {
  id: "heal",
  template: FADE_HEAL_TEMPLATE,
  schema: healSchema,
  view: healCardView as never,
  resolveApply: applyHeal,
  restsOnChoice: typedAmount,
};

const healDialog = kindDialogs({
  template: FADE_HEAL_DIALOG,
  titles: { heal: "ANTHOLOGY.Fade.Heal.title" },
  okLabel: "ANTHOLOGY.Fade.Heal.ok",
});

/** The dialog's form, read: a whole number of HP within bounds, and where the healing comes from. */
export function healFromForm(entries: Iterable<[string, unknown]>): FadeHealData {
  const values = new Map([...entries].filter((e): e is [string, string] => typeof e[1] === "string"));
  const n = Math.trunc(Number(values.get("amount") ?? 0));
  return {
    amount: Number.isFinite(n) ? Math.max(0, Math.min(HEAL_AMOUNT_BOUND, n)) : 0,
    source: (values.get("source") ?? "").trim().slice(0, 200),
  };
}

/**
 * The sheet's Heal button: the dialog (HP healed, and what heals), then a heal card for the user's
 * targets, or for the healer when nothing is targeted. It spends no action itself: the spell, the
 * potion (Use) or the Heal check that heals takes its own.
 */
export async function healFromSheet(actor: FadeActorDoc): Promise<PlayMessage | null> {
  if (!mayRollFor(actor, "ANTHOLOGY.Fade.Errors.notYours")) return null;
  const targets: CardRef[] = fadeTargets().map(targetRef);
  const patients = targets.length ? targets : [refOf(actor)];
  const heal = await healDialog("heal", actor.name, {
    view: { amount: 1, source: "", patients: patients.map((p) => p.name).join(", ") },
    read: (form) => healFromForm(form.entries()),
  });
  if (!heal) return null;
  if (heal.amount <= 0) return (warn("ANTHOLOGY.Fade.Heal.nothing"), null);
  const card = newCard({
    ruleSet: "fade",
    kind: fadeHealKind.id,
    actor: refOf(actor),
    data: heal,
    targets: patients.map((p) => ({ ...p, data: {} })),
  });
  return postCard({ kind: fadeHealKind, card, rolls: [], speaker: { actor } });
}
