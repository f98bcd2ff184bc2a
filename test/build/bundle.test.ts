import path from "node:path";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { root, unpackRelease } from "./dist";

let record: StandInRecord;

// Loads the module from the unpacked release zip, as Foundry would after an install by manifest URL.
beforeAll(async () => {
  const { folder } = unpackRelease();
  record = installFoundry({ ruleSet: "hod" });
  await import(/* @vite-ignore */ pathToFileURL(path.join(folder, "anthology.mjs")).href);
  loadWorld(record);
});

describe("the bundled module, loaded from the release zip", () => {
  it("registers its hooks and runs init against Foundry's globals", () => {
    expect(record.settings.has("anthology.ruleSet")).toBe(true);
    // The shared actor and item sheets, and The Fade's and Heroes of Destiny's character, NPC, weapon and armor sheets.
    expect(record.sheets).toHaveLength(10);
  });

  it("keeps class names through bundling (Foundry finds rolls and terms by class name)", () => {
    expect((CONFIG.Actor.documentClass as { name: string }).name).toBe("AnthologyActor");
    expect((CONFIG.Item.documentClass as { name: string }).name).toBe("AnthologyItem");
    expect(record.sheets.map((s) => (s.sheet as { name: string }).name)).toEqual([
      "AnthologyActorSheet",
      "FadeActorSheet",
      "FadeNpcSheet",
      "HodActorSheet",
      "HodNpcSheet",
      "AnthologyItemSheet",
      "FadeWeaponSheet",
      "FadeArmorSheet",
      "HodWeaponSheet",
      "HodArmorSheet",
    ]);
    const models = (CONFIG.Actor as unknown as { dataModels: Record<string, { name: string }> }).dataModels;
    expect(models["hod-character"]!.name).toBe("HodActorData");
    expect(models["fudge-character"]!.name).toBe("CharacterData");
    expect(models["fade-character"]!.name).toBe("FadeActorData");
    const dice = CONFIG.Dice as unknown as {
      termTypes: Record<string, { name: string }>;
      rolls: Array<{ name: string }>;
    };
    for (const name of ["KeepDice", "FudgeDice", "WildDice"]) expect(dice.termTypes[name]?.name).toBe(name);
    expect(dice.rolls[0]!.name).toBe("AnthologyRoll");
  });

  it("exposes game.anthology with the package version", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect((game as unknown as { anthology: { version: string } }).anthology.version).toBe(pkg.version);
  });
});
