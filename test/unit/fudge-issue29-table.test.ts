import { describe, expect, it } from "vitest";
import {
  attackChoices,
  attackLine,
  dialogView,
  type FudgeDialogInput,
} from "../../src/rulesets/fudge/chat/dialog-form";
import { MINIMUM_CHOICES, defenderMinimum, meleeRound } from "../../src/rulesets/fudge/rules/combat";
import {
  meleeExchange,
  scaleDieWound,
  stoppedOnlyByScale,
  unopposedAttack,
  type Fighter,
} from "../../src/rulesets/fudge/rules/exchange";
import { fudgeApi } from "../../src/rulesets/fudge/rules/api";
import { unarmedSize } from "../../src/rulesets/fudge/rules/play";
import { readFileSync } from "node:fs";
import {
  AIM_DEGREE,
  ATTACK_TYPE_GROUPS,
  ATTACK_TYPE_TABLE,
  aimDegree,
  attackTypeLocation,
} from "../../src/rulesets/fudge/rules/locations";
import { attackWeapon, isMartialArt, unarmedTrait } from "../../src/rulesets/fudge/data/source";

// Issue 29's FUDGE "Missing" list, part one (fudge.txt, Yoki's combat): the pure rules and the
// dialogs' plain-data side.

const fighter = (over: Partial<Fighter> = {}): Fighter => ({
  skill: 0,
  modifier: 0,
  stance: "normal",
  foes: 1,
  minimum: -2,
  reach: 0,
  shield: 0,
  berserk: false,
  feint: false,
  canHurt: true,
  blow: { size: 0, sharp: true, heavyBlunt: false, muscle: true, build: 0, strengthScale: 0, pull: null },
  soak: { health: 0, armor: 0, massScale: 0 },
  ...over,
});

describe("FUDGE: the minimum to hit, mirrored for every Scale", () => {
  it('"Extremely small targets, such as a pixie, may require a Good or even a Great result"', () => {
    // A human (Good) against a pixie, needing Great: a Good blow that beats the pixie's defense misses.
    const round = (rollA: number) =>
      meleeRound({ a: { offense: 1, defense: 1, minimum: 2 }, b: { offense: 0, defense: 0 }, rollA, rollB: -3 });
    expect(round(0).a).toEqual({ hits: false, relativeDegree: 4 });
    expect(round(1).a).toEqual({ hits: true, relativeDegree: 5 });
    expect(MINIMUM_CHOICES).toEqual({ lowest: -4, highest: 4 });
  });

  it('"he needs a Mediocre or even Fair result to hit his smaller foe, while even a Terrible result will allow the small fighter to hit the larger"', () => {
    expect(defenderMinimum(-2)).toBe(-2);
    expect(defenderMinimum(-1)).toBe(-3);
    expect(defenderMinimum(-3)).toBe(-1);
    // Every other choice mirrors too (it used to fall back to Poor).
    expect(defenderMinimum(0)).toBe(-4);
    expect(defenderMinimum(2)).toBe(-6);
    expect(defenderMinimum(-4)).toBe(0);
    expect(() => defenderMinimum(1.5)).toThrow(RangeError);
    expect(fudgeApi.defenderMinimum(1)).toBe(-5);
    expect(fudgeApi.minimumChoices).toBe(MINIMUM_CHOICES);
  });

  it("a pixie's Terrible blow lands on a human who needs Great to hit it", () => {
    // The human attacks violently and rolls −3: offense 0, defense −4. The pixie rolls −3: −3 both ways.
    const human = fighter({ skill: 1, stance: "violent", minimum: 2 });
    const pixie = fighter({ minimum: defenderMinimum(2) });
    const r = meleeExchange(human, pixie, -3, -3);
    expect(r.a).toMatchObject({ offense: 0, hits: false, relativeDegree: 3 });
    expect(r.b).toMatchObject({ offense: -3, hits: true, relativeDegree: 1, graze: true });
  });

  const attackInput: FudgeDialogInput = {
    kind: "attack",
    traits: [],
    trait: { kind: "situational" },
    penalty: 0,
    stance: "normal",
    minimum: -1,
    self: fighter(),
    opponent: { fighter: fighter() },
  };

  it("the dialog offers every minimum from Infamous to Legendary, the odds counting the foe's mirrored minimum", () => {
    const view = dialogView(attackInput);
    expect(view.minimums.map((m) => m.value)).toEqual([-4, -3, -2, -1, 0, 1, 2, 3, 4]);
    expect(view.minimums.find((m) => m.selected)?.value).toBe(-1);
    expect(attackChoices(attackInput, [["minimum", "2"]]).minimum).toBe(2);
    expect(attackChoices(attackInput, [["minimum", "9"]]).minimum).toBe(4);
    expect(attackChoices(attackInput, [["minimum", "-9"]]).minimum).toBe(-4);
    const pct = (minimum: string) => attackLine(attackInput, attackChoices(attackInput, [["minimum", minimum]])).data;
    // A higher minimum of your own lowers your chance and raises the foe's (its minimum falls).
    const poor = pct("-2");
    const great = pct("2");
    expect(parseFloat(great.hit!)).toBeLessThan(parseFloat(poor.hit!));
    expect(parseFloat(great.hitBack!)).toBeGreaterThan(parseFloat(poor.hitBack!));
  });
});

