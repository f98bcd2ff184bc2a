/**
 * What one FUDGE attack does to one target, and its exact odds (issue 31). The cards and the GM's
 * apply judge an attack through `judgeAttack` and leave its wound through `blowOutcome`; the odds run
 * the same two functions over every roll the dice can make, so the chances and the apply cannot drift.
 */
import { outcomeOdds as nestedOdds, type OutcomeOdds } from "../../../dice/outcome-odds";
import { NPC_DICE, type NpcDice } from "./actions";
import {
  MINIMUM_TO_HIT,
  STANCE_IDS,
  WOUNDS,
  defenderMinimum,
  type StanceId,
  type Wound,
  type WoundTrack,
} from "./combat";
import {
  dodgedShot,
  massExchange,
  meleeExchange,
  scaleDieWound,
  unopposedAttack,
  type Blow,
  type Fighter,
  type SideResult,
  type Soak,
  type Unit,
} from "./exchange";
import { PROPELLED_DODGE, markTrue, stunFor, trueWoundsOf, type TrueWounds } from "./play";
import { DEFAULT_TABLES, type FudgeTables } from "./tables";

/** A shot or a blow judged against a difficulty (or a dodge): the attacker's numbers. */
export interface ShotAttack {
  readonly skill: number;
  readonly modifier: number;
  readonly blow: Blow;
  readonly aimDegree?: number;
}

/** The dodger's numbers, its roll apart. */
export interface Dodge {
  readonly skill: number;
  readonly modifier: number;
  readonly propelled: boolean;
  readonly levels?: number;
}

/**
 * One attack on one target as it will be judged, the dice apart: a melee exchange (both roll, both can
 * hit), a shot at an unaware target or a blow at one who cannot fight (unopposed, against a
 * difficulty), a shot the target dodges, or a mass battle's exchange of two units.
 */
export type AttackPlan =
  | { readonly kind: "melee"; readonly attacker: Fighter; readonly defender: Fighter }
  | { readonly kind: "unopposed"; readonly attack: ShotAttack; readonly difficulty: number; readonly soak: Soak }
  | {
      readonly kind: "dodged";
      readonly attack: ShotAttack;
      readonly difficulty: number;
      readonly dodge: Dodge;
      readonly soak: Soak;
    }
  | { readonly kind: "mass"; readonly attacker: Unit; readonly defender: Unit; readonly defendOnly: boolean };

/** An attack judged: the attacker's blow (a) and, in a melee or mass exchange, the blow back (b). */
export interface JudgedAttack {
  readonly a: SideResult;
  readonly b: SideResult | null;
  readonly standOff: boolean;
}

/**
 * An attack judged from its plan and the 4dF sums rolled (the attacker's, then the defender's; the
 * defender's is not read when the attack is unopposed). A unit that only defends inflicts nothing.
 */
export function judgeAttack(
  plan: AttackPlan,
  rollA: number,
  rollB: number,
  tables: FudgeTables = DEFAULT_TABLES,
): JudgedAttack {
  switch (plan.kind) {
    case "melee": {
      const r = meleeExchange(plan.attacker, plan.defender, rollA, rollB, tables);
      return { a: r.a, b: r.b, standOff: r.standOff };
    }
    case "unopposed":
      return { a: unopposedAttack(plan.attack, plan.difficulty, rollA, plan.soak, tables), b: null, standOff: false };
    case "dodged":
      return {
        a: dodgedShot(plan.attack, plan.difficulty, rollA, { ...plan.dodge, roll: rollB }, plan.soak, tables),
        b: null,
        standOff: false,
      };
    case "mass": {
      const r = massExchange(plan.attacker, plan.defender, rollA, rollB, tables);
      const b = plan.defendOnly ? { ...r.b, hits: false, damage: null, graze: false, wound: null } : r.b;
      return { a: r.a, b, standOff: r.standOff };
    }
  }
}

export type StunResult = ReturnType<typeof stunFor>;

