import { marketMessages } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { MarketDataError } from "../../src/errors";
import { simCoins } from "../../src/sim/crypto/coins";
import { callsTo } from "../support/controllable-provider";
import { serviceAt } from "../support/service";
import { DURING_SESSION } from "../support/times";

const outage = () => new MarketDataError("snapshot", "unavailable", { detail: "simulated outage" });

describe("the cache in front of the provider", () => {
  it("makes one upstream call for 100 concurrent requests of one symbol", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION);
    let release!: () => void;
    stocks.gate = new Promise<void>((resolve) => (release = resolve));
    const requests = Array.from({ length: 100 }, () => market.stocks.getSnapshot("AAPL"));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const answers = await Promise.all(requests);
    expect(new Set(answers.map((answer) => answer.price)).size).toBe(1);
    // One single-ticker call: the 100 requests never even reached the batcher as duplicates.
    expect(stocks.calls).toEqual([{ method: "getSnapshot", argument: "AAPL" }]);
  });

  it("answers from cache while fresh and asks again once the quote is stale", async () => {
    const { market, stocks, clock } = serviceAt(DURING_SESSION);
    await market.stocks.getSnapshot("MSFT");
    clock.set(DURING_SESSION.getTime() + 59_000);
    await market.stocks.getSnapshot("MSFT");
    expect(stocks.calls).toHaveLength(1);
    clock.set(DURING_SESSION.getTime() + 61_000);
    const later = await market.stocks.getSnapshot("MSFT");
    expect(stocks.calls).toHaveLength(2);
    expect(later.timestamp).toBe(new Date(DURING_SESSION.getTime() + 61_000).toISOString());
  });

  it("keeps closed-market quotes fresh longer, but never past the opening bell", async () => {
    const { market, stocks, clock } = serviceAt(new Date("2026-03-11T13:20:00Z")); // 09:20 EDT
    await market.stocks.getSnapshot("KO");
    clock.set(Date.parse("2026-03-11T13:29:59Z"));
    expect((await market.stocks.getSnapshot("KO")).marketStatus).toBe(
      marketMessages.marketClosedUsingPreviousClose,
    );
    expect(callsTo(stocks, "getSnapshot")).toBe(1);
    clock.set(Date.parse("2026-03-11T13:30:30Z"));
    expect((await market.stocks.getSnapshot("KO")).marketStatus).toBe(marketMessages.marketOpen);
    expect(callsTo(stocks, "getSnapshot")).toBe(2);
  });

  it("serves the last good quote when the provider fails, marked stale with its age", async () => {
    const { market, stocks, clock } = serviceAt(DURING_SESSION);
    const before = await market.stocks.getSnapshot("NVDA");
    expect(before).toMatchObject({
      stale: false,
      asOf: DURING_SESSION.toISOString(),
      ageSeconds: 0,
    });
    // Still fresh 40 s later: answered from cache, not stale.
    clock.set(DURING_SESSION.getTime() + 40_000);
    expect(await market.stocks.getSnapshot("NVDA")).toMatchObject({
      stale: false,
      ageSeconds: 40,
    });
    stocks.failWith = outage();
    clock.set(DURING_SESSION.getTime() + 75_000);
    expect(await market.stocks.getSnapshot("NVDA")).toEqual({
      ...before,
      stale: true,
      asOf: DURING_SESSION.toISOString(),
      ageSeconds: 75,
    });
    expect(stocks.calls).toHaveLength(2);
    // The provider is back: fresh figures, no longer stale.
    stocks.failWith = undefined;
    clock.set(DURING_SESSION.getTime() + 80_000);
    expect(await market.stocks.getSnapshot("NVDA")).toMatchObject({
      stale: false,
      asOf: new Date(DURING_SESSION.getTime() + 80_000).toISOString(),
      ageSeconds: 0,
    });
  });

  it("marks a crypto quote served from cache during an outage stale, with its age", async () => {
    const { market, crypto, clock } = serviceAt(DURING_SESSION);
    const before = await market.crypto.getQuote("BTC");
    expect(before.stale).toBe(false);
    crypto.failWith = outage();
    clock.set(DURING_SESSION.getTime() + 85_000);
    expect(await market.crypto.getQuote("BTC")).toEqual({
      ...before,
      stale: true,
      asOf: DURING_SESSION.toISOString(),
      ageSeconds: 85,
    });
  });

  it("fails with the spec's message when there is nothing stale to serve", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION);
    stocks.failWith = outage();
    await expect(market.stocks.getSnapshot("NVDA")).rejects.toMatchObject({
      kind: "unavailable",
      message: marketMessages.failedToFetchStockData,
    });
    await expect(market.stocks.getNews("NVDA")).rejects.toMatchObject({
      message: marketMessages.failedToFetchCompanyNews,
    });
    await expect(market.stocks.getMarketMovers()).rejects.toMatchObject({
      message: marketMessages.failedToFetchMarketMovers,
    });
    await expect(market.crypto.listCurrencies()).resolves.toHaveLength(simCoins.length);
  });

  it("validates symbols before any provider call", async () => {
    const { market, stocks, crypto } = serviceAt(DURING_SESSION);
    await expect(market.stocks.getSnapshot("not a symbol!")).rejects.toMatchObject({
      kind: "invalid_symbol",
      message: marketMessages.invalidStockSymbol,
    });
    await expect(market.stocks.getHistoricalBars("<script>", "1M")).rejects.toMatchObject({
      kind: "invalid_symbol",
    });
    await expect(market.crypto.getQuote("BTC-USD")).rejects.toMatchObject({
      kind: "invalid_symbol",
      message: marketMessages.invalidCryptoSymbol,
    });
    expect(stocks.calls).toHaveLength(0);
    expect(crypto.calls).toHaveLength(0);
  });

  it("remembers an unknown symbol for a while instead of asking again", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION);
    await expect(market.stocks.getSnapshot("zzzz")).rejects.toMatchObject({
      kind: "not_found",
      message: marketMessages.failedToFetchStockData,
    });
    await expect(market.stocks.getSnapshot("ZZZZ")).rejects.toMatchObject({ kind: "not_found" });
    expect(stocks.calls).toHaveLength(1);
  });
});

