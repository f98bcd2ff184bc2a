import { describe, expect, it } from "vitest";
import {
  attackChoices,
  attackLine,
  dialogView,
  responseChoices,
  type FudgeDialogInput,
} from "../../src/rulesets/fudge/chat/dialog-form";
import {
  afterBattleTrue,
  healTrack,
  healTrue,
  markTrue,
  mayTakeStance,
  storedTruth,
  trueWoundsOf,
} from "../../src/rulesets/fudge/rules/play";
import { FUDGE_MIGRATIONS } from "../../src/rulesets/fudge/migrations";
import { MIGRATIONS } from "../../src/migrations";
import { stunOnRecord } from "../../src/rulesets/fudge/data/source";

// Issue 29's FUDGE fixes (fudge.txt, Yoki's combat): the pure rules and the dialogs' plain-data side.

const defendInput = (stanceLocked: boolean): FudgeDialogInput => ({
  kind: "response",
  mode: "defend",
  traits: [],
  trait: { kind: "situational" },
  penalty: -1,
  stance: "defensive",
  stanceLocked,
  weapons: [],
});

describe("FUDGE: a stunned fighter keeps its stance", () => {
  it('"a stunned character cannot attack or change his combat stance"', () => {
    expect(mayTakeStance(1, "defensive", "defensive")).toBe(true);
    expect(mayTakeStance(1, "defensive", "violent")).toBe(false);
    expect(mayTakeStance(2, "normal", "protective")).toBe(false);
    expect(mayTakeStance(0, "normal", "violent")).toBe(true);
  });

  it("the Defend dialog offers no other stance to a stunned defender", () => {
    expect(responseChoices(defendInput(true), [["stance", "violent"]]).stance).toBe("defensive");
    expect(responseChoices(defendInput(false), [["stance", "violent"]]).stance).toBe("violent");
    expect(dialogView(defendInput(true)).stanceLocked).toBe(true);
    expect(dialogView(defendInput(false)).stanceLocked).toBe(false);
  });
});

describe("FUDGE: a Stun result is kept apart from its rounds", () => {
  it('"the Stun result stays on the character sheet"', () => {
    const actor = (system: Record<string, unknown>) => ({ system }) as never;
    expect(stunOnRecord(actor({ stunned: 0, stunTaken: false }))).toBe(false);
    expect(stunOnRecord(actor({ stunned: 1, stunTaken: false }))).toBe(true);
    // Cleared when its round was over, still on the sheet.
    expect(stunOnRecord(actor({ stunned: 0, stunTaken: true }))).toBe(true);
    // An actor stored before the record existed reads as the stun it shows.
    expect(stunOnRecord(actor({ stunned: 0 }))).toBe(false);
  });
});

describe("FUDGE: the wound track notes each wound's true level", () => {
  const none = trueWoundsOf({});

  it('"make a note that it was in fact only a Light Wound ... This will affect your healing"', () => {
    // Three Light wounds: the third takes the Major box, noted Light.
    let truth = none;
    for (let i = 0; i < 3; i++) truth = markTrue(truth, "light").truth;
    expect(truth).toMatchObject({ light: ["light", "light"], major: ["light"] });
    expect(storedTruth(truth)).toMatchObject({
      wounds: { scratch: 0, light: 2, major: 1 },
      trueWounds: { light: "light,light", major: "light" },
    });
    // A week of rest heals each one level from what it truly was: three Scratches (the old track,
    // reading the Major box as a Major wound, left a Light wound).
    expect(storedTruth(healTrue(truth, 1)).wounds).toEqual({ scratch: 3, light: 0, major: 0, critical: 0, coma: 0 });
    expect(healTrack(storedTruth(truth).wounds, 1)).toMatchObject({ scratch: 2, light: 1 });
    // Two levels heal them all.
    expect(storedTruth(healTrue(truth, 2)).wounds).toEqual({ scratch: 0, light: 0, major: 0, critical: 0, coma: 0 });
  });

  it("heals a Scratch that overflowed into a Light box after the battle, and keeps real wounds where they are", () => {
    let truth = none;
    for (const w of ["scratch", "scratch", "scratch", "scratch", "major"] as const) truth = markTrue(truth, w).truth;
    expect(truth).toMatchObject({ scratch: ["scratch", "scratch", "scratch"], light: ["scratch"], major: ["major"] });
    expect(storedTruth(afterBattleTrue(truth)).wounds).toEqual({
      scratch: 0,
      light: 0,
      major: 1,
      critical: 0,
      coma: 0,
    });
  });

  it("reads a box without a note at its own level, and no note above its box", () => {
    expect(trueWoundsOf({ light: 2, major: 1 }, { major: "" })).toMatchObject({
      light: ["light", "light"],
      major: ["major"],
    });
    expect(trueWoundsOf({ light: 1, major: 1 }, { light: "critical", major: "scratch,light" })).toMatchObject({
      light: ["light"],
      major: ["scratch"],
    });
  });
});

