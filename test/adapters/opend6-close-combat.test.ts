import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6AttackData, OpenD6AttackRow } from "../../src/rulesets/opend6/chat/card-data";
import type { OpenD6AppliedSummary } from "../../src/rulesets/opend6/chat/views";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { builtRoll, forgedMessage } from "../support/forge";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, opend6Actors } from "../support/opend6-world";
import { as, cardData, clean, connect, playerWorld, press, pressThroughGm } from "../support/play";

// OpenD6's close combat at the table (issue 29, OpenD6 missing), from a player's client (user1, owner
// of Kira) with a GM connected: the sheet's button, the dialog, the card, and the GM's apply, which
// works every number out again from the dice and the actors.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type Request = Record<string, unknown>;
type Flags = { anthology: { card: { data: Record<string, unknown>; targets: Array<{ data: Request }> } } };
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message ?? "";
const attackCard = (m: StandInMessage) => cardData<OpenD6AttackData, OpenD6AttackRow>(m);
const summary = (m: StandInMessage, row = 0) =>
  cardData(m).targets[row]!.applied?.summary as unknown as OpenD6AppliedSummary;
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: string }).wounds;
const renderedWith = (path: string) =>
  record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Record<string, unknown>;
const requestOf = (m: StandInMessage, i = 0) =>
  (m.rolls[i] as { options: { anthology: { request: Request } } }).options.anthology.request;

beforeAll(async () => {
  record = await playerWorld("opend6");
  sheets = await import("../../src/rulesets/opend6/sheets");
});

beforeEach(async () => {
  connect();
  ({ kira, thug } = await opend6Actors());
  await clean(record);
  dialogAnswers.length = 0;
  target(thug, "Thug");
});

/** Kira's unarmed blow at the thug with these dice (brawling 4D+1: three dice, then the Wild Die). */
async function punch(dice: number[], answers: Record<string, string> = {}): Promise<StandInMessage | null> {
  const before = record.messages.length;
  answerDialog({ range: "pointBlank", cover: "none", posture: "standing", actions: "1", ...answers });
  fulfillment.push(...dice);
  await clickSheet(sheets, kira, "od6Unarmed");
  return record.messages.length > before ? lastMessage() : null;
}

describe("OpenD6: the unarmed blow every character has", () => {
  it('"damage total = roll of weapon damage die code plus character\'s Strength Damage die code": a punch with no weapon rolls brawling and Strength Damage, and the GM applies it', async () => {
    // Kira: Reflexes 3D+1 and brawling +1D make 4D+1; Physique 3D gives Strength Damage 2D.
    const view = (await import("../../src/rulesets/opend6/sheets/view")).opend6ActorView;
    const sheet = view(kira.system as never, [], { name: "Thug", defense: 10 });
    expect(sheet.unarmed).toEqual({ formula: "4D+1", vs: "5", damage: "2D" });
    // 4, 4, 4 and the Wild Die 4, +1 = 17 against 10 − 5 at Point Blank. Damage 2D: 5 and Wild 4 = 9.
    // The thug resists with Physique 3D: 1, 1 and Wild 1 = 3 (a complication only notes). 6 past it: Wounded.
    const card = (await punch([4, 4, 4, 4, 5, 4, 1, 1, 1]))!;
    const dialog = renderedWith("opend6/roll-dialog.hbs") as { ranges: Array<{ id: string }>; formula: string };
    expect(dialog.ranges.map((r) => r.id)).toEqual(["pointBlank"]);
    expect(dialog.formula).toBe("4D+1");
    expect(attackCard(card)).toMatchObject({
      data: { item: null, weapon: { skill: "brawling", damage: "+0D" }, total: 17, damageCode: "2D" },
      targets: [{ name: "Thug", data: { hit: true, damage: 9, resistance: 3 } }],
    });
    expect(requestOf(card).item).toBeNull();
    expect(renderedWith("opend6/attack-card.hbs")).toMatchObject({ unarmed: true });
    expect(await pressThroughGm(record, card)).toBe(true);
    expect(wounds(thug)).toBe("wounded");
    expect(summary(card)).toMatchObject({ damage: 9, resistance: 3, excess: 6, woundsAfter: "wounded" });
    // The GM's undo puts the track back.
    await as("gm1", () => press(card, "undo", 0));
    expect(wounds(thug)).toBe("none");
  });

  it('"characters may use unarmed close combat attacks at Point Blank range only": farther is refused before rolling and in the GM\'s apply', async () => {
    expect(await punch([], { range: "short" })).toBeNull();
    expect(lastNotice()).toBe("Kira can strike unarmed at Point Blank range only.");
    // A card the player rewrote to Short range, with a roll built for it: the GM refuses it.
    const honest = (await punch([4, 4, 4, 4, 5, 4, 1, 1, 1]))!;
    const flags = structuredClone(honest.flags) as Flags;
    const choices = { ...(flags.anthology.card.data.choices as Request), range: "short" };
    flags.anthology.card.data.choices = choices;
    const forged = await forgedMessage(
      flags,
      [
        await builtRoll("4D+1", [4, 4, 4, 4], { ...requestOf(honest), choices }),
        await builtRoll("2D", [5, 4], requestOf(honest, 1)),
        await builtRoll("3D", [1, 1, 1], requestOf(honest, 2)),
      ],
      { alias: "Kira" },
    );
    expect(await pressThroughGm(record, forged)).toBe(false);
    expect(lastNotice()).toBe("Kira can strike unarmed at Point Blank range only.");
    expect(wounds(thug)).toBe("none");
  });
});

