import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { judgeAttack, type HodAttackResult, type HodDefense } from "../../src/rulesets/hod/rules/attack";
import {
  distractedDefense,
  effectModifiers,
  expiresWhenActing,
  grabRequirement,
  grabbedCastDc,
  grabbedRefusal,
  hasEffects,
  readEffectLink,
  specialEffects,
  type HodEffectLink,
} from "../../src/rulesets/hod/rules/effects";
import { attackModifierTotal } from "../../src/rulesets/hod/rules/modifiers";
import { specialAction, specialOutcomes } from "../../src/rulesets/hod/rules/special-actions";

const judged = (total: number, defenses: Partial<Record<HodDefense, number>>, natural = 10) =>
  Object.fromEntries(
    Object.entries(defenses).map(([d, value]) => [d, judgeAttack({ natural, total, defense: value! })]),
  ) as Partial<Record<HodDefense, HodAttackResult>>;

/** The effects of an action rolled at `total` (natural `natural`) against these defenses. */
const effectsOf = (
  action: string,
  total: number,
  defenses: Partial<Record<HodDefense, number>>,
  natural = 10,
  options = {},
) => specialEffects(action, specialOutcomes(specialAction(action)!, judged(total, defenses, natural)), options);

const link = (over: Partial<HodEffectLink>): HodEffectLink => ({
  kind: "grabbed",
  other: "B",
  endsOn: null,
  since: null,
  strong: false,
  against: null,
  ...over,
});

describe("Heroes of Destiny: effects lasting until the next action", () => {
  it("ends when the named actor acts after the count that made it", () => {
    const feint = { endsOn: "A", since: 10 };
    // The feint at TC 10 is recorded at TC 10: not its end. A's next action, at TC 14, ends it.
    expect(expiresWhenActing(feint, "A", 10)).toBe(false);
    expect(expiresWhenActing(feint, "A", 14)).toBe(true);
    // Anyone else acting leaves it.
    expect(expiresWhenActing(feint, "B", 14)).toBe(false);
    // Made outside a count: the actor's next action ends it.
    expect(expiresWhenActing({ endsOn: "A", since: null }, "A", 3)).toBe(true);
    // A grab names nobody: no action ends it.
    expect(expiresWhenActing({ endsOn: null, since: null }, "A", 3)).toBe(false);
  });

  it("reads a stored link as untrusted data", () => {
    expect(readEffectLink({ kind: "feinting", other: "B", endsOn: "A", since: 12, strong: true })).toEqual({
      kind: "feinting",
      other: "B",
      endsOn: "A",
      since: 12,
      strong: true,
      against: null,
      critical: false,
    });
    expect(readEffectLink({ kind: "hexed", other: "B" })).toBeNull();
    expect(readEffectLink({ kind: "grabbed" })).toBeNull();
    expect(readEffectLink(null)).toBeNull();
    expect(readEffectLink({ kind: "distracted", other: "C", since: Number.NaN, against: "all" })).toMatchObject({
      since: null,
      against: null,
    });
  });

  it("is public on api.rules.hod", () => {
    expect(api.rules.hod.expiresWhenActing({ endsOn: "A", since: 1 }, "A", 2)).toBe(true);
    expect(api.rules.hod.effectStatuses.map((s) => s.id)).toEqual([
      "hod-grabbed",
      "hod-grabbing",
      "hod-feinting",
      "hod-distracted",
    ]);
  });
});

