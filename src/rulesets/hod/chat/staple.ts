/**
 * A staple's escape (heroes-of-destiny.txt, Staple: "Removing the weapon or breaking free requires an
 * Athletics (Str) check or an Acrobatics (Dex) check. The DC for each is equal to your attack roll"):
 * the stapled target's owners roll it from the applied row; passing it clears the Stapled status.
 */
import { replayRolls } from "../../../play/cards";
import { resolve, type PlayMessage } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { stapleEscape, type StapleEscape } from "../rules/effects";
import type { HodSpecialData, HodSpecialRow } from "./card-data";
import { rollHodCheck } from "./check";
import type { HodActor } from "./documents";
import { EFFECT_KEYS } from "./effects";
import type { ButtonPress } from "./flow-registry";

/** The escape a row's button rolls: against the staple's own attack roll as the message stores it. */
export function escapeStaple(skill: StapleEscape) {
  return async ({ message, card, target }: ButtonPress<HodSpecialData, HodSpecialRow>): Promise<PlayMessage | null> => {
    const row = target === null ? undefined : card.targets[target];
    if (!row || card.data.special !== "staple" || card.data.attackRoll === null) return null;
    const actor = resolve<HodActor>(row.uuid);
    if (!actor) return (warn("ANTHOLOGY.HoD.Errors.actorGone", { name: row.name }), null);
    // The DC is the attack roll's total worked out from its dice, not a number on the card.
    const attack = replayRolls(message)[card.data.attackRoll];
    if (!attack) return null;
    const keys = row.applied?.summary.effects;
    const escape = stapleEscape(skill, {
      attackTotal: attack.outcome.total,
      acrobatics: Array.isArray(keys) && keys.includes(EFFECT_KEYS.stapled),
    });
    if (!escape) return (warn("ANTHOLOGY.HoD.Errors.piercedNoAcrobatics", { name: row.name }), null);
    return rollHodCheck(actor, escape.attribute, escape.dc, { stapled: true });
  };
}
