import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodSpecialData, HodSpecialRow } from "../../src/rulesets/hod/chat/card-data";
import { dialogAnswers } from "../foundry/combat";
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
import { canPress, cardData, press } from "../support/play";
import { hodTimeCount } from "../../src/rulesets/hod/combat/time-count-actions";

// The special actions' effects at the table (GM's client): what applying a row puts on the target and
// the performer, what undo takes back, what the dialogs read, and what ends at the next action.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type Hod = Record<string, unknown>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const cardOfKind = (kind: string) =>
  [...record.messages]
    .reverse()
    .find(
      (m) => ((m as StandInMessage).getFlag("anthology", "card") as { kind?: string } | undefined)?.kind === kind,
    ) as StandInMessage;
const special = (message: unknown) => cardData<HodSpecialData, HodSpecialRow>(message);
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Hod;
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);
/** An actor's special-action effects: kind, the other end, and the rest of the link. */
const links = (actor: StandInActor) =>
  actor.effects.contents
    .map((e) => e.getFlag("anthology", "hodEffect") as Hod | undefined)
    .filter((l): l is Hod => l !== undefined);
const SWORD = "Longsword <i>of</i> Ash";
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  record.messages.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
  noCombat();
});

/** `holder` grabs `held` as applying a grab would leave them (the link's extra fields on the held one's side). */
async function grip(holder: StandInActor, held: StandInActor, extra: Hod = {}): Promise<void> {
  const effect = (kind: string, other: string, more: Hod = {}) => ({
    name: kind,
    statuses: [`hod-${kind}`],
    flags: { anthology: { hodEffect: { kind, other, ...more } } },
  });
  await held.createEmbeddedDocuments("ActiveEffect", [effect("grabbed", holder.uuid, extra)]);
  await holder.createEmbeddedDocuments("ActiveEffect", [effect("grabbing", held.uuid)]);
}

/** Runs `work` as the player who owns Garret (not a GM). */
async function asPlayer<T>(work: () => Promise<T> | T): Promise<T> {
  const user = game.user as unknown as { isGM: boolean };
  user.isGM = false;
  try {
    return await work();
  } finally {
    user.isGM = true;
  }
}

/** Garret grabs the goblin: Accuracy 2 + Strength 3 = +5 against Celerity 14; `natural` on the d20. */
async function grab(natural: number): Promise<StandInMessage> {
  answerDialog({});
  fulfillment.push(natural);
  await flow.rollHodSpecial(garret, "grab");
  const card = lastMessage();
  expect(await press(card, "apply", 0)).toBe(true);
  return card;
}

