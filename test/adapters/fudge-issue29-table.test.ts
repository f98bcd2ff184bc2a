import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import type { FudgeAttackData, FudgeResponseData, FudgeRow } from "../../src/rulesets/fudge/chat/card-data";
import type { FudgeAppliedSummary } from "../../src/rulesets/fudge/chat/views";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, loadFudgeWorld, target } from "../support/fudge-world";
import { cardData, press } from "../support/play";

// Issue 29's FUDGE "Missing" list, part one, on the GM's client: sheet -> dialog -> card -> apply,
// the dice scripted through Foundry's fulfillment (a Fudge die's faces 1, 2, 3 read −1, 0, +1).

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

type ActorClass = { create(data: object): Promise<StandInActor> };
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const attackCard = (m: unknown) => cardData<FudgeAttackData, FudgeRow>(m);
const responseCard = (m: unknown) => cardData<FudgeResponseData, FudgeRow>(m);
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: Record<string, number> }).wounds;
const lastNotice = () => record.notifications.at(-1)?.message;
const summary = (m: StandInMessage, row = 0) =>
  cardData<unknown, FudgeRow>(m).targets[row]!.applied?.summary as unknown as FudgeAppliedSummary;

beforeAll(async () => {
  ({ record, sheets } = await loadFudgeWorld());
  // A hang guard for loading the world on a busy machine, not a speed limit.
}, 60_000);

beforeEach(async () => {
  ({ mickey, bandit } = await fudgeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  target(bandit);
});

/** A pixie: Scale −2 both ways, a Good knife fighter. */
async function pixie(): Promise<StandInActor> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  return Actor.create({
    name: "Pixie",
    type: "fudge-npc",
    system: { attributes: { build: 0, health: 0, agility: 1 }, strengthScale: -2, massScale: -2 },
    items: [
      { name: "Knife fighting", type: "fudge-skill", system: { level: 1 } },
      { name: "Needle knife", type: "fudge-weapon", system: { size: 0, sharp: true, skill: "Knife fighting" } },
    ],
  });
}

/** Mickey swings his broadsword at `foe` (scripted 4dF); the foe answers with its first weapon. */
async function swing(foe: StandInActor, mine: number[], theirs: number[], attack: Record<string, string> = {}) {
  target(foe);
  answerDialog({ stance: "normal", ...attack });
  fulfillment.push(...mine);
  await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
  const card = lastMessage();
  const weapon = foe.items.find((i) => i.type === "fudge-weapon")!;
  answerDialog({ stance: "normal", weapon: weapon.id });
  fulfillment.push(...theirs);
  await press(card, "respond", 0);
  return { card, answer: lastMessage() };
}

describe("FUDGE: the minimum to hit, up to Great and beyond, mirrored for the defender", () => {
  it('"Extremely small targets, such as a pixie, may require a Good or even a Great result": the GM judges both blows by it', async () => {
    const fey = await pixie();
    // Mickey needs Great. Violent, he rolls −3: offense Fair (0), defense Terrible −1 (−4). The pixie
    // rolls −3, less 1 for its knife against a broadsword: Terrible (−3) both ways. Mickey beats its
    // defense by 3 but is below Great: no hit. The pixie beats his defense by 1, and needs only
    // Terrible −3 (mirrored): a graze.
    const { card, answer } = await swing(fey, [1, 1, 1, 2], [1, 1, 1, 2], { stance: "violent", minimum: "2" });
    expect(attackCard(card).data.choices.minimum).toBe(2);
    const result = attackCard(card).targets[0]!.data.result!;
    expect(result.a).toMatchObject({ offense: 0, relativeDegree: 3, hits: false });
    // 2 × 1 + Build 0 + Strength Scale −2 + knife 0 + sharp 1 = 1: a Scratch on the graze table.
    expect(result.b).toMatchObject({ offense: -3, relativeDegree: 1, hits: true, graze: true, wound: "scratch" });
    expect(responseCard(answer).data.result?.b?.hits).toBe(true);
    await press(card, "apply", 0);
    expect(lastNotice()).toContain("nothing to apply to Pixie");
    await press(answer, "apply", 0);
    expect(wounds(mickey).scratch).toBe(1);
    expect(summary(answer).marked).toBe("scratch");
  });

  it("the dialog starts at Mediocre against a smaller Scale and offers up to Legendary", async () => {
    const fey = await pixie();
    target(fey);
    const { attackDialogInput } = await import("../../src/rulesets/fudge/chat/flow");
    const { dialogView } = await import("../../src/rulesets/fudge/chat/dialog-form");
    const sword = mickey.items.find((i) => i.name === "Broadsword")!;
    const view = dialogView(attackDialogInput(mickey as never, sword as never));
    expect(view.minimums.find((m) => m.selected)?.value).toBe(-1);
    expect(view.minimums.at(-1)?.value).toBe(4);
  });
});

