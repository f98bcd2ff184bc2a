import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodAttackData, HodAttackRow, HodSpecialData, HodSpecialRow } from "../../src/rulesets/hod/chat/card-data";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { builtRoll, forgedMessage } from "../support/forge";
import { hodWeaponDefaults } from "../support/hod-fixtures";
import { answerDialog, hodActors, item, loadHodWorld, noCombat, target } from "../support/hod-world";
import { as, cardData, connect, pressThroughGm, relay } from "../support/play";

// A thrown weapon struck in melee is a melee attack for every rule that asks (flanking, prone, a target
// with no melee weapon, feint, distract); a weapon that can be both is used as the dialog chose, and the
// GM checks the choice against the weapon. From a player's client (user1, Garret's owner), the GM
// (gm1) applying.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type View = Record<string, unknown>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const attackCard = (message: unknown) => cardData<HodAttackData, HodAttackRow>(message);
const specialCard = (message: unknown) => cardData<HodSpecialData, HodSpecialRow>(message);
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const lastNotice = () => record.notifications.at(-1)?.message;
const rendered = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const dialog = () => record.rendered.filter((r) => r.path.endsWith("hod/roll-dialog.hbs")).at(-1)!.data as View;
const throughGm = (message: StandInMessage) => pressThroughGm(record, message, "apply", 0);
const DAGGER = "Dagger";

/** Garret's dagger (daggers add Dexterity: Accuracy 2 + Dexterity 1 = +3), thrown 10 feet a range increment. */
async function giveDagger() {
  await garret.createEmbeddedDocuments("Item", [
    {
      name: DAGGER,
      type: "hod-weapon",
      system: { ...hodWeaponDefaults, category: "daggers", damage: "1d4", range: 10, thrown: true, speedClass: "fast" },
    },
  ]);
}

async function stab(answer: Record<string, string | string[]>, faces: number[], weapon = DAGGER) {
  answerDialog({ position: "front", cover: "none", ...answer });
  fulfillment.push(...faces);
  const before = record.messages.length;
  await flow.rollHodAttack(garret, item(garret, weapon));
  return record.messages.length > before ? lastMessage() : null;
}

/** A copy of an attack card the player's own client writes, its roll claiming another use (the same dice). */
async function forgedUse(message: StandInMessage | null, use: string) {
  const card = structuredClone(attackCard(message));
  const request = { item: card.data.item.uuid, choices: { ...card.data.choices, use }, targets: [goblin.uuid] };
  const rolls = [
    await builtRoll(card.data.formula, [card.data.natural], request),
    await builtRoll(card.targets[0]!.data.damage!.formula, [2], { target: goblin.uuid }),
  ];
  return forgedMessage({ anthology: { card } }, rolls);
}

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld({ isGM: false }));
  connect();
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  await giveDagger();
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
  noCombat();
});

