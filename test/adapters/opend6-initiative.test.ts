import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnthologyCombat as CombatClass } from "../../src/combat/anthology-combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { loadOpenD6World, opend6Actors } from "../support/opend6-world";

// Issue 29 (OpenD6, missing): initiative ties broken by the text's order of codes, in the tracker's
// turn order. Kira: Perception 3D, search 5D, Reflexes 3D+1, dodge 4D+1. The thug: Perception 3D,
// search 3D, Reflexes 2D+2, dodge 2D+2. The thug's combatant is named "A thug", so the name order
// alone would put it first.

let record: StandInRecord;
let kira: StandInActor;
let thug: StandInActor;

type Combat = CombatClass & {
  addCombatant(c: unknown): { id: string; initiative: number | null };
  combatants: Map<string, { id: string; initiative: number | null }>;
};
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);

function fight(initiatives: { kira: number | null; thug: number | null }): Combat {
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const Combat = config.Combat.documentClass as new (d: object) => Combat;
  const Combatant = config.Combatant.documentClass as new (d: object) => object;
  const combat = new Combat({ id: "ties" });
  combat.addCombatant(new Combatant({ id: "kira", name: "Kira", initiative: initiatives.kira, actor: kira }));
  combat.addCombatant(new Combatant({ id: "thug", name: "A thug", initiative: initiatives.thug, actor: thug }));
  (game as unknown as { combat: unknown }).combat = combat;
  return combat;
}

const order = (combat: Combat) => combat.turns.map((c) => c.id);

beforeAll(async () => {
  ({ record } = await loadOpenD6World());
});

beforeEach(async () => {
  await setting("opend6Initiative", "scene");
  await setting("opend6InitiativeBonus", false);
  ({ kira, thug } = await opend6Actors());
  fulfillment.length = 0;
  record.notifications.length = 0;
});

describe("OpenD6 initiative ties", () => {
  it('"ties are broken by moving to the next factor": equal Perception, the better search acts first', () => {
    expect(order(fight({ kira: 12, thug: 12 }))).toEqual(["kira", "thug"]);
    // Not a tie: the roll decides, whatever the codes.
    expect(order(fight({ kira: 11, thug: 12 }))).toEqual(["thug", "kira"]);
  });

  it("moves on to Reflexes, then dodge, when search ties too", async () => {
    await kira.update({ "system.skills.search": "" });
    // search 3D each: Reflexes 3D+1 against 2D+2.
    expect(order(fight({ kira: 12, thug: 12 }))).toEqual(["kira", "thug"]);
    await kira.update({ "system.attributes.reflexes": "2D+2", "system.skills.dodge": "" });
    // Every code the same: the tracker's name order.
    expect(order(fight({ kira: 12, thug: 12 }))).toEqual(["thug", "kira"]);
    await thug.update({ "system.skills.dodge": "1D" });
    // dodge 3D+2 against Kira's 2D+2.
    expect(order(fight({ kira: 12, thug: 12 }))).toEqual(["thug", "kira"]);
    await thug.update({ "system.skills.dodge": "", "system.attributes.perception": "2D+2" });
    // Perception first: 3D against 2D+2.
    expect(order(fight({ kira: 12, thug: 12 }))).toEqual(["kira", "thug"]);
  });
});
