import { replayRolls } from "../../../play/cards";
import type { CardAction } from "../../../play/kind";
import { resolve } from "../../../play/documents";
import { warn } from "../../../play/notify";
import type { FadeAttackData, FadeAttackRow } from "./card-data";
import type { FadeActorDoc } from "./documents";
import { fadeFlows } from "./flow-registry";

/**
 * Roll damage on an attack card that had no target: the damage dialog with the attack's choices (a
 * critical when every kept die was a natural 10), then a damage card for the targets now.
 */
export const rollDamageAction: CardAction<FadeAttackData, FadeAttackRow> = {
  who: "actorOwner",
  // Also for a hit whose damage was not rolled with it (a card posted before damage was).
  enabled: (card) =>
    !card.data.rerolled &&
    (card.targets.length === 0 ||
      card.targets.some(
        (t) => t.data.damageRoll === null && (t.data.result === "hit" || t.data.result === "criticalHit"),
      )),
  run: async ({ message, card }) => {
    const actor = resolve<FadeActorDoc>(card.actor?.uuid);
    if (!actor) return (warn("ANTHOLOGY.Fade.Errors.actorGone", { name: card.actor?.name ?? "" }), null);
    const attack = message.rolls[card.data.attackRoll];
    const critical = Boolean(attack && replayRolls({ rolls: [attack] })[0]?.outcome.critical);
    // The attack's own extra dice were for the roll to hit; its extra damage dice are the damage's.
    const choices = { ...card.data.choices, extra: card.data.choices.damageExtra, critical };
    return fadeFlows.flow("rollDamage")(actor, card.data.item, card.data.weapon, choices);
  },
};