describe("FUDGE: Martial Art unarmed attacks", () => {
  const skill = (id: string, name: string, level: number, martialArt: boolean) => ({
    id,
    name,
    type: "fudge-skill",
    system: { level, martialArt },
  });
  const actor = (...skills: ReturnType<typeof skill>[]) => ({
    type: "fudge-character",
    system: {},
    items: { contents: skills },
  });

  it('"-1 for no weapon, not using a Martial Art skill" and "+0 Martial Art skill"', () => {
    expect(unarmedSize(false)).toBe(-1);
    expect(unarmedSize(true)).toBe(0);
    expect(fudgeApi.unarmedSize(true)).toBe(0);
    const karateka = actor(skill("brawl", "Brawling", 2, false), skill("karate", "Karate", 1, true));
    expect(isMartialArt(karateka, { kind: "skill", id: "karate" })).toBe(true);
    expect(isMartialArt(karateka, { kind: "skill", id: "brawl" })).toBe(false);
    expect(attackWeapon(karateka, null, { kind: "skill", id: "karate" }).size).toBe(0);
    expect(attackWeapon(karateka, null, { kind: "skill", id: "brawl" }).size).toBe(-1);
    expect(attackWeapon(karateka, null, { kind: "untrained", helped: false, name: "" }).size).toBe(-1);
    // A weapon is its own size whatever skill swings it.
    const knife = { id: "k", name: "Knife", type: "fudge-weapon", system: { size: 0, sharp: true } };
    expect(attackWeapon(karateka, knife, { kind: "skill", id: "karate" })).toMatchObject({ size: 0, sharp: true });
  });

  it("bare hands start with the best Martial Art, else Brawling, else untrained", () => {
    expect(unarmedTrait(actor(skill("brawl", "Brawling", 2, false), skill("karate", "Karate", 1, true)))).toEqual({
      kind: "skill",
      id: "karate",
    });
    expect(unarmedTrait(actor(skill("brawl", "Brawling", 2, false)))).toEqual({ kind: "skill", id: "brawl" });
    expect(unarmedTrait(actor())).toEqual({ kind: "untrained", helped: false, name: "Brawling" });
  });

  it("the odds count a Martial Art's +0 in the size comparison", () => {
    // Bare hands (−1) against a medium weapon (+1): 2 smaller, −1 to skill; a Martial Art (+0) is not.
    const input: FudgeDialogInput = {
      kind: "attack",
      traits: [],
      trait: { kind: "situational" },
      penalty: 0,
      stance: "normal",
      martialArts: ["skill:karate"],
      self: fighter({ reach: -1, blow: { ...fighter().blow, size: -1, sharp: false } }),
      opponent: { fighter: fighter({ reach: 1 }) },
    };
    const hit = (trait: string) => parseFloat(attackLine(input, attackChoices(input, [["trait", trait]])).data.hit!);
    expect(hit("skill:karate")).toBeGreaterThan(hit("situational"));
  });
});

