import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/migrations";
import { DELETE } from "../../src/foundry";
import { readCard, type Card } from "../../src/play/card";
import {
  attackSchema,
  checkSchema,
  damageSchema,
  specialSchema,
  stanceSchema,
} from "../../src/rulesets/hod/chat/card-data";
import {
  attackCardView,
  checkCardView,
  damageCardView,
  specialCardView,
  stanceCardView,
} from "../../src/rulesets/hod/chat/views";
import { migrateFixture } from "../support/migrations";

// Migration 2 from chat messages as Heroes of Destiny wrote them before the play layer
// (flags.anthology.hod): attack, damage, applied, check, special and stance cards.

const v2 = MIGRATIONS.find((m) => m.version === 2)!;
const actor = { uuid: "Actor.garret", name: "Garret" };
const item = { uuid: "Actor.garret.Item.sword", name: "Longsword <i>of</i> Ash" };
const goblin = { uuid: "Scene.s.Token.t.Actor.goblin", name: "Goblin" };
const weapon = {
  category: "lightSwords",
  damage: "1d8",
  speedClass: "standard",
  precise: false,
  composite: false,
  nonlethal: false,
  range: 0,
  thrown: false,
  twoHanded: false,
  damageType: "slashing",
  defense: null,
  proficient: true,
  noAffinity: false,
  durability: { value: 1, max: 10 },
};
const defense = {
  id: "primary",
  met: "primary",
  value: 15,
  stance: null,
  stanceModifier: 0,
  hit: true,
  critical: false,
  margin: 1,
  automatic: false,
};

function message(hod: Record<string, unknown>, content = "", rolls: unknown[] = ['{"class":"AnthologyRoll"}']) {
  return { _id: "m1", content, flags: { anthology: { hod }, core: { kept: true } }, rolls };
}

const cardIn = (source: { flags?: unknown }) => (source.flags as { anthology: { card: unknown } }).anthology.card;
const view = { rollHtml: ["<roll>", "<roll>"] };

