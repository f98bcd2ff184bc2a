import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import type { FudgeAttackData, FudgeRow } from "../../src/rulesets/fudge/chat/card-data";
import type { FudgeAppliedSummary } from "../../src/rulesets/fudge/chat/views";
import type { OutcomeInput } from "../../src/rulesets/fudge/rules/outcome";
import type { TargetOutcome } from "../../src/play/outcome-line";
import type * as Api from "../../src/api";
import type * as Line from "../../src/play/outcome-line";
import type * as Resolve from "../../src/rulesets/fudge/chat/resolve";
import type * as Outcomes from "../../src/rulesets/fudge/chat/outcomes";
import type * as Rules from "../../src/rulesets/fudge/rules/outcome";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, loadFudgeWorld, target } from "../support/fudge-world";
import { cardData, press } from "../support/play";

// Issue 31 in FUDGE: the attack dialog shows each targeted token's exact chances to be hit, hurt and
// dropped, and keeps them current as the form changes; each row of the posted card shows the same line
// from the card's own choices; and what the odds count for a roll is what the GM's apply does with it.

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;
let api: typeof Api.api;
let line: typeof Line;
let resolveModule: typeof Resolve;
let outcomesModule: typeof Outcomes;
let rules: typeof Rules;

const DIALOG = "systems/anthology/templates/rulesets/fudge/roll-dialog.hbs";
const CARD = "systems/anthology/templates/rulesets/fudge/attack-card.hbs";
const lastRendered = (path: string) =>
  record.rendered.filter((r) => r.path === path).at(-1)!.data as Record<string, unknown>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: Record<string, number> }).wounds;
const itemId = (a: StandInActor, name: string) => a.items.find((i) => i.name === name)!.id;

beforeAll(async () => {
  ({ record, sheets } = await loadFudgeWorld());
  ({ api } = await import("../../src/api"));
  line = await import("../../src/play/outcome-line");
  resolveModule = await import("../../src/rulesets/fudge/chat/resolve");
  outcomesModule = await import("../../src/rulesets/fudge/chat/outcomes");
  rules = await import("../../src/rulesets/fudge/rules/outcome");
});

