import { fileURLToPath } from "node:url";
import { loadAllSheets, type AllSheets, loadAllData, type AllData } from "../support/modules";
import { mergedLang, templateFiles } from "../../scripts/lib/sources.mjs";
import { sheetLabelKey } from "../../src/rulesets/plugin-rows";
import { beforeAll, describe, expect, it } from "vitest";
import type * as ApiModule from "../../src/api";
type DataModule = AllData;
import type * as ActorModule from "../../src/documents/actor";
import type * as ItemModule from "../../src/documents/item";
import type * as RulesModule from "../../src/rulesets";
type SheetsModule = AllSheets;
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";

let record: StandInRecord;
let modules: {
  api: typeof ApiModule;
  rules: typeof RulesModule;
  actor: typeof ActorModule;
  item: typeof ItemModule;
  sheets: SheetsModule;
  data: DataModule;
};

beforeAll(async () => {
  record = installFoundry();
  await import("../../src");
  modules = {
    api: await import("../../src/api"),
    rules: await import("../../src/rulesets"),
    actor: await import("../../src/documents/actor"),
    item: await import("../../src/documents/item"),
    sheets: await loadAllSheets(),
    data: await loadAllData(),
  };
  loadWorld(record);
});

describe("init, from the rule-set table", () => {
  it("registers the Rule set setting: world scope, GM only, shown, reloads, choices from the registry", () => {
    const setting = record.settings.get("anthology.ruleSet");
    expect(setting).toBeDefined();
    const config = setting!.config;
    expect(config).toMatchObject({
      scope: "world",
      config: true,
      restricted: true,
      requiresReload: true,
      default: "fade",
    });
    expect(config.type).toBe(String);
    expect(config.choices).toEqual({
      fade: "ANTHOLOGY.Fade.name",
      "fading-suns": "ANTHOLOGY.FadingSuns.name",
      hod: "ANTHOLOGY.HoD.name",
      fudge: "ANTHOLOGY.Fudge.name",
      opend6: "ANTHOLOGY.OpenD6.name",
    });
  });

  it("registers each rule set's own settings in every world, shown only in its own (a Fade world here)", () => {
    const npcSpeed = record.settings.get("anthology.npcSpeed")!.config;
    expect(npcSpeed).toMatchObject({ scope: "world", restricted: true, config: false, default: "static" });
    expect(Object.keys(npcSpeed.choices as object)).toEqual(["static", "roll"]);
    expect(game.settings!.get("anthology" as never, "npcSpeed" as never)).toBe("static");
  });

  it("installs the document classes and a data model and label for every declared type", () => {
    const { documentTypes } = modules.rules;
    expect(CONFIG.Actor.documentClass).toBe(modules.actor.AnthologyActor);
    expect(CONFIG.Item.documentClass).toBe(modules.item.AnthologyItem);
    const actorConfig = CONFIG.Actor as unknown as { dataModels: object; typeLabels: object };
    expect(Object.keys(actorConfig.dataModels)).toEqual(documentTypes("Actor"));
    expect(actorConfig.typeLabels).toMatchObject({ "hod-npc": "TYPES.Actor.hod-npc" });
    const itemConfig = CONFIG.Item as unknown as { dataModels: Record<string, unknown> };
    expect(Object.keys(itemConfig.dataModels)).toEqual(documentTypes("Item"));
    expect(itemConfig.dataModels["fudge-gear"]).toBe(modules.data.GearData);
  });

  it("gives every actor type its model's bars as trackable attributes (health, or a rule set's own)", () => {
    const trackable = (CONFIG.Actor as unknown as { trackableAttributes: Record<string, unknown> }).trackableAttributes;
    for (const type of modules.rules.documentTypes("Actor")) {
      const bar = type.startsWith("fade-")
        ? { bar: ["hp"], value: ["luckRerollsLeft"] }
        : type.startsWith("hod-")
          ? { bar: ["hp", "top", "fatigueTrack"], value: ["fatigue", "bonusHp", "invigoration"] }
          : type.startsWith("fudge-")
            ? { bar: ["boxes"], value: ["woundPenalty"] }
            : type.startsWith("opend6-")
              ? { bar: ["bodyPoints"], value: ["characterPoints", "fatePoints"] }
              : type.startsWith("fading-suns-")
                ? { bar: ["vitality", "wyrd"], value: ["defense"] }
                : { bar: ["health"], value: [] };
      expect(trackable[type]).toEqual(bar);
    }
  });

  it("registers the Anthology sheets for every type and retires the core v1 sheets", () => {
    const { documentTypes } = modules.rules;
    const { sheets } = modules;
    const registered = (documentClass: unknown) =>
      Object.fromEntries(
        record.sheets
          .filter((s) => s.documentClass === documentClass)
          .flatMap((s) => (s.options.types as string[]).map((t) => [t, s.sheet])),
      );
    const actors = registered(Actor);
    const items = registered(Item);
    // Every type has exactly one Anthology sheet, and every registration is the default.
    expect(Object.keys(actors).sort()).toEqual(documentTypes("Actor").sort());
    expect(Object.keys(items).sort()).toEqual(documentTypes("Item").sort());
    expect(record.sheets.every((s) => s.scope === "anthology" && s.options.makeDefault === true)).toBe(true);
    expect(actors["fade-character"]).toBe(sheets.FadeActorSheet);
    expect(actors["fade-npc"]).toBe(sheets.FadeNpcSheet);
    expect(actors["hod-character"]).toBe(sheets.HodActorSheet);
    expect(actors["hod-npc"]).toBe(sheets.HodNpcSheet);
    expect(actors["fudge-character"]).toBe(sheets.FudgeActorSheet);
    expect(actors["fudge-npc"]).toBe(sheets.FudgeNpcSheet);
    expect(actors["fading-suns-character"]).toBe(sheets.FadingSunsActorSheet);
    expect(actors["fading-suns-npc"]).toBe(sheets.FadingSunsNpcSheet);
    expect(items["fading-suns-weapon"]).toBe(sheets.FadingSunsWeaponSheet);
    expect(items["fading-suns-armor"]).toBe(sheets.FadingSunsArmorSheet);
    expect(items["fading-suns-skill"]).toBe(sheets.FadingSunsSkillSheet);
    expect(items["fading-suns-gear"]).toBe(sheets.AnthologyItemSheet);
    expect(items["fudge-weapon"]).toBe(sheets.FudgeWeaponSheet);
    expect(items["fudge-gift"]).toBe(sheets.AnthologyItemSheet);
    expect(items["hod-weapon"]).toBe(sheets.HodWeaponSheet);
    expect(items["hod-armor"]).toBe(sheets.HodArmorSheet);
    expect(items["hod-gear"]).toBe(sheets.AnthologyItemSheet);
    expect(items["fade-weapon"]).toBe(sheets.FadeWeaponSheet);
    expect(items["fade-armor"]).toBe(sheets.FadeArmorSheet);
    expect(items["fade-gear"]).toBe(sheets.AnthologyItemSheet);
    expect(record.unregistered.map((u) => u.scope)).toEqual(["core", "core"]);
  });

  it("labels each sheet with a key the language file defines; a rule set's sheet keys name exactly its own sheets", () => {
    const { RULE_SETS, TYPED_DOCUMENTS } = modules.rules;
    const leaves = (o: Record<string, unknown>, p = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === "object" ? leaves(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      );
    const defined = new Set(leaves(mergedLang(fileURLToPath(new URL("../..", import.meta.url)))));
    const labels = record.sheets.map((s) => s.options.label as string);
    expect(labels.filter((label) => !defined.has(label))).toEqual([]);
    expect(labels).toContain("ANTHOLOGY.Fade.Sheet.featLabel");
    const own = labels.filter((label) => !label.startsWith("ANTHOLOGY.Sheet."));
    const declared = RULE_SETS.flatMap((r) =>
      TYPED_DOCUMENTS.flatMap((d) => r.documentTypes[d].map((t) => sheetLabelKey(r.i18n, t.name))),
    );
    expect(declared.filter((key) => defined.has(key)).sort()).toEqual([...own].sort());
  });

  it("preloads every template the system ships", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const shipped = templateFiles(root).map((t) => `systems/anthology/${t.shipped}`);
    expect([...record.templates].sort()).toEqual(shipped.sort());
  });

  it("exposes the API as game.anthology: every part of the Foundry-free API, and play.roll for macros", () => {
    const exposed = (game as unknown as { anthology: Record<string, unknown> & { play: { roll: unknown } } }).anthology;
    for (const [key, value] of Object.entries(modules.api.api)) expect(exposed[key], key).toBe(value);
    expect(typeof exposed.play.roll).toBe("function");
    expect(Object.isFrozen(exposed)).toBe(true);
  });

  it("declares every HTML field of template.json as an HTMLField in the data model, and no other", () => {
    const { RULE_SETS } = modules.rules;
    const fields = foundry.data.fields as unknown as { HTMLField: new (...a: never[]) => unknown };
    for (const ruleSet of RULE_SETS) {
      for (const documentName of ["Actor", "Item"] as const) {
        for (const t of ruleSet.documentTypes[documentName]) {
          const model = modules.data.dataModelFor(documentName, ruleSet.id, t.name);
          const schema = (model as unknown as { defineSchema(): Record<string, unknown> }).defineSchema();
          const html = Object.entries(schema)
            .filter(([, f]) => f instanceof fields.HTMLField)
            .map(([k]) => k);
          expect(html, `${ruleSet.id}-${t.name}`).toEqual([...t.htmlFields]);
        }
      }
    }
  });
});

