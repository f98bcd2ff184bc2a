import { NotationError, oddsHint, type ComplicationRule, type OddsHint } from "../../../dice";
import type { TargetOutcome } from "../../../play/outcome-line";
import {
  BODY_PART_KEYS,
  BODY_PARTS,
  DEFENSE_IDS,
  DEFENSE_KEYS,
  FadeWeaponError,
  MODIFIERS,
  addPools,
  formatPool,
  attackKind,
  damagePoolFor,
  defenseAgainst,
  clampExtraDice,
  isBodyPart,
  isMeleeAttack,
  offeredModifiers,
  outcomeInput,
  outcomeOdds,
  statusModifiers,
  toHitPool,
  type BodyPart,
  type EnergyProfile,
  type FadeAttackChoices,
  type FadeDefenseId,
  type FadeDerived,
  type FadeModifierId,
  type FadeRollKind,
  type PoolBonus,
  type FadeWeapon,
} from "../rules";

export type { FadeRollKind };

/** A weapon as the dialog reads it: the rules' fields and whether it may be held in two hands. */
export type DialogWeapon = FadeWeapon & {
  readonly canTwoHand?: boolean;
  /** Range in squares; 0 for a melee weapon. */
  readonly range?: number;
};

export interface FadeRollDialogInput {
  readonly kind: FadeRollKind;
  readonly derived: FadeDerived;
  /** The weapon attacking or dealing damage (none for a dodge). */
  readonly weapon?: DialogWeapon;
  /** Weapons that can parry, for a check: id, name and to-hit pool. */
  readonly parries?: ReadonlyArray<{ readonly id: string; readonly name: string; readonly pool: string }>;
  readonly target?: {
    readonly name: string;
    readonly derived: Pick<FadeDerived, FadeDefenseId | "vsSpells">;
    /** The parts the target has lost: a called shot cannot aim at them. */
    readonly missing?: readonly BodyPart[];
  } | null;
  /** An attack: every targeted token, with the numbers its outcome odds read (the first is `target`). */
  readonly targets?: readonly DialogTarget[];
  /** The roller's statuses: a critical failure or a wounded arm turns its modifier on. */
  readonly statuses?: ReadonlySet<string>;
  /** The choices to start from (a damage roll starts from its attack's). */
  readonly initial?: FadeRollChoices;
  /** A skill check: the skill and its pool before modifiers (attribute and ranks). */
  readonly skill?: { readonly id: string; readonly pool: string };
}

/** A targeted token as the attack dialog's outcome odds read it: its name and its numbers now. */
export interface DialogTarget {
  readonly name: string;
  readonly derived: Pick<FadeDerived, FadeDefenseId | "vsSpells" | "deflection" | "soak" | "deathAt" | "hpMax">;
  /** Current HP. */
  readonly hp: number;
  readonly energy?: EnergyProfile;
  readonly missing?: readonly BodyPart[];
  /** The total of a dodge or parry it declared that a melee attack would meet, and one any other would. */
  readonly dodge?: { readonly melee: number | null; readonly other: number | null };
}

/**
 * Each targeted token's exact chances to be hit, hurt and dropped by the attack these choices roll
 * (rules/outcome-odds.ts), for the dialog's live list; a target whose odds cannot be worked out (a
 * weapon's base damage that is not keep notation, a pool too large) is left out.
 */
export function dialogOutcomes(input: FadeRollDialogInput, choices: FadeRollChoices): TargetOutcome[] {
  const weapon = input.weapon;
  if (input.kind !== "attack" || !weapon) return [];
  const melee = isMeleeAttack(weapon, choices);
  return (input.targets ?? []).flatMap((target) => {
    const dodge = melee ? target.dodge?.melee : target.dodge?.other;
    try {
      const odds = outcomeOdds(
        outcomeInput({
          attacker: input.derived,
          weapon,
          choices,
          target: { ...target, ...(typeof dodge === "number" ? { dodge } : { dodge: undefined }) },
        }),
      );
      return [{ name: target.name, odds }];
    } catch (error) {
      if (error instanceof FadeWeaponError || error instanceof NotationError || error instanceof RangeError) return [];
      throw error;
    }
  });
}

