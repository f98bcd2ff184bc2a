import { RequestRefused } from "../../../hooks/socket";
import { CardError, MAX_TARGETS } from "../../../play/card";
import type { PlayActor } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind, ReplayedRoll } from "../../../play/kind";
import { templatePath } from "../../../sheets/paths";
import type { FadingSunsActorDerived, FadingSunsActorSystem } from "../data";
import { FS_WEAPON_TYPE } from "../data";
import { applyDamage } from "../rules";
import { sustainedNeeded } from "../settings";
import { answerContest, continueTask } from "./link";
import { attackGoal, attackRow, damageParts, weaponOf } from "./attack-math";
import {
  attackSchema,
  goalSchema,
  readChoices,
  type FsAttackData,
  type FsAttackRow,
  type FsContestRow,
  type FsGoalData,
} from "./card-data";
import type { FsRollChoices } from "./dialog-form";
import { isFsActor } from "./target";
import { attackCardView, goalCardView, type FsAppliedSummary } from "./views";

export const FS_CARD_TEMPLATES = {
  goal: templatePath("rulesets/fading-suns/goal-card.hbs"),
  attack: templatePath("rulesets/fading-suns/attack-card.hbs"),
  applied: templatePath("rulesets/fading-suns/applied.hbs"),
} as const;

type FsTarget = PlayActor & { readonly system: FadingSunsActorSystem & FadingSunsActorDerived };

function refuse(key: string, data: Record<string, string> = {}): never {
  throw new RequestRefused({ key, data });
}

function fs(actor: PlayActor | null, name: string): FsTarget {
  if (!isFsActor(actor as never)) refuse("ANTHOLOGY.FadingSuns.Errors.notFadingSuns", { name });
  return actor as FsTarget;
}

/** A stored d20's face, read from its dice. */
function d20(roll: ReplayedRoll | null | undefined, name: string): number {
  const face = roll?.outcome.total;
  if (
    !roll ||
    roll.stored.formula.replace(/\s+/g, "") !== "1d20" ||
    typeof face !== "number" ||
    face < 1 ||
    face > 20
  ) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  }
  return face;
}

/** What the attack roll was rolled for, read as untrusted data. */
function attackRequest(
  roll: ReplayedRoll,
  name: string,
): { item: string | null; choices: FsRollChoices; targets: string[] } {
  try {
    const r = roll.request as Record<string, unknown> | undefined;
    if (!r || typeof r !== "object") throw new CardError("request");
    const targets = r.targets;
    if (!Array.isArray(targets) || targets.length > MAX_TARGETS || !targets.every((t) => typeof t === "string")) {
      throw new CardError("request targets");
    }
    if (r.item !== null && typeof r.item !== "string") throw new CardError("request item");
    return { item: r.item, choices: readChoices(r.choices), targets };
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
    throw error;
  }
}

/**
 * An attack's row, applied by the GM: the d20 (and reroll) read again from their dice, the goal from
 * the attacker as it stands and the target's Defense now (it must still hit), the damage (DMG and its
 * bonuses), then the target's armor and Vitality now.
 */
function resolveAttackRow(input: ApplyInput<FsAttackData, FsAttackRow>): ApplyPlan {
  const { card } = input;
  const row = card.targets[input.index]!;
  const first = input.rolls[0];
  const roll = d20(first, row.name);
  const request = attackRequest(first!, row.name);
  if (!request.targets.includes(row.uuid)) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  const second = input.rolls[1];
  const reroll =
    second && (second.request as { reroll?: unknown } | undefined)?.reroll === true ? d20(second, row.name) : null;
  const attacker = fs(input.actor, card.actor?.name ?? "");
  let item = null;
  if (request.item !== null) {
    item = attacker.items.contents.find((i) => i.uuid === request.item) ?? null;
    if (!item || item.type !== FS_WEAPON_TYPE) {
      refuse("ANTHOLOGY.FadingSuns.Errors.weaponGone", { name: card.data.item?.name ?? "" });
    }
  }
  const weapon = weaponOf(item);
  const target = fs(input.target, row.name);
  const choices = request.choices;
  const { goal } = attackGoal(attacker.system, weapon, choices);
  const damage = damageParts(attacker.system, weapon, choices);
  const result = attackRow({
    goal,
    ownDefense: target.system.derived.defense,
    armor: target.system.derived.armor,
    weapon,
    choices,
    damage: damage.base + damage.strength + damage.stance + damage.action,
    roll,
    reroll,
  });
  if (!result.hit || result.damage === null) {
    refuse("ANTHOLOGY.FadingSuns.Errors.noLongerHits", { name: row.name, goal: String(result.goal) });
  }
  const before = target.system.derived.vitality.value;
  const hit = applyDamage({ vitality: before, damage: result.damage, armor: result.armor });
  const down = hit.taken > 0 && hit.after <= 0;
  const summary: FsAppliedSummary = {
    damage: result.damage,
    armor: result.armor,
    taken: hit.taken,
    before,
    after: hit.after,
    down,
  };
  return {
    updates: hit.taken > 0 ? { "system.vitality.value": hit.after } : {},
    statuses: down ? [{ id: "unconscious" }] : [],
    summary: summary as unknown as Record<string, unknown>,
  };
}

const needed = (d: FsGoalData) => sustainedNeeded(d.task);

export const fsGoalKind: CardKind<FsGoalData, FsContestRow> = {
  id: "goal",
  template: FS_CARD_TEMPLATES.goal,
  schema: goalSchema,
  view: (card, context) => goalCardView(card, context, needed(card.data)),
  actions: {
    // The link module imports these kinds too; the buttons call it only when pressed.
    answer: {
      who: "targetOwner",
      enabled: (card, target) => target !== null && card.targets[target]?.data.result === null,
      run: ({ message, target }) => (target === null ? Promise.resolve(null) : answerContest(message, target)),
    },
    again: {
      who: "actorOwner",
      enabled: (card) => card.data.total < needed(card.data),
      run: ({ message }) => continueTask(message),
    },
  },
};

export const fsAttackKind: CardKind<FsAttackData, FsAttackRow> = {
  id: "attack",
  template: FS_CARD_TEMPLATES.attack,
  schema: attackSchema,
  view: attackCardView,
  appliable: (card, index) => card.targets[index]?.data.hit === true,
  resolveApply: resolveAttackRow,
};
