/**
 * The healing card: a medicine roll on each patient targeted, or a natural healing roll on the roller
 * itself; one row per patient, applied by the GM, who works it out again from the dice and the
 * patient as it stands (how hurt it is now sets the difficulty), once, with undo.
 */
import { AnthologyRoll } from "../../../dice/anthology-roll";
import { refuse } from "../../../play/refuse";
import { CardError, finite, flag, oneOf, whole, type CardSchema } from "../../../play/card";
import { replayRolls } from "../../../play/cards";
import { postedAt, type PlayActor, type PlayRoll } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind, CardViewContext, FreeChoice, ReplayedRoll } from "../../../play/kind";
import { templatePath } from "../../../sheets/paths";
import type { Card } from "../../../play/card";
import type { OpenD6ActorDerived, OpenD6ActorSystem } from "../data";
import { WOUND_KEYS } from "../data/labels";
import {
  HEALING_METHODS,
  REST_DICE,
  RESTS,
  checkCode,
  heal,
  isWoundLevel,
  normalize,
  recoveryCode,
  toPips,
  type HealingMethod,
  type Rest,
  type WoundLevel,
} from "../rules";
import { healthModeSetting, tablesSetting } from "../settings";
import { isOpenD6Actor } from "./target";
import { refuseMissing } from "../../../play/verify";
import {
  bonusDiceChoice,
  boundedBonus,
  penaltiesSince,
  refuseRequest,
  refuseUnableToAct,
  rollsAsSheet,
  sameChoices,
} from "./checks";

export const OPEND6_HEAL_TEMPLATE = templatePath("rulesets/opend6/heal-card.hbs");

/** What the healer chose. */
export interface HealChoices {
  readonly method: HealingMethod;
  readonly rest: Rest;
  readonly bonusDice: number;
}

export interface OpenD6HealData {
  readonly choices: HealChoices;
  readonly code: string;
  readonly formula: string;
  readonly total: number;
  readonly complication: boolean;
}

