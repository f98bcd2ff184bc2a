import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodAttackData, HodAttackRow } from "../../src/rulesets/hod/chat/card-data";
import { hodTimeCount } from "../../src/rulesets/hod/combat/time-count-actions";
import { fulfillment } from "../foundry/dice";
import { dialogAnswers } from "../foundry/combat";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { hodWeaponDefaults } from "../support/hod-fixtures";
import {
  answerDialog,
  hodActors,
  item,
  loadHodWorld,
  noCombat,
  target,
  timeCountFight,
  type TimeCountCombat,
} from "../support/hod-world";
import { cardData, press } from "../support/play";

// heroes-of-destiny.txt: "Passive defense replaces your Primary defense whenever you are surprised,
// unsteady, immobile, ...". Each condition that leaves a target immobile, from the sheet's attack to the
// card and the GM's apply (which judges the roll again against the target as it stands); what the
// immobile may not do on the sheet, in the tracker's Act dialog and at the GM's check of an act; and
// the Spellcasting stance a spell's preparation enters.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type Hod = Record<string, unknown>;
const SWORD = "Longsword <i>of</i> Ash";
const system = (actor: StandInActor) => actor.system as unknown as Hod;
const hp = (actor: StandInActor) => (system(actor).hp as { value: number }).value;
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const cardsOf = (kind: string) =>
  record.messages.filter(
    (m) => ((m as StandInMessage).getFlag("anthology", "card") as { kind?: string })?.kind === kind,
  ) as StandInMessage[];
const attackCard = (message: unknown) => cardData<HodAttackData, HodAttackRow>(message);
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Hod;

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

/** `holder` grabs `held`, as applying a grab leaves them. */
async function grip(holder: StandInActor, held: StandInActor): Promise<void> {
  const effect = (kind: string, other: string) => ({
    name: kind,
    statuses: [`hod-${kind}`],
    flags: { anthology: { hodEffect: { kind, other } } },
  });
  await held.createEmbeddedDocuments("ActiveEffect", [effect("grabbed", holder.uuid)]);
  await holder.createEmbeddedDocuments("ActiveEffect", [effect("grabbing", held.uuid)]);
}

/**
 * Garret swings his longsword at the goblin, the attacker picking Primary: 1d20 7 + 6 = 13 misses the
 * goblin's Primary 15 and hits its Passive 13; the 1d8 shows 4 (4 + Strength 3 = 7 damage).
 */
async function swingAtGoblin(): Promise<StandInMessage> {
  answerDialog({ defense: "primary", position: "front", cover: "none" });
  fulfillment.push(7, 4);
  await flow.rollHodAttack(garret, item(garret, SWORD));
  return cardsOf("attack").at(-1)!;
}

/** The swing met the goblin's Passive, hit, and the GM's apply (judging it again) takes the damage. */
async function metPassiveAndApplied(message: StandInMessage): Promise<void> {
  expect(attackCard(message).targets[0]!.data.defense).toMatchObject({
    id: "primary",
    met: "passive",
    value: 13,
    hit: true,
  });
  const before = hp(goblin);
  expect(await press(message, "apply", 0)).toBe(true);
  expect(hp(goblin)).toBeLessThan(before);
}

