/**
 * The Fading Suns roll dialog as plain data: the goal modifiers it offers (the text's charts), how its
 * form is read, and the live line (the goal and its exact odds). No Foundry here.
 */
import { percent } from "../../../dice/odds-card";
import { formOn, formPick, formWhole } from "../../../play/form-values";
import {
  CHARACTERISTIC_KEYS,
  CONDITION_KEYS,
  FIGHT_KEYS,
  FIRE_KEYS,
  LEVEL_KEYS,
  MOVE_KEYS,
  MULTI_ATTACK_KEYS,
  OWN_COVER_KEYS,
  POSTURE_KEYS,
  RANGE_KEYS,
  SIGHT_KEYS,
  SOUND_KEYS,
  SPIRIT_KEYS,
  TARGET_COVER_KEYS,
  TASK_KEYS,
} from "../data/labels";
import {
  CALLED_SHOT,
  CHARACTERISTICS,
  CONDITIONS,
  FIGHT_ACTIONS,
  FIRE_ACTIONS,
  GOAL_LEVELS,
  MAX_AIM,
  MAX_ATTACKS,
  MAX_COMPLEMENTARY_VP,
  MAX_GROUP,
  MAX_OTHER,
  MOVES,
  MULTI_ATTACKS,
  OWN_COVER,
  RANGE_BANDS,
  SIGHT,
  SUSTAINED_TASKS,
  SOUND,
  SPIRIT_SITUATIONS,
  TARGET_COVER,
  TARGET_POSTURE,
  goalOdds,
  fightActionRoll,
  goalParts,
  ids,
  movesFor,
  isCharacteristic,
  modifiedGoal,
  targetDefense,
  type Characteristic,
  type GoalChoices,
  type GoalPart,
  type RollKind,
  type SustainedTask,
} from "../rules";

/** What the player chose: the goal modifiers, and for a goal roll the characteristic paired with the skill. */
export interface FsRollChoices extends GoalChoices {
  readonly characteristic?: Characteristic;
  /** A sustained task this roll starts. */
  readonly task?: SustainedTask;
  /** An answer to a contest: the skill picked in the dialog (a natural skill's id or an item's), never stored. */
  readonly skill?: string;
}

export interface FsRollDialogInput {
  readonly kind: RollKind;
  /** The roller's characteristics (a goal roll may pair the skill with any of them). */
  readonly characteristics: Readonly<Record<string, number>>;
  readonly characteristic: Characteristic;
  readonly skill: number;
  readonly woundPenalty: number;
  /** The stance's goal modifier (attacks, and goal rolls made in combat). */
  readonly stanceGoal: number;
  /** An attack: the weapon's own goal modifier. */
  readonly weaponGoal?: number;
  /** A melee attack: the Fight rating grapple and knockdown roll instead of the weapon's skill. */
  readonly fightSkill?: number;
  /** A melee attack: the farthest the attacker charges (twice its movement). */
  readonly chargeMax?: number;
  /** What the roller's Active Effects add to this goal (system.bonuses: goal, and attack for an attack). */
  readonly effectGoal?: number;
  /** An attack: the first target's name and own Defense (none: no target). */
  readonly target?: { readonly name: string; readonly defense: number } | null;
  /** An attack: how many tokens are targeted (each one attack of the action). */
  readonly targets?: number;
  readonly initial?: Partial<FsRollChoices>;
  /** Quick complementary skills (the world option, goal rolls only): the roller's skills and ratings. */
  readonly quickSkills?: ReadonlyArray<{ readonly id: string; readonly name: string; readonly rating: number }>;
  /** An answer to a contest: every skill of the answering character, to pick one. */
  readonly skills?: FsRollDialogInput["quickSkills"];
}

/** The goal of a roll with these choices: natural goal, each modifier, and the modified goal. */
export interface FsGoal {
  readonly characteristic: Characteristic;
  readonly natural: number;
  readonly parts: GoalPart[];
  /** Before any target's Defense. */
  readonly goal: number;
}

export function goalOf(input: FsRollDialogInput, choices: FsRollChoices): FsGoal {
  const characteristic =
    input.kind === "check" && choices.characteristic ? choices.characteristic : input.characteristic;
  // Grapple and knockdown roll Dexterity + Fight: the weapon's skill and goal modifier are set aside.
  const fight = fightActionRoll(input.kind, choices.fightAction) === "fight";
  const skill = fight
    ? (input.fightSkill ?? input.skill)
    : (input.skills?.find((s) => s.id === choices.skill)?.rating ?? input.skill);
  const natural = (input.characteristics[characteristic] ?? 0) + skill;
  const inCombat = input.kind !== "check" || choices.combat === true;
  const parts: GoalPart[] = [];
  if (input.weaponGoal && !fight) parts.push({ id: "weapon", value: input.weaponGoal });
  if (inCombat && input.stanceGoal) parts.push({ id: "stance", value: input.stanceGoal });
  if (input.woundPenalty) parts.push({ id: "wounds", value: input.woundPenalty });
  if (input.effectGoal) parts.push({ id: "effects", value: input.effectGoal });
  parts.push(...goalParts(choices, input.kind));
  return { characteristic, natural, parts, goal: modifiedGoal(natural, parts) };
}

