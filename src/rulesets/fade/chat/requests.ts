/**
 * The Fade's part in a GM's roll request: a skill check against a DC, rolled through the skill dialog
 * (the DC preset). The GM reads the answer as the attack's checks read a dodge (gm-checks.ts): the
 * roll's own request (its skill and choices), the pool the sheet and those choices give now, no extra dice a player typed
 * (the GM's call), and the total judged against the request's DC (half or less a critical failure).
 */
import { CardError } from "../../../play/card";
import { cardOfKind, replayRolls } from "../../../play/cards";
import { userById, type PlayMessage } from "../../../play/documents";
import { checkedRoll } from "../../../play/verify";
import type { RequestAnswer, RollRequests } from "../../plugin";
import { FADE_SKILL_KEYS } from "../data/labels";
import { FADE_SKILL_IDS, judgeSkill } from "../rules/skills";
import { readChoices, type FadeSkillData } from "./card-data";
import { dialogPool, type FadeRollChoices } from "./dialog-form";
import { rollSkill, skillBase } from "./flow";
import type { FadeActorDoc } from "./documents";
import { derivedOf, hasExtraDice } from "./gm-checks";
import { fadeSkillKind } from "./kinds";
import { isFadeActor } from "./target";

const SKILL = "skill:";

/** The skill a request's choice names, or null. */
const skillOf = (choice: string): string | null => {
  const id = choice.startsWith(SKILL) ? choice.slice(SKILL.length) : "";
  return FADE_SKILL_IDS.includes(id) ? id : null;
};

function judge(message: unknown, actorValue: unknown, choice: string, dc: number): RequestAnswer | null {
  const answer = message as PlayMessage;
  const actor = actorValue as FadeActorDoc;
  const skill = skillOf(choice);
  const card = cardOfKind(answer, fadeSkillKind);
  if (!skill || !card) return null;
  const data = card.data as unknown as FadeSkillData;
  if (data.skill !== skill || data.luckReroll) return null;
  const [roll] = replayRolls(answer);
  if (!roll) return null;
  // What the roll itself was rolled for (its author can rewrite the card's data, and the roll's too).
  const asked = roll.request as { skill?: unknown; choices?: unknown } | undefined;
  if (asked?.skill !== skill) return null;
  let choices: FadeRollChoices;
  try {
    choices = readChoices(asked.choices);
  } catch (error) {
    if (error instanceof CardError) return null;
    throw error;
  }
  // Extra dice are the GM's to give: a player's answer with them is not taken.
  if (hasExtraDice(choices) && !userById(answer.author?.id ?? "")?.isGM) return null;
  const derived = derivedOf(actor as never, actor.name);
  const pool = dialogPool(
    { kind: "skill", derived, skill: { id: skill, pool: skillBase(actor, skill) } },
    choices,
  ).pool;
  const checked = checkedRoll(roll, "check", pool ?? "");
  const total = checked.outcome.total;
  const judged = judgeSkill(total, dc, checked.outcome.impossible);
  const key = judged.success
    ? "ANTHOLOGY.Fade.Request.success"
    : judged.criticalFailure
      ? "ANTHOLOGY.Fade.Request.criticalFailure"
      : "ANTHOLOGY.Fade.Request.failure";
  return { total, success: judged.success, result: { key, data: { dc } } };
}

/** The Fade's roll requests: the skills against a DC (15 by default). */
export const fadeRequests: RollRequests = {
  choices(actor) {
    if (!isFadeActor(actor as never)) return [];
    const i18n = game.i18n!;
    const group = i18n.localize("ANTHOLOGY.Fade.Request.skills");
    return FADE_SKILL_IDS.map((s) => ({ id: SKILL + s, label: i18n.localize(FADE_SKILL_KEYS[s] ?? s), group }));
  },
  difficulty: () => ({ label: "ANTHOLOGY.Fade.Dialog.dc", min: 0, max: 100, default: 15 }),
  async roll(actor, choice, dc) {
    const skill = skillOf(choice);
    return skill ? rollSkill(actor as FadeActorDoc, skill, { dc }) : null;
  },
  judge,
};