/** The GM's thug swings a club at Kira: a hit that leaves her Mortally Wounded, applied by the GM. */
async function thugDownsKira(): Promise<void> {
  await as("gm1", async () => {
    target(kira, "Kira");
    await thug.createEmbeddedDocuments("Item", [
      { name: "Club", type: "opend6-weapon", system: { damage: "+1D", skill: "meleeCombat" } },
    ]);
    // Reflexes 2D+2: 4 and the Wild Die 4, +2 = 10 against 10 − 5. Damage 3D (Strength Damage 2D and
    // +1D): 5, 5 and the Wild Die 6, again 6, then 3 = 25. Kira's resistance 4D: 1, 1, 1, 1 = 4. 21 past.
    answerDialog({ range: "pointBlank", cover: "none", posture: "standing", actions: "1" });
    fulfillment.push(4, 4, 5, 5, 6, 6, 3, 1, 1, 1, 1);
    await clickSheet(sheets, thug, "od6Attack", { item: "Club" });
    expect(await press(lastMessage(), "apply", 0)).toBe(true);
  });
  target(thug, "Thug");
  expect(wounds(kira)).toBe("mortallyWounded");
}

describe("OpenD6: a character who cannot act", () => {
  it('"a character rendered unconscious, immobile, or otherwise unable to act loses his action": the sheet refuses, the GM applies what she rolled before', async () => {
    // Kira punches while standing; the thug then puts her down before the GM applies her blow.
    const punched = (await punch([4, 4, 4, 4, 5, 4, 1, 1, 1]))!;
    await thugDownsKira();
    expect(await pressThroughGm(record, punched)).toBe(true);
    expect(wounds(thug)).toBe("wounded");
    // Now every button that acts is refused, with the reason; nothing is rolled.
    const before = record.messages.length;
    const reason = "Kira is out of action (Incapacitated, Mortally Wounded or out of Body Points) and cannot act.";
    for (const [action, options] of [
      ["od6Unarmed", {}],
      ["od6Attack", { item: "Knife" }],
      ["od6Roll", { dataset: { kind: "skill", id: "dodge" } }],
    ] as const) {
      record.notifications.length = 0;
      // Refused before any dialog opens.
      await clickSheet(sheets, kira, action, options);
      expect(lastNotice()).toBe(reason);
    }
    // Medicine is an action too; resting (natural healing) is not.
    record.notifications.length = 0;
    answerDialog({ method: "medicine", rest: "full", bonusDice: "0" });
    await clickSheet(sheets, kira, "od6Heal");
    expect(lastNotice()).toBe(reason);
    expect(record.messages.length).toBe(before);
    answerDialog({ method: "natural", rest: "full", bonusDice: "0" });
    fulfillment.push(1, 1, 1, 1);
    await clickSheet(sheets, kira, "od6Heal");
    expect(record.messages.length).toBe(before + 1);
  });

  it("the GM refuses an attack posted while its attacker was out of action", async () => {
    const honest = (await punch([4, 4, 4, 4, 5, 4, 1, 1, 1]))!;
    await thugDownsKira();
    // A card of the player's own, posted now that Kira is down, with rolls built for her penalty.
    const forged = await forgedMessage(
      honest.flags,
      [
        await builtRoll("1D+1", [6], requestOf(honest)),
        await builtRoll("2D", [5, 4], requestOf(honest, 1)),
        await builtRoll("3D", [1, 1, 1], requestOf(honest, 2)),
      ],
      { alias: "Kira" },
    );
    expect(await pressThroughGm(record, forged)).toBe(false);
    expect(lastNotice()).toBe(
      "Kira is out of action (Incapacitated, Mortally Wounded or out of Body Points) and cannot act.",
    );
    expect(wounds(thug)).toBe("none");
  });

  it('"he falls unconscious for a number of hours equal to difference between the combat skill total and the combat difficulty": the card and the status say how long', async () => {
    // The knife (Reflexes 3D+1) at Point Blank with a called shot to the head: 10 − 5 + 10 = 15.
    // 6, 6 and the Wild Die 5, +1 = 18: 3 over. Damage 3D: 4, 4, 4 = 12, +6 for the head = 18; the
    // thug resists 2, 2, 2 = 6: 12 past, Severely Wounded, halved to Stunned, and out cold.
    answerDialog({ range: "pointBlank", actions: "1", maneuver: "knockout", location: "head" });
    fulfillment.push(6, 6, 5, 4, 4, 4, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: "Knife" });
    const card = lastMessage();
    expect(await pressThroughGm(record, card)).toBe(true);
    expect(summary(card)).toMatchObject({ knockedOut: true, knockoutHours: 3, woundsAfter: "stunned" });
    const out = thug.effects.find((e) => e.statuses.has("unconscious"))!;
    expect(out.name).toBe("Knocked out (3 hours, or until woken)");
    expect(out.getFlag("anthology", "opend6KnockedOut")).toEqual({ hours: 3 });
    // Shown on the card's row once applied.
    expect(renderedWith("opend6/attack-card.hbs")).toMatchObject({
      rows: [{ applied: { knockedOut: true, knockoutHours: 3 } }],
    });
    // The thug cannot act while out cold; the GM's undo wakes it.
    await as("gm1", async () => {
      await clickSheet(sheets, thug, "od6Roll", { dataset: { kind: "attribute", id: "physique" } });
      expect(lastNotice()).toBe(
        "Thug &lt;script&gt; is unconscious and cannot act until they come round or are woken.",
      );
      await press(card, "undo", 0);
    });
    expect([...(thug as unknown as { statuses: Set<string> }).statuses]).not.toContain("unconscious");
  });
});

