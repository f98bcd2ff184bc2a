import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodAttackData, HodAttackRow } from "../../src/rulesets/hod/chat/card-data";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import {
  answerDialog,
  hodActors,
  hodFighter,
  item,
  loadHodWorld,
  noCombat,
  target,
  timeCountFight,
} from "../support/hod-world";
import { cardData, press } from "../support/play";

const system = (actor: StandInActor) => actor.system as unknown as Record<string, unknown>;

// Attacks on the Time Count (GM's client): the attack records the action with the weapon's SF when
// the attacker is due, and a fumble adds 1d6 and leaves the attacker unsteady.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

/** An attack with the actor's longsword, as the sheet's button makes it. */
const swing = async (actor: StandInActor) =>
  (await flow.rollHodAttack(actor, item(actor, "Longsword <i>of</i> Ash"))) as unknown as StandInMessage;
const attack = (message: unknown) => cardData<HodAttackData, HodAttackRow>(message);
const plainAttack = { defense: "primary", position: "front", cover: "none" };

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  record.messages.length = 0;
  fulfillment.length = 0;
  target(goblin, "Goblin");
  noCombat();
});

async function fight() {
  const fought = await timeCountFight(garret, goblin);
  expect(fought.combat.timeCount).toBe(6);
  return fought;
}

