import { describe, expect, it } from "vitest";
import { api } from "../../src/api";

// heroes-of-destiny.txt: the special actions' "Requirements" lines, through the public rules
// (`api.rules.hod`): what the sheet's flow and the GM's apply both ask.

const hod = api.rules.hod;
const key = (k: string) => `ANTHOLOGY.HoD.Requirement.${k}`;

describe("Heroes of Destiny: size categories", () => {
  it("reads a size modifier as a category: Medium 0, each larger +1, each smaller −1", () => {
    expect([8, 4, 2, 1, 0, -1, -2, -4, -8].map(hod.sizeCategory)).toEqual([-4, -3, -2, -1, 0, 1, 2, 3, 4]);
    // Between two steps, the one nearer Medium; past Colossal and Fine, still the last.
    expect([3, -3, 6, -6, -16, 16].map(hod.sizeCategory)).toEqual([-2, 2, -3, 3, 4, -4]);
    // Unreadable counts as Medium.
    expect(hod.sizeCategory("huge")).toBe(0);
  });

  it('"Target must be no more than one size category larger than you": Large is in reach of Medium, Huge is not; smaller always is', () => {
    expect(hod.withinOneSizeLarger(0, -1)).toBe(true);
    expect(hod.withinOneSizeLarger(0, -2)).toBe(false);
    expect(hod.withinOneSizeLarger(1, -1)).toBe(false);
    expect(hod.withinOneSizeLarger(-1, -2)).toBe(true);
    expect(hod.withinOneSizeLarger(0, 8)).toBe(true);
    for (const action of ["grab", "tackle", "trip"]) {
      expect(hod.specialRequirement(action, { performerSize: 0, targetSize: -2 })).toBe(key("size"));
      expect(hod.specialRequirement(action, { performerSize: 0, targetSize: -1, previousAct: "move" })).toBeNull();
    }
    // Other actions have no size limit.
    expect(hod.specialRequirement("bullRush", { performerSize: 1, targetSize: -8 })).toBeNull();
  });
});

describe("Heroes of Destiny: the special actions' requirements", () => {
  it('Coup de Grace "Requirements: Target must be helpless": a helpless status, paralysis at three times Vigor, full petrification', () => {
    expect(hod.specialRequirement("coupDeGrace", { targetHelpless: false })).toBe(key("helpless"));
    expect(hod.specialRequirement("coupDeGrace", { targetHelpless: true })).toBeNull();
    for (const statuses of [["unconscious"], ["sleep"], ["paralysis"], ["restrain"]]) {
      expect(hod.isHelplessTarget({ statuses })).toBe(true);
    }
    // "If your total paralysis damage is three times your Vigor or more, you are completely immobile and unable to move or act."
    expect(hod.isHelplessTarget({ paralysis: 42, vigor: 14 })).toBe(true);
    expect(hod.isHelplessTarget({ paralysis: 41, vigor: 14 })).toBe(false);
    expect(hod.isHelplessTarget({ petrification: 10 })).toBe(true);
    expect(hod.isHelplessTarget({ petrification: 9 })).toBe(false);
    // Held or pinned is immobile, not helpless: it still fights.
    expect(hod.isHelplessTarget({ statuses: ["hod-grabbed", "hod-stapled", "prone"], grabbed: true })).toBe(false);
  });

  it('Tackle "your previous action must have been to move towards the target": a Move on the Time Count; nothing recorded is the table\'s', () => {
    expect(hod.specialRequirement("tackle", { previousAct: "attack" })).toBe(key("moveFirst"));
    expect(hod.specialRequirement("tackle", { previousAct: null })).toBe(key("moveFirst"));
    expect(hod.specialRequirement("tackle", { previousAct: "move" })).toBeNull();
    expect(hod.specialRequirement("tackle", {})).toBeNull();
    expect(hod.specialRequirement("trip", { previousAct: "attack" })).toBeNull();
  });

  it('Grab "Cannot be wielding a two-handed weapon or tower shield"', () => {
    expect(hod.specialRequirement("grab", { twoHanded: true })).toBe(key("twoHanded"));
    expect(hod.specialRequirement("grab", { towerShield: true })).toBe(key("towerShield"));
    expect(hod.specialRequirement("grab", { twoHanded: false, towerShield: false })).toBeNull();
    // Only a grab asks it.
    expect(hod.specialRequirement("trip", { twoHanded: true, towerShield: true })).toBeNull();
    expect(hod.isTowerShield({ name: "Tower shield", shield: 4 })).toBe(true);
    expect(hod.isTowerShield({ name: "Round shield", shield: 2 })).toBe(false);
    expect(hod.isTowerShield({ name: "Tower of plate", shield: 0 })).toBe(false);
  });

  it('Staple "you must be using a piercing weapon"', () => {
    expect(hod.specialRequirement("staple", { damageType: "slashing" })).toBe(key("piercing"));
    expect(hod.specialRequirement("staple", { damageType: null })).toBe(key("piercing"));
    expect(hod.specialRequirement("staple", { damageType: "piercing" })).toBeNull();
    expect(hod.specialRequirement("disarm", { damageType: "slashing" })).toBeNull();
  });
});

describe("Heroes of Destiny: disarm", () => {
  it('"The target releases a held item and drops it to the ground": a weapon in hand, a two-handed one first, never a fist, claw or spell', () => {
    const w = (name: string, extra: Record<string, unknown> = {}) => ({
      id: name,
      name,
      category: "lightSwords",
      equipped: true,
      ...extra,
    });
    expect(hod.disarmedWeapon([w("Rapier"), w("Dagger")])?.name).toBe("Dagger");
    expect(hod.disarmedWeapon([w("Dagger"), w("Greatsword", { twoHanded: true })])?.name).toBe("Greatsword");
    expect(hod.disarmedWeapon([w("Dagger", { equipped: false }), w("Rapier")])?.name).toBe("Rapier");
    expect(
      hod.disarmedWeapon([
        w("Fists", { category: "unarmed" }),
        w("Claws", { category: "natural" }),
        w("Fireball", { category: "spell" }),
      ]),
    ).toBeNull();
    const hit = hod.specialEffects("disarm", [{ key: "ANTHOLOGY.HoD.Special.disarm.hit" }]);
    expect(hit.disarm).toBe(true);
    expect(hod.specialEffects("disarm", []).disarm).toBe(false);
  });
});
