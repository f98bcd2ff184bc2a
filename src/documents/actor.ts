import { restrictToActiveRuleSet } from "./create-dialog";

/** Actor document: offers only the active rule set's types when a user creates one. */
export class AnthologyActor extends Actor {
  static override async createDialog(
    ...[data, createOptions, dialogOptions]: Parameters<typeof Actor.createDialog>
  ): ReturnType<typeof Actor.createDialog> {
    return super.createDialog(data, createOptions, restrictToActiveRuleSet("Actor", dialogOptions));
  }
}