describe("remembered answers", () => {
  it("does not ask again for data the plan does not include, even on a forced refresh", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION);
    stocks.failWith = new MarketDataError("movers", "unauthorized", { detail: "NOT_AUTHORIZED" });
    await expect(market.stocks.getMarketMovers({ force: true })).rejects.toMatchObject({
      kind: "unauthorized",
    });
    await expect(market.stocks.getMarketMovers({ force: true })).rejects.toMatchObject({
      kind: "unauthorized",
      message: marketMessages.failedToFetchMarketMovers,
    });
    expect(stocks.calls.map((call) => call.argument)).toEqual(["gainers", "losers"]);
  });
});

describe("snapshot batching", () => {
  it("merges concurrent requests for different symbols into one batched upstream call", async () => {
    const { market, stocks, clock } = serviceAt(DURING_SESSION, { batchWindowMs: 10 });
    const symbols = ["AAPL", "MSFT", "KO", "PEP", "JPM", "XOM", "ZZZZ"];
    const pending = market.stocks.getSnapshots(symbols);
    await clock.advance(10);
    const results = await pending;
    expect(results.filter((result) => result.ok).map((result) => result.symbol)).toEqual(
      symbols.slice(0, 6),
    );
    expect(results.at(-1)).toMatchObject({
      symbol: "ZZZZ",
      ok: false,
      error: { kind: "not_found" },
    });
    expect(stocks.calls).toEqual([{ method: "getSnapshots", argument: symbols }]);
  });

  it("uses the single-ticker call for a batch of one", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION);
    await market.stocks.getSnapshot("AAPL");
    expect(callsTo(stocks, "getSnapshot")).toBe(1);
    expect(callsTo(stocks, "getSnapshots")).toBe(0);
  });
});