describe("Heroes of Destiny: a thrown weapon struck in melee or thrown, chosen in the dialog", () => {
  it("asks a dagger's use (in melee first), each target at its usual defense for that use; a sword or a bow is not asked", async () => {
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, DAGGER));
    expect(dialog()).toMatchObject({
      uses: [
        { id: "melee", selected: true },
        { id: "thrown", selected: false },
      ],
      usual: { selected: true, labelKey: "ANTHOLOGY.HoD.Dialog.usualDefenseUse" },
      ranged: true,
      formula: "1d20 + 3",
    });
    // Flanking may be picked: it counts when the dagger is struck in melee.
    expect((dialog().positions as View[]).find((p) => p.id === "flanked")).toMatchObject({ disabled: false });
    for (const weapon of ["Longsword <i>of</i> Ash", "Shortbow"]) {
      answerDialog(null);
      await flow.rollHodAttack(garret, item(garret, weapon));
      expect(dialog().uses).toBeNull();
    }
  });

  it('"This provides all melee attackers with a +2 bonus to hit the flanked character. Ranged attacks do not benefit from this.": a stabbed dagger gets it and the GM applies the hit', async () => {
    // 10 + 3 + flanked 2 = 15 hits Primary 15; 1d4 + Dexterity 1 + Power 1 showing 3: 5 (8 HP, ToP 3: 2 off).
    const melee = await stab({ use: "melee", defense: "primary", position: "flanked" }, [10, 3]);
    expect(attackCard(melee)).toMatchObject({
      data: { choices: { use: "melee" }, formula: "1d20 + 5", modifiers: [{ id: "flanked", value: 2 }] },
      targets: [{ data: { defense: { id: "primary", value: 15, hit: true } } }],
    });
    // The card says how the dagger was used.
    expect(rendered("hod/attack-card.hbs").useKey).toBe("ANTHOLOGY.HoD.Card.useMelee");
    expect(await throughGm(melee!)).toBe(true);
    expect(hp(goblin)).toBeLessThan(8);
    const thrown = await stab({ use: "thrown", defense: "primary", position: "flanked" }, [10]);
    expect(attackCard(thrown).data).toMatchObject({ choices: { use: "thrown" }, formula: "1d20 + 3", modifiers: [] });
    expect(attackCard(thrown).targets[0]!.data.defense.hit).toBe(false);
  });

  it('"cannot use ranged weapons except for crossbows, and suffer a -4 penalty to attack with any melee weapon": prone, the dagger stabs at −4 and is not thrown', async () => {
    await garret.update({ "system.stance": "prone", "system.stanceShifting": false });
    const melee = await stab({ use: "melee", defense: "passive" }, [14, 2]);
    expect(attackCard(melee).data).toMatchObject({ formula: "1d20 - 1", modifiers: [{ id: "stance", value: -4 }] });
    expect(await stab({ use: "thrown", defense: "passive" }, [14])).toBeNull();
    expect(lastNotice()).toBe("Lying prone, only a crossbow can shoot.");
  });

  it('"Benefit: You gain a +4 to defense against ranged attacks." / "Drawback: You take a -4 to defense against melee attacks": a prone goblin meets the stab at −4, the throw at +4', async () => {
    await as("gm1", () => goblin.update({ "system.stance": "prone", "system.stanceShifting": false }));
    answerDialog(null);
    await flow.rollHodAttack(garret, item(garret, DAGGER));
    // Primary 15: 11 in melee, 19 thrown, both shown.
    expect((dialog().defenses as View[]).find((d) => d.id === "primary")).toMatchObject({ value: 11, thrownValue: 19 });
    // 8 + 3 = 11 hits the stab at 11, not the throw at 19.
    const melee = await stab({ use: "melee", defense: "primary" }, [8, 1]);
    expect(attackCard(melee).targets[0]!.data.defense).toMatchObject({ value: 11, hit: true, stance: "prone" });
    expect(await throughGm(melee!)).toBe(true);
    const thrown = await stab({ use: "thrown", defense: "primary" }, [8]);
    expect(attackCard(thrown).targets[0]!.data.defense).toMatchObject({ value: 19, hit: false });
  });

  it('"Passive defense replaces your Primary defense whenever you are ... targeted in melee while not wielding a melee weapon": a goblin without its club meets the stab with Passive', async () => {
    await as("gm1", () => item(goblin, "Club").update({ "system.equipped": false }));
    const melee = await stab({ use: "melee", defense: "usual" }, [10, 1]);
    expect(attackCard(melee).targets[0]!.data.defense).toMatchObject({ id: "passive", value: 13, hit: true });
    expect(await throughGm(melee!)).toBe(true);
    const thrown = await stab({ use: "thrown", defense: "usual" }, [10]);
    expect(attackCard(thrown).targets[0]!.data.defense).toMatchObject({ id: "primary", value: 15, hit: false });
  });

  it('"Feint / Attack: Melee vs. Spirit": Zherynn, "stabbing Garret with his dagger", feints and distracts with it', async () => {
    // The dagger against Spirit 10: 9 + 3 = 12 hits.
    answerDialog({});
    fulfillment.push(9);
    await flow.rollHodSpecial(garret, "feint", item(garret, DAGGER));
    const feint = lastMessage();
    expect(specialCard(feint)).toMatchObject({
      data: { special: "feint", formula: "1d20 + 3", item: { name: DAGGER } },
      targets: [{ data: { results: [{ id: "spirit", hit: true }] } }],
    });
    // A melee action asks no use: the dagger is in melee.
    expect(dialog().uses).toBeNull();
    expect(await throughGm(feint)).toBe(true);
    answerDialog({ distractAgainst: "defense" });
    fulfillment.push(9);
    await flow.rollHodSpecial(garret, "distract", item(garret, DAGGER));
    expect(specialCard(lastMessage()).data).toMatchObject({ special: "distract", item: { name: DAGGER } });
  });

  it('the GM refuses a use the weapon cannot make: a dagger no longer thrown, a longsword "thrown" in a request built by hand', async () => {
    const thrown = await stab({ use: "thrown", defense: "primary" }, [15, 2]);
    expect(attackCard(thrown).targets[0]!.data.defense.hit).toBe(true);
    await item(garret, DAGGER).update({ "system.thrown": false });
    expect(await throughGm(thrown!)).toBe(false);
    expect(lastNotice()).toBe("Dagger cannot be thrown: it is not a thrown weapon with a range increment.");
    expect(hp(goblin)).toBe(8);

    // The longsword's card rolled in melee; a copy whose roll claims it was thrown.
    const sword = item(garret, "Longsword <i>of</i> Ash");
    expect(await throughGm(await forgedUse(await stab({ defense: "primary" }, [15, 2], sword.name), "thrown"))).toBe(
      false,
    );
    expect(lastNotice()).toBe(
      "Longsword &lt;i&gt;of&lt;/i&gt; Ash cannot be thrown: it is not a thrown weapon with a range increment.",
    );
    // The bow's shot; a copy whose roll claims it was struck in melee.
    expect(await throughGm(await forgedUse(await stab({ defense: "primary" }, [15, 2], "Shortbow"), "melee"))).toBe(
      false,
    );
    expect(lastNotice()).toBe("Shortbow cannot strike in melee: it is a ranged weapon that is not thrown.");
    expect(hp(goblin)).toBe(8);
  });

  it("counts a dagger in the off hand as a melee weapon for two weapons at once (the text allows two weapons in melee)", async () => {
    const { otherWeapons } = await import("../../src/rulesets/hod/chat/attack");
    // Beside the longsword: the rapier (fast), the dagger (fast) and the fists are in hand; the bow is not.
    expect(otherWeapons(garret as never, item(garret, "Longsword <i>of</i> Ash"))).toEqual(["fast", "fast"]);
  });

  it("refuses on the player's own client a bow struck in melee", async () => {
    const { weaponOf } = await import("../../src/rulesets/hod/chat/documents");
    const bow = item(garret, "Shortbow");
    const before = record.messages.length;
    await flow.postHodAttack(
      garret as never,
      bow as never,
      weaponOf(bow as never),
      { defense: "primary", use: "melee" },
      [{ uuid: goblin.uuid, name: "Goblin" }],
    );
    expect(lastNotice()).toBe("Shortbow cannot strike in melee: it is a ranged weapon that is not thrown.");
    expect(record.messages).toHaveLength(before);
  });
});

