// Heroes of Destiny's outcome odds, one plausible attack a case, as the attack dialog builds them: the
// roll's bonus and the defense met, the hit's and the critical's damage formulas (weaponDamageFormula),
// and the target's track now. The slowest plausible: a two-step-improved greatsword's 4d8 multiplied ×5
// (a backstab's five rolls), with four extra d12s: against an ogre it kills at once, nonlethal or
// against a dragon every one of its 185 totals goes through the GM's apply's hitOnTrack.
import { hodApi } from "../../src/rulesets/hod/rules/api";
import type { HodOutcomeInput } from "../../src/rulesets/hod/rules/outcome-odds";

type Weapon = Parameters<typeof hodApi.weaponDamageFormula>[0]["weapon"];

const fighter = { strength: 3, dexterity: 1, power: 2, accuracy: 4 };

function attack(
  weapon: Weapon,
  options: {
    bonus: number;
    defense: number;
    precise?: boolean;
    times?: number;
    extraDice?: string;
    modifier?: number;
    nonlethal?: boolean;
  },
  target: HodOutcomeInput["target"],
): HodOutcomeInput {
  const formula = (critical: boolean) =>
    hodApi.weaponDamageFormula({
      weapon,
      source: fighter,
      critical,
      times: options.times,
      extraDice: options.extraDice,
      modifier: options.modifier,
    });
  return {
    bonus: options.bonus,
    defense: options.defense,
    precise: options.precise,
    spell: weapon.category === "spell",
    damage: formula(false),
    criticalDamage: formula(true),
    nonlethal: options.nonlethal,
    target,
  };
}

const orc = { hp: 18, fatigue: 3, fullTop: 5, topLost: 1, reduction: 1, constitution: 2 };
const ogre = { hp: 45, fatigue: 30, fullTop: 9, bonusHp: 6, invigoration: 4, reduction: 3, constitution: 1 };
const worn = { hp: 12, fatigue: 10, fullTop: 8, constitution: 0 };
const dragon = { hp: 250, fatigue: 40, fullTop: 14, bonusHp: 20, reduction: 6, constitution: 6 };

const cases: ReadonlyArray<{ readonly name: string; run(): unknown }> = [
  {
    name: "longsword 1d8 + 5 vs Primary 15, worn target",
    run: () => hodApi.outcomeOdds(attack({ category: "heavySwords", damage: "1d8" }, { bonus: 7, defense: 15 }, worn)),
  },
  {
    name: "Precise rapier 1d6, flanked, vs Passive 12 (an orc)",
    run: () =>
      hodApi.outcomeOdds(
        attack({ category: "lightSwords", damage: "1d6" }, { bonus: 9, defense: 12, precise: true }, orc),
      ),
  },
  {
    name: "spell 3d6 vs Celerity 14 (no critical)",
    run: () => hodApi.outcomeOdds(attack({ category: "spell", damage: "3d6" }, { bonus: 5, defense: 14 }, orc)),
  },
  {
    name: "slowest: greatsword 4d8 x5 + 4d12 extra, Precise, vs an ogre",
    run: () =>
      hodApi.outcomeOdds(
        attack(
          { category: "heavySwords", damage: "4d8" },
          { bonus: 12, defense: 18, precise: true, times: 5, extraDice: "4d12", modifier: 10 },
          ogre,
        ),
      ),
  },
  {
    name: "slowest: the same, nonlethal: every total to the end",
    run: () =>
      hodApi.outcomeOdds(
        attack(
          { category: "heavySwords", damage: "4d8" },
          { bonus: 12, defense: 18, precise: true, times: 5, extraDice: "4d12", modifier: 10, nonlethal: true },
          ogre,
        ),
      ),
  },
  {
    name: "slowest: the same against a dragon (250 HP), none kill",
    run: () =>
      hodApi.outcomeOdds(
        attack(
          { category: "heavySwords", damage: "4d8" },
          { bonus: 12, defense: 22, precise: true, times: 5, extraDice: "4d12", modifier: 10 },
          dragon,
        ),
      ),
  },
  {
    name: "greataxe 2d12 x5 + 4d12 extra, vs an ogre",
    run: () =>
      hodApi.outcomeOdds(
        attack(
          { category: "axes", damage: "2d12" },
          { bonus: 10, defense: 16, times: 5, extraDice: "4d12", modifier: 10 },
          ogre,
        ),
      ),
  },
  {
    name: "spell 6d6, half damage on a miss, vs Celerity 16 (an orc)",
    run: () =>
      hodApi.outcomeOdds({
        ...attack({ category: "spell", damage: "6d6" }, { bonus: 5, defense: 16 }, orc),
        halfOnMiss: true,
      }),
  },
  ...(["quickStrike", "coupDeGrace", "grapple", "tackle", "trip"] as const).map((action) => ({
    name: `special: ${action}, greatsword 4d8 + 4d12 extra, vs an ogre`,
    run: () =>
      hodApi.specialOutcomeOdds({
        action,
        bonus: 10,
        defenses: { primary: 16, passive: 12, vigor: 14, celerity: 13, spirit: 12 },
        weaponDefense: "primary",
        precise: true,
        die: "d20",
        damage: {
          source: { strength: 3, dexterity: 1, power: 2, size: 0 },
          weapon: { category: "heavySwords", damage: "4d8" },
          modifier: 10,
          extraDice: "4d12",
        },
        target: ogre,
      }),
  })),
  {
    name: "special: a skill action on 3d6 (a trip), + 4d12 extra, vs an orc",
    run: () =>
      hodApi.specialOutcomeOdds({
        action: "trip",
        bonus: 6,
        defenses: { primary: 15, passive: 12, vigor: 13, celerity: 12, spirit: 11 },
        die: "3d6",
        damage: {
          source: { strength: 3, dexterity: 1, power: 2, size: 0 },
          weapon: null,
          modifier: 0,
          extraDice: "4d12",
        },
        target: orc,
      }),
  },
];

export { cases };
