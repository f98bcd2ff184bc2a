import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { formatWoundChart, parseWoundChart, WOUND_CHART } from "../../src/rulesets/opend6/rules";

// OpenD6's tables as a GM edits them (world settings), read back exactly; numbers worked out by hand.
const od6 = api.rules.opend6;

describe("OpenD6 Wound-level chart as a world setting", () => {
  it("writes the default chart as text and reads it back line for line", () => {
    const text = formatWoundChart();
    expect(text).toBe("1 Stunned, 4 Wounded, 9 Severely Wounded, 13 Incapacitated, 16 Mortally Wounded");
    expect(parseWoundChart(text)).toEqual({ chart: WOUND_CHART, unread: [] });
  });

  it("reads an edited chart in any case, spacing and separator, and woundLevel follows it", () => {
    const { chart, unread } = parseWoundChart("6 incapacitated;\n1 WOUNDED ; 3: severely wounded");
    expect(unread).toEqual([]);
    expect(chart).toEqual([
      { from: 1, level: "wounded" },
      { from: 3, level: "severelyWounded" },
      { from: 6, level: "incapacitated" },
    ]);
    // 2 past resistance: Wounded (1-2); 5: Severely Wounded (3-5); 6 and more: Incapacitated.
    expect(od6.woundLevel(2, chart)).toBe("wounded");
    expect(od6.woundLevel(5, chart)).toBe("severelyWounded");
    expect(od6.woundLevel(40, chart)).toBe("incapacitated");
    expect(od6.woundLevel(0, chart)).toBe("none");
  });

  it("leaves out what it cannot read, and falls back to the default with nothing readable", () => {
    expect(parseWoundChart("1 Stunned, 0 Wounded, 4 <b>dead</b>, 5 Stunned, 8 Wounded")).toEqual({
      chart: [
        { from: 1, level: "stunned" },
        { from: 8, level: "wounded" },
      ],
      unread: ["0 Wounded", "4 <b>dead</b>", "5 Stunned"],
    });
    expect(parseWoundChart("nothing here")).toEqual({ chart: WOUND_CHART, unread: ["nothing here"] });
    expect(parseWoundChart("")).toEqual({ chart: WOUND_CHART, unread: [] });
    expect(parseWoundChart(undefined)).toEqual({ chart: WOUND_CHART, unread: [] });
  });
});
