import { loadAllSheets } from "../support/modules";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodAttackData, HodAttackRow, HodCheckData, HodDamageData } from "../../src/rulesets/hod/chat/card-data";
import type { HodAppliedSummary } from "../../src/rulesets/hod/chat/views";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { hodFighterItems, hodFighterSystem, hodGoblinItems, hodGoblinSystem } from "../support/hod-fixtures";
import { answerDialog, hodActors, item, loadHodWorld, target } from "../support/hod-world";
import { canPress, cardData, loadPlay, press } from "../support/play";
import { MIGRATIONS, migrateSource } from "../../src/migrations";

// The GM's client: the flows the sheet buttons call and the card buttons, with the dice scripted
// through Foundry's dice fulfillment (the faces a user would type in manual entry).

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type View = Record<string, unknown>;
const attackCard = (message: unknown) => cardData<HodAttackData, HodAttackRow>(message);
const damageCard = (message: unknown) => cardData<HodDamageData, Record<string, never>>(message);
const summary = (message: unknown, row = 0) =>
  cardData(message).targets[row]!.applied?.summary as unknown as HodAppliedSummary;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const rows = (path: string) => renderedWith(path).rows as View[];
const system = (actor: StandInActor) => actor.system as unknown as Record<string, unknown> & { hp: { value: number } };
const statuses = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const SWORD = "Longsword <i>of</i> Ash";

const plainAttack = { defense: "primary", position: "front", cover: "none" };

async function attack(weapon: string, faces: number[], answer: Record<string, string | string[]> = plainAttack) {
  answerDialog(answer);
  fulfillment.push(...faces);
  return (await flow.rollHodAttack(garret, item(garret, weapon))) as unknown as StandInMessage | null;
}

async function damage(faces: number[], answer: Record<string, string> = {}, weapon = SWORD) {
  answerDialog(answer);
  fulfillment.push(...faces);
  return (await flow.rollHodDamage(garret, item(garret, weapon))) as unknown as StandInMessage | null;
}

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(goblin, "Goblin");
});

