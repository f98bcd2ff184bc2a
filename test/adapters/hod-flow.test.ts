import { loadAllSheets } from "../support/modules";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as CardActions from "../../src/rulesets/hod/chat/card-actions";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { hodFighterItems, hodFighterSystem, hodGoblinItems, hodGoblinSystem } from "../support/hod-fixtures";
import { answerDialog, hodActors, item, loadHodWorld, target } from "../support/hod-world";

// The GM's client: the flows the sheet buttons call and the card buttons, with the dice scripted
// through Foundry's dice fulfillment (the faces a user would type in manual entry).

let record: StandInRecord;
let flow: typeof Flow;
let cards: typeof CardActions;
let garret: StandInActor;
let goblin: StandInActor;

type Hod = Record<string, unknown>;
const hod = (message: unknown) => (message as StandInMessage).getFlag("anthology", "hod") as Hod;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Hod;
const system = (actor: StandInActor) => actor.system as unknown as Record<string, unknown> & { hp: { value: number } };
const warnings = () => record.notifications.filter((n) => n.level === "warn").map((n) => n.message);

const plainAttack = { defense: "primary", position: "front", cover: "none" };

async function attack(weapon: string, faces: number[], answer: Record<string, string> = plainAttack) {
  answerDialog(answer);
  fulfillment.push(...faces);
  return flow.rollHodAttack(garret, item(garret, weapon));
}