describe("Heroes of Destiny attacks on the Time Count", () => {
  it("records an attack by a combatant who is due: TC + the longsword's rolled Standard SF", async () => {
    const { combat, me } = await fight();
    answerDialog(plainAttack);
    // d20 10 hits, its 1d8 shows 5, then the SF: Garret has a player owner, so 1d6+6 is rolled: 4 + 6 = 10.
    fulfillment.push(10, 5, 4);
    const card = await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(attack(card).data).toMatchObject({ schedule: { state: "due", tc: 6 } });
    expect(me.initiative).toBe(16);
    expect(me.getFlag("anthology", "unsteady")).not.toBe(true);
    const acted = record.messages.at(-1) as StandInMessage;
    expect(acted.flavor).toBe("Garret: Attack with a weapon. Speed factor 10, next action at TC 16.");
    expect(combat.timeCount).toBe(6);
  });

  it("records two weapons at once with both speed factors, the worse counting, and an alternating attack one class faster", async () => {
    const { combat, me } = await fight();
    target(null);
    // The longsword with the rapier at once: d20 12, then Standard 1d6+6 shows 1 (7) and the
    // rapier's Fast 1d6+3 shows 6 (9): the worse, 9, puts the next action at TC 15.
    answerDialog({ ...plainAttack, situations: ["twoWeapons"] });
    fulfillment.push(12, 1, 6);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(me.initiative).toBe(15);
    await combat.delayCombatant("goblin", 20);
    await combat.nextTurn();
    expect(combat.timeCount).toBe(15);
    // Alternating with the rapier: the longsword's Standard is one class faster, Fast 1d6+3: 4 + 3.
    answerDialog({ ...plainAttack, situations: ["alternating"] });
    fulfillment.push(12, 4);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(me.initiative).toBe(22);
  });

  it("offers the weapons in hand in the Act dialog: melee beside the second weapon, bare hands only with nothing else", async () => {
    const { actWeapons } = await import("../../src/rulesets/hod/combat/act-form");
    const { otherWeapons } = await import("../../src/rulesets/hod/chat/attack");
    expect(actWeapons(garret)).toEqual(
      ["Fists", "Longsword <i>of</i> Ash", "Rapier", "Shortbow"].map((name) => ({
        name,
        speedClass: name === "Rapier" ? "fast" : "standard",
        // Each option names its item, so the GM knows which weapon was picked (a longbow from a crouch).
        id: item(garret, name).id,
      })),
    );
    expect(actWeapons(null)).toEqual([]);
    const sword = item(garret, "Longsword <i>of</i> Ash") as unknown as { uuid: string };
    expect(otherWeapons(garret as never, sword)).toEqual(["fast"]);
    const club = item(goblin, "Club") as unknown as { uuid: string };
    expect(otherWeapons(goblin as never, club)).toEqual([]);
  });

  it("slows an afflicted attacker: a class per paralysis level, +1 SF per point of petrification and per slashing impairment", async () => {
    const { me } = await fight();
    // Garret's Vigor is 10 + 2 + 2 = 14: paralysis 7 is half of it, one class slower (Standard → Slow,
    // 1d8+8); petrification 2 adds 2; one slashing impairment adds 1 to the weapon's SF.
    await garret.update({ "system.paralysis": 7, "system.petrification": 2, "system.impairments.slashing": 1 });
    answerDialog(plainAttack);
    fulfillment.push(15, 5, 3);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    // 3 + 8 + 2 + 1 = 14: next at TC 20.
    expect(me.initiative).toBe(20);
  });

  it("adds 1d6 to the weapon's SF on a fumble and leaves the attacker unsteady", async () => {
    const { me } = await fight();
    answerDialog(plainAttack);
    // d20 1; the rapier's Fast SF 1d6+3 shows 2, the fumble's 1d6 shows 5: 10, next at TC 16.
    fulfillment.push(1, 2, 5);
    await flow.rollHodAttack(garret, item(garret, "Rapier"));
    expect(me.initiative).toBe(16);
    expect(me.getFlag("anthology", "unsteady")).toBe(true);
    // Unsteady until it acts again: the goblin's attacks on Garret meet his Passive defense.
    target(garret);
    answerDialog(null);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    const view = record.rendered.filter((r) => r.path.endsWith("hod/roll-dialog.hbs")).at(-1)!.data as {
      defenses: Array<{ id: string; selected: boolean }>;
    };
    expect(view.defenses.find((d) => d.selected)?.id).toBe("passive");
  });

  it("records nothing for a combatant who is not due, and says so on the card", async () => {
    const { them } = await fight();
    target(garret);
    answerDialog(plainAttack);
    // 10 + 3 misses Garret's Primary 16: nothing more to roll.
    fulfillment.push(10);
    const card = await flow.rollHodAttack(goblin, item(goblin, "Club"));
    expect(attack(card).data).toMatchObject({ schedule: { state: "notDue", tc: 6, next: 8 } });
    expect(them.initiative).toBe(8);
    expect(record.messages.at(-1)).toBe(card);
    const view = record.rendered.filter((r) => r.path.endsWith("hod/attack-card.hbs")).at(-1)!.data as {
      schedule: { key: string; data: Record<string, string> };
    };
    expect(view.schedule).toMatchObject({
      key: "ANTHOLOGY.HoD.Card.Schedule.notDue",
      data: { name: "Goblin <script>", next: "8", tc: "6" },
    });
  });

  it("moves a count at a time, the Act dialog keeping the movement's count while the combatant keeps moving", async () => {
    const { combat, me } = await fight();
    const { hodTimeCount } = await import("../../src/rulesets/hod/combat/time-count-actions");
    const dialog = () =>
      hodTimeCount.dialog.context({ name: "Garret", rolled: true, actor: garret }) as {
        move: { count: number; paces: Array<{ squares: number; feet: number }> };
      };
    await garret.update({ "system.speed": 15 });
    // Slow (15 ft): 1, 1, 0, 1. A new movement starts at count 1.
    expect(dialog().move.count).toBe(1);
    expect(dialog().move.paces[0]).toMatchObject({ feet: 15, squares: 1 });
    await combat.actCombatant("garret", { action: "move", pace: "base", moveCount: 1 });
    expect(me.initiative).toBe(7); // a count: TC 6 + 1
    await combat.nextTurn();
    expect(dialog().move.count).toBe(2);
    expect(dialog().move.paces[0]!.squares).toBe(1);
    await combat.actCombatant("garret", { action: "move", pace: "base", moveCount: 2 });
    await combat.nextTurn();
    // The third count of a Slow movement moves nothing.
    expect(dialog().move.count).toBe(3);
    expect(dialog().move.paces[0]!.squares).toBe(0);
    // Another action ends the movement: the next one starts again at count 1.
    await combat.actCombatant("garret", { action: "custom", speedFactor: 1 });
    expect(dialog().move.count).toBe(1);
  });

  it("uses the static SF for an NPC, the casting time to prepare a spell and SF 1 to cast it", async () => {
    const { combat, them, me } = await fight();
    // Garret acts first (an SF of 4 entered in the tracker), then the count moves to the goblin at TC 8.
    await combat.actCombatant("garret", { action: "custom", speedFactor: 4 });
    await combat.nextTurn();
    expect(combat.timeCount).toBe(8);
    target(garret);
    answerDialog(plainAttack);
    fulfillment.push(10);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    // Static Standard SF 9: next at 17.
    expect(them.initiative).toBe(17);
    expect(me.initiative).toBe(10);
    await combat.nextTurn();
    const spell = await garret.createEmbeddedDocuments("Item", [
      {
        name: "Spark",
        type: "hod-weapon",
        system: { category: "spell", damage: "1d6", speedClass: "standard", durability: { value: 0, max: 0 } },
      },
    ]);
    // Preparing takes the spell's casting time (Standard for a player character: 1d6+6, rolled 3).
    fulfillment.push(3);
    await flow.prepareHodSpell(garret as never, spell[0] as never);
    expect(me.initiative).toBe(19);
    await combat.nextTurn();
    expect(combat.timeCount).toBe(17);
    await combat.actCombatant("goblin", { action: "custom", speedFactor: 10 });
    await combat.nextTurn();
    expect(combat.timeCount).toBe(19);
    answerDialog({ defense: "spirit" });
    answerDialog({ takeTen: "on" });
    fulfillment.push(1);
    await flow.rollHodAttack(garret, spell[0] as never);
    // A natural 1 with a spell misses but is no fumble; casting costs SF 1.
    // The last card (the Time Count's chat line for the cast follows it).
    const cards = record.messages.filter((m) => (m as StandInMessage).getFlag("anthology", "card"));
    expect(attack(cards.at(-1))).toMatchObject({
      data: { fumble: false },
      targets: [{ data: { defense: { id: "spirit", hit: false } } }],
    });
    expect(me.initiative).toBe(20);
  });
});

