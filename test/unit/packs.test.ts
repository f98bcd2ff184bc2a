import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { documentTypes, isRuleSetId } from "../../src/rulesets";
import { EXPLODES_ON_CHOICES } from "../../src/rulesets/fade/data/labels";
import { fadeSource, type CarriedItem, type FadeActorSystem } from "../../src/rulesets/fade/data/source";
import {
  BODY_PARTS,
  DEFENSE_IDS,
  FADE_STATUSES,
  addPools,
  damagePool,
  derive as fadeDerive,
  formatPool,
  parseEnergyText,
  parsePool,
} from "../../src/rulesets/fade/rules";
import { FADE_SKILL_IDS } from "../../src/rulesets/fade/rules/skills";
import { hodSource, type HodActorSystem, type HodCarriedItem } from "../../src/rulesets/hod/data/source";
import { HOD_DEFENSES } from "../../src/rulesets/hod/rules/attack";
import { derive as hodDerive } from "../../src/rulesets/hod/rules/derive";
import { SPECIAL_ACTIONS } from "../../src/rulesets/hod/rules/special-actions";
import { SPEED_CLASSES, SPEED_TABLE, type SpeedClass } from "../../src/rulesets/hod/rules/speed";
import { STANCES, STANCE_IDS } from "../../src/rulesets/hod/rules/stances";
import {
  DAMAGE_TYPES,
  damagePlan,
  isWeaponCategory,
  weaponDamageFormula,
  type HodWeapon,
} from "../../src/rulesets/hod/rules/weapons";
import {
  CALLED_SHOT_DIFFICULTY,
  COVERS,
  COVER_MODIFIER,
  DIFFICULTIES,
  HIT_LOCATION_MODIFIER,
  RANGES,
  RANGE_MODIFIER,
  WEAPON_SKILLS,
  WOUND_CHART,
  WOUND_HEALING_DIFFICULTY,
  WOUND_PENALTY,
  DEFAULT_TABLES,
  readTables,
  derive as opend6Derive,
  naturalBodyPoints,
  normalize,
  postureModifier,
  toPips,
  weaponDamage,
} from "../../src/rulesets/opend6/rules";
import { TABLE_SETTINGS } from "../../src/rulesets/opend6/settings";
import { packDoc, root, sourcePack, sourcePacks, type PackDoc } from "../support/packs";
import {
  SUSTAINED_TASKS,
  WEAPON_KINDS,
  WEAPON_SKILLS as FS_WEAPON_SKILLS,
  derive as fsDerive,
  rangeModifier as fsRange,
  strengthDamageBonus,
  victoryPoints,
} from "../../src/rulesets/fading-suns/rules";

const packs = sourcePacks();
const ID = /^[A-Za-z0-9]{16}$/;
const KEY_PREFIX: Record<string, string> = { Item: "items", Actor: "actors", JournalEntry: "journal" };
const items = (pack: string) => sourcePack(pack).docs;
const system = <T>(doc: PackDoc) => doc.system as T;

/** The pack item an embedded item was copied from (its `_stats.compendiumSource`), or undefined. */
function origin(embedded: PackDoc): PackDoc | undefined {
  const match = /^Compendium\.anthology\.([a-z0-9-]+)\.Item\.([A-Za-z0-9]{16})$/.exec(
    embedded._stats?.compendiumSource ?? "",
  );
  if (!match) return undefined;
  return packs.find((p) => p.name === match[1])?.docs.find((d) => d._id === match[2]);
}

