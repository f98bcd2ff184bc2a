import type { RollerActor, RollerItem } from "../../../play/roller";
import type { FadeActorDerived, FadeActorSystem } from "../data";

/** A Fade item as the flows read it. */
export type FadeItemDoc = RollerItem;

/** A Fade actor as the flows read and change it. */
export interface FadeActorDoc extends RollerActor<FadeActorSystem & FadeActorDerived, FadeItemDoc> {
  readonly statuses?: ReadonlySet<string>;
  createEmbeddedDocuments(name: "ActiveEffect", data: object[]): Promise<unknown[]>;
  toggleStatusEffect(id: string, options: { active: boolean; overlay?: boolean }): Promise<unknown>;
  testUserPermission(user: unknown, level: string): boolean;
}
