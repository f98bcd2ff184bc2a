import type { Card } from "./card";
import { resolve, type PlayActor, type PlayMessage, type PlayUser } from "./documents";
import type { Audience } from "./kind";

const owns = (actor: PlayActor | null, user: PlayUser) => Boolean(actor?.testUserPermission(user, "OWNER"));

/**
 * Whether `user` belongs to `audience` for this card (and row): decided from Foundry's documents and
 * the message's author as Foundry records it, never from anything written into the card.
 */
export function isInAudience(
  audience: Audience,
  user: PlayUser,
  message: Pick<PlayMessage, "author">,
  card: Pick<Card, "actor" | "targets">,
  target: number | null,
): boolean {
  if (user.isGM) return true;
  switch (audience) {
    case "gm":
      return false;
    case "anyone":
      return true;
    case "actorOwner":
      return message.author?.id === user.id || owns(resolve<PlayActor>(card.actor?.uuid), user);
    case "targetOwner": {
      const row = target === null ? undefined : card.targets[target];
      return Boolean(row) && owns(resolve<PlayActor>(row!.uuid), user);
    }
  }
}
