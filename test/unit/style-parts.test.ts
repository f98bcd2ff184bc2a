import path from "node:path";
import { fileURLToPath } from "node:url";
import * as sass from "sass";
import { describe, expect, it } from "vitest";
import { styleEntries } from "../../scripts/lib/sources.mjs";

// The shared SCSS partials (styles/_card-parts, _sheet-parts, _inline-list) that the rule sets'
// card and sheet partials are built from: what each mixin writes, compiled as the build compiles.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const loadPaths = [path.join(root, "styles")];

/** The CSS a snippet compiles to, one rule a line ("selector { a: b; c: d }"), in order. */
function rules(scss: string): string[] {
  const css = sass.compileString(scss, { style: "compressed", loadPaths }).css;
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => `${m[1]!.trim()} { ${m[2]!.split(";").join("; ")} }`);
}

describe("shared style parts", () => {
  it("inline-list: a wrapping row without bullets, its gap a quarter rem unless given", () => {
    expect(rules('@use "inline-list" as *; .a { @include inline-list; } .b { @include inline-list(2px); }')).toEqual([
      ".a { display:flex; flex-wrap:wrap; gap:.25rem; margin:0; padding:0; list-style:none }",
      ".b { display:flex; flex-wrap:wrap; gap:2px; margin:0; padding:0; list-style:none }",
    ]);
  });

  it("card: the health line only where the card names one, last, with the prefix's class", () => {
    const plain = rules('@use "card-parts" as parts; .c { @include parts.card("x"); }');
    const withHealth = rules('@use "card-parts" as parts; .c { @include parts.card("x", $health: "hp"); }');
    expect(plain.some((r) => r.includes("-card-hp"))).toBe(false);
    expect(withHealth.slice(0, -1)).toEqual(plain);
    expect(withHealth.at(-1)).toBe(".c .anthology-x-card-hp { margin:0; font-weight:600; color:var(--anthology-bad) }");
  });

  it("roll-dialog: its own rules first, then the number fields' width, the warning and the odds line", () => {
    const scss = `@use "card-parts" as parts;
      .d { @include parts.roll-dialog("x", $numbers: 4rem) { .own { color: red; } } }
      .e { @include parts.roll-dialog("y"); }`;
    expect(rules(scss)).toEqual([
      ".d { display:flex; flex-direction:column; gap:calc(var(--anthology-gap)/2) }",
      ".d .own { color:red }",
      ".d input[type=number] { width:4rem }",
      ".d .anthology-x-dialog-note { margin:0; color:var(--anthology-bad) }",
      ".d .anthology-x-odds { margin:0; padding:.2rem .4rem; border:1px solid var(--anthology-border); border-radius:var(--anthology-radius); background:var(--anthology-surface) }",
      ".d .anthology-x-odds-formula { font-family:monospace; font-weight:600 }",
      ".e { display:flex; flex-direction:column; gap:calc(var(--anthology-gap)/2) }",
      ".e .anthology-y-dialog-note { margin:0; color:var(--anthology-bad) }",
      ".e .anthology-y-odds { margin:0; padding:.2rem .4rem; border:1px solid var(--anthology-border); border-radius:var(--anthology-radius); background:var(--anthology-surface) }",
      ".e .anthology-y-odds-formula { font-family:monospace; font-weight:600 }",
    ]);
  });

  it("sheet: the item tables, the frame, then the header that wraps", () => {
    const parts = rules(
      '@use "sheet-parts" as parts; .s { @include parts.item-tables("x", "stats"); @include parts.sheet-frame("x"); }',
    );
    expect(rules('@use "sheet-parts" as parts; .s { @include parts.sheet("x", "stats"); }')).toEqual([
      ...parts,
      ".s .anthology-x-header { flex-wrap:wrap }",
    ]);
  });

  it("track-row: centred fields of the given width, and a select as wide as its text only when asked", () => {
    expect(rules('@use "sheet-parts" as parts; .t { @include parts.track-row("input", 3.5rem); }')).toEqual([
      ".t { display:flex; flex-wrap:wrap; gap:calc(var(--anthology-gap)/2); align-items:center }",
      ".t input { width:3.5rem; text-align:center }",
    ]);
    expect(
      rules('@use "sheet-parts" as parts; .t { @include parts.track-row("input", 4rem, $select: true); }').at(-1),
    ).toBe(".t select { width:auto }");
  });

  it("a rule set's stylesheet declares no design tokens of its own: they ship once, from styles/", () => {
    const [shared, ...ruleSets] = styleEntries(root);
    const tokens = (file: string) => sass.compile(file, { loadPaths }).css.match(/--anthology-accent:/g)?.length ?? 0;
    expect(tokens(shared!)).toBeGreaterThan(0);
    expect(ruleSets.length).toBeGreaterThan(0);
    expect(ruleSets.filter((file) => tokens(file) > 0).map((file) => path.relative(root, file))).toEqual([]);
  });
});