beforeAll(async () => {
  ({ record, flow, cards } = await loadHodWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(goblin, "Goblin");
});

describe("Heroes of Destiny attacks (GM)", () => {
  it("rolls 1d20 + Accuracy + Strength + proficiency against the goblin's Primary and hits", async () => {
    const message = await attack("Longsword <i>of</i> Ash", [10]);
    expect(message).toBe(lastMessage());
    expect(hod(message)).toMatchObject({
      kind: "attack",
      formula: "1d20 + 6",
      base: 5,
      modifiers: [{ id: "proficient", value: 1 }],
      natural: 10,
      total: 16,
      target: { name: "Goblin" },
      defense: { id: "primary", value: 15, hit: true, critical: false, margin: 1 },
      fumble: false,
      schedule: { state: "none" },
    });
    expect(lastMessage().rolls).toHaveLength(1);
    expect(renderedWith("hod-attack-card.hbs")).toMatchObject({
      result: "hit",
      resultKey: "ANTHOLOGY.HoD.Card.Result.hit",
      canRollDamage: true,
      defense: { labelKey: "ANTHOLOGY.HoD.Defenses.primary", value: 15, margin: "+1" },
    });
    expect(dialogCalls.at(-1)).toMatchObject({ window: { title: "Attack with Longsword <i>of</i> Ash" } });
  });

  it("misses below the defense and offers no damage", async () => {
    await attack("Longsword <i>of</i> Ash", [8]);
    expect(hod(lastMessage())).toMatchObject({ total: 14, defense: { hit: false, margin: -1 } });
    expect(renderedWith("hod-attack-card.hbs")).toMatchObject({ result: "miss", canRollDamage: false });
  });

  it("scores a critical on a natural 20 that beats the defense, and on 19 with a Precise weapon", async () => {
    await attack("Longsword <i>of</i> Ash", [20]);
    expect(hod(lastMessage()).defense).toMatchObject({ hit: true, critical: true, margin: 11 });
    await attack("Longsword <i>of</i> Ash", [19]);
    expect(hod(lastMessage()).defense).toMatchObject({ hit: true, critical: false });
    // The rapier: 1d20 + 5 (no proficiency); 19 + 5 = 24 beats 15 in the Precise range.
    await attack("Rapier", [19]);
    expect(hod(lastMessage())).toMatchObject({ total: 24, defense: { hit: true, critical: true } });
    expect(renderedWith("hod-attack-card.hbs")).toMatchObject({ result: "critical" });
  });

  it("hits on a natural 20 below the defense, without a critical", async () => {
    answerDialog({ ...plainAttack, cover: "coverNineTenths", modifier: "-20" });
    fulfillment.push(20);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(hod(lastMessage())).toMatchObject({
      formula: "1d20 - 22",
      total: -2,
      defense: { hit: true, critical: false, automatic: true },
    });
    expect(renderedWith("hod-attack-card.hbs")).toMatchObject({ automatic: true, result: "hit" });
  });

  it("adds the situation from the dialog: higher ground, flanking, cover, simultaneity, two weapons", async () => {
    answerDialog({
      defense: "celerity",
      position: "flanked",
      cover: "coverHalf",
      situations: ["higherGround", "simultaneous", "twoWeapons", "<b>bogus</b>"],
      modifier: "2",
    });
    fulfillment.push(12);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    // 5 + proficient 1 + higher 1 + flanked 2 - half cover 4 + simultaneous 1 - two weapons 6 + 2 = 2.
    expect(hod(lastMessage())).toMatchObject({
      formula: "1d20 + 2",
      total: 14,
      defense: { id: "celerity", value: 14, hit: true },
      modifiers: [
        { id: "higherGround", value: 1 },
        { id: "proficient", value: 1 },
        { id: "flanked", value: 2 },
        { id: "coverHalf", value: -4 },
        { id: "simultaneous", value: 1 },
        { id: "twoWeapons", value: -6 },
        { id: "extra", value: 2 },
      ],
    });
  });

  it("takes the range penalty for a bow, gives no flanking bonus at range, and refuses beyond 10 increments", async () => {
    // Shortbow: Accuracy 2 + Dexterity 1 = 3; 85 feet is 3 increments of 40: -2.
    await attack("Shortbow", [10], { ...plainAttack, position: "flanked", distance: "85" });
    expect(hod(lastMessage())).toMatchObject({ formula: "1d20 + 1", modifiers: [{ id: "range", value: -2 }] });
    const before = record.messages.length;
    await attack("Shortbow", [], { ...plainAttack, distance: "401" });
    expect(record.messages.length).toBe(before);
    expect(warnings().at(-1)).toBe("401 feet is beyond the maximum range of Shortbow.");
  });

  it("meets the goblin's Passive defense by default when it has no melee weapon, or is helpless", async () => {
    const selected = () =>
      (renderedWith("hod-roll-dialog.hbs").defenses as Array<{ id: string; selected: boolean; value: number }>).find(
        (d) => d.selected,
      );
    const club = item(goblin, "Club");
    await club.update({ "system.equipped": false });
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(selected()).toEqual(expect.objectContaining({ id: "passive", value: 13 }));
    // Against a bow shot, having no melee weapon does not matter.
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, "Shortbow"));
    expect(selected()?.id).toBe("primary");
    expect(renderedWith("hod-roll-dialog.hbs")).toMatchObject({
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

  it("fumbles on a natural 1: a miss, a point of durability off the weapon, and a card that says it may break", async () => {
    await attack("Longsword <i>of</i> Ash", [1]);
    expect(hod(lastMessage())).toMatchObject({ fumble: true, durabilityLeft: 0, defense: { hit: false } });
    expect(system(garret).hp.value).toBe(20);
    expect((item(garret, "Longsword <i>of</i> Ash").system as { durability: { value: number } }).durability.value).toBe(
      0,
    );
    expect(renderedWith("hod-attack-card.hbs")).toMatchObject({
      result: "fumble",
      resultKey: "ANTHOLOGY.HoD.Card.Result.fumble",
      mayBreak: true,
      canRollDamage: false,
    });
    // A fist has no durability to lose.
    await attack("Fists", [1]);
    expect(hod(lastMessage())).toMatchObject({ fumble: true, durabilityLeft: null });
  });

  it("rolls without a target: the card leaves the judgement to the GM and still offers damage", async () => {
    target(null);
    await attack("Longsword <i>of</i> Ash", [20]);
    expect(hod(lastMessage())).toMatchObject({ target: null, defense: null, total: 26 });
    expect(renderedWith("hod-attack-card.hbs")).toMatchObject({
      result: "unjudged",
      resultKey: null,
      criticalRange: true,
      canRollDamage: true,
    });
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
});

describe("Heroes of Destiny damage (GM)", () => {
  it("rolls weapon dice + Strength + Power from the attack card and applies it over the Threshold of Pain", async () => {
    const hit = await attack("Longsword <i>of</i> Ash", [10]);
    answerDialog({});
    fulfillment.push(5);
    await cards.onHodCardAction(hit!, "rollDamage");
    const damage = lastMessage();
    expect(hod(damage)).toMatchObject({
      kind: "damage",
      formula: "1d8 + 4",
      rolled: 9,
      total: 9,
      critical: false,
      nonlethal: false,
      target: { name: "Goblin" },
      attackId: hit!.id,
    });
    // The goblin's Threshold of Pain is 3: 3 to fatigue, 6 off its 8 HP; fatigue 3 now exceeds HP 2.
    await cards.onHodCardAction(damage, "applyDamage");
    expect(system(goblin)).toMatchObject({ hp: { value: 2 }, fatigue: 3, topLost: 1 });
    const applied = hod(lastMessage());
    expect(applied).toMatchObject({
      kind: "applied",
      damageId: damage.id,
      damage: 9,
      before: { hp: 8, fatigue: 0, thresholdOfPain: 3 },
      after: { hp: 2, fatigue: 3, thresholdOfPain: 2 },
      wounded: false,
      dying: false,
      dead: false,
      unconsciousCheck: 1,
    });
    expect(renderedWith("hod-applied-card.hbs")).toMatchObject({
      overThreshold: true,
      fatigue: { added: 3 },
      hp: { before: 8, after: 2, lost: 6 },
      top: { before: 3, after: 2 },
      canCheck: true,
    });
    expect(hod(damage).applied).toBe(true);
    // Applying twice is refused.
    await cards.onHodCardAction(damage, "applyDamage");
    expect(system(goblin).hp.value).toBe(2);
    expect(warnings().at(-1)).toBe("This damage has already been applied to Goblin.");
  });

  it("maximises the weapon dice on a critical, keeps extra dice rolled, and adds at least +1 for the attribute", async () => {
    const crit = await attack("Longsword <i>of</i> Ash", [20]);
    answerDialog({ critical: "on", extraDice: "1d6" });
    fulfillment.push(2);
    await cards.onHodCardAction(crit!, "rollDamage");
    expect(hod(lastMessage())).toMatchObject({ formula: "8 + 1d6 + 4", total: 14, critical: true });
    expect(renderedWith("hod-roll-dialog.hbs")).toMatchObject({ critical: true, nonlethal: false });
    // A Strength of -2 still adds +1 on a critical.
    await garret.update({ "system.strength": -2 });
    answerDialog({ critical: "on" });
    await flow.rollHodDamage(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(hod(lastMessage())).toMatchObject({ formula: "8 + 2", total: 10 });
  });

  it("deals at least 1 on a hit whatever the penalties", async () => {
    answerDialog({ modifier: "-10" });
    fulfillment.push(2);
    await flow.rollHodDamage(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(hod(lastMessage())).toMatchObject({ formula: "1d8 - 6", rolled: -4, total: 1 });
    expect(renderedWith("hod-damage-card.hbs")).toMatchObject({ raised: true, rolled: -4, total: 1 });
  });

  it("deals nonlethal 1d3 unarmed damage by default, which only tires and still lowers the Threshold of Pain", async () => {
    answerDialog({ nonlethal: "on" });
    fulfillment.push(3);
    await flow.rollHodDamage(garret, item(garret, "Fists"));
    // 1d3 + the better of Strength 3 and Dexterity 1 + Power 1.
    expect(hod(lastMessage())).toMatchObject({ formula: "1d3 + 4", total: 7, nonlethal: true });
    expect(renderedWith("hod-roll-dialog.hbs")).toMatchObject({ nonlethal: true });
    await cards.onHodCardAction(lastMessage(), "applyDamage");
    expect(system(goblin)).toMatchObject({ hp: { value: 8 }, fatigue: 7, topLost: 1 });
    expect(hod(lastMessage())).toMatchObject({ nonlethal: true, unconsciousCheck: null });
  });

  it("takes the excess from bonus HP, then Invigoration, then HP; a hit at or under the threshold only tires", async () => {
    await goblin.update({ "system.bonusHp": 2, "system.invigoration": 1 });
    answerDialog({});
    fulfillment.push(5);
    await flow.rollHodDamage(garret, item(garret, "Longsword <i>of</i> Ash"));
    await cards.onHodCardAction(lastMessage(), "applyDamage");
    expect(system(goblin)).toMatchObject({ hp: { value: 5 }, bonusHp: 0, invigoration: 0, fatigue: 3 });
    expect(renderedWith("hod-applied-card.hbs")).toMatchObject({ bonusAbsorbed: 2, invigorationAbsorbed: 1 });
    // The Threshold is 2 now; 2 damage only tires.
    answerDialog({ modifier: "-6" });
    fulfillment.push(4);
    await flow.rollHodDamage(garret, item(garret, "Longsword <i>of</i> Ash"));
    await cards.onHodCardAction(lastMessage(), "applyDamage");
    expect(system(goblin)).toMatchObject({ hp: { value: 5 }, fatigue: 5, topLost: 2 });
    expect(renderedWith("hod-applied-card.hbs")).toMatchObject({ overThreshold: false, hp: { lost: 0 } });
  });

  it("marks the dead, and stops lowering the Threshold of Pain at 0 (wounded)", async () => {
    await goblin.update({ "system.topLost": 3 });
    answerDialog({ modifier: "10" });
    fulfillment.push(8);
    await flow.rollHodDamage(garret, item(garret, "Longsword <i>of</i> Ash"));
    await cards.onHodCardAction(lastMessage(), "applyDamage");
    // Threshold 0: all 22 to HP.
    expect(system(goblin)).toMatchObject({ hp: { value: 0 }, topLost: 3 });
    expect(hod(lastMessage())).toMatchObject({ dead: true, wounded: true, unconsciousCheck: null });
    expect([...(goblin as unknown as { statuses: Set<string> }).statuses]).toContain("dead");
  });

  it("rolls the Constitution check a hit asks for; failing knocks the target out for 10 TC a point", async () => {
    await goblin.update({ "system.fatigue": 10 });
    answerDialog({});
    fulfillment.push(5);
    await flow.rollHodDamage(garret, item(garret, "Longsword <i>of</i> Ash"));
    await cards.onHodCardAction(lastMessage(), "applyDamage");
    const applied = lastMessage();
    // Fatigue 13 against 2 HP: DC 11, and dying (fatigue at least twice the HP).
    expect(hod(applied)).toMatchObject({ unconsciousCheck: 11, dying: true });
    expect(renderedWith("hod-applied-card.hbs")).toMatchObject({ health: "dying", canCheck: true });
    answerDialog({ modifier: "0" });
    fulfillment.push(1, 2, 3);
    await cards.onHodCardAction(applied, "consciousness");
    expect(hod(lastMessage())).toMatchObject({
      kind: "check",
      attribute: "constitution",
      formula: "3d6 + 1",
      total: 7,
      dc: 11,
      success: false,
      margin: -4,
      appliedId: applied.id,
      unconsciousTc: 40,
    });
    expect(dialogCalls.at(-1)).toMatchObject({ window: { title: "Goblin <script>: stay conscious" } });
    expect([...(goblin as unknown as { statuses: Set<string> }).statuses]).toContain("unconscious");
    // Once.
    await cards.onHodCardAction(applied, "consciousness");
    expect(warnings().at(-1)).toBe("Goblin has already rolled this check.");
  });

  it("refuses extra damage that is not dice", async () => {
    const before = record.messages.length;
    answerDialog({ extraDice: "<b>lots</b>" });
    await flow.rollHodDamage(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(record.messages.length).toBe(before);
    expect(warnings().at(-1)).toBe(`The extra damage "&lt;b&gt;lots&lt;/b&gt;" is not dice such as 1d6.`);
  });

  it("cannot apply damage rolled without a target", async () => {
    target(null);
    answerDialog({});
    fulfillment.push(5);
    await flow.rollHodDamage(garret, item(garret, "Longsword <i>of</i> Ash"));
    await cards.onHodCardAction(lastMessage(), "applyDamage");
    expect(warnings().at(-1)).toBe("This damage has no target. Target a token and roll the damage again.");
  });
});

describe("Heroes of Destiny checks", () => {
  it("rolls 3d6 + attribute + modifier against a DC and notes a natural 17 or 18 without making it a success", async () => {
    answerDialog({ attribute: "strength", modifier: "-12", dc: "10" });
    fulfillment.push(6, 6, 5);
    await flow.rollHodCheck(garret, "constitution", 12);
    expect(hod(lastMessage())).toMatchObject({
      kind: "check",
      attribute: "strength",
      formula: "3d6 - 9",
      natural: 17,
      total: 8,
      dc: 10,
      success: false,
      margin: -2,
    });
    expect(renderedWith("hod-check-card.hbs")).toMatchObject({ naturalHigh: true, tone: "bad" });
    // The dialog started from the attribute and DC the caller gave.
    const view = renderedWith("hod-roll-dialog.hbs");
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
    expect(hod(lastMessage())).toMatchObject({
      dc: 9,
      total: 6,
      success: false,
      consciousness: true,
      unconsciousTc: 30,
    });
    expect(renderedWith("hod-check-card.hbs")).toMatchObject({ consciousness: true, unconsciousTc: 30 });
    expect([...(garret as unknown as { statuses: Set<string> }).statuses]).toContain("unconscious");
  });

  it("reads a bad DC as none: the GM judges the total", async () => {
    answerDialog({ attribute: "wisdom", dc: "<i>ten</i>", modifier: "x" });
    fulfillment.push(3, 3, 3);
    await flow.rollHodCheck(garret, "wisdom");
    expect(hod(lastMessage())).toMatchObject({ formula: "3d6 + 1", total: 10, dc: null, success: null });
  });
});

describe("Heroes of Destiny card buttons in the chat log (renderChatMessageHTML)", () => {
  function html(actions: string[]) {
    const buttons = actions.map((hodAction) => {
      const listeners: Array<() => void> = [];
      return {
        dataset: { hodAction },
        disabled: false,
        removed: false,
        listeners,
        remove() {
          this.removed = true;
        },
        addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
      };
    });
    return { buttons, element: { querySelectorAll: () => buttons } as unknown as HTMLElement };
  }

  it("goes through the one chat hook, leaves Fade cards alone, and disables Apply once applied", async () => {
    answerDialog({});
    fulfillment.push(5);
    await flow.rollHodDamage(garret, item(garret, "Longsword <i>of</i> Ash"));
    const damage = lastMessage();
    const hooks = record.hooks.get("renderChatMessageHTML")!;
    expect(hooks).toHaveLength(1);
    const fresh = html(["applyDamage", "rollDamage"]);
    hooks[0]!(damage, fresh.element);
    expect(fresh.buttons.map((b) => [b.removed, b.disabled, b.listeners.length])).toEqual([
      [false, false, 1],
      [true, false, 0],
    ]);
    await cards.onHodCardAction(damage, "applyDamage");
    const again = html(["applyDamage"]);
    hooks[0]!(damage, again.element);
    expect(again.buttons[0]!.disabled).toBe(true);
  });
});

describe("A fight from the sheets' buttons, with the sheets' hand-worked characters", () => {
  it("attacks, rolls damage and applies it: Hadwin's longsword against the goblin skirmisher", async () => {
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
    const sword = item(hadwin, "Longsword <i>of</i> Ash");
    const row = { dataset: {}, closest: () => ({ dataset: { itemId: sword.id } }) };
    // +7 to hit (the fixture's sums) against the goblin's Primary 16: 9 + 7 = 16 hits.
    answerDialog({ defense: "primary" });
    fulfillment.push(9);
    await actions.hodAttack!.call(sheet, new Event("click"), row);
    expect(hod(lastMessage())).toMatchObject({
      formula: "1d20 + 7",
      total: 16,
      defense: { id: "primary", value: 16, hit: true, margin: 0 },
    });
    // 1d8 + 4 showing 6: 10 against Threshold 3 takes 3 fatigue and 7 of the goblin's 8 HP.
    answerDialog({});
    fulfillment.push(6);
    await cards.onHodCardAction(lastMessage(), "rollDamage");
    await cards.onHodCardAction(lastMessage(), "applyDamage");
    expect(system(skirmisher)).toMatchObject({ hp: { value: 1 }, fatigue: 3, topLost: 1 });
    // The data model's prepared track follows: the effective Threshold of Pain is one lower.
    expect((skirmisher.system as unknown as { top: { value: number } }).top.value).toBe(2);
    expect(hod(lastMessage())).toMatchObject({ unconsciousCheck: 2 });
  });
});
