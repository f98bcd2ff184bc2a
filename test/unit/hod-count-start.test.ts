import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import type { StanceChange } from "../../src/rulesets/hod/rules/count-start";

// shared/rules/README.md, Heroes of Destiny: "Hits on the same Time Count: every die of that count is
// rolled first; each hit is then judged against the target as it stood at the start of the count".
const hod = api.rules.hod;
const standing = { stance: "", shifting: false };
const prone = { stance: "prone", shifting: false };

describe("Heroes of Destiny: the target as it stood at the start of a count", () => {
  it('"each hit is then judged against the target as it stood at the start of the count": a trip of the same count is not met', () => {
    const tripped = hod.withStanceChange([], { combat: "c1", tc: 6 }, standing);
    // A hit of TC 6 meets the goblin standing; one of TC 7 meets it prone; without a count, as it is now.
    expect(hod.stanceAtCount(prone, tripped, { combat: "c1", tc: 6 })).toEqual(standing);
    expect(hod.stanceAtCount(prone, tripped, { combat: "c1", tc: 7 })).toEqual(prone);
    expect(hod.stanceAtCount(prone, tripped, null)).toEqual(prone);
    // A hit of an earlier count applied late meets it standing too; another combat's change is not this one's.
    expect(hod.stanceAtCount(prone, tripped, { combat: "c1", tc: 4 })).toEqual(standing);
    expect(hod.stanceAtCount(prone, tripped, { combat: "c2", tc: 6 })).toEqual(prone);
  });

  it("takes the stance before the first change applied on that count or later", () => {
    // Tripped at TC 6 from Crouch, up again unrecorded, tripped at TC 9 from standing.
    let changes: StanceChange[] = hod.withStanceChange(
      [],
      { combat: "c1", tc: 6 },
      { stance: "crouch", shifting: false },
    );
    changes = hod.withStanceChange(changes, { combat: "c1", tc: 9 }, standing);
    expect(hod.stanceAtCount(prone, changes, { combat: "c1", tc: 6 })).toEqual({ stance: "crouch", shifting: false });
    expect(hod.stanceAtCount(prone, changes, { combat: "c1", tc: 8 })).toEqual(standing);
    expect(hod.stanceAtCount(prone, changes, { combat: "c1", tc: 10 })).toEqual(prone);
  });

  it("leaves out the effects made on that count or later (a grab's immobility, a distraction)", () => {
    const links = [
      { kind: "grabbed", since: 6 },
      { kind: "distracted", since: 3 },
      { kind: "grabbed", since: null },
    ];
    expect(hod.linksAtCount(links, { combat: "c1", tc: 6 })).toEqual([links[1], links[2]]);
    expect(hod.linksAtCount(links, { combat: "c1", tc: 7 })).toEqual(links);
    expect(hod.linksAtCount(links, null)).toEqual(links);
  });

  it("reads the stored changes as untrusted: anything malformed is dropped, at most eight kept", () => {
    const ok = { combat: "c1", tc: 6, before: { stance: "crouch", shifting: true } };
    expect(hod.readStanceChanges(JSON.stringify([ok, { combat: 1, tc: 6 }, { combat: "c", tc: "x" }, null]))).toEqual([
      ok,
    ]);
    expect(hod.readStanceChanges("{not json")).toEqual([]);
    expect(hod.readStanceChanges({})).toEqual([]);
    let many: StanceChange[] = [];
    for (let tc = 1; tc <= 10; tc++) many = hod.withStanceChange(many, { combat: "c1", tc }, standing);
    expect(many.map((c) => c.tc)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(hod.readStanceChanges(JSON.stringify(many))).toHaveLength(8);
  });
});