describe("Heroes of Destiny: a crouch and a longbow", () => {
  it('"Drawback: You suffer a -2 penalty to defense against melee attacks, cannot use longbows": crouching, a longbow is refused from the sheet and at the GM\'s apply; a shortbow shoots', async () => {
    await garret.createEmbeddedDocuments("Item", [
      {
        name: "Longbow",
        type: "hod-weapon",
        system: { ...hodWeaponDefaults, category: "bows", damage: "1d8", range: 60, damageType: "piercing" },
      },
    ]);
    await garret.update({ "system.stance": "crouch", "system.stanceShifting": false });
    const before = record.messages.length;
    expect(await stab({ defense: "primary" }, [15, 2], "Longbow")).toBeNull();
    expect(lastNotice()).toBe("A longbow cannot be used from a crouch.");
    expect(record.messages).toHaveLength(before);
    // The shortbow is no longbow: its card is posted, with no crouch penalty at range.
    const short = await stab({ defense: "primary" }, [15, 2], "Shortbow");
    expect(attackCard(short).data.modifiers).toEqual([]);
    // The GM reads the live item, not the card: a bow renamed a longbow after the roll is refused.
    await item(garret, "Shortbow").update({ name: "Composite Longbow" });
    expect(await throughGm(short!)).toBe(false);
    expect(lastNotice()).toBe("A longbow cannot be used from a crouch.");
    expect(hp(goblin)).toBe(8);
  });

  it("\"cannot use longbows\": a longbow picked by hand in the tracker's Act dialog while crouching is refused, on the player's client and by the GM; a shortbow is not", async () => {
    const { actDialogContext, actWeapons } = await import("../../src/rulesets/hod/combat/act-form");
    const { hodTimeCount } = await import("../../src/rulesets/hod/combat/time-count-actions");
    const { requestAct } = await import("../../src/combat/requests");
    const { timeCountFight } = await import("../support/hod-world");
    await garret.createEmbeddedDocuments("Item", [
      {
        name: "Longbow",
        type: "hod-weapon",
        system: { ...hodWeaponDefaults, category: "bows", damage: "1d8", range: 60, damageType: "piercing" },
      },
    ]);
    await garret.update({ "system.stance": "crouch", "system.stanceShifting": false });
    const { combat, me } = await as("gm1", () => timeCountFight(garret, goblin));
    // The Act dialog's weapon options carry the item: the longbow's is its speed class and its id.
    const longbow = item(garret, "Longbow");
    const option = actDialogContext("Garret", true, "attack", actWeapons(garret)).weapons.find(
      (w) => w.name === "Longbow",
    )!;
    expect(option.value).toBe(`standard:${longbow.id}`);
    const picked = hodTimeCount.fromForm([
      ["action", "attack"],
      ["weaponClass", option.value],
    ]);
    expect(picked).toMatchObject({ action: "attack", weaponClass: "standard", weapon: longbow.id });
    // The player's client refuses it with the reason.
    expect(hodTimeCount.allows!(picked, garret)).toBe(false);
    expect(lastNotice()).toBe("A longbow cannot be used from a crouch.");
    // Sent anyway, the GM refuses it: nothing is recorded.
    const pending = requestAct(combat as never, "garret", picked);
    await relay(record);
    expect(await pending).toBe(false);
    expect(lastNotice()).toBe("A longbow cannot be used from a crouch.");
    expect(me.initiative).toBe(6);
    // The shortbow shoots from a crouch (Standard 1d6+6 showing 2).
    const shortbow = hodTimeCount.fromForm([
      ["action", "attack"],
      ["weaponClass", `standard:${item(garret, "Shortbow").id}`],
    ]);
    expect(hodTimeCount.allows!(shortbow, garret)).toBe(true);
    const shot = requestAct(combat as never, "garret", shortbow);
    fulfillment.push(2);
    await relay(record);
    expect(await shot).toBe(true);
    expect(me.initiative).toBe(14);
  });
});
