import { marketMessages } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import type { TickerSnapshot } from "../../src/providers/types";
import { toMarketMovers, toStockSnapshot } from "../../src/service/snapshot-view";

// Values of the recorded Polygon snapshot for AAPL.
const trading: TickerSnapshot = {
  ticker: "AAPL",
  day: { open: "161.84", high: "166.2", low: "159.8", close: "160.315", volume: 68840127 },
  prevDay: { open: "159.25", high: "164.515", low: "158.93", close: "163.64", volume: 130149192 },
  updatedAt: 1651251948294,
};
const noTradesYet: TickerSnapshot = {
  ...trading,
  day: { open: null, high: null, low: null, close: "0", volume: 0 },
};

describe("the saved-stock view of a snapshot", () => {
  it("uses the day's close as the price while trading", () => {
    expect(toStockSnapshot(trading, "Apple Inc.")).toEqual({
      symbol: "AAPL",
      companyName: "Apple Inc.",
      price: "160.315",
      change: "-3.325",
      changePercent: -2.0319,
      marketCap: 0,
      volume: 68840127,
      timestamp: "2022-04-29T17:05:48.294Z",
      open: "161.84",
      high: "166.2",
      low: "159.8",
      previousClose: "163.64",
      marketStatus: marketMessages.marketOpen,
    });
  });

  it("uses the previous close as the price when the day's close and volume are both 0", () => {
    expect(toStockSnapshot(noTradesYet, "Apple Inc.")).toMatchObject({
      price: "163.64",
      change: "0",
      changePercent: 0,
      volume: 0,
      open: null,
      high: null,
      low: null,
      previousClose: "163.64",
      marketStatus: marketMessages.marketClosedUsingPreviousClose,
    });
  });
});

describe("the movers view", () => {
  it("shows today's change and volume while any gainer has traded", () => {
    const movers = toMarketMovers([trading, noTradesYet], [trading], 0);
    expect(movers.marketStatus).toBe(marketMessages.marketOpen);
    expect(movers.gainers[0]).toEqual({
      symbol: "AAPL",
      price: "160.315",
      changePercent: -2.0319,
      volume: 68840127,
      marketStatus: marketMessages.marketOpen,
    });
    expect(movers.gainers[1]).toMatchObject({ price: "163.64", changePercent: 0, volume: 0 });
  });

  it("shows previous-day data with zero change and volume when every gainer shows zero volume", () => {
    const movers = toMarketMovers(
      [noTradesYet],
      [{ ...trading, ticker: "MSFT" }],
      Date.parse("2026-03-14T16:00:00Z"),
    );
    expect(movers).toEqual({
      gainers: [
        {
          symbol: "AAPL",
          price: "163.64",
          changePercent: 0,
          volume: 0,
          marketStatus: marketMessages.marketClosedShowingPreviousDay,
        },
      ],
      losers: [
        {
          symbol: "MSFT",
          price: "160.315",
          changePercent: 0,
          volume: 0,
          marketStatus: marketMessages.marketClosedShowingPreviousDay,
        },
      ],
      marketStatus: marketMessages.marketClosedShowingPreviousDay,
      lastUpdate: "2026-03-14T16:00:00.000Z",
    });
  });

  it("lists at most 10 of each", () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...trading, ticker: `T${i}` }));
    const movers = toMarketMovers(many, many, 0);
    expect(movers.gainers).toHaveLength(10);
    expect(movers.losers).toHaveLength(10);
  });
});
