/** Fade actors and items as a sheet stores them, shared by the data, sheet and flow tests. */
import type { CarriedItem, FadeActorSystem } from "../../src/rulesets/fade/data/source";

export const zero = { rolled: 0, kept: 0, flat: 0 };
export const parts = { head: 0, rightArm: 0, leftArm: 0, body: 0, rightLeg: 0, leftLeg: 0 };

/** The worked-out fighter of fade-derive.test.ts, as a sheet stores it. */
export const fighterSystem: FadeActorSystem = {
  strength: 6,
  agility: 6,
  endurance: 4,
  smarts: 2,
  luck: 3,
  magic: 0,
  resistance: 2,
  level: 3,
  classHp: 12,
  hpGained: 6,
  hp: { value: null },
  speciesSize: 2,
  classSoak: 2,
  speed: 6,
  speedLoss: 0,
  attacksPerRound: 1,
  bonuses: {
    hp: 0,
    soak: 0,
    allDefenses: 0,
    defense: 0,
    avoid: 0,
    mentalDefense: 0,
    bodilyDefense: 0,
    toHit: zero,
    damage: zero,
  },
  naturalDeflection: parts,
  naturalDeflectionStacks: false,
  energy: { resistances: "", immunities: "", absorptions: "", weaknesses: "" },
  luckRerollsUsed: 0,
};

export const fighterItems: CarriedItem[] = [
  {
    type: "fade-armor",
    system: {
      deflection: { ...parts, body: 5, rightArm: 3, leftArm: 3 },
      speedPenalty: 1,
      stacks: false,
      equipped: true,
      weight: 25,
    },
  },
  { type: "fade-armor", system: { deflection: { ...parts, head: 9 }, speedPenalty: 3, equipped: false, weight: 5 } },
  { type: "fade-weapon", system: { weight: 6 } },
  { type: "fade-gear", system: { weight: 2, quantity: 12 } },
];

/** The fighter's items as documents' data (name, type, system), for the document stand-ins. */
export const fighterItemData = [
  { name: "Chain shirt", type: "fade-armor", system: fighterItems[0]!.system },
  { name: "Spare helm", type: "fade-armor", system: fighterItems[1]!.system },
  {
    name: "Longsword <i>of</i> Ash",
    type: "fade-weapon",
    system: { baseDamage: "4k2", penetration: 4, damageType: "", weight: 6 },
  },
  { name: "Rations", type: "fade-gear", system: fighterItems[3]!.system },
];
