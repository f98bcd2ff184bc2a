/**
 * Heroes of Destiny's part in a GM's roll request: a 3d6 check with an attribute against a DC,
 * rolled through the check dialog (its DC preset). The GM reads the answer again: a plain check (not
 * one to stay conscious or wake) with the requested attribute, its roll 3d6 + the attribute's bonus on
 * the sheet now + a modifier within the typed bounds (a skill's rank and the situation, which the
 * result shows the GM), and the total against the request's DC.
 */
import { cardOfKind, replayRolls } from "../../../play/cards";
import type { PlayMessage } from "../../../play/documents";
import { checkedRoll } from "../../../play/verify";
import type { RequestAnswer, RollRequests } from "../../plugin";
import { checkBonus } from "../rules/derive";
import { withBonus } from "../rules/to-hit";
import { TYPED_BOUNDS } from "../rules/typed";
import { checkSchema } from "./card-data";
import { rollHodCheck } from "./check";
import { sourceOf, type HodActor } from "./documents";
import { hodCheckKind } from "./kinds/check";
import { ATTRIBUTE_KEYS, CHECK_ATTRIBUTES, isCheckAttribute } from "./labels";

const ATTRIBUTE = "attribute:";

const isHodActor = (actor: unknown): boolean =>
  typeof (actor as { type?: unknown } | null)?.type === "string" &&
  ["hod-character", "hod-npc"].includes((actor as { type: string }).type);

/** The attribute a request's choice names, or null. */
const attributeOf = (choice: string) => {
  const id = choice.startsWith(ATTRIBUTE) ? choice.slice(ATTRIBUTE.length) : "";
  return isCheckAttribute(id) ? id : null;
};

function judge(message: unknown, actorValue: unknown, choice: string, dc: number): RequestAnswer | null {
  const answer = message as PlayMessage;
  const actor = actorValue as HodActor;
  const attribute = attributeOf(choice);
  const card = cardOfKind(answer, hodCheckKind);
  if (!attribute || !card) return null;
  const data = checkSchema.data((card as { data: Record<string, unknown> }).data);
  if (data.attribute !== attribute || data.consciousness || data.waking) return null;
  const [stored] = replayRolls(answer);
  const request = stored?.request as { attribute?: unknown; modifier?: unknown } | undefined;
  const modifier = request?.modifier;
  const bound = TYPED_BOUNDS.check;
  if (request?.attribute !== attribute || typeof modifier !== "number" || !Number.isInteger(modifier)) return null;
  if (modifier < bound.min || modifier > bound.max) return null;
  const roll = checkedRoll(stored, "check", withBonus("3d6", checkBonus(sourceOf(actor), attribute) + modifier));
  const total = roll.outcome.total;
  const success = total >= dc;
  return {
    total,
    success,
    result: {
      key: success ? "ANTHOLOGY.HoD.Request.success" : "ANTHOLOGY.HoD.Request.failure",
      data: { dc, modifier: modifier >= 0 ? `+${modifier}` : `\u2212${-modifier}` },
    },
  };
}

/** Heroes of Destiny's roll requests: the six attributes' 3d6 checks against a DC (12 by default). */
export const hodRequests: RollRequests = {
  choices(actor) {
    if (!isHodActor(actor)) return [];
    const i18n = game.i18n!;
    const group = i18n.localize("ANTHOLOGY.HoD.Request.attributes");
    return CHECK_ATTRIBUTES.map((a) => ({ id: ATTRIBUTE + a, label: i18n.localize(ATTRIBUTE_KEYS[a]), group }));
  },
  difficulty: () => ({ label: "ANTHOLOGY.HoD.Dialog.dc", min: 1, max: 60, default: 12 }),
  async roll(actor, choice, dc) {
    const attribute = attributeOf(choice);
    return attribute ? rollHodCheck(actor as object, attribute, dc) : null;
  },
  judge,
};
