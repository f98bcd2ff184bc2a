import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { crowdingOf, entryOrder, spaceEntry, spaceShare, spacesOf } from "../../src/rulesets/hod/rules/spaces";
import { sizeCategory as sizeCategoryOf } from "../../src/rulesets/hod/rules/requirements";

// heroes-of-destiny.txt: Entering a Space Simultaneously, Moving Through Occupied Spaces, Fighting in
// Occupied Spaces. Sizes are size modifiers: 0 Medium (Normal), +1 Small (a halfling), −1 Large (a troll).

const HUMAN = 0;
const HALFLING = 1;
const TROLL = -1;

describe("Heroes of Destiny occupied spaces (rules)", () => {
  it('"Normal-sized creatures count as one each, and Large or larger creatures count as three ... Small creatures count as half, Tiny ... one fourth, Diminutive ... one eighth, and Fine ... one sixteenth"', () => {
    expect([0, 1, 2, 4, 8, -1, -2, -8].map(spaceShare)).toEqual([1, 0.5, 0.25, 0.125, 0.0625, 3, 3, 3]);
    expect([0, 1, 2, 3, 4, 8, -1, -4].map(sizeCategoryOf)).toEqual([0, -1, -2, -2, -3, -4, 1, 3]);
  });

  it('"A single space cannot hold more than 4 Normal-sized creatures or the equivalent"', () => {
    expect(spaceEntry([HUMAN, HUMAN, HUMAN], HUMAN).fits).toBe(true);
    expect(spaceEntry([HUMAN, HUMAN, HUMAN, HUMAN], HALFLING).fits).toBe(false);
    expect(spaceEntry([TROLL], HUMAN).fits).toBe(true);
    expect(spaceEntry([TROLL, HUMAN], HALFLING).fits).toBe(false);
  });

  it('"Creatures that are at least two size categories larger or smaller than you cannot prevent you from entering their space"', () => {
    // The troll cannot keep the halflings out, nor they it; a human may refuse either.
    expect(spaceEntry([TROLL, HUMAN], HALFLING).mayRefuse).toEqual([1]);
    expect(spaceEntry([HALFLING, HALFLING], TROLL).mayRefuse).toEqual([]);
    expect(spaceEntry([HALFLING], HUMAN).mayRefuse).toEqual([0]);
  });

  it('"Two halflings may enter and fight freely in a single space ... Three or four halflings, or two humans, may fight in a single space with a -4 penalty to hit. More than this cannot fight"', () => {
    expect(crowdingOf(HALFLING, [HALFLING])).toBe("free");
    expect(crowdingOf(HALFLING, [HALFLING, HALFLING])).toBe("crowded");
    expect(crowdingOf(HALFLING, [HALFLING, HALFLING, HALFLING])).toBe("crowded");
    expect(crowdingOf(HUMAN, [HUMAN])).toBe("crowded");
    expect(crowdingOf(HALFLING, [HALFLING, HALFLING, HALFLING, HALFLING])).toBe("packed");
    expect(crowdingOf(HUMAN, [HUMAN, HUMAN])).toBe("packed");
    expect(crowdingOf(HUMAN, [])).toBe("free");
  });

  it('"up to two halflings and a troll (size Large) may occupy the same space and all fight at full effectiveness"', () => {
    expect(crowdingOf(HALFLING, [HALFLING, TROLL])).toBe("free");
    expect(crowdingOf(TROLL, [HALFLING, HALFLING])).toBe("free");
    // "only creatures within one size category count": a human beside the troll counts its 3.
    expect(crowdingOf(HUMAN, [TROLL])).toBe("packed");
  });

  it('"the one with the fastest movement rate is assumed to have entered first. If there is a tie, then the winner is the one with the highest Dexterity. If that ties, then the winner is determined randomly"', () => {
    const movers = [
      { id: "dwarf", speed: 15, dexterity: 3 },
      { id: "elf", speed: 25, dexterity: 1 },
      { id: "human", speed: 20, dexterity: 2 },
      { id: "twin", speed: 20, dexterity: 2 },
      { id: "quick", speed: 20, dexterity: 4 },
    ];
    expect(entryOrder(movers, [0, 0, 3, 5, 0])).toEqual(["elf", "quick", "twin", "human", "dwarf"]);
    expect(entryOrder(movers, [0, 0, 6, 5, 0])).toEqual(["elf", "quick", "human", "twin", "dwarf"]);
  });

  it("maps a token onto the grid spaces it covers (the spaces that decide who shares one)", () => {
    expect(spacesOf({ x: 200, y: 100, width: 1, height: 1 }, 100)).toEqual(["2,1"]);
    expect(spacesOf({ x: 200, y: 100, width: 2, height: 2 }, 100)).toEqual(["2,1", "2,2", "3,1", "3,2"]);
    expect(spacesOf({ x: 200, y: 100, width: 0.5, height: 0.5 }, 100)).toEqual(["2,1"]);
  });

  it("is public as api.rules.hod", () => {
    const hod = api.rules.hod as unknown as Record<string, unknown>;
    expect(hod.crowdingOf).toBe(crowdingOf);
    expect([hod.spaceCapacity, hod.crowdedPenalty]).toEqual([4, -4]);
    for (const name of ["spaceSizeCategory", "spaceShare", "spaceEntry", "entryOrder", "spacesOf"]) {
      expect(typeof hod[name]).toBe("function");
    }
  });
});