/** What a blow leaves on its target: the box it marked (or the stun), whether it is down, whether anything changed. */
export interface BlowOutcome {
  readonly truth: TrueWounds;
  readonly marked: Wound | null;
  readonly stun: StunResult | null;
  /** Out of the fight: a Coma/Fatal box marked (unconscious), or knocked out by a stunning blow. */
  readonly down: boolean;
  /** A box marked or a stun taken: the blow changed the target at all. */
  readonly changed: boolean;
}

/**
 * The wound (or, for a stunning blow, the stun) a hit leaves on a target whose track is `truth`: the
 * box takes the wound at its true level, a full level marking the next open box up (a full track
 * takes nothing); a stunning blow stuns (a second stun on record: Very Stunned) or knocks out. The
 * GM's apply carries this out; the odds count it.
 */
export function blowOutcome(
  truth: TrueWounds,
  wound: "undamaged" | Wound | null,
  stun: boolean,
  stunOnRecord: boolean,
): BlowOutcome {
  if (!wound || wound === "undamaged") {
    return { truth, marked: null, stun: stun ? "none" : null, down: false, changed: false };
  }
  if (stun) {
    const result = stunFor(wound, stunOnRecord);
    return { truth, marked: null, stun: result, down: result === "knockedOut", changed: result !== "none" };
  }
  const next = markTrue(truth, wound);
  return {
    truth: next.truth,
    marked: next.box,
    stun: null,
    down: next.truth.coma.length > 0,
    changed: next.box !== null,
  };
}

/**
 * The exact chances of one attack on one target (the core's shape, each 0..1, drop ≤ hurt ≤ hit): it
 * hits (the GM's apply would take it); it hits and changes the target, a wound box marked (a Scratch
 * too) or a stun; it hits, hurts and puts the target out, a Coma/Fatal box marked or knocked out.
 */
export type FudgeOutcomeOdds = OutcomeOdds;

/** The target's side, beyond the plan: its dice, its wound track now and a stun on record. */
export interface OutcomeTarget {
  /** The defender's dice: 4, or an NPC's 2, 1 or none (its trait stands); not read unopposed. */
  readonly dice?: NpcDice;
  /** Boxes marked per level now (3 Scratch, 2 Light, 1 each of Major, Critical and Coma). */
  readonly wounds?: WoundTrack;
  /** A stun already on the sheet: a stunning blow's Light result is then Very Stunned. */
  readonly stunOnRecord?: boolean;
}

/** Each sum of `dice` Fudge dice with its number of ways (out of 3^dice). */
function sumWays(dice: number): Array<readonly [sum: number, ways: number]> {
  let ways = new Map<number, number>([[0, 1]]);
  for (let d = 0; d < dice; d++) {
    const next = new Map<number, number>();
    for (const [sum, w] of ways) for (const f of [-1, 0, 1]) next.set(sum + f, (next.get(sum + f) ?? 0) + w);
    ways = next;
  }
  return [...ways.entries()].sort((x, y) => x[0] - y[0]);
}

const FOUR = sumWays(4);

/**
 * The exact odds of a planned attack on one target: every sum of the attacker's 4dF against every sum
 * of the defender's dice (weighted by the ways to roll it), judged by `judgeAttack`; every hit's wound
 * left by `blowOutcome` on the target's track as it is now, a hit that Scale alone stopped taking the
 * GM's one die (a + is a Scratch). `alsoFacing`: in a melee, the other foes the attacker took on at
 * once (each rolls 4dF against the same roll): the attacker wounds this target only when it beat or
 * tied every foe, and having tied one, only by 2 or more (the GM's apply refuses the rest).
 */