describe("the rule sets' compendium packs: sources", () => {
  it("ship the issues' packs for The Fade, Fading Suns, Heroes of Destiny, FUDGE and OpenD6, each of a document type Foundry knows", () => {
    expect(packs.map((p) => p.name)).toEqual([
      "fade-actions",
      "fade-armor",
      "fade-classes",
      "fade-conditions",
      "fade-feats",
      "fade-gear",
      "fade-npcs",
      "fade-species",
      "fade-spells",
      "fade-weapons",
      "fading-suns-armor",
      "fading-suns-npcs",
      "fading-suns-tables",
      "fading-suns-weapons",
      "fudge-armor",
      "fudge-npcs",
      "fudge-shields",
      "fudge-tables",
      "fudge-traits",
      "fudge-weapons",
      "hod-actions",
      "hod-armor",
      "hod-conditions",
      "hod-npcs",
      "hod-shields",
      "hod-spells",
      "hod-weapons",
      "opend6-armor",
      "opend6-npcs",
      "opend6-tables",
      "opend6-weapons",
    ]);
    for (const pack of packs) {
      expect(isRuleSetId(pack.ruleSet), pack.name).toBe(true);
      expect(Object.keys(KEY_PREFIX), pack.name).toContain(pack.type);
      expect(pack.docs.length, pack.name).toBeGreaterThan(0);
    }
  });

  it("key every document by its own id, and every embedded item and page by its parent's and its own", () => {
    const all = new Set<string>();
    for (const pack of packs) {
      for (const doc of pack.docs) {
        expect(doc._id, doc.name).toMatch(ID);
        expect(doc._key, doc.name).toBe(`!${KEY_PREFIX[pack.type]}!${doc._id}`);
        expect(all.has(doc._key), doc._key).toBe(false);
        all.add(doc._key);
        const embedded = pack.type === "Actor" ? (doc.items ?? []) : pack.type === "JournalEntry" ? doc.pages : [];
        if (pack.type === "JournalEntry") expect(doc.pages?.length, doc.name).toBeGreaterThan(0);
        const ids = new Set<string>();
        for (const child of embedded ?? []) {
          expect(child._id, child.name).toMatch(ID);
          expect(ids.has(child._id), child._id).toBe(false);
          ids.add(child._id);
          const collection = pack.type === "Actor" ? "actors.items" : "journal.pages";
          expect(child._key).toBe(`!${collection}!${doc._id}.${child._id}`);
        }
      }
    }
  });

  it("hold only their own rule set's document types, items in Item packs and NPCs in Actor packs", () => {
    for (const pack of packs) {
      if (pack.type === "JournalEntry") continue;
      const allowed = documentTypes(pack.type as "Item" | "Actor", pack.ruleSet as "fade" | "hod");
      for (const doc of pack.docs) {
        expect(allowed, doc.name).toContain(doc.type);
        if (pack.type === "Actor") expect(doc.type, doc.name).toBe(`${pack.ruleSet}-npc`);
      }
    }
  });

  it("hold no two items of one pack under the same name", () => {
    for (const pack of packs) {
      const names = pack.docs.map((d) => d.name);
      expect(new Set(names).size, pack.name).toBe(names.length);
    }
  });

  it("write every journal page as HTML text of our own, without scripts", () => {
    for (const pack of packs.filter((p) => p.type === "JournalEntry")) {
      for (const page of pack.docs.flatMap((d) => d.pages ?? [])) {
        expect(page.type, page.name).toBe("text");
        expect(page.text?.format, page.name).toBe(1);
        expect(page.text?.content, page.name).toMatch(/^<(p|ul|ol|table)>/);
        expect(page.text?.content, page.name).not.toMatch(/<script|on\w+=/i);
      }
    }
  });

  it("build every NPC only from pack items: each embedded item is a copy of the item its source names", () => {
    for (const pack of packs.filter((p) => p.type === "Actor")) {
      for (const npc of pack.docs) {
        expect(npc.items?.length, npc.name).toBeGreaterThan(0);
        // A FUDGE or Fading Suns skill is the NPC's own rating of it, made on the sheet rather than copied.
        for (const carried of (npc.items ?? []).filter(
          (i) => i.type !== "fudge-skill" && i.type !== "fading-suns-skill",
        )) {
          const from = origin(carried);
          expect(from, `${npc.name}: ${carried.name}`).toBeDefined();
          expect(carried._id).toBe(from!._id);
          expect({ name: carried.name, type: carried.type, img: carried.img, system: carried.system }).toEqual({
            name: from!.name,
            type: from!.type,
            img: from!.img,
            system: from!.system,
          });
          expect(carried._stats?.compendiumSource?.split(".")[2]?.startsWith(`${pack.ruleSet}-`)).toBe(true);
        }
      }
    }
  });
});

// ------------------------------------------------------------------------------------------- The Fade

interface FadeWeaponSystem {
  baseDamage: string;
  finesse: boolean;
  spell: boolean;
  twoHanded: boolean;
  canTwoHand: boolean;
  penetration: number;
  damageType: string;
  explodesOn: number;
  range: number;
  defense: string;
  weight: number;
}
interface FadeArmorSystem {
  deflection: Record<string, number>;
  stacks: boolean;
  speedPenalty: number;
  equipped: boolean;
  weight: number;
}
const whole = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 0;

