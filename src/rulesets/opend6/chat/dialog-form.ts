/**
 * The OpenD6 roll dialog as plain data: what it offers (difficulty, actions this round, bonus dice,
 * Character and Fate Points; for an attack the range, cover, posture and aiming), how its form is read,
 * and the live line (the formula and its exact odds against the difficulty, Wild Die and the world's
 * complication rule included). No Foundry here.
 */
import { oddsHint, type ComplicationRule, type OddsHint } from "../../../dice";
import type { TargetOutcome } from "../../../play/outcome-line";
import { formOn, formPick, formValues, formWhole } from "../../../play/form-values";
import {
  CALLED_SHOT_KEYS,
  COVER_KEYS,
  LIGHTING_KEYS,
  SMOKE_KEYS,
  DEFENSE_KEYS,
  DIFFICULTY_KEYS,
  LOCATION_KEYS,
  MANEUVER_KEYS,
  POSTURE_KEYS,
  RANGE_KEYS,
} from "../data/labels";
import {
  COVERS,
  DEFENSE_KINDS,
  DIFFICULTIES,
  MAX_AIM_DICE,
  MAX_BONUS_DICE,
  MAX_CP_PER_ROLL,
  POSTURES,
  RANGES,
  CALLED_SHOTS,
  HIT_LOCATIONS,
  MANEUVERS,
  MAX_SHOTS,
  acrobaticsCounts,
  attackDamageCode,
  attackOutcomeOdds,
  checkCode,
  combatDifficulty,
  multiActionPenalty,
  optionEffects,
  scale,
  toPips,
  DEFAULT_TABLES,
  MAX_ACROBATICS,
  LIGHTINGS,
  SMOKES,
  LIGHTING_MODIFIER,
  SMOKE_MODIFIER,
  UNWIELDY_MODIFIER,
  MAX_DIFFICULTY_MODIFIER,
  type CombatChoices,
  type Lighting,
  type Smoke,
  STUMBLE_DICE,
  type OpenD6Tables,
  type OpenD6OutcomeInput,
  type CalledShot,
  type CombatOptions,
  type Cover,
  type DefenseKind,
  type HitLocation,
  type Maneuver,
  type Posture,
  type RangeBand,
  withDamageBonus,
} from "../rules";

export type OpenD6RollKind = "check" | "attack";

/** What the player chose in the dialog. */
export interface OpenD6RollChoices {
  /** A check: the difficulty to meet (null: the GM judges the total). */
  readonly difficulty?: number | null;
  /** Actions declared this round (the multi-action penalty takes 1D for each beyond the first). */
  readonly actions: number;
  readonly bonusDice: number;
  readonly characterPoints: number;
  readonly fatePoint: boolean;
  /** An attack. */
  readonly range?: RangeBand;
  readonly cover?: Cover;
  readonly posture?: Posture;
  /** Rounds spent aiming: +1D each, at most +3D. */
  readonly aim?: number;
  /** A dodge, block or parry rolled as an active defense (full: + 10, no other action this round). */
  readonly defense?: DefenseKind | null;
  /** An attack's combat options: a special action, a called shot, a hit location and their numbers. */
  readonly maneuver?: Maneuver;
  readonly calledShot?: CalledShot;
  readonly location?: HitLocation;
  readonly shots?: number;
  readonly quickDraw?: number;
  readonly acrobaticsDifficulty?: number;
  readonly acrobaticsTotal?: number;
  readonly twoWeapons?: boolean;
  /** The scene: poor lighting, smoke or fog, an unwieldy weapon, and a modifier typed in (rules/situation.ts). */
  readonly lighting?: Lighting;
  readonly smoke?: Smoke;
  readonly unwieldy?: boolean;
  readonly modifier?: number;
  /** A parry (melee combat as an active defense): the id of the defender's weapon it parries with. */
  readonly parryWith?: string;
  /** A Reflexes roll taken while stumbling (knocked down, pushed, tripped): −2D, and the stumble ends. */
  readonly stumbled?: boolean;
  /** A disarm: the id of the target's weapon it knocks at. */
  readonly disarmWeapon?: string;
}

/**
 * What an attack's choices add to each target's combat difficulty (range, cover, posture, the scene).
 * A typed modifier past the dialog's bound (a card written by hand) is brought back to it here; the
 * GM's apply refuses such a card outright.
 */
