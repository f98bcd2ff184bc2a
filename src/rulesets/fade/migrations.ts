/**
 * The Fade's part of the world migrations (pure: plain stored data in, changed in place). Version 1:
 * its chat cards move from `flags.anthology.fade` into the play layer's card (`flags.anthology.card`),
 * and their buttons to the play layer's attributes, so cards posted before keep working. Version 6:
 * its statuses that count rounds say they end with their bearer's turn (`flags.anthology.expiry`).
 */
import type { RuleSetMigrationSteps } from "../types";
import { markLastingEffects } from "../common";
import { cardFlagsMove, isRecord, refOf, type HtmlRewrite } from "../../migrations/rule-set-steps";
import { FADE_STATUSES, STATUS_ENDS } from "./rules/statuses";

type Source = Record<string, unknown>;

/** The old card's buttons, as the play layer names them (a damage card's one target is row 0). */
const BUTTONS: readonly HtmlRewrite[] = [
  [/data-fade-action="applyDamage"/g, 'data-anthology-action="apply" data-target="0"'],
  [/data-fade-action="luckReroll"/g, 'data-anthology-action="luckReroll"'],
  [/data-fade-action="rollDamage"/g, 'data-anthology-action="rollDamage"'],
];

/** The new card for an old one's flags; null for a card that becomes plain text (an applied hit). */
function cardOf(old: Source): Source | null {
  const common = { v: 1, ruleSet: "fade", actor: refOf(old.actor) };
  const choices = isRecord(old.choices) ? old.choices : {};
  switch (old.kind) {
    case "attack": {
      const target = refOf(old.target);
      const defense = isRecord(old.defense) ? old.defense : null;
      return {
        ...common,
        kind: "attack",
        data: {
          item: refOf(old.item),
          weapon: isRecord(old.weapon) ? old.weapon : {},
          choices,
          pool: String(old.pool ?? ""),
          attackRoll: 0,
          luckReroll: old.luckReroll === true,
          rerolled: old.rerolled === true,
        },
        // The damage of an old attack was rolled on a card of its own: the row has none yet.
        targets:
          target && defense && typeof old.result === "string"
            ? [
                {
                  ...target,
                  data: { defense, result: old.result, damageRoll: null, locationRoll: null, part: null, damage: null },
                  applied: null,
                },
              ]
            : [],
      };
    }
    case "check":
      return {
        ...common,
        kind: "check",
        data: {
          item: refOf(old.item),
          choices,
          pool: String(old.pool ?? ""),
          total: typeof old.total === "number" ? old.total : 0,
          impossible: old.impossible === true,
          luckReroll: old.luckReroll === true,
          rerolled: old.rerolled === true,
        },
        targets: [],
      };
    case "damage": {
      // Its rolls were the location's d10 then the damage, or the damage alone for a called shot.
      const called = old.calledShot === true;
      const target = refOf(old.target);
      return {
        ...common,
        kind: "damage",
        data: {
          item: refOf(old.item),
          weapon: {
            baseDamage: "",
            penetration: typeof old.penetration === "number" ? old.penetration : 0,
            damageType: String(old.damageType ?? ""),
          },
          choices: {
            critical: old.critical === true,
            coupDeGrace: old.coupDeGrace === true,
            ...(called ? { calledShot: old.part } : {}),
          },
          pool: String(old.pool ?? ""),
          damageRoll: called ? 0 : 1,
        },
        targets: target
          ? [
              {
                ...target,
                data: { locationRoll: called ? null : 0, part: old.part },
                // Applied before: the card remembers it (its target kept no record then).
                applied: old.applied === true ? { by: "", at: 0, summary: {} } : null,
              },
            ]
          : [],
      };
    }
    default:
      return null;
  }
}

export const FADE_MIGRATIONS: Readonly<Record<number, RuleSetMigrationSteps>> = Object.freeze({
  1: cardFlagsMove("fade", cardOf, () => BUTTONS),
  6: {
    actor: (source: Source) => markLastingEffects(source, LASTING, STATUS_ENDS),
  },
});

/** The statuses a Fade effect may count rounds with. */
const LASTING = new Set<string>(FADE_STATUSES.map((s) => s.id));
