import { checkCardView } from "./cards";
import { HOD_CARD_TEMPLATES, hodCardFlags, i18n, mayRoll, messages, post, rollFormula, warn } from "./common";
import { promptCheck } from "./dialog";
import { withBonus } from "./dialog-form";
import { ref, resolve, sourceOf, type HodActor, type HodMessage, type NamedRef } from "./documents";
import type { HodCheckFlags } from "./flags";
import { isCheckAttribute, type HodCheckAttribute } from "./labels";

/** What a check is for: a plain check, or the check to stay conscious (asked by a card, or from the sheet). */
export interface HodCheckOptions {
  /** The card (an applied hit, a tiring special action) that asked for the check to stay conscious. */
  readonly appliedId?: string;
  /** The check to stay conscious: its DC is fixed, and failing it knocks the actor out. */
  readonly consciousness?: boolean;
}

const staysConscious = (options: HodCheckOptions) => options.consciousness === true || options.appliedId !== undefined;

/**
 * A 3d6 check: an attribute + modifier against a DC (a dialog lets the user change both). With
 * `{ consciousness: true }` it is the check to stay conscious: Constitution against the given DC.
 */
export async function rollHodCheck(
  actor: object,
  attribute: string,
  dc?: number,
  options: HodCheckOptions = {},
): Promise<HodMessage | null> {
  const roller = actor as HodActor;
  if (!mayRoll(roller)) return null;
  const first: HodCheckAttribute = isCheckAttribute(attribute) ? attribute : "strength";
  const fixedDc = staysConscious(options) && dc !== undefined;
  const choices = await promptCheck(
    { kind: "check", source: sourceOf(roller), attribute: first, dc: dc ?? null, fixedDc },
    i18n().format(fixedDc ? "ANTHOLOGY.HoD.Dialog.consciousnessTitle" : "ANTHOLOGY.HoD.Dialog.checkTitle", {
      name: roller.name,
    }),
  );
  if (!choices) return null;
  return postHodCheck(roller, choices.attribute, choices.modifier, choices.dc, options);
}

/**
 * Rolls 3d6 + attribute + modifier against the DC and posts the check card. A check to stay conscious
 * that fails knocks the actor out for at least 10 TC per point it failed by.
 */
export async function postHodCheck(
  actor: HodActor,
  attribute: HodCheckAttribute,
  modifier: number,
  dc: number | null,
  options: HodCheckOptions = {},
): Promise<HodMessage> {
  const bonus = Number(sourceOf(actor)[attribute] ?? 0) + modifier;
  const formula = withBonus("3d6", bonus);
  const rolled = await rollFormula(formula);
  const margin = dc === null ? null : rolled.total - dc;
  const success = margin === null ? null : margin >= 0;
  const consciousness = staysConscious(options);
  const unconsciousTc = consciousness && margin !== null && margin < 0 ? 10 * -margin : undefined;
  const flags: HodCheckFlags = {
    kind: "check",
    actor: ref(actor),
    attribute,
    formula,
    natural: rolled.natural,
    total: rolled.total,
    dc,
    success,
    margin,
    ...(options.appliedId !== undefined ? { appliedId: options.appliedId } : {}),
    ...(consciousness ? { consciousness: true } : {}),
    ...(unconsciousTc !== undefined ? { unconsciousTc } : {}),
  };
  if (unconsciousTc !== undefined) await actor.toggleStatusEffect("unconscious", { active: true });
  return post({ actor }, HOD_CARD_TEMPLATES.check, checkCardView(flags, rolled.html), flags, [rolled.roll]);
}

/** The check to stay conscious a card asked for, if it has been rolled. */
export function consciousnessCheckOf(card: Pick<HodMessage, "id">): HodMessage | null {
  for (const message of messages()) {
    const flags = hodCardFlags(message);
    if (flags?.kind === "check" && flags.appliedId === card.id) return message;
  }
  return null;
}

/** Who must stay conscious and against what DC: the target of an applied hit, or the actor of a tiring special action. */
export function consciousnessAsked(message: HodMessage): { who: NamedRef; dc: number } | null {
  const flags = hodCardFlags(message);
  if (flags?.kind === "applied" && flags.unconsciousCheck !== null)
    return { who: flags.target, dc: flags.unconsciousCheck };
  if (flags?.kind === "special" && flags.unconsciousCheck !== null)
    return { who: flags.actor, dc: flags.unconsciousCheck };
  return null;
}

/** The Constitution check button of a card: the owner of who must stay conscious (or the GM) rolls it, once. */
export async function rollConsciousness(message: HodMessage): Promise<HodMessage | null> {
  const asked = consciousnessAsked(message);
  if (!asked) return null;
  if (consciousnessCheckOf(message))
    return (warn("ANTHOLOGY.HoD.Errors.alreadyChecked", { name: asked.who.name }), null);
  const actor = resolve<HodActor>(asked.who.uuid);
  if (!actor) return (warn("ANTHOLOGY.HoD.Errors.actorGone", { name: asked.who.name }), null);
  return rollHodCheck(actor, "constitution", asked.dc, { appliedId: message.id });
}