/** The GM gives the thug a weapon; its id. */
async function arm(name: string, system: object): Promise<string> {
  return as("gm1", async () => {
    await thug.createEmbeddedDocuments("Item", [{ name, type: "opend6-weapon", system }]);
    return thug.items.find((i) => i.name === name)!.id;
  });
}

describe("OpenD6: a parry's or a block's blade still hurts", () => {
  it('"If the character uses a sharp or energized weapon (sword or dagger, for example) to parry an unarmed blow and is successful at the block, the attacker takes damage from the weapon"', async () => {
    const knife = await arm("Dagger", { damage: "+1D", skill: "meleeCombat", edged: true });
    // The thug parries with the dagger (melee combat, Reflexes 2D+2): 5 and the Wild Die 5, +2 = 12.
    await as("gm1", async () => {
      answerDialog({ difficulty: "", actions: "1", defense: "partial", parryWith: knife });
      fulfillment.push(5, 5);
      await clickSheet(sheets, thug, "od6Roll", { dataset: { kind: "skill", id: "meleeCombat" } });
    });
    const dialog = renderedWith("opend6/roll-dialog.hbs") as { parryWeapons: Array<{ name: string }> };
    expect(dialog.parryWeapons.map((w) => w.name)).toEqual(["Dagger"]);
    // Kira's punch: 1, 1, 1 and the Wild Die 2, +1 = 6 against 12 − 5: parried. The dagger's listed
    // 1D (no Physique added): the Wild Die 6, again 3 = 9; Kira resists with 4D: 1, 1, 1, 1 = 4.
    const card = (await punch([1, 1, 1, 2, 6, 3, 1, 1, 1, 1]))!;
    expect(attackCard(card).targets).toMatchObject([
      { name: "Thug", data: { hit: false, struck: null } },
      { name: "Kira", data: { hit: false, struck: "parry", damage: 9, resistance: 4, resistanceCode: "4D" } },
    ]);
    expect(await pressThroughGm(record, card, "apply", 1)).toBe(true);
    expect(wounds(kira)).toBe("wounded");
    expect(summary(card, 1)).toMatchObject({ damage: 9, resistance: 4, excess: 5, woundsAfter: "wounded" });
    await as("gm1", () => press(card, "undo", 1));
    expect(wounds(kira)).toBe("none");
    // The GM reads the parrying weapon as it is now: no longer a blade, it hurts nobody.
    await as("gm1", () => thug.items.get(knife)!.update({ "system.edged": false }));
    expect(await pressThroughGm(record, card, "apply", 1)).toBe(false);
    expect(lastNotice()).toContain("This miss no longer hurts Kira");
    expect(wounds(kira)).toBe("none");
  });

  it('"If the block was successful, then the attacker\'s Strength Damage is not added to the listed score": a body that blocks a blade takes its listed damage', async () => {
    await arm("Sword", { damage: "+2D", skill: "meleeCombat", edged: true });
    // Kira takes off her jacket (armor would spare her) and blocks (brawling 4D+1): 4, 4, 4, 4 +1 = 17.
    await kira.items.find((i) => i.name === "Leather jacket")!.update({ "system.equipped": false });
    answerDialog({ difficulty: "", actions: "1", defense: "partial" });
    fulfillment.push(4, 4, 4, 4);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "brawling" } });
    // The thug swings the sword: 2 and the Wild Die 2, +2 = 6 against 17 − 5: blocked. The sword's listed
    // 2D (no Strength Damage): 5 and the Wild Die 4 = 9; Kira resists with Physique 3D: 1, 1, 2 = 4.
    const swing = await as("gm1", async () => {
      target(kira, "Kira");
      answerDialog({ range: "pointBlank", cover: "none", posture: "standing", actions: "1" });
      fulfillment.push(2, 2, 5, 4, 1, 1, 2);
      await clickSheet(sheets, thug, "od6Attack", { item: "Sword" });
      return lastMessage();
    });
    expect(attackCard(swing).targets).toMatchObject([
      {
        name: "Kira",
        data: { hit: false, struck: "block", damage: 9, resistance: 4, resistanceCode: "3D", missDamage: "2D" },
      },
    ]);
    // The chances counted the block: a miss still hurts her, so Hurt is above Hit in the dialog, and the
    // row's line (from the card's own data) is the rules' with the sword's listed 2D on a miss.
    const shown = (renderedWith("opend6/roll-dialog.hbs") as { outcomes: Array<Record<string, string>> }).outcomes[0]!;
    const pct = (text: string) => Number(/([\d.]+)%/.exec(text)![1]);
    expect(pct(shown.hurt!)).toBeGreaterThan(pct(shown.hit!));
    const { rowOutcome, rowOutcomeInput } = await import("../../src/rulesets/opend6/chat/outcomes");
    const card = attackCard(swing) as Parameters<typeof rowOutcome>[0];
    const input = rowOutcomeInput(card, card.targets[0]!)!;
    expect(input.missDamage).toBe("2D");
    const rules = (await import("../../src/api")).api.rules.opend6;
    const odds = rowOutcome(card, card.targets[0]!)!.odds as ReturnType<typeof rules.outcomeOdds>;
    expect(odds).toEqual(rules.outcomeOdds(input));
    expect(odds.missHurt).toBeGreaterThan(0);
    expect(odds.hurt).toBeCloseTo(rules.outcomeOdds({ ...input, missDamage: undefined }).hurt + odds.missHurt, 12);
    expect(await pressThroughGm(record, swing, "apply", 0)).toBe(true);
    expect(wounds(kira)).toBe("wounded");
  });
});