describe("Heroes of Destiny special actions' effects", () => {
  it("grab: the target grabbed by the grabber, the grabber grabbing it; undo takes both back", async () => {
    // 10 + 5 = 15 beats Celerity 14 by 1: a hit, no Great Success.
    const card = await grab(10);
    expect(links(goblin)).toMatchObject([{ kind: "grabbed", other: garret.uuid, strong: false }]);
    expect(links(garret)).toMatchObject([{ kind: "grabbing", other: goblin.uuid }]);
    expect(goblin.statuses.has("hod-grabbed")).toBe(true);
    expect(garret.statuses.has("hod-grabbing")).toBe(true);
    // What the row made on another actor carries the row's mark: an undo deletes only that there.
    expect(garret.effects.contents[0]!.getFlag("anthology", "row")).toBe(`${card.id}-0`);
    // What the row did to Garret is on Garret's own record, under a key of its own (a row applied to
    // Garret would have the row's); the goblin's record only names him.
    const ledger = (actor: StandInActor) =>
      (actor.getFlag("anthology", "applied") ?? {}) as Record<string, { undo: Record<string, unknown> }>;
    expect(ledger(goblin)[`${card.id}-0`]!.undo.others).toEqual([garret.uuid]);
    expect(ledger(garret)[`${card.id}-0`]).toBeUndefined();
    expect(ledger(garret)[`${card.id}-0o`]!.undo).toMatchObject({ effects: [garret.effects.contents[0]!.id] });
    const row = (renderedWith("hod/special-card.hbs").rows as Hod[])[0]!;
    expect(row.applied).toMatchObject({ hit: false, effects: [{ key: "ANTHOLOGY.HoD.Effects.Applied.grabbed" }] });
    expect(await press(card, "undo", 0)).toBe(true);
    expect(links(goblin)).toEqual([]);
    expect(links(garret)).toEqual([]);
    expect(ledger(garret)[`${card.id}-0o`]).toBeUndefined();
  });

  it("undo reads another actor's part from that actor's record, never from the target's", async () => {
    const card = await grab(10);
    const key = `${card.id}-0`;
    // The goblin's owner could write the goblin's record: say the row made an effect on Garret it did
    // not make, and name Garret's existing effect. Garret's own record is what counts.
    const other = await garret.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed", statuses: ["blessed"] }]);
    await goblin.update({
      [`flags.anthology.applied.${key}.undo.others`]: [garret.uuid],
      [`flags.anthology.applied.${key}.undo.removed`]: [],
    });
    await garret.update({ [`flags.anthology.applied.${key}o.undo.effects`]: [] });
    expect(await press(card, "undo", 0)).toBe(true);
    // Garret's record said nothing was made there: his effects stay, the blessing too.
    expect(links(garret)).toMatchObject([{ kind: "grabbing" }]);
    expect(garret.effects.get(other[0]!.id)).toBeTruthy();
    expect(links(goblin)).toEqual([]);
  });

  it("grab's Great Success: −2 more on the goblin's Escape Grab, and −2 to hit while held", async () => {
    // 14 + 5 = 19 beats Celerity 14 by 5.
    await grab(14);
    expect(links(goblin)).toMatchObject([{ kind: "grabbed", strong: true }]);
    // The goblin tries to escape: Acrobatics (Dex 2) + rank 0, 3d6, with both penalties ticked (−4).
    target(garret, "Garret");
    answerDialog({ situations: ["grabbed", "grabHold"] });
    fulfillment.push(4, 4, 4);
    await flow.rollHodSpecial(goblin, "escapeGrab");
    const dialog = renderedWith("hod/roll-dialog.hbs");
    const ticked = (dialog.situations as Array<{ id: string; checked: boolean }>).filter((s) => s.checked);
    expect(ticked.map((s) => s.id)).toEqual(["grabbed", "grabHold"]);
    // 12 + 2 − 4 = 10 against Garret's Celerity.
    expect(special(lastMessage()).data).toMatchObject({ formula: "3d6 - 2", total: 10 });
  });

  it("escape grab: a hit ends the grab on both, and the undo grabs again", async () => {
    await grab(10);
    target(garret, "Garret");
    answerDialog({});
    // 3d6 at 18 (a critical on a skill roll) + Dex 2 − 2 (grabbed): 18 hits any Celerity here.
    fulfillment.push(6, 6, 6);
    await flow.rollHodSpecial(goblin, "escapeGrab");
    const card = lastMessage();
    expect(special(card).targets[0]!.data.outcomes).toContain("ANTHOLOGY.HoD.Special.escapeGrab.hit");
    expect(await press(card, "apply", 0)).toBe(true);
    expect(links(goblin)).toEqual([]);
    expect(links(garret)).toEqual([]);
    expect(await press(card, "undo", 0)).toBe(true);
    expect(links(goblin)).toMatchObject([{ kind: "grabbed", other: garret.uuid }]);
    expect(links(garret)).toMatchObject([{ kind: "grabbing", other: goblin.uuid }]);
  });

  it("refuses a player's throw without a grab, naming why; a GM is told and may go on", async () => {
    const user = game.user as unknown as { isGM: boolean };
    user.isGM = false;
    try {
      answerDialog({});
      expect(await flow.rollHodSpecial(garret, "throw")).toBeNull();
      expect(warnings().at(-1)).toBe("You do not grab Goblin: this action needs you grabbing the target.");
    } finally {
      user.isGM = true;
    }
    answerDialog({});
    fulfillment.push(10);
    expect(await flow.rollHodSpecial(garret, "throw")).not.toBeNull();
    expect(warnings().at(-1)).toMatch(/^As GM you may go on: You do not grab Goblin/);
  });

  it("trip: a hit knocks the target prone (its stance); undo stands it up", async () => {
    answerDialog({});
    // Unarmed +5 against Vigor 11: 8 + 5 = 13 hits by 2.
    fulfillment.push(8);
    await flow.rollHodSpecial(garret, "trip");
    const card = lastMessage();
    expect(await press(card, "apply", 0)).toBe(true);
    expect((goblin.system as Hod).stance).toBe("prone");
    expect(await press(card, "undo", 0)).toBe(true);
    expect((goblin.system as Hod).stance).toBe("");
  });

  it("feint: +2 to hit (and +2 damage on a Great Success) ticked on the next attack, spent by it", async () => {
    answerDialog({});
    // Longsword feint: Garret's weapon attack against Spirit 10; 12 + 5 = 17 beats it by 7.
    fulfillment.push(12);
    await flow.rollHodSpecial(garret, "feint", item(garret, SWORD));
    expect(await press(lastMessage(), "apply", 0)).toBe(true);
    expect(links(garret)).toMatchObject([{ kind: "feinting", other: goblin.uuid, endsOn: garret.uuid, strong: true }]);
    answerDialog({ situations: ["feint"], damageModifier: "2" });
    fulfillment.push(10, 3);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    const dialog = renderedWith("hod/roll-dialog.hbs");
    expect((dialog.situations as Array<{ id: string; checked: boolean }>).find((s) => s.id === "feint")).toMatchObject({
      checked: true,
    });
    expect(dialog.damageModifier).toBe("2");
    const attack = cardData(cardOfKind("attack")).data as Hod;
    expect(attack.modifiers).toContainEqual({ id: "feint", value: 2 });
    expect(links(garret)).toEqual([]);
  });

  it("an effect lasting until the next action ends when its actor next acts on the Time Count", async () => {
    const { combat } = await timeCountFight(garret, goblin, { garret: 6, goblin: 8 });
    answerDialog({});
    fulfillment.push(12);
    await flow.rollHodSpecial(garret, "feint", item(garret, SWORD));
    await settle();
    expect(await press(cardOfKind("special"), "apply", 0)).toBe(true);
    // The feint was made at TC 6 and recorded there: that act does not end it.
    expect(links(garret)).toMatchObject([{ kind: "feinting", since: 6 }]);
    // The goblin acting leaves it; Garret's next action ends it.
    await combat.nextTurn();
    await combat.actCombatant("goblin", { action: "attack", weaponClass: "standard" });
    await settle();
    expect(links(garret)).toHaveLength(1);
    while (combat.timeCount < (combat.combatants.get("garret")!.initiative ?? 0)) await combat.nextTurn();
    await combat.actCombatant("garret", { action: "attack", weaponClass: "standard" });
    await settle();
    expect(links(garret)).toEqual([]);
  });

  it("distract: −2 to the target's defense against the chosen ally, until the distracter acts again", async () => {
    const ally = await hodFighter("Mira");
    await timeCountFight(garret, goblin, { garret: 6, goblin: 8 }, [{ id: "mira", actor: ally, initiative: 9 }]);
    answerDialog({ ally: ally.uuid, distractAgainst: "defense" });
    // Longsword against Spirit 10: 8 + 5 = 13 hits.
    fulfillment.push(8);
    await flow.rollHodSpecial(garret, "distract", item(garret, SWORD));
    expect(renderedWith("hod/roll-dialog.hbs").allies).toEqual([{ uuid: ally.uuid, name: "Mira" }]);
    expect(await press(cardOfKind("special"), "apply", 0)).toBe(true);
    expect(links(goblin)).toMatchObject([
      { kind: "distracted", other: ally.uuid, endsOn: garret.uuid, against: "defense" },
    ]);
    // Mira's attack dialog meets the goblin's Primary 15 − 2.
    answerDialog(null);
    await flow.rollHodAttack(ally, item(ally, SWORD));
    const defenses = renderedWith("hod/roll-dialog.hbs").defenses as Array<{ id: string; value: number }>;
    expect(defenses.find((d) => d.id === "primary")!.value).toBe(13);
  });

  it("coup de grâce: the survivor faces a follow-up Vigor attack at the weapon's bonus; a hit kills", async () => {
    await goblin.update({ "system.hp.value": 40, "system.hp.max": 40 });
    answerDialog({});
    // Outside a Time Count the strike needs no preparation: 1d20 + 6 + 10 against Passive 13; the
    // longsword's critical damage 8 + 3 + 1 = 12, doubled to 24: the goblin (40 HP) survives.
    fulfillment.push(11);
    await flow.rollHodSpecial(garret, "coupDeGrace", item(garret, SWORD));
    const strike = cardOfKind("special");
    expect(special(strike).targets[0]!.data.damage).toMatchObject({ total: 24, factor: 2, critical: true });
    expect(await press(strike, "apply", 0)).toBe(true);
    const row = (renderedWith("hod/special-card.hbs").rows as Hod[])[0]!;
    expect(row.applied).toMatchObject({ followUp: true, effects: [{ key: "ANTHOLOGY.HoD.Effects.Applied.followUp" }] });
    // The coup's own line: every natural but the 1 hits and hurts; 24 damage never drops a 40 HP goblin.
    expect(row.odds).toEqual([expect.objectContaining({ hit: "Hit 95.0%", hurt: "Hurt 95.0%", drop: "Drop 0%" })]);
    // The follow-up: 1d20 + 6 (the longsword's normal bonus) against Vigor 11; 5 + 6 = 11 hits.
    fulfillment.push(5);
    await press(strike, "followUp", 0);
    const followUp = cardOfKind("special");
    expect(special(followUp).data).toMatchObject({ special: "coupFollowUp", formula: "1d20 + 6", total: 11 });
    expect(special(followUp).targets[0]!.data.outcomes).toEqual(["ANTHOLOGY.HoD.Special.coupFollowUp.hit"]);
    // Its row's line (the follow-up has no dialog): 5 or more hits Vigor 11, and a hit kills.
    const line = { hit: "Hit 80.0%", hurt: "Hurt 80.0%", drop: "Drop 80.0%" };
    expect((renderedWith("hod/special-card.hbs").rows as Hod[])[0]!.odds).toEqual([expect.objectContaining(line)]);
    expect(await press(followUp, "apply", 0)).toBe(true);
    expect(goblin.statuses.has("dead")).toBe(true);
    // Once per row: the button is spent.
    const before = record.messages.length;
    await press(strike, "followUp", 0);
    expect(record.messages.length).toBe(before);
  });

  it("coup de grâce on a creature immune to critical hits: a plain hit's damage and no follow-up", async () => {
    await goblin.update({ "system.hp.value": 40, "system.hp.max": 40, "system.immuneToCriticals": true });
    answerDialog({});
    fulfillment.push(11, 5);
    await flow.rollHodSpecial(garret, "coupDeGrace", item(garret, SWORD));
    const strike = cardOfKind("special");
    // The longsword's plain damage 1d8 (5) + 3 + 1, not doubled.
    expect(special(strike).targets[0]!.data.damage).toMatchObject({ total: 9, factor: 1, critical: false });
    expect(await press(strike, "apply", 0)).toBe(true);
    const row = (renderedWith("hod/special-card.hbs").rows as Hod[])[0]!;
    expect(row.applied).toMatchObject({ followUp: false });
  });

  it("tackle: damage, prone, and a free grab of the tackled target offered once on the row", async () => {
    answerDialog({});
    // Unarmed +5 against Vigor 11: 8 + 5 = 13 hits by 2; Strength 3 damage.
    fulfillment.push(8);
    await flow.rollHodSpecial(garret, "tackle");
    const tackle = cardOfKind("special");
    expect(await press(tackle, "apply", 0)).toBe(true);
    expect((goblin.system as Hod).stance).toBe("prone");
    const row = (renderedWith("hod/special-card.hbs").rows as Hod[])[0]!;
    expect(row.rowAction).toEqual({ id: "freeGrab", key: "ANTHOLOGY.HoD.Card.freeGrab" });
    // The free grab goes to the tackled goblin even with nobody targeted: 10 + 5 = 15 against Celerity 14.
    target(null);
    answerDialog({});
    fulfillment.push(10);
    await press(tackle, "freeGrab", 0);
    const grabCard = cardOfKind("special");
    expect(special(grabCard)).toMatchObject({ data: { special: "grab", total: 15 }, targets: [{ uuid: goblin.uuid }] });
    const before = record.messages.length;
    await press(tackle, "freeGrab", 0);
    expect(record.messages.length).toBe(before);
  });

  it("a grab's Critical Success is stored on the link and said on the row", async () => {
    // A natural 20: 20 + 5 = 25 against Celerity 14.
    await grab(20);
    expect(links(goblin)).toMatchObject([{ kind: "grabbed", strong: true, critical: true }]);
    const row = (renderedWith("hod/special-card.hbs").rows as Hod[])[0]!;
    expect((row.applied as { effects: Hod[] }).effects.map((e) => e.key)).toContain(
      "ANTHOLOGY.HoD.Effects.Applied.criticalGrab",
    );
  });

  it("immobilized: the Act dialog's Move (any pace) is refused for a grabbed player; a GM is warned and goes on", async () => {
    await grip(goblin, garret);
    expect(await asPlayer(() => hodTimeCount.allows!({ action: "move", pace: "run" } as never, garret))).toBe(false);
    expect(warnings().at(-1)).toBe("Garret is grabbed and immobile: no moving, running or sprinting until released.");
    // Not a critical grab: attacking is still open.
    expect(await asPlayer(() => hodTimeCount.allows!({ action: "attack" } as never, garret))).toBe(true);
    expect(hodTimeCount.allows!({ action: "move", pace: "base" } as never, garret)).toBe(true);
    expect(warnings().at(-1)).toMatch(/^As GM you may go on: Garret is grabbed and immobile/);
    // The goblin, who grabs, may move (it must stay adjacent: the table's part).
    expect(await asPlayer(() => hodTimeCount.allows!({ action: "move" } as never, goblin))).toBe(true);
  });

  it("a critical grab: the held player's attacks are refused, Escape Grab is not; a GM may go on", async () => {
    await grip(goblin, garret, { critical: true });
    target(goblin, "Goblin");
    expect(await asPlayer(() => flow.rollHodAttack(garret, item(garret, SWORD)))).toBeNull();
    expect(warnings().at(-1)).toBe(
      "Garret is held by a critical grab: no attacks until released (Break Grab and Escape Grab stay open).",
    );
    expect(await asPlayer(() => flow.rollHodSpecial(garret, "trip"))).toBeNull();
    expect(await asPlayer(() => hodTimeCount.allows!({ action: "attack" } as never, garret))).toBe(false);
    answerDialog({});
    fulfillment.push(4, 4, 4);
    expect(await asPlayer(() => flow.rollHodSpecial(garret, "escapeGrab"))).not.toBeNull();
    answerDialog({});
    fulfillment.push(10, 3);
    expect(await flow.rollHodAttack(garret, item(garret, SWORD))).not.toBeNull();
    expect(warnings()).toContain(
      "As GM you may go on: Garret is held by a critical grab: no attacks until released (Break Grab and Escape Grab stay open).",
    );
  });

  it("drag's Great Success: the row offers to break the grab, once; applied it ends it, undone it holds again", async () => {
    await grip(goblin, garret);
    answerDialog({ situations: ["grabbed"] });
    // Strength − 2 vs. Vigor: 1d20 15 + Accuracy 2 + Strength 3 − 2 − 2 (grabbed) = 16 beats Vigor 11 by 5.
    fulfillment.push(15);
    await flow.rollHodSpecial(garret, "drag");
    const drag = cardOfKind("special");
    expect(special(drag).data.total).toBe(16);
    expect(await press(drag, "apply", 0)).toBe(true);
    // The drag's hit: damage equal to Strength 3, within the goblin's Threshold of Pain 3: fatigue.
    expect((goblin.system as Hod).fatigue).toBe(3);
    const row = (renderedWith("hod/special-card.hbs").rows as Hod[])[0]!;
    expect(row.rowAction).toEqual({ id: "dragBreak", key: "ANTHOLOGY.HoD.Card.dragBreak" });
    await press(drag, "dragBreak", 0);
    const breaking = cardOfKind("special");
    expect(special(breaking)).toMatchObject({ data: { special: "dragBreak" }, targets: [{ uuid: goblin.uuid }] });
    expect(breaking.rolls).toHaveLength(0);
    // Still held until the break is applied (the GM works the drag's row out again first).
    expect(links(garret)).toMatchObject([{ kind: "grabbed", other: goblin.uuid }]);
    expect(await press(breaking, "apply", 0)).toBe(true);
    expect(links(garret)).toEqual([]);
    expect(links(goblin)).toEqual([]);
    const before = record.messages.length;
    await press(drag, "dragBreak", 0);
    expect(record.messages.length).toBe(before);
    expect(await press(breaking, "undo", 0)).toBe(true);
    expect(links(garret)).toMatchObject([{ kind: "grabbed", other: goblin.uuid }]);
    expect(links(goblin)).toMatchObject([{ kind: "grabbing", other: garret.uuid }]);
  });

  it("refuses on the GM's side a broken grab whose drag was no Great Success", async () => {
    await grip(goblin, garret);
    answerDialog({ situations: ["grabbed"] });
    // 14 + 3 − 2 = 15 beats Vigor 11 by 4: a hit, no Great Success, no button.
    fulfillment.push(14);
    await flow.rollHodSpecial(garret, "drag");
    const drag = cardOfKind("special");
    expect(await press(drag, "apply", 0)).toBe(true);
    expect((renderedWith("hod/special-card.hbs").rows as Hod[])[0]!.rowAction).toBeNull();
    // A card forged to follow it: the GM works the drag out again and refuses.
    const forged = structuredClone(drag.getFlag("anthology", "card")) as Hod & { data: Hod; targets: Hod[] };
    forged.data = { ...forged.data, special: "dragBreak", attackRoll: null, from: `${drag.id}-0` };
    forged.targets = forged.targets.map((t) => ({ uuid: t.uuid, name: t.name, data: { results: [], outcomes: [] } }));
    const Message = ChatMessage.implementation as unknown as { create(d: object): Promise<StandInMessage> };
    const message = await Message.create({ flags: { anthology: { card: forged } }, speaker: {} });
    expect(await press(message, "apply", 0)).toBe(false);
    expect(warnings().at(-1)).toBe("The drag no longer beats Goblin's defense by 5: the grab holds.");
    expect(links(garret)).toMatchObject([{ kind: "grabbed" }]);
  });

  it("shunt: letting go rolls the free Strength attack against Celerity once; a hit knocks prone; undo takes it back", async () => {
    await grip(garret, goblin);
    answerDialog({});
    // Strength vs. Vigor: 8 + 2 + 3 = 13 hits Vigor 11.
    fulfillment.push(8);
    await flow.rollHodSpecial(garret, "shunt");
    const shunt = cardOfKind("special");
    expect(await press(shunt, "apply", 0)).toBe(true);
    const row = (renderedWith("hod/special-card.hbs").rows as Hod[])[0]!;
    expect(row.rowAction).toEqual({ id: "shuntTrip", key: "ANTHOLOGY.HoD.Card.shuntTrip" });
    // The free attack: 1d20 10 + Accuracy 2 + Strength 3 = 15 against Celerity 14.
    fulfillment.push(10);
    await press(shunt, "shuntTrip", 0);
    const trip = cardOfKind("special");
    expect(special(trip).data).toMatchObject({ special: "shuntTrip", total: 15 });
    expect(special(trip).targets[0]!.data.outcomes).toEqual(["ANTHOLOGY.HoD.Special.shuntTrip.hit"]);
    expect(await press(trip, "apply", 0)).toBe(true);
    expect((goblin.system as Hod).stance).toBe("prone");
    expect(links(goblin)).toEqual([]);
    expect(links(garret)).toEqual([]);
    const before = record.messages.length;
    await press(shunt, "shuntTrip", 0);
    expect(record.messages.length).toBe(before);
    expect(await press(trip, "undo", 0)).toBe(true);
    expect((goblin.system as Hod).stance).toBe("");
    expect(links(goblin)).toMatchObject([{ kind: "grabbed", other: garret.uuid }]);
  });

  it("shunt's free attack missing still lets go", async () => {
    await grip(garret, goblin);
    answerDialog({});
    fulfillment.push(8);
    await flow.rollHodSpecial(garret, "shunt");
    const shunt = cardOfKind("special");
    await press(shunt, "apply", 0);
    // 5 + 5 = 10 misses Celerity 14.
    fulfillment.push(5);
    await press(shunt, "shuntTrip", 0);
    expect(await press(cardOfKind("special"), "apply", 0)).toBe(true);
    expect((goblin.system as Hod).stance).toBe("");
    expect(links(goblin)).toEqual([]);
  });
});

