function characterSchema() {
  const { HTMLField, NumberField, SchemaField } = foundry.data.fields;
  return {
    // value has no floor: some rule sets (The Fade) count HP below zero before death.
    health: new SchemaField({
      value: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      max: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    }),
    notes: new HTMLField({ required: true, blank: true }),
  };
}

export type CharacterSchema = ReturnType<typeof characterSchema>;

/**
 * The data every actor of every rule set starts from: a health track for the token bar and rich-text
 * notes. Each rule set's issue swaps in its own model through the table in ./index.ts.
 */
export class CharacterData extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation> {
  static override defineSchema(): CharacterSchema {
    return characterSchema();
  }
}
