import type { CardKind } from "../../../../play/kind";
import { restSchema, type HodRestData } from "../card-data";
import { restCardView } from "../views";
import { HOD_CARD_TEMPLATES } from "./templates";

/** A rest's card: a night's sleep or a day of bed rest, and what came back; nothing to apply. */
export const hodRestKind: CardKind<HodRestData, Record<string, never>> = {
  id: "rest",
  template: HOD_CARD_TEMPLATES.rest,
  schema: restSchema,
  view: (card, context) => restCardView(card, context),
};