export function planOdds(
  plan: AttackPlan,
  target: OutcomeTarget = {},
  options: {
    readonly stun?: boolean;
    readonly alsoFacing?: readonly Fighter[];
    readonly tables?: FudgeTables;
    /** Dice already rolled (4dF sums; the Scale die's face): only those count, the rest stays exact. */
    readonly rolled?: { readonly attacker?: number; readonly defender?: number; readonly scaleDie?: number };
  } = {},
): FudgeOutcomeOdds {
  const tables = options.tables ?? DEFAULT_TABLES;
  const stun = options.stun === true;
  const truth = trueWoundsOf(target.wounds ?? {});
  const onRecord = target.stunOnRecord === true;
  const dice = plan.kind === "unopposed" ? 0 : (target.dice ?? 4);
  const rolled = options.rolled ?? {};
  const only = (sums: ReturnType<typeof sumWays>, sum: number | undefined) =>
    sum === undefined ? sums : sums.filter(([s]) => s === sum);
  const attacker = only(FOUR, rolled.attacker);
  const defender = only(sumWays(dice), dice === 0 ? undefined : rolled.defender);
  const faces = rolled.scaleDie === undefined ? [-1, 0, 1] : [rolled.scaleDie];
  const others = plan.kind === "melee" ? (options.alsoFacing ?? []) : [];
  // Whole numbers over one denominator while no other foe is counted: the chances are exact ratios.
  const ways = (sums: ReturnType<typeof sumWays>) => sums.reduce((n, [, w]) => n + w, 0);
  const total = ways(attacker) * ways(defender) * faces.length;
  if (total === 0) return nestedOdds(0, 0, 0);
  const outcomes = new Map<"undamaged" | Wound, BlowOutcome>();
  const left = (wound: "undamaged" | Wound | null) => {
    const key = wound ?? "undamaged";
    let o = outcomes.get(key);
    if (!o) outcomes.set(key, (o = blowOutcome(truth, key, stun, onRecord)));
    return o;
  };
  let hit = 0;
  let hurt = 0;
  let drop = 0;
  // Against each other foe, the relative degree at rolls of 0 and 0: each roll counts for offense and
  // defense alike, so at other rolls it moves by the attacker's roll less the foe's.
  const evenDegrees =
    plan.kind === "melee" ? others.map((foe) => meleeExchange(plan.attacker, foe, 0, 0, tables).a.relativeDegree) : [];
  for (const [rollA, waysA] of attacker) {
    // The other foes' chances against this roll: every one beaten or tied (≥ 0), every one beaten (≥ 1).
    let tiedOrBeaten = 1;
    let beaten = 1;
    for (const even of evenDegrees) {
      let atLeastTie = 0;
      let win = 0;
      for (const [rollF, waysF] of FOUR) {
        const degree = even + rollA - rollF;
        if (degree >= 0) atLeastTie += waysF;
        if (degree >= 1) win += waysF;
      }
      tiedOrBeaten *= atLeastTie / 81;
      beaten *= win / 81;
    }
    for (const [rollB, waysB] of defender) {
      const a = judgeAttack(plan, rollA, rollB, tables).a;
      if (!a.hits) continue;
      // With other foes, as loneFighterMayWound has it: winning by 2 or more, every other foe beaten or
      // tied; by 1, every other foe beaten.
      const alone = others.length === 0 ? 1 : a.relativeDegree >= 2 ? tiedOrBeaten : beaten;
      const w = waysA * waysB * alone;
      hit += w * faces.length;
      if (a.scaleStopped && !stun) {
        for (const face of faces) {
          const o = left(scaleDieWound(face));
          if (o.changed) hurt += w;
          if (o.changed && o.down) drop += w;
        }
      } else {
        const o = left(a.wound);
        if (o.changed) hurt += w * faces.length;
        if (o.changed && o.down) drop += w * faces.length;
      }
    }
  }
  return nestedOdds(hit / total, hurt / total, drop / total);
}

// ---------------------------------------------------------------------------------------------------
// The public shape: `api.rules.fudge.outcomeOdds(input)`, every number but the traits optional.

/** A blow's damage numbers, as `api.rules.fudge.outcomeOdds` takes them (anything left out counts 0, false or none). */
export type BlowInput = Partial<Blow>;