describe("Heroes of Destiny attacks (GM): one click, one dialog, one card", () => {
  it("rolls 1d20 + Accuracy + Strength + proficiency against the goblin's Primary, hits, and rolls the damage with it", async () => {
    // 10 + 6 = 16 against Primary 15; the hit's 1d8 + Strength 3 + Power 1 shows 5: 9.
    const message = await attack(SWORD, [10, 5]);
    expect(message).toBe(lastMessage());
    expect(attackCard(message)).toMatchObject({
      ruleSet: "hod",
      kind: "attack",
      actor: { name: "Garret" },
      data: {
        item: { name: SWORD },
        formula: "1d20 + 6",
        base: 5,
        modifiers: [{ id: "proficient", value: 1 }],
        attackRoll: 0,
        natural: 10,
        total: 16,
        fumble: false,
        schedule: { state: "none" },
      },
      targets: [
        {
          name: "Goblin",
          applied: null,
          data: {
            defense: { id: "primary", value: 15, hit: true, critical: false, margin: 1 },
            damage: { roll: 1, formula: "1d8 + 4", rolled: 9, total: 9, critical: false, nonlethal: false },
          },
        },
      ],
    });
    expect(lastMessage().rolls).toHaveLength(2);
    expect(rows("hod/attack-card.hbs")).toMatchObject([
      {
        index: 0,
        name: "Goblin",
        hit: true,
        result: "hit",
        defense: {
          resultKey: "ANTHOLOGY.HoD.Card.Result.hit",
          labelKey: "ANTHOLOGY.HoD.Defenses.primary",
          value: 15,
          margin: "+1",
        },
        damage: { total: 9, raised: false },
        applied: null,
      },
    ]);
    expect(dialogCalls.at(-1)).toMatchObject({ window: { title: "Attack with Longsword <i>of</i> Ash" } });
    // The dialog took the damage options too, nonlethal unticked for a sword.
    expect(renderedWith("hod/roll-dialog.hbs")).toMatchObject({ hitDamage: { nonlethal: false }, usual: null });
  });

  it("misses below the defense, and the row has no damage and nothing to apply", async () => {
    await attack(SWORD, [8]);
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({
      defense: { hit: false, margin: -1 },
      damage: null,
    });
    expect(attackCard(lastMessage()).data.total).toBe(14);
    expect(rows("hod/attack-card.hbs")).toMatchObject([{ result: "miss", hit: false, damage: null }]);
    expect(lastMessage().rolls).toHaveLength(1);
    expect(await press(lastMessage(), "apply", 0)).toBe(false);
    expect(warnings().at(-1)).toBe("There is nothing to apply to Goblin on that card.");
  });

  it("scores a critical on a natural 20 that beats the defense, and on 19 with a Precise weapon: weapon dice at their maximum", async () => {
    await attack(SWORD, [20]);
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({
      defense: { hit: true, critical: true, margin: 11 },
      damage: { formula: "8 + 4", total: 12, critical: true },
    });
    await attack(SWORD, [19, 3]);
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({
      defense: { hit: true, critical: false },
      damage: { formula: "1d8 + 4", total: 7 },
    });
    // The rapier: 1d20 + 5 (no proficiency); 19 + 5 = 24 beats 15 in the Precise range: 6 + 4.
    await attack("Rapier", [19]);
    expect(attackCard(lastMessage())).toMatchObject({
      data: { total: 24 },
      targets: [{ data: { defense: { hit: true, critical: true }, damage: { formula: "6 + 4", total: 10 } } }],
    });
    expect(rows("hod/attack-card.hbs")).toMatchObject([{ result: "critical" }]);
  });

  it("hits on a natural 20 below the defense, without a critical", async () => {
    // The other modifier stops at −10 (docs/rules-decisions.md): 5 + 1 − 8 − 10 = −12, 20 − 12 = 8 against 15.
    await attack(SWORD, [20, 2], { ...plainAttack, cover: "coverNineTenths", modifier: "-20" });
    expect(attackCard(lastMessage())).toMatchObject({
      data: { formula: "1d20 - 12", total: 8 },
      targets: [{ data: { defense: { hit: true, critical: false, automatic: true }, damage: { total: 6 } } }],
    });
    expect(rows("hod/attack-card.hbs")).toMatchObject([{ result: "hit", defense: { automatic: true } }]);
  });

  it("adds the situation from the dialog: higher ground, flanking, cover, simultaneity, two weapons", async () => {
    await attack(SWORD, [12, 1], {
      defense: "celerity",
      position: "flanked",
      cover: "coverHalf",
      situations: ["higherGround", "simultaneous", "twoWeapons", "<b>bogus</b>"],
      modifier: "2",
    });
    // 5 + proficient 1 + higher 1 + flanked 2 - half cover 4 + simultaneous 1 - two weapons 6 + 2 = 2.
    expect(attackCard(lastMessage())).toMatchObject({
      data: {
        formula: "1d20 + 2",
        total: 14,
        modifiers: [
          { id: "higherGround", value: 1 },
          { id: "proficient", value: 1 },
          { id: "flanked", value: 2 },
          { id: "coverHalf", value: -4 },
          { id: "simultaneous", value: 1 },
          { id: "twoWeapons", value: -6 },
          { id: "extra", value: 2 },
        ],
      },
      targets: [{ data: { defense: { id: "celerity", value: 14, hit: true } } }],
    });
  });

  it("takes the range penalty for a bow, gives no flanking bonus at range, and refuses beyond 10 increments", async () => {
    // Shortbow: Accuracy 2 + Dexterity 1 = 3; 85 feet is 3 increments of 40: -2.
    await attack("Shortbow", [10], { ...plainAttack, position: "flanked", distance: "85" });
    expect(attackCard(lastMessage()).data).toMatchObject({
      formula: "1d20 + 1",
      modifiers: [{ id: "range", value: -2 }],
    });
    const before = record.messages.length;
    await attack("Shortbow", [], { ...plainAttack, distance: "401" });
    expect(record.messages.length).toBe(before);
    expect(warnings().at(-1)).toBe("401 feet is beyond the maximum range of Shortbow.");
  });

  it("meets the goblin's Passive defense by default when it has no melee weapon, or is helpless", async () => {
    const selected = () =>
      (renderedWith("hod/roll-dialog.hbs").defenses as Array<{ id: string; selected: boolean; value: number }>).find(
        (d) => d.selected,
      );
    const club = item(goblin, "Club");
    await club.update({ "system.equipped": false });
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    expect(selected()).toEqual(expect.objectContaining({ id: "passive", value: 13 }));
    // Against a bow shot, having no melee weapon does not matter.
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, "Shortbow"));
    expect(selected()?.id).toBe("primary");
    expect(renderedWith("hod/roll-dialog.hbs")).toMatchObject({
      ranged: true,
      formula: "1d20 + 3",
      vs: "15",
      chance: "45.0%",
    });
    await club.update({ "system.equipped": true });
    await goblin.toggleStatusEffect("unconscious", { active: true });
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, "Shortbow"));
    expect(selected()?.id).toBe("passive");
  });

  it("judges one d20 against every target, each on its own row with its usual defense and its own damage, applied on its own", async () => {
    const { goblin: sleeper } = await hodActors();
    await sleeper.toggleStatusEffect("unconscious", { active: true });
    (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: sleeper, name: "Sleeping goblin" });
    // Two targets: the dialog offers each target's usual defense, and starts on it.
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, SWORD));
    expect(renderedWith("hod/roll-dialog.hbs")).toMatchObject({
      target: { name: "Goblin" },
      others: 1,
      usual: { selected: true },
    });
    // 8 + 6 = 14: a miss on the goblin's Primary 15, a hit on the sleeper's Passive 13 (1d8 shows 4).
    await attack(SWORD, [8, 4], { ...plainAttack, defense: "usual" });
    const message = lastMessage();
    expect(
      attackCard(message).targets.map((t) => [t.name, t.data.defense.id, t.data.defense.hit, t.data.damage?.total]),
    ).toEqual([
      ["Goblin", "primary", false, undefined],
      ["Sleeping goblin", "passive", true, 8],
    ]);
    expect(await press(message, "apply", 1)).toBe(true);
    expect([system(goblin).hp.value, system(sleeper).hp.value]).toEqual([8, 3]);
    expect(cardData(message).targets.map((t) => t.applied !== null)).toEqual([false, true]);
  });

  it("fumbles on a natural 1: a miss, a point of durability off the weapon, and a card that says it may break", async () => {
    await attack(SWORD, [1]);
    expect(attackCard(lastMessage())).toMatchObject({
      data: { fumble: true, durabilityLeft: 0 },
      targets: [{ data: { defense: { hit: false }, damage: null } }],
    });
    expect(system(garret).hp.value).toBe(20);
    expect((item(garret, SWORD).system as { durability: { value: number } }).durability.value).toBe(0);
    expect(renderedWith("hod/attack-card.hbs")).toMatchObject({
      fumble: true,
      mayBreak: true,
      rows: [{ result: "fumble", defense: { resultKey: "ANTHOLOGY.HoD.Card.Result.fumble" } }],
    });
    // A fist has no durability to lose.
    await attack("Fists", [1]);
    expect(attackCard(lastMessage()).data).toMatchObject({ fumble: true, durabilityLeft: null });
  });

  it("rolls without a target: the card leaves the judgement to the GM and Roll damage rolls it once", async () => {
    target(null);
    await attack(SWORD, [20]);
    const message = lastMessage();
    expect(attackCard(message)).toMatchObject({ data: { total: 26, damageRolled: false }, targets: [] });
    expect(renderedWith("hod/attack-card.hbs")).toMatchObject({ noTarget: true, criticalRange: true, rows: [] });
    expect(canPress(message, "rollDamage")).toBe(true);
    // The natural 20 starts the damage dialog on a critical.
    target(goblin, "Goblin");
    answerDialog({ critical: "on" });
    await press(message, "rollDamage");
    expect(renderedWith("hod/roll-dialog.hbs")).toMatchObject({ damage: true, critical: true });
    expect(damageCard(lastMessage())).toMatchObject({
      kind: "damage",
      data: { formula: "8 + 4", total: 12, choices: { critical: true } },
      targets: [{ name: "Goblin" }],
    });
    // A hit rolls its damage once.
    expect(attackCard(message).data.damageRolled).toBe(true);
    expect(canPress(message, "rollDamage")).toBe(false);
    const count = record.messages.length;
    await press(message, "rollDamage");
    expect(record.messages.length).toBe(count);
  });

  it("lets only the actor's owners roll", async () => {
    const before = record.messages.length;
    (game.user as unknown as { isGM: boolean }).isGM = false;
    try {
      await flow.rollHodAttack(goblin, item(goblin, "Club"));
    } finally {
      (game.user as unknown as { isGM: boolean }).isGM = true;
    }
    expect(record.messages.length).toBe(before);
    expect(warnings().at(-1)).toBe("You can roll only for your own characters; Goblin &lt;script&gt; is not yours.");
  });

  it("refuses a weapon without a category the rules know, naming it", async () => {
    const sword = item(garret, "Rapier");
    await sword.update({ "system.category": "banana" });
    await flow.rollHodAttack(garret, sword);
    expect(warnings().at(-1)).toBe(
      `Rapier has no weapon category the rules know ("banana"): pick one on the weapon's sheet.`,
    );
  });

  it("refuses extra damage that is not dice before anything is rolled", async () => {
    const before = record.messages.length;
    await attack(SWORD, [10, 5], { ...plainAttack, extraDice: "<b>lots</b>" });
    expect(record.messages.length).toBe(before);
    expect(warnings().at(-1)).toBe(`The extra damage "&lt;b&gt;lots&lt;/b&gt;" is not dice such as 1d6.`);
  });
});

