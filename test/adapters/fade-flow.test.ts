import { statusIds } from "../support/generation";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import type {
  FadeAttackData,
  FadeAttackRow,
  FadeDamageData,
  FadeDamageRow,
} from "../../src/rulesets/fade/chat/card-data";
import type { FadeAppliedSummary } from "../../src/rulesets/fade/chat/views";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, loadFadeWorld, target } from "../support/fade-world";
import { cardData, loadPlay, press } from "../support/play";

// The GM's client: buttons pressed on the sheet and on the cards, with the dice scripted through
// Foundry's dice fulfillment (the faces a user would type in manual entry).

let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;

type View = Record<string, unknown>;
const attackCard = (message: unknown) => cardData<FadeAttackData, FadeAttackRow>(message);
const damageCard = (message: unknown) => cardData<FadeDamageData, FadeDamageRow>(message);
const summary = (message: unknown, row = 0) =>
  cardData(message).targets[row]!.applied?.summary as unknown as FadeAppliedSummary;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const statuses = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];
const SWORD = "Longsword <i>of</i> Ash";

beforeAll(async () => {
  ({ record, sheets } = await loadFadeWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(goblin, "Goblin");
});

describe("The Fade at the table: one attack card, applied by the GM", () => {
  it("runs the text's worked example from the Attack button to the target's HP", async () => {
    // Attack: flanking makes 6k3 into 7k3; 10, 9, 8 are kept: 27 against the goblin's Defense 19. The
    // hit rolls at once: a d10 of 6 lands on the Body; 7k3 damage keeps 10, 10, 7 = 27 (Penetration 4).
    answerDialog({ modifiers: ["flanking"], defense: "defense", location: "body" });
    fulfillment.push(10, 9, 8, 2, 3, 1, 4, 6, 10, 10, 7, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const attack = lastMessage();
    const card = attackCard(attack);
    expect(card).toMatchObject({
      ruleSet: "fade",
      kind: "attack",
      actor: { name: "Garret" },
      data: { pool: "7k3", attackRoll: 0, choices: { modifiers: ["flanking"] }, item: { name: SWORD } },
      targets: [
        {
          name: "Goblin",
          applied: null,
          data: {
            defense: { id: "defense", vsSpells: false, value: 19 },
            result: "hit",
            locationRoll: 1,
            damageRoll: 2,
            part: "body",
            damage: 27,
          },
        },
      ],
    });
    expect(attack.rolls).toHaveLength(3);
    expect(renderedWith("fade/attack-card.hbs")).toMatchObject({
      pool: "7k3",
      rows: [{ index: 0, name: "Goblin", hit: true, resultKey: "ANTHOLOGY.Fade.Attack.hit", damage: 27 }],
    });

    // Apply: Deflection 5 less Penetration 4 takes 1 (26), Soak 4 leaves 6: the goblin drops to 4 HP.
    expect(hp(goblin)).toBe(10);
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(4);
    expect(summary(attack)).toMatchObject({ hpBefore: 10, hpAfter: 4, hpChange: -6, healthState: "conscious" });
    expect(summary(attack).steps.map((s) => [s.step, s.before, s.after])).toEqual([
      ["deflection", 27, 26],
      ["soak", 26, 6],
    ]);
    // The card is drawn again with the row applied, and no new card is posted.
    expect(lastMessage()).toBe(attack);
    expect(renderedWith("fade/attack-card.hbs")).toMatchObject({ rows: [{ applied: { hpAfter: 4, hpChange: "-6" } }] });

    // Applying twice is refused with a message; undo puts the HP back, and it can then be applied again.
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(hp(goblin)).toBe(4);
    expect(record.notifications.at(-1)?.message).toBe("This has already been applied to Goblin.");
    expect(await press(attack, "undo", 0)).toBe(true);
    expect(hp(goblin)).toBe(10);
    expect(cardData(attack).targets[0]!.applied).toBeNull();
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(4);
  });

  it("shows the chance to hit in the dialog, against the target's defense", async () => {
    answerDialog(null);
    const before = record.messages.length;
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const view = renderedWith("fade/roll-dialog.hbs");
    expect(view).toMatchObject({ pool: "6k3", vs: "19", target: { name: "Goblin" } });
    expect((view.hint as { key: string }).key).toBe("ANTHOLOGY.Dice.Hint.chanceCritical");
    expect(dialogCalls.at(-1)).toMatchObject({ window: { title: "Attack with Longsword <i>of</i> Ash" } });
    // Closing the dialog rolls nothing.
    expect(record.messages.length).toBe(before);
  });

  it("lands a called shot to the leg as a status effect that costs land speed", async () => {
    // 6k3 - 2k0 = 4k3: 10, 8, 7 kept = 25 against 19. The called part: no location roll; 9, 9, 9 = 27.
    answerDialog({ modifiers: ["calledShot"], location: "rightLeg", defense: "defense" });
    fulfillment.push(10, 8, 7, 1, 9, 9, 9, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const attack = lastMessage();
    expect(attackCard(attack)).toMatchObject({
      data: { pool: "4k3", choices: { calledShot: "rightLeg" } },
      targets: [{ data: { result: "hit", part: "rightLeg", locationRoll: null, damageRoll: 1, damage: 27 } }],
    });
    expect(attack.rolls).toHaveLength(2);
    const speed = (goblin.system as unknown as { derived: { speed: number } }).derived.speed;
    await press(attack, "apply", 0);
    // No Deflection on the leg: 27 / 4 = 6.
    expect(hp(goblin)).toBe(4);
    expect(statuses(goblin)).toEqual(["fade-leg-wounded"]);
    expect((goblin.system as unknown as { derived: { speed: number } }).derived.speed).toBe(speed - 2);
    expect(summary(attack)).toMatchObject({
      effectKey: "ANTHOLOGY.Fade.CalledShot.leg",
      statuses: ["fade-leg-wounded"],
    });
    // Undo takes the effect off with the HP.
    await press(attack, "undo", 0);
    expect(statuses(goblin)).toEqual([]);
    expect((goblin.system as unknown as { derived: { speed: number } }).derived.speed).toBe(speed);
  });

  it("severs the very arm a critical called shot aims at, and remembers which", async () => {
    // 4k3 (6k3 - 2k0): three natural 10s = 30, a critical hit on the left arm; 5, 5, 5 = 15 damage.
    answerDialog({ modifiers: ["calledShot"], location: "leftArm", defense: "defense" });
    fulfillment.push(10, 10, 10, 1, 5, 5, 5, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const attack = lastMessage();
    await press(attack, "apply", 0);
    expect(summary(attack)).toMatchObject({
      severedPart: "leftArm",
      statuses: ["fade-arm-severed", "fade-arm-severing"],
    });
    const effects = (
      goblin as unknown as { effects: { contents: Array<{ name: string; getFlag(s: string, k: string): unknown }> } }
    ).effects.contents;
    // The lost arm (until removed), and the round's -2k0 beside it.
    expect(effects.map((e) => e.name)).toEqual([
      "Severed arm: Left Arm",
      "Arm just severed (-2k0 to attacks): Left Arm",
    ]);
    expect(effects[0]!.getFlag("anthology", "fade")).toMatchObject({ severedPart: "leftArm" });
  });

  it("loses a called shot's effect when Deflection takes the damage to 0, not when Soak does", async () => {
    const scraps = goblin.items.find((i) => i.type === "fade-armor")!;
    await scraps.update({ "system.deflection.body": 10 });
    const calledShotAtBody = async (damageFaces: number[]) => {
      answerDialog({ modifiers: ["calledShot"], location: "body", defense: "defense" });
      fulfillment.push(10, 8, 7, 1, ...damageFaces);
      await clickSheet(sheets, garret, "fadeAttack", SWORD);
      await press(lastMessage(), "apply", 0);
      return summary(lastMessage());
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
    expect(statuses(goblin)).toEqual(["fade-bleeding"]);
  });

  it("notes a critical failure on the card and on the attacker, whose next dialog starts with -2k0", async () => {
    // 6k3 keeps 3, 2, 1 = 6, half of 19 or less.
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(1, 2, 3, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({ result: "criticalFailure", damageRoll: null });
    expect(renderedWith("fade/attack-card.hbs")).toMatchObject({
      rows: [{ hit: false, resultKey: "ANTHOLOGY.Fade.Attack.criticalFailure" }],
    });
    expect(statuses(garret)).toContain("fade-critical-failure");
    // A miss has nothing to apply.
    expect(await press(lastMessage(), "apply", 0)).toBe(false);
    answerDialog(null);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const view = renderedWith("fade/roll-dialog.hbs");
    expect(
      (view.modifiers as Array<{ id: string; checked: boolean }>).find((m) => m.id === "criticalFailure"),
    ).toMatchObject({ checked: true });
    expect(view.pool).toBe("4k3");
  });

  it("charges: +2 to hit and damage, and the charger's Defense and Avoid fall by 2 for a round", async () => {
    const before = (garret.system as unknown as { derived: { defense: number; avoid: number } }).derived;
    // 6k3 + 2: 8, 7, 6 kept = 21 + 2 = 23 against 19; the body; 7k3 + 2 damage.
    answerDialog({ modifiers: ["charge"], defense: "defense", location: "body" });
    fulfillment.push(8, 7, 6, 1, 1, 1, 6, 5, 5, 5, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    expect(attackCard(lastMessage())).toMatchObject({
      data: { pool: "6k3+2" },
      targets: [{ data: { result: "hit", damage: 17 } }],
    });
    expect(statuses(garret)).toEqual(["fade-charging"]);
    const after = (garret.system as unknown as { derived: { defense: number; avoid: number } }).derived;
    expect([after.defense, after.avoid]).toEqual([before.defense - 2, before.avoid - 2]);
    // A second charge in the same round does not stack.
    answerDialog({ modifiers: ["charge"], defense: "defense", location: "body" });
    fulfillment.push(1, 1, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    expect(statuses(garret).filter((s) => s === "fade-charging")).toHaveLength(1);
  });

  it("scores a critical hit on all natural 10s, and doubles its damage before Soak", async () => {
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(10, 10, 10, 4, 2, 1, 5, 5, 5, 5, 1, 1, 1, 1); // body; 15 damage
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ result: "criticalHit", damage: 15 });
    await press(attack, "apply", 0);
    // (15 - 1) x 2 = 28, / 4 = 7.
    expect(summary(attack)).toMatchObject({ hpChange: -7 });
  });

  it("judges one attack roll against every target, each on its own row, applied on its own", async () => {
    const { goblin: second } = await fadeActors();
    const targets = (game.user as unknown as { targets: Set<unknown> }).targets;
    targets.add({ actor: second, name: "Second goblin" });
    // 10, 9, 8 = 27 hits both (Defense 19); each hit rolls its own location and damage.
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(10, 9, 8, 1, 1, 1, 6, 10, 10, 7, 1, 1, 1, 1, 6, 2, 2, 2, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const attack = lastMessage();
    expect(attackCard(attack).targets.map((t) => [t.name, t.data.result, t.data.damage])).toEqual([
      ["Goblin", "hit", 27],
      ["Second goblin", "hit", 6],
    ]);
    // 6 less 1 through Deflection = 5, / Soak 4 = 1: only the second goblin is touched.
    await press(attack, "apply", 1);
    expect([hp(goblin), hp(second)]).toEqual([10, 9]);
    await press(attack, "apply", 0);
    expect(hp(goblin)).toBe(4);
    expect(cardData(attack).targets.map((t) => t.applied !== null)).toEqual([true, true]);
  });

  it("rolls without a target: the GM judges, and Roll damage makes a damage card for the targets then", async () => {
    target(null);
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(5, 5, 5, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const attack = lastMessage();
    expect(attackCard(attack).targets).toEqual([]);
    expect(renderedWith("fade/attack-card.hbs")).toMatchObject({ noTarget: true, rows: [] });
    target(goblin, "Goblin");
    answerDialog({ location: "roll", spell: "false" });
    fulfillment.push(5, 5, 5, 5, 1, 1, 1, 6);
    await press(attack, "rollDamage");
    const damage = lastMessage();
    expect(damageCard(damage)).toMatchObject({
      kind: "damage",
      data: { pool: "7k3", damageRoll: 0, choices: { critical: false } },
      targets: [{ name: "Goblin", data: { part: "body", locationRoll: 1 } }],
    });
    await press(damage, "apply", 0);
    // 15 less 1 = 14, / 4 = 3.
    expect(hp(goblin)).toBe(7);
  });

  it("refuses a weapon whose base damage is not keep dice, saying what to fix", async () => {
    const club = garret.items.find((i) => i.type === "fade-weapon")!;
    await club.update({ "system.baseDamage": "2d6" });
    answerDialog({ location: "roll", spell: "false" });
    const before = record.messages.length;
    await clickSheet(sheets, garret, "fadeDamage", SWORD);
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: `The base damage "2d6" is not keep dice such as 4k2: fix it on the weapon's sheet.`,
    });
  });

  it("rolls a dodge or a parry as a check that tells what to add to the defense, once a turn", async () => {
    answerDialog({ reaction: "dodge" });
    fulfillment.push(7, 1, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeDodge");
    expect(cardData(lastMessage())).toMatchObject({ kind: "check", data: { pool: "6k1", total: 7, item: null } });
    expect(statuses(garret)).toEqual(["fade-dodging"]);
    // A second dodge or parry while the first lasts is refused before any dialog.
    const before = record.messages.length;
    await clickSheet(sheets, garret, "fadeDodge");
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)?.message).toBe("Garret has dodged or parried already; one a turn.");
    // Next turn: a parry rolls the sword's attack dice (6) kept as the dodge table keeps them (1).
    const sword = garret.items.find((i) => i.type === "fade-weapon")!;
    for (const effect of [...(garret as unknown as { effects: Iterable<{ delete(): Promise<unknown> }> }).effects])
      await effect.delete();
    answerDialog({ reaction: sword.id });
    fulfillment.push(8, 8, 8, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeDodge");
    expect(cardData(lastMessage())).toMatchObject({
      kind: "check",
      data: { pool: "6k1", total: 8, item: { name: sword.name } },
    });
  });

  it("meets a declared dodge: the text's worked example turns a critical hit into a regular hit", async () => {
    // The goblin dodges first (3k1 at Agility 3, level 1): a 10 adds to its Defense 19.
    const goblinSheet = goblin as unknown as { isOwner: boolean };
    expect(goblinSheet.isOwner).toBe(true);
    answerDialog({ reaction: "dodge" });
    fulfillment.push(10, 1, 1);
    await clickSheet(sheets, goblin, "fadeDodge");
    const dodgeCard = lastMessage();
    // Garret's 6k3 keeps three natural 10s: 30 against 19 + 10 = 29, a hit but no longer a critical.
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(10, 10, 10, 1, 1, 1, 6, 5, 5, 5, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({
      result: "hit",
      dodge: { card: dodgeCard.id, total: 10, parry: false },
    });
    expect(renderedWith("fade/attack-card.hbs")).toMatchObject({ rows: [{ dodge: { total: 10, parry: false } }] });
    // The dodge is spent: the next attack meets the plain Defense (and its critical stands).
    answerDialog({ defense: "defense", location: "body" });
    fulfillment.push(10, 10, 10, 1, 1, 1, 6, 5, 5, 5, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({ result: "criticalHit", dodge: null });
    // Applying the first attack: a regular hit, 15 damage, not doubled: 14 through Deflection, / 4 = 3.
    await press(attack, "apply", 0);
    expect(summary(attack)).toMatchObject({ hpChange: -3 });
  });

  it("rolls damage straight from the sheet against the current target, where a chosen part earns no effect", async () => {
    answerDialog({ location: "head", spell: "false" });
    fulfillment.push(4, 4, 4, 1, 1, 1, 1);
    await clickSheet(sheets, garret, "fadeDamage", SWORD);
    const damage = lastMessage();
    expect(damageCard(damage)).toMatchObject({
      data: { choices: { calledShot: "head" } },
      targets: [{ name: "Goblin", data: { part: "head", locationRoll: null } }],
    });
    expect(renderedWith("fade/damage-card.hbs")).toMatchObject({ calledShot: false });
    // 12 damage to the head (no Deflection there), Soak 4: 3 HP; no staggering, as no called shot was declared.
    await press(damage, "apply", 0);
    expect(hp(goblin)).toBe(7);
    expect(summary(damage)).toMatchObject({ effectKey: null, statuses: [] });
    expect(statuses(goblin)).toEqual([]);
  });

  it("puts The Fade's conditions among Foundry's status effects", () => {
    const ids = statusIds();
    expect(ids).toEqual(expect.arrayContaining(["fade-staggered", "fade-bleeding", "fade-leg-severed", "dead"]));
  });
});

describe("Fade card buttons in the chat log (renderChatMessageHTML)", () => {
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

  it("wires the buttons this user may use and disables Apply once the row is applied", async () => {
    answerDialog({ location: "roll", spell: "false" });
    fulfillment.push(6, 5, 5, 5, 1, 1, 1, 6);
    await clickSheet(sheets, garret, "fadeDamage", SWORD);
    const damage = lastMessage();
    const fresh = html([{ action: "apply", target: 0 }, { action: "undo", target: 0 }, { action: "luckReroll" }]);
    (await loadPlay()).render.onRenderCard(damage as never, fresh.element);
    // Apply is live; Undo is for an applied row; a damage card has no Luck reroll.
    expect(fresh.buttons.map((b) => [b.removed, b.disabled, b.listeners.length])).toEqual([
      [false, false, 1],
      [true, false, 0],
      [true, false, 0],
    ]);
    await press(damage, "apply", 0);
    const again = html([
      { action: "apply", target: 0 },
      { action: "undo", target: 0 },
    ]);
    (await loadPlay()).render.onRenderCard(damage as never, again.element);
    expect(again.buttons.map((b) => [b.removed, b.disabled])).toEqual([
      [false, true],
      [false, false],
    ]);
  });
});