describe("Heroes of Destiny: immobile targets meet attacks with Passive (dialog, card, GM's apply)", () => {
  it("a target able to react meets the swing with Primary 15: a miss", async () => {
    const message = await swingAtGoblin();
    expect(attackCard(message).targets[0]!.data.defense).toMatchObject({ met: "primary", value: 15, hit: false });
  });

  it('"Hit: The target is immobilized" (Grab): the grabbed goblin meets it with Passive', async () => {
    await grip(garret, goblin);
    // The dialog shows the Primary column at the Passive value, and the usual defense is Passive.
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    const defenses = renderedWith("hod/roll-dialog.hbs").defenses as Array<{
      id: string;
      value: number;
      selected: boolean;
    }>;
    expect(defenses.find((d) => d.selected)?.id).toBe("passive");
    expect(defenses.filter((d) => d.id === "primary" || d.id === "passive").map((d) => d.value)).toEqual([13, 13]);
    expect(renderedWith("hod/roll-dialog.hbs")).toMatchObject({ vs: "13" });
    await metPassiveAndApplied(await swingAtGoblin());
  });

  it('"The target is immobile until the weapon is removed" (Staple): the stapled goblin meets it with Passive', async () => {
    await goblin.toggleStatusEffect("hod-stapled", { active: true });
    await metPassiveAndApplied(await swingAtGoblin());
  });

  it('"If your total paralysis damage is three times your Vigor or more, you are completely immobile": Passive', async () => {
    // Vigor 11: 32 points of paralysis still react (Primary, less the −5 to Celerity only); 33 do not.
    await goblin.update({ "system.paralysis": 32 });
    expect(attackCard(await swingAtGoblin()).targets[0]!.data.defense).toMatchObject({ met: "primary", hit: false });
    // A miss rolls no damage: the 1d8's face is left unused.
    fulfillment.length = 0;
    await goblin.update({ "system.paralysis": 33 });
    await metPassiveAndApplied(await swingAtGoblin());
  });

  it('"Once a character has sustained 10 points of petrification damage, he is fully petrified": Passive', async () => {
    await goblin.update({ "system.petrification": 10 });
    await metPassiveAndApplied(await swingAtGoblin());
  });

  it("the GM judges the roll again at apply: a goblin freed from paralysis before the apply is missed", async () => {
    await goblin.update({ "system.paralysis": 33 });
    const message = await swingAtGoblin();
    expect(attackCard(message).targets[0]!.data.defense).toMatchObject({ met: "passive", hit: true });
    await goblin.update({ "system.paralysis": 0 });
    expect(await press(message, "apply", 0)).toBe(false);
    expect(warnings().at(-1)).toContain("no longer hits");
    expect(hp(goblin)).toBe(8);
  });
});

/** Garret prepares a coup de grâce at TC 6 on a Time Count (Slow 1d8+8 showing 4: done at 18). */
async function prepareCoup(): Promise<TimeCountCombat> {
  const { combat } = await timeCountFight(garret, goblin, { garret: 6, goblin: 8 });
  fulfillment.push(4);
  await flow.rollHodSpecial(garret, "coupDeGrace", item(garret, SWORD));
  expect(combat.combatants.get("garret")!.initiative).toBe(18);
  // The goblin is awake: the GM was told it is not helpless, and went on.
  expect(warnings()).toEqual([expect.stringContaining("Goblin is not helpless")]);
  record.notifications.length = 0;
  await combat.nextTurn();
  expect(combat.timeCount).toBe(8);
  return combat;
}

describe("Heroes of Destiny: a coup de grâce performer while preparing", () => {
  it("\"You are considered immobile during preparation\": the goblin's club meets Garret's Passive 14", async () => {
    await prepareCoup();
    target(garret, "Garret");
    // 1d20 12 + 2 = 14: a miss on Garret's Primary 16, a hit on his Passive 14.
    answerDialog({ defense: "primary", position: "front", cover: "none" });
    fulfillment.push(12, 3);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    const club = cardsOf("attack").at(-1)!;
    expect(attackCard(club).targets[0]!.data.defense).toMatchObject({ met: "passive", value: 14, hit: true });
    expect(await press(club, "apply", 0)).toBe(true);
    // 3 + Strength 1 = 4, within Garret's Threshold of Pain 5: fatigue.
    expect(system(garret).fatigue).toBe(4);
  });

  it("\"You cannot act during preparation\": the sheet's attack and the Act dialog's Move and attack are refused", async () => {
    await prepareCoup();
    expect(await asPlayer(() => flow.rollHodAttack(garret, item(garret, SWORD)))).toBeNull();
    expect(warnings().at(-1)).toBe(
      "Garret is preparing a special action (immobile; no act during preparation): cancel the preparation first.",
    );
    expect(await asPlayer(() => hodTimeCount.allows!({ action: "move", pace: "base" } as never, garret))).toBe(false);
    expect(await asPlayer(() => hodTimeCount.allows!({ action: "attack" } as never, garret))).toBe(false);
    // The goblin, who prepares nothing, may.
    expect(await asPlayer(() => hodTimeCount.allows!({ action: "move", pace: "base" } as never, goblin))).toBe(true);
  });

  it("once the preparation is done, the strike follows (no longer immobile)", async () => {
    const combat = await prepareCoup();
    await combat.actCombatant("goblin", { action: "custom", speedFactor: 20 });
    await combat.nextTurn();
    expect(combat.timeCount).toBe(18);
    expect(hodTimeCount.allows!({ action: "attack" } as never, garret)).toBe(true);
    expect(warnings()).toEqual([]);
  });
});