describe("Heroes of Destiny: a staple's immobilizing hit and its escape", () => {
  /** Garret staples the goblin with his (piercing) longsword: +2 in all (the sword's bonus less 4) against Celerity 14; `natural` on the d20. */
  async function staple(natural: number): Promise<StandInMessage> {
    await item(garret, SWORD).update({ "system.damageType": "piercing" });
    await goblin.update({ "system.strength": 1, "system.dexterity": 1 });
    answerDialog({});
    fulfillment.push(natural);
    await flow.rollHodSpecial(garret, "staple", item(garret, SWORD));
    const card = cardOfKind("special");
    expect(special(card).data.special).toBe("staple");
    return card;
  }

  it('"The target is immobile until the weapon is removed": applying the hit sets Stapled; undo takes it off', async () => {
    const card = await staple(14);
    expect(special(card).targets[0]!.data.outcomes).toEqual(["ANTHOLOGY.HoD.Special.staple.hit"]);
    expect(goblin.statuses.has("hod-stapled")).toBe(false);
    expect(await press(card, "apply", 0)).toBe(true);
    expect(goblin.statuses.has("hod-stapled")).toBe(true);
    expect(renderedWith("hod/special-card.hbs").rows).toMatchObject([
      { escapes: { athletics: true, acrobatics: true } },
    ]);
    expect(canPress(card, "stapleAthletics", 0)).toBe(true);
    expect(canPress(card, "stapleAcrobatics", 0)).toBe(true);
    expect(await press(card, "undo", 0)).toBe(true);
    expect(goblin.statuses.has("hod-stapled")).toBe(false);
    expect(canPress(card, "stapleAthletics", 0)).toBe(false);
  });

  it('"Removing the weapon or breaking free requires an Athletics (Str) check or an Acrobatics (Dex) check. The DC for each is equal to your attack roll"', async () => {
    const card = await staple(14);
    expect(await press(card, "apply", 0)).toBe(true);
    // The attack roll: 14 + 2 = 16. A failed try leaves it stapled: 1 + 1 + 1 + Strength.
    answerDialog({});
    fulfillment.push(1, 1, 1);
    await press(card, "stapleAthletics", 0);
    expect(cardData(lastMessage())).toMatchObject({
      kind: "check",
      data: { attribute: "strength", dc: 16, success: false },
    });
    expect(goblin.statuses.has("hod-stapled")).toBe(true);
    // A DC typed in the dialog changes nothing: the staple's roll fixes it.
    answerDialog({ dc: "3" });
    fulfillment.push(6, 6, 6);
    await press(card, "stapleAcrobatics", 0);
    expect(cardData(lastMessage())).toMatchObject({
      kind: "check",
      data: { attribute: "dexterity", dc: 16, success: true },
    });
    expect(goblin.statuses.has("hod-stapled")).toBe(false);
    expect(canPress(card, "stapleAthletics", 0)).toBe(false);
  });

  it('"If you hit the target, you deal damage equal to your Dexterity, and the target cannot escape with an Acrobatics check"', async () => {
    // 17 + 2 = 19 beats Celerity 14 by 5: the Great Success (5).
    const card = await staple(17);
    expect(special(card).targets[0]!.data.outcomes).toContain("ANTHOLOGY.HoD.Special.staple.great5");
    expect(await press(card, "apply", 0)).toBe(true);
    expect(goblin.statuses.has("hod-stapled")).toBe(true);
    expect(canPress(card, "stapleAthletics", 0)).toBe(true);
    expect(canPress(card, "stapleAcrobatics", 0)).toBe(false);
    answerDialog({});
    fulfillment.push(6, 6, 6);
    await press(card, "stapleAthletics", 0);
    // 6 + 6 + 6 + Strength 1 = 19 against the attack roll 19.
    expect(cardData(lastMessage())).toMatchObject({ kind: "check", data: { dc: 19, success: true } });
    expect(goblin.statuses.has("hod-stapled")).toBe(false);
  });
});