/** What the dialog returns: the rules' choices plus the damage card's options. */
export interface FadeRollChoices extends FadeAttackChoices {
  /** A damage roll: the hit was a critical (doubles before Soak). */
  readonly critical?: boolean;
  /** A damage roll: a coup de grace (Soak counts as 1). */
  readonly coupDeGrace?: boolean;
  /** A check: "dodge", or the id of the weapon that parries. */
  readonly reaction?: string;
  /** An attack: extra dice for its damage roll (the attack's own extra dice are `extra`). */
  readonly damageExtra?: PoolBonus;
  /** A skill check: the skill rolled. */
  readonly skill?: string;
  /** A skill check: the DC the GM set (none: the GM judges the total). */
  readonly dc?: number;
}

function preChecked(input: FadeRollDialogInput): Set<FadeModifierId> {
  return new Set<FadeModifierId>([...(input.initial?.modifiers ?? []), ...statusModifiers(input.statuses)]);
}

/** The pool a dialog's choices roll, the number it must reach (when known), and the hover hint. */
export function dialogPool(
  input: FadeRollDialogInput,
  choices: FadeRollChoices,
  complication: ComplicationRule = "note",
): { pool: string | null; vs: number | null; hint: OddsHint | null; errorKey?: string; errorValue?: string } {
  const weapon = input.weapon;
  if (input.kind === "skill") {
    const bonuses = (choices.modifiers ?? []).map((m) => MODIFIERS[m].toHit ?? {});
    const pool = formatPool(addPools(input.skill?.pool ?? "0k0", ...bonuses, choices.extra ?? {}));
    const vs = choices.dc ?? null;
    return { pool, vs, hint: oddsHint(pool, vs ?? undefined, complication) };
  }
  if (input.kind === "check") {
    const parry = input.parries?.find((p) => p.id === choices.reaction);
    const base = parry?.pool ?? input.derived.dodge;
    const bonuses = (choices.modifiers ?? []).map((m) => MODIFIERS[m].toHit ?? {});
    const pool = formatPool(addPools(base, ...bonuses, choices.extra ?? {}));
    return { pool, vs: null, hint: oddsHint(pool, undefined, complication) };
  }
  if (!weapon) return { pool: null, vs: null, hint: null };
  if (input.kind === "damage") {
    try {
      const pool = damagePoolFor(input.derived, weapon, choices);
      return { pool, vs: null, hint: oddsHint(pool, undefined, complication) };
    } catch (error) {
      if (!(error instanceof FadeWeaponError)) throw error;
      return { pool: null, vs: null, hint: null, errorKey: error.key, errorValue: error.baseDamage };
    }
  }
  const pool = toHitPool(input.derived, weapon, choices);
  const vs = input.target ? defenseAgainst(input.target.derived, weapon, choices).value : null;
  return { pool, vs, hint: oddsHint(pool, vs ?? undefined, complication) };
}

