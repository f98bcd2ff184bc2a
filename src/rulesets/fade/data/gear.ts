import { GearData } from "../../../data/gear";

/** Fade gear: the shared gear, and whether using it uses one up (a potion, a bomb). */
export class FadeGearData extends GearData {
  static override defineSchema() {
    const { BooleanField } = foundry.data.fields;
    return {
      ...super.defineSchema(),
      consumable: new BooleanField({ initial: false, label: "ANTHOLOGY.Item.consumable" }),
    };
  }
}
