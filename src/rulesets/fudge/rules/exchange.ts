/**
 * One FUDGE attack worked out whole, for the cards: a melee exchange (both fighters roll once and
 * both can hit), a ranged shot (opposed by a dodge, or unopposed against the difficulty), or a blow on
 * a fighter who cannot fight back; then the damage and wound of every hit. Pure: the cards and the
 * GM's apply both call it with the dice and the documents' numbers.
 */
import { MINIMUM_TO_HIT, damage, meleeRound, stance, type StanceId, type Wound } from "./combat";
import { unitScale } from "./actions";
import { dodgePenalty, pulled, reachPenalty } from "./play";
import { DEFAULT_TABLES, readDamageTable, type FudgeTables } from "./tables";

/** What a blow's damage reads from its weapon and wielder. */
export interface Blow {
  /** The weapon's damage for size (−1 no weapon .. +3) plus its own strength. */
  readonly size: number;
  readonly sharp: boolean;
  readonly heavyBlunt: boolean;
  /** Muscle-powered: Build and Strength Scale add. */
  readonly muscle: boolean;
  readonly build: number;
  readonly strengthScale: number;
  /** The most the attacker will do (a pulled blow), or null. */
  readonly pull: Wound | null;
}

/** What a hit's damage reads from the one hit. */
export interface Soak {
  readonly health: number;
  readonly armor: number;
  readonly massScale: number;
}

/** One fighter in a melee exchange. */
export interface Fighter {
  /** The trait fought with (skill or attribute level). */
  readonly skill: number;
  /** Every other modifier to combat skill: wounds (≤ 0), position, blessings, stun. */
  readonly modifier: number;
  readonly stance: StanceId;
  /** Foes this fighter faces alone (−1 each beyond the first). */
  readonly foes: number;
  /** The lowest result that hits (Poor, moved by Scale). */
  readonly minimum: number;
  /** Weapon + shield value, for the size comparison. */
  readonly reach: number;
  /** Its shield's melee value, taken off the other's offense. */
  readonly shield: number;
  readonly berserk: boolean;
  readonly feint: boolean;
  /** False for a fighter who only defends (cannot hurt even when winning). */
  readonly canHurt: boolean;
  readonly blow: Blow;
  readonly soak: Soak;
  /** An aimed blow: the relative degree it needs to hit (the text's table; 1 when not aimed). */
  readonly aimDegree?: number;
}

/** One side's part of the result. */
export interface SideResult {
  readonly offense: number;
  /** What the offense was measured against: the other's defense, the dodge or the difficulty. */
  readonly defense: number;
  readonly hits: boolean;
  readonly relativeDegree: number;
  /** The hit's damage factor and wound (null when it does not hit). */
  readonly damage: number | null;
  readonly graze: boolean;
  readonly wound: "undamaged" | Wound | null;
  /** A hit Scale alone kept from doing any damage: it earns the one-die roll (a + is a Scratch). */
  readonly scaleStopped?: boolean;
}

export interface ExchangeResult {
  readonly a: SideResult;
  readonly b: SideResult;
  readonly standOff: boolean;
}

/** The wound a damage deals on the world's tables (a graze on the graze table), then pulled. */
export function woundOf(damageDealt: number, graze: boolean, most: Wound | null, tables: FudgeTables = DEFAULT_TABLES) {
  return pulled(readDamageTable(damageDealt, graze ? tables.grazes : tables.wounds), most);
}

/** The damage factor and wound of a hit by `blow` against `soak`. */
export function hitDamage(relativeDegree: number, blow: Blow, soak: Soak, tables: FudgeTables = DEFAULT_TABLES) {
  const d = damage({
    relativeDegree,
    ...(blow.muscle ? { build: blow.build, strengthScale: blow.strengthScale } : {}),
    weapon: { size: blow.size, sharp: blow.sharp },
    health: soak.health,
    armor: soak.armor,
    heavyBlunt: blow.heavyBlunt,
    massScale: soak.massScale,
  });
  return { damage: d.damage, graze: d.graze, wound: woundOf(d.damage, d.graze, blow.pull, tables) };
}