beforeEach(async () => {
  ({ mickey, bandit } = await fudgeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
});

/**
 * Mickey's broadsword swing at the bandit, worked out by hand from the sheets: Swordsmanship Good (1),
 * Build Good (1), broadsword +2 sharp (reach 3); the bandit Fair with a shortsword (+1 sharp, reach 2:
 * one less, no penalty) in leather (+1), his stance normal, on 4dF.
 */
const swing = (over: Partial<OutcomeInput["attacker"]> = {}, wounded: Record<string, number> = {}): OutcomeInput => ({
  attacker: { skill: 1, reach: 3, blow: { size: 2, sharp: true, build: 1 }, ...over },
  defender: { skill: 0, reach: 2, blow: { size: 1, sharp: true }, soak: { armor: 1 }, wounds: wounded },
});
const viewOf = (name: string, input: OutcomeInput) =>
  line.outcomeView({ name, odds: api.rules.fudge.outcomeOdds(input) });

/** A stand-in for the dialog's DOM, enough for the play layer's live line and list (showLine, showOutcomes). */
function fakeDialog() {
  type El = {
    className: string;
    title: string;
    textContent: string;
    hidden: boolean;
    dataset: Record<string, string>;
    children: Array<El | string>;
    append(...c: Array<El | string>): void;
    replaceChildren(...c: Array<El | string>): void;
    ownerDocument: { createElement(tag: string): El };
    querySelector(s: string): El | null;
  };
  const doc = { createElement: (): El => el() };
  function el(): El {
    const e: El = {
      className: "",
      title: "",
      textContent: "",
      hidden: false,
      dataset: {},
      children: [],
      append: (...c) => e.children.push(...c),
      replaceChildren: (...c) => (e.children = c),
      ownerDocument: doc,
      querySelector: () => null,
    };
    return e;
  }
  const list = el();
  const listeners = new Map<string, () => void>();
  let entries: Array<[string, string]> = [];
  const form = { addEventListener: (type: string, fn: () => void) => listeners.set(type, fn), entries: () => entries };
  const element = {
    querySelector: (s: string) => (s === "form" ? form : s === ".anthology-outcome-odds" ? list : null),
    closest: () => null,
  };
  return {
    element,
    /** The user changes the form to these values. */
    change(values: Record<string, string>) {
      entries = Object.entries(values);
      listeners.get("change")!();
    },
    /** What the list shows: each target's spans as text. */
    lines: () =>
      list.children.map((li) =>
        (li as El).children.filter((c): c is El => typeof c !== "string").map((c) => c.textContent),
      ),
  };
}

/** Node's FormData cannot read a form: for the live line, one that reads the fake form's entries. */
async function withFormData<T>(fn: () => T): Promise<T> {
  const Real = globalThis.FormData;
  globalThis.FormData = class extends Real {
    constructor(form?: { entries(): Array<[string, string]> }) {
      super();
      for (const [k, v] of form?.entries() ?? []) this.append(k, v);
    }
  } as typeof FormData;
  try {
    return await fn();
  } finally {
    globalThis.FormData = Real;
  }
}

describe("FUDGE's attack dialog: each target's chances to be hit, hurt and dropped", () => {
  it("opens with a line per targeted token, the public outcomeOdds of the sheets' numbers", async () => {
    const Actor = (CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } })
      .documentClass;
    // A second bandit, already hurt: two Scratches and a Light wound (−1 to his rolls).
    const hurt = await Actor.create({
      name: "Bandit <i>Moe</i>",
      type: "fudge-npc",
      system: { attributes: { agility: 0 }, wounds: { scratch: 2, light: 1 } },
      items: [
        { name: "Sword fighting", type: "fudge-skill", system: { level: 0 } },
        { name: "Shortsword", type: "fudge-weapon", system: { size: 1, sharp: true, skill: "Sword fighting" } },
      ],
    });
    target(bandit, hurt);
    answerDialog(null);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const outcomes = lastRendered(DIALOG).outcomes as unknown as ReturnType<typeof line.outcomeView>[];
    // Mickey faces two foes alone: he wounds one only having beaten or tied both (the other foe counted).
    const other = { skill: 0, reach: 2 };
    expect(outcomes).toEqual([
      viewOf("Bandit <b>Joe</b>", {
        ...swing(),
        alsoFacing: [{ ...other, modifier: -1 }],
      }),
      line.outcomeView({
        name: "Bandit <i>Moe</i>",
        odds: api.rules.fudge.outcomeOdds({
          ...swing(),
          defender: { skill: 0, modifier: -1, reach: 2, wounds: { scratch: 2, light: 1 } },
          alsoFacing: [other],
        }),
      }),
    ]);
    expect(outcomes[0]!.hit).toMatch(/^Hit \d+\.\d%$/);
  });

  it("refreshes the line live as the form changes (a stance, a stunning blow)", async () => {
    target(bandit);
    answerDialog(null);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const opening = lastRendered(DIALOG).outcomes as unknown as ReturnType<typeof line.outcomeView>[];
    expect(opening).toEqual([viewOf("Bandit <b>Joe</b>", swing())]);
    const dialog = fakeDialog();
    const config = dialogCalls.at(-1) as { render(e: unknown, d: unknown): void };
    await withFormData(() => {
      config.render(new Event("render"), { element: dialog.element });
      dialog.change({ stance: "violent" });
    });
    const violent = viewOf("Bandit <b>Joe</b>", swing({ stance: "violent" }));
    expect(dialog.lines()).toEqual([[violent.name, violent.hit, violent.hurt, violent.drop]]);
    expect(violent.hit).not.toBe(opening[0]!.hit);
    await withFormData(() => dialog.change({ stance: "normal", stun: "on" }));
    const stun = viewOf("Bandit <b>Joe</b>", { ...swing(), stun: true });
    expect(dialog.lines()).toEqual([[stun.name, stun.hit, stun.hurt, stun.drop]]);
  });

  it("shows no line with no target", async () => {
    target();
    answerDialog(null);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    expect(lastRendered(DIALOG).outcomes).toEqual([]);
  });
});