describe("Heroes of Destiny: what the immobile may not do (sheet, Act dialog, the GM's check)", () => {
  /** The GM's check of a player's act (byGm false): the refusal's i18n key, or null. */
  const gmCheck = (choice: Hod, actor: StandInActor): string | null => {
    try {
      hodTimeCount.resolve!(choice as never, actor, false);
      return null;
    } catch (error) {
      return (error as { refusal?: { key: string } }).refusal?.key ?? String(error);
    }
  };

  it('"completely immobile and unable to move or act" (paralysis at three times Vigor): no move, attack or other act', async () => {
    // Garret's Vigor is 10 + Constitution 2 + Fortitude 2 = 14: 42 points.
    await garret.update({ "system.paralysis": 42 });
    expect(await asPlayer(() => flow.rollHodAttack(garret, item(garret, SWORD)))).toBeNull();
    expect(warnings().at(-1)).toBe(
      "Garret is paralysed at three times Vigor or more: completely immobile and unable to move or act.",
    );
    expect(await asPlayer(() => flow.shiftHodStance(garret, "cautious"))).toBeNull();
    expect(await asPlayer(() => hodTimeCount.allows!({ action: "move", pace: "base" } as never, garret))).toBe(false);
    expect(await asPlayer(() => hodTimeCount.allows!({ action: "drinkPotion" } as never, garret))).toBe(false);
    expect(gmCheck({ action: "move", pace: "base" }, garret)).toBe("ANTHOLOGY.HoD.Immobile.paralysed");
    expect(gmCheck({ action: "attack", weaponClass: "standard" }, garret)).toBe("ANTHOLOGY.HoD.Immobile.paralysed");
    expect(gmCheck({ action: "drawWeapon" }, garret)).toBe("ANTHOLOGY.HoD.Immobile.paralysed");
    // 41 points only slow him: he may act.
    await garret.update({ "system.paralysis": 41 });
    expect(gmCheck({ action: "move", pace: "base" }, garret)).toBeNull();
  });

  it("fully petrified: no move (0 ft from 8 points) and no act; a GM is warned and may go on", async () => {
    await garret.update({ "system.petrification": 8 });
    expect(gmCheck({ action: "move", pace: "base" }, garret)).toBe("ANTHOLOGY.HoD.Immobile.noSpeed");
    expect(gmCheck({ action: "attack", weaponClass: "standard" }, garret)).toBeNull();
    await garret.update({ "system.petrification": 10 });
    expect(gmCheck({ action: "attack", weaponClass: "standard" }, garret)).toBe("ANTHOLOGY.HoD.Immobile.petrified");
    expect(await asPlayer(() => flow.rollHodAttack(garret, item(garret, SWORD)))).toBeNull();
    expect(warnings().at(-1)).toBe("Garret is fully petrified: no speed left, and no act until magic restores it.");
    // A GM's act is recorded as given.
    expect(hodTimeCount.allows!({ action: "attack" } as never, garret)).toBe(true);
    expect(warnings().at(-1)).toMatch(/^As GM you may go on: Garret is fully petrified/);
    expect(() =>
      hodTimeCount.resolve!({ action: "attack", weaponClass: "standard" } as never, garret, true),
    ).not.toThrow();
  });

  it("stapled: no move in the Act dialog or at the GM's check; attacking stays open", async () => {
    await garret.toggleStatusEffect("hod-stapled", { active: true });
    expect(await asPlayer(() => hodTimeCount.allows!({ action: "move", pace: "base" } as never, garret))).toBe(false);
    expect(warnings().at(-1)).toBe(
      "Garret is stapled (immobile until the weapon is removed with an Athletics or Acrobatics check): no moving.",
    );
    expect(gmCheck({ action: "move", pace: "base" }, garret)).toBe("ANTHOLOGY.HoD.Immobile.stapled");
    expect(gmCheck({ action: "attack", weaponClass: "standard" }, garret)).toBeNull();
  });
});