/** A melee fighter, or a shooter, as `outcomeOdds` takes it: the trait, everything else optional. */
export interface FighterInput {
  /** The trait fought (or shot, or dodged) with, on the ladder (Fair 0). */
  readonly skill: number;
  /** Every other modifier: wounds (≤ 0), position, blessings, stun, the ranged situation. */
  readonly modifier?: number;
  readonly stance?: StanceId;
  readonly foes?: number;
  readonly minimum?: number;
  readonly reach?: number;
  readonly shield?: number;
  readonly berserk?: boolean;
  readonly feint?: boolean;
  readonly canHurt?: boolean;
  readonly aimDegree?: number;
  readonly blow?: BlowInput;
  readonly soak?: Partial<Soak>;
  /** Mass battle: the unit's size (members) and its weapon type's base damage. */
  readonly size?: number;
  readonly weapon?: number;
}

/** The input of `api.rules.fudge.outcomeOdds`. */
export interface OutcomeInput {
  /** How the attack is judged: "melee" (default), "unopposed", "dodged" or "mass". */
  readonly kind?: AttackPlan["kind"];
  readonly attacker: FighterInput;
  /**
   * The target: its defense trait and the rest of a fighter (melee, the dodge for a dodged shot, the
   * unit for a mass battle), its soak (Health, armor, Mass Scale), its dice (4; an NPC's 2, 1 or 0),
   * its wound track now and a stun on record.
   */
  readonly defender: FighterInput &
    OutcomeTarget & { readonly propelled?: boolean; readonly dodgeLevels?: number; readonly defendOnly?: boolean };
  /** Unopposed: the difficulty to reach; dodged: the range's difficulty, the lowest result that hits. */
  readonly difficulty?: number;
  /** A stunning blow (stuns instead of wounding). */
  readonly stun?: boolean;
  /** Melee: the other foes the attacker fights at once (a lone fighter's round). */
  readonly alsoFacing?: readonly FighterInput[];
  readonly tables?: FudgeTables;
}

const whole = (value: unknown, name: string, fallback?: number): number => {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) > 1000) {
    throw new RangeError(`${name} must be a whole number`);
  }
  return value;
};
const yes = (value: unknown): boolean => value === true;

function blowOf(b: BlowInput | undefined, name: string): Blow {
  const pull = b?.pull ?? null;
  if (pull !== null && !WOUNDS.includes(pull)) throw new RangeError(`${name}.pull is not a wound`);
  return {
    size: whole(b?.size, `${name}.size`, 0),
    sharp: yes(b?.sharp),
    heavyBlunt: yes(b?.heavyBlunt),
    muscle: b?.muscle !== false,
    build: whole(b?.build, `${name}.build`, 0),
    strengthScale: whole(b?.strengthScale, `${name}.strengthScale`, 0),
    pull,
  };
}

const soakOf = (s: Partial<Soak> | undefined, name: string): Soak => ({
  health: whole(s?.health, `${name}.health`, 0),
  armor: whole(s?.armor, `${name}.armor`, 0),
  massScale: whole(s?.massScale, `${name}.massScale`, 0),
});

function fighterOf(f: FighterInput, name: string, minimum: number): Fighter {
  if (typeof f !== "object" || f === null) throw new RangeError(`${name} is missing`);
  const stance = f.stance ?? "normal";
  if (!STANCE_IDS.includes(stance)) throw new RangeError(`${name}.stance is not a FUDGE stance`);
  const foes = whole(f.foes, `${name}.foes`, 1);
  if (foes < 1) throw new RangeError(`${name}.foes must be at least 1`);
  return {
    skill: whole(f.skill, `${name}.skill`),
    modifier: whole(f.modifier, `${name}.modifier`, 0),
    stance,
    foes,
    minimum: whole(f.minimum, `${name}.minimum`, minimum),
    reach: whole(f.reach, `${name}.reach`, 0),
    shield: whole(f.shield, `${name}.shield`, 0),
    berserk: yes(f.berserk),
    feint: yes(f.feint),
    canHurt: f.canHurt !== false,
    blow: blowOf(f.blow, `${name}.blow`),
    soak: soakOf(f.soak, `${name}.soak`),
    aimDegree: whole(f.aimDegree, `${name}.aimDegree`, 1),
  };
}

