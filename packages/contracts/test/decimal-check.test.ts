import { describe, expect, it } from "vitest";
import {
  alertMessages,
  checkAmount,
  checkDecimal,
  incomeFormMessages,
  portfolioMessages,
  readGroupedDecimal,
  readTypedDecimal,
  tradeAmounts,
} from "../src/browser";

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

  it("ask for plain digits when a number is written in scientific notation", () => {
    for (const input of ["1e3", "2.5E-4", " 1e+3 "]) {
      expect(checkDecimal(input, "Quantity")).toEqual({
        ok: false,
        rule: "number",
        message: "Quantity must be written as plain digits, like 1000 or 0.5 (not 1e3)",
      });
    }
    expect(checkDecimal("abc", "Quantity")).toMatchObject({
      message: "Quantity must be a number",
    });
  });

  it("give the exact decimal text of a value they take", () => {
    expect(checkDecimal(" 0.50 ", "Quantity")).toEqual({ ok: true, value: "0.5" });
  });
});

describe("an amount typed into a form", () => {
  it("is its exact decimal text when the server would take it", () => {
    expect(checkAmount(" 0.50 ", tradeAmounts.quantity)).toEqual({ value: "0.5", problem: null });
  });

  it("gives the field's own message for a box without a number above 0", () => {
    for (const text of ["", "abc", "0", "-1"]) {
      expect(checkAmount(text, tradeAmounts.sellQuantity).problem).toBe("Invalid sell quantity");
    }
  });

  it("gives the server's words for too many places or too large a value", () => {
    expect(checkAmount("0.123456789", tradeAmounts.purchasePrice).problem).toBe(
      "Purchase price can have at most 8 decimal places",
    );
    expect(checkAmount("1000000000001", tradeAmounts.quantity).problem).toBe(
      "Quantity must be at most 1,000,000,000,000",
    );
  });
});

describe("the messages for an amount not above 0", () => {
  it("are one sentence, word for word the spec's, in every table", () => {
    expect(portfolioMessages.quantityMustBePositive).toBe("Quantity must be greater than 0");
    expect(portfolioMessages.purchasePriceMustBePositive).toBe(
      "Purchase price must be greater than 0",
    );
    expect(portfolioMessages.sellPriceMustBePositive).toBe("Sell price must be greater than 0");
    expect(incomeFormMessages.amountPerShareMustBePositive).toBe(
      "Amount per share must be greater than 0",
    );
    expect(incomeFormMessages.totalMustBePositive).toBe("Total must be greater than 0");
    expect(alertMessages.notPositive).toBe("Value must be greater than 0");
    expect(checkDecimal("0", "Value")).toMatchObject({ message: alertMessages.notPositive });
  });
});

describe("amounts as people type them", () => {
  it.each([
    ["0,95", "0.95"],
    ["0,515", "0.515"],
    ["1.234,56", "1234.56"],
    ["1,000", "1000"],
    ["1,234.5", "1234.5"],
    [" 12.50 ", "12.5"],
  ])("read %j as an import guessing its separator would: %s", (typed, read) => {
    expect(readTypedDecimal(typed)).toBe(read);
  });

  it.each(["1,5,6", "12,34.5", "-0,95", "abc", ""])("leave %j unread", (typed) => {
    expect(readTypedDecimal(typed)).toBeUndefined();
  });

  it("read a file's cells in the file's separator only", () => {
    expect(readGroupedDecimal("1,5", ".")).toBeUndefined();
    expect(readGroupedDecimal("0,515", ".")).toBeUndefined();
    expect(readGroupedDecimal("1,5", ",")).toBe("1.5");
    expect(readGroupedDecimal("1.234", ",")).toBe("1234");
  });
});
