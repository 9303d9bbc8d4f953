import { marketMessages } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import type { TickerSnapshot } from "../../src/providers/types";
import type { SnapshotBar } from "../../src/providers/types";
import {
  toMarketMovers,
  toPreviousSessionMovers,
  toStockSnapshot,
} from "../../src/service/snapshot-view";

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

  it("shows the last session when the day's close and volume are both 0", () => {
    // The market is closed: the last session's close, volume and range, measured against the
    // close of the session before it.
    expect(toStockSnapshot(noTradesYet, "Apple Inc.", "160")).toMatchObject({
      price: "163.64",
      change: "3.64",
      changePercent: 2.275,
      volume: 130149192,
      open: "159.25",
      high: "164.515",
      low: "158.93",
      previousClose: "160",
      marketStatus: marketMessages.marketClosedUsingPreviousClose,
    });
  });

  it("reads a zero change while closed when the session before is not known", () => {
    expect(toStockSnapshot(noTradesYet, "Apple Inc.")).toMatchObject({
      price: "163.64",
      change: "0",
      changePercent: 0,
      volume: 130149192,
      previousClose: "163.64",
      marketStatus: marketMessages.marketClosedUsingPreviousClose,
    });
  });

  it("shows zeros and no range for a closed stock that has no session yet", () => {
    expect(toStockSnapshot({ ...noTradesYet, prevDay: null }, "New Listing")).toMatchObject({
      price: "0",
      change: "0",
      volume: 0,
      open: null,
      high: null,
      low: null,
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

describe("the previous session's movers (market closed)", () => {
  const bar = (close: string, volume = 50_000): SnapshotBar => ({
    open: close,
    high: close,
    low: close,
    close,
    volume,
  });
  const before: Record<string, string> = {
    UP: "100",
    UPMORE: "100",
    DOWN: "100",
    DOWNMORE: "100",
    FLAT: "100",
    THIN: "100",
  };
  const session = [
    { ticker: "UP", bar: bar("101.5", 2_000_000) },
    { ticker: "UPMORE", bar: bar("112.25", 31_000) },
    { ticker: "DOWN", bar: bar("99") },
    { ticker: "DOWNMORE", bar: bar("80") },
    { ticker: "FLAT", bar: bar("100") },
    // Fewer than 10,000 shares: Polygon leaves it out of its lists, and so do we.
    { ticker: "THIN", bar: bar("300", 9_999) },
    // Not traded the session before (listed that day): no change to rank it by.
    { ticker: "NEW", bar: bar("10") },
  ];
  const movers = toPreviousSessionMovers(
    session,
    (ticker) => before[ticker],
    Date.parse("2026-03-14T16:00:00Z"),
  );

  it("ranks the session's real changes, with their real volumes, under the spec's message", () => {
    const status = marketMessages.marketClosedShowingPreviousDay;
    expect(movers).toEqual({
      gainers: [
        {
          symbol: "UPMORE",
          price: "112.25",
          changePercent: 12.25,
          volume: 31_000,
          marketStatus: status,
        },
        {
          symbol: "UP",
          price: "101.5",
          changePercent: 1.5,
          volume: 2_000_000,
          marketStatus: status,
        },
      ],
      losers: [
        {
          symbol: "DOWNMORE",
          price: "80",
          changePercent: -20,
          volume: 50_000,
          marketStatus: status,
        },
        { symbol: "DOWN", price: "99", changePercent: -1, volume: 50_000, marketStatus: status },
      ],
      marketStatus: status,
      lastUpdate: "2026-03-14T16:00:00.000Z",
    });
  });

  it("lists at most 10 of each", () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ticker: `T${i}`,
      bar: bar(String(50 + i)),
    }));
    const ranked = toPreviousSessionMovers(many, () => "64.5", 0);
    expect(ranked.gainers).toHaveLength(10);
    expect(ranked.losers).toHaveLength(10);
    expect(ranked.gainers[0]!.symbol).toBe("T29");
    expect(ranked.losers[0]!.symbol).toBe("T0");
  });
});
