import type { TaxLot } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import {
  checkChosen,
  estimatedGain,
  fillInOrder,
  methodOrder,
  taxSavingOrder,
} from "../src/components/trade/lots/lot-picks";

const lot = (
  lotId: string,
  remaining: string,
  costBasis: string,
  term: "short" | "long",
): TaxLot => ({
  lotId,
  accountId: 1,
  symbol: "AAPL",
  assetType: "STOCK",
  acquiredAt: "2025-01-02",
  holdingPeriodFrom: "2025-01-02",
  quantity: remaining,
  remaining,
  costBasis,
  washSaleAdjustment: "0",
  term,
  currentPrice: null,
  unrealizedGain: null,
});

// Oldest first, as GET /api/lots lists them: 10 at 100 (long), 10 at 150 (long), 5 at 130 (short).
const lots = [
  lot("1", "10", "1000", "long"),
  lot("2", "10", "1500", "long"),
  lot("3", "5", "650", "short"),
];
const ids = (list: readonly TaxLot[]) => list.map((each) => each.lotId);

describe("the lots a sale takes", () => {
  it("orders them as the account's method does", () => {
    expect(ids(methodOrder(lots, "fifo"))).toEqual(["1", "2", "3"]);
    expect(ids(methodOrder(lots, "lifo"))).toEqual(["3", "2", "1"]);
    expect(ids(methodOrder(lots, "hifo"))).toEqual(["2", "3", "1"]);
    expect(ids(methodOrder(lots, "specific"))).toEqual(["1", "2", "3"]);
    expect(ids(methodOrder(lots, "average"))).toEqual(["1", "2", "3"]);
  });

  it("fills the quantity from the lots in order, each up to what it has left", () => {
    expect(fillInOrder(methodOrder(lots, "lifo"), "12.5")).toEqual([
      { lotId: "3", quantity: "5" },
      { lotId: "2", quantity: "7.5" },
    ]);
    expect(fillInOrder(lots, "")).toEqual([]);
  });

  it("minimizes tax: long-term losses by highest cost, then short-term losses, then gains", () => {
    // At 140: lot 2 (150 each) is a long-term loss, lot 3 (130) a short-term gain, lot 1 (100) a
    // long-term gain; the long-term gain goes before the short-term one.
    expect(ids(taxSavingOrder(lots, "140"))).toEqual(["2", "1", "3"]);
    // At 120: lot 3 (130) is now a short-term loss, after the long-term loss of lot 2.
    expect(ids(taxSavingOrder(lots, "120"))).toEqual(["2", "3", "1"]);
    expect(fillInOrder(taxSavingOrder(lots, "120"), "12")).toEqual([
      { lotId: "2", quantity: "10" },
      { lotId: "3", quantity: "2" },
    ]);
  });

  it("says by how much a choice misses the sale and which lots cannot give what was typed", () => {
    expect(checkChosen(lots, { "1": "4", "2": "" }, "6")).toEqual({
      picks: [{ lotId: "1", quantity: "4" }],
      difference: "-2",
      invalid: [],
    });
    expect(checkChosen(lots, { "1": "4", "3": "6", "2": "abc" }, "4")).toMatchObject({
      difference: "0",
      invalid: ["2", "3"],
    });
  });

  it("estimates a lot's gain at the sell price from its cost a share, exactly", () => {
    expect(estimatedGain(lots[1]!, "3", "140")).toBe("-30");
    expect(estimatedGain(lot("4", "3", "100", "short"), "1", "40")).toBe("6.67");
  });
});
