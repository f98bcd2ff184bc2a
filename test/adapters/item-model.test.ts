import { beforeAll, describe, expect, it } from "vitest";
import type * as ItemModel from "../../src/data/item-model";
import { installFoundry } from "../foundry/stand-in";

// The shared base of the rule sets' Item data models (src/data/item-model.ts), on the stand-in's DataModel.
let model: typeof ItemModel;

beforeAll(async () => {
  installFoundry();
  model = await import("../../src/data/item-model");
});

describe("itemModel", () => {
  it("gives a subclass the schema its function builds, fresh on each call, and keeps the subclass's name", () => {
    let built = 0;
    const schema = () => {
      built += 1;
      return { weight: model.weightField() };
    };
    class SampleData extends model.itemModel(schema) {}
    const first = SampleData.defineSchema();
    const second = SampleData.defineSchema();
    expect(Object.keys(first)).toEqual(["weight"]);
    expect(first.weight).not.toBe(second.weight);
    expect(built).toBe(2);
    expect(SampleData.name).toBe("SampleData");
    expect(new SampleData({})).toBeInstanceOf(foundry.abstract.TypeDataModel);
  });

  it("cleans a stored item by that schema: a missing weight is 0, a stored one is kept", () => {
    class SampleData extends model.itemModel(() => ({ weight: model.weightField() })) {}
    expect((new SampleData({}) as unknown as { weight: number }).weight).toBe(0);
    expect((new SampleData({ weight: 2.5 }) as unknown as { weight: number }).weight).toBe(2.5);
  });
});

describe("weightField", () => {
  it("is a required number from 0, not an integer, labelled with the shared item key", () => {
    expect(model.weightField().options).toMatchObject({
      required: true,
      nullable: false,
      min: 0,
      initial: 0,
      label: "ANTHOLOGY.Item.weight",
    });
    expect(model.weightField().options).not.toHaveProperty("integer");
  });
});