describe("The Fade's packs", () => {
  const weapons = [...items("fade-weapons"), ...items("fade-spells")];

  it("give every weapon and spell keep-dice damage, a known defense and explosion face, whole numbers", () => {
    for (const doc of weapons) {
      const w = system<FadeWeaponSystem>(doc);
      const pool = parsePool(w.baseDamage);
      expect(pool.kept, doc.name).toBeGreaterThan(0);
      expect(pool.rolled, doc.name).toBeGreaterThanOrEqual(pool.kept);
      expect(formatPool(pool), doc.name).toBe(w.baseDamage);
      expect(DEFENSE_IDS, doc.name).toContain(w.defense);
      expect(Object.keys(EXPLODES_ON_CHOICES).map(Number), doc.name).toContain(w.explodesOn);
      for (const n of [w.penetration, w.range, w.weight]) expect(whole(n), doc.name).toBe(true);
      expect(w.twoHanded && w.canTwoHand, doc.name).toBe(false);
      expect(w.finesse && w.spell, doc.name).toBe(false);
    }
  });

  it("keep weapons and spells apart: the spells pack holds spells only, meeting each of the four defenses", () => {
    expect(items("fade-weapons").every((d) => !system<FadeWeaponSystem>(d).spell)).toBe(true);
    const spells = items("fade-spells").map((d) => system<FadeWeaponSystem>(d));
    expect(spells.every((s) => s.spell)).toBe(true);
    expect(new Set(spells.map((s) => s.defense))).toEqual(new Set(DEFENSE_IDS));
  });

  it("build the weapons on the text's numbers: a 4k2 base, two hands +1k0 built in, Penetration 4", () => {
    const base = (name: string) => system<FadeWeaponSystem>(packDoc("fade-weapons", name));
    expect(base("One-handed weapon")).toMatchObject({ baseDamage: "4k2", canTwoHand: true, penetration: 0 });
    expect(base("Two-handed weapon").baseDamage).toBe(formatPool(addPools("4k2", { rolled: 1 })));
    expect(base("Two-handed weapon").twoHanded).toBe(true);
    expect(base("Armor-piercing weapon")).toMatchObject({ baseDamage: "4k2", penetration: 4 });
    expect(base("Finesse weapon").finesse).toBe(true);
    expect(base("Crossbow").range).toBeGreaterThan(0);
  });

  it("give armor Deflection on the text's body parts (whole numbers, at least one part covered)", () => {
    for (const doc of items("fade-armor")) {
      const a = system<FadeArmorSystem>(doc);
      expect(Object.keys(a.deflection).sort(), doc.name).toEqual([...BODY_PARTS].sort());
      for (const part of BODY_PARTS) expect(whole(a.deflection[part]), `${doc.name} ${part}`).toBe(true);
      expect(Math.max(...Object.values(a.deflection)), doc.name).toBeGreaterThan(0);
      expect(whole(a.speedPenalty) && whole(a.weight), doc.name).toBe(true);
    }
    expect(system<FadeArmorSystem>(packDoc("fade-armor", "Body armor")).deflection.body).toBe(5);
    const hide = system<FadeArmorSystem>(packDoc("fade-armor", "Thick hide"));
    expect(hide.stacks).toBe(true);
    expect(new Set(Object.values(hide.deflection))).toEqual(new Set([2]));
  });

  it("have a conditions entry for every status the system puts on tokens", () => {
    const flagged = items("fade-conditions").map((d) => d.flags?.anthology?.status);
    for (const status of FADE_STATUSES)
      expect(
        flagged.filter((s) => s === status.id),
        status.id,
      ).toHaveLength(1);
    expect(flagged).toContain("unconscious");
    expect(flagged).toContain("dead");
  });

  it("ship a Human-like species at Species Size 1 and 6 squares, classes with Class HP and Soak, and Provoking Fire", () => {
    expect(system(packDoc("fade-species", "Human"))).toMatchObject({ size: 1, speed: 6 });
    for (const doc of items("fade-classes")) {
      const c = system<Record<string, number>>(doc);
      for (const n of [c.hp, c.soak, c.hpPerLevel, c.rerolls]) expect(whole(n), doc.name).toBe(true);
      expect(c.attacksPerRound, doc.name).toBeGreaterThanOrEqual(1);
    }
    expect(items("fade-feats").map((d) => d.name)).toContain("Provoking Fire");
    for (const doc of [...items("fade-species"), ...items("fade-feats")]) {
      const energy = system<{ energy: Record<string, string> }>(doc).energy;
      expect(parseEnergyText(energy).invalid, doc.name).toEqual([]);
    }
  });

  it("make a character from packs alone: Stoneborn Warrior at level 3 with Toughness and Guarded Stance", () => {
    const carried = [
      packDoc("fade-species", "Stoneborn"),
      packDoc("fade-classes", "Warrior"),
      packDoc("fade-feats", "Toughness"),
      packDoc("fade-feats", "Guarded Stance"),
    ] as unknown as CarriedItem[];
    const stored = { ...system<FadeActorSystem>(packDoc("fade-npcs", "Duelist")), level: 3, hpGained: 0 };
    const derived = fadeDerive(fadeSource(stored, carried).source);
    // Duelist: Agility 8, Endurance 2, Luck 2, Smarts 2. HP: Warrior 12 + End 2 + 3 x 2 levels + Toughness 3 = 23.
    // Soak: Stoneborn 2 + Warrior 2. Defense 15 + 8 + 1 + 1 = 25; Mental 15 + 2 + 0 + 1 = 18. Speed 5. Deflection 2.
    expect(derived).toMatchObject({ hpMax: 23, soak: 4, defense: 25, mentalDefense: 18, speed: 5, attacksPerRound: 2 });
    expect(derived.deflection.leftArm).toBe(2);
  });

  function npc(name: string) {
    const doc = packDoc("fade-npcs", name);
    const stored = system<FadeActorSystem & { skills: Record<string, number> }>(doc);
    const carried = (doc.items ?? []) as unknown as CarriedItem[];
    const { source, invalidEnergy } = fadeSource(stored, carried);
    return { stored, derived: fadeDerive(source), invalidEnergy, doc };
  }

  it("give every NPC stored numbers the sheet accepts: level 1-20, whole attributes, the text's skills", () => {
    for (const doc of items("fade-npcs")) {
      const { stored, invalidEnergy } = npc(doc.name);
      expect(stored.level, doc.name).toBeGreaterThanOrEqual(1);
      expect(stored.level, doc.name).toBeLessThanOrEqual(20);
      for (const a of ["strength", "agility", "endurance", "smarts", "luck", "magic", "resistance"] as const) {
        expect(Number.isInteger(stored[a]), `${doc.name} ${a}`).toBe(true);
      }
      expect(Object.keys(stored.skills).sort(), doc.name).toEqual([...FADE_SKILL_IDS].sort());
      expect(invalidEnergy, doc.name).toEqual([]);
      expect(stored.hp.value, doc.name).toBeNull();
    }
  });

  it("Duelist: the worked example's attacker, 8k4 to hit and 6k3 damage with Penetration 4", () => {
    const { stored, derived, doc } = npc("Duelist");
    expect(derived.physicalToHit).toBe("8k4");
    const weapon = system<FadeWeaponSystem>(doc.items!.find((i) => i.name === "Armor-piercing weapon")!);
    expect(damagePool(stored.strength, weapon.baseDamage)).toBe("6k3");
    expect(weapon.penetration).toBe(4);
    // 8 + 2 HP, 2 + 2 Soak; Defense 15 + 8 + 1, Avoid 10 + 8 + 0, Mental and Bodily 15 + 2 + 0.
    expect(derived).toMatchObject({ hpMax: 10, soak: 4, defense: 24, avoid: 18, mentalDefense: 17 });
    expect(derived.bodilyDefense).toBe(17);
    expect(derived.dodge).toBe("8k1");
  });

  it("Armored guard: the worked example's defender, 10 HP, Soak 4, Deflection 5 on the Body", () => {
    const { stored, derived, doc } = npc("Armored guard");
    expect(derived).toMatchObject({ hpMax: 10, soak: 4, defense: 23, avoid: 18, physicalToHit: "8k4" });
    expect(derived.deflection).toMatchObject({ body: 5, head: 5, rightArm: 0 });
    const weapon = system<FadeWeaponSystem>(doc.items!.find((i) => i.name === "Two-handed weapon")!);
    expect(damagePool(stored.strength, weapon.baseDamage)).toBe("8k3");
  });

  it("War beast: stacking hide under heavy barding (8 on the Body, 2 elsewhere), Fire Resist 5, 7k3 claws", () => {
    const { stored, derived, doc } = npc("War beast");
    expect(derived.deflection).toMatchObject({ body: 8, head: 2, leftLeg: 2 });
    expect(parseEnergyText(stored.energy).profile.resistances).toEqual({ fire: 5 });
    const claws = system<FadeWeaponSystem>(doc.items!.find((i) => i.name === "Natural weapon")!);
    expect(damagePool(stored.strength, claws.baseDamage)).toBe("7k3");
    // 20 + 6 HP, 3 + 1 Soak, speed 8 less the barding's 1.
    expect(derived).toMatchObject({ hpMax: 26, soak: 4, defense: 19, avoid: 14, bodilyDefense: 21, speed: 7 });
  });

  it("Battle mage: 8 HP and Soak 4, Defense 16 with Resistance 2, spells at 6k3 for 7k3", () => {
    const { stored, derived, doc } = npc("Battle mage");
    expect(derived).toMatchObject({ hpMax: 8, soak: 4, defense: 16, magicalToHit: "6k3" });
    expect(derived.vsSpells).toMatchObject({ defense: 17, avoid: 12 });
    for (const spell of doc.items!) {
      expect(system<FadeWeaponSystem>(spell).spell).toBe(true);
      expect(damagePool(stored.magic, system<FadeWeaponSystem>(spell).baseDamage)).toBe("7k3");
    }
  });
});