/** One patient: the difficulty it set, whether the roll reached it, and a Body Points recovery roll. */
export interface OpenD6HealRow {
  readonly difficulty: number | null;
  readonly success: boolean;
  readonly recoveryRoll: number | null;
  readonly recovered: number | null;
  readonly woundsBefore: WoundLevel;
  readonly woundsAfter: WoundLevel;
  readonly bodyPointsBefore: number;
  readonly bodyPointsAfter: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const level = (v: unknown): WoundLevel => (isWoundLevel(v) ? v : "none");

export function readHealChoices(raw: unknown): HealChoices {
  if (!isRecord(raw)) throw new CardError("choices are missing");
  return {
    method: oneOf(raw.method, HEALING_METHODS, "method"),
    rest: oneOf(raw.rest ?? "light", RESTS, "rest"),
    bonusDice: whole(raw.bonusDice ?? 0, "bonusDice", 0, 20),
  };
}

export const healSchema: CardSchema<OpenD6HealData, OpenD6HealRow> = {
  data: (raw) => ({
    choices: readHealChoices(raw.choices),
    code: typeof raw.code === "string" ? raw.code.slice(0, 32) : "",
    formula: typeof raw.formula === "string" ? raw.formula.slice(0, 64) : "",
    total: finite(raw.total ?? 0, "total"),
    complication: flag(raw.complication),
  }),
  target: (raw) => ({
    difficulty: raw.difficulty === null || raw.difficulty === undefined ? null : finite(raw.difficulty, "difficulty"),
    success: flag(raw.success),
    recoveryRoll:
      raw.recoveryRoll === null || raw.recoveryRoll === undefined
        ? null
        : whole(raw.recoveryRoll, "recoveryRoll", 0, 64),
    recovered: raw.recovered === null || raw.recovered === undefined ? null : finite(raw.recovered, "recovered"),
    woundsBefore: level(raw.woundsBefore),
    woundsAfter: level(raw.woundsAfter),
    bodyPointsBefore: finite(raw.bodyPointsBefore ?? 0, "bodyPointsBefore"),
    bodyPointsAfter: finite(raw.bodyPointsAfter ?? 0, "bodyPointsAfter"),
  }),
};

/**
 * What a healing roll rolls: Physique in full for natural healing (with the rest's dice), medicine less
 * the healer's wound penalty (as it stands, unless another is given).
 */
export function healFormula(
  actor: { readonly system: OpenD6ActorSystem & OpenD6ActorDerived },
  choices: HealChoices,
  woundPenalty: number = actor.system.derived.woundPenalty,
): { code: string; formula: string } {
  const derived = actor.system.derived;
  const natural = choices.method === "natural";
  const code = natural ? derived.attributes.physique : derived.skills.medicine!.code;
  const rest = natural ? REST_DICE[choices.rest] : 0;
  const { formula } = checkCode({
    code,
    penaltyDice: (natural ? 0 : woundPenalty) + Math.max(0, -rest),
    bonusDice: choices.bonusDice + Math.max(0, rest),
  });
  return { code, formula };
}

/** What applying a healing row did, as its row shows it. */
export interface OpenD6HealSummary {
  readonly mode: "wounds" | "bodyPoints";
  readonly woundsBefore: WoundLevel;
  readonly woundsAfter: WoundLevel;
  readonly bodyPointsBefore: number;
  readonly bodyPointsAfter: number;
}

const METHOD_KEYS: Readonly<Record<HealingMethod, string>> = Object.freeze({
  natural: "ANTHOLOGY.OpenD6.Heal.natural",
  medicine: "ANTHOLOGY.OpenD6.Heal.medicine",
});

export const REST_KEYS: Readonly<Record<Rest, string>> = Object.freeze({
  full: "ANTHOLOGY.OpenD6.Heal.restFull",
  light: "ANTHOLOGY.OpenD6.Heal.restLight",
  strenuous: "ANTHOLOGY.OpenD6.Heal.restStrenuous",
});

export { METHOD_KEYS as HEAL_METHOD_KEYS };

/** The healing card's view: the roll, and per patient the difficulty, the result and what it changes. */
export function healCardView(card: Card<OpenD6HealData, OpenD6HealRow>, context: CardViewContext) {
  const d = card.data;
  const bodyPoints = healthModeSetting() === "bodyPoints";
  return {
    actorName: card.actor?.name ?? "",
    methodKey: METHOD_KEYS[d.choices.method],
    restKey: d.choices.method === "natural" ? REST_KEYS[d.choices.rest] : null,
    code: d.code,
    formula: d.formula,
    total: d.total,
    complication: d.complication,
    rollHtml: context.rollHtml[0] ?? "",
    rows: card.targets.map((t, index) => {
      const r = t.data;
      const applied = t.applied?.summary as Partial<OpenD6HealSummary> | undefined;
      return {
        index,
        name: t.name,
        difficulty: r.difficulty,
        nothing: r.difficulty === null,
        // Natural healing with Body Points reads the total on the chart instead of a difficulty.
        chart: bodyPoints && d.choices.method === "natural",
        success: r.success,
        tone: r.difficulty === null ? "note" : r.success ? "good" : "bad",
        resultKey:
          r.difficulty === null
            ? "ANTHOLOGY.OpenD6.Heal.nothingToHeal"
            : r.success
              ? "ANTHOLOGY.OpenD6.Heal.healed"
              : "ANTHOLOGY.OpenD6.Heal.notHealed",
        bodyPoints,
        recovered: r.recovered,
        recoveryHtml: r.recoveryRoll === null ? "" : (context.rollHtml[r.recoveryRoll] ?? ""),
        woundsBeforeKey: WOUND_KEYS[r.woundsBefore],
        woundsAfterKey: WOUND_KEYS[r.woundsAfter],
        bodyPointsBefore: r.bodyPointsBefore,
        bodyPointsAfter: r.bodyPointsAfter,
        applied: t.applied
          ? {
              bodyPoints: applied?.mode === "bodyPoints",
              woundsBeforeKey: WOUND_KEYS[level(applied?.woundsBefore)],
              woundsAfterKey: WOUND_KEYS[level(applied?.woundsAfter)],
              bodyPointsBefore: applied?.bodyPointsBefore ?? 0,
              bodyPointsAfter: applied?.bodyPointsAfter ?? 0,
            }
          : null,
      };
    }),
  };
}

type Patient = PlayActor & { readonly system: OpenD6ActorSystem & OpenD6ActorDerived };

/** The patient's state as the rules read it. */
export function patientOf(actor: { readonly system: OpenD6ActorSystem & OpenD6ActorDerived }) {
  return {
    mode: healthModeSetting(),
    wounds: level(actor.system.wounds),
    bodyPoints: {
      value: actor.system.bodyPoints.value ?? actor.system.bodyPoints.max,
      max: actor.system.bodyPoints.max,
    },
  };
}

/** The healing roll and what it was rolled for, read from its dice. */
function healRoll(rolls: ReadonlyArray<ReplayedRoll | null>, name: string) {
  const roll = rolls[0];
  if (!roll) refuseMissing("heal");
  const heal = (roll.request as { heal?: unknown } | undefined)?.heal;
  if (!isRecord(heal) || !Array.isArray(heal.patients)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  try {
    return { roll, choices: readHealChoices(heal), patients: heal.patients as unknown[] };
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
    throw error;
  }
}

/** The Body Points recovery: the card's roll while it rolled the code due now; else rolled here. */
async function recoveryOf(input: ApplyInput<OpenD6HealData, OpenD6HealRow>, code: string): Promise<number> {
  if (toPips(code) === 0) return 0;
  const row = input.card.targets[input.index]!;
  const stored = row.data.recoveryRoll === null ? null : input.rolls[row.data.recoveryRoll];
  const request = stored?.request as { target?: unknown } | undefined;
  if (stored && request?.target === row.uuid) {
    let rolled: string | null;
    try {
      rolled = normalize(stored.stored.formula.replace(/\s+/g, ""));
    } catch {
      rolled = null;
    }
    if (rolled === code) return stored.outcome.total;
  }
  const roll = new AnthologyRoll(code) as unknown as PlayRoll & { evaluate(): Promise<unknown> };
  await roll.evaluate();
  return replayRolls({ rolls: [roll] })[0]?.outcome.total ?? 0;
}

/** A healing row, applied by the GM: the roll's total from its dice against the patient as it is now. */
async function resolveHealRow(input: ApplyInput<OpenD6HealData, OpenD6HealRow>): Promise<ApplyPlan> {
  const row = input.card.targets[input.index]!;
  const { roll, choices, patients } = healRoll(input.rolls, row.name);
  if (!patients.includes(row.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  // Natural healing heals the roller alone.
  if (choices.method === "natural" && input.card.actor?.uuid !== row.uuid) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  }
  if (!isOpenD6Actor(input.target as never)) refuse("ANTHOLOGY.OpenD6.Errors.notOpenD6", { name: row.name });
  // The roll was made with the choices the card shows, and rolls what the healer's sheet gives now
  // (its wound penalty now or when it rolled).
  if (!sameChoices(choices, input.card.data.choices)) refuseRequest("heal");
  boundedBonus(choices.bonusDice, "heal");
  const healer = input.actor;
  if (!healer || !isOpenD6Actor(healer as never)) {
    refuse("ANTHOLOGY.OpenD6.Errors.notOpenD6", { name: input.card.actor?.name ?? "" });
  }
  const when = postedAt(input.message);
  rollsAsSheet(
    roll,
    "heal",
    (p) => healFormula(healer as Patient, choices, p).formula,
    penaltiesSince(healer as never, typeof when === "number" ? when : undefined),
  );
  // Medicine is an action: a healer out of action or unconscious when it rolled could not give it.
  if (choices.method === "medicine") refuseUnableToAct(healer as never, typeof when === "number" ? when : undefined);
  const patient = patientOf(input.target as Patient);
  const total = roll.outcome.total;
  const recovered = patient.mode === "bodyPoints" ? await recoveryOf(input, recoveryCode(choices.method, total)) : 0;
  const result = heal({ method: choices.method, patient, total, recovered, table: tablesSetting().healing });
  if (result.difficulty === null) refuse("ANTHOLOGY.OpenD6.Errors.nothingToHeal", { name: row.name });
  if (!result.success) refuse("ANTHOLOGY.OpenD6.Errors.notHealed", { name: row.name });
  const summary: OpenD6HealSummary = {
    mode: patient.mode,
    woundsBefore: patient.wounds,
    woundsAfter: result.woundsAfter,
    bodyPointsBefore: patient.bodyPoints.value,
    bodyPointsAfter: result.bodyPointsAfter,
  };
  const updates: Record<string, string | number> = {};
  if (patient.mode === "wounds") updates["system.wounds"] = result.woundsAfter;
  else updates["system.bodyPoints.value"] = result.bodyPointsAfter;
  return { updates, summary: summary as unknown as Record<string, unknown> };
}

/** A healing roll's typed bonus dice: a free choice the row rests on. */
function healTyped(input: ApplyInput<OpenD6HealData, OpenD6HealRow>): FreeChoice | null {
  const heal = (input.rolls[0]?.request as { heal?: { bonusDice?: unknown } } | undefined)?.heal;
  return bonusDiceChoice(typeof heal?.bonusDice === "number" ? heal.bonusDice : 0);
}

export const opend6HealKind: CardKind<OpenD6HealData, OpenD6HealRow> = {
  id: "heal",
  template: OPEND6_HEAL_TEMPLATE,
  schema: healSchema,
  view: healCardView,
  appliable: (card, index) => {
    const row = card.targets[index]?.data;
    return Boolean(row && row.difficulty !== null && row.success);
  },
  resolveApply: resolveHealRow,
  restsOnChoice: healTyped,
};
