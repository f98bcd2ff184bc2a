/**
 * The special actions' requirements read from the documents (`specialRequirement`): on the performer's
 * client before the dialog, and on the GM's when a row is applied. The previous act a tackle needs
 * comes from the Time Count: on the GM's side, from the combat's record of the action's own count.
 */
import type { AnthologyCombat } from "../../../combat/anthology-combat";
import { isHelplessTarget, isTowerShield, specialRequirement } from "../rules/requirements";
import type { ScheduleInfo } from "./schedule";
import { timeCountPlace } from "./schedule";
import { activeCombat, combatantOf } from "./combatants";
import { HOD_ARMOR_TYPE } from "../data/source";
import { HOD_WEAPON, type HodActor, type HodWeaponSnapshot } from "./documents";
import { immobileStateOf, lastActOf } from "./immobile";

/**
 * The performer's previous act on the active Time Count as the GM keeps it, or undefined when no
 * started Time Count holds the performer (nothing records its acts there).
 */
export function previousActNow(performer: HodActor): unknown {
  const place = timeCountPlace(performer);
  if (!place || place.info.state === "notStarted") return undefined;
  return lastActOf(place) ?? null;
}

/**
 * The act before the one a card recorded on the Time Count, from the combat's record of that count
 * (what the step found before it acted), or undefined when the record does not hold it.
 */
export function actBeforeCard(schedule: ScheduleInfo, performer: HodActor): unknown {
  if (schedule.state !== "due" || schedule.tc === undefined) return undefined;
  const combat = activeCombat<AnthologyCombat>();
  if (!combat?.isTimeCount) return undefined;
  const combatant = combatantOf(combat as never, performer);
  if (!combatant) return undefined;
  const steps = combat.timeCountHistory.filter((step) => {
    const flags = step.tc === schedule.tc ? step.combatants[combatant.id]?.flags : undefined;
    return flags !== undefined && "lastAction" in flags;
  });
  const step = steps.at(-1);
  return step ? (step.combatants[combatant.id]!.flags!.lastAction ?? null) : undefined;
}

/** The act before a card's action: the count's record when it holds it, else the performer's last act now. */
export function previousActOfCard(schedule: ScheduleInfo, performer: HodActor): unknown {
  const recorded = actBeforeCard(schedule, performer);
  return recorded !== undefined ? recorded : previousActNow(performer);
}

/**
 * Why the performer may not take this special action against this target (an i18n key taking the
 * target's `{name}`), or null: see `specialRequirement`. `weapon` is the weapon the action uses (null:
 * a bare hand or none); `previousAct` the performer's act before it on the Time Count (undefined: none
 * recorded, not checked).
 */
export function requirementRefusal(
  performer: HodActor,
  target: HodActor,
  actionId: string,
  weapon: HodWeaponSnapshot | null,
  previousAct: unknown,
): string | null {
  const items = performer.items?.contents ?? [];
  const worn = (i: { system: { equipped?: unknown } }) => i.system.equipped !== false;
  return specialRequirement(actionId, {
    performerSize: performer.system.size,
    targetSize: target.system.size,
    targetHelpless: isHelplessTarget(immobileStateOf(target)),
    previousAct,
    twoHanded: items.some(
      (i) => i.type === HOD_WEAPON && worn(i) && i.system.category !== "spell" && i.system.twoHanded === true,
    ),
    towerShield: items.some(
      (i) => i.type === HOD_ARMOR_TYPE && worn(i) && isTowerShield({ name: i.name, shield: i.system.shield }),
    ),
    damageType: weapon ? weapon.damageType : null,
  });
}
