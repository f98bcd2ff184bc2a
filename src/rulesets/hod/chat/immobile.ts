import { SYSTEM_ID } from "../../../constants";
import { petrificationEffects } from "../rules/afflictions";
import { linksAtCount, type CountAt } from "../rules/count-start";
import { num } from "../rules/derive";
import { immobileRefusal, isImmobile, type ImmobileAct, type ImmobileState } from "../rules/immobile";
import type { HodActor } from "./documents";
import { linksOf } from "./effect-links";
import { gmMayGoOn } from "./effects";
import { timeCountPlace } from "./schedule";

/**
 * Whether the actor is under way with a special action's preparation (a coup de grâce): its last act
 * on the active Time Count, as the GM keeps it, was the preparation, and its next act is still to come.
 */
export function preparingSpecial(actor: HodActor): boolean {
  const place = timeCountPlace(actor);
  return place?.info.state === "notDue" && lastActOf(place) === "prepare";
}

/** The actor's last act on its Time Count place, as the GM keeps it (null: none kept, or cut short). */
export function lastActOf(place: ReturnType<typeof timeCountPlace>): unknown {
  if (!place) return null;
  const combat = place.combat as unknown as {
    placeOf?(id: string): { flags: Readonly<Record<string, unknown>> } | undefined;
    combatants: { get(id: string): { getFlag(scope: string, key: string): unknown } | undefined };
  };
  const kept = combat.placeOf?.(place.combatantId)?.flags;
  return (kept ? kept.lastAction : combat.combatants.get(place.combatantId)?.getFlag(SYSTEM_ID, "lastAction")) ?? null;
}

/**
 * What leaves the actor immobile, read from its documents as they stand (`immobileCauses`); with a count
 * `at`, without a grab made on that count or later (the actor as it stood when the count began).
 */
export function immobileStateOf(actor: HodActor, at: CountAt | null = null): ImmobileState {
  const s = actor.system ?? {};
  const petrification = num(s.petrification);
  return {
    statuses: actor.statuses ?? [],
    grabbed: linksAtCount(
      linksOf(actor).map((e) => e.link),
      at,
    ).some((l) => l.kind === "grabbed"),
    paralysis: num(s.paralysis),
    // Paralysis is measured against the Vigor without petrification's gain (as the sheet and the Time Count do).
    vigor: num(s.derived?.vigor) - petrificationEffects(petrification).vigor,
    petrification,
    preparing: preparingSpecial(actor),
  };
}

/** Whether the actor is immobile now (or at the start of count `at`), so attacks meet its Passive defense. */
export function immobileNow(actor: HodActor, at: CountAt | null = null): boolean {
  return isImmobile(immobileStateOf(actor, at));
}

/** Why the actor may not move, attack or act now (an i18n key), or null: see `immobileRefusal`. */
export function immobileRefusalOf(actor: HodActor, act: ImmobileAct): string | null {
  return immobileRefusal(immobileStateOf(actor), act);
}

/** Whether an immobile actor may move, attack or act: a player is refused with the reason, a GM told and may go on. */
export function immobileAllows(actor: HodActor | null, act: ImmobileAct): boolean {
  if (!actor?.system) return true;
  const key = immobileRefusalOf(actor, act);
  return !key || gmMayGoOn(key, { name: actor.name ?? "" });
}