export function combatChoicesOf(choices: OpenD6RollChoices): CombatChoices {
  const typed = Math.trunc(choices.modifier ?? 0);
  return {
    range: choices.range ?? "short",
    cover: choices.cover ?? "none",
    posture: choices.posture ?? "standing",
    lighting: choices.lighting ?? "none",
    smoke: choices.smoke ?? "none",
    unwieldy: choices.unwieldy === true,
    modifier: Number.isFinite(typed) ? Math.max(-MAX_DIFFICULTY_MODIFIER, Math.min(MAX_DIFFICULTY_MODIFIER, typed)) : 0,
  };
}

/** The combat options among the choices. */
export function optionsOf(choices: OpenD6RollChoices): CombatOptions {
  return {
    aim: choices.aim ?? 0,
    maneuver: choices.maneuver ?? "none",
    calledShot: choices.calledShot ?? "none",
    location: choices.location ?? "none",
    shots: choices.shots ?? 1,
    quickDraw: choices.quickDraw ?? 0,
    acrobaticsDifficulty: choices.acrobaticsDifficulty ?? 0,
    acrobaticsTotal: choices.acrobaticsTotal ?? 0,
    twoWeapons: choices.twoWeapons === true,
  };
}

export interface OpenD6RollDialogInput {
  readonly kind: OpenD6RollKind;
  /** The code rolled before any choice (the skill's or attribute's total). */
  readonly code: string;
  /** Dice the roller's wounds take away. */
  readonly woundPenalty: number;
  /** What the roller can spend. */
  readonly characterPoints: number;
  readonly fatePoints: number;
  /** An attack: the first target's defense value, name and scale (none: no target). */
  readonly target?: {
    readonly name: string;
    readonly defense: number;
    readonly scale?: number;
    /** The target's acrobatics bonus, counted at Short range or more. */
    readonly acrobatics?: number;
  } | null;
  /** An attack: the attacker's scale (Human 0), counted against the target's as the card counts it. */
  readonly attackerScale?: number;
  /** An attack: whether its skill takes aiming dice (marksmanship, missile weapons, throwing); true when not said. */
  readonly aims?: boolean;
  /** A ranged weapon starts at Short range, a close-combat one at Point Blank. */
  readonly ranged?: boolean;
  /** An unarmed blow: Point Blank is the only range offered (the text). */
  readonly closeOnly?: boolean;
  readonly initial?: Partial<OpenD6RollChoices>;
  /** The world's tables (the defaults when not given). */
  readonly tables?: OpenD6Tables;
  /** A check with dodge, brawling or melee combat: it may be an active defense. */
  readonly defenseSkill?: boolean;
  /** A melee combat check: the weapons a parry may be made with (none: bare hands). */
  readonly parryWeapons?: ReadonlyArray<{ readonly id: string; readonly name: string }>;
  /** An attack: the first target's weapons a disarm may knock at. */
  readonly disarmWeapons?: ReadonlyArray<{ readonly id: string; readonly name: string }>;
  /** An attack: every targeted token's numbers now, for the chances to hit, hurt and drop each. */
  readonly outcomeTargets?: readonly OutcomeTarget[];
  /** An attack: what its damage code is made of (`hitDamageCodeOf`). */
  readonly damage?: AttackDamage;
  /** The world's optional damage bonus. */
  readonly damageBonus?: boolean;
}

/** A targeted token's numbers for the outcome chances: its defense now, scale, resistance and track. */
export interface OutcomeTarget {
  readonly name: string;
  /** Its defense value now, without the acrobatics bonus (counted here at Short range or more). */
  readonly defense: number;
  readonly acrobatics: number;
  readonly scale: number;
  /** Its resistance code (Physique and armor, or armor alone with Body Points). */
  readonly resistance: string;
  readonly health: OpenD6OutcomeInput["health"];
  /** What a miss still deals it: the blade's listed damage, when it stands behind a body block unarmored. */
  readonly missDamage?: string;
}

/** What an attack's damage code is made of: the weapon's code in the attacker's hands, Strength Damage, and effects' pips. */
export interface AttackDamage {
  readonly weapon: string;
  readonly strength: string;
  readonly bonus: number;
}

