import { SYSTEM_ID } from "../constants";
import type { CardAction } from "./kind";

/**
 * Flows a card's buttons start, by name. A card kind names the flow its button starts and the
 * rule set's `init` registers the flow under that name, so a kind never imports the flows that post
 * it (flows use card kinds; imports point one way).
 */
const flows = new Map<string, (input: never) => unknown>();

/** What a card's button hands the flow it starts: the message, its card and the row (null: the card's own button). */
export type ButtonPress<D, T> = Parameters<CardAction<D, T>["run"]>[0];

/** Registers the flow started under `name` (a rule set prefixes its names with its id); a second call replaces it. */
export function registerFlow<I>(name: string, flow: (input: I) => unknown): void {
  flows.set(name, flow as (input: never) => unknown);
}

/** Starts the flow registered under `name`; refuses a name nothing registered (a missing `init`). */
export async function startFlow<I>(name: string, input: I): Promise<unknown> {
  const flow = flows.get(name) as ((input: I) => unknown) | undefined;
  if (!flow) throw new Error(`${SYSTEM_ID} | no flow is registered as "${name}"`);
  return flow(input);
}

/** A card button that starts the flow registered under `name`, looked up when it is pressed. */
export function flowAction<D, T>(name: string, button: Omit<CardAction<D, T>, "run">): CardAction<D, T> {
  return { ...button, run: (press) => startFlow(name, press) };
}
