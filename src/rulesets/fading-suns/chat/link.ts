/**
 * Rolls that answer another card: a target's answer to a contest (its owner's own roll, linked by the
 * GM to the row: net Victory Points, who won) and the further rolls of a sustained task (the GM counts
 * the task's VP again from every roll's dice).
 */
import { SYSTEM_ID } from "../../../constants";
import { onGmRequest } from "../../../hooks/socket";
import { CardError, withTargetData, type Card } from "../../../play/card";
import { CARD_FLAG, cardContent, cardOf, replayRolls } from "../../../play/cards";
import { messageById, resolve, userById, type PlayMessage, type PlayUser } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { refuse } from "../../../play/refuse";
import { contested, isNaturalSkill, resolveGoal, sustainedTotal } from "../rules";
import { quickComplementarySetting, sustainedNeeded } from "../settings";
import { readChoices, readSkill, type FsContestRow, type FsGoalData, type RolledSkill } from "./card-data";
import { promptFsRoll } from "./dialog";
import { goalOf } from "./dialog-form";
import { FS_LINK_REQUEST, dialogInput, mayRoll, postGoal, quickSkillsOf, skillOf, type FsActorDoc } from "./flow";
import { d20, fsGoalKind, refuseOutOfBounds } from "./kinds";
import { fsFlows } from "./flow-registry";
import { isFsActor } from "./target";
import { resistHit } from "./resist";
import { answerKnockdown, knockdownHit, squeezeHold } from "./knockdown";

type GoalCard = Card<FsGoalData, FsContestRow>;
type Owned = FsActorDoc & { testUserPermission(user: PlayUser, level: string): boolean };

function goalCard(message: PlayMessage | undefined): GoalCard | null {
  const read = message ? cardOf(message) : null;
  return read && !("error" in read) && read.card.ruleSet === "fading-suns" && read.card.kind === "goal"
    ? (read.card as unknown as GoalCard)
    : null;
}

/**
 * A quick complementary skill's rating (the optional rule) comes from the roller's sheet: the world must
 * play with the rule, and the rating must be one of the roller's other skills'.
 */
function checkQuickRating(actor: Owned, skill: RolledSkill, rating: number | undefined, name: string): void {
  if (rating === undefined || rating === 0) return;
  const ratings = quickSkillsOf(actor, skill).map((s) => s.rating);
  if (!quickComplementarySetting() || !ratings.includes(rating)) {
    refuse("ANTHOLOGY.FadingSuns.Errors.quickRating", { name, rating: String(rating) });
  }
}

/**
 * A goal roll as the GM judges it: its author speaks for its actor, the skill and choices come from the
 * roll's own request (what was typed within the bounds, a quick complementary skill's rating from the
 * sheet), the goal from the actor as it stands, the outcome from the d20s. `roll` names the roll in a
 * refusal: the check, or the response that answers a contest.
 */
export function judged(message: PlayMessage | undefined, roll = "check") {
  const card = goalCard(message);
  if (!message || !card) refuse("ANTHOLOGY.Play.Errors.cardGone");
  const name = card.actor?.name ?? "";
  const actor = resolve<Owned>(card.actor?.uuid);
  if (!actor || !isFsActor(actor as never)) refuse("ANTHOLOGY.Play.Errors.targetGone", { name });
  const author = userById(message.author?.id ?? "");
  if (!author || !(author.isGM || actor.testUserPermission(author, "OWNER")))
    refuse("ANTHOLOGY.Play.Errors.notTheRoller", { name });
  const [first, second] = replayRolls(message);
  const request = first?.request as { skill?: unknown; choices?: unknown } | undefined;
  let skill, choices;
  try {
    skill = readSkill(request?.skill);
    choices = readChoices(request?.choices);
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
    throw error;
  }
  const found = skillOf(actor, skill);
  if (!found) refuse("ANTHOLOGY.FadingSuns.Errors.unknownSkill", { id: skill.id });
  refuseOutOfBounds(choices);
  checkQuickRating(actor, skill, choices.quickRating, name);
  const { goal } = goalOf(dialogInput(actor, found), choices);
  const rolls = [d20(first, roll, name)];
  if ((second?.request as { reroll?: unknown } | undefined)?.reroll === true) rolls.push(d20(second, roll, name));
  const result = resolveGoal({ goal, rolls, combat: choices.combat === true });
  if (result.needsReroll) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  return { message, card, actor, skill, ...result };
}

