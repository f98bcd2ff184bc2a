import { describe, expect, it } from "vitest";
import {
  applyDamage,
  contestGoal,
  derive,
  downedBy,
  grappleResult,
  knockdownResult,
  resistFails,
  resistGoal,
  resolveGoal,
  woundPenalty,
  type ContestAction,
  type FightAction,
  type GoalResult,
} from "../../src/rulesets/fading-suns/rules";
import {
  attackGoal,
  attackRow,
  damageParts,
  hitDamage,
  type AttackerData,
} from "../../src/rulesets/fading-suns/chat/attack-math";
import type { CardWeapon } from "../../src/rulesets/fading-suns/chat/card-data";
import type { FsRollChoices } from "../../src/rulesets/fading-suns/chat/dialog-form";
import { dialogOutcomes, type FsTargetNumbers } from "../../src/rulesets/fading-suns/chat/outcomes";

// Outcome odds (issue 31) and what a fight action does after its hit: a charge's effect dice, knockdown's
// and grapple's contests, a disarm's dropped weapon. Each attack is played through the GM's applies on
// every face of every d20 (the attack's and its reroll, then the follow-up's: the target's roll against
// the damage, or both sides of the contest with their rerolls), with the same pure functions the applies
// call, and the target's state after them is judged by the odds' definitions: hurt, it lost Vitality or
// was knocked unconscious; dropped, unconscious. The dialog's line must agree, and the follow-ups must be
// seen to change the target (prone, held, weapon dropped) on some faces: changes the line does not count.

/** Erian: Strength 7 (+1 damage), Dexterity 6, Fight 4, Melee 5, Vigor 3; Move 5, so a charge of up to 10 m. */
const erian: AttackerData = {
  characteristics: { strength: 7, dexterity: 6, endurance: 5 },
  naturalSkills: { fight: 4, melee: 5, vigor: 3 },
  derived: derive({
    strength: 7,
    endurance: 5,
    vitality: { value: null, max: null },
    defense: 1,
    stance: "neutral",
    aggressive: "goal",
    surprised: false,
    armor: [],
  }),
};
const RAPIER: CardWeapon = { damage: 4, goal: 1, skill: "melee", kind: "melee" };

/** A target as the GM's applies read it: its numbers, and for the contests Strength, Dexterity and Vigor. */
interface Foe extends FsTargetNumbers {
  readonly strength: number;
  readonly dexterity: number;
}

const foe = (over: Partial<Foe> = {}): Foe => ({
  name: "Brute",
  defense: 1,
  armor: 2,
  vitality: 9,
  endurance: 4,
  vigor: 3,
  strength: 5,
  dexterity: 4,
  woundPenalties: [-10, -8, -6, -4, -2],
  ...over,
});

/** The target after the GM's applies: its Vitality and the statuses and marks they gave it. */
interface After {
  readonly vitality: number;
  readonly unconscious: boolean;
  readonly prone: boolean;
  readonly held: boolean;
  readonly disarmed: boolean;
}

/** A follow-up's d20 as the GM judges it (`judgeD20s`): the reroll read only when the first face asks for one. */
const judged = (goal: number, roll: number, reroll: number): GoalResult => {
  const once = resolveGoal({ goal, rolls: [roll] });
  return once.needsReroll ? resolveGoal({ goal, rolls: [roll, reroll] }) : once;
};
/** What one attack face weighs: the follow-ups' most ways (a contest's 400 × 400), so every share is whole. */
const EVERY = 160_000;
const side = (r: GoalResult) => ({ victoryPoints: r.victoryPoints, critical: r.outcome === "critical" });

/**
 * Every way the follow-up's d20s fall after a hit that left the target at `hit`, each with its weight
 * (each of the 400 ways a d20 and its reroll fall weighs 1): the GM's resist apply (knock-out, disarm) or
 * contest apply (knockdown, grapple), with both sides' goals as they stand after the hit.
 */