describe("Heroes of Destiny damage, applied by the GM on the card's row", () => {
  it("applies a hit over the Threshold of Pain once, shows every step on the row, and undoes it", async () => {
    const hit = (await attack(SWORD, [10, 5]))!;
    // The goblin's Threshold of Pain is 3: 3 to fatigue, 6 off its 8 HP; fatigue 3 now exceeds HP 2.
    expect(await press(hit, "apply", 0)).toBe(true);
    expect(system(goblin)).toMatchObject({ hp: { value: 2 }, fatigue: 3, topLost: 1 });
    expect(summary(hit)).toMatchObject({
      damage: 9,
      before: { hp: 8, fatigue: 0, thresholdOfPain: 3 },
      after: { hp: 2, fatigue: 3, thresholdOfPain: 2 },
      wounded: false,
      dying: false,
      dead: false,
      unconsciousCheck: 1,
    });
    // The same card is drawn again with the row applied: no new card.
    expect(lastMessage()).toBe(hit);
    expect(rows("hod/attack-card.hbs")).toMatchObject([
      {
        applied: {
          overThreshold: true,
          fatigue: { added: 3 },
          hp: { before: 8, after: 2, lost: 6 },
          top: { before: 3, after: 2 },
        },
        consciousness: { dc: 1 },
      },
    ]);
    // Applying twice is refused.
    expect(await press(hit, "apply", 0)).toBe(false);
    expect(system(goblin).hp.value).toBe(2);
    expect(warnings().at(-1)).toBe("This has already been applied to Goblin.");
    // Undo puts the track back.
    expect(await press(hit, "undo", 0)).toBe(true);
    expect(system(goblin)).toMatchObject({ hp: { value: 8 }, fatigue: 0, topLost: 0 });
    expect(cardData(hit).targets[0]!.applied).toBeNull();
  });

  it("takes the target's damage reduction off the hit as the GM applies it; the hit still lowers the Threshold", async () => {
    await goblin.update({ "system.damageReduction": 4 });
    const hit = (await attack(SWORD, [10, 5]))!;
    // 9 damage, reduction 4: 5 meets the Threshold of 3: 3 to fatigue, 2 off its 8 HP.
    expect(await press(hit, "apply", 0)).toBe(true);
    expect(system(goblin)).toMatchObject({ hp: { value: 6 }, fatigue: 3, topLost: 1 });
    expect(summary(hit)).toMatchObject({ damage: 9, reduction: 4 });
    expect(rows("hod/attack-card.hbs")).toMatchObject([
      { applied: { reduction: 4, overThreshold: true, hp: { lost: 2 }, top: { before: 3, after: 2 } } },
    ]);
    // A reduction as large as the hit leaves nothing, but the Threshold still falls.
    await press(hit, "undo", 0);
    await goblin.update({ "system.damageReduction": 12 });
    await press(hit, "apply", 0);
    expect(system(goblin)).toMatchObject({ hp: { value: 8 }, fatigue: 0, topLost: 1 });
    expect(summary(hit)).toMatchObject({ reduction: 9 });
  });

  it("leaves an impairment of the weapon's damage type for a hit past the Threshold, with the optional rule on", async () => {
    const hit = (await attack(SWORD, [10, 5]))!;
    // Off: 9 past the goblin's Threshold of 3 leaves nothing.
    await press(hit, "apply", 0);
    expect(system(goblin).impairments).toEqual({ bludgeoning: 0, piercing: 0, slashing: 0 });
    await press(hit, "undo", 0);
    await game.settings!.set("anthology" as never, "hodImpairments" as never, true as never);
    try {
      await press(hit, "apply", 0);
      // The longsword slashes: one slashing impairment, −1 Agility (Celerity 14 → 13, Primary 15 → 14).
      expect(system(goblin).impairments).toEqual({ bludgeoning: 0, piercing: 0, slashing: 1 });
      expect(system(goblin).derived).toMatchObject({ celerity: 13, primary: 14 });
      expect(summary(hit)).toMatchObject({ impairment: "slashing" });
      expect(rows("hod/attack-card.hbs")).toMatchObject([
        { applied: { impairmentKey: "ANTHOLOGY.HoD.DamageType.slashing" } },
      ]);
      // Each impairment weighs −2 on the check to stay conscious: 3d6 + Constitution 1 − 2.
      answerDialog({ modifier: "0" });
      fulfillment.push(3, 3, 3);
      await flow.rollHodCheck(goblin, "constitution", 12, { consciousness: true });
      expect(cardData<HodCheckData>(lastMessage()).data).toMatchObject({ formula: "3d6 - 1", total: 8 });
      // Undo takes the impairment back.
      await press(hit, "undo", 0);
      expect(system(goblin).impairments).toEqual({ bludgeoning: 0, piercing: 0, slashing: 0 });
      // A hit that does not pass the Threshold leaves none.
      await damage([1], { modifier: "-6" });
      await press(lastMessage(), "apply", 0);
      expect(system(goblin).impairments).toEqual({ bludgeoning: 0, piercing: 0, slashing: 0 });
    } finally {
      await game.settings!.set("anthology" as never, "hodImpairments" as never, false as never);
    }
  });

  it("maximises the weapon dice on a critical, keeps extra dice rolled, and adds at least +1 for the attribute", async () => {
    await attack(SWORD, [20, 2], { ...plainAttack, extraDice: "1d6" });
    expect(attackCard(lastMessage()).targets[0]!.data.damage).toMatchObject({
      formula: "8 + 1d6 + 4",
      total: 14,
      critical: true,
    });
    // A Strength of -2 still adds +1 on a critical (the sheet's Damage button, the critical ticked).
    await garret.update({ "system.strength": -2 });
    await damage([], { critical: "on" });
    expect(damageCard(lastMessage()).data).toMatchObject({ formula: "8 + 2", total: 10 });
  });

  it("deals at least 1 on a hit whatever the penalties", async () => {
    await damage([2], { modifier: "-10" });
    expect(damageCard(lastMessage()).data).toMatchObject({ formula: "1d8 - 6", rolled: -4, total: 1 });
    expect(renderedWith("hod/damage-card.hbs")).toMatchObject({ raised: true, rolled: -4, total: 1 });
  });

  it("deals nonlethal 1d3 unarmed damage by default, which only tires and still lowers the Threshold of Pain", async () => {
    await damage([3], { nonlethal: "on" }, "Fists");
    // 1d3 + the better of Strength 3 and Dexterity 1 + Power 1.
    expect(damageCard(lastMessage()).data).toMatchObject({
      formula: "1d3 + 4",
      total: 7,
      choices: { nonlethal: true },
    });
    expect(renderedWith("hod/roll-dialog.hbs")).toMatchObject({ nonlethal: true });
    expect(await press(lastMessage(), "apply", 0)).toBe(true);
    expect(system(goblin)).toMatchObject({ hp: { value: 8 }, fatigue: 7, topLost: 1 });
    expect(summary(lastMessage())).toMatchObject({ nonlethal: true, unconsciousCheck: null });
    // An unarmed attack's dialog starts on nonlethal too.
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, "Fists"));
    expect(renderedWith("hod/roll-dialog.hbs")).toMatchObject({ hitDamage: { nonlethal: true } });
  });

  it("takes the excess from bonus HP, then Invigoration, then HP; a hit at or under the threshold only tires", async () => {
    await goblin.update({ "system.bonusHp": 2, "system.invigoration": 1 });
    await damage([5]);
    await press(lastMessage(), "apply", 0);
    expect(system(goblin)).toMatchObject({ hp: { value: 5 }, bonusHp: 0, invigoration: 0, fatigue: 3 });
    expect(rows("hod/damage-card.hbs")).toMatchObject([{ applied: { bonusAbsorbed: 2, invigorationAbsorbed: 1 } }]);
    // The Threshold is 2 now; 2 damage only tires.
    await damage([4], { modifier: "-6" });
    await press(lastMessage(), "apply", 0);
    expect(system(goblin)).toMatchObject({ hp: { value: 5 }, fatigue: 5, topLost: 2 });
    expect(rows("hod/damage-card.hbs")).toMatchObject([{ applied: { overThreshold: false, hp: { lost: 0 } } }]);
  });

  it("marks the dead, and stops lowering the Threshold of Pain at 0 (wounded); undo takes the dead status off", async () => {
    await goblin.update({ "system.topLost": 3 });
    await damage([8], { modifier: "10" });
    await press(lastMessage(), "apply", 0);
    // Threshold 0: all 22 to HP.
    expect(system(goblin)).toMatchObject({ hp: { value: 0 }, topLost: 3 });
    expect(summary(lastMessage())).toMatchObject({ dead: true, wounded: true, unconsciousCheck: null });
    expect(statuses(goblin)).toContain("dead");
    await press(lastMessage(), "undo", 0);
    expect(system(goblin).hp.value).toBe(8);
    expect(statuses(goblin)).not.toContain("dead");
  });

  it("rolls the Constitution check a hit asks for on its row, once; failing knocks the target out for 10 TC a point", async () => {
    await goblin.update({ "system.fatigue": 10 });
    await damage([5]);
    const card = lastMessage();
    // Before the hit is applied there is no check to roll.
    expect(canPress(card, "consciousness", 0)).toBe(false);
    await press(card, "apply", 0);
    // Fatigue 13 against 2 HP: DC 11, and dying (fatigue at least twice the HP).
    expect(summary(card)).toMatchObject({ unconsciousCheck: 11, dying: true });
    expect(rows("hod/damage-card.hbs")).toMatchObject([{ applied: { health: "dying" }, consciousness: { dc: 11 } }]);
    expect(canPress(card, "consciousness", 0)).toBe(true);
    answerDialog({ modifier: "0" });
    fulfillment.push(1, 2, 3);
    await press(card, "consciousness", 0);
    const check = lastMessage();
    expect(cardData<HodCheckData>(check)).toMatchObject({
      kind: "check",
      actor: { name: "Goblin <script>" },
      data: {
        attribute: "constitution",
        formula: "3d6 + 1",
        total: 7,
        dc: 11,
        success: false,
        margin: -4,
        consciousness: true,
        unconsciousTc: 40,
      },
    });
    expect(dialogCalls.at(-1)).toMatchObject({ window: { title: "Goblin <script>: stay conscious" } });
    expect(statuses(goblin)).toContain("unconscious");
    // Once: the button is spent, and pressing it does nothing.
    expect(canPress(card, "consciousness", 0)).toBe(false);
    const count = record.messages.length;
    await press(card, "consciousness", 0);
    expect(record.messages.length).toBe(count);
    // Undoing the hit forgets the check with it; applied again, the hit asks again.
    await press(card, "undo", 0);
    await press(card, "apply", 0);
    expect(canPress(card, "consciousness", 0)).toBe(true);
  });

  it("refuses extra damage that is not dice", async () => {
    const before = record.messages.length;
    await damage([], { extraDice: "<b>lots</b>" });
    expect(record.messages.length).toBe(before);
    expect(warnings().at(-1)).toBe(`The extra damage "&lt;b&gt;lots&lt;/b&gt;" is not dice such as 1d6.`);
  });

  it("cannot apply damage rolled without a target", async () => {
    target(null);
    await damage([5]);
    expect(damageCard(lastMessage()).targets).toEqual([]);
    expect(renderedWith("hod/damage-card.hbs")).toMatchObject({ noTarget: true, rows: [] });
    expect(await press(lastMessage(), "apply", 0)).toBe(false);
    expect(warnings().at(-1)).toBe("That card has no such target.");
  });
});

