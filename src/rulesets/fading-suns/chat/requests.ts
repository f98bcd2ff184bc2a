/**
 * Fading Suns' part in a GM's roll request: a goal roll with a natural skill or a learned one (by its
 * name on each sheet), the difficulty as the task's goal modifier (the chart's levels), rolled through
 * the goal dialog with the level preset. The GM reads the answer as any goal roll (`judged`: the goal
 * from the sheet now and the roll's own choices within their bounds, the outcome from the d20s), and
 * takes it only at the level asked.
 */
import type { PlayMessage } from "../../../play/documents";
import type { RequestAnswer, RollRequests } from "../../plugin";
import { FS_SKILL_TYPE, LEVEL_KEYS, SKILL_KEYS } from "../data";
import { GOAL_LEVELS, NATURAL_SKILLS, type GoalLevel } from "../rules";
import type { FsGoalData, RolledSkill } from "./card-data";
import { rollGoal, type FsActorDoc } from "./flow";
import { judged } from "./link";
import { isFsActor } from "./target";

const NATURAL = "natural:";
const LEARNED = "learned:";

/** The skill a request's choice names on this actor (a learned skill by its name), or null. */
export function skillAsked(actor: FsActorDoc, choice: string): Pick<RolledSkill, "kind" | "id"> | null {
  if (choice.startsWith(NATURAL)) {
    const id = choice.slice(NATURAL.length);
    return (NATURAL_SKILLS as readonly string[]).includes(id) ? { kind: "natural", id } : null;
  }
  if (!choice.startsWith(LEARNED)) return null;
  const item = actor.items.contents.find((i) => i.type === FS_SKILL_TYPE && i.name === choice.slice(LEARNED.length));
  return item ? { kind: "learned", id: item.id } : null;
}

// i18n keys written out, so the language test sees each one.
const OUTCOME_KEYS: Readonly<Record<string, string>> = Object.freeze({
  success: "ANTHOLOGY.FadingSuns.Request.success",
  critical: "ANTHOLOGY.FadingSuns.Request.critical",
  failure: "ANTHOLOGY.FadingSuns.Request.failure",
  criticalFailure: "ANTHOLOGY.FadingSuns.Request.criticalFailure",
});

const levelOf = (goal: number): GoalLevel | null => GOAL_LEVELS.find((l) => l.goal === goal)?.id ?? null;

function judge(message: unknown, actorValue: unknown, choice: string, difficulty: number): RequestAnswer | null {
  const actor = actorValue as FsActorDoc;
  const wanted = skillAsked(actor, choice);
  if (!wanted) return null;
  const b = judged(message as PlayMessage);
  const data = b.card.data as FsGoalData;
  // An answer to a contest is no answer to a request; the level is the GM's.
  if (data.link || b.skill.kind !== wanted.kind || b.skill.id !== wanted.id) return null;
  const [first] = (message as PlayMessage).rolls;
  const choices = (first?.options?.anthology as { request?: { choices?: { level?: unknown } } } | undefined)?.request
    ?.choices;
  if ((choices?.level ?? "standard") !== levelOf(difficulty)) return null;
  const success = b.outcome === "success" || b.outcome === "critical";
  return {
    total: b.victoryPoints,
    success,
    result: { key: OUTCOME_KEYS[b.outcome] ?? OUTCOME_KEYS.failure!, data: { vp: b.victoryPoints } },
  };
}

/** Fading Suns' roll requests: the natural skills, then the actor's learned skills; the task's level (Standard). */
export const fsRequests: RollRequests = {
  choices(actorValue) {
    if (!isFsActor(actorValue as never)) return [];
    const actor = actorValue as FsActorDoc;
    const i18n = game.i18n!;
    const natural = i18n.localize("ANTHOLOGY.FadingSuns.Request.natural");
    const learned = i18n.localize("ANTHOLOGY.FadingSuns.Request.learned");
    return [
      ...NATURAL_SKILLS.map((s) => ({ id: NATURAL + s, label: i18n.localize(SKILL_KEYS[s]), group: natural })),
      ...actor.items.contents
        .filter((i) => i.type === FS_SKILL_TYPE)
        .map((i) => ({ id: LEARNED + i.name, label: i.name, group: learned })),
    ];
  },
  difficulty: () => ({
    label: "ANTHOLOGY.FadingSuns.Dialog.level",
    min: -10,
    max: 10,
    default: 0,
    ladder: GOAL_LEVELS.map((l) => ({
      value: l.goal,
      label: `${game.i18n!.localize(LEVEL_KEYS[l.id])} (${l.goal > 0 ? "+" : ""}${l.goal})`,
    })),
  }),
  async roll(actorValue, choice, difficulty) {
    const actor = actorValue as FsActorDoc;
    const skill = skillAsked(actor, choice);
    const level = levelOf(difficulty);
    return skill && level ? rollGoal(actor, skill, { level }) : null;
  },
  judge,
};
