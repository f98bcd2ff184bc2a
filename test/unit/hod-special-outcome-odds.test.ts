import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { judgeAttack, type HodAttackResult, type HodDefense } from "../../src/rulesets/hod/rules/attack";
import { specialEffects, withoutCriticals } from "../../src/rulesets/hod/rules/effects";
import { hitInCount, type HodTrack } from "../../src/rulesets/hod/rules/health";
import type { HodOutcomeTarget } from "../../src/rulesets/hod/rules/outcome-odds";
import {
  SPECIAL_ACTIONS,
  specialAction,
  specialDefenses,
  specialOutcomes,
} from "../../src/rulesets/hod/rules/special-actions";
import { specialDamage } from "../../src/rulesets/hod/rules/special-damage";
import {
  hodSpecialOutcomeOdds,
  type HodSpecialOutcomeDamage,
  type HodSpecialOutcomeInput,
} from "../../src/rulesets/hod/rules/special-outcome-odds";
import { dealtDamage } from "../../src/rulesets/hod/rules/weapons";
import { dialogOutcomes, type HodAttackDialogInput } from "../../src/rulesets/hod/chat/dialog-form";
import { weaponOf } from "../../src/rulesets/hod/chat/documents";

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

/** A plain damage formula ("2d4 + 3 - 1", "8 + 2") as its dice and the number added. */
function diceOf(formula: string): { dice: number[]; plus: number } {
  const dice: number[] = [];
  let plus = 0;
  for (const term of formula.replace(/\s+/g, "").match(/[+-]?[^+-]+/g) ?? []) {
    const sign = term.startsWith("-") ? -1 : 1;
    const body = term.replace(/^[+-]/, "");
    const m = /^(\d+)d(\d+)$/.exec(body);
    if (m) for (let i = 0; i < Number(m[1]); i++) dice.push(Number(m[2]));
    else plus += sign * Number(body);
  }
  return { dice, plus };
}

/**
 * The brute force: every face of the roll (each d20 face, or each of the 216 ways of 3d6), judged against
 * each defense the action meets with judgeAttack, the outcomes (specialOutcomes), their damage plan as the
 * apply makes it (specialDamage, a critical's taken away from a target immune to them), then every face of
 * that damage and of the extra dice through dealtDamage and hitInCount, and every face of the check's 3d6;
 * a follow-up's kill (specialEffects) drops outright.
 */
function brute(input: HodSpecialOutcomeInput) {
  const action = specialAction(input.action)!;
  const rolls: number[][] = input.die === "3d6" ? [...faces([6, 6, 6])] : [...faces([20])];
  const track: HodTrack = {
    hp: input.target.hp,
    fatigue: input.target.fatigue,
    bonusHp: input.target.bonusHp ?? 0,
    invigoration: input.target.invigoration ?? 0,
    fullTop: input.target.fullTop,
    topLost: input.target.topLost ?? 0,
  };
  const immune = input.immuneToCriticals === true;
  const extra = diceOf(input.damage?.extraDice ?? "");
  const chances = { hit: 0, hurt: 0, drop: 0, critical: 0, fumble: 0 };
  for (const roll of rolls) {
    const weight = 1 / rolls.length;
    const natural = sum(roll);
    const results: Partial<Record<HodDefense, HodAttackResult>> = {};
    for (const id of specialDefenses(action, input.weaponDefense)) {
      results[id] = judgeAttack({
        natural,
        total: natural + input.bonus,
        defense: input.defenses[id]!,
        precise: input.precise,
        die: input.die,
      });
    }
    if (Object.values(results)[0]!.fumble) chances.fumble += weight;
    const happened = specialOutcomes(action, results);
    if (happened.length === 0) continue;
    chances.hit += weight;
    if (Object.values(results).some((r) => r.critical)) chances.critical += weight;
    if (specialEffects(action.id, happened, { immuneToCriticals: immune }).killed) {
      chances.hurt += weight;
      chances.drop += weight;
      continue;
    }
    const d = input.damage;
    const plan = d
      ? specialDamage({
          outcomes: immune ? withoutCriticals(happened) : happened,
          source: d.source,
          weapon: d.weapon as never,
          modifier: d.modifier,
        })
      : null;
    if (!plan) continue;
    const main = diceOf(plan.formula);
    let ways = 0;
    let hurt = 0;
    let drop = 0;
    for (const rolled of faces(main.dice)) {
      for (const added of faces(extra.dice)) {
        ways += 1;
        const damage = dealtDamage(sum(rolled) + main.plus, sum(added) + extra.plus, plan.factor);
        const { change, result } = hitInCount(track, [], {
          damage,
          reduction: input.target.reduction ?? 0,
          nonlethal: input.nonlethal === true,
        });
        if (!Object.values(change).some((n) => n !== 0)) continue;
        hurt += 1;
        if (result.dead || result.dying) drop += 1;
        else if (result.unconsciousCheck !== null) {
          let out = 0;
          for (const check of faces([6, 6, 6]))
            if (sum(check) + (input.target.constitution ?? 0) < result.unconsciousCheck) out += 1;
          drop += out / 216;
        }
      }
    }
    chances.hurt += (weight * hurt) / ways;
    chances.drop += (weight * drop) / ways;
  }
  return chances;
}

