import type { PortfolioSummary, StockSnapshot } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp, MARKET_NOW, pinnedMarket } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("portfolio summary", () => {
  it("computes every figure exactly, matching hand-computed examples", async () => {
    const me = await historyApp();
    t = me.t;
    // The pinned market's prices at this instant.
    const market = pinnedMarket();
    expect((await market.stocks.getSnapshot("AAPL")).price).toBe("258.79");
    expect((await market.stocks.getSnapshot("MSFT")).price).toBe("451.72");
    expect((await market.crypto.getQuote("BTC")).price).toBe("88768.55");
    expect((await market.crypto.getQuote("SHIB")).price).toBe("0.00002229");

    // AAPL bought at two prices and partly sold: 25 held at an average of (2000 + 6600) / 40 = 215.
    await me.buy("STOCK", "AAPL", "10", "200", "2026-01-05T15:00:00Z");
    await me.buy("STOCK", "AAPL", "30", "220", "2026-01-12T15:00:00Z");
    await me.sell("STOCK", "AAPL", "15", "230", "2026-02-02T15:00:00Z");
    await me.buy("STOCK", "MSFT", "2", "400.1", "2026-02-03T15:00:00Z");
    // BTC: 0.5 at 80000 and 0.5 at 90000 average 85000; a quarter sold leaves 0.75.
    await me.buy("CRYPTO", "BTC", "0.5", "80000", "2026-01-06T15:00:00Z");
    await me.buy("CRYPTO", "BTC", "0.5", "90000", "2026-01-20T15:00:00Z");
    await me.sell("CRYPTO", "BTC", "0.25", "86000", "2026-02-16T15:00:00Z");
    await me.buy("CRYPTO", "SHIB", "1000000", "0.00001", "2026-02-17T15:00:00Z");

    const summary = await me.ok<PortfolioSummary>("portfolioSummary.get");
    const rows = (section: PortfolioSummary["stocks"]) =>
      section.positions.map(({ id: _id, priceAsOf: _asOf, ...row }) => row);

    expect(rows(summary.stocks)).toEqual([
      {
        symbol: "AAPL",
        name: "Apple Inc.",
        quantity: "25",
        averagePurchasePrice: "215",
        currentPrice: "258.79",
        priceSource: "market",
        currentValue: "6469.75", // 25 x 258.79
        costBasis: "5375", // 25 x 215
        gainLoss: "1094.75",
        gainLossPercent: 20.3674, // 1094.75 / 5375
        allocationPercent: 8.7462, // 6469.75 / 73971.8925
        todayChange: "-21", // 25 x -0.84, the market's change per share today
        todayChangePercent: -0.3235, // -21 / (6469.75 + 21)
        realizedGain: "225", // 15 x (230 - 215)
      },
      {
        symbol: "MSFT",
        name: "Microsoft Corporation",
        quantity: "2",
        averagePurchasePrice: "400.1",
        currentPrice: "451.72",
        priceSource: "market",
        currentValue: "903.44",
        costBasis: "800.2",
        gainLoss: "103.24",
        gainLossPercent: 12.9018,
        allocationPercent: 1.2213,
        todayChange: "-2.94", // 2 x -1.47
        todayChangePercent: -0.3244, // -2.94 / (903.44 + 2.94)
        realizedGain: "0",
      },
    ]);
    expect(summary.stocks.totals).toEqual({
      currentValue: "7373.19",
      costBasis: "6175.2",
      gainLoss: "1197.99",
      gainLossPercent: 19.4,
    });
    expect(summary.stocks.allocationPercent).toBe(9.9676);

    expect(rows(summary.crypto)).toEqual([
      {
        symbol: "BTC",
        name: "Bitcoin",
        quantity: "0.75",
        averagePurchasePrice: "85000",
        currentPrice: "88768.55",
        priceSource: "market",
        currentValue: "66576.4125",
        costBasis: "63750",
        gainLoss: "2826.4125",
        gainLossPercent: 4.4336,
        allocationPercent: 90.0023,
        todayChange: "843.51", // 0.75 x 1124.68, the coin's change over 24 hours
        todayChangePercent: 1.2832, // 843.51 / (66576.4125 - 843.51)
        realizedGain: "250", // 0.25 x (86000 - 85000)
      },
      {
        symbol: "SHIB",
        name: "Shiba Inu",
        quantity: "1000000",
        averagePurchasePrice: "0.00001",
        currentPrice: "0.00002229",
        priceSource: "market",
        currentValue: "22.29",
        costBasis: "10",
        gainLoss: "12.29",
        gainLossPercent: 122.9,
        allocationPercent: 0.0301,
        todayChange: "1.13", // 1000000 x 0.00000113
        todayChangePercent: 5.3403, // 1.13 / (22.29 - 1.13)
        realizedGain: "0",
      },
    ]);
    expect(summary.crypto.totals).toEqual({
      currentValue: "66598.7025",
      costBasis: "63760",
      gainLoss: "2838.7025",
      gainLossPercent: 4.4522,
    });
    expect(summary.crypto.allocationPercent).toBe(90.0324);

    // The total is the sum of both.
    expect(summary.total).toEqual({
      currentValue: "73971.8925",
      costBasis: "69935.2",
      gainLoss: "4036.6925",
      gainLossPercent: 5.772,
    });
    expect(summary.stocks.positions[0]?.priceAsOf).toBe(MARKET_NOW.toISOString());
    // Total return = unrealized + realized + income.
    expect(summary.returns).toEqual({
      realizedGain: "475",
      unrealizedGain: "4036.6925",
      // Dividends paid by the simulated market on shares held at their ex-dates (issue 15).
      income: "1.62",
      totalReturn: "4513.3125", // 4511.6925 + 1.62
    });
  });

  it("is empty, not failing, for a user with no positions", async () => {
    const me = await historyApp();
    t = me.t;
    const summary = await me.ok<PortfolioSummary>("portfolioSummary.get");
    const empty = { currentValue: "0", costBasis: "0", gainLoss: "0", gainLossPercent: null };
    expect(summary.stocks).toEqual({ positions: [], totals: empty, allocationPercent: null });
    expect(summary.crypto).toEqual({ positions: [], totals: empty, allocationPercent: null });
    expect(summary.total).toEqual(empty);
    expect(summary.today).toBeNull();
  });

  it("says today's change of the holdings: quantity x each one's change, against their value before it", async () => {
    const me = await historyApp();
    t = me.t;
    const market = pinnedMarket();
    await me.buy("STOCK", "AAPL", "10", "200", "2026-01-05T15:00:00Z");
    await me.buy("CRYPTO", "BTC", "0.5", "80000", "2026-01-06T15:00:00Z");
    // A position the market cannot price does not move today.
    await me.buy("STOCK", "ZZZZ", "4", "50", "2026-02-02T15:00:00Z");
    const aapl = await market.stocks.getSnapshot("AAPL");
    const btc = await market.crypto.getQuote("BTC");
    const summary = await me.ok<PortfolioSummary>("portfolioSummary.get");
    const change = 10 * Number(aapl.change) + 0.5 * Number(btc.change);
    const before = 10 * Number(aapl.price) + 0.5 * Number(btc.price) - change;
    expect(Number(summary.today?.change)).toBeCloseTo(change, 8);
    expect(summary.today?.changePercent).toBeCloseTo((change / before) * 100, 3);
  });

  it("values a position the market cannot price at its last known price and flags it", async () => {
    const me = await historyApp();
    t = me.t;
    // Symbols the simulated market does not know: as if the provider failed for them.
    await me.buy("STOCK", "ZZZZ", "4", "50", "2026-02-02T15:00:00Z");
    await me.buy("STOCK", "ZZZZ", "4", "60", "2026-02-09T15:00:00Z");
    await me.buy("CRYPTO", "NOPE", "2", "3", "2026-02-10T15:00:00Z");
    await me.buy("STOCK", "AAPL", "1", "240", "2026-02-10T15:00:00Z");

    const summary = await me.ok<PortfolioSummary>("portfolioSummary.get");
    expect(summary.stocks.positions.map((p) => [p.symbol, p.priceSource])).toEqual([
      ["AAPL", "market"],
      ["ZZZZ", "last_known"],
    ]);
    // The last trade's price, as of its date.
    expect(summary.stocks.positions[1]).toMatchObject({
      currentPrice: "60",
      priceAsOf: "2026-02-09T15:00:00.000Z",
      currentValue: "480",
      costBasis: "440",
      gainLoss: "40",
      // A last known price tells no change today: not a made-up zero.
      todayChange: null,
      todayChangePercent: null,
    });
    expect(summary.crypto.positions[0]).toMatchObject({
      symbol: "NOPE",
      priceSource: "last_known",
      currentPrice: "3",
    });
    expect(summary.total.currentValue).toBe("744.79"); // 258.79 + 480 + 6
  });

  it("prefers a newer quote stored on the watchlist to the last trade", async () => {
    const me = await historyApp();
    t = me.t;
    await me.buy("STOCK", "ZZZZ", "2", "50", "2026-02-02T15:00:00Z");
    const stored: StockSnapshot = {
      symbol: "ZZZZ",
      companyName: "Zed Holdings",
      price: "55.5",
      change: "1",
      changePercent: 1.8,
      marketCap: 0,
      volume: 100,
      timestamp: "2026-03-01T15:00:00.000Z",
      open: null,
      high: null,
      low: null,
      previousClose: "54.5",
      marketStatus: "Market is open.",
    };
    await t.app.deps.repos.stockWatchlist.save(
      me.user.id,
      stored,
      new Date("2026-03-01T15:00:00Z"),
    );
    const summary = await me.ok<PortfolioSummary>("portfolioSummary.get");
    expect(summary.stocks.positions[0]).toMatchObject({
      symbol: "ZZZZ",
      name: "Zed Holdings",
      currentPrice: "55.5",
      priceSource: "last_known",
      priceAsOf: "2026-03-01T15:00:00.000Z",
      currentValue: "111",
    });
  });

  it("shows only the signed-in user's positions and refuses anonymous callers", async () => {
    const me = await historyApp();
    t = me.t;
    await me.buy("STOCK", "AAPL", "1", "240", "2026-02-10T15:00:00Z");
    const other = await t.registerUser();
    const theirs = await me.query<PortfolioSummary>("portfolioSummary.get", undefined, other.token);
    expect(theirs.data.stocks.positions).toEqual([]);
    expect((await t.trpc("query", "portfolioSummary.get")).status).toBe(401);
  });
});
