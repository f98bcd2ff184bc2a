import { DiceRoll } from "@dice-roller/rpg-dice-roller";
import { bench, describe } from "vitest";
import { parse, roll, seededDie } from "../src/dice";

// Throughput of the engine against @dice-roller/rpg-dice-roller's nearest notations, in one run.
// Anthology parses once and rolls the plan, as a sheet button does; the comparison also shows the
// cost of parsing every time.
const die = seededDie(1);

const pairs: Array<[string, string]> = [
  ["8k4x", "8d10!!k4"],
  ["4dF+2", "4dF+2"],
  ["3D+2", "2d6+1d6!!+2"],
];

for (const [ours, theirs] of pairs) {
  describe(`${ours} vs rpg-dice-roller ${theirs}`, () => {
    const plan = parse(ours);
    bench(`anthology ${ours} (plan)`, () => {
      roll(plan, { die });
    });
    bench(`anthology ${ours} (parse + roll)`, () => {
      roll(ours, { die });
    });
    bench(`rpg-dice-roller ${theirs}`, () => {
      new DiceRoll(theirs);
    });
  });
}