describe("FUDGE: Martial Art unarmed attacks", () => {
  /**
   * Mickey's Karate (Good), a Martial Art unless `martial` is false, and a bare-handed blow with it at
   * the unaware bandit (the dialog starts on a Martial Art by itself; the other is picked).
   */
  async function karate(martial: boolean) {
    await mickey.createEmbeddedDocuments("Item", [
      { name: "Karate", type: "fudge-skill", system: { level: 1, martialArt: martial } },
    ]);
    const id = mickey.items.find((i) => i.name === "Karate")!.id;
    answerDialog({ stance: "normal", unopposed: "on", ...(martial ? {} : { trait: `skill:${id}` }) });
    // Good −2: Mediocre (−1) against Poor: relative degree 1 + 1 = 2.
    fulfillment.push(1, 1, 2, 2);
    await clickSheet(sheets, mickey, "fudgeUnarmed");
    return lastMessage();
  }

  it('"+0 Martial Art skill": bare hands fought with Karate strike at +0, and the GM applies it', async () => {
    const blow = await karate(true);
    const card = attackCard(blow);
    expect(card.data.item).toBeNull();
    expect(card.data.traitName).toBe("Karate");
    // 2 × 2 + Build 1 + Martial Art 0 − leather 1 = 4: a Light Wound.
    expect(card.targets[0]!.data.result?.a).toMatchObject({ relativeDegree: 2, damage: 4, wound: "light" });
    await press(blow, "apply", 0);
    expect(wounds(bandit).light).toBe(1);
    // The sheet's bare-handed row says so.
    const { fudgeActorView } = await import("../../src/rulesets/fudge/sheets/view");
    const view = fudgeActorView(mickey.system as never, mickey.items.contents as never);
    expect(view).toMatchObject({ unarmedDamage: "0", unarmedMartial: true, unarmedFormula: "4dF+1" });
  });

  it('"-1 for no weapon, not using a Martial Art skill": the same blow with a skill not marked so', async () => {
    const blow = await karate(false);
    // 2 × 2 + Build 1 − 1 − leather 1 = 3: a Scratch.
    expect(attackCard(blow).targets[0]!.data.result?.a).toMatchObject({ damage: 3, wound: "scratch" });
    await press(blow, "apply", 0);
    expect(wounds(bandit)).toMatchObject({ scratch: 1, light: 0 });
  });

  it("the GM reads the skill as it stands: a Martial Art unmarked after the roll strikes at −1", async () => {
    const blow = await karate(true);
    await mickey.items.find((i) => i.name === "Karate")!.update({ "system.martialArt": false });
    await press(blow, "apply", 0);
    expect(wounds(bandit)).toMatchObject({ scratch: 1, light: 0 });
  });

  it("a defender fights back bare-handed with its Martial Art at +0", async () => {
    await bandit.createEmbeddedDocuments("Item", [
      { name: "Kung fu", type: "fudge-skill", system: { level: 0, martialArt: true } },
    ]);
    target(bandit);
    answerDialog({ stance: "normal" });
    // Mickey rolls −4: offense and defense Terrible (−3). The bandit's Kung fu (Fair) rolls 0: Fair.
    fulfillment.push(1, 1, 1, 1);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const card = lastMessage();
    answerDialog({
      stance: "normal",
      weapon: "",
      trait: `skill:${bandit.items.find((i) => i.name === "Kung fu")!.id}`,
    });
    fulfillment.push(2, 2, 2, 2);
    await press(card, "respond", 0);
    const answer = lastMessage();
    // Bare hands (0) against a broadsword (3): −1 to the bandit. Offense −1 against defense −3: +2.
    // 2 × 2 + Build 0 + Martial Art 0 − Mickey's Health 0 = 4: a Light Wound.
    expect(responseCard(answer).data.result?.b).toMatchObject({ relativeDegree: 2, damage: 4, wound: "light" });
    await press(answer, "apply", 0);
    expect(wounds(mickey).light).toBe(1);
  });
});