describe("FUDGE: a hit stopped only by Scale", () => {
  const knife = { size: 0, sharp: true, heavyBlunt: false, muscle: true, build: 0, strengthScale: 0, pull: null };

  it('"a hit prevented only by Scale from doing any damage ... deserves a damage roll; roll one die, a plus result equals a scratch"', () => {
    // A graze (+1) with a knife: 2 + sharp 1 = 3 against a giant's Health 1 and Mass Scale 3: −1, nothing;
    // without Scale 2, a Scratch on the graze table.
    const giant = { health: 1, armor: 0, massScale: 3 };
    expect(stoppedOnlyByScale(1, knife, giant)).toBe(true);
    expect(unopposedAttack({ skill: 0, modifier: 0, blow: knife }, 0, 0, giant)).toMatchObject({
      hits: true,
      wound: "undamaged",
      scaleStopped: true,
    });
    // Armor, not Scale, stops the same knife on a man in plate.
    expect(stoppedOnlyByScale(1, knife, { health: 1, armor: 4, massScale: 0 })).toBe(false);
    // Scale and armor together, where armor alone would stop it too: no die.
    expect(stoppedOnlyByScale(1, knife, { health: 1, armor: 4, massScale: 3 })).toBe(false);
    // A blow that wounds anyway needs no die.
    expect(stoppedOnlyByScale(4, knife, giant)).toBe(false);
    // A small attacker's own Strength Scale counts as Scale too.
    expect(stoppedOnlyByScale(1, { ...knife, strengthScale: -3 }, { health: 1, armor: 0, massScale: 0 })).toBe(true);
    expect(scaleDieWound(1)).toBe("scratch");
    expect(scaleDieWound(0)).toBe("undamaged");
    expect(scaleDieWound(-1)).toBe("undamaged");
    expect(() => scaleDieWound(2)).toThrow(RangeError);
    expect(fudgeApi.scaleDieWound(1)).toBe("scratch");
    expect(fudgeApi.stoppedOnlyByScale(1, knife, giant)).toBe(true);
  });
});

const input: FudgeDialogInput = {
  kind: "attack",
  traits: [],
  trait: { kind: "situational" },
  penalty: 0,
  stance: "normal",
  self: fighter(),
  opponent: { fighter: fighter() },
};

describe("FUDGE: aimed blows", () => {
  it('"Minimum relative degree needed to hit": +1 torso, abdomen, legs, arms; +2 a specific leg or arm, groin; +3 head, hand, foot; +4 eye, ear, finger', () => {
    expect(aimDegree(null)).toBe(1);
    for (const part of ["torso", "abdomen", "leg", "arm"] as const) expect(aimDegree(part)).toBe(1);
    for (const part of ["leftLeg", "rightLeg", "leftArm", "rightArm", "groin"] as const)
      expect(aimDegree(part)).toBe(2);
    for (const part of ["head", "hand", "foot"] as const) expect(aimDegree(part)).toBe(3);
    for (const part of ["eye", "ear", "finger"] as const) expect(aimDegree(part)).toBe(4);
    expect(() => aimDegree("tail" as never)).toThrow(RangeError);
    expect(fudgeApi.aimTable).toBe(AIM_DEGREE);
  });

  it("a blow aimed at the head lands only on a relative degree of +3", () => {
    const me = (aim: number) => fighter({ skill: 1, aimDegree: aim });
    // Good rolls 0 against a Fair foe rolling −1: relative degree +2.
    expect(meleeExchange(me(1), fighter(), 0, -1).a).toMatchObject({ hits: true, relativeDegree: 2 });
    expect(meleeExchange(me(3), fighter(), 0, -1).a).toMatchObject({ hits: false, relativeDegree: 2, wound: null });
    expect(meleeExchange(me(3), fighter(), 1, -1).a).toMatchObject({ hits: true, relativeDegree: 3 });
    // Unopposed: reaching the difficulty is +1, so the head needs it beaten by 2.
    const blow = fighter().blow;
    expect(unopposedAttack({ skill: 0, modifier: 0, blow, aimDegree: 3 }, -2, 0, fighter().soak).hits).toBe(true);
    expect(unopposedAttack({ skill: 0, modifier: 0, blow, aimDegree: 3 }, -1, 0, fighter().soak).hits).toBe(false);
  });

  it("the dialog offers every part with its degree; an aimed blow rolls no location, and its odds count the aim", () => {
    expect(dialogView(input).aims.map((a) => [a.value, a.degree])).toContainEqual(["eye", "4"]);
    const aimed = attackChoices(input, [
      ["aim", "head"],
      ["location", "highChop"],
    ]);
    expect(aimed).toMatchObject({ aim: "head", location: false, attackType: null });
    expect(attackChoices(input, [["aim", "tail"]]).aim).toBeNull();
    expect(
      attackChoices(input, [
        ["aim", "head"],
        ["mass", "on"],
      ]).aim,
    ).toBeNull();
    const chance = (aim: string) => parseFloat(attackLine(input, attackChoices(input, [["aim", aim]])).data.hit!);
    expect(chance("finger")).toBeLessThan(chance("head"));
    expect(chance("head")).toBeLessThan(chance(""));
    const unopposed = attackLine(
      input,
      attackChoices(input, [
        ["aim", "head"],
        ["unopposed", "on"],
        ["difficulty", "-2"],
      ]),
    );
    // Fair against Poor, aimed at the head (+3: Poor beaten by 2): Fair or better, 50 of 81.
    expect(unopposed.data.chance).toBe("61.7%");
  });
});