const TARGETS: Record<string, HodOutcomeTarget> = {
  fresh: { hp: 12, fatigue: 0, fullTop: 4 },
  worn: { hp: 6, fatigue: 4, fullTop: 3, topLost: 1, constitution: 1 },
  armoured: { hp: 5, fatigue: 3, fullTop: 2, topLost: 2, reduction: 2, constitution: -2 },
};

const DEFENSES = { primary: 13, passive: 11, vigor: 12, celerity: 15, spirit: 10 } as const;
const SOURCE = {
  strength: 2,
  dexterity: 3,
  constitution: 1,
  intelligence: 0,
  wisdom: 0,
  persona: 1,
  power: 1,
  size: 0,
};
const DAGGER = { category: "daggers", damage: "1d4", composite: false, nonlethal: false };
const DAMAGE: Record<string, HodSpecialOutcomeDamage> = {
  dagger: { source: SOURCE, weapon: DAGGER, modifier: 0 },
  "dagger, +1 and an extra 1d4": { source: SOURCE, weapon: DAGGER, modifier: 1, extraDice: "1d4" },
  "bare hand, −1": { source: SOURCE, weapon: null, modifier: -1 },
};

const SKILLS = new Set(["breakGrab", "escapeGrab", "approach"]);

describe("Heroes of Destiny special actions' outcome odds: brute force over every face", () => {
  for (const action of [...SPECIAL_ACTIONS.map((a) => a.id), "coupFollowUp"]) {
    it(action, () => {
      for (const [damageName, damage] of Object.entries(DAMAGE))
        for (const [targetName, target] of Object.entries(TARGETS))
          for (const bonus of [-3, 4, 13])
            for (const immuneToCriticals of [false, true]) {
              const input: HodSpecialOutcomeInput = {
                action,
                bonus,
                defenses: DEFENSES,
                weaponDefense: "primary",
                die: SKILLS.has(action) ? "3d6" : "d20",
                precise: action === "quickStrike",
                damage,
                nonlethal: damageName.startsWith("bare"),
                immuneToCriticals,
                target,
              };
              const got = hodSpecialOutcomeOdds(input);
              const want = brute(input);
              const at = `${damageName} against ${targetName} at ${bonus}${immuneToCriticals ? ", immune" : ""}`;
              for (const key of ["hit", "hurt", "drop", "critical", "fumble"] as const)
                expect(got[key], `${key}: ${at}`).toBeCloseTo(want[key], 12);
              expect(got.drop).toBeLessThanOrEqual(got.hurt);
              expect(got.hurt).toBeLessThanOrEqual(got.hit);
            }
    });
  }
});

describe("Heroes of Destiny special actions' outcome odds, worked by hand", () => {
  const fresh = TARGETS.fresh!;
  const input = (action: string, extra: Partial<HodSpecialOutcomeInput> = {}): HodSpecialOutcomeInput => ({
    action,
    bonus: 4,
    defenses: DEFENSES,
    damage: DAMAGE.dagger,
    target: fresh,
    ...extra,
  });

  it("a grab or a feint deals no damage: it hits, never hurts", () => {
    // +4 against Celerity 15: 11 or more, 10 faces of 20.
    expect(hodSpecialOutcomeOdds(input("grab"))).toMatchObject({ hit: 10 / 20, hurt: 0, drop: 0 });
    // +4 against Spirit 10: 6 or more.
    expect(hodSpecialOutcomeOdds(input("feint"))).toMatchObject({ hit: 15 / 20, hurt: 0, drop: 0 });
  });

  it("a trip hurts only on its Great Success: Strength's damage when it beats Vigor by 5", () => {
    // +4 against Vigor 12: a hit on 8 or more (13 faces); beaten by 5 on 13 or more (8 faces): 2 damage,
    // at least 1 and the Threshold lowered: every Great Success hurts.
    expect(hodSpecialOutcomeOdds(input("trip"))).toMatchObject({ hit: 13 / 20, hurt: 8 / 20, drop: 0 });
  });

  it("a bull rush meets the defense the target picks: it hits only when it beats both Vigor and Celerity", () => {
    // 15 or more against +4: 11 or more hits Celerity 15 (and so Vigor 12): 10 faces.
    expect(hodSpecialOutcomeOdds(input("bullRush")).hit).toBe(10 / 20);
  });

  it("a coup de grâce's follow-up kills on a hit: hurt and drop are the hit", () => {
    // The weapon's attack against Vigor 12 at +4: 8 or more.
    expect(hodSpecialOutcomeOdds(input("coupFollowUp", { damage: null }))).toMatchObject({
      hit: 13 / 20,
      hurt: 13 / 20,
      drop: 13 / 20,
      dead: 13 / 20,
    });
  });

  it("names an action it does not know, and a defense it meets but was not given", () => {
    expect(() => hodSpecialOutcomeOdds(input("juggle"))).toThrow(/juggle/);
    expect(() => hodSpecialOutcomeOdds(input("grab", { defenses: { vigor: 12 } }))).toThrow(/celerity/);
  });

  it("the documented example: Garret's quick strike on a goblin at 2 HP", () => {
    const odds = api.rules.hod.specialOutcomeOdds({
      action: "quickStrike",
      bonus: 5,
      defenses: { primary: 15 },
      weaponDefense: "primary",
      precise: true,
      die: "d20",
      damage: {
        source: { strength: 3, dexterity: 1, power: 1, size: 0 },
        weapon: { category: "lightSwords", damage: "1d6" },
        modifier: 0,
        extraDice: "",
      },
      nonlethal: false,
      immuneToCriticals: false,
      target: { hp: 2, fatigue: 0, fullTop: 3, constitution: 1 },
    });
    // 10 or more hits (11 faces), 19 and 20 critical; half of 1d6 + 4 kills or leaves it dying on 4 or 5
    // (3 faces of 6); a critical's half of 10 kills.
    expect(odds.hit).toBe(11 / 20);
    expect(odds.hurt).toBe(11 / 20);
    expect(odds.drop).toBeCloseTo((9 / 20) * (3 / 6) + 2 / 20, 12);
    expect(odds.drop).toBeCloseTo(0.325, 12);
  });

  it("is public as api.rules.hod.specialOutcomeOdds", () => {
    expect(api.rules.hod.specialOutcomeOdds(input("trip"))).toEqual(hodSpecialOutcomeOdds(input("trip")));
  });
});

