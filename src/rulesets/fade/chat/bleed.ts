/**
 * A bleeding wound's tick as a card: the active GM posts it at the start of the bearer's turn and
 * applies it at once (straight off HP, no Deflection, no Soak), so it is on the bearer's record and
 * the GM can Undo it like any other row. Only a card a GM wrote can be applied: a player could post
 * one, but its row would be refused.
 */
import { newCard } from "../../../play/card";
import { postCard, refOf, requestApply } from "../../../play/cards";
import { userById, type PlayActor, type PlayMessage } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind } from "../../../play/kind";
import { RequestRefused } from "../../../hooks/socket";
import { templatePath } from "../../../sheets/paths";
import { bleedTick } from "../rules/health";
import { bleedCardView, bleedSchema, type FadeBleedData, type FadeBleedSummary } from "./bleed-view";

export const FADE_BLEED_TEMPLATE = templatePath("rulesets/fade/bleed-card.hbs");

type Bearer = PlayActor & {
  readonly system?: {
    readonly hp?: { readonly value?: number | null };
    readonly derived?: { readonly deathAt?: number };
  };
};

function applyBleed(input: ApplyInput<FadeBleedData, Record<string, never>>): ApplyPlan {
  const row = input.card.targets[input.index]!;
  if (!userById(input.message.author?.id ?? "")?.isGM) {
    throw new RequestRefused({ key: "ANTHOLOGY.Fade.Errors.bleedNotGm", data: { name: row.name } });
  }
  const bearer = input.target as Bearer;
  const tick = bleedTick(
    Number(bearer.system?.hp?.value ?? 0),
    input.card.data.bleed,
    Number(bearer.system?.derived?.deathAt ?? -2),
  );
  const summary: FadeBleedSummary = { before: tick.hpBefore, after: tick.hpAfter, state: tick.state };
  return {
    updates: { "system.hp.value": tick.hpAfter },
    statuses:
      tick.state === "dead"
        ? [{ id: "dead", overlay: true }]
        : tick.state === "unconscious"
          ? [{ id: "unconscious" }]
          : [],
    summary: { ...summary },
  };
}

export const fadeBleedKind: CardKind<FadeBleedData, Record<string, never>> = {
  id: "bleed",
  template: FADE_BLEED_TEMPLATE,
  schema: bleedSchema,
  view: bleedCardView as never,
  applyBy: [],
  resolveApply: applyBleed as never,
};

/** The active GM's tick: a card for the bearer's bleed this round, applied at once. */
export async function postBleed(bearer: PlayActor, bleed: number): Promise<PlayMessage> {
  const ref = refOf(bearer);
  const card = newCard({
    ruleSet: "fade",
    kind: fadeBleedKind.id,
    actor: ref,
    data: { bleed },
    targets: [{ ...ref, data: {} }],
  });
  const message = await postCard({ kind: fadeBleedKind, card, rolls: [], speaker: { actor: bearer } });
  await requestApply(message, 0);
  return message;
}
