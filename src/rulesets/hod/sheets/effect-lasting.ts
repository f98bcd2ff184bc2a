/**
 * What the Effects tab says of how long a Heroes of Destiny effect lasts: the special actions' effects
 * keep the Time Count's time (until someone's next action), not Foundry's rounds.
 */
import { SYSTEM_ID } from "../../../constants";
import { resolve } from "../../../play/documents";
import type { Line, SheetEffect } from "../../../sheets/effects-tab";
import { EFFECT_FLAG } from "../chat/effect-links";
import { readEffectLink } from "../rules/effects";

export function hodEffectLasting(effect: SheetEffect): Line | null {
  const link = readEffectLink(effect.getFlag?.(SYSTEM_ID, EFFECT_FLAG));
  if (!link) return null;
  if (link.kind === "grabbed" || link.kind === "grabbing") return { key: "ANTHOLOGY.HoD.Effects.Lasting.grab" };
  const name = (link.endsOn && resolve<{ name: string }>(link.endsOn)?.name) || "?";
  return link.since === null
    ? { key: "ANTHOLOGY.HoD.Effects.Lasting.nextAction", data: { name } }
    : { key: "ANTHOLOGY.HoD.Effects.Lasting.nextActionAfter", data: { name, tc: link.since } };
}
