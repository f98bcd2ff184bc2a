import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { judgeAttack } from "../../src/rulesets/hod/rules/attack";
import { hitInCount, hitOnTrack, type HodTrack } from "../../src/rulesets/hod/rules/health";
import {
  hodOutcomeOdds,
  type HodOutcomeInput,
  type HodOutcomeOdds,
  type HodOutcomeTarget,
} from "../../src/rulesets/hod/rules/outcome-odds";
import { attackDamageFactor } from "../../src/rulesets/hod/rules/spells";
import { dealtDamage, hitDamage, weaponDamageFormula } from "../../src/rulesets/hod/rules/weapons";
import { dialogOutcomes, type HodAttackDialogInput } from "../../src/rulesets/hod/chat/dialog-form";
import { weaponOf } from "../../src/rulesets/hod/chat/documents";
import { specialAction } from "../../src/rulesets/hod/rules/special-actions";

/** Every way a list of dice can fall: each face combination once. */
function* faces(sides: readonly number[]): Generator<number[]> {
  if (sides.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = sides;
  for (let v = 1; v <= first!; v++) for (const tail of faces(rest)) yield [v, ...tail];
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Damage as dice and a number added: what the formula below rolls. */
interface Dice {
  readonly dice: readonly number[];
  readonly plus: number;
}

const formulaOf = ({ dice, plus }: Dice) =>
  [...dice.map((s) => `1d${s}`), ...(plus ? [String(plus)] : [])].join(" + ") || "0";

/**
 * The brute force: every face of the d20, every face of every damage die and every face of the three
 * d6 of the check to stay conscious, each through the functions the card and the GM's apply call
 * (judgeAttack, hitDamage, and hitInCount as the GM's apply calls it); each d20 face weighs 1/20, shared by its damage's faces.
 */
function brute(
  attack: { bonus: number; defense: number; precise?: boolean; nonlethal?: boolean; spell?: boolean; half?: boolean },
  hit: Dice,
  critical: Dice,
  target: HodOutcomeTarget,
) {
  const chances = { hit: 0, hurt: 0, drop: 0, critical: 0, fumble: 0, missHurt: 0 };
  const track: HodTrack = {
    hp: target.hp,
    fatigue: target.fatigue,
    bonusHp: target.bonusHp ?? 0,
    invigoration: target.invigoration ?? 0,
    fullTop: target.fullTop,
    topLost: target.topLost ?? 0,
  };
  for (let natural = 1; natural <= 20; natural++) {
    const judged = judgeAttack({
      natural,
      total: natural + attack.bonus,
      defense: attack.defense,
      precise: attack.precise,
      spell: attack.spell,
    });
    if (judged.fumble) chances.fumble += 1 / 20;
    // A miss with a spell that does half damage on a miss: half the hit's roll, rounded down, at least 1.
    const half = !judged.hit && attack.spell === true && attack.half === true;
    if (!judged.hit && !half) continue;
    if (judged.hit) chances.hit += 1 / 20;
    if (judged.critical) chances.critical += 1 / 20;
    const damage = judged.critical ? critical : hit;
    let ways = 0;
    let hurt = 0;
    let drop = 0;
    for (const rolled of faces(damage.dice)) {
      ways += 1;
      // The GM's apply (kinds/hit-plan.ts) works a hit out with hitInCount: here, the count's first hit.
      const total = sum(rolled) + damage.plus;
      const { change, result } = hitInCount(track, [], {
        damage: half ? Math.max(1, Math.floor(total / 2)) : hitDamage(total),
        reduction: target.reduction ?? 0,
        nonlethal: attack.nonlethal === true,
      });
      const changed = Object.values(change).some((n) => n !== 0);
      if (!changed) continue;
      hurt += 1;
      if (result.dead || result.dying) drop += 1;
      else if (result.unconsciousCheck !== null) {
        // The check to stay conscious, every face of its three d6.
        let out = 0;
        for (const check of faces([6, 6, 6]))
          if (sum(check) + (target.constitution ?? 0) < result.unconsciousCheck) out += 1;
        drop += out / 216;
      }
    }
    chances.hurt += hurt / ways / 20;
    chances.drop += drop / ways / 20;
    if (half) chances.missHurt += hurt / ways / 20;
  }
  return chances;
}

const TARGETS: Record<string, HodOutcomeTarget> = {
  fresh: { hp: 20, fatigue: 0, fullTop: 6 },
  worn: { hp: 9, fatigue: 7, fullTop: 5, topLost: 2, constitution: 1 },
  buffered: { hp: 6, fatigue: 4, fullTop: 3, bonusHp: 3, invigoration: 2, constitution: -2 },
  armoured: { hp: 8, fatigue: 12, fullTop: 2, topLost: 2, reduction: 4 },
  nearlyDead: { hp: 2, fatigue: 1, fullTop: 1, reduction: 1, constitution: 3 },
};

const DAMAGE: ReadonlyArray<{ name: string; hit: Dice; critical: Dice }> = [
  { name: "1d6 + 1", hit: { dice: [6], plus: 1 }, critical: { dice: [], plus: 7 } },
  {
    name: "1d4 + 1d6 - 2 (extra 1d6 on a critical too)",
    hit: { dice: [4, 6], plus: -2 },
    critical: { dice: [6], plus: 2 },
  },
  { name: "2d4 + 3", hit: { dice: [4, 4], plus: 3 }, critical: { dice: [], plus: 11 } },
  { name: "1d6 + 1d8 + 2 (1d4 + 16 on a critical)", hit: { dice: [6, 8], plus: 2 }, critical: { dice: [4], plus: 16 } },
];

describe("Heroes of Destiny outcome odds: brute force over every face", () => {
  for (const damage of DAMAGE) {
    for (const [name, target] of Object.entries(TARGETS)) {
      it(`${damage.name} against the ${name} target`, () => {
        for (const bonus of [-2, 5, 13])
          for (const defense of [8, 16, 24])
            for (const precise of [false, true])
              for (const nonlethal of [false, true]) {
                const attack = { bonus, defense, precise, nonlethal };
                const got = hodOutcomeOdds({
                  ...attack,
                  damage: formulaOf(damage.hit),
                  criticalDamage: formulaOf(damage.critical),
                  target,
                });
                const want = brute(attack, damage.hit, damage.critical, target);
                for (const key of ["hit", "hurt", "drop", "critical", "fumble"] as const)
                  expect(got[key], `${key} at +${bonus} vs ${defense}`).toBeCloseTo(want[key], 12);
                expect(got.drop).toBeLessThanOrEqual(got.hurt);
                expect(got.hurt).toBeLessThanOrEqual(got.hit);
              }
      });
    }
  }
});

describe("Heroes of Destiny outcome odds: a spell's half damage on a miss, brute force over every face", () => {
  for (const damage of DAMAGE.slice(0, 3)) {
    for (const [name, target] of Object.entries(TARGETS)) {
      it(`${damage.name} against the ${name} target`, () => {
        for (const bonus of [-2, 5, 13])
          for (const defense of [8, 16, 24])
            for (const nonlethal of [false, true]) {
              const attack = { bonus, defense, nonlethal, spell: true };
              const input = { ...attack, damage: formulaOf(damage.hit), target };
              const got = hodOutcomeOdds({ ...input, halfOnMiss: true });
              const want = brute({ ...attack, half: true }, damage.hit, damage.hit, target);
              for (const key of ["hit", "hurt", "drop", "critical", "fumble", "missHurt"] as const)
                expect(got[key], `${key} at +${bonus} vs ${defense}`).toBeCloseTo(want[key], 12);
              expect(got.drop).toBeLessThanOrEqual(got.hurt);
              // Without the box, the same spell hurts only on a hit, as the brute force without the half says.
              const plain = hodOutcomeOdds(input);
              const none = brute(attack, damage.hit, damage.hit, target);
              for (const key of ["hit", "hurt", "drop"] as const) expect(plain[key]).toBeCloseTo(none[key], 12);
              expect(plain.missHurt).toBe(0);
              // A weapon's miss never deals damage, box or not.
              expect(hodOutcomeOdds({ ...input, spell: false, halfOnMiss: true }).missHurt).toBe(0);
            }
      });
    }
  }

  it("hurts more often than it hits: every miss deals at least 1 and lowers the Threshold of Pain", () => {
    // +0 against Vigor 15: a natural 15 or more hits (6 faces); the 14 misses still deal 1d6 halved, at least 1.
    const odds = hodOutcomeOdds({
      bonus: 0,
      defense: 15,
      spell: true,
      halfOnMiss: true,
      damage: "1d6",
      target: TARGETS.fresh!,
    });
    expect(odds.hit).toBeCloseTo(6 / 20, 12);
    expect(odds.hurt).toBeCloseTo(1, 12);
    expect(odds.missHurt).toBeCloseTo(14 / 20, 12);
    expect(odds.critical).toBe(0);
  });
});

describe("Heroes of Destiny outcome odds: each outcome agrees with the apply on a scripted roll", () => {
  // A fixed damage total stands for one scripted damage roll: the odds are then the chance to hit times
  // what the GM's apply (hitOnTrack) does with that total.
  const scripted = (damage: number, target: HodOutcomeTarget, extra: Partial<HodOutcomeInput> = {}) =>
    hodOutcomeOdds({ bonus: 5, defense: 15, damage: String(damage), target, ...extra });
  const track = (t: HodOutcomeTarget): HodTrack => ({
    hp: t.hp,
    fatigue: t.fatigue,
    bonusHp: t.bonusHp ?? 0,
    invigoration: t.invigoration ?? 0,
    fullTop: t.fullTop,
    topLost: t.topLost ?? 0,
  });

  it("hit: the natural 10 the card judges a hit is one of the 11 faces the odds count", () => {
    expect(judgeAttack({ natural: 10, total: 15, defense: 15 }).hit).toBe(true);
    expect(judgeAttack({ natural: 9, total: 14, defense: 15 }).hit).toBe(false);
    expect(scripted(3, TARGETS.fresh!).hit).toBe(11 / 20);
  });

  it("hurt: damage reduction that eats a hit on a Threshold already at 0 changes nothing, one point more does", () => {
    const target = { hp: 10, fatigue: 0, fullTop: 3, topLost: 3, reduction: 4 };
    const stopped = hitOnTrack(track(target), { damage: 4, reduction: 4 });
    expect(stopped.result).toMatchObject({ hp: 10, fatigue: 0, thresholdOfPain: 0 });
    expect(scripted(4, target).hurt).toBe(0);
    const through = hitOnTrack(track(target), { damage: 5, reduction: 4 });
    expect(through.result.hp).toBe(9);
    expect(scripted(5, target).hurt).toBe(11 / 20);
  });

  it("a spell's miss: the half the apply deals (dealtDamage, attackDamageFactor) is the one the odds count", () => {
    // 9 rolled, halved and rounded down: 4 (the adapter test's cast deals 4 of a 9); 1 rolled: at least 1.
    const factor = attackDamageFactor({ hit: false, spell: true, halfOnMiss: true })!;
    expect(dealtDamage(9, 0, factor)).toBe(4);
    expect(dealtDamage(1, 0, factor)).toBe(1);
    // HP 5, fatigue 0, Threshold 2: 4 damage takes 2 HP (3 left) and tires by 2, no check; 9 on a hit
    // takes 7 of 5 HP: dead. A miss (14 faces of 20 at +0 against 15) with 9 rolled deals 4: hurt, not dropped.
    const target = { hp: 5, fatigue: 0, fullTop: 2 };
    const missed = hitOnTrack(track(target), { damage: 4 }).result;
    expect(missed).toMatchObject({ hp: 3, fatigue: 2, dead: false, dying: false, unconsciousCheck: null });
    expect(hitOnTrack(track(target), { damage: 9 }).result.dead).toBe(true);
    const spell = { bonus: 0, defense: 15, spell: true, damage: "9", target } as const;
    const odds = hodOutcomeOdds({ ...spell, halfOnMiss: true });
    expect(odds).toMatchObject({ hit: 6 / 20, hurt: 1, drop: 6 / 20, dead: 6 / 20, missDrop: 0 });
    expect(odds.missHurt).toBeCloseTo(14 / 20, 12);
    // Rolled 14, a miss deals 7: the Threshold's 2 and all 5 HP: dead on every face.
    const fourteen = hodOutcomeOdds({ ...spell, damage: "14", halfOnMiss: true });
    expect(hitOnTrack(track(target), { damage: dealtDamage(14, 0, factor) }).result.dead).toBe(true);
    expect(fourteen).toMatchObject({ hit: 6 / 20, hurt: 1, drop: 1, dead: 1, missDrop: 14 / 20 });
    // Without the box, only the hit counts.
    expect(hodOutcomeOdds(spell)).toMatchObject({ hit: 6 / 20, hurt: 6 / 20, drop: 6 / 20, missHurt: 0 });
  });

  it("drop: the hit that leaves fatigue at twice HP is dying; three points less ask a check the target passes", () => {
    // HP 10, fatigue 10, Threshold 4: 9 damage adds 4 fatigue (14) and takes 5 HP (5): 14 >= 10, dying.
    const target = { hp: 10, fatigue: 10, fullTop: 4, constitution: 20 };
    expect(hitOnTrack(track(target), { damage: 9 }).result.dying).toBe(true);
    expect(scripted(9, target).drop).toBe(11 / 20);
    // 6 damage: fatigue 14, HP 8: a check at DC 6 that 3d6 + 20 always passes.
    const six = hitOnTrack(track(target), { damage: 6 }).result;
    expect(six).toMatchObject({ dying: false, unconsciousCheck: 6 });
    expect(scripted(6, target).drop).toBe(0);
    expect(scripted(6, target).check).toBe(11 / 20);
    // Constitution −10: the same check now fails unless the three d6 come to 16 or more (10 ways of 216).
    expect(scripted(6, { ...target, constitution: -10 }).drop).toBeCloseTo((11 / 20) * (206 / 216), 12);
  });
});

describe("Heroes of Destiny outcome odds: the worked example", () => {
  // The text's Hadwin (a Threshold of Pain of 8), worn down to 12 HP and 10 fatigue, Constitution +0.
  // An attacker with +5 swings a longsword (1d8, Strength +2: 1d8 + 2, a critical 10) at his Primary 15.
  const input: HodOutcomeInput = {
    bonus: 5,
    defense: 15,
    damage: "1d8 + 2",
    criticalDamage: "10",
    target: { hp: 12, fatigue: 10, fullTop: 8 },
  };

  it("hits on 10 to 20, always hurts when it hits, and drops him 49 times in 1728", () => {
    const odds = api.rules.hod.outcomeOdds(input);
    // A natural 10 or more: 11 faces of 20; a natural 20 beats 15 by 10, a critical.
    expect(odds.hit).toBeCloseTo(11 / 20, 12);
    expect(odds.critical).toBeCloseTo(1 / 20, 12);
    // Every hit lowers his Threshold of Pain: a hit always changes him.
    expect(odds.hurt).toBeCloseTo(11 / 20, 12);
    // 3 to 8 damage only tire him (fatigue 13 to 18 against 12 HP: a check at DC 1 to 6); 9 and 10
    // pass the Threshold (fatigue 18, HP 11 or 10: DC 7 or 8). The 3d6 misses DC 4, 5, 6, 7, 8 in 1, 4, 10, 20
    // and 35 ways of 216: a plain hit drops him in 70 of 8 × 216, a critical (10) in 35 of 216.
    expect(odds.drop).toBeCloseTo((10 / 20) * (70 / 1728) + (1 / 20) * (35 / 216), 12);
    expect(odds.drop).toBeCloseTo(49 / 1728, 12);
    expect(odds.wound).toBeCloseTo((10 / 20) * (2 / 8) + 1 / 20, 12);
  });

  it("reads the formulas weaponDamageFormula gives", () => {
    const longsword = { category: "heavySwords", damage: "1d8" } as const;
    const source = { strength: 2 };
    expect(weaponDamageFormula({ weapon: longsword, source, critical: false })).toBe("1d8 + 2");
    expect(weaponDamageFormula({ weapon: longsword, source, critical: true })).toBe("8 + 2");
  });
});

describe("Heroes of Destiny outcome odds: bad input", () => {
  it("names a number that is not one, and dice that are not damage", () => {
    expect(() => hodOutcomeOdds({ bonus: Number.NaN, defense: 10, damage: "1d6", target: TARGETS.fresh! })).toThrow(
      /bonus/,
    );
    expect(() => hodOutcomeOdds({ bonus: 1, defense: 10, damage: "4d10k2", target: TARGETS.fresh! })).toThrow();
  });

  it("deals nothing without damage dice: hits, never hurts", () => {
    const odds = hodOutcomeOdds({ bonus: 1, defense: 10, damage: null, target: TARGETS.fresh! });
    expect(odds.hit).toBeCloseTo(12 / 20, 12);
    expect(odds.hurt).toBe(0);
    expect(odds.drop).toBe(0);
  });
});

describe("Heroes of Destiny outcome odds: the attack dialog's line follows the form", () => {
  const sword = weaponOf({
    name: "Sword",
    system: { category: "lightSwords", damage: "1d8", speedClass: "standard", proficient: true },
  });
  // Accuracy 2 + Strength 3 + proficiency: 1d20 + 6; 1d8 + Strength 3 + Power 1.
  const input: HodAttackDialogInput = {
    kind: "attack",
    source: { accuracy: 2, strength: 3, dexterity: 1, power: 1, size: 0 },
    weapon: sword,
    targets: [
      {
        name: "Goblin",
        defenses: { primary: 15, passive: 13, vigor: 11, celerity: 14, spirit: 10 },
        defense: "primary",
        track: { hp: 8, fatigue: 0, fullTop: 3, constitution: 1 },
      },
      {
        name: "Ghost",
        defenses: { primary: 15, passive: 13, vigor: 11, celerity: 14, spirit: 10 },
        defense: "primary",
      },
    ],
    damage: { nonlethal: false },
  };
  const only = (choices: Parameters<typeof dialogOutcomes>[1]) => dialogOutcomes(input, choices);

  it("one line per targeted token with numbers to read; the chances as the apply's functions give them", () => {
    const [goblin, ...rest] = only({ defense: "primary" });
    expect(rest).toEqual([]);
    expect(goblin!.name).toBe("Goblin");
    expect(goblin!.odds).toMatchObject({ hit: 12 / 20, hurt: 12 / 20 });
    expect(goblin!.odds.drop).toBeCloseTo(41 / 160, 12);
  });

  it("changes with the defense, the cover, the damage options, and says nothing it cannot work out", () => {
    expect(only({ defense: "passive" })[0]!.odds.hit).toBe(14 / 20);
    expect(only({ defense: "primary", modifiers: ["coverHalf"] })[0]!.odds.hit).toBe(8 / 20);
    // Nonlethal only tires: 5 to 12 fatigue against 8 HP, never dead; dying at 16 fatigue, never.
    const tiring = only({ defense: "primary", nonlethal: true })[0]!.odds as HodOutcomeOdds;
    expect(tiring.dead).toBe(0);
    expect(tiring.check).toBeGreaterThan(0);
    expect(only({ defense: "primary", damageMultiplier: 2 })[0]!.odds.drop).toBeGreaterThan(41 / 160);
    expect(only({ defense: "primary", extraDice: "banana" })).toEqual([]);
    const special = {
      ...input,
      special: { action: specialAction("trip")!, nameKey: "k", skillKey: null, defenses: null },
    };
    // A special action's line is its own (hod-special-outcome-odds.test.ts): a trip hurts only on its Great Success.
    const [trip, ...none] = dialogOutcomes(special, { defense: "primary" });
    expect(none).toEqual([]);
    expect(trip!.odds.hurt).toBeGreaterThan(0);
    expect(trip!.odds.hurt).toBeLessThan(trip!.odds.hit);
  });
});