/** The damage code a hit rolls with these choices (the card, the apply and the dialog's chances read it here). */
export function hitDamageCodeOf(damage: AttackDamage, choices: OpenD6RollChoices): string {
  return withDamageBonus(
    attackDamageCode(optionEffects(optionsOf(choices)), damage.weapon, damage.strength),
    damage.bonus,
  );
}

const MAX_ACTIONS = 10;

/** A number as the dialog prints it: +3, −3, 0. */
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

export const DEFAULT_CHOICES: OpenD6RollChoices = Object.freeze({
  difficulty: null,
  actions: 1,
  bonusDice: 0,
  characterPoints: 0,
  fatePoint: false,
});

/** The dice the wound and multi-action penalties take from a roll with these choices. */
export function penaltyDice(woundPenalty: number, choices: OpenD6RollChoices): number {
  const effects = optionEffects(optionsOf(choices));
  return (
    woundPenalty +
    (choices.stumbled ? STUMBLE_DICE : 0) +
    toPips(multiActionPenalty(Math.min(MAX_ACTIONS, choices.actions + effects.extraActions))) / 3
  );
}

/** The formula the choices roll. */
export function rollFormula(input: Pick<OpenD6RollDialogInput, "code" | "woundPenalty">, choices: OpenD6RollChoices) {
  const effects = optionEffects(optionsOf(choices));
  return checkCode({
    code: input.code,
    penaltyDice: penaltyDice(input.woundPenalty, choices) + Math.max(0, -effects.skillDice),
    bonusDice: choices.bonusDice + (choices.aim ?? 0) + Math.max(0, effects.skillDice),
    fatePoint: choices.fatePoint,
    characterPoints: choices.characterPoints,
  });
}

/**
 * The number a roll must reach with these choices: the difficulty, or the first target's combat
 * difficulty with scale counted as the card and the GM's apply count it (a larger attacker's scale
 * raises the difficulty; a smaller attacker's is added to its total, so the dice need that much less).
 */
export function targetNumber(input: OpenD6RollDialogInput, choices: OpenD6RollChoices): number | null {
  if (input.kind === "attack") {
    if (!input.target) return null;
    const s = scale(input.attackerScale ?? 0, input.target.scale ?? 0);
    return (
      combatDifficulty(
        input.target.defense + (acrobaticsCounts(choices.range ?? "short") ? (input.target.acrobatics ?? 0) : 0),
        combatChoicesOf(choices),
        s.difficulty,
        optionEffects(optionsOf(choices), input.tables).difficulty,
        input.tables,
      ).value - s.skill
    );
  }
  return choices.difficulty ?? null;
}

/**
 * Each targeted token's exact chances to be hit, hurt and dropped by the attack these choices roll
 * (`outcomeOdds`); a target whose numbers cannot be read is left out.
 */
export function dialogOutcomes(
  input: OpenD6RollDialogInput,
  choices: OpenD6RollChoices,
  complication: ComplicationRule = "note",
): TargetOutcome[] {
  if (input.kind !== "attack" || !input.damage || !input.outcomeTargets?.length) return [];
  let attack: string;
  let damage: string;
  try {
    attack = rollFormula(input, choices).formula;
    damage = hitDamageCodeOf(input.damage, choices);
  } catch {
    return [];
  }
  const range = choices.range ?? "short";
  const outcomes: TargetOutcome[] = [];
  for (const target of input.outcomeTargets) {
    try {
      const odds = attackOutcomeOdds({
        attack,
        defense: target.defense + (acrobaticsCounts(range) ? target.acrobatics : 0),
        situation: combatChoicesOf(choices),
        options: optionsOf(choices),
        ...(input.tables ? { tables: input.tables } : {}),
        attackerScale: input.attackerScale ?? 0,
        defenderScale: target.scale,
        damage,
        resistance: target.resistance,
        damageBonus: input.damageBonus === true,
        health: target.health,
        complication,
        ...(target.missDamage === undefined ? {} : { missDamage: target.missDamage }),
      });
      outcomes.push({ name: target.name, odds });
    } catch {
      // A code too large or unreadable: no line for this target.
    }
  }
  return outcomes;
}