describe("Heroes of Destiny checks", () => {
  it("rolls 3d6 + attribute + modifier against a DC and notes a natural 17 or 18 without making it a success", async () => {
    // A check's modifier stops at −10 (docs/rules-decisions.md): −12 counts as −10.
    answerDialog({ attribute: "strength", modifier: "-12", dc: "11" });
    fulfillment.push(6, 6, 5);
    await flow.rollHodCheck(garret, "constitution", 12);
    expect(cardData<HodCheckData>(lastMessage()).data).toMatchObject({
      attribute: "strength",
      formula: "3d6 - 7",
      natural: 17,
      total: 10,
      dc: 11,
      success: false,
      margin: -1,
    });
    expect(renderedWith("hod/check-card.hbs")).toMatchObject({ naturalHigh: true, tone: "bad" });
    // The dialog started from the attribute and DC the caller gave.
    const view = renderedWith("hod/roll-dialog.hbs");
    expect(view).toMatchObject({ dc: "12", formula: "3d6 + 2" });
    expect((view.attributes as Array<{ id: string; selected: boolean }>).find((a) => a.selected)?.id).toBe(
      "constitution",
    );
  });

  it("rolls the check to stay conscious from the sheet: a fixed DC, and out on a failure", async () => {
    answerDialog({ dc: "1", modifier: "-2" });
    fulfillment.push(2, 2, 2);
    await flow.rollHodCheck(garret, "constitution", 9, { consciousness: true });
    // 6 + Constitution 2 - 2 = 6 against the DC 9 the sheet gave (the form cannot change it).
    expect(cardData<HodCheckData>(lastMessage()).data).toMatchObject({
      dc: 9,
      total: 6,
      success: false,
      consciousness: true,
      unconsciousTc: 30,
    });
    expect(renderedWith("hod/check-card.hbs")).toMatchObject({ consciousness: true, unconsciousTc: 30 });
    expect(statuses(garret)).toContain("unconscious");
  });

  it("reads a bad DC as none: the GM judges the total", async () => {
    answerDialog({ attribute: "wisdom", dc: "<i>ten</i>", modifier: "x" });
    fulfillment.push(3, 3, 3);
    await flow.rollHodCheck(garret, "wisdom");
    expect(cardData<HodCheckData>(lastMessage()).data).toMatchObject({
      formula: "3d6 + 1",
      total: 10,
      dc: null,
      success: null,
    });
  });
});

