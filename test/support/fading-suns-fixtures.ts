/** Fading Suns actors and items as a sheet stores them, shared by the data, sheet and flow tests. */

/**
 * Erian, a duelist: Dexterity 6 and Melee 5 make a natural goal of 11 with the rapier; Shoot 6 makes 12
 * with the blaster. Strength 7 gives +1 damage; Endurance 5 gives 10 Vitality.
 */
export const erianSystem = {
  characteristics: { strength: 7, dexterity: 6, endurance: 5, wits: 5, perception: 4, tech: 3 },
  naturalSkills: { fight: 4, melee: 5, shoot: 6, observe: 4, dodge: 3 },
  wyrd: { value: 4, max: 5 },
  defense: 1,
};

export const erianItemData = [
  {
    name: "Rapier <b>fine</b>",
    type: "fading-suns-weapon",
    system: { damage: 4, goal: 1, skill: "melee", kind: "melee" },
  },
  {
    name: "Blaster",
    type: "fading-suns-weapon",
    system: { damage: 6, goal: 0, skill: "shoot", kind: "ranged", range: "10/20" },
  },
  { name: "Synthsilk", type: "fading-suns-armor", system: { armor: 3, equipped: true } },
  { name: "Spare helm", type: "fading-suns-armor", system: { armor: 5, equipped: false } },
  { name: "Physick", type: "fading-suns-skill", system: { rating: 4, characteristic: "wits" } },
  { name: "Rope", type: "fading-suns-gear", system: { quantity: 1 } },
];

/** A brute: Endurance 4 (9 Vitality), base Defense 1, a leather jerkin worth 2. */
export const bruteSystem = {
  characteristics: { strength: 5, dexterity: 4, endurance: 4 },
  naturalSkills: { fight: 5 },
  defense: 1,
};

export const bruteItemData = [{ name: "Leather jerkin", type: "fading-suns-armor", system: { armor: 2 } }];
