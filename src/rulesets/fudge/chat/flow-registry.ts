import type { PlayMessage } from "../../../play/documents";
import { flowRegistry } from "../../../play/flow-registry";

/** The flows FUDGE's card buttons start: provided at init (flow.ts), so card kinds never import flows. */
export interface FudgeFlows {
  /** A row's target answers the card's roll (resists, defends, dodges) on a response card. */
  respond(message: PlayMessage, row: number): Promise<PlayMessage | null>;
}

export const fudgeFlows = flowRegistry<FudgeFlows>("FUDGE");