describe("FUDGE migration 7: the true levels of an old track", () => {
  const step = FUDGE_MIGRATIONS[7]!.actor!;

  it("is the world's migration 7", () => {
    const seventh = MIGRATIONS.find((m) => m.version === 7);
    expect(seventh?.name).toMatch(/FUDGE/);
    const actor = {
      type: "fudge-character",
      system: { wounds: { scratch: 0, light: 1, major: 0, critical: 0, coma: 0 } },
    };
    seventh!.actor!(actor);
    expect(actor.system).toHaveProperty("trueWounds");
  });

  it("notes each marked box of an old track at its own level", () => {
    // An actor as stored before version 7: counts only.
    const old: { type: string; system: Record<string, unknown> } = {
      type: "fudge-character",
      system: { wounds: { scratch: 3, light: 2, major: 1, critical: 0, coma: 0 }, stunned: 0 },
    };
    step(old);
    expect(old.system).toEqual({
      wounds: { scratch: 3, light: 2, major: 1, critical: 0, coma: 0 },
      stunned: 0,
      trueWounds: { scratch: "scratch,scratch,scratch", light: "light,light", major: "major" },
    });
    // The Major box reads as a Major wound, as the old track did.
    expect(trueWoundsOf(old.system.wounds as never, old.system.trueWounds as never).major).toEqual(["major"]);
  });

  it("keeps notes already written, and leaves unhurt actors and other rule sets alone", () => {
    const noted = { type: "fudge-npc", system: { wounds: { light: 2, major: 1 }, trueWounds: { major: "light" } } };
    step(noted);
    expect(noted.system.trueWounds).toEqual({ major: "light", light: "light,light" });
    const unhurt = { type: "fudge-npc", system: { wounds: { scratch: 0, light: 0 } } };
    step(unhurt);
    expect(unhurt.system).toEqual({ wounds: { scratch: 0, light: 0 } });
    const fade = { type: "fade-character", system: { wounds: { light: 2 } } };
    step(fade);
    expect(fade.system).toEqual({ wounds: { light: 2 } });
  });
});

describe("FUDGE: the ranged dialog's difficulty and odds", () => {
  const bow = (rangedTarget: FudgeDialogInput["rangedTarget"]): FudgeDialogInput => ({
    kind: "attack",
    traits: [{ value: "skill:archery", label: "Archery", localize: false, level: 1 }],
    trait: { kind: "skill", id: "archery" },
    penalty: 0,
    stance: "normal",
    ranged: true,
    rangedTarget,
    opponent: null,
    self: null,
  });
  const form = (over: Record<string, string>): Array<[string, string]> =>
    Object.entries({ trait: "skill:archery", range: "medium", difficulty: "2", ...over });

  it('"Target in medium range = Fair", "Target is obscured by cover = -1": a Good archer at a covered, unaware target', () => {
    const input = bow({ shield: 0, relativeScale: 0, dodge: 0 });
    // The extreme select still reads Great; at medium range it does not count.
    const c = attackChoices(input, form({ cover: "on", unopposed: "on" }));
    expect(c.difficulty).toBe(0);
    // Good − 1 for cover against Fair: 4dF ≥ 0, 50 of 81.
    expect(attackLine(input, c).data.chance).toBe("61.7%");
    expect(attackLine(input, c).vs).toBe(0);
    // Close Mediocre, far Good; extreme "Great or higher" takes the select.
    expect(attackChoices(input, form({ range: "close" })).difficulty).toBe(-1);
    expect(attackChoices(input, form({ range: "far" })).difficulty).toBe(1);
    expect(attackChoices(input, form({ range: "extreme", difficulty: "4" })).difficulty).toBe(4);
    expect(attackChoices(input, form({ range: "extreme", difficulty: "0" })).difficulty).toBe(2);
  });

  it('"Aiming for one round = +1", "deduct the shield\'s size", relative Scale: all in the odds', () => {
    // Good + 1 aiming − 1 darkness − 2 sprinting − 2 large shield + 1 Scale = −2 against Fair: 4dF ≥ 2, 15 of 81.
    const input = bow({ shield: 2, relativeScale: 1, dodge: 0 });
    const c = attackChoices(input, form({ aiming: "on", darkness: "on", sprinting: "on", unopposed: "on" }));
    expect(attackLine(input, c).data.chance).toBe("18.5%");
    // Dodged: the same offense must beat the dodge and reach Fair.
    const plain = bow({ shield: 0, relativeScale: 0, dodge: -2 });
    const dodged = attackLine(plain, attackChoices(plain, form({})));
    expect(dodged.key).toBe("ANTHOLOGY.Fudge.Dialog.oddsHit");
    expect(dodged.vs).toBeNull();
  });
});
