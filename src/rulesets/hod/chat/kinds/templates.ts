import { templatePath } from "../../../../sheets/paths";

/** The templates of the attack, damage, check, special, stance and rest cards (the plug-in preloads them). */
export const HOD_CARD_TEMPLATES = {
  attack: templatePath("rulesets/hod/attack-card.hbs"),
  damage: templatePath("rulesets/hod/damage-card.hbs"),
  check: templatePath("rulesets/hod/check-card.hbs"),
  special: templatePath("rulesets/hod/special-card.hbs"),
  stance: templatePath("rulesets/hod/stance-card.hbs"),
  rest: templatePath("rulesets/hod/rest-card.hbs"),
} as const;

/** The partials of a hit's row: its damage, what applying it did, and its buttons; the applied part alone. */
export const HOD_ROW_TEMPLATES = [
  templatePath("rulesets/hod/hit.hbs"),
  templatePath("rulesets/hod/applied.hbs"),
] as const;
