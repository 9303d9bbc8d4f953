import { describe, expect, it } from "vitest";
import {
  alertMessages,
  checkAmount,
  checkDecimal,
  incomeFormMessages,
  portfolioMessages,
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