describe("The Time Count tracker's lines for Heroes of Destiny combatants", () => {
  it("shows HP, fatigue against current HP and the Threshold of Pain left, with the conditions they mean", async () => {
    const { hodTrackerStatus } = await import("../../src/rulesets/hod/combat/tracker-status");
    // The goblin: 8 HP, Threshold of Pain 3. Fatigue 9 at 8 HP puts consciousness at risk; 16 is dying.
    expect(hodTrackerStatus(goblin)).toEqual({
      tracks: [
        { key: "ANTHOLOGY.HoD.Tracker.hp", value: 8, max: 8 },
        { key: "ANTHOLOGY.HoD.Tracker.fatigue", value: 0, max: 8 },
        { key: "ANTHOLOGY.HoD.Tracker.top", value: 3, max: 3 },
      ],
      markers: [],
    });
    await goblin.update({ "system.fatigue": 9, "system.topLost": 3 });
    await goblin.toggleStatusEffect("stun");
    const status = hodTrackerStatus(goblin);
    expect(status.tracks).toEqual([
      { key: "ANTHOLOGY.HoD.Tracker.hp", value: 8, max: 8 },
      { key: "ANTHOLOGY.HoD.Tracker.fatigue", value: 9, max: 8, tone: "bad" },
      { key: "ANTHOLOGY.HoD.Tracker.top", value: 0, max: 3, tone: "bad" },
    ]);
    expect(status.markers).toEqual([
      { key: "ANTHOLOGY.HoD.Sheet.State.wounded", tone: "bad" },
      { key: "EFFECT.StatusStunned", tone: "note" },
    ]);
    // Fatigue at twice current HP is dying.
    await goblin.update({ "system.fatigue": 16 });
    expect(hodTrackerStatus(goblin).markers[0]).toEqual({ key: "ANTHOLOGY.HoD.Sheet.State.dying", tone: "bad" });
    // Knocked prone is the prone stance, shown with the statuses; a grab's status too.
    await goblin.update({ "system.stance": "prone" });
    await goblin.toggleStatusEffect("hod-grabbed");
    expect(hodTrackerStatus(goblin).markers.slice(2)).toEqual([
      { key: "ANTHOLOGY.HoD.Stance.prone.name", tone: "note" },
      { key: "EFFECT.StatusStunned", tone: "note" },
      { key: "ANTHOLOGY.HoD.Status.grabbed", tone: "note" },
    ]);
  });

  it("shows the numbers only to the combatant's owners and the GM; the markers to everyone", async () => {
    const { rowStatus } = await import("../../src/combat/time-count-tracker");
    const { hodTrackerStatus } = await import("../../src/rulesets/hod/combat/tracker-status");
    await goblin.update({ "system.topLost": 3 });
    expect(rowStatus(hodTrackerStatus, goblin, false)).toEqual({
      tracks: [],
      markers: [{ key: "ANTHOLOGY.HoD.Sheet.State.wounded", tone: "bad" }],
    });
    expect(rowStatus(hodTrackerStatus, goblin, true).tracks).toHaveLength(3);
    expect(rowStatus(undefined, goblin, true)).toEqual({});
  });
});