describe("Heroes of Destiny special actions' outcome odds in the dialog", () => {
  const dagger = weaponOf({
    name: "Dagger",
    system: { category: "daggers", damage: "1d4", speedClass: "fast", proficient: true },
  });
  // Accuracy 1 + Dexterity 3 + proficiency 1: a quick strike is 1d20 + 5, half of 1d4 + 3 + Power 1.
  const base: HodAttackDialogInput = {
    kind: "attack",
    source: { accuracy: 1, strength: 2, dexterity: 3, power: 1, size: 0 },
    weapon: dagger,
    targets: [
      { name: "Goblin", defenses: DEFENSES, defense: "primary", track: { hp: 3, fatigue: 0, fullTop: 1 } },
      { name: "Ghost", defenses: DEFENSES, defense: "primary" },
    ],
    damage: { nonlethal: false },
    special: { action: specialAction("quickStrike")!, nameKey: "k", skillKey: null, defenses: null },
  };

  it("one line per targeted token with numbers to read, from the same function the api gives", () => {
    const lines = dialogOutcomes(base, { defense: "primary" });
    expect(lines.map((l) => l.name)).toEqual(["Goblin"]);
    const bonus = 1 + 3 + 1;
    const want = hodSpecialOutcomeOdds({
      action: "quickStrike",
      bonus,
      defenses: DEFENSES,
      weaponDefense: "primary",
      precise: false,
      die: "d20",
      damage: { source: base.source as never, weapon: { ...DAGGER }, modifier: 0, extraDice: "" },
      target: { hp: 3, fatigue: 0, fullTop: 1 },
    });
    expect(lines[0]!.odds).toEqual(want);
    // +5 against Primary 13: 8 or more (13 faces). Half of 5 to 8 is 2 to 4 against a Threshold of 1
    // and 3 HP: 1 to 3 HP lost; only 4 (half of 8: a 4 on the d4) kills, and a natural 20 is a critical
    // (half of 4 + 4 = 4): dead. 12/20 × 1/4 + 1/20.
    expect(lines[0]!.odds.hit).toBe(13 / 20);
    expect(lines[0]!.odds.drop).toBeCloseTo((12 / 20) * (1 / 4) + 1 / 20, 12);
  });

  it("follows the defense chosen, the damage options, and a target immune to critical hits", () => {
    expect(dialogOutcomes(base, { defense: "passive" })[0]!.odds.hit).toBe(15 / 20);
    const more = dialogOutcomes(base, { defense: "primary", damageModifier: 2 })[0]!.odds.drop;
    expect(more).toBeGreaterThan((12 / 20) * (1 / 4) + 1 / 20);
    const immune = { ...base, targets: [{ ...base.targets[0]!, immuneToCriticals: true }] };
    // The natural 20 deals half a plain hit's roll: it kills only on a 4, as any hit does.
    expect(dialogOutcomes(immune, { defense: "primary" })[0]!.odds.drop).toBeCloseTo((13 / 20) * (1 / 4), 12);
    expect(dialogOutcomes(base, { defense: "primary", extraDice: "banana" })).toEqual([]);
  });

  it("a grab's line hits and never hurts", () => {
    const grab = {
      ...base,
      special: { ...base.special!, action: specialAction("grab")!, defenses: ["celerity" as const] },
    };
    const [goblin] = dialogOutcomes(grab, { defense: "primary" });
    expect(goblin!.odds).toMatchObject({ hurt: 0, drop: 0 });
    expect(goblin!.odds.hit).toBeGreaterThan(0);
  });
});
