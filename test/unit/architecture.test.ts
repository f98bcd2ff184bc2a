import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RULE_SETS } from "../../src/rulesets";

// The shape ARCHITECTURE.md and issue 13 ask for, read from the source: rule sets are plug-ins in
// their own folders, shared code loops over the table and never names one, and no rule set reaches
// into another.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const src = path.join(root, "src");
const IDS: string[] = RULE_SETS.map((r) => r.id);

const files = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".ts"))
  .map((f) => f.split(path.sep).join("/"));

/** The rule set a file belongs to (src/rulesets/<id>/...), or null for shared code. */
function ruleSetOf(file: string): string | null {
  const match = /^rulesets\/([^/]+)\//.exec(file);
  return match && IDS.includes(match[1]!) ? match[1]! : null;
}

/** The files under src a file imports, resolved (static imports, re-exports, dynamic imports). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(src, file), "utf8");
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return specs.map((spec) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    if (files.includes(`${base}.ts`)) return `${base}.ts`;
    if (files.includes(`${base}/index.ts`)) return `${base}/index.ts`;
    return base;
  });
}

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

describe("rule sets are plug-ins", () => {
  it("no rule set imports another", () => {
    const crossings = files.flatMap((file) => {
      const own = ruleSetOf(file);
      if (!own) return [];
      return importsOf(file)
        .filter((target) => {
          const other = ruleSetOf(target);
          return other !== null && other !== own;
        })
        .map((target) => `${file} -> ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it("only the table and the public API import rule-set code; the plug-ins are found by the table's glob", () => {
    const importers = files.filter((file) => !ruleSetOf(file) && importsOf(file).some((t) => ruleSetOf(t) !== null));
    expect(importers.sort()).toEqual(["api.ts", "rulesets/rows.ts"]);
    expect(readFileSync(path.join(src, "rulesets/plugins.ts"), "utf8")).toContain("import.meta.glob");
  });

  it("shared code never compares anything with a rule set's id", () => {
    const id = IDS.map((i) => i.replace("-", "\\-")).join("|");
    const compare = new RegExp(`(===|!==|case)\\s*["'](${id})["']|["'](${id})["']\\s*(===|!==)`);
    const found = files
      .filter((file) => !ruleSetOf(file) && !file.startsWith("dice/") && file !== "rulesets/index.ts")
      .filter((file) => compare.test(stripComments(readFileSync(path.join(src, file), "utf8"))));
    expect(found).toEqual([]);
  });

  it("each rule set's rules are Foundry-free: they import only rules, the table's types and the core", () => {
    const allowed = (target: string, own: string) =>
      target.startsWith(`rulesets/${own}/rules/`) ||
      target === `rulesets/${own}/migrations.ts` ||
      ["rulesets/common.ts", "rulesets/types.ts"].includes(target) ||
      target.startsWith("time-count/") ||
      (target.startsWith("dice/") &&
        !target.startsWith("dice/terms/") &&
        !/anthology-roll|register|dice-so-nice/.test(target));
    const offences = files
      .filter((file) => /^rulesets\/[^/]+\/rules\//.test(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((t) => !allowed(t, ruleSetOf(file)!))
          .map((t) => `${file} -> ${t}`),
      );
    expect(offences).toEqual([]);
  });

  it("a rule set's language file holds only its own strings (its prefix and its types)", () => {
    const leaves = (o: Record<string, unknown>, p = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === "object" ? leaves(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      );
    for (const ruleSet of RULE_SETS) {
      const file = path.join(src, "rulesets", ruleSet.id, "lang/en.json");
      if (!existsSync(file)) continue;
      const keys = leaves(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
      const own = (k: string) =>
        k.startsWith(`ANTHOLOGY.${ruleSet.i18n}.`) || new RegExp(`^TYPES\\.[A-Za-z]+\\.${ruleSet.id}-`).test(k);
      expect(
        keys.filter((k) => !own(k)),
        ruleSet.id,
      ).toEqual([]);
    }
  });

  it("every row of the table has its folder, and every plug-in folder is a row", () => {
    const folders = readdirSync(path.join(src, "rulesets"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.sort()).toEqual([...IDS].sort());
    for (const id of IDS) expect(files).toContain(`rulesets/${id}/rules/definition.ts`);
  });
});

describe("one place speaks both Foundry generations (issue 25)", () => {
  // What differs between v13 and v14 (shared/foundry/NOTES-v14.md): only src/foundry/ may name it.
  const GENERATION_SPECIFIC: ReadonlyArray<readonly [string, RegExp]> = [
    ["game.release / generation", /\brelease\b[\s\S]{0,20}\bgeneration\b|\.generation\b/],
    [
      "roll or message mode",
      /\brollMode\b|["']messageMode["']|applyRollMode|\.applyMode\b|\brollModes\b|ChatMessage\.modes/,
    ],
    ["-= / == update keys", /["'`.]-=|["'`.]==[a-z]/],
    ["operators", /\b_del\b|\b_replace\b|ForcedDeletion|ForcedReplacement|performDeletions|applyOperators/],
    ["effect change modes or types", /ACTIVE_EFFECT_MODES|ACTIVE_EFFECT_CHANGE_TYPES|\bmode:\s*CONST/],
    [
      "effect duration fields",
      /\bstartRound\b|\bstartTurn\b|\bexpiryAction\b|\bexpiryEvents\b|duration:\s*\{\s*rounds|\bduration\??\.(?:rounds|value|units|expiry)\b|units\s*===?\s*["']rounds/,
    ],
    ["the status-effect registry", /\bstatusEffects\b/],
    ["context-menu entries", /ContextMenuEntry|\b(?:condition|callback):\s*\(\s*(?:li|target)\b/],
    ["scene levels", /\btoken(?:Document)?\??\.level\b|\blocatedInLevel\b|\bincludedInLevel\b/],
  ];

  it("no file outside src/foundry names a generation-specific API", () => {
    const offences = files
      .filter((file) => !file.startsWith("foundry/"))
      .flatMap((file) => {
        const text = stripComments(readFileSync(path.join(src, file), "utf8"));
        return GENERATION_SPECIFIC.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}: ${what}`);
      });
    expect(offences).toEqual([]);
  });

  it("and src/foundry/generation.ts is the only code that reads the generation", () => {
    const readers = files.filter((file) =>
      /game\??\.release|release\?\.generation/.test(stripComments(readFileSync(path.join(src, file), "utf8"))),
    );
    expect(readers).toEqual(["foundry/generation.ts"]);
  });

  it("every context menu Anthology adds is built with menuEntry", () => {
    const menus = files.filter((file) =>
      /_getEntryContextOptions|ContextOptions["']/.test(readFileSync(path.join(src, file), "utf8")),
    );
    expect(menus.length).toBeGreaterThan(0);
    for (const file of menus) expect(readFileSync(path.join(src, file), "utf8"), file).toContain("menuEntry(");
  });
});

describe("imports point one way (issue 27)", () => {
  /** What a file imports, with the plug-ins' glob (`import.meta.glob("./*\/index.ts")`) read as imports too. */
  function edgesOf(file: string): string[] {
    const text = readFileSync(path.join(src, file), "utf8");
    const globbed = [...text.matchAll(/import\.meta\.glob[^(]*\(\s*["']([^"']+)["']/g)].flatMap((m) => {
      const pattern = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!));
      const re = new RegExp(`^${pattern.replace(/\./g, "\\.").replace(/\*/g, "[^/]+")}$`);
      return files.filter((f) => re.test(f));
    });
    return [...importsOf(file).filter((f) => files.includes(f)), ...globbed];
  }
  const graph = new Map(files.map((f) => [f, edgesOf(f)]));

  /** Every import circle: the strongly connected components of two or more files (Tarjan). */
  function circles(): string[][] {
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const found: string[][] = [];
    const visit = (v: string): void => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) !== index.get(v)) return;
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    };
    for (const f of files) if (!index.has(f)) visit(f);
    return found;
  }

  /** Whether `from` imports, directly or through others, a file `to` accepts. */
  function reaches(from: string, to: (file: string) => boolean): boolean {
    const seen = new Set<string>();
    const walk = (f: string): boolean =>
      !seen.has(f) && (seen.add(f), (graph.get(f) ?? []).some((g) => to(g) || walk(g)));
    return walk(from);
  }

  it("finds a circle where there is one (the check itself)", () => {
    const saved = new Map(graph);
    graph.set("settings.ts", [...graph.get("settings.ts")!, "rulesets/plugins.ts"]);
    try {
      expect(circles().some((c) => c.includes("settings.ts") && c.includes("rulesets/plugins.ts"))).toBe(true);
    } finally {
      graph.clear();
      for (const [k, v] of saved) graph.set(k, v);
    }
  });

  it("the shared layer has no import circle, the plug-ins' glob included", () => {
    expect(circles().filter((c) => c.some((f) => !ruleSetOf(f)))).toEqual([]);
  });

  it("nor does any rule set: flows use card kinds, and a card's buttons reach flows through a registry", () => {
    expect(circles()).toEqual([]);
    // The kinds' modules never import a flow's, even through others (that would be a circle above).
    for (const id of IDS) {
      const flow = `rulesets/${id}/chat/flow.ts`;
      if (files.includes(flow))
        expect(
          reaches(flow, (f) => /\/chat\/kinds(\.ts|\/)/.test(f)),
          id,
        ).toBe(true);
    }
  });

  it("only the entry and the hooks that loop over every plug-in import the glob; the rest read the registry", () => {
    const importers = files.filter((f) => graph.get(f)!.includes("rulesets/plugins.ts"));
    expect(importers.sort()).toEqual(["hooks/init.ts", "index.ts", "quench/index.ts"]);
    // The contract sits below what uses it: it names other modules' types only, never their code.
    const contract = readFileSync(path.join(src, "rulesets/plugin.ts"), "utf8");
    expect(contract.match(/^import .*$/gm)!.filter((line) => !line.startsWith("import type "))).toEqual([]);
    expect(graph.get("rulesets/plugin.ts")).not.toContain("combat/rounds-tracker.ts");
  });
});
