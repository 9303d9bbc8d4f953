import { describe, expect, it } from "vitest";
import { checkDecimal } from "../src/browser";

describe("the decimal rules, as a form checks them without zod", () => {
  it.each([
    ["", "number"],
    ["abc", "number"],
    ["0", "sign"],
    ["-1", "sign"],
    ["0.123456789", "places"],
    ["1000000000000.5", "bound"],
  ])("say which rule %j breaks: %s", (input, rule) => {
    expect(checkDecimal(input, "Quantity")).toMatchObject({ ok: false, rule });
  });

  it("give the exact decimal text of a value they take", () => {
    expect(checkDecimal(" 0.50 ", "Quantity")).toEqual({ ok: true, value: "0.5" });
  });
});
