import type { PlayMessage } from "../../../play/documents";
import { flowRegistry } from "../../../play/flow-registry";

/**
 * The flows Fading Suns' card buttons start: provided at init with the link they are linked by
 * (link.ts), so card kinds never import flows.
 */
export interface FsFlows {
  /** A contest's target answers from its row with its own goal roll. */
  answerContest(message: PlayMessage, row: number): Promise<PlayMessage | null>;
  /** A sustained task's further roll, by its roller's owner. */
  continueTask(message: PlayMessage): Promise<PlayMessage | null>;
  /** A knock-out's or disarm's target rolls against the damage from the hit's applied row. */
  resist(message: PlayMessage, row: number): Promise<PlayMessage | null>;
  /** A knockdown's or grapple's attacker rolls for the contest from the hit's applied row. */
  contest(message: PlayMessage, row: number): Promise<PlayMessage | null>;
  /** A won grapple's attacker posts the grapple's damage for this round of the hold. */
  squeeze(message: PlayMessage): Promise<PlayMessage | null>;
  /** Its target answers from the attacker's contest card. */
  answerKnockdown(message: PlayMessage): Promise<PlayMessage | null>;
}

export const fsFlows = flowRegistry<FsFlows>("Fading Suns");
