import { cannotSellMoreThanShares, portfolioMessages } from "@ledgerline/contracts/browser";
import { describe, expect, it } from "vitest";
import { stockTrade } from "../src/components/trade/trade-config";
import {
  buyQuantityProblem,
  clampToHeld,
  feeAmount,
  feeProblem,
  totalWithFee,
  purchasePriceProblem,
  sellPriceProblem,
  sellQuantityProblem,
  tradeTotal,
  tradeTotalProblem,
} from "../src/components/trade/trade-form";

describe("buy form rules", () => {
  it("wants a quantity greater than 0", () => {
    for (const bad of ["", "0", "-1", "abc", "0.000"]) {
      expect(buyQuantityProblem(bad)).toBe(portfolioMessages.quantityMustBePositive);
    }
    expect(buyQuantityProblem("0.5")).toBeNull();
  });

  it("wants a purchase price greater than 0", () => {
    expect(purchasePriceProblem("0")).toBe(portfolioMessages.purchasePriceMustBePositive);
    expect(purchasePriceProblem("")).toBe(portfolioMessages.purchasePriceMustBePositive);
    expect(purchasePriceProblem("160.31")).toBeNull();
  });
});

describe("trade amounts, by the rules the server applies to them", () => {
  it("are refused in the server's words past 8 decimal places or 1,000,000,000,000", () => {
    expect(buyQuantityProblem("0.123456789")).toBe("Quantity can have at most 8 decimal places");
    expect(purchasePriceProblem("1000000000000.01")).toBe(
      "Purchase price must be at most 1,000,000,000,000",
    );
    expect(sellPriceProblem("0.000000001")).toBe("Sell price can have at most 8 decimal places");
    expect(sellQuantityProblem("0.123456789", "10")).toBe(
      "Quantity can have at most 8 decimal places",
    );
    expect(tradeTotal("2000000000000", "1")).toBeUndefined();
  });

  it("are taken at the bound and at 8 decimal places", () => {
    expect(buyQuantityProblem("0.12345678")).toBeNull();
    expect(purchasePriceProblem("1000000000000")).toBeNull();
  });
});

describe("amounts written other than as plain digits", () => {
  it("say how to write them, not that they are not greater than 0", () => {
    const plain = "Quantity must be written as plain digits, like 1000 or 0.5 (not 1e3)";
    expect(buyQuantityProblem("1e3")).toBe(plain);
    expect(sellQuantityProblem("1e3", "5000")).toBe(plain);
    expect(purchasePriceProblem("1.5E2")).toBe(
      "Purchase price must be written as plain digits, like 1000 or 0.5 (not 1e3)",
    );
  });
});

describe("an order's total", () => {
  it("is refused past $10,000,000,000, as the server refuses it: 99,999,999,999 shares at $470", () => {
    expect(tradeTotalProblem("99999999999", "470")).toBe(portfolioMessages.tradeTotalTooLarge);
    expect(tradeTotalProblem("1000000000", "10.00000001")).toBe(
      portfolioMessages.tradeTotalTooLarge,
    );
    expect(tradeTotalProblem("1000000000", "10")).toBeNull();
    expect(tradeTotalProblem("", "10")).toBeNull();
  });
});

describe("a trade's fee", () => {
  it("is optional: an empty box is no fee, as the server's default", () => {
    expect(feeAmount("")).toBe("0");
    expect(feeAmount("  ")).toBe("0");
    expect(feeProblem("")).toBeNull();
    expect(feeAmount("4.50")).toBe("4.5");
  });

  it("is refused in the server's words: negative, not a number, past 8 places or the bound", () => {
    expect(feeProblem("-1")).toBe("Fee cannot be negative");
    expect(feeProblem("abc")).toBe("Fee must be a number");
    expect(feeProblem("0.000000001")).toBe("Fee can have at most 8 decimal places");
    expect(feeProblem("1000000000001")).toBe("Fee must be at most 1,000,000,000,000");
    expect(feeAmount("-1")).toBeUndefined();
  });

  it("is added to a buy's total and taken from a sell's: buy 10 at 100 fee 5, sell 10 at 110 fee 5", () => {
    expect(totalWithFee("buy", "10", "100", "5")).toBe("1005");
    expect(totalWithFee("sell", "10", "110", "5")).toBe("1095");
    expect(totalWithFee("buy", "10", "100", "")).toBe("1000");
    expect(totalWithFee("buy", "10", "100", "-5")).toBeUndefined();
  });

  it("holds the order to the server's bounds: a buy's total with its fee, a sell's fee within its total", () => {
    expect(tradeTotalProblem("1", "10000000000", "buy", "0.01")).toBe(
      portfolioMessages.tradeTotalWithFeeTooLarge,
    );
    expect(tradeTotalProblem("1", "10000000000", "buy", "")).toBeNull();
    expect(tradeTotalProblem("1", "10", "sell", "10.01")).toBe(portfolioMessages.feeAboveProceeds);
    expect(tradeTotalProblem("1", "10", "sell", "10")).toBeNull();
  });
});

describe("sell form rules", () => {
  it("wants a quantity above 0 and not above the holding", () => {
    expect(sellQuantityProblem("0", "10")).toBe(portfolioMessages.invalidSellQuantity);
    expect(sellQuantityProblem("10.5", "10")).toBe(portfolioMessages.invalidSellQuantity);
    expect(sellQuantityProblem("1", "0")).toBe(portfolioMessages.invalidSellQuantity);
    expect(sellQuantityProblem("10", "10")).toBeNull();
    expect(sellPriceProblem("0")).toBe(portfolioMessages.sellPriceMustBePositive);
  });

  it("sets a quantity above the holding back to the holding, compared exactly", () => {
    expect(clampToHeld("25", "10")).toEqual({ quantity: "10", clamped: true });
    expect(clampToHeld("0.30000001", "0.3")).toEqual({ quantity: "0.3", clamped: true });
    expect(clampToHeld("0.3", "0.3")).toEqual({ quantity: "0.3", clamped: false });
    expect(clampToHeld("", "10")).toEqual({ quantity: "", clamped: false });
  });

  it("says the stock oversell message with the held amount", () => {
    expect(stockTrade.sell.oversellMessage("10", "AAPL")).toBe(cannotSellMoreThanShares("10"));
    expect(stockTrade.sell.oversellMessage("10", "AAPL")).toBe("Cannot sell more than 10 shares");
  });
});

describe("trade total", () => {
  it("multiplies quantity and price exactly", () => {
    expect(tradeTotal("3", "0.1")).toBe("0.3");
    expect(tradeTotal("0.12345678", "160.31")).toBe("19.7913564018");
    expect(tradeTotal("1000000000000", "999999999.99")).toBe("999999999990000000000");
    expect(tradeTotal("", "1")).toBeUndefined();
    expect(tradeTotal("1", "0")).toBeUndefined();
  });
});
