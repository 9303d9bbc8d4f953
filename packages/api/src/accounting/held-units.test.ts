import type { Trade } from "@ledgerline/db";
import { describe, expect, it } from "vitest";
import { HeldUnits } from "./held-units";
import { TradeLedger } from "./portfolio-valuation";

const trade = (
  type: Trade["type"],
  symbol: string,
  transactionType: Trade["transactionType"],
  quantity: string,
  price: string,
  fee = "0",
): Trade => ({
  transactionDate: new Date("2026-02-10T15:00:00Z"),
  type,
  symbol,
  transactionType,
  quantity,
  price,
  fee,
});

describe("HeldUnits", () => {
  it("values each day as TradeLedger.value does, to the same text", () => {
    const ledger = new TradeLedger({ oneAccount: true });
    const held = new HeldUnits();
    const days: [Trade[], Record<string, string | undefined>][] = [
      [[trade("STOCK", "AAPL", "BUY", "3", "100.1", "1.25")], { "STOCK:AAPL": "101.50" }],
      // A coin with 8 decimals, a close missing (the last trade's price then), a zero close.
      [
        [trade("CRYPTO", "BTC", "BUY", "0.12345678", "43000.12")],
        { "STOCK:AAPL": "99.999", "CRYPTO:BTC": undefined },
      ],
      [[trade("STOCK", "MSFT", "BUY", "7", "310")], { "STOCK:AAPL": "0", "CRYPTO:BTC": "42000" }],
      // A sell to nothing: the holding is passed over as TradeLedger.value passes it.
      [[trade("STOCK", "MSFT", "SELL", "7", "320", "2")], { "STOCK:AAPL": "102" }],
      [[trade("STOCK", "AAPL", "BUY", "1.5", "98.3333")], { "STOCK:AAPL": "102.10" }],
      [[], { "STOCK:AAPL": "1e2", "CRYPTO:BTC": "41999.5" }],
      [[trade("STOCK", "AAPL", "SELL", "4.5", "100")], { "CRYPTO:BTC": "0.01" }],
    ];
    for (const [trades, closes] of days) {
      for (const each of trades) ledger.apply(each);
      const closeOf = (key: string) => closes[key];
      expect(held.value(ledger, closeOf)).toEqual(ledger.value(closeOf));
    }
  });

  it("answers nothing held as zeros", () => {
    expect(new HeldUnits().value(new TradeLedger(), () => undefined)).toEqual({
      stockValue: "0",
      cryptoValue: "0",
      totalValue: "0",
      costBasis: "0",
    });
  });
});