/** The line under the dialog: the formula and its chance (or mean), as an i18n key and data. */
export function dialogLine(
  input: OpenD6RollDialogInput,
  choices: OpenD6RollChoices,
  complication: ComplicationRule = "note",
): { formula: string; vs: number | null; hint: OddsHint | null } {
  const { formula } = rollFormula(input, choices);
  const vs = targetNumber(input, choices);
  return { formula, vs, hint: oddsHint(formula, vs ?? undefined, complication) };
}

/** The choices a dialog opens with. */
export function initialChoices(input: OpenD6RollDialogInput): OpenD6RollChoices {
  return {
    ...DEFAULT_CHOICES,
    ...(input.kind === "attack"
      ? { range: input.ranged ? "short" : "pointBlank", cover: "none", posture: "standing", aim: 0 }
      : {}),
    ...input.initial,
  };
}

/** The dialog's template context. */
export function rollDialogView(input: OpenD6RollDialogInput, complication: ComplicationRule = "note") {
  const initial = initialChoices(input);
  const line = dialogLine(input, initial, complication);
  const tables = input.tables ?? DEFAULT_TABLES;
  return {
    attack: input.kind === "attack",
    check: input.kind === "check",
    code: input.code,
    target: input.target ? { name: input.target.name, defense: input.target.defense } : null,
    difficulty: initial.difficulty ?? "",
    difficulties: DIFFICULTIES.map((d) => ({
      value: tables.difficulty[d.id],
      labelKey: DIFFICULTY_KEYS[d.id]!,
    })),
    actions: initial.actions,
    bonusDice: initial.bonusDice,
    maxBonus: MAX_BONUS_DICE,
    woundPenalty: input.woundPenalty,
    characterPoints: initial.characterPoints,
    characterPointsLeft: input.characterPoints,
    fatePoint: initial.fatePoint,
    fatePointsLeft: input.fatePoints,
    ranges: RANGES.filter((id) => !input.closeOnly || id === "pointBlank").map((id) => ({
      id,
      labelKey: RANGE_KEYS[id],
      selected: id === initial.range,
    })),
    covers: COVERS.map((id) => ({ id, labelKey: COVER_KEYS[id], selected: id === initial.cover })),
    postures: POSTURES.map((id) => ({ id, labelKey: POSTURE_KEYS[id], selected: id === initial.posture })),
    lightings: LIGHTINGS.map((id) => ({
      id,
      labelKey: LIGHTING_KEYS[id],
      difficulty: id === "none" ? "" : signed(LIGHTING_MODIFIER[id]),
      selected: id === (initial.lighting ?? "none"),
    })),
    smokes: SMOKES.map((id) => ({
      id,
      labelKey: SMOKE_KEYS[id],
      difficulty: id === "none" ? "" : signed(SMOKE_MODIFIER[id]),
      selected: id === (initial.smoke ?? "none"),
    })),
    unwieldy: initial.unwieldy === true,
    unwieldyModifier: signed(UNWIELDY_MODIFIER),
    modifier: initial.modifier ?? 0,
    maxModifier: MAX_DIFFICULTY_MODIFIER,
    aim: initial.aim ?? 0,
    maxAim: MAX_AIM_DICE,
    // Aiming adds its dice only to marksmanship, missile weapons and throwing (the text).
    aimable: input.kind === "attack" && input.aims !== false,
    maneuvers: MANEUVERS.map((id) => ({
      id,
      labelKey: MANEUVER_KEYS[id],
      selected: id === (initial.maneuver ?? "none"),
    })),
    // Each called shot and hit location with the world's numbers (none: no numbers).
    calledShots: CALLED_SHOTS.map((id) => ({
      id,
      labelKey: CALLED_SHOT_KEYS[id],
      difficulty: id === "none" ? "" : signed(tables.calledShot[id]),
      selected: id === (initial.calledShot ?? "none"),
    })),
    locations: HIT_LOCATIONS.map((id) => ({
      id,
      labelKey: LOCATION_KEYS[id],
      difficulty: id === "none" ? "" : signed(tables.location[id].difficulty),
      damage: signed(tables.location[id].damage),
      selected: id === (initial.location ?? "none"),
    })),
    shots: initial.shots ?? 1,
    maxShots: MAX_SHOTS,
    quickDraw: initial.quickDraw ?? 0,
    acrobaticsDifficulty: initial.acrobaticsDifficulty ?? "",
    acrobaticsTotal: initial.acrobaticsTotal ?? "",
    twoWeapons: initial.twoWeapons === true,
    defenses:
      input.kind === "check" && input.defenseSkill
        ? (["none", ...DEFENSE_KINDS] as const).map((id) => ({
            id,
            labelKey: DEFENSE_KEYS[id],
            selected: id === (initial.defense ?? "none"),
          }))
        : null,
    disarmWeapons:
      input.kind === "attack" && input.disarmWeapons?.length
        ? input.disarmWeapons.map((w) => ({ id: w.id, name: w.name, selected: w.id === initial.disarmWeapon }))
        : null,
    parryWeapons:
      input.kind === "check" && input.defenseSkill && input.parryWeapons?.length
        ? input.parryWeapons.map((w) => ({ id: w.id, name: w.name, selected: w.id === initial.parryWith }))
        : null,
    formula: line.formula,
    vs: line.vs === null ? "" : String(line.vs),
    hint: line.hint,
  };
}

