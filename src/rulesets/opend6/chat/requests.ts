/**
 * OpenD6's part in a GM's roll request: an attribute or skill against a difficulty number, rolled
 * through the check dialog (its difficulty preset); the GM reads the answer again as an active
 * defense's card is read (checks.ts): its roll made for the trait and choices its card shows, rolling
 * what the sheet gives (the wound penalty now or when posted), no point it did not pay, no bonus dice
 * a player typed (the GM's call), and the roller able to act. Success is the total meeting the number.
 */
import { cardOfKind, replayRolls } from "../../../play/cards";
import { postedAt, userById, type PlayMessage } from "../../../play/documents";
import type { RequestAnswer, RollRequests } from "../../plugin";
import { ATTRIBUTE_KEYS, SKILL_KEYS } from "../data";
import { OPEND6_ATTRIBUTES, OPEND6_SKILL_IDS, meets, reflexesBased } from "../rules";
import { checkSchema, readChoices, readTrait, type RolledTrait } from "./card-data";
import { boundedBonus, paidPoints, penaltiesSince, refuseUnableToAct, rollsAsSheet, sameChoices } from "./checks";
import type { Roller } from "./checks";
import { traitCode, type OpenD6ActorDoc } from "./codes";
import { rollFormula } from "./dialog-form";
import { rollCheck } from "./flow";
import { opend6CheckKind } from "./kinds";
import { stumbleStood } from "./stumble";
import { isOpenD6Actor } from "./target";

/** The trait a request's choice names ("attribute:physique", "skill:search"), or null. */
export function requestedTrait(choice: string): RolledTrait | null {
  const [kind, id] = choice.split(":");
  if (kind === "attribute" && (OPEND6_ATTRIBUTES as readonly string[]).includes(id ?? "")) return { kind, id: id! };
  if (kind === "skill" && OPEND6_SKILL_IDS.includes(id ?? "")) return { kind, id: id! };
  return null;
}

function judge(message: unknown, actorValue: unknown, choice: string, difficulty: number): RequestAnswer | null {
  const answer = message as PlayMessage;
  const actor = actorValue as OpenD6ActorDoc & Roller;
  const wanted = requestedTrait(choice);
  const card = cardOfKind(answer, opend6CheckKind);
  if (!wanted || !card) return null;
  const data = checkSchema.data((card as { data: Record<string, unknown> }).data);
  const rolls = replayRolls(answer);
  const roll = rolls[0];
  const request = roll?.request as { trait?: unknown; choices?: unknown } | undefined;
  if (!roll || !request) return null;
  const trait = readTrait(request.trait);
  const choices = readChoices(request.choices);
  if (!sameChoices(trait, wanted) || !sameChoices(trait, data.trait) || !sameChoices(choices, data.choices))
    return null;
  // Bonus dice are the GM's to give: a player's answer with them is not taken.
  boundedBonus(choices.bonusDice, "check");
  if (choices.bonusDice > 0 && !userById(answer.author?.id ?? "")?.isGM) return null;
  const code = traitCode(actor, trait);
  if (code === null) return null;
  const when = postedAt(answer);
  const checked = rollsAsSheet(
    roll,
    "check",
    (p) => rollFormula({ code, woundPenalty: p }, choices).formula,
    penaltiesSince(actor, when),
  );
  paidPoints(answer, rolls, 0, choices, actor, "check");
  refuseUnableToAct(actor, when);
  if (reflexesBased(trait.id) && !choices.stumbled && stumbleStood(actor as never, when)) return null;
  const total = checked.outcome.total;
  const success = meets(total, difficulty);
  return {
    total,
    success,
    result: {
      key: success ? "ANTHOLOGY.OpenD6.Request.success" : "ANTHOLOGY.OpenD6.Request.failure",
      data: { difficulty },
    },
  };
}

/** OpenD6's roll requests: the attributes, then the skills; a difficulty number (Moderate, 15, by default). */
export const opend6Requests: RollRequests = {
  choices(actor) {
    if (!isOpenD6Actor(actor as never)) return [];
    const i18n = game.i18n!;
    const attributes = i18n.localize("ANTHOLOGY.OpenD6.Request.attributes");
    const skills = i18n.localize("ANTHOLOGY.OpenD6.Request.skills");
    return [
      ...OPEND6_ATTRIBUTES.map((a) => ({
        id: `attribute:${a}`,
        label: i18n.localize(ATTRIBUTE_KEYS[a].label),
        group: attributes,
      })),
      ...OPEND6_SKILL_IDS.map((s) => ({ id: `skill:${s}`, label: i18n.localize(SKILL_KEYS[s] ?? s), group: skills })),
    ];
  },
  difficulty: () => ({ label: "ANTHOLOGY.OpenD6.Dialog.difficulty", min: 1, max: 100, default: 15 }),
  async roll(actor, choice, difficulty) {
    const trait = requestedTrait(choice);
    return trait ? rollCheck(actor as OpenD6ActorDoc, trait, { difficulty }) : null;
  },
  judge,
};