describe("OpenD6: knockdown, push, trip and lunge", () => {
  it('"instead of taking damage, the opponent loses 2D from her next Reflexes or Reflexes-based skill roll. If this is a knockdown or trip attempt, she must also spend one action to stand up"', async () => {
    // The GM's thug knocks Kira down unarmed (Physique 3D each): 4 and the Wild Die 4, +2 = 10 against 5.
    const knock = await as("gm1", async () => {
      target(kira, "Kira");
      answerDialog({ range: "pointBlank", cover: "none", posture: "standing", actions: "1", maneuver: "knockdown" });
      fulfillment.push(4, 4);
      await clickSheet(sheets, thug, "od6Unarmed");
      return lastMessage();
    });
    expect(attackCard(knock).targets[0]!.data).toMatchObject({ hit: true, damageRoll: null });
    await as("gm1", () => press(knock, "apply", 0));
    expect(wounds(kira)).toBe("none");
    const statuses = () => [...(kira as unknown as { statuses: Set<string> }).statuses];
    expect(statuses()).toEqual(expect.arrayContaining(["opend6-stumbled", "prone"]));
    expect(summary(knock)).toMatchObject({ stumbled: true, status: "prone" });
    // A roll that is not Reflexes-based keeps the stumble.
    answerDialog({ difficulty: "", actions: "1" });
    fulfillment.push(3, 3, 3);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "attribute", id: "physique" } });
    expect(cardData(lastMessage()).data).toMatchObject({ formula: "3D" });
    expect(statuses()).toContain("opend6-stumbled");
    // Her next Reflexes-based roll (a punch: brawling 4D+1) takes 2D, and the stumble ends.
    target(thug, "Thug");
    const honest = (await punch([1, 1, 1, 1]))!;
    expect(cardData(honest).data).toMatchObject({ formula: "2D+1", choices: { stumbled: true } });
    expect(statuses()).not.toContain("opend6-stumbled");
  });

  it("the GM refuses a Reflexes roll that left out a standing stumble", async () => {
    const honest = (await punch([4, 4, 4, 4, 5, 4, 1, 1, 1]))!;
    await as("gm1", async () => {
      target(kira, "Kira");
      answerDialog({ range: "pointBlank", cover: "none", posture: "standing", actions: "1", maneuver: "push" });
      fulfillment.push(4, 4);
      await clickSheet(sheets, thug, "od6Unarmed");
      await press(lastMessage(), "apply", 0);
    });
    target(thug, "Thug");
    // The player's own message, posted now, with an unstumbled 4D+1 roll: the GM refuses it.
    const forged = await forgedMessage(
      honest.flags,
      [
        await builtRoll("4D+1", [4, 4, 4, 4], requestOf(honest)),
        await builtRoll("2D", [5, 4], requestOf(honest, 1)),
        await builtRoll("3D", [1, 1, 1], requestOf(honest, 2)),
      ],
      { alias: "Kira" },
    );
    expect(await pressThroughGm(record, forged)).toBe(false);
    expect(lastNotice()).toContain("Kira was stumbling when this Reflexes roll was made");
    expect(wounds(thug)).toBe("none");
  });

  it('"he may only knockdown or push a character whose Physique ... is equal to or less than his own", and "Using brawling or a blunt melee weapon"', async () => {
    await as("gm1", () => thug.update({ "system.attributes.physique": "4D" }));
    const push = (await punch([4, 4, 4, 4], { maneuver: "push" }))!;
    expect(await pressThroughGm(record, push)).toBe(false);
    expect(lastNotice()).toBe(
      "Thug &lt;script&gt; is stronger (Physique) than Kira: only special training knocks down or pushes them (the GM's call).",
    );
    // A blade cannot trip: refused before rolling.
    await kira.items.find((i) => i.name === "Knife")!.update({ "system.edged": true });
    const before = record.messages.length;
    answerDialog({ range: "pointBlank", actions: "1", maneuver: "trip" });
    await clickSheet(sheets, kira, "od6Attack", { item: "Knife" });
    expect(record.messages.length).toBe(before);
    expect(lastNotice()).toBe("Kira can knock down, push or trip with brawling or a blunt weapon only, not a blade.");
  });

  it('"Lunge: ... adds about a half-meter ... to the range of the attack, but it lowers the effectiveness of the attack"', async () => {
    // The knife's lunge: 10 − 5 + 3 = 8 to hit; its damage 3D (Strength Damage 2D and +1D) less 1D.
    answerDialog({ range: "pointBlank", actions: "1", maneuver: "lunge" });
    fulfillment.push(4, 4, 4, 4, 4, 1, 1, 1);
    await clickSheet(sheets, kira, "od6Attack", { item: "Knife" });
    expect(attackCard(lastMessage())).toMatchObject({
      data: { damageCode: "2D" },
      targets: [{ data: { difficulty: { options: 3, value: 8 }, hit: true, damage: 8 } }],
    });
  });
});