describe("Heroes of Destiny card buttons in the chat log (renderChatMessageHTML)", () => {
  /** A rendered card's buttons, as the hook finds them with querySelectorAll. */
  function html(buttons: Array<{ action: string; target?: number }>) {
    const made = buttons.map(({ action, target: row }) => {
      const listeners: Array<() => void> = [];
      return {
        dataset: { anthologyAction: action, ...(row === undefined ? {} : { target: String(row) }) },
        disabled: false,
        removed: false,
        listeners,
        remove() {
          this.removed = true;
        },
        addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
      };
    });
    return {
      buttons: made,
      element: { querySelectorAll: () => made, querySelector: () => null } as unknown as HTMLElement,
    };
  }

  it("goes through the one chat hook and disables Apply once the row is applied", async () => {
    await damage([5]);
    const card = lastMessage();
    const hooks = record.hooks.get("renderChatMessageHTML")!;
    expect(hooks).toHaveLength(1);
    const fresh = html([{ action: "apply", target: 0 }, { action: "undo", target: 0 }, { action: "rollDamage" }]);
    hooks[0]!(card, fresh.element);
    // Apply is live; Undo is for an applied row; a damage card has no Roll damage.
    expect(fresh.buttons.map((b) => [b.removed, b.disabled, b.listeners.length])).toEqual([
      [false, false, 1],
      [true, false, 0],
      [true, false, 0],
    ]);
    await press(card, "apply", 0);
    const again = html([
      { action: "apply", target: 0 },
      { action: "undo", target: 0 },
    ]);
    (await loadPlay()).render.onRenderCard(card as never, again.element);
    expect(again.buttons.map((b) => [b.removed, b.disabled])).toEqual([
      [false, true],
      [false, false],
    ]);
  });
});