function followUps(action: FightAction, t: Foe, hit: After, taken: number): Array<[After, number]> {
  const out: Array<[After, number]> = [];
  if (action === "knockOut" || action === "disarm") {
    const goal = resistGoal(action, {
      characteristics: { endurance: t.endurance, strength: t.strength },
      vigor: t.vigor,
      woundPenalty: woundPenalty(hit.vitality, t.woundPenalties),
      damage: taken,
    }).goal;
    for (let r = 1; r <= 20; r++)
      for (let rr = 1; rr <= 20; rr++) {
        const fails = resistFails(judged(goal, r, rr).outcome);
        out.push([
          fails ? (action === "knockOut" ? { ...hit, unconscious: true } : { ...hit, disarmed: true }) : hit,
          1,
        ]);
      }
    return out;
  }
  if (action === "knockdown" || action === "grapple") {
    const contest: ContestAction = action;
    const a = contestGoal(contest, "attacker", {
      characteristics: erian.characteristics,
      naturalSkills: erian.naturalSkills,
      woundPenalty: erian.derived.woundPenalty,
    }).goal;
    const d = contestGoal(contest, "defender", {
      characteristics: { strength: t.strength, dexterity: t.dexterity },
      naturalSkills: { vigor: t.vigor },
      woundPenalty: woundPenalty(hit.vitality, t.woundPenalties),
    }).goal;
    const defender = Array.from({ length: 400 }, (_, i) => side(judged(d, 1 + Math.floor(i / 20), 1 + (i % 20))));
    for (let r = 1; r <= 20; r++)
      for (let rr = 1; rr <= 20; rr++) {
        const attacker = side(judged(a, r, rr));
        for (const answer of defender) {
          const won =
            action === "knockdown"
              ? knockdownResult(attacker, answer, erian.characteristics.strength!).knockedDown
              : grappleResult(attacker, answer).grappled;
          out.push([won ? (action === "knockdown" ? { ...hit, prone: true } : { ...hit, held: true }) : hit, 1]);
        }
      }
    return out;
  }
  return [[hit, 400]];
}

/**
 * The attack played through the GM's applies on every face: the attack's d20 and reroll against the goal
 * (`attackGoal`) less the target's Defense (`attackRow`), the damage the apply adds up (`hitDamage`) through the armor
 * (`applyDamage`, `downedBy`; a hit for 0 is applied only for knockdown), then every face of the
 * follow-up. The chances of hit, hurt and drop by the odds' definitions, and of each state the line does
 * not count.
 */
function throughTheApply(choices: FsRollChoices, t: Foe) {
  const { goal: before } = attackGoal(erian, RAPIER, choices);
  const damage = hitDamage(damageParts(erian, RAPIER, choices));
  const action = choices.fightAction ?? "strike";
  const start: After = { vitality: t.vitality, unconscious: false, prone: false, held: false, disarmed: false };
  const tally = { hit: 0, hurt: 0, drop: 0, prone: 0, held: 0, disarmed: 0 };
  // A hit's follow-up depends only on what the hit left: its faces are tallied once per such state.
  const memo = new Map<string, Omit<typeof tally, "hit">>();
  let all = 0;
  for (let roll = 1; roll <= 20; roll++)
    for (let reroll = 1; reroll <= 20; reroll++) {
      const row = attackRow({
        goal: before,
        ownDefense: t.defense,
        armor: t.armor,
        weapon: RAPIER,
        choices,
        damage,
        roll,
        reroll,
      });
      all += 1;
      if (!row.hit || row.damage === null) continue;
      tally.hit += 1;
      // The GM refuses a hit for 0 but knockdown's: nothing changes.
      if (row.damage === 0 && action !== "knockdown") continue;
      const hit = applyDamage({ vitality: t.vitality, damage: row.damage, armor: row.armor });
      const afterHit: After = { ...start, vitality: hit.after, unconscious: downedBy(hit) };
      const key = JSON.stringify([afterHit, hit.taken]);
      let counts = memo.get(key);
      if (!counts) {
        counts = { hurt: 0, drop: 0, prone: 0, held: 0, disarmed: 0 };
        const ways = followUps(action, t, afterHit, hit.taken);
        // Whole counts: each attack face weighs EVERY, shared out among its follow-up's ways.
        const total = ways.reduce((sum, [, w]) => sum + w, 0);
        for (const [after, w] of ways) {
          const share = (w * EVERY) / total;
          if (after.vitality < t.vitality || after.unconscious) counts.hurt += share;
          if (after.unconscious) counts.drop += share;
          if (after.prone) counts.prone += share;
          if (after.held) counts.held += share;
          if (after.disarmed) counts.disarmed += share;
        }
        memo.set(key, counts);
      }
      for (const k of Object.keys(counts) as Array<keyof typeof counts>) tally[k] += counts[k];
    }
  return Object.fromEntries(
    Object.entries(tally).map(([k, v]) => [k, k === "hit" ? v / all : v / (all * EVERY)]),
  ) as typeof tally;
}

const line = (choices: FsRollChoices, t: Foe) => dialogOutcomes(erian, RAPIER, [t], choices)[0]!.odds;