/**
 * Whether a hit is "prevented only by Scale from doing any damage (that is, when Scale is the only
 * difference between getting a Scratch and no damage at all)": it deals nothing as it stands, and at
 * least a Scratch with the attacker's Strength Scale and the defender's Mass Scale both left out.
 */
export function stoppedOnlyByScale(
  relativeDegree: number,
  blow: Blow,
  soak: Soak,
  tables: FudgeTables = DEFAULT_TABLES,
): boolean {
  if (hitDamage(relativeDegree, blow, soak, tables).wound !== "undamaged") return false;
  const unscaled = hitDamage(relativeDegree, { ...blow, strengthScale: 0 }, { ...soak, massScale: 0 }, tables);
  return unscaled.wound !== "undamaged";
}

/** The one die such a hit deserves ("roll one die, a plus result equals a scratch"): a 1dF face. */
export function scaleDieWound(face: number): "undamaged" | "scratch" {
  if (face !== -1 && face !== 0 && face !== 1) throw new RangeError("One Fudge die shows −1, 0 or +1");
  return face > 0 ? "scratch" : "undamaged";
}

/** A side's hit with its damage, wound and whether Scale alone stopped it. */
function sideHit(hits: boolean, relativeDegree: number, blow: Blow, soak: Soak, tables: FudgeTables) {
  const hit = hits ? hitDamage(relativeDegree, blow, soak, tables) : null;
  return {
    damage: hit?.damage ?? null,
    graze: hit?.graze ?? false,
    wound: hit?.wound ?? null,
    scaleStopped: hit ? stoppedOnlyByScale(relativeDegree, blow, soak, tables) : false,
  };
}

/**
 * A melee exchange of a against b: each rolled 4dF once (rollA, rollB are the sums). Every modifier
 * lands on the fighter's skill for both offense and defense (stance apart); the other's shield comes
 * off the offense; a fighter whose weapon and shield are 2 or more smaller is at −1; berserk adds 1 to
 * both offenses, a feint takes 1 from both defenses.
 */
export function meleeExchange(
  a: Fighter,
  b: Fighter,
  rollA: number,
  rollB: number,
  tables: FudgeTables = DEFAULT_TABLES,
): ExchangeResult {
  const reach = reachPenalty(a.reach, b.reach);
  const berserk = a.berserk || b.berserk ? 1 : 0;
  const feint = a.feint || b.feint ? -1 : 0;
  const side = (f: Fighter, r: number, other: Fighter) => ({
    offense: f.skill + f.modifier + r + berserk - other.shield,
    defense: f.skill + f.modifier + r + feint,
    stance: f.stance,
    foes: f.foes,
    minimum: f.minimum,
  });
  const sa = side(a, reach.a, b);
  const sb = side(b, reach.b, a);
  const round = meleeRound({ a: sa, b: sb, rollA, rollB });
  const totals = (f: Fighter, s: typeof sa, roll: number) => {
    const st = stance(f.stance);
    const out = (f.foes > 1 ? -(f.foes - 1) : 0) + roll;
    return { offense: s.offense + st.offense + out, defense: s.defense + st.defense + out };
  };
  const ta = totals(a, sa, rollA);
  const tb = totals(b, sb, rollB);
  // Each side's offense, and the defense it was measured against (the other's).
  const resultOf = (
    f: Fighter,
    mine: typeof ta,
    theirs: typeof ta,
    r: { hits: boolean; relativeDegree: number },
    other: Fighter,
  ) => {
    const hits = r.hits && f.canHurt && r.relativeDegree >= (f.aimDegree ?? 1);
    return {
      offense: mine.offense,
      defense: theirs.defense,
      hits,
      relativeDegree: r.relativeDegree,
      ...sideHit(hits, r.relativeDegree, f.blow, other.soak, tables),
    };
  };
  return {
    a: resultOf(a, ta, tb, round.a, b),
    b: resultOf(b, tb, ta, round.b, a),
    standOff: round.standOff || (!round.a.hits && !round.b.hits),
  };
}

/**
 * An unopposed attack (a ranged shot at an unaware target or one who shoots back instead of dodging,
 * or a blow at a fighter who cannot fight): the attacker's result against the difficulty; a hit needs
 * to reach it, and its relative degree is the margin plus one (reaching the difficulty exactly wins by
 * one level, as beating an equal defense by one does). An aimed blow needs its part's relative degree.
 */