/** The GM links an answer or a further roll to the card it answers, once, and shows it there. */
async function link(messageId: unknown): Promise<void> {
  const answer = messageById(messageId);
  const b = judged(answer, goalCard(answer)?.data.link?.row != null ? "response" : "check");
  const to = b.card.data.link;
  const a = judged(messageById(to?.against));
  let next: GoalCard;
  if (to!.row !== null) {
    const row = a.card.targets[to!.row];
    if (!row || row.uuid !== b.actor.uuid) refuse("ANTHOLOGY.FadingSuns.Errors.notTheTarget", { name: b.actor.name });
    if (row.data.result) refuse("ANTHOLOGY.FadingSuns.Errors.answered", { name: row.name });
    const side = (s: typeof a) => ({ victoryPoints: s.victoryPoints, critical: s.outcome === "critical" });
    const c = contested(side(a), side(b));
    next = withTargetData(a.card, to!.row, {
      result: { response: b.message.id, vp: b.victoryPoints, winner: c.winner, net: c.victoryPoints },
    });
  } else {
    const d = a.card.data;
    const needed = sustainedNeeded(d.task);
    if (!needed || a.actor.uuid !== b.actor.uuid || a.skill.id !== b.skill.id || d.steps.includes(b.message.id))
      refuse("ANTHOLOGY.FadingSuns.Errors.notThisTask", { name: b.actor.name });
    if (d.total >= needed) refuse("ANTHOLOGY.FadingSuns.Errors.taskDone", { name: a.actor.name });
    const steps = [...d.steps, b.message.id];
    // Counted again from every roll's dice, whatever the card says.
    const total = sustainedTotal([a, ...steps.map((id) => judged(messageById(id)))]);
    next = { ...a.card, data: { ...d, steps, total } };
  }
  await a.message.update({
    [`flags.${SYSTEM_ID}.${CARD_FLAG}`]: next,
    content: await cardContent(fsGoalKind as never, next as never, a.message.rolls),
  });
}

/** The GM's side of linking answers and further rolls, and the flows the goal card's buttons start. */
export function registerFsLink(): void {
  onGmRequest(FS_LINK_REQUEST, (payload) => link(payload.messageId));
  fsFlows.provide({
    answerContest,
    continueTask,
    resist: resistHit,
    contest: knockdownHit,
    squeeze: squeezeHold,
    answerKnockdown,
  });
}

/** A contest's target answers from the row: its owner picks a skill and the modifiers, rolls, and the GM links it. */
export async function answerContest(message: PlayMessage, row: number): Promise<PlayMessage | null> {
  const target = goalCard(message)?.targets[row];
  if (!target) return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  if (target.data.result) return (warn("ANTHOLOGY.FadingSuns.Errors.answered", { name: target.name }), null);
  const actor = resolve<FsActorDoc>(target.uuid);
  if (!actor || !isFsActor(actor as never))
    return (warn("ANTHOLOGY.Play.Errors.targetGone", { name: target.name }), null);
  if (!mayRoll(actor)) return null;
  const skills = quickSkillsOf(actor, { kind: "learned", id: "" });
  const asked = goalCard(message)!.data.skill;
  const first = skills.find((s) => s.id === asked.id || s.name === asked.name) ?? skills[0]!;
  const choices = await promptFsRoll(
    {
      ...dialogInput(actor, { rating: first.rating, characteristic: goalCard(message)!.data.characteristic }),
      skills,
      initial: { skill: first.id },
    },
    game.i18n!.format("ANTHOLOGY.FadingSuns.Dialog.answerTitle", { name: actor.name }),
  );
  if (!choices?.skill) return null;
  const { skill, ...rest } = choices;
  return postGoal(actor, { kind: isNaturalSkill(skill) ? "natural" : "learned", id: skill }, rest, {
    link: { against: message.id, row },
  });
}

/** A sustained task's further roll, by its roller's owner: the same skill and modifiers, then the GM counts. */
export async function continueTask(message: PlayMessage): Promise<PlayMessage | null> {
  const card = goalCard(message);
  const actor = resolve<FsActorDoc>(card?.actor?.uuid);
  if (!card || !actor || !isFsActor(actor as never)) return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  if (!mayRoll(actor)) return null;
  return postGoal(actor, card.data.skill, card.data.choices, { link: { against: message.id, row: null } });
}
