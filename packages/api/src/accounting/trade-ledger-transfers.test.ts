import type { Trade } from "@ledgerline/db";
import { describe, expect, it } from "vitest";
import { TradeLedger } from "./portfolio-valuation";

const row = (
  transactionType: Trade["transactionType"],
  quantity: string,
  price: string,
): Trade => ({
  transactionDate: new Date("2026-02-10T15:00:00Z"),
  type: "STOCK",
  symbol: "AAPL",
  transactionType,
  quantity,
  price,
  fee: "0",
});

describe("a transfer in the trade ledger", () => {
  it("moves a holding in and out of one account at its cost, as a flow of its market value", () => {
    const source = new TradeLedger({ oneAccount: true });
    source.apply({ ...row("BUY", "10", "100"), fee: "5" });
    // 4 of 10 at an average cost of 100.5 leave, worth 4 x 130 at the day's close.
    expect(source.apply(row("TRANSFER_OUT", "4", "100.5"), "130")).toEqual({
      flow: "-520",
      realized: "0",
    });
    expect(source.held()).toMatchObject([{ quantity: "6", averagePrice: "100.5" }]);
    expect(source.totalRealized()).toBe("0");

    const destination = new TradeLedger({ oneAccount: true });
    expect(destination.apply(row("TRANSFER_IN", "4", "100.5"), "130")).toEqual({
      flow: "520",
      realized: "0",
    });
    expect(destination.held()).toMatchObject([{ quantity: "4", averagePrice: "100.5" }]);
    // Without a close, the flow is the cost it carried.
    expect(new TradeLedger({ oneAccount: true }).apply(row("TRANSFER_IN", "4", "100.5"))).toEqual({
      flow: "402",
      realized: "0",
    });
  });

  it("passes over both rows when replaying all accounts: nothing enters or leaves the whole", () => {
    const all = new TradeLedger();
    all.apply(row("BUY", "10", "100"));
    all.apply(row("BUY", "10", "200"));
    for (const type of ["TRANSFER_IN", "TRANSFER_OUT"] as const) {
      expect(all.apply(row(type, "4", "200"), "130")).toEqual({ flow: "0", realized: "0" });
    }
    // The combined average cost is untouched by the account's own (200).
    expect(all.held()).toMatchObject([{ quantity: "20", averagePrice: "150" }]);
  });
});
