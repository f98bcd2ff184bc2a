/**
 * FUDGE's part in a GM's roll request: an attribute or a skill (by name) against a difficulty on the
 * ladder, rolled through the check dialog; the GM reads the answer's 4dF again against the trait's
 * level, the wound penalty and a modifier the dialog offers, and the result is the rolled degree.
 */
import { cardOfKind, replayRolls } from "../../../play/cards";
import type { PlayMessage } from "../../../play/documents";
import { checkedRoll } from "../../../play/verify";
import type { RequestAnswer, RollRequests } from "../../plugin";
import { ladderLabel } from "../../../dice/ladder";
import { FUDGE_ATTRIBUTE_KEYS } from "../data/labels";
import { isFudgeActor, skillsOf, traitLevel, type TraitChoice } from "../data/source";
import { DIFFICULTY_MAX, DIFFICULTY_MIN, FUDGE_ATTRIBUTES, MODIFIER_MAX } from "../rules/play";
import type { FudgeCheckData } from "./card-data";
import { fudgeFormula } from "./dialog-form";
import { rollCheck, type FudgeActor } from "./flow";
import { fudgeCheckKind } from "./kinds";
import { checkPenalty } from "./resolve";

const ATTRIBUTE = "attribute:";
const SKILL = "skill:";

const ladderWords = (level: number) => {
  const label = ladderLabel(level);
  return game.i18n!.format(label.key, label.data);
};

/** The trait a request's choice names on this actor (a skill by its name on the sheet), or null. */
export function traitOf(actor: FudgeActor, choice: string): TraitChoice | null {
  if (choice.startsWith(ATTRIBUTE)) {
    const id = choice.slice(ATTRIBUTE.length);
    return (FUDGE_ATTRIBUTES as readonly string[]).includes(id) ? ({ kind: "attribute", id } as TraitChoice) : null;
  }
  if (!choice.startsWith(SKILL)) return null;
  const skill = skillsOf(actor).find((s) => s.name === choice.slice(SKILL.length));
  return skill?.id ? { kind: "skill", id: skill.id } : null;
}

const sameTrait = (a: TraitChoice, b: TraitChoice) => a.kind === b.kind && "id" in a && "id" in b && a.id === b.id;

/** The answer a check card gives to `choice` at `difficulty`, read again from its dice and the actor now. */
function judge(message: unknown, actorValue: unknown, choice: string, difficulty: number): RequestAnswer | null {
  const actor = actorValue as FudgeActor;
  const card = cardOfKind(message as PlayMessage, fudgeCheckKind);
  if (!card) return null;
  const data = card.data as unknown as FudgeCheckData;
  const trait = traitOf(actor, choice);
  if (!trait || !sameTrait(trait, data.trait)) return null;
  const [stored] = replayRolls(message as PlayMessage);
  const request = stored?.request as { modifier?: unknown } | undefined;
  const modifier = request?.modifier;
  if (typeof modifier !== "number" || !Number.isInteger(modifier) || Math.abs(modifier) > MODIFIER_MAX) return null;
  const roll = checkedRoll(stored, "check", fudgeFormula(traitLevel(actor, trait) + modifier + checkPenalty(actor)));
  const total = roll.outcome.total;
  const success = total >= difficulty;
  return {
    total,
    success,
    result: {
      key: success ? "ANTHOLOGY.Fudge.Request.success" : "ANTHOLOGY.Fudge.Request.failure",
      data: { degree: ladderWords(total), relative: total - difficulty },
    },
  };
}

/** FUDGE's roll requests: attributes, then the actor's skills by name; the difficulty on the ladder (Fair). */
export const fudgeRequests: RollRequests = {
  choices(actorValue) {
    const actor = actorValue as FudgeActor;
    if (!isFudgeActor(actor as never)) return [];
    const i18n = game.i18n!;
    const attributes = i18n.localize("ANTHOLOGY.Fudge.Request.attributes");
    const skills = i18n.localize("ANTHOLOGY.Fudge.Request.skills");
    return [
      ...FUDGE_ATTRIBUTES.map((a) => ({
        id: ATTRIBUTE + a,
        label: i18n.localize(FUDGE_ATTRIBUTE_KEYS[a]),
        group: attributes,
      })),
      ...skillsOf(actor).map((s) => ({ id: SKILL + s.name, label: s.name, group: skills })),
    ];
  },
  difficulty: () => ({
    label: "ANTHOLOGY.Fudge.Dialog.difficulty",
    min: DIFFICULTY_MIN,
    max: DIFFICULTY_MAX,
    default: 0,
    ladder: Array.from({ length: DIFFICULTY_MAX - DIFFICULTY_MIN + 1 }, (_, i) => DIFFICULTY_MIN + i).map((value) => ({
      value,
      label: ladderWords(value),
    })),
  }),
  async roll(actorValue, choice, difficulty) {
    const actor = actorValue as FudgeActor;
    const trait = traitOf(actor, choice);
    if (!trait) return null;
    return rollCheck(actor, trait, { difficulty });
  },
  judge,
};