describe("Fading Suns outcome odds: what follows a hit, against the GM's applies on every face", () => {
  const targets: Foe[] = [
    foe(),
    foe({ vitality: 3 }), // the blow itself drops it
    foe({ armor: 6 }), // the armor takes every blow but knockdown's nothing
    foe({ defense: -2, vitality: 1, vigor: 0, dexterity: 1, strength: 1 }),
    foe({ defense: 4, strength: 9, dexterity: 8, vigor: 6, woundPenalties: [-6, -3] }),
  ];
  const actions: FightAction[] = ["strike", "knockOut", "disarm", "knockdown", "grapple"];
  const cases = actions.flatMap((fightAction) =>
    targets.map((t, i) => [fightAction, i, { fightAction } as FsRollChoices, t] as const),
  );

  it.each(cases)("%s against target %i: the line is the applies' hit, hurt and drop", (_a, _i, choices, t) => {
    const brute = throughTheApply(choices, t);
    const odds = line(choices, t);
    expect(odds.hit).toBeCloseTo(brute.hit, 12);
    expect(odds.hurt).toBeCloseTo(brute.hurt, 12);
    expect(odds.drop).toBeCloseTo(brute.drop, 12);
  });

  it("knockdown's won contest leaves the target prone, grapple's holds it, a failed disarm roll drops the weapon: none is hurt or drop", () => {
    // Erian against the brute: Knockdown, Dexterity 6 + Fight 4 = 10 less Defense 1: 1-9 hit (45%), DMG 0.
    // The contest, Strength 7 + Fight 4 = 11 against Dexterity 4 + Vigor 3 = 7: Erian wins 176 of the 400
    // ways both d20s fall (more Victory Points, or a lone critical at a tie), so 44% of hits leave it prone.
    const knockdown = throughTheApply({ fightAction: "knockdown" }, foe());
    expect(knockdown.hit).toBe(0.45);
    expect(knockdown.prone).toBeCloseTo(0.45 * 0.44, 12);
    expect(line({ fightAction: "knockdown" }, foe())).toMatchObject({ hit: 0.45, hurt: 0, drop: 0 });
    // Grapple: the same 45%; its DMG 2 + Strength 1 = 3 past armor 2 takes 1 (hurt 45%), never 9.
    const grapple = throughTheApply({ fightAction: "grapple" }, foe());
    // Strength 7 + Vigor 3 = 10 against Strength 5 + Vigor 3 = 8: Erian wins 148 of 400, the brute is held.
    expect(grapple.held).toBeCloseTo(0.45 * 0.37, 12);
    expect(line({ fightAction: "grapple" }, foe())).toMatchObject({ hit: 0.45, hurt: 0.45, drop: 0 });
    // Disarm: Dexterity 6 + Melee 5 + the rapier's 1 − 4 = 8 less 1: 1-7 hit (35%); 5 past armor 2 takes 3.
    // Strength 5 + Vigor 3 − 3 = 5 holds on at 1-5: the weapon drops 75% of the time, the brute stays up.
    const disarm = throughTheApply({ fightAction: "disarm" }, foe());
    expect(disarm.disarmed).toBeCloseTo(0.35 * 0.75, 12);
    expect(line({ fightAction: "disarm" }, foe())).toMatchObject({ hit: 0.35, hurt: 0.35, drop: 0 });
  });
});

describe("Fading Suns outcome odds: a charge's effect dice", () => {
  // "Charge Effect: ... +1 Damage Effect Dice on Unarmed/Melee attack actions per meter charged": the card
  // shows them for the GM (shared/rules/README.md), and the apply's damage is the listed number without them.
  const brute = foe({ armor: 5, vitality: 3 });

  it("go on the card, one a meter up to twice the Move, and change neither the apply's damage nor the line", () => {
    const plain = line({ fightAction: "strike", move: "charge", charge: 0 }, brute);
    for (let meters = 0; meters <= 12; meters++) {
      const choices: FsRollChoices = { fightAction: "strike", move: "charge", charge: meters };
      // Up to Erian's 10 m.
      expect(damageParts(erian, RAPIER, choices).effectDice).toBe(Math.min(meters, 10));
      // The rapier's 4 + Strength 1: exactly the armor, so the blow takes nothing whatever was charged.
      expect(hitDamage(damageParts(erian, RAPIER, choices))).toBe(5);
      const odds = line(choices, brute);
      expect(odds).toEqual(plain);
      const applied = throughTheApply(choices, brute);
      expect([odds.hit, odds.hurt, odds.drop]).toEqual([applied.hit, applied.hurt, applied.drop]);
    }
    // The charge's +2 to the goal counts: Dexterity 6 + Melee 5 + 1 + 2 = 14 less Defense 1: 1-13 hit.
    expect(plain).toMatchObject({ goal: 13, hit: 0.65, hurt: 0, drop: 0 });
    expect(line({ fightAction: "strike" }, brute)).toMatchObject({ goal: 11, hit: 0.55 });
  });
});
