import {
  canOnlySellUpTo,
  cannotSellMoreThanCrypto,
  portfolioMessages,
} from "@ledgerline/contracts/browser";
import { describe, expect, it } from "vitest";
import { priceVersusSaved } from "../src/components/crypto/price-versus-saved";
import { cryptoTrade } from "../src/components/trade/crypto-trade-config";
import { stockTrade } from "../src/components/trade/trade-config";
import { clampToHeld, sellQuantityProblem, tradeTotal } from "../src/components/trade/trade-form";
import { formatCurrency, formatQuantity } from "../src/lib/format";

describe("crypto watchlist colouring", () => {
  it("compares the refreshed price with the saved price exactly, sub-cent prices too", () => {
    expect(priceVersusSaved("64000.01", "64000")).toBe("above");
    expect(priceVersusSaved("0.00001233", "0.00001234")).toBe("below");
    expect(priceVersusSaved("0.1", "0.10")).toBe("same");
  });
});

describe("crypto trade dialogs", () => {
  it("step quantities by 0.000001 and prices by 0.01, with the spec's confirm titles", () => {
    expect(cryptoTrade.quantityStep).toBe("0.000001");
    expect(cryptoTrade.priceStep).toBe("0.01");
    expect(cryptoTrade.buy.confirmTitle).toBe("Confirm Purchase");
    expect(cryptoTrade.sell.confirmTitle).toBe("Confirm Sale");
    expect(cryptoTrade.sell.failure).toBe(portfolioMessages.failedToReducePosition);
    expect(cryptoTrade.buy.failure).toBe(portfolioMessages.failedToAddToPortfolio);
  });

  it("on oversell show the spec's message in place of the notice, with the quantity reset to the owned amount", () => {
    expect(clampToHeld("0.6", "0.5")).toEqual({ quantity: "0.5", clamped: true });
    expect(cryptoTrade.sell.oversellMessage("0.5", "BTC")).toBe(
      cannotSellMoreThanCrypto("0.5", "BTC"),
    );
    expect(cryptoTrade.sell.oversellMessage("0.5", "BTC")).toBe(
      "Cannot sell more than 0.5 BTC, set Quantity to 0.5",
    );
    expect(cryptoTrade.sell.quantityHint?.("0.5", "BTC")).toBe(canOnlySellUpTo("0.5", "BTC"));
    expect(cryptoTrade.sell.disableInputsWhenNothingHeld).toBe(true);
  });

  it("name the same acts as the stock dialogs do: Add ... and Remove ...", () => {
    expect([cryptoTrade.buy.submitLabel, cryptoTrade.sell.submitLabel]).toEqual([
      "Add Crypto",
      "Remove Crypto",
    ]);
    expect([cryptoTrade.buy.quantityLabel, cryptoTrade.sell.quantityLabel]).toEqual([
      stockTrade.buy.quantityLabel,
      stockTrade.sell.quantityLabel,
    ]);
  });

  it("accept fractional crypto quantities up to what is owned and total them exactly", () => {
    expect(sellQuantityProblem("0.000001", "0.5")).toBeNull();
    expect(sellQuantityProblem("0.500001", "0.5")).toBe(portfolioMessages.invalidSellQuantity);
    expect(tradeTotal("0.000001", "0.00001234")).toBe("0.00000000001234");
    expect(tradeTotal("12345.12345678", "0.31")).toBe("3826.9882716018");
  });
});

describe("crypto number formats", () => {
  it("show sub-cent prices with 8 decimals and quantities exact to 8 decimals", () => {
    expect(formatCurrency("0.00001234")).toBe("$0.00001234");
    expect(formatCurrency("64090.5")).toBe("$64,090.50");
    expect(formatQuantity("12345.12345678")).toBe("12,345.12345678");
    expect(formatQuantity("0.000001")).toBe("0.000001");
  });
});
