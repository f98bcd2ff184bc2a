import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as RollModule from "../../src/dice/anthology-roll";
import type * as Terms from "../../src/dice/register";
import { fulfillment, rollCalls } from "../foundry/dice";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";

let record: StandInRecord;
let AnthologyRoll: typeof RollModule.AnthologyRoll;
let TERMS: typeof Terms.TERMS;

/** Foundry's random source, scripted: values in [0, 1) chosen so that Foundry's mapping, ceil((1 - u) * faces), gives these faces. */
function scriptUniform(faces: number[], sides: number[]): void {
  const queue = faces.map((f, i) => 1 - (f - 0.5) / sides[i]!);
  (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => {
    if (!queue.length) throw new Error("random source ran out");
    return queue.shift()!;
  };
}

type AnyRoll = InstanceType<typeof AnthologyRoll> & {
  evaluate(o?: object): Promise<AnyRoll>;
  toJSON(): object;
  dice: Array<{ results: Array<{ result: number; active: boolean; faces: number[] }> }>;
};
const make = (formula: string) => new AnthologyRoll(formula) as AnyRoll;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "opend6" });
  await import("../../src");
  loadWorld(record);
  ({ AnthologyRoll } = await import("../../src/dice/anthology-roll"));
  ({ TERMS } = await import("../../src/dice/register"));
});
beforeEach(() => {
  fulfillment.length = 0;
  (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = Math.random;
});

describe("registration", () => {
  it("registers each term by denomination and by class name, and AnthologyRoll first", () => {
    const dice = CONFIG.Dice as unknown as { terms: object; termTypes: object; rolls: unknown[]; types: unknown[] };
    for (const term of TERMS) {
      expect(dice.terms).toHaveProperty(term.DENOMINATION, term);
      expect(dice.termTypes).toHaveProperty(term.name, term);
      expect(dice.types).toContain(term);
    }
    expect(dice.rolls[0]).toBe(AnthologyRoll);
    expect(TERMS.map((t) => t.name)).toEqual(["KeepDice", "FudgeDice", "WildDice"]);
  });

  it("registers the complication setting with its three rules", () => {
    const config = record.settings.get("anthology.complication")!.config;
    expect(Object.keys(config.choices as object)).toEqual(["note", "remove", "gm"]);
    expect(config).toMatchObject({ scope: "world", default: "note" });
  });
});

describe("/r in chat goes through AnthologyRoll", () => {
  it("8k4x + 5: explode before keep, with Foundry's random source", async () => {
    scriptUniform([10, 7, 3, 9, 2, 8, 5, 6, 1], Array(9).fill(10));
    const roll = await make("8k4x + 5").evaluate();
    expect(roll.formula).toBe("8k4x + 5");
    expect(roll.dice[0]!.results.map((r) => r.faces)).toEqual([[10, 7], [3], [9], [2], [8], [5], [6], [1]]);
    expect(roll.total).toBe(17 + 9 + 8 + 6 + 5);
  });

  it("keeps Foundry's own formulas unchanged", async () => {
    const roll = make("1d20 + 5");
    expect(roll.terms[0]!.constructor.name).toBe("Die");
    expect(roll.formula).toBe("1d20 + 5");
  });

  it("takes faces from dice fulfillment (manual entry) before the random source", async () => {
    fulfillment.push(6, 2, 6, 4);
    const roll = await make("3D+2").evaluate();
    expect(roll.dice[0]!.results.map((r) => r.faces)).toEqual([[6], [2], [6, 4]]);
    expect(roll.total).toBe(20);
  });

  it("gives a localised message for malformed Anthology notation", () => {
    expect(() => make("5k3x1")).toThrow('In "5k3x1" every face of a d10 would explode, so the roll would never end.');
    expect(() => make("200k5")).toThrow("would roll 200 dice; one roll allows at most 100");
  });

  it("stamps the world's complication rule into die codes", async () => {
    await game.settings!.set("anthology", "complication", "remove");
    const roll = make("3D");
    expect((roll.terms[0] as unknown as { options: { complication: string } }).options.complication).toBe("remove");
    fulfillment.push(5, 2, 1);
    await roll.evaluate();
    expect(roll.total).toBe(2);
    await game.settings!.set("anthology", "complication", "note");
  });
});

describe("chat messages", () => {
  it("round-trip through Roll.fromData as the same classes with every face", async () => {
    fulfillment.push(10, 4, 9, 3);
    const roll = await make("3k2x").evaluate();
    const json = JSON.parse(JSON.stringify(roll.toJSON()));
    const RollClass = globalThis.Roll as unknown as { fromData(d: object): AnyRoll };
    const back = RollClass.fromData(json);
    expect(back).toBeInstanceOf(AnthologyRoll);
    expect(back.terms[0]!.constructor.name).toBe("KeepDice");
    expect(back.total).toBe(23);
    expect(back.dice[0]!.results.map((r) => [r.faces, r.active])).toEqual([
      [[10, 4], true],
      [[9], true],
      [[3], false],
    ]);
    expect(back.formula).toBe("3k2x");
  });

  it("render the Anthology card with the rules' reading of the dice", async () => {
    fulfillment.push(10, 10, 4);
    const roll = await make("3k2").evaluate();
    await roll.render({ flavor: "Sword" });
    const { path, data } = record.rendered.at(-1)! as {
      path: string;
      data: { card: { badges: Array<{ key: string }>; dice: Array<{ label: string }> }; flavor: string };
    };
    expect(path).toBe("systems/anthology/templates/chat/roll-card.hbs");
    expect(data.flavor).toBe("Sword");
    expect(data.card.dice.map((d) => d.label)).toEqual(["10", "10", "4"]);
    expect(data.card.badges.map((b) => b.key)).toEqual(["ANTHOLOGY.Dice.Card.critical"]);
  });

  it("render an impossible roll without rolling a die", async () => {
    const roll = await make("5k0").evaluate();
    expect(roll.total).toBe(0);
    await roll.render();
    const { data } = record.rendered.at(-1)! as {
      data: { card: { impossible: boolean; badges: Array<{ key: string }> } };
    };
    expect(data.card.impossible).toBe(true);
    expect(data.card.badges[0]!.key).toBe("ANTHOLOGY.Dice.Card.impossible");
  });

  it("measure `/r 4dF+2 vs 1` against the difficulty, and an opposed result as given", async () => {
    fulfillment.push(3, 2, 2, 2);
    const roll = await make("4dF+2 vs 1").evaluate();
    expect(roll.options.against).toBe(1);
    await roll.render();
    const data = record.rendered.at(-1)!.data as { card: { versus: { resultKey: string; relativeDegree: string } } };
    expect(data.card.versus).toMatchObject({ resultKey: "ANTHOLOGY.Dice.Card.success", relativeDegree: "+2" });
    const opposed = new AnthologyRoll("4dF", {}, { opposedBy: 0 }) as AnyRoll;
    fulfillment.push(2, 2, 2, 2);
    await opposed.evaluate();
    await opposed.render();
    const o = record.rendered.at(-1)!.data as { card: { versus: { resultKey: string } } };
    expect(o.card.versus.resultKey).toBe("ANTHOLOGY.Dice.Card.standoff");
  });

  it("hide a private roll's dice and total", async () => {
    const roll = await make("4dF+2").evaluate();
    await roll.render({ isPrivate: true });
    expect(record.rendered.at(-1)!.data as { card: unknown; isPrivate: boolean }).toMatchObject({
      card: null,
      isPrivate: true,
    });
  });

  it("leave ordinary rolls to Foundry's own card template", async () => {
    const html = await (await make("2d6").evaluate()).render();
    expect(html).toContain('data-template="templates/dice/roll.hbs"');
  });
});

describe("rolls rebuilt from chat messages are checked like user input", () => {
  const RollClass = () => globalThis.Roll as unknown as { fromData(d: unknown): AnyRoll };
  type Rendered = { card: unknown; error: { key: string; data: Record<string, string> } | null; flavor?: string };

  /** A genuine chat message's roll, as JSON. */
  async function genuine(): Promise<Record<string, unknown>> {
    fulfillment.push(10, 4, 9, 3);
    return JSON.parse(JSON.stringify((await make("3k2x").evaluate()).toJSON())) as Record<string, unknown>;
  }

  /** Rebuilds forged data the way a chat message does, renders it, and returns what the card was given. */
  async function rebuildAndRender(data: unknown): Promise<{ roll: AnyRoll; shown: Rendered }> {
    // Foundry's Roll.fromData sends data naming AnthologyRoll on to it; what names nothing goes there directly.
    const from = typeof data === "object" ? RollClass() : (AnthologyRoll as unknown as ReturnType<typeof RollClass>);
    const roll = from.fromData(data);
    await roll.render({ flavor: "Sword" });
    return { roll, shown: record.rendered.at(-1)!.data as Rendered };
  }

  it("keep a genuine roll as it was", async () => {
    const { roll, shown } = await rebuildAndRender(await genuine());
    expect(roll.total).toBe(23);
    expect(shown.error).toBeNull();
    expect(shown.card).not.toBeNull();
  });

  it.each<[string, (data: Record<string, unknown>) => unknown, string]>([
    ["a 100,000-digit formula", (d) => ({ ...d, formula: "1".repeat(100_000) }), "ANTHOLOGY.Dice.Stored.tooLong"],
    ["terms of the wrong type", (d) => ({ ...d, terms: { 0: "KeepDice" } }), "ANTHOLOGY.Dice.Stored.shape"],
    ["a formula of the wrong type", (d) => ({ ...d, formula: ["3k2x"] }), "ANTHOLOGY.Dice.Stored.shape"],
    [
      "a million results",
      (d) => {
        const [term] = d.terms as Array<Record<string, unknown>>;
        return {
          ...d,
          terms: [{ ...term, results: Array.from({ length: 1_000_000 }, () => ({ result: 1, active: true })) }],
        };
      },
      "ANTHOLOGY.Dice.Stored.term",
    ],
    [
      "a pool of a billion dice not yet rolled",
      (d) => {
        const [term] = d.terms as Array<Record<string, unknown>>;
        return { ...d, evaluated: false, terms: [{ ...term, number: 1e9, results: [], evaluated: false }] };
      },
      "ANTHOLOGY.Dice.Stored.term",
    ],
    ["NaN for a total", (d) => ({ ...d, total: NaN }), "ANTHOLOGY.Dice.Stored.number"],
    ["NaN for a target", (d) => ({ ...d, options: { against: NaN } }), "ANTHOLOGY.Dice.Stored.number"],
    ["not an object at all", () => "<b>3k2x</b>", "ANTHOLOGY.Dice.Stored.shape"],
  ])("render %s as an error card, without throwing", async (_name, forge, key) => {
    const data = forge(await genuine());
    const { roll, shown } = await rebuildAndRender(
      typeof data === "object" ? { ...(data as object), class: "AnthologyRoll" } : data,
    );
    expect(roll).toBeInstanceOf(AnthologyRoll);
    expect(roll.total).toBe(0);
    expect(shown.card).toBeNull();
    expect(shown.error?.key).toBe(key);
    expect(shown.flavor).toBe("Sword");
  });

  it("render a roll whose terms Foundry cannot rebuild as an error card", async () => {
    const data = await genuine();
    const { shown } = await rebuildAndRender({ ...data, terms: [{ class: "NoSuchTerm", number: 1, results: [] }] });
    expect(shown.error?.key).toBe("ANTHOLOGY.Dice.Stored.shape");
  });

  it("refuse forged dice inside another Roll class too: the term keeps no dice, rolls none, and shows the error", async () => {
    const data = await genuine();
    const [term] = data.terms as Array<Record<string, unknown>>;
    const forged = { ...term, number: 1e9, results: [{ result: 3, active: true, faces: [1, 2] }], evaluated: false };
    const { KeepDice } = (await import("../../src/dice/terms/keep-dice")) as unknown as {
      KeepDice: new (d: object) => {
        number: number;
        results: unknown[];
        problem: { key: string } | null;
        evaluate(): Promise<unknown>;
      };
    };
    const built = new KeepDice(forged);
    expect(built.number).toBe(0);
    expect(built.results).toEqual([]);
    expect(built.problem?.key).toBe("ANTHOLOGY.Dice.Stored.term");
    await built.evaluate();
    expect(built.results).toEqual([]);
  });

  it("pass HTML in the flavor to the template as text (Handlebars escapes it there)", async () => {
    const roll = RollClass().fromData(await genuine());
    await roll.render({ flavor: '<img src=x onerror="alert(1)">' });
    const shown = record.rendered.at(-1)!.data as Rendered;
    expect(shown.flavor).toBe('<img src=x onerror="alert(1)">');
  });

  it("leave Dice So Nice the forged roll as it is, without throwing", async () => {
    const data = await genuine();
    const [term] = data.terms as Array<Record<string, unknown>>;
    const { KeepDice } = (await import("../../src/dice/terms/keep-dice")) as unknown as {
      KeepDice: new (d: object) => object;
    };
    const forged = { terms: [new KeepDice({ ...term, results: "not a list" })] };
    const context = { roll: forged };
    for (const fn of record.hooks.get("diceSoNiceRollStart") ?? [])
      expect(() => fn("message-id", context)).not.toThrow();
    expect(context.roll).toBe(forged);
    const broken = { roll: { terms: "garbage" } };
    for (const fn of record.hooks.get("diceSoNiceRollStart") ?? [])
      expect(() => fn("message-id", broken)).not.toThrow();
  });
});

describe("manual entry and rebuilding", () => {
  it("take the values the resolver already entered for the pool's own dice, and ask only for explosions", async () => {
    const roll = make("2k1x");
    const term = roll.terms[0] as unknown as { results: Array<{ result: number; active: boolean }> };
    term.results = [
      { result: 10, active: true },
      { result: 4, active: true },
    ];
    rollCalls.length = 0;
    fulfillment.push(7);
    await roll.evaluate();
    expect(roll.dice[0]!.results.map((r) => r.faces)).toEqual([[10, 7], [4]]);
    expect(rollCalls).toEqual([{ explode: true }]);
    expect(roll.total).toBe(17);
  });

  it("take FUDGE values typed in by hand (1 minus, 2 blank, 3 plus) before the roll", async () => {
    const roll = make("4dF+2");
    const term = roll.terms[0] as unknown as { results: Array<{ result: number; active: boolean }> };
    term.results = [3, 1, 2, 3].map((result) => ({ result, active: true }));
    await roll.evaluate();
    expect(roll.dice[0]!.results.map((r) => r.result)).toEqual([1, -1, 0, 1]);
    expect(roll.total).toBe(3);
  });

  it("rebuild a roll from terms whose formula mixes kinds without refusing it", async () => {
    const keep = await make("8k4x9").evaluate();
    const plain = await make("2d6").evaluate();
    const RollClass = AnthologyRoll as unknown as { fromTerms(terms: unknown[]): AnyRoll };
    const rebuilt = RollClass.fromTerms([...keep.terms, ...plain.terms]);
    expect(rebuilt.terms).toHaveLength(2);
    expect(() => make("8k4x9 + 2d6")).toThrow(/mixes different kinds of dice/);
  });

  it("evaluate synchronously for Foundry's minimum and maximum", () => {
    const term = make("3k2").terms[0] as unknown as {
      _evaluateSync(o: object): { results: Array<{ result: number }> };
    };
    expect(term._evaluateSync({ maximize: true }).results.map((r) => r.result)).toEqual([10, 10, 10]);
  });
});

describe("Dice So Nice", () => {
  it("registers presets and the Wild Die colour only when the module is ready", () => {
    const calls: Array<[string, unknown, unknown?]> = [];
    const dice3d = {
      addDicePreset: (data: { type: string }, shape?: string) => calls.push(["preset", data.type, shape]),
      addColorset: (data: { name: string; description: string }) =>
        void calls.push(["colorset", data.name, data.description]),
    };
    for (const fn of record.hooks.get("diceSoNiceReady") ?? []) fn(dice3d);
    expect(calls).toEqual([
      ["preset", "dg", "d6"],
      ["colorset", "anthology-wild", "Wild Die"],
    ]);
  });

  it("throws a die code's Wild Die apart, in its colour, keeping other dice and the secret flags", async () => {
    fulfillment.push(4, 5, 6, 2);
    const roll = await make("3D").evaluate();
    const other = await make("1d8").evaluate();
    const RollClass = AnthologyRoll as unknown as { fromTerms(terms: unknown[]): AnyRoll & { secret?: boolean } };
    const message = RollClass.fromTerms([...roll.terms, ...other.terms]);
    message.secret = true;
    const context: { roll: { terms: unknown[]; secret?: boolean }; dsnRoll?: unknown } = { roll: message };
    for (const fn of record.hooks.get("diceSoNiceRollStart") ?? []) fn("message-id", context);
    const shown = context.roll.terms as Array<{
      faces: number;
      results: Array<{ result: number }>;
      options: { colorset?: string };
    }>;
    expect(shown.map((t) => [t.faces, t.results.map((r) => r.result)])).toEqual([
      [6, [4, 5]],
      [6, [6, 2]],
      [8, other.dice[0]!.results.map((r) => r.result)],
    ]);
    expect(shown.map((t) => t.options.colorset)).toEqual([undefined, "anthology-wild", undefined]);
    expect(context.roll.secret).toBe(true);
    expect(context.dsnRoll).toBe(context.roll);
    expect(roll.total).toBe(17);
  });

  it("throws every face of a keep pool's explosion chains as a d10", async () => {
    fulfillment.push(10, 7, 3);
    const roll = await make("2k1x").evaluate();
    const context: { roll: { terms: unknown[] } } = { roll };
    for (const fn of record.hooks.get("diceSoNiceRollStart") ?? []) fn("message-id", context);
    const shown = context.roll.terms as Array<{ faces: number; results: Array<{ result: number }> }>;
    expect(shown.map((t) => [t.faces, t.results.map((r) => r.result)])).toEqual([[10, [10, 7, 3]]]);
  });

  it("answers fulfillment and Dice So Nice as d10 and d6", () => {
    const terms = [make("3k2").terms[0], make("2D").terms[0]] as Array<{ denomination: string }>;
    expect(terms.map((t) => t.denomination)).toEqual(["d10", "d6"]);
  });
});