// ------------------------------------------------------------------------------------ Heroes of Destiny

interface HodWeaponSystem extends HodWeapon {
  speedClass: string;
  damageType: string;
  durability: { value: number; max: number };
  range: number;
  thrown: boolean;
  twoHanded: boolean;
  defense: string;
  weight: number;
}
interface HodArmorSystem {
  armor: number;
  naturalArmor: number;
  shield: number;
  topBonus: number;
  equipped: boolean;
  weight: number;
}
const staticSf = (cls: string) => SPEED_TABLE[cls as SpeedClass].fixed;

describe("Heroes of Destiny's packs", () => {
  const weapons = [...items("hod-weapons"), ...items("hod-spells")];
  const lang = JSON.parse(readFileSync(path.join(root, "src/rulesets/hod/lang/en.json"), "utf8")) as {
    ANTHOLOGY: { HoD: { Stance: Record<string, { name: string }>; Special: Record<string, { name: string }> } };
  };

  it("give every weapon and spell readable dice, a known category, speed class, damage type and defense", () => {
    for (const doc of weapons) {
      const w = system<HodWeaponSystem>(doc);
      expect(isWeaponCategory(w.category), doc.name).toBe(true);
      expect(damagePlan(w.damage).kind, doc.name).toBe("sum");
      expect(SPEED_CLASSES, doc.name).toContain(w.speedClass);
      expect(["", ...DAMAGE_TYPES], doc.name).toContain(w.damageType);
      expect(HOD_DEFENSES, doc.name).toContain(w.defense);
      expect(whole(w.durability.value) && whole(w.durability.max), doc.name).toBe(true);
      expect(w.durability.value, doc.name).toBeLessThanOrEqual(w.durability.max);
      expect(whole(w.range) && whole(w.weight), doc.name).toBe(true);
      if (w.thrown) expect(w.range, doc.name).toBeGreaterThan(0);
      if (w.composite) expect(w.category, doc.name).toBe("bows");
    }
  });

  it("cover every weapon category of the text in the weapons pack, and spells only in the spells pack", () => {
    const categories = new Set(items("hod-weapons").map((d) => system<HodWeaponSystem>(d).category));
    expect(categories.has("spell")).toBe(false);
    for (const c of [
      "axes",
      "gauntlets",
      "hammers",
      "heavySwords",
      "javelins",
      "lightSwords",
      "maces",
      "polearms",
      "tools",
      "disks",
      "bows",
      "chains",
      "crossbows",
      "daggers",
      "staffs",
      "unarmed",
      "natural",
    ]) {
      expect(categories.has(c as HodWeapon["category"]), c).toBe(true);
    }
    const spells = items("hod-spells").map((d) => system<HodWeaponSystem>(d));
    expect(spells.every((s) => s.category === "spell")).toBe(true);
    expect(new Set(spells.map((s) => s.defense))).toEqual(new Set(HOD_DEFENSES));
  });

  it("keep the text's numbers: a 40 ft shortbow, a dagger at SF 6, a long sword at SF 9, 1d3 nonlethal fists", () => {
    const w = (name: string) => system<HodWeaponSystem>(packDoc("hod-weapons", name));
    expect(w("Shortbow")).toMatchObject({ category: "bows", range: 40 });
    expect(staticSf(w("Dagger").speedClass)).toBe(6);
    expect(staticSf(w("Long sword").speedClass)).toBe(9);
    expect(w("Unarmed strike")).toMatchObject({ category: "unarmed", damage: "1d3", nonlethal: true });
    expect(w("Unarmed strike").durability.max).toBe(0);
  });

  it("keep armor and shields apart: armor gives an armor or natural bonus, shields only a shield bonus", () => {
    for (const doc of [...items("hod-armor"), ...items("hod-shields")]) {
      const a = system<HodArmorSystem>(doc);
      for (const n of [a.armor, a.naturalArmor, a.shield, a.topBonus, a.weight]) expect(whole(n), doc.name).toBe(true);
      expect(a.equipped, doc.name).toBe(true);
    }
    for (const doc of items("hod-armor")) {
      const a = system<HodArmorSystem>(doc);
      expect(a.shield, doc.name).toBe(0);
      expect(a.armor + a.naturalArmor, doc.name).toBeGreaterThan(0);
    }
    for (const doc of items("hod-shields")) {
      expect(system<HodArmorSystem>(doc), doc.name).toMatchObject({ armor: 0, naturalArmor: 0, topBonus: 0 });
      expect(system<HodArmorSystem>(doc).shield, doc.name).toBeGreaterThan(0);
    }
  });

  it("describe every special action of the rules once, with its fatigue and speed", () => {
    const entries = items("hod-actions").filter((d) => d.flags?.anthology?.specialAction);
    expect(entries.map((d) => d.flags?.anthology?.specialAction).sort()).toEqual(
      SPECIAL_ACTIONS.map((a) => a.id).sort(),
    );
    for (const action of SPECIAL_ACTIONS) {
      const entry = entries.find((d) => d.flags?.anthology?.specialAction === action.id)!;
      expect(entry.name).toBe(lang.ANTHOLOGY.HoD.Special[action.id]!.name);
      const html = entry.pages![0]!.text!.content;
      if (action.fatigue) expect(html, action.id).toContain(`<strong>Fatigue:</strong> ${action.fatigue}<`);
      else expect(html, action.id).not.toContain("Fatigue:");
      if (action.speed.kind === "class")
        expect(html, action.id).toContain(`static ${staticSf(action.speed.speedClass)})`);
      if (action.preparation) expect(html, action.id).toContain(`static ${staticSf(action.preparation)})`);
    }
  });

  it("give every stance a page with its shift speed, and the speed-class table row by row", () => {
    const stances = packDoc("hod-actions", "Stances").pages!;
    for (const id of STANCE_IDS) {
      const page = stances.find((pg) => pg.name === lang.ANTHOLOGY.HoD.Stance[id]!.name);
      expect(page, id).toBeDefined();
      expect(page!.text!.content, id).toContain(`static ${staticSf(STANCES[id].shift)})`);
    }
    const table = packDoc("hod-actions", "Speed classes").pages![0]!.text!.content;
    for (const cls of SPEED_CLASSES) {
      const { count, sides, plus, fixed } = SPEED_TABLE[cls];
      const random = count ? `${count}d${sides}${plus ? `+${plus}` : ""}` : "0";
      expect(table, cls).toContain(`<td>${random}</td><td>${fixed}</td>`);
    }
  });

  function npc(name: string) {
    const doc = packDoc("hod-npcs", name);
    const stored = system<HodActorSystem>(doc);
    const carried = (doc.items ?? []) as unknown as HodCarriedItem[];
    const source = hodSource(stored, carried);
    const weapon = (item: string) => system<HodWeaponSystem>(doc.items!.find((i) => i.name === item)!);
    const damage = (item: string) => weaponDamageFormula({ weapon: weapon(item), source, critical: false });
    return { stored, derived: hodDerive(source), weapon, damage };
  }

  it("give every NPC HP within its maximum and a basic stance", () => {
    for (const doc of items("hod-npcs")) {
      const { stored } = npc(doc.name);
      expect(stored.hp.value, doc.name).toBeLessThanOrEqual(stored.hp.max);
      expect(stored.hp.value, doc.name).toBeGreaterThan(0);
      expect(stored.stance, doc.name).toBe("");
    }
  });

  it("Garret: long sword +6 for 1d8 + 4 at SF 9; Primary 18, Threshold of Pain 6", () => {
    const { derived, weapon, damage } = npc("Garret");
    expect(derived).toMatchObject({ primary: 18, passive: 14, vigor: 14, celerity: 12, spirit: 12 });
    expect(derived.thresholdOfPain).toBe(6);
    expect(derived.attack.strength).toBe(6);
    expect(damage("Long sword")).toBe("1d8 + 4");
    expect(staticSf(weapon("Long sword").speedClass)).toBe(9);
  });

  it("Zherynn: dagger +6 for 1d4 + 4 at SF 6, shortbow 1d6 + 4; Celerity 16", () => {
    const { derived, weapon, damage } = npc("Zherynn");
    expect(derived).toMatchObject({ primary: 15, passive: 12, vigor: 11, celerity: 16, spirit: 13 });
    expect(derived.thresholdOfPain).toBe(4);
    expect(derived.attack.dexterity).toBe(6);
    expect(damage("Dagger")).toBe("1d4 + 4");
    expect(damage("Shortbow")).toBe("1d6 + 4");
    expect(staticSf(weapon("Dagger").speedClass)).toBe(6);
  });

  it("Hadwin: the Simultaneous Actions example's Threshold of Pain of 8, Primary 21", () => {
    const { derived, damage } = npc("Hadwin");
    expect(derived.thresholdOfPain).toBe(8);
    expect(derived).toMatchObject({ primary: 21, passive: 14, vigor: 16, celerity: 11, spirit: 13 });
    expect(damage("Battleaxe")).toBe("1d8 + 3");
  });

  it("Troll: Large (size −1), hide 3, claws +6 for 1d6 + 7, fists 1d4", () => {
    const { derived, damage } = npc("Troll");
    expect(derived).toMatchObject({ primary: 16, passive: 12, vigor: 19, celerity: 10, spirit: 10 });
    expect(derived.thresholdOfPain).toBe(4);
    expect(derived.attack.unarmed).toBe(6);
    expect(damage("Claws")).toBe("1d6 + 7");
    expect(damage("Unarmed strike")).toBe("1d4 + 7");
  });
});