/** The goal against the first target (its Defense with the battlefield's conditions), or the goal alone. */
export function lineGoal(input: FsRollDialogInput, choices: FsRollChoices): { goal: number; defense: number | null } {
  const { goal } = goalOf(input, choices);
  if (input.kind === "check" || !input.target) return { goal, defense: null };
  const defense = targetDefense(input.target.defense, choices, input.kind).value;
  return { goal: goal - defense, defense };
}

/** The odds hint of a goal, as an i18n key and its data. */
export function oddsHintOf(goal: number, combat: boolean): { key: string; data: Record<string, string> } {
  const odds = goalOdds(goal, combat);
  return {
    key: "ANTHOLOGY.FadingSuns.Odds.line",
    data: {
      goal: String(goal),
      success: percent(odds.success),
      critical: percent(odds.critical),
      fumble: percent(odds.criticalFailure),
      vp: odds.expectedVictoryPoints.toFixed(1),
    },
  };
}

/** The line under the dialog: the goal and its odds. */
export function dialogLine(input: FsRollDialogInput, choices: FsRollChoices) {
  const { goal } = lineGoal(input, choices);
  return { goal, hint: oddsHintOf(goal, input.kind !== "check" || choices.combat === true) };
}

const DEFAULTS: FsRollChoices = Object.freeze({
  level: "standard",
  sight: "none",
  sound: "none",
  conditions: [],
  calledShot: 0,
  ownCover: "none",
  fromGround: false,
  move: "none",
  other: 0,
  combat: false,
});

const options = <T extends { id: string }>(
  chart: readonly T[],
  keys: Readonly<Record<T["id"], string>>,
  selected: unknown,
) => chart.map((e) => ({ ...e, labelKey: keys[e.id as T["id"]], selected: e.id === selected }));

/** The choices the dialog opens with. */
export function initialChoices(input: FsRollDialogInput): FsRollChoices {
  const attack = input.kind !== "check";
  return {
    ...DEFAULTS,
    characteristic: input.characteristic,
    ...(attack
      ? {
          combat: true,
          targetCover: "none",
          targetPosture: "standing",
          ...(input.kind === "melee" ? { fightAction: "strike", group: 1, charge: 0 } : { range: "short", aim: 0 }),
          ...(input.kind === "ranged" ? { fireAction: "shoot" } : {}),
          attacks: Math.min(MAX_ATTACKS, Math.max(1, input.targets ?? 1)),
        }
      : {}),
    ...input.initial,
  };
}

/** The dialog's template context. */
export function rollDialogView(input: FsRollDialogInput) {
  const attack = input.kind !== "check";
  const initial = initialChoices(input);
  const line = dialogLine(input, initial);
  const { natural } = goalOf(input, initial);
  return {
    attack,
    check: !attack,
    melee: input.kind === "melee",
    ranged: input.kind === "ranged",
    distance: input.kind === "ranged" || input.kind === "thrown",
    natural,
    target: input.target ? { name: input.target.name, defense: input.target.defense } : null,
    characteristics: CHARACTERISTICS.map((c) => ({
      id: c,
      labelKey: CHARACTERISTIC_KEYS[c],
      value: input.characteristics[c] ?? 0,
      selected: c === initial.characteristic,
    })),
    skill: input.skill,
    woundPenalty: input.woundPenalty,
    stanceGoal: input.stanceGoal,
    combat: initial.combat === true,
    levels: options(GOAL_LEVELS, LEVEL_KEYS, initial.level),
    sights: options(SIGHT, SIGHT_KEYS, initial.sight),
    sounds: options(SOUND, SOUND_KEYS, initial.sound),
    conditions: CONDITIONS.map((c) => ({
      ...c,
      labelKey: CONDITION_KEYS[c.id],
      checked: initial.conditions?.includes(c.id) ?? false,
    })),
    calledShots: CALLED_SHOT.map((v) => ({ value: v, selected: v === initial.calledShot })),
    ownCovers: options(OWN_COVER, OWN_COVER_KEYS, initial.ownCover),
    fromGround: initial.fromGround === true,
    moves: options(
      MOVES.filter((m) => movesFor(input.kind).includes(m.id)),
      MOVE_KEYS,
      initial.move,
    ),
    other: initial.other ?? 0,
    maxOther: MAX_OTHER,
    spirits: options(SPIRIT_SITUATIONS, SPIRIT_KEYS, initial.spirit ?? "none"),
    complementary: initial.complementary ?? 0,
    maxComplementary: MAX_COMPLEMENTARY_VP,
    quickSkills: input.kind === "check" && input.quickSkills?.length ? input.quickSkills : null,
    skills: input.skills?.map((s) => ({ ...s, selected: s.id === initial.skill })) ?? null,
    tasks: input.kind === "check" && !input.skills ? options(SUSTAINED_TASKS, TASK_KEYS, null) : null,
    sameTurn: initial.sameTurn === true,
    fightActions: options(FIGHT_ACTIONS, FIGHT_KEYS, initial.fightAction),
    fireActions: options(FIRE_ACTIONS, FIRE_KEYS, initial.fireAction),
    ranges: RANGE_BANDS.map((id) => ({
      id,
      labelKey: RANGE_KEYS[id],
      selected: id === initial.range,
    })),
    aim: initial.aim ?? 0,
    maxAim: MAX_AIM,
    charge: Math.min(initial.charge ?? 0, input.chargeMax ?? 100),
    chargeMax: input.chargeMax ?? 100,
    move: Math.floor((input.chargeMax ?? 100) / 2),
    targetCovers: options(TARGET_COVER, TARGET_COVER_KEYS, initial.targetCover),
    targetPostures: options(TARGET_POSTURE, POSTURE_KEYS, initial.targetPosture),
    targetSlippery: initial.targetSlippery === true,
    group: initial.group ?? 1,
    // One action attacks each target once: fewer attacks than targets cannot be chosen.
    multiAttacks: MULTI_ATTACKS.map((m) => ({
      attacks: m.attacks,
      goal: m.goal,
      labelKey: MULTI_ATTACK_KEYS[m.attacks],
      selected: m.attacks === (initial.attacks ?? 1),
      disabled: m.attacks < Math.max(1, input.targets ?? 1),
    })),
    maxGroup: MAX_GROUP,
    goal: line.goal,
    hint: line.hint,
  };
}