export function unopposedAttack(
  attack: { readonly skill: number; readonly modifier: number; readonly blow: Blow; readonly aimDegree?: number },
  difficulty: number,
  roll: number,
  soak: Soak,
  tables: FudgeTables = DEFAULT_TABLES,
): SideResult {
  const offense = attack.skill + attack.modifier + roll;
  const relativeDegree = offense - difficulty + 1;
  const hits = offense >= difficulty && relativeDegree >= (attack.aimDegree ?? 1);
  return {
    offense,
    defense: difficulty,
    hits,
    relativeDegree,
    ...sideHit(hits, relativeDegree, attack.blow, soak, tables),
  };
}

/**
 * A ranged shot the target dodges: the shooter's result must beat the dodge and reach the difficulty
 * (range, light, cover), which is the minimum to hit. A propelled missile (bow, gun) is dodged at −2,
 * or −3 when `levels` says so. An aimed shot must beat the dodge by its part's relative degree.
 */
export function dodgedShot(
  attack: { readonly skill: number; readonly modifier: number; readonly blow: Blow; readonly aimDegree?: number },
  difficulty: number,
  roll: number,
  dodge: {
    readonly skill: number;
    readonly modifier: number;
    readonly propelled: boolean;
    readonly roll: number;
    readonly levels?: number;
  },
  soak: Soak,
  tables: FudgeTables = DEFAULT_TABLES,
): SideResult {
  const offense = attack.skill + attack.modifier + roll;
  const defense = dodge.skill + dodge.modifier + dodgePenalty(dodge.propelled, dodge.levels ?? 2) + dodge.roll;
  const relativeDegree = offense - defense;
  const hits = relativeDegree >= Math.max(1, attack.aimDegree ?? 1) && offense >= difficulty;
  return {
    offense,
    defense,
    hits,
    relativeDegree,
    ...sideHit(hits, relativeDegree, attack.blow, soak, tables),
  };
}

export { MINIMUM_TO_HIT };

/** One unit in a mass battle: its combat skill, its size (a Scale bonus) and its weapons' base damage. */
export interface Unit {
  readonly skill: number;
  readonly modifier: number;
  readonly size: number;
  /** The base damage of its weapon type (size + sharp). */
  readonly weapon: number;
}

/**
 * A mass-battle round: one opposed roll of combat skill + relative Scale (the larger unit's size bonus
 * less the smaller's); the winner adds its weapon's base damage to the relative degree and reads the
 * wound table, which the losing unit suffers as losses. A tie hurts nobody.
 */
export function massExchange(
  a: Unit,
  b: Unit,
  rollA: number,
  rollB: number,
  tables: FudgeTables = DEFAULT_TABLES,
): ExchangeResult {
  const scaleA = unitScale(a.size);
  const scaleB = unitScale(b.size);
  const relative = scaleA - scaleB;
  const totalA = a.skill + a.modifier + Math.max(0, relative) + rollA;
  const totalB = b.skill + b.modifier + Math.max(0, -relative) + rollB;
  const side = (mine: number, theirs: number, weapon: number): SideResult => {
    const relativeDegree = mine - theirs;
    const hits = relativeDegree > 0;
    const dealt = hits ? relativeDegree + weapon : null;
    return {
      offense: mine,
      defense: theirs,
      hits,
      relativeDegree,
      damage: dealt,
      graze: false,
      wound: dealt === null ? null : woundOf(dealt, false, null, tables),
    };
  };
  return { a: side(totalA, totalB, a.weapon), b: side(totalB, totalA, b.weapon), standOff: totalA === totalB };
}

/**
 * A lone fighter against several foes rolls once and is compared with each: it wounds one of them only
 * when it beat or tied every foe; having beaten them all it picks any, having tied its best foe only
 * one it beat by 2 or more. `degrees` are its relative degrees against each foe, `index` the one to
 * wound. (Sweeping blows through several foes are the GM's call.)
 */
export function loneFighterMayWound(degrees: readonly number[], index: number): boolean {
  const mine = degrees[index];
  if (mine === undefined || degrees.some((d) => d < 0)) return false;
  return degrees.some((d) => d === 0) ? mine >= 2 : mine > 0;
}