/** The dialog's template context: the offered modifiers (pre-checked), the choices, and the odds line. */
export function rollDialogView(input: FadeRollDialogInput, complication: ComplicationRule = "note") {
  const on = preChecked(input);
  const initial: FadeRollChoices = { ...input.initial, modifiers: [...on] };
  const weapon = input.weapon;
  const spell = weapon ? attackKind(weapon, initial) === "spell" : false;
  const defense = initial.defense ?? weapon?.defense ?? "defense";
  const location = initial.calledShot ?? "body";
  const line = dialogPool(input, initial, complication);
  return {
    kind: input.kind,
    attack: input.kind === "attack",
    damage: input.kind === "damage",
    check: input.kind === "check",
    skill: input.kind === "skill",
    dc: initial.dc === undefined ? "" : String(initial.dc),
    target: input.target ? { name: input.target.name } : null,
    modifiers: offeredModifiers(input.kind, input.weapon).map((id) => ({
      id,
      labelKey: MODIFIERS[id].key,
      checked: on.has(id),
    })),
    spell,
    defenses: DEFENSE_IDS.map((id) => ({ id, labelKey: DEFENSE_KEYS[id], selected: id === defense })),
    locations: BODY_PARTS.map((id) => ({
      id,
      labelKey: BODY_PART_KEYS[id],
      selected: id === location,
      gone: input.target?.missing?.includes(id) === true,
    })),
    defaultBody: initial.defaultBody === true,
    rolledLocation: initial.calledShot === undefined && initial.defaultBody !== true,
    critical: initial.critical === true,
    coupDeGrace: initial.coupDeGrace === true,
    reactions: [
      { id: "dodge", pool: input.derived.dodge, name: "", selected: (initial.reaction ?? "dodge") === "dodge" },
      ...(input.parries ?? []).map((p) => ({ ...p, selected: p.id === initial.reaction })),
    ],
    extraRolled: initial.extra?.rolled ?? 0,
    extraKept: initial.extra?.kept ?? 0,
    damageExtraRolled: initial.damageExtra?.rolled ?? 0,
    damageExtraKept: initial.damageExtra?.kept ?? 0,
    pool: line.pool ?? "",
    vs: line.vs === null ? "" : String(line.vs),
    hint: line.hint,
    outcomes: dialogOutcomes(input, initial),
    error: line.errorKey ? { key: line.errorKey, value: line.errorValue ?? "" } : null,
  };
}

export type FadeRollDialogView = ReturnType<typeof rollDialogView>;

const int = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

/** A typed number of extra dice, held to the rules' bound (rules/pool.ts). */
const extraDice = (value: string | undefined) => clampExtraDice(int(value));

/**
 * Reads the dialog's form (name/value pairs as FormData gives them) into choices. The called shot's
 * location counts only with the called-shot modifier; a damage roll's "location" is a called shot's
 * part or "roll".
 */
export function choicesFromForm(kind: FadeRollKind, entries: Iterable<[string, unknown]>): FadeRollChoices {
  const values = new Map<string, string>();
  const modifiers: FadeModifierId[] = [];
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    if (name === "modifiers" && value in MODIFIERS) modifiers.push(value as FadeModifierId);
    else values.set(name, value);
  }
  const on = (name: string) => values.get(name) === "on" || values.get(name) === "true";
  const extra = { rolled: extraDice(values.get("extraRolled")), kept: extraDice(values.get("extraKept")) };
  const location = values.get("location");
  const part: BodyPart | undefined = isBodyPart(location) ? location : undefined;
  const defense = values.get("defense");
  const base: FadeRollChoices = {
    modifiers,
    ...(extra.rolled || extra.kept ? { extra } : {}),
  };
  if (kind === "attack") {
    const damageExtra = {
      rolled: extraDice(values.get("damageExtraRolled")),
      kept: extraDice(values.get("damageExtraKept")),
    };
    return {
      ...base,
      ...(damageExtra.rolled || damageExtra.kept ? { damageExtra } : {}),
      coupDeGrace: on("coupDeGrace"),
      spell: on("spell"),
      ...(DEFENSE_IDS.includes(defense as FadeDefenseId) ? { defense: defense as FadeDefenseId } : {}),
      ...(modifiers.includes("calledShot")
        ? { calledShot: part ?? "body" }
        : on("defaultBody")
          ? { defaultBody: true }
          : {}),
    };
  }
  if (kind === "damage") {
    return {
      ...base,
      spell: on("spell"),
      ...(part ? { calledShot: part } : {}),
      critical: on("critical"),
      coupDeGrace: on("coupDeGrace"),
    };
  }
  if (kind === "skill") {
    const dc = values.get("dc")?.trim();
    const n = dc ? Number(dc) : Number.NaN;
    return { ...base, ...(Number.isFinite(n) ? { dc: Math.max(0, Math.min(1000, Math.trunc(n))) } : {}) };
  }
  return { ...base, reaction: values.get("reaction") || "dodge" };
}
