import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { api as sourceApi } from "../../src/api";
import { dist, root, unpackRelease } from "./dist";

/**
 * One workout of the public API, run both on the built dist/api.mjs in plain Node and on src/api.ts
 * here: the same JSON must come out. Its body is the text of a function of `api`.
 */
const PROBE = `
  const { dice, rules } = api;
  const refused = (formula) => {
    try { api.roll(formula); return null; } catch (error) { return { name: error.name, code: error.code }; }
  };
  const odds = api.odds("8k4x");
  const tc = api.timeCount.create();
  tc.join("a", 3);
  tc.join("b", 5);
  const step = tc.advance();
  tc.acted("a", 7);
  return {
    version: api.version,
    frozen: Object.isFrozen(api),
    roll: api.roll("8k4x + 3", { die: dice.seededDie(7) }),
    fudge: api.roll("4dF+2", { die: dice.scriptedDie([1, 2, 3, 3]) }).total,
    opend6: api.roll("3D+2", { die: dice.seededDie(11) }).total,
    refused: refused("8k"),
    odds: { mean: odds.mean, atLeast30: odds.atLeast(30), critical: odds.critical },
    format: dice.format(dice.parse("7k3 + 1k0")),
    timeCount: { step, state: tc.state() },
    ruleSets: api.ruleSets.all.map((r) => r.id),
    fade: {
      hpMax: rules.fade.hpMax(10, 3, 2),
      health: rules.fade.healthState(-4, rules.fade.deathAt(2)),
      traits: rules.fade.derive(
        rules.fade.applyTraits(
          { strength: 2, agility: 2, endurance: 3, smarts: 2, luck: 2, magic: 0, resistance: 0, level: 4,
            classHp: 10, hpGained: 0, speciesSize: 1, classSoak: 1, speed: 6, attacksPerRound: 1 },
          { species: { size: 2, speed: 5 }, class: { hp: 12, soak: 2, attacksPerRound: 2, hpPerLevel: 3 },
            feats: [{ bonuses: { hp: 1 }, speed: 1 }] },
        ),
      ),
      keys: Object.keys(rules.fade).sort(),
    },
    fadingSuns: {
      vp: rules["fading-suns"].victoryPoints(13),
      goal: rules["fading-suns"].resolveGoal({ goal: 12, rolls: [12, 4], combat: true }),
      contest: rules["fading-suns"].contested({ victoryPoints: 4 }, { victoryPoints: 1 }),
      stance: rules["fading-suns"].stance("aggressive", "damage"),
      strength: rules["fading-suns"].strengthDamageBonus(9),
      range: rules["fading-suns"].rangeModifier("long"),
      initiative: rules["fading-suns"].initiative({ dexterity: 6, wits: 5, situation: 1, roll: 3 }),
      complementary: [rules["fading-suns"].complementaryBonus(3), rules["fading-suns"].quickComplementary(7)],
      keys: Object.keys(rules["fading-suns"]).sort(),
    },
    hod: {
      speed: rules.hod.speedFactor("standard", { static: true }),
      odds: rules.hod.attackOdds(4, 14),
      keys: Object.keys(rules.hod).sort(),
    },
  };
`;

type ProbeResult = {
  version: string;
  ruleSets: string[];
  fade: { keys: string[]; traits: Record<string, unknown> };
  hod: { keys: string[] };
  fadingSuns: Record<string, unknown>;
};

/** Runs the probe on `file` in a bare `node` process: no vite, no vitest, no loader, no Foundry. */
function probeInNode(file: string): { status: number | null; stderr: string; result?: ProbeResult } {
  const script = [
    `import { api } from ${JSON.stringify(pathToFileURL(file).href)};`,
    `const probe = new Function("api", ${JSON.stringify(PROBE)});`,
    `const bare = ["game", "CONFIG", "foundry", "Hooks", "ui", "window", "document"].filter((g) => g in globalThis);`,
    `console.log(JSON.stringify({ bare, result: probe(api) }));`,
  ].join("\n");
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: path.dirname(file),
    encoding: "utf8",
    env,
  });
  if (run.status !== 0) return { status: run.status, stderr: run.stderr };
  const out = JSON.parse(run.stdout) as { bare: string[]; result: ProbeResult };
  expect(out.bare, "Foundry or browser globals in the bare Node process").toEqual([]);
  return { status: run.status, stderr: run.stderr, result: out.result };
}

const fromSource = () => JSON.parse(JSON.stringify(new Function("api", PROBE)(sourceApi))) as ProbeResult;

describe("the public API in plain Node (dist/api.mjs)", () => {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };

  it("is one self-contained ES module: it imports nothing", () => {
    const code = readFileSync(path.join(dist, "api.mjs"), "utf8");
    expect(code).toMatch(/^export \{ api \};$/m);
    expect(code).not.toMatch(/^\s*import\b|\bimport\s*\(|\brequire\s*\(/m);
  });

  it("imports in a bare node process and answers as src/api.ts does, with package.json's version", () => {
    const run = probeInNode(path.join(dist, "api.mjs"));
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.result!.version).toBe(pkg.version);
    expect(run.result!.ruleSets).toHaveLength(5);
    expect(run.result!.fade.keys).toContain("applyDamage");
    // A class of 12 HP at level 4 (3 more a level: 9), Endurance 3, a feat's +1: 25 HP; Soak 2 + 2; speed 5 + 1.
    expect(run.result!.fade.traits).toMatchObject({ hpMax: 25, soak: 4, speed: 6, attacksPerRound: 2 });
    expect(run.result!.hod.keys).toContain("attackOdds");
    // Fading Suns' contract, by hand from fading-suns.txt: a 13 is 6 VP; a combat critical at 12 rerolled
    // 4 adds 2 VP (8); 4 VP against 1 wins by 3; Strength 9 is +2; Dexterity 6 + Wits 5 + 1 + a 3 is 15.
    expect(run.result!.fadingSuns).toEqual({
      vp: 6,
      goal: { outcome: "critical", victoryPoints: 8, needsReroll: false },
      contest: { winner: "a", victoryPoints: 3 },
      stance: { defense: -2, goal: 0, damage: 2 },
      strength: 2,
      range: -2,
      initiative: 15,
      complementary: [3, 3],
      keys: [
        "attackDamage",
        "chargeDistance",
        "complementaryBonus",
        "contestGoal",
        "contested",
        "fightActionRoll",
        "grappleResult",
        "initiative",
        "knockdownGoal",
        "knockdownResult",
        "moveDefense",
        "moveFor",
        "movedBy",
        "movementRate",
        "multiAttackCheck",
        "multiAttackPenalty",
        "outcomeOdds",
        "quickComplementary",
        "rangeBands",
        "rangeModifier",
        "resistFails",
        "resistGoal",
        "resolveGoal",
        "rollsInitiative",
        "stance",
        "stanceAsRolled",
        "stances",
        "strengthDamageBonus",
        "victoryPoints",
        "vitalityAsRolled",
      ],
    });
    expect(run.result).toEqual(fromSource());
  });

  it("imports the same way from the unpacked release zip", () => {
    const { folder } = unpackRelease();
    const run = probeInNode(path.join(folder, "api.mjs"));
    expect(run.status, run.stderr).toBe(0);
    expect(run.result).toEqual(fromSource());
  });
});
