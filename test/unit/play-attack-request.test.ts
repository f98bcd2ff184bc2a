import { describe, expect, it } from "vitest";
import { RequestRefused } from "../../src/hooks/socket";
import { attackRequestOf, requestTargets } from "../../src/play/attack-request";
import { CardError, MAX_TARGETS } from "../../src/play/card";
import type { ReplayedRoll } from "../../src/play/kind";

// An attack roll carries what it was rolled for (its targets, weapon, choices); a player can write
// anything there, so the GM reads it as untrusted data and refuses the row when it cannot be read.

const rolled = (request: unknown) => ({ request }) as unknown as ReplayedRoll;
const readChoices = (value: unknown) => {
  if (!value || typeof value !== "object" || typeof (value as { modifier?: unknown }).modifier !== "number") {
    throw new CardError("choices");
  }
  return value as { modifier: number };
};

/** The refusal a call throws, or null. */
function refusalOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof RequestRefused) return error.refusal;
    throw error;
  }
  return null;
}

describe("a roll's targets", () => {
  it("are uuids, at most a card's rows", () => {
    expect(requestTargets(["Actor.a", "Actor.b"])).toEqual(["Actor.a", "Actor.b"]);
    expect(requestTargets([])).toEqual([]);
    expect(() => requestTargets("Actor.a")).toThrow(CardError);
    expect(() => requestTargets(["Actor.a", 7])).toThrow(CardError);
    expect(() => requestTargets(Array.from({ length: MAX_TARGETS + 1 }, (_, i) => `Actor.${i}`))).toThrow(CardError);
  });
});

describe("an attack roll's request", () => {
  const request = { item: "Item.sword", choices: { modifier: 2 }, targets: ["Actor.goblin"] };

  it("reads the weapon, the choices through the rule set's reader, and the targets", () => {
    expect(attackRequestOf(rolled(request), "Goblin", readChoices, false)).toEqual(request);
  });

  it("takes an attack without a weapon only where the rule set has unarmed attacks", () => {
    const unarmed = { ...request, item: null };
    expect(attackRequestOf(rolled(unarmed), "Goblin", readChoices, true).item).toBeNull();
    expect(refusalOf(() => attackRequestOf(rolled(unarmed), "Goblin", readChoices, false))).toEqual({
      key: "ANTHOLOGY.Play.Errors.badRoll",
      data: { name: "Goblin" },
    });
  });

  it("refuses the row, naming its target, for a request it cannot read", () => {
    const bad = [
      undefined,
      "request",
      { ...request, targets: "Actor.goblin" },
      { ...request, item: 7 },
      { ...request, choices: { modifier: "a lot" } },
    ];
    for (const forged of bad) {
      expect(refusalOf(() => attackRequestOf(rolled(forged), "Goblin", readChoices, true))).toEqual({
        key: "ANTHOLOGY.Play.Errors.badRoll",
        data: { name: "Goblin" },
      });
    }
  });

  it("lets any other failure of the reader through as it is", () => {
    const broken = () => {
      throw new TypeError("a bug");
    };
    expect(() => attackRequestOf(rolled(request), "Goblin", broken, false)).toThrow(TypeError);
  });
});