describe("Create Actor / Create Item dialogs", () => {
  it("offer only the active rule set's types", async () => {
    await game.settings!.set("anthology", "ruleSet", "hod");
    await modules.actor.AnthologyActor.createDialog({}, {}, {});
    await modules.item.AnthologyItem.createDialog();
    const [actorCall, itemCall] = record.createDialogCalls.slice(-2);
    expect(actorCall!.documentName).toBe("Actor");
    expect((actorCall!.args[2] as { types: string[] }).types).toEqual(["hod-character", "hod-npc"]);
    expect((itemCall!.args[2] as { types: string[] }).types).toEqual(["hod-weapon", "hod-armor", "hod-gear"]);
  });

  it("keep a caller's narrower restriction and its other options", async () => {
    await game.settings!.set("anthology", "ruleSet", "opend6");
    await modules.actor.AnthologyActor.createDialog({ name: "Zed" } as never, {}, {
      types: ["opend6-npc"],
      folders: [],
    } as never);
    const call = record.createDialogCalls.at(-1)!;
    expect(call.args[0]).toEqual({ name: "Zed" });
    expect(call.args[2]).toEqual({ types: ["opend6-npc"], folders: [] });
  });
});

describe("sheet context", () => {
  it("enriches the rich-text field and names the document's type and rule set", async () => {
    const { documentContext } = await import("../../src/sheets/context");
    const system = { notes: "<p>Hi</p>", schema: { fields: { notes: "field" } } };
    const context = await documentContext({ system, type: "fudge-npc", isOwner: true }, "Actor", "notes");
    expect(context).toEqual({
      system,
      systemFields: { notes: "field" },
      enriched: "<p>Hi</p>",
      typeLabel: "TYPES.Actor.fudge-npc",
      ruleSetLabel: "ANTHOLOGY.Fudge.name",
    });
  });

  it("labels a type no rule set owns as such instead of showing a raw key", async () => {
    const { documentLabels } = await import("../../src/sheets/labels");
    expect(documentLabels("Item", "base").ruleSetLabel).toBe("ANTHOLOGY.Sheet.unknownRuleSet");
  });
});
