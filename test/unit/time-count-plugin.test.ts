import { describe, expect, it } from "vitest";
import { CountMirror, placement, type CombatantFacts } from "../../src/combat/count-mirror";
import { escapeHtml } from "../../src/play/escape";
import { parseActChoice } from "../../src/rulesets/hod/combat/parse-choice";
import { hodTimeCount } from "../../src/rulesets/hod/combat/time-count-actions";

const facts = (id: string, initiative: number | null, extra: Partial<CombatantFacts> = {}): CombatantFacts => ({
  id,
  name: id.toUpperCase(),
  initiative,
  defeated: false,
  flags: {},
  ...extra,
});

describe("Heroes of Destiny's Time Count actions", () => {
  it("parse a choice into a clean copy: known fields only, extras once, fumble a boolean", () => {
    const raw = {
      action: "attack",
      weaponClass: "fast",
      extras: ["concentrate", "concentrate"],
      fumble: true,
      __proto__: { polluted: true },
      speaker: "someone",
      steps: null,
    };
    expect(parseActChoice(raw)).toEqual({
      action: "attack",
      weaponClass: "fast",
      extras: ["concentrate"],
      fumble: true,
    });
    expect(parseActChoice({ action: "custom", speedFactor: 0 })).toEqual({
      action: "custom",
      speedFactor: 0,
      extras: [],
      fumble: false,
    });
  });

  it("plan and settle the SF from the rolled totals, and name the action", () => {
    const choice = parseActChoice({ action: "attack", weaponClass: "standard", fumble: true });
    const plan = hodTimeCount.plan(choice, true);
    expect(plan.formulas).toEqual(["1d6+6", "1d6"]);
    expect(hodTimeCount.settle(plan, [9, 4])).toBe(13);
    expect(hodTimeCount.plan(choice, false).formulas).toEqual(["9", "3"]);
    expect(hodTimeCount.label(choice)).toEqual({ key: "ANTHOLOGY.HoD.Actions.attack" });
    expect(hodTimeCount.flagsAfter(choice)).toEqual({
      unsteady: true,
      moveCount: null,
      lastAction: "attack",
      runPace: null,
    });
    expect(hodTimeCount.flagsOnSurprise(true)).toEqual({ unsteady: true });
  });

  it("cuts short only an action under way the text lets one abandon, to the following count, once", () => {
    const cutShort = hodTimeCount.cutShort!;
    for (const lastAction of ["prepareSpell", "readScroll", "prepare"]) {
      expect(cutShort({ lastAction }, 10)).toEqual({ tc: 11, flags: { lastAction: null } });
    }
    for (const lastAction of ["attack", "drawWeapon", "castSpell", "custom", null, undefined, 42]) {
      expect(cutShort({ lastAction }, 10)).toBeNull();
    }
    expect(hodTimeCount.gmFlags).toContain("lastAction");
  });
});

describe("the live count of a combat", () => {
  it("is built from the combatants, ties in name order, the defeated and unrolled left out, the overdue due now", () => {
    const mirror = new CountMirror(6, [
      facts("b", 6),
      facts("a", 6),
      facts("c", 3),
      facts("d", null),
      facts("e", 9, { defeated: true }),
    ]);
    expect(mirror.count.due()).toEqual(["a", "b", "c"]);
    expect(mirror.size).toBe(5);
    expect(placement(facts("c", 3), 6)).toBe(6);
    expect(mirror.agrees(facts("e", 9, { defeated: true }))).toBe(true);
    expect(mirror.agrees(facts("e", 9))).toBe(false);
  });

  it("follows each change, and stops trusting itself when the count goes back", () => {
    const mirror = new CountMirror(0, [facts("a", 6), facts("b", 7)]);
    mirror.upsert(facts("c", 5));
    mirror.upsert(facts("a", 6, { defeated: true }));
    mirror.remove("b");
    expect(mirror.count.queue).toEqual([{ id: "c", tc: 5 }]);
    mirror.moveTo(5);
    expect(mirror.trusted).toBe(true);
    expect(mirror.known("a")?.defeated).toBe(true);
    mirror.moveTo(2);
    expect(mirror.trusted).toBe(false);
  });

  it("stops trusting itself when asked to move past someone waiting", () => {
    const mirror = new CountMirror(0, [facts("a", 6)]);
    mirror.moveTo(8);
    expect(mirror.trusted).toBe(false);
    expect(mirror.count.current).toBe(0);
  });
});

describe("escaping a name for HTML", () => {
  it("leaves no markup", () => {
    expect(escapeHtml(`Garret <script>alert("x")</script> & 'co'`)).toBe(
      "Garret &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;",
    );
  });
});
