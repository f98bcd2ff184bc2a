import { describe, expect, it } from "vitest";
import { outcomeOdds } from "../../src/dice";

describe("outcomeOdds: the three chances an attack reports per target", () => {
  it("keeps the chances as given when they are nested", () => {
    expect(outcomeOdds(0.625, 0.4125, 0.03125)).toEqual({ hit: 0.625, hurt: 0.4125, drop: 0.03125 });
  });

  it("nests them: a target is never dropped more often than hurt, nor hurt more often than hit", () => {
    // Sums of many small terms can stray past the chance they are part of by a rounding error.
    expect(outcomeOdds(0.5, 0.5000000000000001, 0.6)).toEqual({ hit: 0.5, hurt: 0.5, drop: 0.5 });
    expect(outcomeOdds(0.2, 0.1, 0.15)).toEqual({ hit: 0.2, hurt: 0.1, drop: 0.1 });
  });

  it("keeps each within 0..1 and reads a non-number as no chance", () => {
    expect(outcomeOdds(1.0000000000000002, -1e-17, 0)).toEqual({ hit: 1, hurt: 0, drop: 0 });
    expect(outcomeOdds(Number.NaN, 0.3, Number.POSITIVE_INFINITY)).toEqual({ hit: 0, hurt: 0, drop: 0 });
  });

  it("is frozen, so a caller cannot change what a card shows", () => {
    expect(Object.isFrozen(outcomeOdds(0.5, 0.25, 0.125))).toBe(true);
  });
});

describe("outcomeOdds where the rules deal damage on a miss too", () => {
  it("keeps a hurt larger than the hit (a miss's half damage hurts as well), and a drop within the hurt", () => {
    expect(outcomeOdds(0.4, 0.9, 0.3, { hurtOnMiss: true })).toEqual({ hit: 0.4, hurt: 0.9, drop: 0.3 });
    expect(outcomeOdds(0.4, 0.5, 0.6, { hurtOnMiss: true })).toEqual({ hit: 0.4, hurt: 0.5, drop: 0.5 });
    // Without the option the same numbers nest under the hit, as every other attack's do.
    expect(outcomeOdds(0.4, 0.9, 0.3)).toEqual({ hit: 0.4, hurt: 0.4, drop: 0.3 });
    expect(outcomeOdds(0.4, 0.9, 0.3, { hurtOnMiss: false })).toEqual({ hit: 0.4, hurt: 0.4, drop: 0.3 });
  });

  it("still keeps each within 0..1", () => {
    expect(outcomeOdds(0.2, 1.0000000000000002, Number.NaN, { hurtOnMiss: true })).toEqual({
      hit: 0.2,
      hurt: 1,
      drop: 0,
    });
  });
});
