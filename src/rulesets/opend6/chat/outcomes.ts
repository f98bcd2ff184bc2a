/**
 * The chances an OpenD6 attack hits, hurts and drops each target (issue 31), as the dialog and the
 * card rows show them: the target's numbers read from its document, a card row's from the card's own
 * data. Display only: the GM's apply judges the dice (kinds.ts).
 */
import type { Card } from "../../../play/card";
import { resolve } from "../../../play/documents";
import type { TargetOutcome } from "../../../play/outcome-line";
import { complicationSetting } from "../../../settings";
import type { ComplicationRule } from "../../../dice";
import { attackOutcomeOdds, isWoundLevel, type OpenD6OutcomeInput } from "../rules";
import { damageBonusSetting, healthModeSetting, tablesSetting, woundChartSetting } from "../settings";
import type { OpenD6AttackData, OpenD6AttackRow } from "./card-data";
import type { OpenD6ActorDoc } from "./codes";
import { combatChoicesOf, optionsOf, type OutcomeTarget } from "./dialog-form";

type Health = OutcomeTarget["health"];

/** A target's track now, counted as the world's setting says. */
export function healthOf(actor: OpenD6ActorDoc): Health {
  const s = actor.system as { wounds?: unknown; bodyPoints?: { value?: unknown; max?: unknown } };
  const max = Number(s.bodyPoints?.max ?? 0) || 0;
  const value = Number(s.bodyPoints?.value ?? max);
  return {
    mode: healthModeSetting(),
    wounds: isWoundLevel(s.wounds) ? s.wounds : "none",
    bodyPoints: Number.isFinite(value) ? value : max,
    maxBodyPoints: max,
    chart: woundChartSetting(),
  };
}

/**
 * What a card row's chances are worked from, from the card's own data: the formula rolled, the
 * choices, the defense and scale stored on the row, the damage code, the resistance code rolled (or
 * the target's now), and the target's track before the row was applied (or now). Null for a row that
 * hurts the attacker (a parry's) or a target that is gone.
 */
export function rowOutcomeInput(
  card: Card<OpenD6AttackData, OpenD6AttackRow>,
  row: Card<OpenD6AttackData, OpenD6AttackRow>["targets"][number],
): OpenD6OutcomeInput | null {
  if (row.data.struck === "parry") return null;
  const target = resolve<OpenD6ActorDoc>(row.uuid);
  if (!target?.system?.derived) return null;
  const summary = row.applied?.summary as { woundsBefore?: unknown; bodyPointsBefore?: unknown } | undefined;
  const now = healthOf(target);
  const health: Health = summary
    ? {
        ...now,
        wounds: isWoundLevel(summary.woundsBefore) ? summary.woundsBefore : now.wounds,
        bodyPoints: typeof summary.bodyPointsBefore === "number" ? summary.bodyPointsBefore : now.bodyPoints,
      }
    : now;
  const d = card.data;
  // The row keeps scale as what it added to the difficulty and to the total: the same difference of scales.
  const skill = row.data.attack - d.total;
  return {
    attack: d.formula,
    defense: row.data.difficulty.defense,
    situation: combatChoicesOf(d.choices),
    options: optionsOf(d.choices),
    tables: tablesSetting(),
    attackerScale: row.data.difficulty.scale - skill,
    defenderScale: 0,
    damage: d.damageCode,
    resistance: row.data.resistanceCode ?? target.system.derived.resistance,
    damageBonus: damageBonusSetting(),
    health,
    complication: complicationSetting() as ComplicationRule,
    ...(row.data.missDamage ? { missDamage: row.data.missDamage } : {}),
  };
}

/** A card row's chances (`rowOutcomeInput`), or null when there are none to show or its data cannot be read. */
export function rowOutcome(
  card: Card<OpenD6AttackData, OpenD6AttackRow>,
  row: Card<OpenD6AttackData, OpenD6AttackRow>["targets"][number],
): TargetOutcome | null {
  try {
    const input = rowOutcomeInput(card, row);
    return input ? { name: row.name, odds: attackOutcomeOdds(input) } : null;
  } catch {
    return null;
  }
}