/** Reads the dialog's form (name/value pairs as FormData gives them) into choices, every number bounded. */
export function choicesFromForm(kind: OpenD6RollKind, entries: Iterable<[string, unknown]>): OpenD6RollChoices {
  const values = formValues(entries);
  const base: OpenD6RollChoices = {
    actions: formWhole(values.get("actions"), 1, MAX_ACTIONS, 1),
    bonusDice: formWhole(values.get("bonusDice"), 0, MAX_BONUS_DICE, 0),
    characterPoints: formWhole(values.get("characterPoints"), 0, MAX_CP_PER_ROLL, 0),
    fatePoint: formOn(values.get("fatePoint")),
  };
  const asked = values.get("disarmWeapon");
  const disarm =
    formPick(values.get("maneuver"), MANEUVERS, "none") === "disarm" && typeof asked === "string" && asked.length <= 64
      ? asked.trim()
      : "";
  if (kind === "attack") {
    return {
      ...base,
      range: formPick(values.get("range"), RANGES, "short"),
      cover: formPick(values.get("cover"), COVERS, "none"),
      posture: formPick(values.get("posture"), POSTURES, "standing"),
      aim: formWhole(values.get("aim"), 0, MAX_AIM_DICE, 0),
      maneuver: formPick(values.get("maneuver"), MANEUVERS, "none"),
      calledShot: formPick(values.get("calledShot"), CALLED_SHOTS, "none"),
      location: formPick(values.get("location"), HIT_LOCATIONS, "none"),
      shots: formWhole(values.get("shots"), 1, MAX_SHOTS, 1),
      quickDraw: formWhole(values.get("quickDraw"), 0, 20, 0),
      acrobaticsDifficulty: formWhole(values.get("acrobaticsDifficulty"), 0, MAX_ACROBATICS, 0),
      acrobaticsTotal: formWhole(values.get("acrobaticsTotal"), 0, MAX_ACROBATICS, 0),
      twoWeapons: formOn(values.get("twoWeapons")),
      lighting: formPick(values.get("lighting"), LIGHTINGS, "none"),
      smoke: formPick(values.get("smoke"), SMOKES, "none"),
      unwieldy: formOn(values.get("unwieldy")),
      modifier: formWhole(values.get("modifier"), -MAX_DIFFICULTY_MODIFIER, MAX_DIFFICULTY_MODIFIER, 0),
      ...(disarm ? { disarmWeapon: disarm } : {}),
    };
  }
  const difficulty = values.get("difficulty");
  const defense = formPick(values.get("defense"), ["none", ...DEFENSE_KINDS], "none");
  const parry = values.get("parryWith");
  const parryWith = typeof parry === "string" && parry.length <= 64 ? parry.trim() : "";
  return {
    ...base,
    difficulty: difficulty && difficulty.trim() !== "" ? formWhole(difficulty, 0, 1000, 0) : null,
    // A full defense is the round's only action.
    ...(defense === "none" ? {} : { defense, ...(defense === "full" ? { actions: 1 } : {}) }),
    ...(defense !== "none" && parryWith ? { parryWith } : {}),
  };
}
