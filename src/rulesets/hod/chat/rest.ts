import { newCard } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import type { PlayMessage } from "../../../play/documents";
import { IMPAIRMENT_TYPES, impairmentsOf, rest } from "../rules/afflictions";
import { mayRoll, outcomeOf, rollDice } from "./dice";
import type { HodActor } from "./documents";
import { hodRestKind } from "./kinds/rest";
import { bonusExpiry } from "./expiry";

/**
 * A night's sleep or a day of bed rest, on the actor's own sheet: Invigoration goes, and the worst
 * impairment (two worst after bed rest), every damaged attribute and petrification recover a step.
 * A tie between impairments is settled by a d100 shown on the card. Posts what came back.
 */
export async function restHod(actor: object, bedRest: boolean): Promise<PlayMessage | null> {
  const rester = actor as HodActor;
  if (!mayRoll(rester)) return null;
  const s = rester.system;
  const impairments = impairmentsOf(s.impairments);
  const worst = Math.max(...IMPAIRMENT_TYPES.map((t) => impairments[t]));
  const tied = worst > 0 && IMPAIRMENT_TYPES.filter((t) => impairments[t] === worst).length > 1;
  const die = tied ? await rollDice("1d100", { rest: true }) : null;
  const tieBreak = die ? (outcomeOf(die).total - 1) / 100 : 0;
  const after = rest(
    {
      invigoration: s.invigoration,
      impairments,
      attributeDamage: s.attributeDamage,
      petrification: s.petrification,
      poisonedAttributes: s.poisoned?.attributes,
    },
    { bedRest, tieBreak },
  );
  // A night's sleep ends the day: spells count their castings afresh, and a held spell is long gone.
  for (const item of rester.items.contents) {
    if (item.type === "hod-weapon" && Number(item.system.castToday ?? 0) > 0)
      await item.update({ "system.castToday": 0 });
  }
  await rester.update({
    "system.spell.item": "",
    "system.spell.charges": 0,
    "system.invigoration": after.invigoration,
    "system.impairments": after.impairments,
    "system.attributeDamage": after.attributeDamage,
    "system.petrification": after.petrification,
    "system.poisoned.attributes": after.poisonedAttributes,
    // Bonus HP lasting until a rest (or the encounter, or some TC) ends with it.
    ...bonusExpiry(rester, "rest"),
    // Hours of rest: the running penalty (1 a minute) is gone.
    "system.running.penalty": 0,
  });
  const card = newCard({
    ruleSet: "hod",
    kind: hodRestKind.id,
    actor: refOf(rester),
    data: {
      bedRest,
      invigoration: after.recovered.invigoration,
      impairments: [...after.recovered.impairments],
      attributes: [...after.recovered.attributes],
      petrification: after.recovered.petrification,
    },
    targets: [],
  });
  return postCard({ kind: hodRestKind, card, rolls: die ? [die] : [], speaker: { actor: rester } });
}
