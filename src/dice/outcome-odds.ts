/**
 * What an attack may do to one target, as exact chances: that it hits, that it changes the target at
 * all (hurts), and that it drops it. Each rule set's pure `outcomeOdds` answers in this shape; the play
 * layer shows it in the attack dialog and on each card row (src/play/outcome-line.ts).
 */
export interface OutcomeOdds {
  /** The attack hits, as the rule set defines a hit. */
  readonly hit: number;
  /**
   * It changes the target at all: HP lost, a wound box, a Vitality point, a wound level... A hit's
   * damage does, and where the rules deal damage on a miss too (a spell's half damage), a miss's:
   * then, and only then, it may exceed `hit`.
   */
  readonly hurt: number;
  /** It hurts and drops the target: unconscious, incapacitated or dead, as the text defines. */
  readonly drop: number;
}

/** How the three chances nest. */
export interface OutcomeNesting {
  /**
   * The rules deal damage on a miss as well (a spell's half damage on a miss): hurt and drop are not
   * part of hit, so only drop <= hurt is kept. Absent or false: drop <= hurt <= hit.
   */
  readonly hurtOnMiss?: boolean;
}

const unit = (p: number): number => (Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : 0);

/**
 * The three chances, each kept within 0..1 and nested (drop <= hurt <= hit), since each outcome is part
 * of the one before: sums of floating-point terms may stray by a rounding error, never more. Where the
 * rules deal damage on a miss too (`hurtOnMiss`), hurt is not part of hit and only drop <= hurt is kept.
 */
export function outcomeOdds(hit: number, hurt: number, drop: number, nesting: OutcomeNesting = {}): OutcomeOdds {
  const h = unit(hit);
  const u = nesting.hurtOnMiss === true ? unit(hurt) : Math.min(unit(hurt), h);
  return Object.freeze({ hit: h, hurt: u, drop: Math.min(unit(drop), u) });
}