describe("Heroes of Destiny: what the special actions' outcomes do", () => {
  it("grab: a hit grabs; beating Celerity by 5 makes the grab strong", () => {
    // Grab is Unarmed vs. Celerity: 14 against 12 hits by 2, 17 against 12 by 5.
    expect(effectsOf("grab", 14, { celerity: 12 }).grab).toEqual({ strong: false, critical: false });
    expect(effectsOf("grab", 17, { celerity: 12 }).grab).toEqual({ strong: true, critical: false });
    // A natural 20 that beats Celerity 12 (20 + 5 = 25): the Critical Success, strong as well.
    expect(effectsOf("grab", 25, { celerity: 12 }, 20).grab).toEqual({ strong: true, critical: true });
    expect(effectsOf("grab", 11, { celerity: 12 }).grab).toBeNull();
    expect(hasEffects(effectsOf("grab", 11, { celerity: 12 }))).toBe(false);
  });

  it("break and escape: a hit ends the grab", () => {
    expect(effectsOf("escapeGrab", 13, { celerity: 13 }).release).toBe("escape");
    expect(effectsOf("breakGrab", 15, { vigor: 14 }).release).toBe("break");
    expect(effectsOf("breakGrab", 13, { vigor: 14 }).release).toBeNull();
  });

  it("drag's Great Success offers to break the grab; a shunt's hit offers the free attack", () => {
    // Drag is Strength − 2 vs. Vigor: 16 against 12 hits by 4, 17 beats it by 5.
    expect(effectsOf("drag", 16, { vigor: 12 }).mayBreak).toBe(false);
    expect(effectsOf("drag", 17, { vigor: 12 })).toMatchObject({ mayBreak: true, release: null });
    expect(hasEffects(effectsOf("drag", 17, { vigor: 12 }))).toBe(true);
    // Shunt is Strength vs. Vigor: a hit by 0 offers it, a miss does not.
    expect(effectsOf("shunt", 12, { vigor: 12 }).mayShunt).toBe(true);
    expect(effectsOf("shunt", 11, { vigor: 12 }).mayShunt).toBe(false);
    // The follow-ups: breaking the drag's grab ends the target's grab on the performer; letting go of
    // the shunted target ends the performer's grab, and the free attack's hit (vs. Celerity) knocks prone.
    expect(specialEffects("dragBreak", []).release).toBe("escape");
    expect(effectsOf("shuntTrip", 14, { celerity: 14 })).toMatchObject({ release: "letGo", prone: true });
    expect(effectsOf("shuntTrip", 13, { celerity: 14 })).toMatchObject({ release: "letGo", prone: false });
  });

  it("prone: trip, tackle and the throw's Hit Celerity knock the target prone", () => {
    expect(effectsOf("trip", 12, { vigor: 12 }).prone).toBe(true);
    const tackle = effectsOf("tackle", 12, { vigor: 12 });
    expect(tackle).toMatchObject({ prone: true, mayGrab: true });
    // Throw: 15 beats Celerity 14 but not Vigor 16: prone only; the other way round, no fall.
    expect(effectsOf("throw", 15, { vigor: 16, celerity: 14 }).prone).toBe(true);
    expect(effectsOf("throw", 15, { vigor: 14, celerity: 16 }).prone).toBe(false);
  });

  it("feint: +2 to hit on a hit, +2 damage too when it beats Spirit by 5", () => {
    expect(effectsOf("feint", 13, { spirit: 12 }).feint).toEqual({ damage: false });
    expect(effectsOf("feint", 17, { spirit: 12 }).feint).toEqual({ damage: true });
  });

  it("distract: the side the performer chose, both on a critical", () => {
    expect(effectsOf("distract", 13, { spirit: 12 }).distract).toEqual({ against: "attack" });
    expect(effectsOf("distract", 13, { spirit: 12 }, 10, { distractAgainst: "defense" }).distract).toEqual({
      against: "defense",
    });
    // A natural 20 hits and is a critical: both.
    expect(effectsOf("distract", 25, { spirit: 12 }, 20, { distractAgainst: "defense" }).distract).toEqual({
      against: "both",
    });
  });

  it("coup de grâce: a follow-up unless the target is immune to critical hits", () => {
    expect(effectsOf("coupDeGrace", 20, { passive: 10 }).followUp).toBe(true);
    expect(effectsOf("coupDeGrace", 20, { passive: 10 }, 10, { immuneToCriticals: true }).followUp).toBe(false);
    expect(effectsOf("coupDeGrace", 9, { passive: 10 }).followUp).toBe(false);
  });
});

describe("Heroes of Destiny: wrestling requirements from the grab statuses", () => {
  const state = { grabbedBy: ["G"], grabbing: ["V"], targetGrabs: false };
  it("drag and escape need a grab by the target", () => {
    expect(grabRequirement("escapeGrab", state, "G")).toBeNull();
    expect(grabRequirement("drag", state, "V")).toBe("ANTHOLOGY.HoD.Effects.needsGrabbedBy");
  });
  it("grapple, shunt and throw need the performer's grab on the target", () => {
    expect(grabRequirement("throw", state, "V")).toBeNull();
    expect(grabRequirement("grapple", state, "G")).toBe("ANTHOLOGY.HoD.Effects.needsGrabbing");
  });
  it("break grab needs a target that grabs someone; other actions need nothing", () => {
    expect(grabRequirement("breakGrab", state, "X")).toBe("ANTHOLOGY.HoD.Effects.needsTargetGrabbing");
    expect(grabRequirement("breakGrab", { ...state, targetGrabs: true }, "X")).toBeNull();
    expect(grabRequirement("trip", state, "X")).toBeNull();
  });
});

