/**
 * What an attack may do to one target, as exact chances: that it hits, that it also changes the target at
 * all (hurts), and that it also drops it. Each rule set's pure `outcomeOdds` answers in this shape; the
 * play layer shows it in the attack dialog and on each card row (src/play/outcome-line.ts).
 */
export interface OutcomeOdds {
  /** The attack hits, as the rule set defines a hit. */
  readonly hit: number;
  /** It hits and changes the target at all: HP lost, a wound box, a Vitality point, a wound level... */
  readonly hurt: number;
  /** It hits, hurts and drops the target: unconscious, incapacitated or dead, as the text defines. */
  readonly drop: number;
}

const unit = (p: number): number => (Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : 0);

/**
 * The three chances, each kept within 0..1 and nested (drop <= hurt <= hit), since each outcome is part
 * of the one before: sums of floating-point terms may stray by a rounding error, never more.
 */
export function outcomeOdds(hit: number, hurt: number, drop: number): OutcomeOdds {
  const h = unit(hit);
  const u = Math.min(unit(hurt), h);
  return Object.freeze({ hit: h, hurt: u, drop: Math.min(unit(drop), u) });
}