describe("Heroes of Destiny cards from before the update (migration 2)", () => {
  /** An old damage card (flags.anthology.hod) with its roll, brought up to date and posted. */
  async function oldDamageCard(applied: boolean): Promise<StandInMessage> {
    const { AnthologyRoll } = await import("../../src/dice/anthology-roll");
    const roll = new AnthologyRoll("1d8 + 4") as unknown as { evaluate(): Promise<unknown> };
    fulfillment.push(5);
    await roll.evaluate();
    const sword = item(garret, SWORD);
    const old = {
      kind: "damage",
      actor: { uuid: garret.uuid, name: garret.name },
      item: { uuid: sword.uuid, name: sword.name },
      formula: "1d8 + 4",
      rolled: 9,
      total: 9,
      critical: false,
      nonlethal: false,
      damageType: "slashing",
      target: { uuid: goblin.uuid, name: "Goblin" },
      attackId: null,
      ...(applied ? { applied: true } : {}),
    };
    const content = '<button type="button" data-hod-action="applyDamage">Apply damage</button>';
    const { source } = migrateSource(MIGRATIONS, "ChatMessage", {
      _id: "old",
      content,
      flags: { anthology: { hod: old } },
      rolls: ["{}"],
    });
    const ChatMessageImpl = ChatMessage.implementation as unknown as { create(d: object): Promise<StandInMessage> };
    return ChatMessageImpl.create({ content: source.content, flags: source.flags, rolls: [roll], speaker: {} });
  }

  it("keeps an old damage card that was applied refused", async () => {
    const card = await oldDamageCard(true);
    expect(card.content).toBe(
      '<button type="button" data-anthology-action="apply" data-target="0">Apply damage</button>',
    );
    expect(canPress(card, "apply", 0)).toBe(false);
    expect(await press(card, "apply", 0)).toBe(false);
    expect(warnings().at(-1)).toBe("This has already been applied to Goblin.");
    expect(system(goblin).hp.value).toBe(8);
  });

  it("applies an old damage card that was not, from its dice (its roll carries no choices: the card's are taken)", async () => {
    const card = await oldDamageCard(false);
    expect(await press(card, "apply", 0)).toBe(true);
    expect(system(goblin)).toMatchObject({ hp: { value: 2 }, fatigue: 3, topLost: 1 });
    expect(summary(card)).toMatchObject({ damage: 9, unconsciousCheck: 1 });
  });
});