describe("Heroes of Destiny: what a grab stops", () => {
  const grabbed = [link({ kind: "grabbed", other: "G" })];
  const critical = [link({ kind: "grabbed", other: "G", critical: true })];

  it("a grabbed actor is immobilized: no move (so no running or sprinting)", () => {
    expect(grabbedRefusal(grabbed, "move")).toBe("ANTHOLOGY.HoD.Effects.immobilized");
    expect(grabbedRefusal(grabbed, "attack")).toBeNull();
    expect(grabbedRefusal(grabbed, "cast")).toBeNull();
    // Grabbing someone leaves the grabber free to act (it must stay adjacent: the table's part).
    expect(grabbedRefusal([link({ kind: "grabbing", other: "T" })], "move")).toBeNull();
    expect(grabbedRefusal([], "move")).toBeNull();
  });

  it("a critical grab stops attacks and spells with somatic components", () => {
    expect(grabbedRefusal(critical, "attack")).toBe("ANTHOLOGY.HoD.Effects.noAttack");
    expect(grabbedRefusal(critical, "cast")).toBe("ANTHOLOGY.HoD.Effects.noSomatic");
    expect(grabbedRefusal(critical, "cast", true)).toBeNull();
    expect(readEffectLink({ kind: "grabbed", other: "G", critical: true })?.critical).toBe(true);
    expect(readEffectLink({ kind: "grabbed", other: "G", critical: "yes" })?.critical).toBe(false);
  });

  it("a grabbed caster's Arcana (Con) check: DC 10 + the spell's level", () => {
    // A spell of level 4 (its fatigue cost): DC 14; not grabbed, no check.
    expect(grabbedCastDc(grabbed, 4)).toBe(14);
    expect(grabbedCastDc(grabbed, 0)).toBe(10);
    expect(grabbedCastDc([], 4)).toBeNull();
    expect(api.rules.hod.grabbedCastDc(critical, 2)).toBe(12);
    expect(api.rules.hod.grabbedRefusal(critical, "attack")).toBe("ANTHOLOGY.HoD.Effects.noAttack");
  });
});

describe("Heroes of Destiny: what the effects change on rolls", () => {
  it("a grabbed attacker takes −2, and −4 breaking a strong grab", () => {
    const held = [link({ kind: "grabbed", other: "G", strong: true })];
    expect(effectModifiers(held, "X").ids).toEqual(["grabbed"]);
    const attempt = effectModifiers(held, "G", "escapeGrab").ids;
    expect(attempt).toEqual(["grabbed", "grabHold"]);
    expect(attackModifierTotal(attempt, { melee: true })).toBe(-4);
  });

  it("a feint ticks +2 on the next attack on its target, and +2 damage on a Great Success", () => {
    const feint = [link({ kind: "feinting", other: "T", endsOn: "A", strong: true })];
    expect(effectModifiers(feint, "T")).toEqual({ ids: ["feint"], damage: 2 });
    expect(effectModifiers(feint, "U")).toEqual({ ids: [], damage: 0 });
    expect(attackModifierTotal(["feint"], { melee: true })).toBe(2);
  });

  it("a distraction lowers the attack on the ally, or the defense against it, or both", () => {
    const onAttack = [link({ kind: "distracted", other: "ALLY", against: "attack" })];
    const onBoth = [link({ kind: "distracted", other: "ALLY", against: "both" })];
    expect(effectModifiers(onAttack, "ALLY").ids).toEqual(["distracted"]);
    expect(effectModifiers(onAttack, "OTHER").ids).toEqual([]);
    expect(distractedDefense(onAttack, "ALLY")).toBe(0);
    expect(distractedDefense(onBoth, "ALLY")).toBe(-2);
    expect(distractedDefense(onBoth, "OTHER")).toBe(0);
  });
});

describe("Heroes of Destiny: a staple", () => {
  it('"The target is immobile until the weapon is removed ... an Athletics (Str) check or an Acrobatics (Dex) check. The DC for each is equal to your attack roll"', () => {
    const hod = api.rules.hod;
    const hit = [{ key: "ANTHOLOGY.HoD.Special.staple.hit" }];
    const great = [...hit, { key: "ANTHOLOGY.HoD.Special.staple.great5" }];
    expect(hod.specialEffects("staple", hit).staple).toEqual({ acrobatics: true });
    expect(hod.specialEffects("staple", great).staple).toEqual({ acrobatics: false });
    expect(hod.specialEffects("staple", []).staple).toBeNull();
    expect(hod.stapleEscape("athletics", { attackTotal: 16, acrobatics: true })).toEqual({
      attribute: "strength",
      dc: 16,
    });
    expect(hod.stapleEscape("acrobatics", { attackTotal: 16, acrobatics: true })).toEqual({
      attribute: "dexterity",
      dc: 16,
    });
    // "the target cannot escape with an Acrobatics check"
    expect(hod.stapleEscape("acrobatics", { attackTotal: 19, acrobatics: false })).toBeNull();
    expect(hod.stapleEscape("athletics", { attackTotal: 19, acrobatics: false })).toEqual({
      attribute: "strength",
      dc: 19,
    });
  });
});

describe("Heroes of Destiny: letting go of a grab", () => {
  it('"You can release an opponent at will": the grabber\'s own grab ends, no roll and no time', () => {
    const hod = api.rules.hod;
    expect(hod.specialEffects("releaseGrab", []).release).toBe("letGo");
    const release = hod.specialAction("releaseGrab")!;
    expect(release).toMatchObject({ speed: { kind: "class", speedClass: "free" }, fatigue: 0, outcomes: [] });
    // Never offered in the list of special actions: it follows a grab's row.
    expect(hod.specialActions.map((a: { id: string }) => a.id)).not.toContain("releaseGrab");
  });
});