describe("OpenD6: disarm", () => {
  it('"The defending character makes a Physique or lifting roll against the amount of damage done ... If it is less than or equal to the damage, she drops it"', async () => {
    const dagger = await arm("Dagger", { damage: "+1D", skill: "meleeCombat", edged: true });
    // Kira's punch at the dagger (a Small called shot, +3): 4, 4, 4, 4 +1 = 17 against 10 − 5 + 3.
    // Damage: Strength Damage 2D and the called shot's +1D: 4, 4, 4 = 12. The thug's grip, Physique
    // 3D: 2, 2, 2 = 6, not above 12: the dagger drops.
    const card = (await punch([4, 4, 4, 4, 4, 4, 4, 2, 2, 2], {
      maneuver: "disarm",
      calledShot: "small",
      disarmWeapon: dagger,
    }))!;
    const dialog = renderedWith("opend6/roll-dialog.hbs") as { disarmWeapons: Array<{ name: string }> };
    expect(dialog.disarmWeapons.map((w) => w.name)).toEqual(["Dagger"]);
    expect(attackCard(card).targets[0]!.data).toMatchObject({ hit: true, damage: 12, grip: 6, resistance: null });
    expect(await pressThroughGm(record, card)).toBe(true);
    const dropped = () => (thug.items.get(dagger)!.system as { dropped: boolean }).dropped;
    expect(dropped()).toBe(true);
    expect(wounds(thug)).toBe("none");
    expect(summary(card)).toMatchObject({ disarm: { weapon: "Dagger", grip: 6, dropped: true } });
    // The thug cannot attack with it until it is picked up; the GM's undo puts it back in hand.
    await as("gm1", async () => {
      target(kira, "Kira");
      await clickSheet(sheets, thug, "od6Attack", { item: "Dagger" });
      expect(lastNotice()).toBe(
        "Dagger was knocked away: pick it up (untick Dropped on its sheet) before attacking with it.",
      );
      await press(card, "undo", 0);
    });
    expect(dropped()).toBe(false);
  });

  it('"If the defender\'s roll is greater than the damage, the target character retains the item"; a disarm needs a called shot', async () => {
    const dagger = await arm("Dagger", { damage: "+1D", skill: "meleeCombat", edged: true });
    expect(await punch([], { maneuver: "disarm", disarmWeapon: dagger })).toBeNull();
    expect(lastNotice()).toBe("A disarm is a called shot at the weapon held: choose the called shot's size.");
    // Damage 1, 1, 1 = 3 against a grip of 2, 2, 2 = 6: kept.
    const card = (await punch([4, 4, 4, 4, 1, 1, 1, 2, 2, 2], {
      maneuver: "disarm",
      calledShot: "small",
      disarmWeapon: dagger,
    }))!;
    expect(await pressThroughGm(record, card)).toBe(true);
    expect((thug.items.get(dagger)!.system as { dropped: boolean }).dropped).toBe(false);
    expect(summary(card)).toMatchObject({ disarm: { grip: 6, dropped: false } });
  });
});