describe("A fight from the sheets' buttons, with the sheets' hand-worked characters", () => {
  it("attacks with damage in one card and applies it: Hadwin's longsword against the goblin skirmisher", async () => {
    const Actor = (CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } })
      .documentClass;
    const hadwin = await Actor.create({
      name: "Hadwin",
      type: "hod-character",
      system: structuredClone(hodFighterSystem),
      items: structuredClone(hodFighterItems),
      ownership: { user1: 3 },
    });
    const skirmisher = await Actor.create({
      name: "Goblin skirmisher",
      type: "hod-npc",
      system: structuredClone(hodGoblinSystem),
      items: structuredClone(hodGoblinItems),
    });
    target(skirmisher);
    const sheets = await loadAllSheets();
    const sheet = new (sheets.HodActorSheet as unknown as new (o: object) => object)({ document: hadwin });
    const actions = (
      sheets.HodActorSheet.DEFAULT_OPTIONS as unknown as {
        actions: Record<string, (this: object, e: Event, t: unknown) => Promise<void>>;
      }
    ).actions;
    const sword = item(hadwin, SWORD);
    const row = { dataset: {}, closest: () => ({ dataset: { itemId: sword.id } }) };
    // +7 to hit (the fixture's sums) against the goblin's Primary 16: 9 + 7 = 16 hits; 1d8 + 4 showing 6: 10.
    answerDialog({ defense: "primary" });
    fulfillment.push(9, 6);
    await actions.hodAttack!.call(sheet, new Event("click"), row);
    expect(attackCard(lastMessage())).toMatchObject({
      data: { formula: "1d20 + 7", total: 16 },
      targets: [{ data: { defense: { id: "primary", value: 16, hit: true, margin: 0 }, damage: { total: 10 } } }],
    });
    // 10 against Threshold 3 takes 3 fatigue and 7 of the goblin's 8 HP.
    await press(lastMessage(), "apply", 0);
    expect(system(skirmisher)).toMatchObject({ hp: { value: 1 }, fatigue: 3, topLost: 1 });
    // The data model's prepared track follows: the effective Threshold of Pain is one lower.
    expect((skirmisher.system as unknown as { top: { value: number } }).top.value).toBe(2);
    expect(summary(lastMessage())).toMatchObject({ unconsciousCheck: 2 });
  });
});

