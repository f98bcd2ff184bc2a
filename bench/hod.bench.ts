import { bench, describe } from "vitest";
import { roll, seededDie } from "../src/dice";
import { judgeAttack } from "../src/rulesets/hod/rules/attack";
import { derive } from "../src/rulesets/hod/rules/derive";
import { applyDamage } from "../src/rulesets/hod/rules/health";
import { attackOdds } from "../src/rulesets/hod/rules/odds";
import { damageFormula } from "../src/rulesets/hod/rules/weapons";

// What one Heroes of Destiny attack costs in the pure rules: deriving the defender, rolling and
// judging the d20, rolling damage, applying it; and the exact odds a button hover shows.
const die = seededDie(7);
const fighter = {
  strength: 3,
  dexterity: 1,
  constitution: 2,
  persona: 2,
  fortitude: 2,
  accuracy: 2,
  armor: 5,
  shield: 2,
};

describe("Heroes of Destiny", () => {
  bench("attack to applied damage (derive, 1d20, judge, damage roll, applyDamage)", () => {
    const target = derive(fighter);
    const attack = roll("1d20 + 5", { die });
    const natural = attack.total - 5;
    const result = judgeAttack({ natural, total: attack.total, defense: target.primary });
    if (!result.hit) return;
    const damage = roll(damageFormula({ dice: "1d8", attribute: 3, power: 1, critical: result.critical }), { die });
    applyDamage(
      { hp: 20, fatigue: 0, thresholdOfPain: target.thresholdOfPain, bonusHp: 0, invigoration: 0 },
      { damage: damage.total },
    );
  });
  bench("exact attack odds, d20", () => {
    attackOdds(5, 17, { precise: true });
  });
  bench("exact attack odds, 3d6", () => {
    attackOdds(4, 14, { die: "3d6" });
  });
});