// ------------------------------------------------------------------------------------------------ FUDGE

interface FudgeWeaponSystem {
  size: number;
  sharp: boolean;
  strength: number;
  heavyBlunt: boolean;
  muscle: boolean;
  ranged: boolean;
  propelled: boolean;
  twoHanded: boolean;
  skill: string;
}

describe("FUDGE's packs", () => {
  const weapon = (name: string) => system<FudgeWeaponSystem>(packDoc("fudge-weapons", name));

  it("hold every weapon of the text's table, each within the damage values the text gives", () => {
    // The table's rows, with the blowgun's two darts folded into the blowgun and the bastard sword's
    // one-handed and two-handed ratings as two items.
    expect(items("fudge-weapons")).toHaveLength(113);
    for (const doc of items("fudge-weapons")) {
      const w = system<FudgeWeaponSystem>(doc);
      expect(Number.isInteger(w.size) && w.size >= 0 && w.size <= 3, doc.name).toBe(true);
      expect(w.skill.length, doc.name).toBeGreaterThan(0);
    }
  });

  it("read the table's damage: size, sharpness and a weapon's own strength", () => {
    expect(weapon("Broad sword")).toMatchObject({ size: 2, sharp: true, strength: 0, twoHanded: false });
    expect(weapon("Two-Handed sword")).toMatchObject({ size: 3, sharp: true, twoHanded: true });
    expect(weapon("Hatchet")).toMatchObject({ size: 0, sharp: true });
    expect(weapon("Club")).toMatchObject({ size: 1, sharp: false });
    // Great bow +1 str/+1 sharp: muscle-powered, with its own +1.
    expect(weapon("Great bow")).toMatchObject({
      strength: 1,
      sharp: true,
      muscle: true,
      ranged: true,
      propelled: true,
    });
    // A crossbow is a weapon's strength, not the wielder's Build.
    expect(weapon("Heavy crossbow")).toMatchObject({ strength: 1, muscle: false, propelled: true });
    expect(weapon("Bastard sword (two-handed)")).toMatchObject({ size: 3, sharp: true, twoHanded: true });
    expect(weapon("Bastard sword (one-handed)")).toMatchObject({ size: 2, sharp: true, twoHanded: false });
  });

  it("mark maces, flails and hammers heavy blunt (armor counts half)", () => {
    for (const name of ["Heavy mace", "Flail", "War hammer", "Maul", "Iron staff"])
      expect(weapon(name).heavyBlunt, name).toBe(true);
    for (const name of ["Broad sword", "Club", "Quarter staff", "Morningstar"])
      expect(weapon(name).heavyBlunt, name).toBe(false);
    // The star-and-chain flails are spiked, yet still crush: heavy blunt too.
    expect(weapon("Star and Chain")).toMatchObject({ heavyBlunt: true, sharp: true });
  });

  it("give armor the text's protections and shields its three sizes", () => {
    const protection = items("fudge-armor").map((d) => system<{ protection: number }>(d).protection);
    expect(protection.sort()).toEqual([1, 2, 2, 3, 4, 5]);
    expect(
      items("fudge-shields")
        .map((d) => system<{ size: string }>(d).size)
        .sort(),
    ).toEqual(["large", "medium", "small"]);
  });

  it("give the NPCs ladder attributes, a skill for each weapon they carry, and an unmarked wound track", () => {
    for (const npc of items("fudge-npcs")) {
      const s = system<{ attributes: Record<string, number>; wounds: Record<string, number> }>(npc);
      expect(
        Object.values(s.attributes).every((v) => Number.isInteger(v) && v >= -4 && v <= 4),
        npc.name,
      ).toBe(true);
      expect(
        Object.values(s.wounds).every((v) => v === 0),
        npc.name,
      ).toBe(true);
      const skills = (npc.items ?? []).filter((i) => i.type === "fudge-skill").map((i) => i.name);
      for (const w of (npc.items ?? []).filter((i) => i.type === "fudge-weapon")) {
        expect(skills, `${npc.name}: ${w.name}`).toContain(system<FudgeWeaponSystem>(w).skill);
      }
    }
  });

  it("print the text's tables: the wound table, the graze table, the movement chart and more", () => {
    const [journal] = items("fudge-tables");
    const page = (name: string) => journal!.pages!.find((p) => p.name === name)!.text!.content;
    expect(page("Wounds")).toContain("<td>10–12</td><td>Critical Wound</td><td>1</td><td>−3</td>");
    expect(page("Grazes")).toContain("<td>0–4</td><td>Scratch</td>");
    expect(page("Movement")).toContain("<td>Legendary</td><td>18</td><td>216 m</td><td>45</td><td>72</td>");
    expect(page("Mass battles")).toContain("<td>90</td><td>+10</td>");
  });
});