/** The plan an `OutcomeInput` describes (defaults filled in; bad input is a RangeError naming it). */
export function planOf(input: OutcomeInput): AttackPlan {
  if (typeof input !== "object" || input === null) throw new RangeError("outcomeOdds takes { attacker, defender }");
  const kind = input.kind ?? "melee";
  const a = fighterOf(input.attacker, "attacker", MINIMUM_TO_HIT);
  const d = input.defender;
  const b = fighterOf(d, "defender", defenderMinimum(a.minimum));
  const shot: ShotAttack = { skill: a.skill, modifier: a.modifier, blow: a.blow, aimDegree: a.aimDegree ?? 1 };
  switch (kind) {
    case "melee":
      // The defender's minimum mirrors the attacker's, as the GM's apply has it.
      return { kind, attacker: a, defender: { ...b, minimum: defenderMinimum(a.minimum) } };
    case "unopposed":
      return { kind, attack: shot, difficulty: whole(input.difficulty, "difficulty", MINIMUM_TO_HIT), soak: b.soak };
    case "dodged": {
      const levels = whole(d.dodgeLevels, "defender.dodgeLevels", 2);
      if (!(PROPELLED_DODGE as readonly number[]).includes(levels)) {
        throw new RangeError("defender.dodgeLevels is 2 or 3");
      }
      return {
        kind,
        attack: shot,
        difficulty: whole(input.difficulty, "difficulty", MINIMUM_TO_HIT),
        dodge: { skill: b.skill, modifier: b.modifier, propelled: yes(d.propelled), levels },
        soak: b.soak,
      };
    }
    case "mass": {
      const unit = (f: FighterInput, name: string): Unit => {
        const size = whole(f.size, `${name}.size`, 1);
        if (size < 1) throw new RangeError(`${name}.size must be at least 1`);
        return {
          skill: whole(f.skill, `${name}.skill`),
          modifier: whole(f.modifier, `${name}.modifier`, 0),
          size,
          weapon: whole(f.weapon, `${name}.weapon`, 0),
        };
      };
      return {
        kind,
        attacker: unit(input.attacker, "attacker"),
        defender: unit(d, "defender"),
        defendOnly: yes(d.defendOnly),
      };
    }
    default:
      throw new RangeError(`Not a kind of FUDGE attack: ${String(kind)}`);
  }
}

/**
 * The exact chances that a FUDGE attack hits, hurts (marks a wound box, a Scratch included, or
 * stuns) and drops (Coma/Fatal: unconscious; or a stunning blow's knockout) one target, from the
 * attacker's and the defender's numbers and the target's track now. `api.rules.fudge.outcomeOdds`.
 */
export function outcomeOdds(input: OutcomeInput): FudgeOutcomeOdds {
  const plan = planOf(input);
  const dice = input.defender.dice ?? 4;
  if (!(NPC_DICE as readonly number[]).includes(dice)) throw new RangeError("defender.dice is 4, 2, 1 or 0");
  const minimum = plan.kind === "melee" ? defenderMinimum(plan.attacker.minimum) : MINIMUM_TO_HIT;
  return planOdds(
    plan,
    { dice, wounds: input.defender.wounds ?? {}, stunOnRecord: yes(input.defender.stunOnRecord) },
    {
      stun: yes(input.stun),
      alsoFacing: (input.alsoFacing ?? []).map((f, i) => fighterOf(f, `alsoFacing[${i}]`, minimum)),
      ...(input.tables ? { tables: input.tables } : {}),
    },
  );
}