describe("migration 2: Heroes of Destiny's cards move to flags.anthology.card", () => {
  it("turns an attack card into a card with one row for its target, its damage counted as rolled, its button renamed", () => {
    const old = message(
      {
        kind: "attack",
        actor,
        item,
        weapon,
        situation: { modifiers: ["higherGround"], distance: 0, modifier: 0 },
        modifiers: [
          { id: "proficient", value: 1 },
          { id: "higherGround", value: 1 },
        ],
        base: 5,
        formula: "1d20 + 7",
        natural: 10,
        total: 17,
        target: goblin,
        defense,
        fumble: false,
        durabilityLeft: null,
        schedule: { state: "due", tc: 6 },
      },
      '<button type="button" data-hod-action="rollDamage"><i inert></i> Roll damage</button>',
    );
    const { source, update } = migrateFixture(v2, "ChatMessage", old);
    const flags = source.flags as Record<string, Record<string, unknown>>;
    expect(flags.anthology!.hod).toBeUndefined();
    expect(flags.core).toEqual({ kept: true });
    const card = readCard(cardIn(source), attackSchema);
    expect(card).toMatchObject({
      ruleSet: "hod",
      kind: "attack",
      actor,
      data: {
        item,
        weapon: { category: "lightSwords", damage: "1d8", durability: { value: 1, max: 10 } },
        choices: { modifiers: ["higherGround"], defense: "primary" },
        formula: "1d20 + 7",
        attackRoll: 0,
        natural: 10,
        total: 17,
        damageRolled: true,
        schedule: { state: "due", tc: 6 },
      },
      targets: [{ ...goblin, applied: null, data: { defense: { id: "primary", value: 15, hit: true }, damage: null } }],
    });
    expect(attackCardView(card, view).rows).toHaveLength(1);
    expect(source.content).toBe(
      '<button type="button" data-anthology-action="rollDamage"><i inert></i> Roll damage</button>',
    );
    expect(update).toMatchObject({ flags: { anthology: { hod: DELETE } } });
  });

  it("keeps an attack without a target as a card with no rows", () => {
    const { source } = migrateFixture(
      v2,
      "ChatMessage",
      message({ kind: "attack", actor, item, weapon, situation: {}, modifiers: [], target: null, defense: null }),
    );
    const card = readCard(cardIn(source), attackSchema);
    expect(card.targets).toEqual([]);
    expect(attackCardView(card, view)).toMatchObject({ noTarget: true });
  });

  it("turns a damage card into a card with a row for its target, and keeps an applied one applied", () => {
    const old = {
      kind: "damage",
      actor,
      item,
      formula: "1d8 + 4",
      rolled: 9,
      total: 9,
      critical: false,
      nonlethal: true,
      damageType: "slashing",
      target: goblin,
      attackId: "attack1",
      applied: true,
    };
    const { source } = migrateFixture(
      v2,
      "ChatMessage",
      message(old, '<button type="button" data-hod-action="applyDamage" disabled>Apply damage</button>'),
    );
    const card = readCard(cardIn(source), damageSchema);
    expect(card).toMatchObject({
      kind: "damage",
      data: {
        item,
        formula: "1d8 + 4",
        damageRoll: 0,
        extraRoll: null,
        factor: 1,
        special: null,
        rolled: 9,
        total: 9,
        choices: { critical: false, nonlethal: true },
      },
      targets: [{ ...goblin, data: {}, applied: { by: "", at: 0 } }],
    });
    // Applied before the update: the row says so instead of steps it never recorded.
    expect(damageCardView(card, view).rows[0]!.applied).toMatchObject({ legacy: true });
    expect(source.content).toBe(
      '<button type="button" data-anthology-action="apply" data-target="0" disabled>Apply damage</button>',
    );
    // A special action's damage with extra dice rolled apart: two rolls, a factor; not yet applied.
    const special = migrateFixture(
      v2,
      "ChatMessage",
      message(
        {
          ...old,
          formula: "1d6 + 4 + 1d6",
          rolled: 15,
          total: 10,
          factor: 0.5,
          special: "quickStrike",
          applied: undefined,
        },
        "",
        ["{}", "{}"],
      ),
    );
    expect(readCard(cardIn(special.source), damageSchema)).toMatchObject({
      data: { extraRoll: 1, factor: 0.5, special: "quickStrike" },
      targets: [{ applied: null }],
    });
    // Without a target there is no row.
    const none = migrateFixture(v2, "ChatMessage", message({ ...old, target: null }));
    expect(readCard(cardIn(none.source), damageSchema).targets).toEqual([]);
  });

  it("leaves an applied hit's card as plain text, its check button gone", () => {
    const applied = migrateFixture(
      v2,
      "ChatMessage",
      message(
        { kind: "applied", damageId: "d1", target: goblin, damage: 9, unconsciousCheck: 1 },
        '<p>Goblin takes 9 damage</p><div class="anthology-hod-card-buttons"><button type="button" data-hod-action="consciousness"><i class="fa-solid fa-dice" inert></i> Constitution check (DC 1)</button></div>',
        [],
      ),
    );
    expect((applied.source.flags as { anthology: Record<string, unknown> }).anthology).toEqual({});
    expect(applied.source.content).toBe('<p>Goblin takes 9 damage</p><div class="anthology-hod-card-buttons"></div>');
  });

  it("turns checks, special actions and stances into their cards", () => {
    const check = migrateFixture(
      v2,
      "ChatMessage",
      message({
        kind: "check",
        actor,
        attribute: "constitution",
        formula: "3d6 + 1",
        natural: 6,
        total: 7,
        dc: 11,
        success: false,
        margin: -4,
        appliedId: "a1",
        unconsciousTc: 40,
      }),
    );
    const checkCard = readCard(cardIn(check.source), checkSchema);
    expect(checkCard).toMatchObject({
      kind: "check",
      data: { attribute: "constitution", dc: 11, success: false, consciousness: true, unconsciousTc: 40 },
    });
    expect(checkCardView(checkCard, view)).toMatchObject({ consciousness: true });

    const special = migrateFixture(
      v2,
      "ChatMessage",
      message(
        {
          kind: "special",
          special: "throw",
          actor,
          item: null,
          weapon: null,
          die: "d20",
          skillRank: null,
          modifiers: [],
          base: 5,
          formula: "1d20 + 5",
          natural: 12,
          total: 17,
          target: goblin,
          results: [defense, { ...defense, id: "celerity", met: "celerity", value: 14 }],
          chosen: null,
          outcomes: ["ANTHOLOGY.HoD.Special.throw.hitVigor"],
          damage: true,
          fumble: false,
          durabilityLeft: null,
          fatigue: 2,
          unconsciousCheck: 1,
          schedule: { state: "none" },
        },
        '<button data-hod-action="rollDamage">R</button><button data-hod-action="consciousness">C</button>',
      ),
    );
    const specialCard = readCard(cardIn(special.source), specialSchema) as Card<never, never>;
    expect(specialCard).toMatchObject({
      kind: "special",
      data: { special: "throw", attackRoll: 0, fatigue: 2, unconsciousCheck: 1, checked: true, preparing: false },
      targets: [{ ...goblin, data: { outcomes: ["ANTHOLOGY.HoD.Special.throw.hitVigor"], damage: null } }],
    });
    expect(specialCardView(specialCard, view).rows).toHaveLength(1);
    expect(special.source.content).toBe(
      '<button data-anthology-action="rollDamage">R</button><button data-anthology-action="fatigueCheck">C</button>',
    );
    const preparing = migrateFixture(
      v2,
      "ChatMessage",
      message({ kind: "special", special: "coupDeGrace", actor, item, preparing: true, results: [] }, "", []),
    );
    expect(readCard(cardIn(preparing.source), specialSchema)).toMatchObject({
      data: { preparing: true, attackRoll: null, choices: null },
      targets: [],
    });

    const stance = migrateFixture(
      v2,
      "ChatMessage",
      message(
        {
          kind: "stance",
          actor,
          stance: "prone",
          from: "",
          shifting: true,
          speedClass: "rapid",
          schedule: { state: "due", tc: 6 },
        },
        "",
        [],
      ),
    );
    const stanceCard = readCard(cardIn(stance.source), stanceSchema);
    expect(stanceCard).toMatchObject({ data: { stance: "prone", from: "", shifting: true, speedClass: "rapid" } });
    expect(stanceCardView(stanceCard)).toMatchObject({ nameKey: "ANTHOLOGY.HoD.Stance.prone.name" });
  });

  it("leaves other messages, The Fade's cards and cards already moved alone", () => {
    expect(migrateFixture(v2, "ChatMessage", { _id: "m2", content: "hello", flags: {} }).update).toBeNull();
    const fade = { _id: "m3", content: "", flags: { anthology: { card: { v: 1, ruleSet: "fade", kind: "check" } } } };
    expect(migrateFixture(v2, "ChatMessage", fade).update).toBeNull();
    const moved = migrateFixture(v2, "ChatMessage", message({ kind: "stance", actor, stance: "", from: "crouch" }));
    expect(migrateFixture(v2, "ChatMessage", moved.source).update).toBeNull();
  });

  it("runs after migration 1, in order", () => {
    expect(MIGRATIONS.map((m) => m.version).slice(0, 2)).toEqual([1, 2]);
  });
});