// ----------------------------------------------------------------------------------------------- OpenD6

interface OpenD6WeaponSystem {
  damage: string;
  skill: string;
  short: number;
  medium: number;
  long: number;
}

describe("OpenD6's packs", () => {
  const weapon = (name: string) => system<OpenD6WeaponSystem>(packDoc("opend6-weapons", name));
  const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

  it("give every weapon a readable damage code, a combat skill, and ranges that grow", () => {
    for (const doc of items("opend6-weapons")) {
      const w = system<OpenD6WeaponSystem>(doc);
      expect(() => toPips(w.damage), doc.name).not.toThrow();
      expect(WEAPON_SKILLS, doc.name).toContain(w.skill);
      // A close-combat weapon has no ranges; a ranged one short < medium < long.
      if (w.short || w.medium || w.long) expect(w.short < w.medium && w.medium < w.long, doc.name).toBe(true);
      else expect(["brawling", "meleeCombat"], doc.name).toContain(w.skill);
      // Muscle-powered weapons add to Strength Damage ("+" codes); guns, bows and grenades stand alone.
      if (["marksmanship", "missileWeapons"].includes(w.skill)) expect(w.damage.startsWith("+"), doc.name).toBe(false);
    }
    expect(weapon("Heavy pistol")).toMatchObject({ damage: "4D+1", skill: "marksmanship", short: 10 });
    expect(weapon("Long sword")).toMatchObject({ damage: "+2D+1", skill: "meleeCombat" });
    expect(weaponDamage("3D", weapon("Long sword").damage)).toBe("4D+1");
  });

  it("give armor readable codes that add to resistance", () => {
    const codes = items("opend6-armor").map((d) => system<{ armor: string }>(d).armor);
    for (const code of codes) expect(toPips(code)).toBeGreaterThan(0);
    expect(normalize(system<{ armor: string }>(packDoc("opend6-armor", "Plate armor")).armor)).toBe("3D");
  });

  it("give the NPCs readable codes, the skill each weapon they carry uses, and an untouched track", () => {
    for (const npc of items("opend6-npcs")) {
      const s = system<{
        attributes: Record<string, string>;
        skills: Record<string, string>;
        wounds: string;
        bodyPoints: { value: number | null; max: number };
      }>(npc);
      const derived = opend6Derive(
        {
          attributes: s.attributes,
          skills: s.skills,
          wounds: "none",
          bodyPoints: { value: s.bodyPoints.max, max: s.bodyPoints.max },
          armor: (npc.items ?? []).filter((i) => i.type === "opend6-armor").map((i) => String(i.system!.armor)),
        },
        { mode: "wounds" },
      );
      expect(derived.invalid, npc.name).toEqual([]);
      expect(s.wounds, npc.name).toBe("none");
      expect(s.bodyPoints.value, npc.name).toBeNull();
      for (const w of (npc.items ?? []).filter((i) => i.type === "opend6-weapon")) {
        const skill = system<OpenD6WeaponSystem>(w).skill;
        expect(derived.skills[skill]!.trained, `${npc.name}: ${w.name}`).toBe(true);
      }
    }
  });

  it("print the tables the code reads: range, cover, posture, called shots, hit locations, wounds, healing", () => {
    // The numbers a new world plays with: each table setting's default text, read as the code reads it.
    const WORLD_TABLES = readTables((name) => TABLE_SETTINGS[name].default);
    expect(WORLD_TABLES).toEqual(DEFAULT_TABLES);
    expect(WORLD_TABLES.range).toEqual(RANGE_MODIFIER);
    expect(WORLD_TABLES.cover).toEqual(COVER_MODIFIER);
    expect(WORLD_TABLES.calledShot).toEqual(CALLED_SHOT_DIFFICULTY);
    expect(WORLD_TABLES.location).toEqual(HIT_LOCATION_MODIFIER);
    expect(WORLD_TABLES.healing).toEqual(WOUND_HEALING_DIFFICULTY);
    const [journal] = items("opend6-tables");
    const page = (name: string) => journal!.pages!.find((p) => p.name === name)!.text!.content;
    const row = (...cells: Array<string | number>) => `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;
    const ranges = { pointBlank: "Point Blank", short: "Short", medium: "Medium", long: "Long" } as const;
    for (const band of RANGES)
      expect(page("Combat difficulty")).toContain(row(ranges[band], signed(WORLD_TABLES.range[band])));
    const covers = {
      none: "None",
      quarter: "A quarter hidden",
      half: "Half hidden",
      threeQuarters: "Three quarters hidden",
    } as const;
    for (const cover of COVERS)
      expect(page("Combat difficulty")).toContain(row(covers[cover], signed(WORLD_TABLES.cover[cover])));
    expect(page("Combat difficulty")).toContain(row("Crouching", signed(postureModifier("crouching", "short"))));
    expect(page("Combat difficulty")).toContain(
      row("Prone, at Point Blank or Short range", signed(postureModifier("prone", "short"))),
    );
    expect(page("Combat difficulty")).toContain(
      row("Prone, at Medium or Long range", signed(postureModifier("prone", "long"))),
    );
    const sizes = { small: "10 to 50 cm", tiny: "1 to 10 cm", minute: "Under 1 cm" } as const;
    for (const size of ["small", "tiny", "minute"] as const)
      expect(page("Called shots and hit locations")).toContain(row(sizes[size], signed(WORLD_TABLES.calledShot[size])));
    const locations = { head: "Head", torso: "Torso", arm: "Arm", leg: "Leg", hand: "Hand" } as const;
    for (const where of ["head", "torso", "arm", "leg", "hand"] as const) {
      const m = WORLD_TABLES.location[where];
      expect(page("Called shots and hit locations")).toContain(
        row(locations[where], signed(m.difficulty), signed(m.damage)),
      );
    }
    // The default Wound-level chart: where each level starts, and its penalty in dice.
    const wounds = page("Wound levels");
    const starts = WOUND_CHART.map((l) => l.from);
    expect(starts).toEqual([1, 4, 9, 13, 16]);
    expect(wounds).toContain(row("1–3", "Stunned", `−${WOUND_PENALTY.stunned}D`));
    expect(wounds).toContain(row("4–8", "Wounded", `−${WOUND_PENALTY.wounded}D`));
    expect(wounds).toContain(row("9–12", "Severely Wounded", `−${WOUND_PENALTY.severelyWounded}D`));
    for (const d of DIFFICULTIES) expect(page("Difficulties")).toContain(`<td>${WORLD_TABLES.difficulty[d.id]}</td>`);
    // Each page names the world settings its tables are the defaults of.
    expect(page("Combat difficulty")).toContain("(OpenD6: range difficulties, OpenD6: cover)");
    expect(page("Called shots and hit locations")).toContain("(OpenD6: called shots, OpenD6: hit locations)");
    expect(page("Difficulties")).toContain("(OpenD6: difficulty ladder)");
    expect(page("Healing")).toContain("(OpenD6: healing difficulties)");
    const healing = page("Healing");
    expect(healing).toContain(`Very Easy (${WORLD_TABLES.healing.stunned})`);
    expect(healing).toContain(`Very Difficult (${WORLD_TABLES.healing.mortallyWounded})`);
    for (const [total, label] of [
      [3, "1–5"],
      [8, "6–10"],
      [13, "11–15"],
      [18, "16–20"],
      [23, "21–25"],
      [28, "26–30"],
      [31, "31 or more"],
    ] as const) {
      const code = naturalBodyPoints(total);
      expect(healing).toContain(row(label, code === "0D+2" ? "2" : code));
    }
  });
});

// ------------------------------------------------------------------------------------------ Fading Suns

describe("Fading Suns' packs", () => {
  const fsSystem = (pack: string, name: string) => system<Record<string, unknown>>(packDoc(pack, name));
  const row = (...cells: Array<string | number>) => `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;

  it("give every weapon a DMG, a combat skill that fits how it is used, and ranges for what flies", () => {
    for (const doc of items("fading-suns-weapons")) {
      const w = system<{ damage: number; skill: string; kind: string; range: string }>(doc);
      expect(w.damage, doc.name).toBeGreaterThan(0);
      expect(FS_WEAPON_SKILLS, doc.name).toContain(w.skill);
      expect(WEAPON_KINDS, doc.name).toContain(w.kind);
      if (w.kind === "melee")
        expect([w.skill, w.range], doc.name).toEqual([w.skill === "fight" ? "fight" : "melee", ""]);
      else expect([w.skill, w.range], doc.name).toEqual(["shoot", expect.stringMatching(/^\d+\/\d+$/)]);
    }
    expect(fsSystem("fading-suns-weapons", "Rapier")).toMatchObject({ damage: 4, goal: 1, skill: "melee" });
    expect(fsSystem("fading-suns-weapons", "Blaster pistol")).toMatchObject({ damage: 7, kind: "ranged" });
  });

  it("give armor a rating, worn", () => {
    for (const doc of items("fading-suns-armor")) {
      expect(system<{ armor: number; equipped: boolean }>(doc)).toMatchObject({ equipped: true });
      expect(system<{ armor: number }>(doc).armor, doc.name).toBeGreaterThan(0);
    }
    expect(fsSystem("fading-suns-armor", "Synthsilk")).toMatchObject({ armor: 4 });
  });

  it("give the NPCs Vitality from Endurance, the best armor they carry, and the skill of each weapon", () => {
    const thug = packDoc("fading-suns-npcs", "Street thug");
    const s = system<{
      characteristics: Record<string, number>;
      vitality: { value: null; max: null };
      defense: number;
    }>(thug);
    // Endurance 5: 10 Vitality; a leather jerkin: armor 3; Strength 5: no damage bonus.
    const derived = fsDerive({
      strength: s.characteristics.strength!,
      endurance: s.characteristics.endurance!,
      vitality: s.vitality,
      defense: s.defense,
      stance: "neutral",
      aggressive: "goal",
      surprised: false,
      armor: (thug.items ?? []).filter((i) => i.type === "fading-suns-armor").map((i) => Number(i.system!.armor)),
    });
    expect(derived).toMatchObject({ armor: 3, strengthBonus: 0, vitality: { max: 10, value: 10 } });
    for (const npc of items("fading-suns-npcs")) {
      const n = system<{ naturalSkills: Record<string, number> }>(npc);
      for (const w of (npc.items ?? []).filter((i) => i.type === "fading-suns-weapon")) {
        expect(n.naturalSkills[String(w.system!.skill)], `${npc.name}: ${w.name}`).toBeGreaterThan(0);
      }
    }
  });

  it("print the text's charts as the code reads them: Victory Points, Strength, range, sustained tasks", () => {
    const [journal] = items("fading-suns-tables");
    const page = (name: string) => journal!.pages!.find((p) => p.name === name)!.text!.content;
    const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
    for (let r = 2; r < 20; r += 2)
      expect(page("Goal rolls and Victory Points")).toContain(row(`${r}–${r + 1}`, victoryPoints(r)));
    expect(page("Goal rolls and Victory Points")).toContain(row(1, victoryPoints(1)));
    for (let s = 1; s <= 12; s++) expect(page("Strength and damage")).toContain(`<td>${s}</td>`);
    expect(page("Strength and damage")).toContain(row(9, "160 kg", signed(strengthDamageBonus(9))));
    expect(page("Strength and damage")).toContain(row(12, "220 kg", signed(strengthDamageBonus(12))));
    const bands = {
      pointBlank: "Point Blank",
      short: "Short",
      long: "Long",
      extreme: "Extreme",
      sniper: "Sniper",
    } as const;
    for (const [band, label] of Object.entries(bands))
      expect(page("Fighting")).toContain(row(label, signed(fsRange(band as keyof typeof bands))));
    const tasks = page("Contested, complementary and sustained actions");
    for (const t of SUSTAINED_TASKS.slice(0, 4)) expect(tasks).toContain(`<td>${t.vp}</td>`);
    expect(tasks).toContain(row("Arcane", "25 or more"));
  });
});
