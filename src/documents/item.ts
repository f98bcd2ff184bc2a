import { restrictToActiveRuleSet } from "./create-dialog";

/** Item document: offers only the active rule set's types when a user creates one. */
export class AnthologyItem extends Item {
  static override async createDialog(
    ...[data, createOptions, dialogOptions]: Parameters<typeof Item.createDialog>
  ): ReturnType<typeof Item.createDialog> {
    return super.createDialog(data, createOptions, restrictToActiveRuleSet("Item", dialogOptions));
  }
}
