import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { HodPoisonData } from "../../src/rulesets/hod/chat/poison";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, hodActors, loadHodWorld, noCombat, target, timeCountFight } from "../support/hod-world";
import { cardData, press } from "../support/play";

// Bonus HP's duration and poison (heroes-of-destiny.txt, "Bonus Hit Points", "Poison"), on the GM's
// client: cards applied per row, undone, and what the Time Count, the combat's end and rest end.

let record: StandInRecord;
let garret: StandInActor;
let goblin: StandInActor;
type Body = {
  hp: { value: number; max: number };
  fatigue: number;
  invigoration: number;
  bonusHp: number;
  bonusUntil: { kind: string; tc: number };
  poisoned: { hp: number; fatigue: number; attributes: Record<string, number> };
  attributeDamage: Record<string, number>;
};
const system = (a: StandInActor) => a.system as unknown as Body;
const poisons = () => JSON.parse(String(garret.getFlag("anthology", "hodPoisons") ?? "[]")) as unknown[];
const lastMessage = () => record.messages.at(-1) as StandInMessage;

beforeAll(async () => {
  ({ record } = await loadHodWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.messages.length = 0;
  fulfillment.length = 0;
  noCombat();
});

async function heal(by: StandInActor, answers: Record<string, string>, faces: number[]) {
  const { rollHodHealing } = await import("../../src/rulesets/hod/chat/heal");
  answerDialog({ toInvigoration: "0", ...answers });
  fulfillment.push(...faces);
  await rollHodHealing(by);
  return lastMessage();
}

async function poison(answers: Record<string, string>, faces: number[]) {
  const { rollHodPoison } = await import("../../src/rulesets/hod/chat/poison");
  answerDialog({ name: "Spider venom", times: "0", every: "10", delay: "0", ...answers });
  fulfillment.push(...faces);
  await rollHodPoison(goblin);
  return lastMessage();
}

describe("Heroes of Destiny bonus HP with a duration", () => {
  it("lasts a number of TC on the Time Count, granted by the GM, undone, and ends when the count comes", async () => {
    const { combat } = await timeCountFight(garret, goblin);
    expect(combat.timeCount).toBe(6);
    target(goblin, "Goblin");
    const card = await heal(garret, { formula: "1d6", bonus: "on", duration: "tc", tcs: "10" }, [4]);
    expect(cardData(card).data).toMatchObject({ total: 4, bonus: { kind: "tc", tcs: 10 } });
    await press(card, "apply", 0);
    // 4 bonus HP until TC 6 + 10 = 16; above the goblin's maximum HP (8), and nothing healed.
    expect(system(goblin)).toMatchObject({ bonusHp: 4, bonusUntil: { kind: "tc", tc: 16 }, invigoration: 0 });
    await press(card, "undo", 0);
    expect(system(goblin).bonusHp).toBe(0);
    expect(system(goblin).bonusUntil.kind || "").toBe("");
    await press(card, "apply", 0);
    const { onHodAdvance } = await import("../../src/rulesets/hod/chat/expiry");
    await onHodAdvance(combat as never, { tc: 15, acting: [] });
    expect(system(goblin).bonusHp).toBe(4);
    await onHodAdvance(combat as never, { tc: 16, acting: [] });
    expect(system(goblin)).toMatchObject({ bonusHp: 0, bonusUntil: { kind: "" } });
  });

  it("ends with the encounter, or at the next rest, as granted; a smaller grant leaves a larger pool", async () => {
    const { combat } = await timeCountFight(garret, goblin);
    target(null);
    await press(await heal(garret, { formula: "1d6", bonus: "on", duration: "encounter" }, [5]), "apply", 0);
    expect(system(garret)).toMatchObject({ bonusHp: 5, bonusUntil: { kind: "encounter" } });
    // 3 more does not add: the 5 stays, lasting the encounter.
    await press(await heal(garret, { formula: "1d6", bonus: "on", duration: "rest" }, [3]), "apply", 0);
    expect(system(garret)).toMatchObject({ bonusHp: 5, bonusUntil: { kind: "encounter" } });
    const { onHodCombatEnd } = await import("../../src/rulesets/hod/chat/expiry");
    await onHodCombatEnd(combat as never);
    expect(system(garret).bonusHp).toBe(0);
    noCombat();
    await press(await heal(garret, { formula: "1d6", bonus: "on", duration: "rest" }, [6]), "apply", 0);
    expect(system(garret)).toMatchObject({ bonusHp: 6, bonusUntil: { kind: "rest" } });
    const { restHod } = await import("../../src/rulesets/hod/chat/rest");
    await restHod(garret, false);
    expect(system(garret)).toMatchObject({ bonusHp: 0, bonusUntil: { kind: "" } });
  });
});

describe("Heroes of Destiny poison", () => {
  it("takes HP as poison, which magical healing cannot reach unless it heals poison", async () => {
    // Garret, 20 HP, has lost 4 the ordinary way.
    await garret.update({ "system.hp.value": 16 });
    target(garret, "Garret");
    const card = await poison({ track: "hp", formula: "1d4" }, [3]);
    expect(cardData<HodPoisonData>(card).data).toMatchObject({ name: "Spider venom", track: "hp", total: 3 });
    await press(card, "apply", 0);
    // 13 HP, 3 of the 7 missing poisoned.
    expect(system(garret)).toMatchObject({ hp: { value: 13 }, poisoned: { hp: 3 } });
    // 8 as Invigoration: room 20 − 3 poisoned − 13 = 4, the ordinary damage only.
    target(null);
    await press(await heal(garret, { formula: "1d8", toInvigoration: "8" }, [8]), "apply", 0);
    expect(system(garret).invigoration).toBe(4);
    // A spell that heals poison reaches it: 3 more Invigoration (20 − 17), and the mark is gone.
    await press(await heal(garret, { formula: "1d8", toInvigoration: "8", curesPoison: "on" }, [8]), "apply", 0);
    expect(system(garret)).toMatchObject({ invigoration: 7, poisoned: { hp: 0 } });
    await press(card, "undo", 0);
  });

  it("fatigues and damages attributes as poison; poisoned attributes recover only with bed rest", async () => {
    target(garret, "Garret");
    await press(await poison({ track: "fatigue", formula: "1d4" }, [4]), "apply", 0);
    expect(system(garret)).toMatchObject({ fatigue: 4, poisoned: { fatigue: 4 } });
    target(null);
    // 5 off fatigue: all of it poison, none comes off.
    await press(await heal(garret, { formula: "1d6" }, [5]), "apply", 0);
    expect(system(garret).fatigue).toBe(4);
    target(garret, "Garret");
    await press(await poison({ track: "strength", formula: "2" }, []), "apply", 0);
    expect(system(garret)).toMatchObject({
      attributeDamage: { strength: 2 },
      poisoned: { attributes: { strength: 2 } },
    });
    const { restHod } = await import("../../src/rulesets/hod/chat/rest");
    await restHod(garret, false);
    expect(system(garret).attributeDamage.strength).toBe(2);
    await restHod(garret, true);
    expect(system(garret)).toMatchObject({
      attributeDamage: { strength: 1 },
      poisoned: { attributes: { strength: 1 } },
    });
  });

  it("ticks on the Time Count: each dose due posts a card the GM applies, and undoes", async () => {
    const { combat } = await timeCountFight(garret, goblin);
    target(garret, "Garret");
    // 1 HP now, then 2 more doses every 10 TC from TC 6: at 16 and 26.
    const first = await poison({ track: "hp", formula: "1d4", times: "2", every: "10" }, [1]);
    await press(first, "apply", 0);
    expect(system(garret).hp.value).toBe(19);
    expect(poisons()).toEqual([{ name: "Spider venom", track: "hp", formula: "1d4", every: 10, left: 2, next: 16 }]);
    const { onHodAdvance } = await import("../../src/rulesets/hod/chat/expiry");
    const count = record.messages.length;
    await onHodAdvance(combat as never, { tc: 15, acting: [] });
    expect(record.messages.length).toBe(count);
    fulfillment.push(2);
    await onHodAdvance(combat as never, { tc: 16, acting: [] });
    expect(record.messages.length).toBe(count + 1);
    const tick = lastMessage();
    expect(cardData<HodPoisonData>(tick).data).toMatchObject({ track: "hp", total: 2, plan: null });
    expect(poisons()).toMatchObject([{ left: 1, next: 26 }]);
    await press(tick, "apply", 0);
    expect(system(garret)).toMatchObject({ hp: { value: 17 }, poisoned: { hp: 3 } });
    await press(tick, "undo", 0);
    expect(system(garret).hp.value).toBe(19);
    fulfillment.push(4);
    await onHodAdvance(combat as never, { tc: 30, acting: [] });
    expect(poisons()).toEqual([]);
    // The last dose (due at 26) posted its card.
    expect(cardData<HodPoisonData>(lastMessage()).data.total).toBe(4);
  });
});
