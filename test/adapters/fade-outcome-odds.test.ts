import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import { odds, percent } from "../../src/dice";
import { attackSchema, type FadeAttackData, type FadeAttackRow } from "../../src/rulesets/fade/chat/card-data";
import { dialogOutcomes, type FadeRollDialogInput } from "../../src/rulesets/fade/chat/dialog-form";
import { rowOdds } from "../../src/rulesets/fade/chat/views";
import { fadeRules } from "../../src/rulesets/fade/rules/api";
import type { FadeDerived } from "../../src/rulesets/fade/rules";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, hitTheGoblin, loadFadeWorld } from "../support/fade-world";
import { cardData, press } from "../support/play";

// Issue 31: the attack dialog shows each targeted token's exact chances to be hit, hurt and dropped,
// and each row of the posted attack card shows the same line, worked out from the card's own data.

let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;

type View = Record<string, unknown>;
type Line = { name: string; hit: string; hurt: string; drop: string; label: string };
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const derivedOf = (actor: StandInActor) => (actor.system as unknown as { derived: FadeDerived }).derived;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const SWORD = "Longsword <i>of</i> Ash";

/** Targets these actors' tokens as this user, by the names their tokens show. */
function targetAll(...tokens: Array<[StandInActor, string]>): void {
  const targets = (game.user as unknown as { targets: Set<unknown> }).targets;
  targets.clear();
  for (const [actor, name] of tokens) targets.add({ actor, name });
}

/** The odds the rules give for Garret's sword against an actor as it stands (no modifiers). */
function expected(actor: StandInActor) {
  return fadeRules.outcomeOdds(
    fadeRules.outcomeInput({
      attacker: derivedOf(garret),
      weapon: { baseDamage: "4k2", penetration: 4, explodesOn: 0 },
      choices: { modifiers: [] },
      target: { derived: derivedOf(actor), hp: hp(actor) },
    }),
  );
}

const line = (name: string, o: { hit: number; hurt: number; drop: number }) => ({
  name,
  hit: `Hit ${percent(o.hit)}`,
  hurt: `Hurt ${percent(o.hurt)}`,
  drop: `Drop ${percent(o.drop)}`,
});

