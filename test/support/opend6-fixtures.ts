/** OpenD6 actors and items as a sheet stores them, shared by the data, sheet and flow tests. */

/** Kira, a sharpshooter: Coordination 3D+2 and marksmanship +1D+1 make 5D with a pistol. */
export const kiraSystem = {
  attributes: {
    reflexes: "3D+1",
    coordination: "3D+2",
    physique: "3D",
    knowledge: "2D+1",
    perception: "3D",
    presence: "2D+2",
  },
  skills: { dodge: "1D", marksmanship: "1D+1", brawling: "1D", search: "2D" },
  characterPoints: 5,
  fatePoints: 1,
  move: 10,
  scale: 0,
  wounds: "none",
  bodyPoints: { value: null, max: 22 },
};

export const kiraItemData = [
  {
    name: "Pistol <b>of</b> Doom",
    type: "opend6-weapon",
    system: { damage: "4D", skill: "marksmanship", short: 10, medium: 25, long: 50 },
  },
  { name: "Knife", type: "opend6-weapon", system: { damage: "+1D", skill: "meleeCombat" } },
  { name: "Leather jacket", type: "opend6-armor", system: { armor: "1D", equipped: true } },
  { name: "Spare helmet", type: "opend6-armor", system: { armor: "0D+2", equipped: false } },
  { name: "Rope", type: "opend6-gear", system: { quantity: 1 } },
];

/** A thug: Physique 3D, no armor; resistance 3D with Wound levels. */
export const thugSystem = {
  attributes: { reflexes: "2D+2", physique: "3D" },
  wounds: "none",
  bodyPoints: { value: null, max: 15 },
};