describe("Heroes of Destiny: the GM's check of a player's act, through the socket", () => {
  const users = () => game.users as unknown as Map<string, { id: string; isGM: boolean; isSelf: boolean }>;
  afterEach(() => void users().delete("user2"));

  /** A request from Pat's client (user2, who owns Garret), as the GM's socket listener receives it. */
  async function fromPat(choice: object): Promise<{ key: string } | null> {
    record.emitted.length = 0;
    for (const fn of record.socketListeners.get("system.anthology") ?? [])
      fn(
        {
          kind: "request",
          id: "r1",
          type: "timeCount.act",
          payload: { combatId: "tc1", combatantId: "garret", choice },
        },
        "user2",
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reply = record.emitted.at(-1)?.message as { kind: string; refusal?: { key: string } } | undefined;
    expect(reply).toMatchObject({ kind: "reply", id: "r1", to: "user2" });
    return reply?.refusal ?? null;
  }

  it('"unable to move or act": the GM refuses a paralysed player\'s Move and attack and records nothing', async () => {
    users().set("user2", { id: "user2", isGM: false, isSelf: false });
    await garret.update({ ownership: { user1: 3, user2: 3 } });
    const { combat } = await timeCountFight(garret, goblin, { garret: 6, goblin: 8 });
    await garret.update({ "system.paralysis": 42 });
    expect(await fromPat({ action: "move", pace: "base" })).toMatchObject({ key: "ANTHOLOGY.HoD.Immobile.paralysed" });
    expect(await fromPat({ action: "attack", weaponClass: "standard" })).toMatchObject({
      key: "ANTHOLOGY.HoD.Immobile.paralysed",
    });
    expect(combat.combatants.get("garret")!.initiative).toBe(6);
    // Freed of it, the same Move is recorded (1 TC).
    await garret.update({ "system.paralysis": 0 });
    expect(await fromPat({ action: "move", pace: "base" })).toBeNull();
    expect(combat.combatants.get("garret")!.initiative).toBe(7);
  });
});

describe("Heroes of Destiny: preparing a spell enters the Spellcasting stance", () => {
  beforeEach(async () => {
    await garret.createEmbeddedDocuments("Item", [
      {
        name: "Force bolt",
        type: "hod-weapon",
        system: {
          ...hodWeaponDefaults,
          category: "spell",
          damage: "1d6",
          speedClass: "fast",
          defense: "vigor",
          fatigueCost: 2,
          durability: { value: 0, max: 0 },
        },
      },
    ]);
  });
  const bolt = () => item(garret, "Force bolt");

  it('"Shift: Free (automatic when you begin preparing a spell)": Passive defense, half movement, then back to basic', async () => {
    await garret.update({ "system.speed": 30 });
    const { combat } = await timeCountFight(garret, goblin, { garret: 6, goblin: 8 });
    // Fast 1d6+3 showing 2: prepared at TC 11.
    fulfillment.push(2);
    await flow.prepareHodSpell(garret as never, bolt() as never);
    expect(system(garret)).toMatchObject({ stance: "spellcasting", stanceShifting: false });
    // "You use your Passive defense": the goblin's 12 + 2 = 14 misses Primary 16 but hits Passive 14.
    await combat.nextTurn();
    target(garret, "Garret");
    answerDialog({ defense: "primary", position: "front", cover: "none" });
    fulfillment.push(12, 3);
    await flow.rollHodAttack(goblin, item(goblin, "Club"));
    const club = cardsOf("attack").at(-1)!;
    expect(attackCard(club).targets[0]!.data.defense).toMatchObject({
      met: "passive",
      value: 14,
      hit: true,
      stance: "spellcasting",
    });
    expect(await press(club, "apply", 0)).toBe(true);
    // "move at half speed": the Act dialog's Move offers 15 ft at base speed, not 30.
    const move = hodTimeCount.dialog.context({ name: "Garret", rolled: true, actor: garret } as never) as {
      move: { paces: Array<{ id: string; feet: number }> };
    };
    expect(move.move.paces.find((p) => p.id === "base")!.feet).toBe(15);
    // Abandoned, the spell leaves the stance for a basic one.
    await flow.abandonHodSpell(garret as never);
    expect(system(garret)).toMatchObject({ stance: "" });
  });

  it("cast outside a Time Count: the stance is entered on preparing and left on casting", async () => {
    await flow.prepareHodSpell(garret as never, bolt() as never);
    expect(system(garret).stance).toBe("spellcasting");
    answerDialog({ defense: "vigor" });
    answerDialog({ takeTen: "on" });
    fulfillment.push(15, 4);
    await flow.rollHodAttack(garret, bolt());
    expect(system(garret).stance).toBe("");
  });
});
