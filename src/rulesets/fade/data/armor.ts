import { itemModel, weightField } from "../../../data/item-model";
import { BODY_PART_KEYS, BODY_PARTS } from "../rules";
import { FADE_ARMOR_KEYS } from "./labels";

function fadeArmorSchema() {
  const { BooleanField, HTMLField, NumberField, SchemaField } = foundry.data.fields;
  const integer = (label: string) =>
    new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0, label });
  return {
    description: new HTMLField({ required: true, blank: true }),
    deflection: new SchemaField(Object.fromEntries(BODY_PARTS.map((p) => [p, integer(BODY_PART_KEYS[p])])), {
      label: FADE_ARMOR_KEYS.deflection,
    }),
    // Its Deflection adds to the others instead of the highest one counting (natural Deflection that says so).
    stacks: new BooleanField({ initial: false, label: FADE_ARMOR_KEYS.stacks }),
    speedPenalty: integer(FADE_ARMOR_KEYS.speedPenalty),
    // Only worn armor protects and slows; carried armor still weighs.
    equipped: new BooleanField({ initial: true, label: FADE_ARMOR_KEYS.equipped }),
    weight: weightField(),
  };
}

/** A piece of Fade armor: Deflection for each body part it covers, and what it costs in speed. */
export class FadeArmorData extends itemModel(fadeArmorSchema) {}
