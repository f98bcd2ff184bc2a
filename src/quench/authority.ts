import { SYSTEM_ID } from "../constants";
import { CARD_FLAG, cardContent, cardOf, requestApply } from "../play/cards";
import type { PlayMessage } from "../play/documents";
import { onRenderCard } from "../play/render";

/**
 * Checks of the GM's authority a rule set's Quench batch runs in a live world, on a card it posted
 * whose row 0 is applied: the same target listed again on the card is refused (a card hits each
 * target once), and the card shown is the one rendered from its data, whatever HTML the message
 * holds. The card's rows are put back as they were.
 */
export async function checkAuthority(assert: Chai.AssertStatic, message: PlayMessage): Promise<void> {
  const read = cardOf(message);
  if (!read || "error" in read) throw new Error("not a readable card");
  const rows = read.card.targets;
  assert.isNotNull(rows[0]?.applied, "row 0 is applied before the checks");
  const path = `flags.${SYSTEM_ID}.${CARD_FLAG}.targets`;
  await message.update({ [path]: [...rows, { ...rows[0]!, applied: null }] });
  try {
    assert.isFalse(await requestApply(message, rows.length), "the target listed again is not applied twice");
  } finally {
    await message.update({ [path]: rows });
  }
  const element = document.createElement("li");
  const content = document.createElement("div");
  content.className = "message-content";
  content.innerHTML = "<p>Quench: 3 damage</p>";
  element.append(content);
  await onRenderCard(message, element);
  const again = cardOf(message);
  if (!again || "error" in again) throw new Error("not a readable card");
  assert.notInclude(content.innerHTML, "Quench: 3 damage", "the message's own HTML is not shown");
  assert.strictEqual(content.innerHTML, await cardContent(again.kind, again.card, message.rolls));
}
