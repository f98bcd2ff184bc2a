import type { CardRef } from "../../../play/card";
import type { PlayMessage } from "../../../play/documents";
import { flowRegistry } from "../../../play/flow-registry";
import type { Targeted } from "../../../play/targets";
import type { DialogWeapon, FadeRollChoices } from "./dialog-form";
import type { FadeActorDoc, FadeItemDoc } from "./documents";
import type { DeclaredDodge } from "./dodge";
import type { RollPayment } from "./paid";

/**
 * The flows The Fade's card buttons start (an attack of opportunity, the damage of an attack without a
 * target, a Luck reroll): provided at init (flow.ts), so card kinds never import flows.
 */
export interface FadeFlows {
  rollAttack(
    actor: FadeActorDoc,
    item: FadeItemDoc,
    options?: { targets?: ReadonlyArray<Targeted<FadeActorDoc>>; full?: boolean },
  ): Promise<PlayMessage | null>;
  rollDamage(
    actor: FadeActorDoc,
    item: CardRef & { readonly system?: Readonly<Record<string, unknown>> },
    weapon: DialogWeapon,
    initial?: FadeRollChoices,
  ): Promise<PlayMessage | null>;
  postAttack(
    actor: FadeActorDoc,
    item: CardRef,
    weapon: DialogWeapon,
    choices: FadeRollChoices,
    targets: readonly CardRef[],
    options?: RollPayment & { luckReroll?: boolean; dodges?: Readonly<Record<string, DeclaredDodge>> },
  ): Promise<PlayMessage | null>;
  postCheck(
    actor: FadeActorDoc,
    item: CardRef | null,
    choices: FadeRollChoices,
    pool: string,
    options?: RollPayment & { luckReroll?: boolean },
  ): Promise<PlayMessage>;
  postSkill(
    actor: FadeActorDoc,
    skill: string,
    choices: FadeRollChoices,
    options?: { luckReroll?: boolean },
  ): Promise<PlayMessage>;
}

export const fadeFlows = flowRegistry<FadeFlows>("The Fade");