describe("Unconscious on the Time Count", () => {
  const statusesOf = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];

  it("keeps a knocked-out combatant out for 10 TC a point failed; it still comes due and tries to wake, 1d10 TC between tries", async () => {
    const { combat, them } = await fight();
    // The goblin (Constitution +1, 8 HP) at fatigue 12: the check to stay conscious is DC 4.
    await goblin.update({ "system.fatigue": 12 });
    answerDialog({ modifier: "0" });
    fulfillment.push(1, 1, 1);
    await flow.rollHodCheck(goblin, "constitution", 4, { consciousness: true });
    // 3 + 1 = 4 meets DC 4: still awake, and nothing moves.
    expect(them.initiative).toBe(8);
    expect(statusesOf(goblin)).not.toContain("unconscious");
    answerDialog({ modifier: "0" });
    fulfillment.push(1, 1, 1);
    await flow.rollHodCheck(goblin, "constitution", 6, { consciousness: true });
    // 4 against DC 6 fails by 2: out for 20 TC from TC 6, so its next action waits for TC 26.
    expect(them.initiative).toBe(26);
    expect(statusesOf(goblin)).toContain("unconscious");
    expect(combat.timeCount).toBe(6);
    // Fatigue 13 against 8 HP: the check to wake is DC 5. Garret waits past it; the count reaches 26.
    await goblin.update({ "system.fatigue": 13 });
    await combat.delayCombatant("garret", 40);
    await combat.nextTurn();
    expect(combat.timeCount).toBe(26);
    // 1 + 1 + 1 + 1 = 4 fails DC 5: the 1d10 (7) says when the next try comes, TC 33.
    answerDialog({ modifier: "0" });
    fulfillment.push(1, 1, 1, 7);
    await flow.rollHodCheck(goblin, "constitution", 5, { waking: true });
    expect(cardData<{ waking: boolean }>(record.messages.at(-1)).data).toMatchObject({
      waking: true,
      success: false,
      recheckTc: 7,
    });
    expect(them.initiative).toBe(33);
    expect(statusesOf(goblin)).toContain("unconscious");
    await combat.nextTurn();
    expect(combat.timeCount).toBe(33);
    // 2 + 2 + 1 + 1 = 6 meets DC 5: awake, and due now, it acts from here as usual.
    answerDialog({ modifier: "0" });
    fulfillment.push(2, 2, 1);
    await flow.rollHodCheck(goblin, "constitution", 5, { waking: true });
    expect(cardData<{ waking: boolean }>(record.messages.at(-1)).data).toMatchObject({
      success: true,
      recheckTc: null,
    });
    expect(statusesOf(goblin)).not.toContain("unconscious");
    expect(them.initiative).toBe(33);
  });
});