describe("FUDGE: a hit stopped only by Scale", () => {
  /** A giant: Health Great, Mass Scale 3, in a thick hide (+2); Mickey's unaware blow grazes it for nothing. */
  async function giantGrazed() {
    const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
    const giant = await Actor.create({
      name: "Giant",
      type: "fudge-npc",
      system: { attributes: { health: 2 }, massScale: 3, strengthScale: 3 },
      items: [{ name: "Hide", type: "fudge-armor", system: { protection: 2 } }],
    });
    target(giant);
    answerDialog({ stance: "normal", unopposed: "on" });
    // Good −3: Poor, reaching Poor: a graze. 2 + Build 1 + broadsword 3 = 6 against Health 2 + hide 2
    // + Mass Scale 3 = 7: −1, nothing on the graze table; without the Scale, 2: a Scratch.
    fulfillment.push(1, 1, 1, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    return { giant, blow: lastMessage() };
  }

  it('"roll one die, a plus result equals a scratch": the GM rolls it at Apply, and Undo takes the Scratch back', async () => {
    const { giant, blow } = await giantGrazed();
    expect(attackCard(blow).targets[0]!.data.result?.a).toMatchObject({
      hits: true,
      graze: true,
      wound: "undamaged",
      scaleStopped: true,
    });
    // The GM's one die shows +1.
    fulfillment.push(3);
    await press(blow, "apply", 0);
    expect(wounds(giant).scratch).toBe(1);
    expect(summary(blow)).toMatchObject({ scaleDie: 1, marked: "scratch" });
    await press(blow, "undo", 0);
    expect(wounds(giant).scratch).toBe(0);
  });

  it("a die of 0 or − leaves the giant unhurt", async () => {
    const { giant, blow } = await giantGrazed();
    fulfillment.push(2);
    await press(blow, "apply", 0);
    expect(Object.values(wounds(giant)).every((n) => n === 0)).toBe(true);
    expect(summary(blow)).toMatchObject({ scaleDie: 0, marked: null });
  });
});

describe("FUDGE: aimed blows and the attack-type table, in play", () => {
  /** Mickey's broadsword at the unaware bandit (Poor difficulty), with the dialog's other answers. */
  async function blowAt(faces: number[], answers: Record<string, string>, location: number[] = []) {
    answerDialog({ stance: "normal", unopposed: "on", ...answers });
    fulfillment.push(...faces, ...location);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    return lastMessage();
  }

  it('"+3 Head, hand, foot": a blow at the head beating Poor by one misses; by two it lands there', async () => {
    // Good −2: Mediocre, Poor beaten by 1: relative degree +2, short of the head's +3.
    const short = await blowAt([1, 1, 2, 2], { aim: "head" });
    expect(attackCard(short).data).toMatchObject({ location: "head", choices: { aim: "head", location: false } });
    expect(attackCard(short).targets[0]!.data.result?.a).toMatchObject({ relativeDegree: 2, hits: false });
    expect(short.rolls).toHaveLength(1);
    await press(short, "apply", 0);
    expect(Object.values(wounds(bandit)).every((n) => n === 0)).toBe(true);
    // Good −1: Fair, +3. 2 × 3 + Build 1 + broadsword 3 − leather 1 = 9: a Major Wound, on the head.
    const aimed = await blowAt([1, 2, 2, 2], { aim: "head" });
    expect(attackCard(aimed).targets[0]!.data.result?.a).toMatchObject({
      relativeDegree: 3,
      hits: true,
      wound: "major",
    });
    await press(aimed, "apply", 0);
    expect(wounds(bandit).major).toBe(1);
    expect(summary(aimed)).toMatchObject({ marked: "major", location: "head" });
  });

  it("an aimed blow in an exchange needs its degree against the defense too", async () => {
    // Aimed at an eye (+4): Mickey +2 (Superb 3) against the bandit's −1 (defense −1) is +4: it lands.
    const hit = await swing(bandit, [3, 3, 2, 2], [2, 2, 2, 1], { aim: "eye" });
    expect(attackCard(hit.card).targets[0]!.data.result?.a).toMatchObject({ relativeDegree: 4, hits: true });
    // Mickey +1 against −1: +3, short of an eye.
    const miss = await swing(bandit, [3, 2, 2, 2], [2, 2, 2, 1], { aim: "eye" });
    expect(attackCard(miss.card).targets[0]!.data.result?.a).toMatchObject({ relativeDegree: 3, hits: false });
  });

  it('"BRAWL ... kick: Foot Leg Groin Leg Leg Leg Groin Leg Foot": the location roll is read on the kick\'s row, on the card and by the GM', async () => {
    // A hit, and the location roll +2: a kick lands on the groin (the random table would say left arm).
    const kick = await blowAt([2, 2, 2, 2], { location: "brawlKick" }, [3, 3, 2, 2]);
    expect(attackCard(kick).data).toMatchObject({
      location: "groin",
      choices: { location: true, attackType: "brawlKick", aim: null },
    });
    expect(kick.rolls).toHaveLength(2);
    await press(kick, "apply", 0);
    expect(summary(kick).location).toBe("groin");
    // The card's notes name the table.
    const { attackCardView } = await import("../../src/rulesets/fudge/chat/views");
    expect(attackCardView(attackCard(kick), { rollHtml: [] }).notes).toContainEqual({
      key: "ANTHOLOGY.Fudge.Card.attackType",
      data: {},
      typeKey: "ANTHOLOGY.Fudge.AttackType.brawlKick",
    });
  });

  it("the random table still reads for the plain choice", async () => {
    const blow = await blowAt([2, 2, 2, 2], { location: "on" }, [3, 3, 2, 2]);
    expect(attackCard(blow).data.location).toBe("leftArm");
    await press(blow, "apply", 0);
    expect(summary(blow).location).toBe("leftArm");
  });
});
