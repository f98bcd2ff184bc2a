import type { CardKind } from "../../../../play/kind";
import { stanceSchema, type HodStanceData } from "../card-data";
import { stanceCardView } from "../views";
import { HOD_CARD_TEMPLATES } from "./templates";

/** A stance shift's card: no roll, nothing to apply. */
export const hodStanceKind: CardKind<HodStanceData, Record<string, never>> = {
  id: "stance",
  template: HOD_CARD_TEMPLATES.stance,
  schema: stanceSchema,
  view: (card) => stanceCardView(card),
};
