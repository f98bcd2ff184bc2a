import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Tracker from "../../src/rulesets/fading-suns/combat/tracker";
import type * as Turn from "../../src/rulesets/fading-suns/combat/turn";
import { fulfillment } from "../foundry/dice";
import type { StandInActor } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { clickSheet, fadingSunsActors, loadFadingSunsWorld } from "../support/fading-suns-world";
import { answerDialog, target } from "../support/fade-world";
import { cardData, press } from "../support/play";
import type { FsAttackData, FsAttackRow } from "../../src/rulesets/fading-suns/chat/card-data";
import type { StandInMessage } from "../foundry/documents";

// A Fading Suns turn in the combat tracker: initiative Dexterity + Wits + situation + d6, the stance
// declared on the tracker or sheet lasting until the fighter's next turn, surprise for the first turn,
// and a held action taken before someone the holder out-rolled. Erian: Dexterity 6, Wits 5. The brute:
// Dexterity 4, Wits 3 (the default).

let record: StandInRecord;
let tracker: typeof Tracker;
let turn: typeof Turn;
let erian: StandInActor;
let brute: StandInActor;

type Cbt = Turn.FsCombatant & { initiative: number | null };
type Combat = Turn.FsCombat & {
  id: string;
  round: number;
  turn: number | null;
  combatants: Map<string, Cbt> & Iterable<Cbt>;
  addCombatant(c: unknown): Cbt;
  startCombat(): Promise<unknown>;
  nextRound(): Promise<unknown>;
  previousTurn(): Promise<unknown>;
  rollInitiative(ids: string[]): Promise<unknown>;
};

/** Runs `fn` as a player: user1 (Erian's owner) without the GM's rights. */
async function asPlayer<T>(fn: () => Promise<T> | T): Promise<T> {
  const me = game.user as unknown as { isGM: boolean };
  me.isGM = false;
  try {
    return await fn();
  } finally {
    me.isGM = true;
  }
}