describe("the circuit breaker in front of the provider", () => {
  it("stops calling a failing provider after 5 failures and tries again after the cooldown", async () => {
    const { market, stocks, clock } = serviceAt(DURING_SESSION, {
      circuitBreaker: { failureThreshold: 5, cooldownMs: 30_000 },
    });
    stocks.failWith = outage();
    const symbols = ["AAPL", "MSFT", "KO", "PEP", "JPM", "XOM", "CVX"];
    for (const symbol of symbols) await market.stocks.getSnapshot(symbol).catch(() => undefined);
    expect(stocks.calls).toHaveLength(5);
    await expect(market.stocks.getSnapshot("BAC")).rejects.toMatchObject({
      kind: "unavailable",
      message: marketMessages.failedToFetchStockData,
    });
    expect(stocks.calls).toHaveLength(5);

    stocks.failWith = undefined;
    clock.set(DURING_SESSION.getTime() + 30_000);
    await expect(market.stocks.getSnapshot("BAC")).resolves.toMatchObject({ symbol: "BAC" });
    await expect(market.stocks.getSnapshot("WMT")).resolves.toMatchObject({ symbol: "WMT" });
    expect(stocks.calls).toHaveLength(7);
  });

  it("does not count a not-found answer as a provider failure", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION, {
      circuitBreaker: { failureThreshold: 2 },
    });
    for (const symbol of ["ZZZA", "ZZZB", "ZZZC"])
      await market.stocks.getSnapshot(symbol).catch(() => undefined);
    await expect(market.stocks.getSnapshot("AAPL")).resolves.toMatchObject({ symbol: "AAPL" });
    expect(stocks.calls).toHaveLength(4);
  });
});

describe("the rate limit in front of the provider", () => {
  it("refuses calls beyond the budget without reaching the provider, and serves stale data meanwhile", async () => {
    const { market, stocks, clock } = serviceAt(DURING_SESSION, {
      stockRateLimit: { requests: 2, perMs: 60_000 },
    });
    await market.stocks.getSnapshot("AAPL");
    await market.stocks.getSnapshot("MSFT");
    await expect(market.stocks.getSnapshot("KO")).rejects.toMatchObject({
      kind: "rate_limited",
      message: marketMessages.failedToFetchStockData,
    });
    expect(stocks.calls).toHaveLength(2);

    clock.set(DURING_SESSION.getTime() + 61_000);
    await expect(market.stocks.getSnapshot("KO")).resolves.toMatchObject({ symbol: "KO" });
    await market.stocks.getSnapshot("PEP");
    // AAPL's quote is stale now and the budget is spent: the old quote is served.
    const aapl = await market.stocks.getSnapshot("AAPL");
    expect(aapl.timestamp).toBe(DURING_SESSION.toISOString());
    expect(stocks.calls).toHaveLength(4);
  });
});

describe("movers and summary through the service", () => {
  it("summarises the S&P 500 from the same snapshots the app shows", async () => {
    const { market } = serviceAt(DURING_SESSION);
    const summary = await market.stocks.getMarketSummary();
    expect(summary.symbolCount).toBe(503);
    expect(summary.advancers + summary.decliners + summary.unchanged).toBe(503);
    const top = summary.topGainers[0]!;
    expect((await market.stocks.getSnapshot(top.symbol)).changePercent).toBe(top.changePercent);
    const movers = await market.stocks.getMarketMovers();
    expect(top.symbol).toBe(movers.gainers[0]!.symbol);
    expect(summary.mostActive[0]!.volume).toBeGreaterThanOrEqual(summary.mostActive[1]!.volume);
    expect(summary.totalVolume).toBeGreaterThan(0);
  });
});
