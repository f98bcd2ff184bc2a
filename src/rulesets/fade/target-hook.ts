import { FadeActorSheet } from "./sheets/actor-sheet";

/**
 * `targetToken`: when this user targets or releases a token, open Fade sheets show the new chance to
 * hit (their Attack buttons carry the target's defense for the odds on hover).
 */
export function onTargetToken(user: { readonly id?: string | null }): void {
  if (!user || user.id !== game.user?.id) return;
  const instances = (foundry.applications as unknown as { instances?: Map<string, unknown> }).instances;
  for (const app of instances?.values() ?? []) {
    if (app instanceof FadeActorSheet && (app as unknown as { rendered: boolean }).rendered) void app.render();
  }
}
