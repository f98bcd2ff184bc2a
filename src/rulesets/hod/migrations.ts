/**
 * Heroes of Destiny's part of the world migrations (pure: plain stored data in, changed in place).
 * Version 2: its chat cards move from `flags.anthology.hod` into the play layer's card
 * (`flags.anthology.card`), and their buttons to the play layer's attributes, so cards posted before
 * keep working. An applied hit's own card becomes plain text: its hit now shows on its card's row.
 * Version 8: the actor's initiative modifier (`system.initiativeBonus`) was added to the initiative
 * roll, so +2 acted later; it is now a bonus taken off the roll (+2 acts sooner). Its sign flips, so
 * every actor acts when it did, and a mark (`flags.anthology.hodInitiativeSigned`) keeps a second
 * run from flipping it back.
 */
import type { RuleSetMigrationSteps } from "../types";
import { cardFlagsMove, isRecord, refOf, type HtmlRewrite } from "../../migrations/rule-set-steps";

type Source = Record<string, unknown>;

const num = (v: unknown, fallback = 0) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const orNull = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The old card's buttons, as the play layer names them (a damage card's one target is row 0). */
const BUTTONS: Readonly<Record<string, readonly HtmlRewrite[]>> = {
  attack: [[/data-hod-action="rollDamage"/g, 'data-anthology-action="rollDamage"']],
  damage: [[/data-hod-action="applyDamage"/g, 'data-anthology-action="apply" data-target="0"']],
  special: [
    [/data-hod-action="rollDamage"/g, 'data-anthology-action="rollDamage"'],
    [/data-hod-action="consciousness"/g, 'data-anthology-action="fatigueCheck"'],
  ],
  // The applied hit's card is plain text now: its check to stay conscious goes (the sheet offers it).
  applied: [[/<button[^>]*data-hod-action="consciousness"[^>]*>[\s\S]*?<\/button>/g, ""]],
};

/** The roll to hit as both attack and special action cards stored it. */
function rollOf(old: Source) {
  return {
    modifiers: list(old.modifiers),
    base: num(old.base),
    formula: String(old.formula ?? ""),
    natural: num(old.natural),
    total: num(old.total),
    fumble: old.fumble === true,
    durabilityLeft: orNull(old.durabilityLeft),
    schedule: isRecord(old.schedule) ? old.schedule : { state: "none" },
  };
}

/** A target row without an applied mark. */
const row = (target: { uuid: string; name: string }, data: Source) => ({ ...target, data, applied: null });

/** The new card for an old one's flags; null for a card that becomes plain text (an applied hit). */
function cardOf(old: Source, rolls: number): Source | null {
  const common = { v: 1, ruleSet: "hod", actor: refOf(old.actor) };
  const target = refOf(old.target);
  switch (old.kind) {
    case "attack": {
      const situation = isRecord(old.situation) ? old.situation : {};
      const defense = isRecord(old.defense) ? old.defense : null;
      return {
        ...common,
        kind: "attack",
        data: {
          ...rollOf(old),
          item: refOf(old.item),
          weapon: isRecord(old.weapon) ? old.weapon : {},
          choices: {
            modifiers: list(situation.modifiers),
            distance: num(situation.distance),
            modifier: num(situation.modifier),
            defense: typeof defense?.id === "string" ? defense.id : "primary",
          },
          attackRoll: 0,
          // Its damage was rolled on a card of its own, which this card cannot see: counted as rolled.
          damageRolled: true,
        },
        targets: target && defense ? [row(target, { defense, damage: null })] : [],
      };
    }
    case "damage": {
      const applied = old.applied === true;
      return {
        ...common,
        kind: "damage",
        data: {
          item: refOf(old.item),
          choices: { critical: old.critical === true, nonlethal: old.nonlethal === true, modifier: 0, extraDice: "" },
          damageType: String(old.damageType ?? ""),
          formula: String(old.formula ?? ""),
          damageRoll: 0,
          // Extra dice beside a special action's factor were rolled apart, as a second roll.
          extraRoll: rolls > 1 ? 1 : null,
          factor: num(old.factor, 1),
          special: typeof old.special === "string" ? old.special : null,
          rolled: num(old.rolled),
          total: num(old.total),
        },
        // Applied before: the card remembers it (its target kept no record then), so it stays refused.
        targets: target ? [{ ...target, data: {}, applied: applied ? { by: "", at: 0, summary: {} } : null }] : [],
      };
    }
    case "check":
      return {
        ...common,
        kind: "check",
        data: {
          attribute: typeof old.attribute === "string" ? old.attribute : "constitution",
          modifier: 0,
          formula: String(old.formula ?? ""),
          natural: num(old.natural),
          total: num(old.total),
          dc: orNull(old.dc),
          success: typeof old.success === "boolean" ? old.success : null,
          margin: orNull(old.margin),
          consciousness: old.consciousness === true || typeof old.appliedId === "string",
          unconsciousTc: orNull(old.unconsciousTc),
        },
        targets: [],
      };
    case "special": {
      const preparing = old.preparing === true;
      const results = list(old.results);
      return {
        ...common,
        kind: "special",
        data: {
          ...rollOf(old),
          special: String(old.special ?? ""),
          item: refOf(old.item),
          weapon: isRecord(old.weapon) ? old.weapon : null,
          choices: preparing ? null : { defense: isRecord(results[0]) ? (results[0].id ?? "primary") : "primary" },
          die: old.die === "3d6" ? "3d6" : "d20",
          skillRank: orNull(old.skillRank),
          attackRoll: preparing ? null : 0,
          fatigue: num(old.fatigue),
          unconsciousCheck: orNull(old.unconsciousCheck),
          // Whether its check was rolled is on another card: counted as rolled (the sheet offers it).
          checked: true,
          preparing,
        },
        // Its damage was rolled on a card of its own: the row has none.
        targets:
          target && results.length
            ? [
                row(target, {
                  results,
                  chosen: typeof old.chosen === "string" ? old.chosen : null,
                  outcomes: list(old.outcomes),
                  damage: null,
                }),
              ]
            : [],
      };
    }
    case "stance":
      return {
        ...common,
        kind: "stance",
        data: {
          stance: String(old.stance ?? ""),
          from: String(old.from ?? ""),
          shifting: old.shifting === true,
          speedClass: String(old.speedClass ?? "free"),
          schedule: isRecord(old.schedule) ? old.schedule : { state: "none" },
        },
        targets: [],
      };
    default:
      return null;
  }
}

const HOD_ACTORS = new Set(["hod-character", "hod-npc"]);

/** Version 8: the initiative modifier becomes a bonus of the opposite sign (see above). */
function initiativeBecomesBonus(source: Source): void {
  if (!HOD_ACTORS.has(String(source.type)) || !isRecord(source.system)) return;
  const old = source.system.initiativeBonus;
  if (typeof old !== "number" || !Number.isFinite(old) || old === 0) return;
  const flags = isRecord(source.flags) ? source.flags : (source.flags = {});
  const own = isRecord(flags.anthology) ? flags.anthology : (flags.anthology = {});
  if (own.hodInitiativeSigned === true) return;
  source.system.initiativeBonus = -old;
  own.hodInitiativeSigned = true;
}

export const HOD_MIGRATIONS: Readonly<Record<number, RuleSetMigrationSteps>> = Object.freeze({
  2: cardFlagsMove(
    "hod",
    (old, message) => cardOf(old, list(message.rolls).length),
    (old) => BUTTONS[String(old.kind)] ?? [],
  ),
  8: { actor: initiativeBecomesBonus },
});
