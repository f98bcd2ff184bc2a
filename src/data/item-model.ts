/**
 * The base of an Item TypeDataModel whose schema is `schema()`. A rule set's model extends it and
 * keeps its own class name (Foundry stores it): `class FadeArmorData extends itemModel(fadeArmorSchema) {}`.
 */
export function itemModel<S extends foundry.data.fields.DataSchema>(schema: () => S) {
  return class extends foundry.abstract.TypeDataModel<S, Item.Implementation> {
    static override defineSchema(): S {
      return schema();
    }
  };
}

/** What a carried item weighs (one of it); every rule set's weapons and armor carry it. */
export function weightField() {
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: false,
    min: 0,
    initial: 0,
    label: "ANTHOLOGY.Item.weight",
  });
}