beforeAll(async () => {
  ({ record, sheets } = await loadFadeWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
});

describe("The Fade: outcome odds in the attack dialog and on the card", () => {
  it("the dialog lists each targeted token's chances to be hit, hurt and dropped", async () => {
    const Actor = (CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } })
      .documentClass;
    // A second goblin, hurt already: 3 HP left.
    const hurt = await Actor.create({
      name: "Hurt goblin",
      type: "fade-npc",
      system: { agility: 3, luck: 2, endurance: 2, classHp: 8, speciesSize: 2, classSoak: 2, hp: { value: 3 } },
    });
    targetAll([goblin, "Goblin <b>one</b>"], [hurt, "Goblin two"]);
    answerDialog(null);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const outcomes = renderedWith("fade/roll-dialog.hbs").outcomes as Line[];
    expect(outcomes).toMatchObject([line("Goblin <b>one</b>", expected(goblin)), line("Goblin two", expected(hurt))]);
    // The chance to hit is the line's own: 6k3 against Defense 19.
    expect(outcomes[0]!.hit).toBe(`Hit ${percent(odds("6k3").atLeast(19))}`);
    // The hurt goblin (3 HP, no armour) is dropped far more often than the one in its chain shirt.
    const [one, two] = [expected(goblin), expected(hurt)];
    expect(two.drop).toBeGreaterThan(one.drop);
    expect(outcomes[0]!.label).toBe(
      `Goblin <b>one</b>: ${outcomes[0]!.hit}, ${outcomes[0]!.hurt}, ${outcomes[0]!.drop}`,
    );
  });

  it("refreshes with the dialog's choices: a called shot's -2k0 and its effect change every chance", () => {
    const input: FadeRollDialogInput = {
      kind: "attack",
      derived: derivedOf(garret) as never,
      weapon: { baseDamage: "4k2", penetration: 4 },
      targets: [{ name: "Goblin", derived: derivedOf(goblin), hp: hp(goblin) }],
    };
    const plain = dialogOutcomes(input, { modifiers: [] })[0]!.odds;
    const called = dialogOutcomes(input, { modifiers: ["calledShot"], calledShot: "head" })[0]!.odds;
    expect(called.hit).toBeLessThan(plain.hit);
    // At the bare head, every hit that lands takes HP or staggers: hurt is hit.
    expect(called.hurt).toBeCloseTo(called.hit, 12);
    // A declared dodge of 6 raises the Defense it meets.
    const dodged = dialogOutcomes(
      { ...input, targets: [{ ...input.targets![0]!, dodge: { melee: 6, other: null } }] },
      { modifiers: [] },
    )[0]!.odds;
    expect(dodged.hit).toBeCloseTo(odds("6k3").atLeast(25), 12);
    // No weapon's damage to read: no line, no error.
    expect(dialogOutcomes({ ...input, weapon: { baseDamage: "fire" } }, {})).toEqual([]);
  });

  it("each card row shows the line the dialog showed, from the card's own data, and keeps it after Apply", async () => {
    targetAll([goblin, "Goblin"]);
    answerDialog(null);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const dialogLine = (renderedWith("fade/roll-dialog.hbs").outcomes as Line[])[0]!;
    const attack: StandInMessage = await hitTheGoblin(record, sheets, garret);
    const card = cardData<FadeAttackData, FadeAttackRow>(attack);
    expect(card.data.damagePool).toBe("7k3");
    expect(card.targets[0]!.data.numbers).toMatchObject({ soak: 4, hp: 10, deflection: { body: 5, head: 0 } });
    const row = () => (renderedWith("fade/attack-card.hbs").rows as Array<{ outcomes: Line[] }>)[0]!.outcomes;
    expect(row()).toEqual([dialogLine]);
    // The GM's apply takes 6 HP; the row's line is the chance it had, from the card's data.
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(4);
    expect(row()).toEqual([dialogLine]);
  });

  it("a card row whose numbers are missing or forged shows no line and breaks nothing", () => {
    const row = {
      defense: { id: "defense", vsSpells: false, value: 19 },
      result: "hit",
      damageRoll: 1,
      locationRoll: null,
      part: "body",
      damage: 27,
      dodge: null,
    };
    expect(attackSchema.target(row).numbers).toBeNull();
    expect(attackSchema.target({ ...row, numbers: { deflection: { body: "x" }, soak: 4 } }).numbers).toBeNull();
    expect(attackSchema.target({ ...row, numbers: { deflection: { body: 1e9 }, soak: 4, hp: 1 } }).numbers).toBeNull();
    const read = attackSchema.target({
      ...row,
      numbers: {
        deflection: { body: 5 },
        soak: 4,
        hp: 10,
        hpMax: 10,
        deathAt: -4,
        missing: ["leftArm", "tail", "<b>"],
        energy: { immunities: ["fire"], resistances: { cold: 5 } },
      },
    });
    expect(read.numbers).toMatchObject({ missing: ["leftArm"], energy: { immunities: ["fire"] } });
    const forgedType = { deflection: {}, soak: 4, hp: 1, hpMax: 1, deathAt: -4, energy: { immunities: [3] } };
    expect(attackSchema.target({ ...row, numbers: forgedType }).numbers).toBeNull();
  });

  it("the largest pool a sheet plausibly rolls gets its line; a pool no roll may have gets none", async () => {
    // Agility and Strength 12, a feat's +1k0 damage, a two-handed 6k3 axe exploding on 7; flanking, a
    // charge and the most extra dice a player may type (5k5) on both rolls: 18k11x7+2 twice.
    await garret.update({ "system.agility": 12, "system.strength": 12, "system.bonuses.damage.rolled": 1 });
    await garret.createEmbeddedDocuments("Item", [
      { name: "Greataxe", type: "fade-weapon", system: { baseDamage: "6k3", twoHanded: true, explodesOn: 7 } },
    ]);
    targetAll([goblin, "Goblin"]);
    answerDialog({
      modifiers: ["flanking", "charge"],
      defense: "defense",
      extraRolled: "5",
      extraKept: "5",
      damageExtraRolled: "5",
      damageExtraKept: "5",
    });
    // Eighteen 5s (57 hits Defense 19), the d10's 5 (the Body), eighteen 1s of damage.
    fulfillment.push(...Array<number>(18).fill(5), 5, ...Array<number>(18).fill(1));
    await clickSheet(sheets, garret, "fadeAttack", "Greataxe");
    const attack = record.messages.at(-1) as StandInMessage;
    const card = cardData<FadeAttackData, FadeAttackRow>(attack);
    expect([card.data.pool, card.data.damagePool]).toEqual(["18k11x7+2", "18k11x7+2"]);
    const odds = fadeRules.outcomeOdds({
      toHit: "18k11x7+2",
      damage: "18k11x7+2",
      defense: 19,
      target: { derived: derivedOf(goblin), hp: 10 },
    });
    const shown = (renderedWith("fade/attack-card.hbs").rows as Array<{ outcomes: Line[] }>)[0]!.outcomes;
    expect(shown).toMatchObject([line("Goblin", odds)]);
    // Within the 100 dice a roll may have, any pool gets its line (a sheet's attributes have no cap),
    // even against a Defense no sheet reaches; past them the card's data cannot be a roll: no line.
    const row = card.targets[0]!.data;
    const huge = rowOdds(
      { ...card.data, pool: "100k30x7", damagePool: "-99k99x8" },
      { ...row, defense: { ...row.defense, value: 700 } },
    );
    expect(huge?.hit).toBeGreaterThan(0);
    expect(huge!.hit).toBeLessThan(1);
    expect(rowOdds({ ...card.data, pool: "101k50" }, row)).toBeNull();
    expect(rowOdds({ ...card.data, damagePool: "500k250x7" }, row)).toBeNull();
  });
});
