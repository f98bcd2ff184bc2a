import { itemModel } from "../../src/data/item-model";
import { MAX_POOL } from "./rules/pool";

const whole = (initial: number, min: number, max: number, label: string) =>
  new foundry.data.fields.NumberField({ required: true, nullable: false, integer: true, initial, min, max, label });

function characterSchema() {
  const { HTMLField, SchemaField } = foundry.data.fields;
  return {
    might: whole(3, 1, MAX_POOL, "ANTHOLOGY.DicePool.might"),
    guard: whole(1, 0, MAX_POOL, "ANTHOLOGY.DicePool.guard"),
    hp: new SchemaField({ value: whole(10, 0, 999, "ANTHOLOGY.DicePool.hp"), max: whole(10, 0, 999, "") }),
    notes: new HTMLField({ required: true, blank: true }),
  };
}

/** A Dice Pool character: Might (the dice it rolls), Guard (the successes that hit it) and HP. */
export class DicePoolCharacterData extends foundry.abstract.TypeDataModel<
  ReturnType<typeof characterSchema>,
  Actor.Implementation
> {
  static override defineSchema() {
    return characterSchema();
  }
}

/** A Dice Pool weapon: the dice it adds to the pool, its damage on a hit, and whether it is in hand. */
export class DicePoolWeaponData extends itemModel(() => ({
  bonus: whole(0, 0, 3, "ANTHOLOGY.DicePool.bonus"),
  held: new foundry.data.fields.BooleanField({ initial: true, label: "ANTHOLOGY.DicePool.held" }),
  damage: whole(1, 0, 10, "ANTHOLOGY.DicePool.damage"),
  description: new foundry.data.fields.HTMLField({ required: true, blank: true }),
})) {}