describe("FUDGE: the attack-type hit-location table", () => {
  it('"HIGH ... chop: Abs Hand Arm Chest Head Chest Arm Hand Abs"', () => {
    expect([4, 3, 2, 1, 0, -1, -2, -3, -4].map((sum) => attackTypeLocation("highChop", sum))).toEqual([
      "abdomen",
      "hand",
      "arm",
      "chest",
      "head",
      "chest",
      "arm",
      "hand",
      "abdomen",
    ]);
    expect(attackTypeLocation("lowSwing", 2)).toBe("foot");
    expect(attackTypeLocation("shotLong", -3)).toBe("head");
    expect(attackTypeLocation("brawlHold", -4)).toBe("hand");
    expect(() => attackTypeLocation("highChop", 5)).toThrow(RangeError);
    expect(() => attackTypeLocation("uppercut" as never, 0)).toThrow(RangeError);
    expect(fudgeApi.attackTypeLocation("brawlKick", 2)).toBe("groin");
  });

  it("the dialog reads a row of the table, or the random table for the old checkbox's value", () => {
    expect(attackChoices(input, [["location", "brawlJab"]])).toMatchObject({ location: true, attackType: "brawlJab" });
    expect(attackChoices(input, [["location", "on"]])).toMatchObject({ location: true, attackType: null });
    expect(attackChoices(input, [["location", ""]])).toMatchObject({ location: false, attackType: null });
    expect(dialogView(input).attackGroups.map((g) => g.types.length)).toEqual([3, 2, 3, 5]);
  });

  it("the rules journal prints the same table", () => {
    const journal = JSON.parse(
      readFileSync(new URL("../../src/rulesets/fudge/packs/tables/fudge-at-the-table.json", import.meta.url), "utf8"),
    ) as { pages: Array<{ name: string; text: { content: string } }> };
    const html = journal.pages.find((p) => p.name === "Hit location")!.text.content;
    const rows = [...html.matchAll(/<tr><td>([^<]+)<\/td>((?:<td>[^<]+<\/td>){9})<\/tr>/g)].map((m) =>
      [...m[2]!.matchAll(/<td>([^<]+)<\/td>/g)].map((c) => c[1]!.toLowerCase()),
    );
    const types = Object.values(ATTACK_TYPE_GROUPS).flat();
    expect(rows).toEqual(types.map((t) => ATTACK_TYPE_TABLE[t].map((part) => part)));
  });
});