/** Hooks run without being awaited (as Foundry's do): lets the active GM's handler finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const sys = (actor: StandInActor) =>
  actor.system as unknown as { stance: string; aggressive: string; surprised: boolean; derived: { defense: number } };

function fight(initiatives: { erian: number | null; brute: number | null }): Combat {
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const CombatClass = config.Combat.documentClass as new (d: object) => Combat;
  const Combatant = config.Combatant.documentClass as new (d: object) => object;
  const combat = new CombatClass({ id: "duel" });
  combat.addCombatant(new Combatant({ id: "erian", name: "Erian", initiative: initiatives.erian, actor: erian }));
  combat.addCombatant(new Combatant({ id: "brute", name: "Brute", initiative: initiatives.brute, actor: brute }));
  (game as unknown as { combat: unknown }).combat = combat;
  (game as unknown as { combats: Map<string, unknown> }).combats.set(combat.id, combat);
  return combat;
}

beforeAll(async () => {
  ({ record } = await loadFadingSunsWorld());
  tracker = await import("../../src/rulesets/fading-suns/combat/tracker");
  turn = await import("../../src/rulesets/fading-suns/combat/turn");
});

beforeEach(async () => {
  (game as unknown as { combats: Map<string, unknown> }).combats.clear();
  ({ erian, brute } = await fadingSunsActors());
  fulfillment.length = 0;
  record.notifications.length = 0;
});

describe("Fading Suns initiative", () => {
  it("rolls Dexterity + Wits + situation + 1d6, highest first", async () => {
    await erian.update({ "system.situation": -2 });
    const combat = fight({ erian: null, brute: null });
    // Erian 6 + 5 - 2 + a 1 = 10; the brute 4 + 3 + a 6 = 13.
    fulfillment.push(1, 6);
    await combat.rollInitiative(["erian", "brute"]);
    expect(combat.combatants.get("erian")!.initiative).toBe(10);
    expect(combat.combatants.get("brute")!.initiative).toBe(13);
    expect(combat.turns.map((c) => c.id)).toEqual(["brute", "erian"]);
  });
});

describe("Fading Suns stances in the tracker", () => {
  it("offers the stance list to owners and words to others, with surprise and holding marks", async () => {
    const combat = fight({ erian: 14, brute: 9 });
    await combat.startCombat();
    await brute.update({ "system.surprised": true, "system.stance": "aggressive", "system.aggressive": "damage" });
    const localize = (key: string) => game.i18n!.localize(key);
    const gmView = tracker.trackerRowView(combat, combat.combatants.get("brute")!, true)!;
    expect(gmView).toMatchObject({ stance: "aggressive:damage", canChoose: true, surprised: true, canHold: false });
    const html = tracker.trackerRowHtml(gmView, localize);
    expect(html).toContain('<option value="aggressive:damage" selected>Aggressive (+2 to damage)</option>');
    expect(html).toContain(">Surprised<");
    // Erian's turn: the GM and Erian's owner may hold it.
    expect(tracker.trackerRowView(combat, combat.combatants.get("erian")!, true)).toMatchObject({ canHold: true });
    // A player who owns neither sees the brute's stance in words, and no list.
    const playerView = await asPlayer(() => tracker.trackerRowView(combat, combat.combatants.get("brute")!, false)!);
    expect(playerView.canChoose).toBe(false);
    expect(tracker.trackerRowHtml(playerView, localize)).toContain(
      '<span class="anthology-fs-tracker-stance-text">Aggressive (+2 to damage)</span>',
    );
  });

  it("takes a stance from the tracker's list onto the actor: Defense and goals follow", async () => {
    fight({ erian: 14, brute: 9 });
    const combat = game.combat as unknown as Combat;
    expect(await tracker.chooseStance(combat.combatants.get("erian")!, "defensive")).toBe(true);
    // Base Defense 1, defensive +2.
    expect(sys(erian)).toMatchObject({ stance: "defensive", derived: { defense: 3 } });
    expect(await tracker.chooseStance(combat.combatants.get("erian")!, "aggressive:damage")).toBe(true);
    expect(sys(erian)).toMatchObject({ stance: "aggressive", aggressive: "damage", derived: { defense: -1 } });
    expect(await tracker.chooseStance(combat.combatants.get("erian")!, "<b>nope</b>")).toBe(false);
    expect(sys(erian).stance).toBe("aggressive");
  });

  it("keeps a stance until the fighter's next turn, then it is neutral again", async () => {
    const combat = fight({ erian: 14, brute: 9 });
    // Declared before the fight: it counts for round 1.
    await erian.update({ "system.stance": "aggressive" });
    await combat.startCombat();
    await settle();
    expect(sys(erian).stance).toBe("aggressive");
    // In round 1, the brute declares defensive on its turn.
    await combat.nextTurn();
    await settle();
    await brute.update({ "system.stance": "defensive" });
    // Round 2: Erian's turn comes: the aggressive stance of round 1 ends; the brute's lasts until its turn.
    await combat.nextRound();
    await settle();
    expect(sys(erian).stance).toBe("neutral");
    expect(sys(brute).stance).toBe("defensive");
    // Erian declares full defense for round 2 before... it is already Erian's turn: it lasts to round 3.
    await erian.update({ "system.stance": "fullDefense" });
    await combat.nextTurn();
    await settle();
    expect(sys(brute).stance).toBe("neutral");
    expect(sys(erian).stance).toBe("fullDefense");
    // Stepping back changes nothing.
    await brute.update({ "system.stance": "aggressive" });
    await combat.previousTurn();
    await settle();
    expect(sys(erian).stance).toBe("fullDefense");
    await combat.nextRound();
    await settle();
    expect(sys(erian).stance).toBe("neutral");
  });

  it("ends surprise (Defense 0) when the second turn starts", async () => {
    const combat = fight({ erian: 14, brute: 9 });
    await brute.update({ "system.surprised": true });
    expect(sys(brute).derived.defense).toBe(0);
    await combat.startCombat();
    await settle();
    expect(sys(brute).surprised).toBe(true);
    // The surprised brute takes no turn in the first (issue 29): Erian's turn ends it.
    await combat.nextTurn();
    await settle();
    expect(combat.round).toBe(2);
    expect(sys(brute)).toMatchObject({ surprised: false, derived: { defense: 1 } });
  });
});

describe("Fading Suns held actions", () => {
  it("holds on the fighter's turn, then acts before someone it out-rolled", async () => {
    const combat = fight({ erian: 14, brute: 9 });
    await combat.startCombat();
    const erianC = combat.combatants.get("erian")!;
    const bruteC = combat.combatants.get("brute")!;
    expect(await turn.holdAction(combat, erianC)).toBe(true);
    expect(combat.combatant?.id).toBe("brute");
    expect(erianC.getFlag("anthology", "fsHolding")).toBe(true);
    expect(record.notifications.at(-1)?.message).toBe("Erian holds the action for later in the turn.");
    expect(tracker.trackerRowView(combat, erianC, true)).toMatchObject({ holding: true, canActNow: true });
    // The GM lets Erian act now: 9 + 0.5, right before the brute, and the turn is Erian's.
    expect(await turn.actNow(combat, erianC)).toBe(true);
    expect(erianC.initiative).toBe(9.5);
    expect(combat.turns.map((c) => c.id)).toEqual(["erian", "brute"]);
    expect(combat.combatant?.id).toBe("erian");
    expect(erianC.getFlag("anthology", "fsHolding")).toBe(false);
    // The brute announces a hold during Erian's turn (the turn stays Erian's), and cannot act before
    // Erian, who rolled higher.
    expect(await turn.holdAction(combat, bruteC)).toBe(true);
    expect(combat.combatant?.id).toBe("erian");
    expect(await turn.actNow(combat, bruteC)).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe(
      "Brute rolled a lower initiative than Erian, so cannot act before them.",
    );
    // A new round ends the hold.
    await combat.nextRound();
    await settle();
    expect(bruteC.getFlag("anthology", "fsHolding")).toBe(false);
  });

  it("refuses a player who does not own the fighter, and Act now from anyone but the GM", async () => {
    const combat = fight({ erian: 14, brute: 9 });
    await combat.startCombat();
    const bruteC = combat.combatants.get("brute")!;
    expect(await asPlayer(() => turn.holdAction(combat, bruteC))).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("You do not own Brute.");
    expect(bruteC.getFlag("anthology", "fsHolding")).toBeUndefined();
    expect(await turn.holdAction(combat, bruteC)).toBe(true);
    expect(await asPlayer(() => turn.actNow(combat, bruteC))).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("Only the GM can do that.");
    expect(bruteC.getFlag("anthology", "fsHolding")).toBe(true);
  });
});

describe("Fading Suns: a round's rows applied after the stance ended (issue 29)", () => {
  it('"each attack is judged with the attacker as they stood when it was rolled": the stance its turn ended since', async () => {
    const sheets = await import("../../src/rulesets/fading-suns/sheets");
    const combat = fight({ erian: 14, brute: 9 });
    await erian.update({ "system.stance": "aggressive" });
    await combat.startCombat();
    await settle();
    // Round 1, aggressive: rapier 12 + 4 − the brute's Defense 1 = 15. A 14 hits (7 VP), damage 5.
    target(brute, "Brute");
    answerDialog({ fightAction: "strike" });
    fulfillment.push(14);
    await clickSheet(sheets, erian, "fsAttack", { item: "Rapier <b>fine</b>" });
    const attack = record.messages.at(-1) as StandInMessage;
    expect(cardData<FsAttackData, FsAttackRow>(attack).targets[0]!.data).toMatchObject({ goal: 15, hit: true });
    // Round 2 starts on Erian's turn: the aggressive stance ends (neutral: the goal now would be 11).
    await combat.nextRound();
    await settle();
    expect(sys(erian).stance).toBe("neutral");
    // The GM applies round 1's row now: judged in the stance it was rolled in, it still hits.
    expect(await press(attack, "apply", 0)).toBe(true);
    expect((brute.system as unknown as { vitality: { value: number } }).vitality.value).toBe(9 - 3);
  });
});
