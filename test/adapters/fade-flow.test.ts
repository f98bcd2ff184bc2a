import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as CardActions from "../../src/rulesets/fade/chat/card-actions";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, loadFadeWorld, target } from "../support/fade-world";

// The GM's client: buttons pressed on the sheet and on the cards, with the dice scripted through
// Foundry's dice fulfillment (the faces a user would type in manual entry).

let record: StandInRecord;
let sheets: typeof Sheets;
let cards: typeof CardActions;
let garret: StandInActor;
let goblin: StandInActor;

type Fade = Record<string, unknown>;
const fade = (message: unknown) => (message as StandInMessage).getFlag("anthology", "fade") as Fade;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Fade;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

beforeAll(async () => {
  ({ record, sheets, cards } = await loadFadeWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(goblin, "Goblin");
});

describe("The Fade at the table: attack, damage, apply (GM)", () => {
  it("runs the text's worked example from the Attack button to the target's HP", async () => {
    // Attack: flanking makes 6k3 into 7k3; 10, 9, 8 are kept: 27 against the goblin's Defense 19.
    answerDialog({ modifiers: ["flanking"], defense: "defense", location: "body" });
    fulfillment.push(10, 9, 8, 2, 3, 1, 4);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    const attack = lastMessage();
    expect(fade(attack)).toMatchObject({
      kind: "attack",
      pool: "7k3",
      total: 27,
      critical: false,
      result: "hit",
      defense: { id: "defense", vsSpells: false, value: 19 },
      target: { name: "Goblin" },
      choices: { modifiers: ["flanking"] },
    });
    expect(renderedWith("fade-attack-card.hbs")).toMatchObject({
      canRollDamage: true,
      resultKey: "ANTHOLOGY.Fade.Attack.hit",
    });
    expect(attack.rolls).toHaveLength(1);

    // Damage: a d10 of 6 lands on the Body; 7k3 keeps 10, 10, 7 = 27 (Penetration 4).
    answerDialog({ location: "roll", spell: "false" });
    fulfillment.push(6, 10, 10, 7, 1, 1, 1, 1);
    await cards.onCardAction(attack, "rollDamage");
    const damage = lastMessage();
    expect(fade(damage)).toMatchObject({
      kind: "damage",
      pool: "7k3",
      total: 27,
      part: "body",
      locationFace: 6,
      calledShot: false,
      penetration: 4,
      critical: false,
      target: { name: "Goblin" },
    });
    expect(damage.rolls).toHaveLength(2);

    // Apply: Deflection 5 less Penetration 4 takes 1 (26), Soak 4 leaves 6: the goblin drops to 4 HP.
    expect(hp(goblin)).toBe(10);
    await cards.onCardAction(damage, "applyDamage");
    expect(hp(goblin)).toBe(4);
    const applied = fade(lastMessage());
    expect(applied).toMatchObject({
      kind: "applied",
      hpBefore: 10,
      hpAfter: 4,
      hpChange: -6,
      healthState: "conscious",
    });
    expect(
      (applied.steps as Array<{ step: string; before: number; after: number }>).map((s) => [s.step, s.before, s.after]),
    ).toEqual([
      ["deflection", 27, 26],
      ["soak", 26, 6],
    ]);
    expect(fade(damage).applied).toBe(true);

    // Applying twice is refused with a message.
    await cards.onCardAction(damage, "applyDamage");
    expect(hp(goblin)).toBe(4);
    expect(record.notifications.at(-1)?.message).toBe("This damage has already been applied to Goblin.");
  });

  it("shows the chance to hit in the dialog, against the target's defense", async () => {
    answerDialog(null);
    const before = record.messages.length;
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    const view = renderedWith("fade-roll-dialog.hbs");
    expect(view).toMatchObject({ pool: "6k3", vs: "19", target: { name: "Goblin" } });
    expect((view.hint as { key: string }).key).toBe("ANTHOLOGY.Dice.Hint.chanceCritical");
    expect(dialogCalls.at(-1)).toMatchObject({ window: { title: "Attack with Longsword <i>of</i> Ash" } });
    // Closing the dialog rolls nothing.
    expect(record.messages.length).toBe(before);
  });

  it("lands a called shot to the leg as a status effect that costs land speed", async () => {
    // 6k3 - 2k0 = 4k3: 10, 8, 7 kept = 25 against 19.
    answerDialog({ modifiers: ["calledShot"], location: "rightLeg", defense: "defense" });
    fulfillment.push(10, 8, 7, 1);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    const attack = lastMessage();
    expect(fade(attack)).toMatchObject({ pool: "4k3", result: "hit", choices: { calledShot: "rightLeg" } });
    // The called shot's part carries into the damage dialog: no location roll.
    answerDialog({ location: "rightLeg", spell: "false" });
    fulfillment.push(9, 9, 9, 1, 1, 1, 1);
    await cards.onCardAction(attack, "rollDamage");
    const damage = lastMessage();
    expect(fade(damage)).toMatchObject({ part: "rightLeg", calledShot: true, locationFace: null, total: 27 });
    expect(damage.rolls).toHaveLength(1);
    const speed = (goblin.system as unknown as { derived: { speed: number } }).derived.speed;
    await cards.onCardAction(damage, "applyDamage");
    // No Deflection on the leg: 27 / 4 = 6.
    expect(hp(goblin)).toBe(4);
    expect([...(goblin as unknown as { statuses: Set<string> }).statuses]).toEqual(["fade-leg-wounded"]);
    expect((goblin.system as unknown as { derived: { speed: number } }).derived.speed).toBe(speed - 2);
    expect(fade(lastMessage())).toMatchObject({
      effectKey: "ANTHOLOGY.Fade.CalledShot.leg",
      statuses: ["fade-leg-wounded"],
    });
  });

  it("loses a called shot's effect when Deflection takes the damage to 0, not when Soak does", async () => {
    const scraps = goblin.items.find((i) => i.type === "fade-armor")!;
    await scraps.update({ "system.deflection.body": 10 });
    const calledShotAtBody = async (damageFaces: number[]) => {
      answerDialog({ modifiers: ["calledShot"], location: "body", defense: "defense" });
      fulfillment.push(10, 8, 7, 1);
      await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
      answerDialog({ location: "body", spell: "false" });
      fulfillment.push(...damageFaces);
      await cards.onCardAction(lastMessage(), "rollDamage");
      await cards.onCardAction(lastMessage(), "applyDamage");
      return fade(lastMessage());
    };
    // 3 damage against Deflection 10 less Penetration 4: negated, and so is the bleeding.
    expect(await calledShotAtBody([1, 1, 1, 1, 1, 1, 1])).toMatchObject({
      negatedBy: "deflection",
      hpChange: 0,
      statuses: [],
      effectKey: null,
    });
    // 8 damage: 2 get through Deflection, Soak 4 leaves 0 HP lost, but the hit landed: it bleeds.
    expect(await calledShotAtBody([4, 3, 1, 1, 1, 1, 1])).toMatchObject({
      negatedBy: null,
      hpChange: 0,
      statuses: ["fade-bleeding"],
      bleed: 2,
    });
    expect([...(goblin as unknown as { statuses: Set<string> }).statuses]).toEqual(["fade-bleeding"]);
  });

  it("notes a critical failure on the card and on the attacker, whose next dialog starts with -2k0", async () => {
    // 6k3 keeps 3, 2, 1 = 6, half of 19 or less.
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(1, 2, 3, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    expect(fade(lastMessage())).toMatchObject({ result: "criticalFailure", total: 6 });
    expect(renderedWith("fade-attack-card.hbs")).toMatchObject({
      criticalFailure: true,
      canRollDamage: false,
      resultKey: "ANTHOLOGY.Fade.Attack.criticalFailure",
    });
    expect([...(garret as unknown as { statuses: Set<string> }).statuses]).toContain("fade-critical-failure");
    answerDialog(null);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    const view = renderedWith("fade-roll-dialog.hbs");
    expect(
      (view.modifiers as Array<{ id: string; checked: boolean }>).find((m) => m.id === "criticalFailure"),
    ).toMatchObject({
      checked: true,
    });
    expect(view.pool).toBe("4k3");
  });

  it("scores a critical hit on all natural 10s, and doubles its damage before Soak", async () => {
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(10, 10, 10, 4, 2, 1);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    const attack = lastMessage();
    expect(fade(attack)).toMatchObject({ result: "criticalHit", critical: true, total: 30 });
    answerDialog({ location: "roll", spell: "false", critical: "on" });
    fulfillment.push(5, 5, 5, 5, 1, 1, 1, 1); // body; 15 damage
    await cards.onCardAction(attack, "rollDamage");
    const damage = lastMessage();
    expect(fade(damage)).toMatchObject({ critical: true, total: 15 });
    await cards.onCardAction(damage, "applyDamage");
    // (15 - 1) x 2 = 28, / 4 = 7.
    expect(fade(lastMessage())).toMatchObject({ hpChange: -7 });
  });

  it("rolls without a target: the card leaves the judgement to the GM and damage cannot be applied", async () => {
    target(null);
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(5, 5, 5, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", "Longsword <i>of</i> Ash");
    expect(fade(lastMessage())).toMatchObject({ result: null, target: null, defense: null, total: 15 });
    expect(renderedWith("fade-attack-card.hbs")).toMatchObject({ canRollDamage: true, target: null });
    answerDialog({ location: "roll", spell: "false" });
    fulfillment.push(6, 5, 5, 5, 1, 1, 1, 1);
    await cards.onCardAction(lastMessage(), "rollDamage");
    expect(fade(lastMessage()).target).toBeNull();
    await cards.onCardAction(lastMessage(), "applyDamage");
    expect(record.notifications.at(-1)?.message).toBe(
      "This damage has no target. Target a token and roll the damage again.",
    );
  });

  it("refuses a weapon whose base damage is not keep dice, saying what to fix", async () => {
    const club = garret.items.find((i) => i.type === "fade-weapon")!;
    await club.update({ "system.baseDamage": "2d6" });
    answerDialog({ location: "roll", spell: "false" });
    const before = record.messages.length;
    await clickSheet(sheets, garret, "fadeDamage", "Longsword <i>of</i> Ash");
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: `The base damage "2d6" is not keep dice such as 4k2: fix it on the weapon's sheet.`,
    });
  });

  it("rolls a dodge or a parry as a check that tells what to add to the defense", async () => {
    answerDialog({ reaction: "dodge" });
    fulfillment.push(7, 1, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeDodge");
    expect(fade(lastMessage())).toMatchObject({ kind: "check", pool: "6k1", total: 7, item: null });
    const sword = garret.items.find((i) => i.type === "fade-weapon")!;
    answerDialog({ reaction: sword.id });
    fulfillment.push(8, 8, 8, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeDodge");
    expect(fade(lastMessage())).toMatchObject({ kind: "check", pool: "6k3", total: 24, item: { name: sword.name } });
  });

  it("rolls damage straight from the sheet against the current target", async () => {
    answerDialog({ location: "head", spell: "false" });
    fulfillment.push(4, 4, 4, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeDamage", "Longsword <i>of</i> Ash");
    expect(fade(lastMessage())).toMatchObject({
      part: "head",
      calledShot: true,
      total: 12,
      target: { name: "Goblin" },
    });
  });

  it("puts The Fade's conditions among Foundry's status effects", () => {
    const ids = (CONFIG as unknown as { statusEffects: Array<{ id: string }> }).statusEffects.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(["fade-staggered", "fade-bleeding", "fade-leg-severed", "dead"]));
  });
});

describe("Fade card buttons in the chat log (renderChatMessageHTML)", () => {
  /** A rendered card's buttons, as the hook finds them with querySelectorAll. */
  function html(actions: string[]) {
    const buttons = actions.map((fadeAction) => {
      const listeners: Array<() => void> = [];
      return {
        dataset: { fadeAction },
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

  it("wires the buttons this user may use and disables Apply once the damage is applied", async () => {
    answerDialog({ location: "roll", spell: "false" });
    fulfillment.push(6, 5, 5, 5, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeDamage", "Longsword <i>of</i> Ash");
    const damage = lastMessage();
    const fresh = html(["applyDamage", "luckReroll"]);
    cards.onRenderChatMessage(damage, fresh.element);
    expect(fresh.buttons.map((b) => [b.removed, b.disabled, b.listeners.length])).toEqual([
      [false, false, 1],
      [true, false, 0],
    ]);
    await cards.onCardAction(damage, "applyDamage");
    const again = html(["applyDamage"]);
    cards.onRenderChatMessage(damage, again.element);
    expect(again.buttons[0]!.disabled).toBe(true);
  });
});