describe("Heroes of Destiny rest", () => {
  it("takes Invigoration away with a night's sleep and recovers the worst impairment, damaged attributes and petrification", async () => {
    await goblin.update({
      "system.invigoration": 3,
      "system.impairments": { bludgeoning: 1, piercing: 2, slashing: 0 },
      "system.attributeDamage.strength": 2,
      "system.petrification": 4,
    });
    await flow.restHod(goblin, false);
    expect(system(goblin)).toMatchObject({
      invigoration: 0,
      impairments: { bludgeoning: 1, piercing: 1, slashing: 0 },
      attributeDamage: { strength: 1 },
      petrification: 3,
    });
    expect(cardData(lastMessage())).toMatchObject({
      kind: "rest",
      data: { bedRest: false, invigoration: 3, impairments: ["piercing"], attributes: ["strength"], petrification: 1 },
    });
    const view = renderedWith("hod/rest-card.hbs");
    expect(view).toMatchObject({ bedRest: false, impairments: ["ANTHOLOGY.HoD.DamageType.piercing"], nothing: false });
  });

  it("recovers the two worst after a day of bed rest, a d100 settling a tie, and 3 points of petrification", async () => {
    await goblin.update({
      "system.impairments": { bludgeoning: 2, piercing: 2, slashing: 2 },
      "system.petrification": 4,
    });
    // d100 80 (0.79): the third of the three tied (table order) for the first point, then the second of
    // the two left.
    fulfillment.push(80);
    await flow.restHod(goblin, true);
    expect(system(goblin)).toMatchObject({
      impairments: { bludgeoning: 2, piercing: 1, slashing: 1 },
      petrification: 1,
    });
    expect((record.messages.at(-1) as StandInMessage).rolls).toHaveLength(1);
  });

  it("lets only the actor's owners rest it", async () => {
    await goblin.update({ "system.invigoration": 3 });
    const before = record.messages.length;
    (game.user as unknown as { isGM: boolean }).isGM = false;
    try {
      await flow.restHod(goblin, false);
    } finally {
      (game.user as unknown as { isGM: boolean }).isGM = true;
    }
    expect(record.messages.length).toBe(before);
    expect(system(goblin).invigoration).toBe(3);
  });
});