describe("Hits on one Time Count, applied by the GM", () => {
  it("judges a second hit of the same count against the Threshold of Pain the count began with, in any order", async () => {
    const brannoc = await hodFighter("Brannoc");
    const { combat } = await timeCountFight(garret, goblin, { garret: 6, goblin: 8 }, [
      { id: "brannoc", actor: brannoc, initiative: 6 },
    ]);
    expect(combat.timeCount).toBe(6);
    // Both hit the goblin (Threshold of Pain 3, 8 HP) at TC 6: 9 damage from Garret (d20 10, 1d8 5,
    // SF 4), then 5 from Brannoc (d20 12, 1d8 1, SF 2).
    answerDialog(plainAttack);
    fulfillment.push(10, 5, 4);
    const first = await swing(garret);
    answerDialog(plainAttack);
    fulfillment.push(12, 1, 2);
    const second = await swing(brannoc);
    // Applied second first: 5 against ToP 3 is 3 fatigue and 2 HP.
    await press(second, "apply", 0);
    expect(system(goblin)).toMatchObject({ hp: { value: 6 }, fatigue: 3, topLost: 1 });
    // Then the 9: against the count's ToP 3 (not 2): 3 fatigue and 6 HP, 0 HP left, dead.
    await press(first, "apply", 0);
    expect(system(goblin)).toMatchObject({ hp: { value: 0 }, fatigue: 6, topLost: 2 });
    expect(cardData(first).targets[0]!.applied?.summary).toMatchObject({ simultaneous: 1, countTop: 3 });
    const shown = record.rendered.filter((r) => r.path.endsWith("hod/attack-card.hbs")).at(-1)!.data as {
      rows: Array<{ applied: { simultaneous: unknown; overThreshold: boolean } }>;
    };
    expect(shown.rows[0]!.applied).toMatchObject({ simultaneous: { earlier: 1, top: 3 }, overThreshold: true });
    // One after another the 5 would have met ToP 2: 2 fatigue, 3 HP. Undoing the first leaves the second's share.
    await press(first, "undo", 0);
    expect(system(goblin)).toMatchObject({ hp: { value: 6 }, fatigue: 3, topLost: 1 });
  });

  it("lowers the count's Threshold for impairments by 1 per attacker beyond the first, with Simultaneous Actions on", async () => {
    const brannoc = await hodFighter("Brannoc");
    await timeCountFight(garret, goblin, { garret: 6, goblin: 8 }, [{ id: "brannoc", actor: brannoc, initiative: 6 }]);
    // At TC 6 Garret deals 9 (d20 10, 1d8 5) and Brannoc 3 (d20 12, 1d8 1, damage −2) to the goblin (ToP 3).
    answerDialog(plainAttack);
    fulfillment.push(10, 5, 4);
    const first = await swing(garret);
    answerDialog({ ...plainAttack, damageModifier: "-2" });
    fulfillment.push(12, 1, 2);
    const second = await swing(brannoc);
    const set = (key: string, value: boolean) => game.settings!.set("anthology" as never, key as never, value as never);
    await set("hodImpairments", true);
    try {
      // Impairments alone: the 3 does not exceed the count's 3, the 9 does: one slashing impairment.
      await press(second, "apply", 0);
      expect(system(goblin).impairments).toMatchObject({ slashing: 0 });
      await press(first, "apply", 0);
      expect(system(goblin).impairments).toMatchObject({ slashing: 1 });
      await press(first, "undo", 0);
      await press(second, "undo", 0);
      // Simultaneous Actions: two attackers hit, the count's Threshold is 3 − 1 = 2 for both: two impairments,
      // the second hit applied bringing the first one's along.
      await set("hodSimultaneous", true);
      await press(second, "apply", 0);
      expect(system(goblin).impairments).toMatchObject({ slashing: 0 });
      await press(first, "apply", 0);
      expect(system(goblin).impairments).toMatchObject({ slashing: 2 });
      expect(cardData(first).targets[0]!.applied?.summary).toMatchObject({ impairment: ["slashing", "slashing"] });
      await press(first, "undo", 0);
      expect(system(goblin).impairments).toMatchObject({ slashing: 0 });
    } finally {
      await set("hodImpairments", false);
      await set("hodSimultaneous", false);
    }
  });

  it("applies hits one after another when the card's count is not one the attacker acted on", async () => {
    const { combat } = await fight();
    answerDialog(plainAttack);
    fulfillment.push(10, 5, 4);
    const first = await swing(garret);
    await press(first, "apply", 0);
    expect(system(goblin)).toMatchObject({ hp: { value: 2 }, fatigue: 3, topLost: 1 });
    // A second attack posted while not due (its card claims nothing), applied: it meets ToP 2.
    expect(combat.timeCount).toBe(6);
    answerDialog(plainAttack);
    fulfillment.push(12, 1);
    const late = await swing(garret);
    expect(attack(late).data.schedule.state).toBe("notDue");
    await press(late, "apply", 0);
    expect(cardData(late).targets[0]!.applied?.summary).not.toHaveProperty("simultaneous");
  });
});

