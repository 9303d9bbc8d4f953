import { describe, expect, it } from "vitest";
import { buyMoreInput, portfolioMessages, sellInput, stockBuyInput } from "../src";

describe("trade inputs", () => {
  it("read text and JSON numbers as exact decimals", () => {
    expect(
      stockBuyInput.parse({ symbol: "aapl", quantity: "0.000001", purchasePrice: 187.1 }),
    ).toMatchObject({ symbol: "AAPL", quantity: "0.000001", purchasePrice: "187.1" });
  });

  it.each([
    [{ quantity: "0", purchasePrice: "1" }, portfolioMessages.quantityMustBePositive],
    [{ quantity: "-2", purchasePrice: "1" }, portfolioMessages.quantityMustBePositive],
    [{ quantity: "1", purchasePrice: "0" }, portfolioMessages.purchasePriceMustBePositive],
    [{ quantity: "abc", purchasePrice: "1" }, "Quantity must be a number"],
    [
      { quantity: "1e3", purchasePrice: "1" },
      "Quantity must be written as plain digits, like 1000 or 0.5 (not 1e3)",
    ],
    [{ quantity: "0.000000001", purchasePrice: "1" }, "Quantity can have at most 8 decimal places"],
    [
      { quantity: "10000000000000", purchasePrice: "1" },
      "Quantity must be at most 1,000,000,000,000",
    ],
    [{ quantity: true, purchasePrice: "1" }, "Quantity must be a number"],
  ])("refuse %j: %s", (amounts, message) => {
    const result = stockBuyInput.safeParse({ symbol: "AAPL", ...amounts });
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("give a sell's bad quantity the spec's one message", () => {
    expect(sellInput.safeParse({ positionId: 1, quantity: "0" }).error?.issues[0]?.message).toBe(
      portfolioMessages.invalidSellQuantity,
    );
    expect(sellInput.parse({ positionId: "7", quantity: "0.5" })).toEqual({
      positionId: 7,
      quantity: "0.5",
    });
  });

  it("take the expected holding of a buy-more as a canonical decimal", () => {
    const expectedHeld = (value: unknown) =>
      buyMoreInput.safeParse({
        positionId: 1,
        quantity: "1",
        purchasePrice: "1",
        expectedHeld: value,
      });
    expect(expectedHeld("1.50").data?.expectedHeld).toBe("1.5");
    expect(expectedHeld(0).data?.expectedHeld).toBe("0");
    expect(expectedHeld("-1").error?.issues[0]?.message).toBe(
      "The quantity held cannot be negative",
    );
  });
});
