import { beforeAll, describe, expect, it } from "vitest";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { loadAllData, type AllData } from "../support/modules";
import { sourcePacks, type PackDoc } from "../support/packs";
import type * as OpenD6Data from "../../src/rulesets/opend6/data";
import type * as FadingSunsData from "../../src/rulesets/fading-suns/data";

/** A data field as the stand-in builds it: its options, and a SchemaField's fields. */
interface Field {
  readonly options: Record<string, unknown>;
  readonly fields?: Record<string, Field>;
}
type ModelClass = {
  defineSchema(): Record<string, Field>;
  new (source: object, options: object): { prepareDerivedData(): void } & Record<string, unknown>;
};

let data: AllData;
/** OpenD6's data models, imported beside the others (its label tables share names with theirs). */
let opend6: typeof OpenD6Data;
let fadingSuns: typeof FadingSunsData;
/** The stand-in's field classes (foundry.data.fields), which the models build their schemas from. */
let kinds: Record<string, unknown>;

beforeAll(async () => {
  const record = installFoundry();
  await import("../../src");
  loadWorld(record);
  data = await loadAllData();
  opend6 = await import("../../src/rulesets/opend6/data");
  fadingSuns = await import("../../src/rulesets/fading-suns/data");
  kinds = (globalThis as unknown as { foundry: { data: { fields: Record<string, unknown> } } }).foundry.data.fields;
});

const MODELS = (): Record<string, ModelClass> =>
  ({
    "fade-weapon": data.FadeWeaponData,
    "fade-armor": data.FadeArmorData,
    "fade-species": data.FadeSpeciesData,
    "fade-class": data.FadeClassData,
    "fade-feat": data.FadeFeatData,
    "fade-gear": data.FadeGearData,
    "fade-npc": data.FadeActorData,
    "hod-weapon": data.HodWeaponData,
    "hod-armor": data.HodArmorData,
    "hod-npc": data.HodActorData,
    "fudge-weapon": data.FudgeWeaponData,
    "fudge-armor": data.FudgeArmorData,
    "fudge-shield": data.FudgeShieldData,
    "fudge-gift": data.FudgeTraitData,
    "fudge-fault": data.FudgeTraitData,
    "fudge-skill": data.FudgeSkillData,
    "fudge-npc": data.FudgeActorData,
    "opend6-weapon": opend6.OpenD6WeaponData,
    "opend6-armor": opend6.OpenD6ArmorData,
    "opend6-npc": opend6.OpenD6ActorData,
    "fading-suns-weapon": fadingSuns.FadingSunsWeaponData,
    "fading-suns-armor": fadingSuns.FadingSunsArmorData,
    "fading-suns-skill": fadingSuns.FadingSunsSkillData,
    "fading-suns-npc": fadingSuns.FadingSunsActorData,
  }) as unknown as Record<string, ModelClass>;

const is = (field: Field, kind: string) => field instanceof (kinds[kind] as new () => object);

/**
 * What Foundry's DataModel validation refuses, read from each field's options: a missing or unknown
 * key, the wrong type, a fraction in an integer field, a number outside min/max, a value off its
 * choices, a blank string where blank is not allowed, null where the field is not nullable.
 */