describe("Heroes of Destiny: a hit judged against the target as it stood at the start of its count", () => {
  const shoot = async (actor: StandInActor) =>
    (await flow.rollHodAttack(actor, item(actor, "Shortbow"))) as unknown as StandInMessage;
  const trip = async (actor: StandInActor) => (await flow.rollHodSpecial(actor, "trip")) as unknown as StandInMessage;

  // The goblin stands at Primary 15; prone, an arrow meets 15 + 4 = 19. Brannoc's shortbow is +3: a natural 13
  // makes 16, a hit on the goblin standing and a miss on it prone. Garret's trip: unarmed +5, 8 + 5 = 13
  // against Vigor 11, then its SF (1d6+3: 3 + 3 = 6). The arrow's 1d6 + 2 shows 4 + 2 = 6 (ToP 3: 3 fatigue,
  // 3 HP), then its SF (1d6+6).
  it('"each hit is then judged against the target as it stood at the start of the count": a trip and an arrow of one count, applied in either order, give the same result', async () => {
    const brannoc = await hodFighter("Brannoc");
    await timeCountFight(garret, goblin, { garret: 6, goblin: 8 }, [{ id: "brannoc", actor: brannoc, initiative: 6 }]);
    answerDialog({});
    fulfillment.push(8, 3);
    const tripped = await trip(garret);
    answerDialog(plainAttack);
    fulfillment.push(13, 4, 3);
    const arrow = await shoot(brannoc);
    expect(attack(arrow).targets[0]!.data.defense).toMatchObject({ value: 15, hit: true });
    const after = { stance: "prone", hp: { value: 5 }, fatigue: 3 };
    // The trip first, then the arrow: the arrow still meets the goblin standing.
    expect(await press(tripped, "apply", 0)).toBe(true);
    expect(system(goblin).stance).toBe("prone");
    expect(await press(arrow, "apply", 0)).toBe(true);
    expect(system(goblin)).toMatchObject(after);
    // Undone, then the other way round: the same.
    expect(await press(arrow, "undo", 0)).toBe(true);
    expect(await press(tripped, "undo", 0)).toBe(true);
    expect(system(goblin)).toMatchObject({ stance: "", hp: { value: 8 }, fatigue: 0 });
    expect(await press(arrow, "apply", 0)).toBe(true);
    expect(await press(tripped, "apply", 0)).toBe(true);
    expect(system(goblin)).toMatchObject(after);
  });

  it('"each hit is then judged against the target as it stood at the start of the count": an arrow rolled after the trip was applied on its count still meets the target standing', async () => {
    const brannoc = await hodFighter("Brannoc");
    await timeCountFight(garret, goblin, { garret: 6, goblin: 8 }, [{ id: "brannoc", actor: brannoc, initiative: 6 }]);
    answerDialog({});
    fulfillment.push(8, 3);
    expect(await press(await trip(garret), "apply", 0)).toBe(true);
    answerDialog(plainAttack);
    fulfillment.push(13, 4, 3);
    const arrow = await shoot(brannoc);
    // The dialog shows the goblin's Primary as the count began, and the card judges it so.
    const dialog = record.rendered.filter((r) => r.path.endsWith("hod/roll-dialog.hbs")).at(-1)!.data as {
      defenses: Array<{ id: string; value: number }>;
    };
    expect(dialog.defenses.find((d) => d.id === "primary")!.value).toBe(15);
    expect(attack(arrow).targets[0]!.data.defense).toMatchObject({ value: 15, hit: true });
    expect(await press(arrow, "apply", 0)).toBe(true);
    expect(system(goblin)).toMatchObject({ stance: "prone", hp: { value: 5 }, fatigue: 3 });
  });

  it('"each hit is then judged against the target as it stood at the start of the count": an arrow on a later count sees the trip', async () => {
    const brannoc = await hodFighter("Brannoc");
    const { combat } = await timeCountFight(garret, goblin, { garret: 6, goblin: 8 }, [
      { id: "brannoc", actor: brannoc, initiative: 10 },
    ]);
    await combat.delayCombatant("goblin", 20);
    answerDialog({});
    fulfillment.push(8, 3);
    expect(await press(await trip(garret), "apply", 0)).toBe(true);
    await combat.nextTurn();
    expect(combat.timeCount).toBe(10);
    answerDialog(plainAttack);
    fulfillment.push(13, 3);
    const arrow = await shoot(brannoc);
    const dialog = record.rendered.filter((r) => r.path.endsWith("hod/roll-dialog.hbs")).at(-1)!.data as {
      defenses: Array<{ id: string; value: number }>;
    };
    expect(dialog.defenses.find((d) => d.id === "primary")!.value).toBe(19);
    // At TC 10 the goblin lies prone since TC 6: the arrow meets 19 and misses; nothing to apply.
    expect(attack(arrow).targets[0]!.data.defense).toMatchObject({ value: 19, stance: "prone", hit: false });
    expect(await press(arrow, "apply", 0)).toBe(false);
    expect(system(goblin)).toMatchObject({ stance: "prone", hp: { value: 8 } });
  });

  it('"each hit is then judged against the target as it stood at the start of the count": an archer tripped on the count of its arrow still shoots', async () => {
    const brannoc = await hodFighter("Brannoc");
    await timeCountFight(garret, goblin, { garret: 6, goblin: 8 }, [{ id: "brannoc", actor: brannoc, initiative: 6 }]);
    // Garret trips Brannoc (Vigor 14): 10 + 5 = 15 hits; Brannoc's arrow is still rolled and applied
    // standing (no prone ban on the shortbow, no −4 in its formula).
    target(brannoc);
    answerDialog({});
    fulfillment.push(10, 3);
    const tripped = await trip(garret);
    target(goblin);
    expect(await press(tripped, "apply", 0)).toBe(true);
    expect(system(brannoc).stance).toBe("prone");
    answerDialog(plainAttack);
    fulfillment.push(13, 4, 3);
    const arrow = await shoot(brannoc);
    expect(attack(arrow).data).toMatchObject({ formula: "1d20 + 3", schedule: { state: "due", tc: 6 } });
    expect(await press(arrow, "apply", 0)).toBe(true);
    expect(system(goblin)).toMatchObject({ hp: { value: 5 }, fatigue: 3 });
  });
});