const pickOf = (key: string, value: string | undefined, allowed: readonly string[]) =>
  value && allowed.includes(value) ? { [key]: value } : {};

/**
 * Reads the dialog's form (name/value pairs as FormData gives them) into choices, every value bounded;
 * a quick complementary skill is looked up in `quickSkills` (its rating, never a number from the form).
 */
export function choicesFromForm(
  kind: RollKind,
  entries: Iterable<[string, unknown]>,
  quickSkills: FsRollDialogInput["quickSkills"] = [],
  skills: FsRollDialogInput["skills"] = [],
  chargeMax = 100,
): FsRollChoices {
  const values = new Map<string, string>();
  const conditions: string[] = [];
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    if (name === "conditions") conditions.push(value);
    else values.set(name, value);
  }
  const calledShot = formWhole(values.get("calledShot"), -6, 0, 0);
  const base: FsRollChoices = {
    level: formPick(values.get("level"), ids(GOAL_LEVELS), "standard"),
    sight: formPick(values.get("sight"), ids(SIGHT), "none"),
    sound: formPick(values.get("sound"), ids(SOUND), "none"),
    conditions: ids(CONDITIONS).filter((c) => conditions.includes(c)),
    calledShot: (CALLED_SHOT as readonly number[]).includes(calledShot) ? calledShot : 0,
    ownCover: formPick(values.get("ownCover"), ids(OWN_COVER), "none"),
    move: formPick(values.get("move"), movesFor(kind), "none"),
    other: formWhole(values.get("other"), -MAX_OTHER, MAX_OTHER, 0),
    spirit: formPick(values.get("spirit"), ids(SPIRIT_SITUATIONS), "none"),
    complementary: formWhole(values.get("complementary"), 0, MAX_COMPLEMENTARY_VP, 0),
    sameTurn: formOn(values.get("sameTurn")),
  };
  if (kind === "check") {
    const characteristic = values.get("characteristic");
    const quick = quickSkills?.find((s) => s.id === values.get("quickSkill"));
    return {
      ...base,
      ...(quick ? { quickRating: quick.rating } : {}),
      ...pickOf("task", values.get("task"), ids(SUSTAINED_TASKS)),
      ...pickOf("skill", values.get("skill"), skills?.map((s) => s.id) ?? []),
      combat: formOn(values.get("combat")),
      ...(isCharacteristic(characteristic) ? { characteristic } : {}),
    };
  }
  const target = {
    attacks: formWhole(values.get("attacks"), 1, MAX_ATTACKS, 1),
    targetCover: formPick(values.get("targetCover"), ids(TARGET_COVER), "none"),
    targetPosture: formPick(values.get("targetPosture"), ids(TARGET_POSTURE), "standing"),
    targetSlippery: formOn(values.get("targetSlippery")),
  };
  if (kind === "melee") {
    return {
      ...base,
      ...target,
      combat: true,
      fromGround: formOn(values.get("fromGround")),
      fightAction: formPick(values.get("fightAction"), ids(FIGHT_ACTIONS), "strike"),
      group: formWhole(values.get("group"), 1, MAX_GROUP, 1),
      charge: formWhole(values.get("charge"), 0, chargeMax, 0),
    };
  }
  return {
    ...base,
    ...target,
    combat: true,
    range: formPick(values.get("range"), RANGE_BANDS, "short"),
    aim: formWhole(values.get("aim"), 0, MAX_AIM, 0),
    ...(kind === "ranged" ? { fireAction: formPick(values.get("fireAction"), ids(FIRE_ACTIONS), "shoot") } : {}),
  };
}
