import { describe, expect, it } from "vitest";
import { formOn, formPick, formValues, formWhole } from "../../src/play/form-values";

// A roll dialog's form is a player's input: whatever it holds, what is read from it is within what
// the dialog offers.

describe("a roll dialog's form values", () => {
  it("keeps the text values by name, the last of a name, and leaves files out", () => {
    const file = new Blob(["x"]);
    const values = formValues([
      ["aim", "2"],
      ["range", "short"],
      ["range", "long"],
      ["upload", file],
    ]);
    expect([...values]).toEqual([
      ["aim", "2"],
      ["range", "long"],
    ]);
  });

  it("reads whole numbers within their bounds, and the fallback for blank or unreadable input", () => {
    expect(formWhole("3", 0, 5, 1)).toBe(3);
    expect(formWhole("3.9", 0, 5, 1)).toBe(3);
    expect(formWhole("-2.5", -6, 0, 0)).toBe(-2);
    expect(formWhole("99", 0, 5, 1)).toBe(5);
    expect(formWhole("-99", 0, 5, 1)).toBe(0);
    expect(formWhole("", 0, 5, 1)).toBe(1);
    expect(formWhole("  ", 0, 5, 1)).toBe(1);
    expect(formWhole("lots", 0, 5, 1)).toBe(1);
    expect(formWhole("Infinity", 0, 5, 1)).toBe(1);
    expect(formWhole(undefined, 0, 5, 1)).toBe(1);
  });

  it("picks only a value the field offers", () => {
    const ranges = ["short", "medium", "long"] as const;
    expect(formPick("long", ranges, "short")).toBe("long");
    expect(formPick("point-blank", ranges, "short")).toBe("short");
    expect(formPick(undefined, ranges, "short")).toBe("short");
  });

  it("reads a checkbox as ticked only when it says so", () => {
    expect(formOn("on")).toBe(true);
    expect(formOn("true")).toBe(true);
    expect(formOn("off")).toBe(false);
    expect(formOn("")).toBe(false);
    expect(formOn(undefined)).toBe(false);
  });
});
