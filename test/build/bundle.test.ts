import path from "node:path";
import { readFileSync, readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { root, unpackRelease } from "./dist";

let record: StandInRecord;
let standIns: Set<unknown>;

/** Every class reachable from CONFIG (a few levels down) plus the registered sheets. */
function registeredClasses(): Set<unknown> {
  const found = new Set<unknown>();
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number): void => {
    if (value === null || (typeof value !== "object" && typeof value !== "function") || seen.has(value)) return;
    seen.add(value);
    if (typeof value === "function") {
      if (/^class\b/.test(Function.prototype.toString.call(value))) found.add(value);
      return;
    }
    if (depth < 4) for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(CONFIG, 0);
  for (const { sheet } of record?.sheets ?? []) walk(sheet, 0);
  return found;
}

/** Names of the classes src/ declares (`class Name extends`, `class Name {`). */
function sourceClassNames(): Set<string> {
  const names = new Set<string>();
  const declared = /\bclass\s+([A-Za-z_$][\w$]*)(?:\s*<[^{]*?>)?\s*(?:extends\b|implements\b|\{)/g;
  for (const file of readdirSync(path.join(root, "src"), { recursive: true }).map(String)) {
    if (!file.endsWith(".ts")) continue;
    for (const match of readFileSync(path.join(root, "src", file), "utf8").matchAll(declared)) names.add(match[1]!);
  }
  return names;
}

// Loads the module from the unpacked release zip, as Foundry would after an install by manifest URL.
beforeAll(async () => {
  const { folder } = unpackRelease();
  record = installFoundry({ ruleSet: "hod" });
  standIns = registeredClasses();
  await import(/* @vite-ignore */ pathToFileURL(path.join(folder, "anthology.mjs")).href);
  loadWorld(record);
});

describe("the bundled module, loaded from the release zip", () => {
  it("registers its hooks and runs init against Foundry's globals", () => {
    expect(record.settings.has("anthology.ruleSet")).toBe(true);
    // The shared actor and item sheets, and every rule set's own (the Fade's trait sheet once per type).
    expect(record.sheets).toHaveLength(28);
  });

  it("keeps class names through bundling (Foundry finds rolls and terms by class name)", () => {
    expect((CONFIG.Actor.documentClass as { name: string }).name).toBe("AnthologyActor");
    expect((CONFIG.Item.documentClass as { name: string }).name).toBe("AnthologyItem");
    expect(record.sheets.map((s) => (s.sheet as { name: string }).name)).toEqual([
      "AnthologyActorSheet",
      "FadeActorSheet",
      "FadeNpcSheet",
      "FadingSunsActorSheet",
      "FadingSunsNpcSheet",
      "HodActorSheet",
      "HodNpcSheet",
      "FudgeActorSheet",
      "FudgeNpcSheet",
      "OpenD6ActorSheet",
      "OpenD6NpcSheet",
      "AnthologyItemSheet",
      "FadeWeaponSheet",
      "FadeArmorSheet",
      "FadeTraitSheet",
      "FadeTraitSheet",
      "FadeTraitSheet",
      "FadingSunsWeaponSheet",
      "FadingSunsArmorSheet",
      "FadingSunsSkillSheet",
      "HodWeaponSheet",
      "HodArmorSheet",
      "FudgeSkillSheet",
      "FudgeWeaponSheet",
      "FudgeArmorSheet",
      "FudgeShieldSheet",
      "OpenD6WeaponSheet",
      "OpenD6ArmorSheet",
    ]);
    const models = (CONFIG.Actor as unknown as { dataModels: Record<string, { name: string }> }).dataModels;
    expect(models["hod-character"]!.name).toBe("HodActorData");
    expect(models["fudge-character"]!.name).toBe("FudgeActorData");
    expect(models["fading-suns-character"]!.name).toBe("FadingSunsActorData");
    expect(models["fade-character"]!.name).toBe("FadeActorData");
    const dice = CONFIG.Dice as unknown as {
      termTypes: Record<string, { name: string }>;
      rolls: Array<{ name: string }>;
    };
    for (const name of ["KeepDice", "FudgeDice", "WildDice"]) expect(dice.termTypes[name]?.name).toBe(name);
    expect(dice.rolls[0]!.name).toBe("AnthologyRoll");
    const combat = CONFIG as unknown as Record<"Combat" | "Combatant", { documentClass: { name: string } }> & {
      ui: { combat: { name: string } };
    };
    expect(combat.Combat.documentClass.name).toBe("AnthologyCombat");
    expect(combat.Combatant.documentClass.name).toBe("AnthologyCombatant");
    expect(combat.ui.combat.name).toBe("TimeCountTracker");
  });

  it("hands Foundry no class whose name minification changed", () => {
    const ours = [...registeredClasses()].filter((c) => !standIns.has(c)) as Array<{ name: string }>;
    const declared = sourceClassNames();
    expect(ours.length).toBeGreaterThan(20);
    for (const { name } of ours) expect(declared.has(name), `class named "${name}"`).toBe(true);
  });

  it("exposes game.anthology with the package version", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect((game as unknown as { anthology: { version: string } }).anthology.version).toBe(pkg.version);
  });
});