describe("FUDGE's attack card: each row shows the same line, from the card's own choices", () => {
  it("a row's line is the dialog's for the choices rolled, and stays put when its own Apply lands", async () => {
    target(bandit);
    answerDialog({ stance: "defensive" });
    fulfillment.push(3, 3, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const card = lastMessage();
    const expected = viewOf("Bandit <b>Joe</b>", swing({ stance: "defensive" }));
    expect((lastRendered(CARD).rows as Array<{ outcomes: unknown }>)[0]!.outcomes).toEqual([expected]);
    // Mickey +2, defensive: Great; the bandit answers with −1: Mickey wins by 3, 6 + 1 + 3 − 1 = 9, a
    // Major wound; the GM applies it, and the line reads the bandit without it (nor its −2).
    answerDialog({ stance: "normal", weapon: itemId(bandit, "Shortsword") });
    fulfillment.push(2, 2, 2, 1);
    await press(card, "respond", 0);
    await press(card, "apply", 0);
    expect(wounds(bandit).major).toBe(1);
    const { fudgeAttackKind } = await import("../../src/rulesets/fudge/chat/kinds");
    const view = fudgeAttackKind.view(cardData<FudgeAttackData, FudgeRow>(card), { rollHtml: [] }) as {
      rows: Array<{ outcomes: unknown }>;
    };
    expect(view.rows[0]!.outcomes).toEqual([expected]);
  });

  it("a row whose target is gone shows no line, and a name's HTML stays text in the view", async () => {
    target(bandit);
    answerDialog({ stance: "normal" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const card = lastMessage();
    const rows = lastRendered(CARD).rows as Array<{ outcomes: Array<{ name: string }> }>;
    expect(rows[0]!.outcomes[0]!.name).toBe("Bandit <b>Joe</b>");
    await bandit.delete();
    const { fudgeAttackKind } = await import("../../src/rulesets/fudge/chat/kinds");
    const view = fudgeAttackKind.view(cardData<FudgeAttackData, FudgeRow>(card), { rollHtml: [] }) as {
      rows: Array<{ outcomes: unknown }>;
    };
    expect(view.rows[0]!.outcomes).toEqual([]);
  });
});

describe("FUDGE's outcome odds agree with the GM's apply on scripted rolls", () => {
  /** The odds of Mickey's swing counted for these dice only (sums), as the card's line plans it. */
  function oddsAt(card: StandInMessage, attacker: number, defender: number): TargetOutcome["odds"] {
    const choices = cardData<FudgeAttackData, FudgeRow>(card).data.choices;
    const attack = {
      actor: mickey as never,
      weapon: {
        size: 2,
        sharp: true,
        strength: 0,
        heavyBlunt: false,
        muscle: true,
        ranged: false,
        propelled: false,
        skill: "",
      },
      choices,
      penalty: 0,
    };
    const plan = resolveModule.attackPlan(
      attack,
      bandit as never,
      outcomesModule.expectedAnswer(bandit as never, "defend"),
    )!;
    return rules.planOdds(plan, { wounds: wounds(bandit) }, { rolled: { attacker, defender } });
  }

  async function fight(mine: number[], theirs: number[]) {
    target(bandit);
    answerDialog({ stance: "normal" });
    fulfillment.push(...mine);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const card = lastMessage();
    answerDialog({ stance: "normal", weapon: itemId(bandit, "Shortsword") });
    fulfillment.push(...theirs);
    await press(card, "respond", 0);
    return card;
  }
  const sum = (faces: number[]) => faces.reduce((a, f) => a + f - 2, 0);
  const summary = (card: StandInMessage) =>
    cardData<FudgeAttackData, FudgeRow>(card).targets[0]!.applied?.summary as unknown as FudgeAppliedSummary;

  it("hit: a hit on a full track is taken by the apply and changes nothing; the odds count it hit, not hurt", async () => {
    const full = { scratch: 3, light: 2, major: 1, critical: 1, coma: 1 };
    await bandit.update({ "system.wounds": full });
    // Mickey +1 (Great), the bandit 0 (Fair): relative degree 2.
    const card = await fight([3, 2, 2, 2], [2, 2, 2, 2]);
    expect(oddsAt(card, 1, 0)).toEqual({ hit: 1, hurt: 0, drop: 0 });
    await press(card, "apply", 0);
    expect(summary(card).marked).toBeNull();
    expect(wounds(bandit)).toMatchObject(full);
  });

  it("hurt: a graze marks a Scratch box; the odds count it hurt, not dropped", async () => {
    // Mickey 0 (Good), the bandit 0 (Fair): relative degree 1, a graze: 2 + 1 + 3 − 1 = 5, a Light on the graze table.
    const card = await fight([2, 2, 2, 2], [2, 2, 2, 2]);
    expect(oddsAt(card, sum([2, 2, 2, 2]), 0)).toEqual({ hit: 1, hurt: 1, drop: 0 });
    await press(card, "apply", 0);
    expect(summary(card)).toMatchObject({ down: false });
    expect(summary(card).marked).not.toBeNull();
  });

  it("drop: a Critical on a full Critical box rolls up into Coma; the odds count it dropped", async () => {
    await bandit.update({ "system.wounds": { critical: 1 } });
    // Mickey 0 (Good), the bandit at −3 for his Critical wound rolls 0 (Terrible): relative degree 4:
    // 8 + 1 + 3 − 1 = 11, Critical.
    const card = await fight([2, 2, 2, 2], [2, 2, 2, 2]);
    expect(oddsAt(card, 0, 0)).toEqual({ hit: 1, hurt: 1, drop: 1 });
    await press(card, "apply", 0);
    expect(summary(card)).toMatchObject({ wound: "critical", marked: "coma", down: true });
    expect([...(bandit as unknown as { statuses: Set<string> }).statuses]).toContain("unconscious");
  });

  it("a miss: the apply refuses it; the odds count nothing", async () => {
    // Mickey −1 (Fair), the bandit +1 (Good): the bandit wins.
    const card = await fight([2, 2, 2, 1], [3, 2, 2, 2]);
    expect(oddsAt(card, -1, 1)).toEqual({ hit: 0, hurt: 0, drop: 0 });
    await press(card, "apply", 0);
    expect(cardData<FudgeAttackData, FudgeRow>(card).targets[0]!.applied).toBeNull();
  });
});
