/** A spell's card: a preparation, a charge or its release, an abandon, or a cast (its Arcana check, the check to stay conscious its fatigue calls for); nothing to apply. */
import type { CardKind } from "../../../../play/kind";
import { templatePath } from "../../../../sheets/paths";
import { fatigueCheckOf } from "./check";
import { spellCardView, spellSchema, type HodSpellData } from "../spell-card";

export const HOD_SPELL_TEMPLATE = templatePath("rulesets/hod/spell-card.hbs");

export const hodSpellKind: CardKind<HodSpellData, Record<string, never>> = {
  id: "spell",
  template: HOD_SPELL_TEMPLATE,
  schema: spellSchema,
  view: spellCardView,
  actions: { fatigueCheck: fatigueCheckOf<HodSpellData>() },
};
