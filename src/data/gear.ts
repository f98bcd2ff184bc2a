function gearSchema() {
  const { HTMLField, NumberField } = foundry.data.fields;
  return {
    description: new HTMLField({ required: true, blank: true }),
    quantity: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 1 }),
    weight: new NumberField({ required: true, nullable: false, min: 0, initial: 0 }),
  };
}

export type GearSchema = ReturnType<typeof gearSchema>;

/** A carried thing: description, how many, and the weight of one. */
export class GearData extends foundry.abstract.TypeDataModel<GearSchema, Item.Implementation> {
  static override defineSchema(): GearSchema {
    return gearSchema();
  }
}
