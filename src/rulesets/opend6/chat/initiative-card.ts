/**
 * The card of an initiative rolled with Character Point or quick-drawn dice: the active GM posts it
 * once the roll is in, and applies its row, which takes the Character Points off the roller's sheet
 * (Undo gives them back). The GM reads only a card a GM wrote, and the sheet as it stands.
 */
import { whole, oneOf, finite, type Card, type CardSchema } from "../../../play/card";
import type { PlayUser } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind } from "../../../play/kind";
import { refuse } from "../../../play/refuse";
import { templatePath } from "../../../sheets/paths";
import { SKILL_KEYS } from "../data";
import { MAX_CP_PER_ROLL, WEAPON_SKILLS } from "../rules";
import { isOpenD6Actor } from "./target";

export const OPEND6_INITIATIVE_TEMPLATE = templatePath("rulesets/opend6/initiative-card.hbs");

/** What the roll added: Character Points, quick-drawn dice of a skill, and the initiative it came to. */
export interface OpenD6InitiativeData {
  readonly characterPoints: number;
  readonly quickDraw: number;
  readonly skill: string;
  readonly initiative: number;
}

const initiativeSchema: CardSchema<OpenD6InitiativeData, Record<string, never>> = {
  data: (raw) => ({
    characterPoints: whole(raw.characterPoints ?? 0, "characterPoints", 0, MAX_CP_PER_ROLL),
    quickDraw: whole(raw.quickDraw ?? 0, "quickDraw", 0, 20),
    skill: oneOf(raw.skill, WEAPON_SKILLS, "skill"),
    initiative: finite(raw.initiative ?? 0, "initiative"),
  }),
  target: () => ({}),
};

function initiativeView(card: Card<OpenD6InitiativeData, Record<string, never>>) {
  const d = card.data;
  const row = card.targets[0];
  const applied = row?.applied?.summary as { before?: unknown; after?: unknown } | undefined;
  return {
    actorName: card.actor?.name ?? "",
    initiative: d.initiative,
    characterPoints: d.characterPoints,
    quickDraw: d.quickDraw,
    skillKey: SKILL_KEYS[d.skill] ?? "",
    rows: row
      ? [
          {
            index: 0,
            name: row.name,
            applied: row.applied
              ? { before: String(applied?.before ?? ""), after: String(applied?.after ?? "") }
              : null,
          },
        ]
      : [],
  };
}

/** The row, applied by the GM: the Character Points off the sheet as it stands (none left: refused). */
function resolveInitiativeRow(input: ApplyInput<OpenD6InitiativeData, Record<string, never>>): ApplyPlan {
  const row = input.card.targets[input.index]!;
  // Only a card a GM wrote counts: a player's own card could take points from no roll, or give some back.
  const author = (input.message as { author?: PlayUser | { isGM?: boolean } | null }).author as
    { isGM?: boolean } | null | undefined;
  if (author?.isGM !== true) refuse("ANTHOLOGY.OpenD6.Errors.initiativeNotGm", { name: row.name });
  const target = input.target as unknown as { name: string; system: { characterPoints?: number } };
  if (!isOpenD6Actor(input.target as never) || input.card.actor?.uuid !== row.uuid) {
    refuse("ANTHOLOGY.OpenD6.Errors.notOpenD6", { name: row.name });
  }
  const before = target.system.characterPoints ?? 0;
  const spent = input.card.data.characterPoints;
  if (spent > before) {
    refuse("ANTHOLOGY.OpenD6.Errors.noCharacterPoints", {
      name: target.name,
      asked: String(spent),
      left: String(before),
    });
  }
  return {
    updates: { "system.characterPoints": before - spent },
    summary: { before, after: before - spent },
  };
}

export const opend6InitiativeKind: CardKind<OpenD6InitiativeData, Record<string, never>> = {
  id: "initiative",
  template: OPEND6_INITIATIVE_TEMPLATE,
  schema: initiativeSchema,
  view: initiativeView,
  appliable: (card) => card.data.characterPoints > 0,
  resolveApply: resolveInitiativeRow,
};