describe("Heroes of Destiny: letting go of a grab", () => {
  it('"You can release an opponent at will": the grab\'s row lets its grabber go, the GM ends the grab on both, undo grabs again', async () => {
    const card = await grab(10);
    expect(goblin.statuses.has("hod-grabbed")).toBe(true);
    expect(renderedWith("hod/special-card.hbs").rows).toMatchObject([{ release: true }]);
    expect(canPress(card, "releaseGrab", 0)).toBe(true);
    await press(card, "releaseGrab", 0);
    const release = cardOfKind("special");
    expect(special(release)).toMatchObject({
      data: { special: "releaseGrab", attackRoll: null },
      targets: [{ name: "Goblin" }],
    });
    // Still held until the GM applies the letting go.
    expect(goblin.statuses.has("hod-grabbed")).toBe(true);
    expect(await press(release, "apply", 0)).toBe(true);
    expect(links(goblin)).toEqual([]);
    expect(links(garret)).toEqual([]);
    expect(canPress(card, "releaseGrab", 0)).toBe(false);
    expect(await press(release, "undo", 0)).toBe(true);
    expect(links(goblin)).toMatchObject([{ kind: "grabbed", other: garret.uuid }]);
    expect(links(garret)).toMatchObject([{ kind: "grabbing", other: goblin.uuid }]);
  });

  it("refuses at the GM's apply a letting go of a grab that no longer holds", async () => {
    const card = await grab(10);
    await press(card, "releaseGrab", 0);
    const release = cardOfKind("special");
    // The grab ended another way first (undone here).
    expect(await press(card, "undo", 0)).toBe(true);
    expect(await press(release, "apply", 0)).toBe(false);
    expect(warnings().join(" ")).toMatch(/nothing to let go|notGrabbing/);
  });
});