function problems(value: unknown, field: Field, at: string): string[] {
  const o = field.options;
  if (value === null) return o.nullable ? [] : [`${at}: null`];
  if (is(field, "SchemaField")) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return [`${at}: not an object`];
    const own = Object.keys(value).sort();
    const declared = Object.keys(field.fields!).sort();
    const out = [
      ...declared.filter((k) => !own.includes(k)).map((k) => `${at}.${k}: missing`),
      ...own.filter((k) => !declared.includes(k)).map((k) => `${at}.${k}: not in the schema`),
    ];
    for (const k of declared.filter((d) => own.includes(d))) {
      out.push(...problems((value as Record<string, unknown>)[k], field.fields![k]!, `${at}.${k}`));
    }
    return out;
  }
  // Foundry takes choices as a list of values or a record keyed by value.
  const choices = Array.isArray(o.choices)
    ? o.choices.map(String)
    : o.choices
      ? Object.keys(o.choices as object)
      : null;
  if (is(field, "NumberField")) {
    if (typeof value !== "number" || !Number.isFinite(value)) return [`${at}: not a number`];
    if (o.integer && !Number.isInteger(value)) return [`${at}: not an integer`];
    if (typeof o.min === "number" && value < o.min) return [`${at}: below ${o.min}`];
    if (typeof o.max === "number" && value > o.max) return [`${at}: above ${o.max}`];
    if (choices && !choices.includes(String(value))) return [`${at}: ${value} is not a choice`];
    return [];
  }
  if (is(field, "BooleanField")) return typeof value === "boolean" ? [] : [`${at}: not a boolean`];
  if (is(field, "StringField")) {
    if (typeof value !== "string") return [`${at}: not a string`];
    if (o.blank === false && value.trim() === "") return [`${at}: blank`];
    if (choices && !choices.includes(value)) return [`${at}: "${value}" is not a choice`];
    return [];
  }
  return [`${at}: a field this check does not know`];
}

function schemaOf(type: string): Field {
  const Model = MODELS()[type];
  if (!Model) throw new Error(`no data model for ${type}`);
  const SchemaField = kinds.SchemaField as new (fields: Record<string, Field>) => Field;
  return new SchemaField(Model.defineSchema());
}

describe("pack documents against the data models' schemas", () => {
  const docs = (): Array<{ pack: string; doc: PackDoc }> =>
    sourcePacks()
      .filter((p) => p.type !== "JournalEntry")
      .flatMap((p) => p.docs.flatMap((doc) => [doc, ...(doc.items ?? [])].map((d) => ({ pack: p.name, doc: d }))));

  it("finds a data model for every item and actor type in the packs", () => {
    const types = new Set(docs().map((d) => d.doc.type!));
    expect([...types].sort()).toEqual([
      "fade-armor",
      "fade-class",
      "fade-feat",
      "fade-gear",
      "fade-npc",
      "fade-species",
      "fade-weapon",
      "fading-suns-armor",
      "fading-suns-npc",
      "fading-suns-skill",
      "fading-suns-weapon",
      "fudge-armor",
      "fudge-fault",
      "fudge-gift",
      "fudge-npc",
      "fudge-shield",
      "fudge-skill",
      "fudge-weapon",
      "hod-armor",
      "hod-npc",
      "hod-weapon",
      "opend6-armor",
      "opend6-npc",
      "opend6-weapon",
    ]);
  });

  it("stores every field the schema declares, of its kind and within its bounds and choices, and nothing else", () => {
    const found = docs().flatMap(({ pack, doc }) =>
      problems(doc.system, schemaOf(doc.type!), `${pack}/${doc.name}.system`),
    );
    expect(found).toEqual([]);
  });

  it("catches what the schema refuses (the check itself)", () => {
    const weapon = docs().find((d) => d.doc.type === "hod-weapon")!.doc.system!;
    const bad = { ...weapon, category: "bananas", range: -5, extra: 1 };
    expect(problems(bad, schemaOf("hod-weapon"), "w")).toEqual([
      "w.extra: not in the schema",
      'w.category: "bananas" is not a choice',
      "w.range: below 0",
    ]);
    const fade = docs().find((d) => d.doc.type === "fade-weapon")!.doc.system!;
    expect(problems({ ...fade, explodesOn: 5, baseDamage: "" }, schemaOf("fade-weapon"), "f")).toEqual([
      "f.baseDamage: blank",
      "f.explodesOn: 5 is not a choice",
    ]);
  });

  it("prepares every NPC's derived data with its embedded items, as a world would on import", () => {
    for (const pack of sourcePacks().filter((p) => p.type === "Actor")) {
      for (const npc of pack.docs) {
        const Model = MODELS()[npc.type!]!;
        const system = new Model(structuredClone(npc.system!), { parent: { items: npc.items, statuses: new Set() } });
        system.prepareDerivedData();
        if (npc.type === "fudge-npc") expect(system.woundPenalty, npc.name).toBe(0);
        else expect(system.derived, npc.name).toBeTypeOf("object");
      }
    }
  });
});
