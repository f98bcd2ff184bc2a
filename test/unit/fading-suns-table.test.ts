import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Issue 29's Fading Suns items, rule by rule: each test quotes the line of fading-suns.txt (or of
// shared/rules/README.md's decisions) it checks; every number worked out by hand.
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("Fading Suns: the Vitality track is ours", () => {
  it('"Fading Suns: the Vitality wound track is our decision, not the text\'s; say so wherever it shows"', () => {
    const lang = JSON.parse(read("src/rulesets/fading-suns/lang/en.json")) as {
      ANTHOLOGY: { FadingSuns: { Settings: { woundPenalties: { hint: string } }; Sheet: { trackHint: string } } };
    };
    const { Settings, Sheet } = lang.ANTHOLOGY.FadingSuns;
    expect(Settings.woundPenalties.hint).toContain("Anthology's decision: the text prints no wound track");
    expect(Settings.woundPenalties.hint).not.toMatch(/the text:|the text's/);
    expect(Sheet.trackHint).toContain("Anthology's decision (the text prints none)");
    expect(read("src/rulesets/fading-suns/templates/sheets/header.hbs")).toContain(
      "ANTHOLOGY.FadingSuns.Sheet.trackHint",
    );
    const doc = read("docs/fading-suns.md");
    expect(doc).toContain("our decision, not the text's: the text prints no wound track");
    expect(doc).not.toMatch(/\(the text's: −2 at 5 left/);
    expect(read("docs/rules-decisions.md")).not.toMatch(/leaves the\s+text's track/);
  });
});
