import { marketMessages } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import {
  createMarketService,
  providerRateLimits,
  type MarketServiceConfig,
} from "../../src/service/create-market-service";
import { createManualClock } from "../../src/testing";
import {
  fixture,
  startFixtureServer,
  type FixtureServer,
  type Route,
} from "../support/fixture-server";
import { serviceAt } from "../support/service";

const DURING_SESSION = new Date("2026-03-11T15:00:00Z");

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const recorded: Route = (request) => {
  switch (request.path) {
    case "/v2/snapshot/locale/us/markets/stocks/tickers/AAPL":
      return { body: fixture("polygon/snapshot-ticker-AAPL.json") };
    case "/app/v2/prices/BTC-USD/spot":
      return { body: fixture("coinbase/spot-BTC-USD.json") };
    case "/exchange/products/BTC-USD/stats":
      return { body: fixture("coinbase/stats-BTC-USD.json") };
    default:
      return undefined;
  }
};

/** The real adapters against a local server, on a clock that stands still (no refill). */
async function realProviders(config: Pick<MarketServiceConfig, "rateLimits"> = {}) {
  server = await startFixtureServer(recorded);
  const market = createMarketService({
    ...config,
    clock: createManualClock(DURING_SESSION),
    batchWindowMs: 0,
    stocks: { provider: "polygon", apiKey: "test-key", baseUrl: server.url },
    crypto: {
      provider: "coinbase",
      apiBaseUrl: `${server.url}/app`,
      exchangeBaseUrl: `${server.url}/exchange`,
    },
  });
  return { market, server };
}

/** 30 forced refreshes, one after another (a refused one serves the cached value). */
async function refreshThirtyTimes(refresh: () => Promise<unknown>): Promise<void> {
  for (let count = 0; count < 30; count += 1) await refresh();
}

function upstreamRequests(fixtureServer: FixtureServer, prefix: string): number {
  return fixtureServer.requests.filter((request) => request.path.startsWith(prefix)).length;
}

describe("configured provider budgets", () => {
  it("holds Polygon to the free plan's 5 calls a minute by default", async () => {
    const { market, server: upstream } = await realProviders();
    await refreshThirtyTimes(() => market.stocks.refreshSnapshots(["AAPL"]));
    expect(upstreamRequests(upstream, "/v2/")).toBe(5);
  });

  it("lets a paid Polygon plan make as many calls a minute as configured", async () => {
    const { market, server: upstream } = await realProviders({
      rateLimits: providerRateLimits({ polygonCallsPerMinute: 12 }),
    });
    await refreshThirtyTimes(() => market.stocks.refreshSnapshots(["AAPL"]));
    expect(upstreamRequests(upstream, "/v2/")).toBe(12);
  });

  it("holds Coinbase to 10 calls a second by default and to the configured number otherwise", async () => {
    // A quote is two calls (spot and 24 h stats).
    const byDefault = await realProviders();
    await refreshThirtyTimes(() => byDefault.market.crypto.refreshQuotes(["BTC"]));
    expect(upstreamRequests(byDefault.server, "/")).toBe(10);
    await byDefault.server.close();

    const configured = await realProviders({
      rateLimits: providerRateLimits({ coinbaseCallsPerSecond: 4 }),
    });
    await refreshThirtyTimes(() => configured.market.crypto.refreshQuotes(["BTC"]));
    expect(upstreamRequests(configured.server, "/")).toBe(4);
  });

  it("keeps the other provider's default when only one is configured", () => {
    expect(providerRateLimits({ polygonCallsPerMinute: 100 })).toEqual({
      polygon: { requests: 100, perMs: 60_000 },
      coinbase: { requests: 10, perMs: 1000 },
    });
  });
});

/** Whether a promise has settled yet, without waiting for it. */
function watch<T>(promise: Promise<T>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

describe("a provider that never answers", () => {
  const never = () => new Promise<void>(() => undefined);

  it("costs a request with cached data 3 s, then answers the cached quote", async () => {
    const { market, stocks, clock } = serviceAt(DURING_SESSION);
    const before = await market.stocks.getSnapshot("AAPL");
    clock.set(DURING_SESSION.getTime() + 61_000);
    stocks.gate = never();
    const pending = market.stocks.getSnapshot("AAPL");
    const state = watch(pending);
    await clock.advance(2999);
    expect(state.settled).toBe(false);
    await clock.advance(1);
    expect(state.settled).toBe(true);
    expect((await pending).price).toBe(before.price);
    expect((await pending).timestamp).toBe(before.timestamp);
  });

  it("costs a request without cached data 3 s, then fails with the spec's message", async () => {
    const { market, stocks, clock } = serviceAt(DURING_SESSION);
    stocks.gate = never();
    const pending = market.stocks.getSnapshot("NVDA");
    const outcome = pending.catch((error: unknown) => error);
    const state = watch(pending);
    await clock.advance(2999);
    expect(state.settled).toBe(false);
    await clock.advance(1);
    expect(await outcome).toMatchObject({
      kind: "unavailable",
      message: marketMessages.failedToFetchStockData,
    });
  });

  it("gives up after the configured timeout, for crypto as for stocks", async () => {
    const { market, crypto, clock } = serviceAt(DURING_SESSION, { providerTimeoutMs: 1000 });
    crypto.gate = never();
    const outcome = market.crypto.getQuote("BTC").catch((error: unknown) => error);
    await clock.advance(1000);
    expect(await outcome).toMatchObject({
      kind: "unavailable",
      message: marketMessages.failedToFetchCryptoData,
    });
  });

  it("drops a hung HTTP request to Polygon after the timeout", async () => {
    server = await startFixtureServer(() => ({ hang: true }));
    const market = createMarketService({
      providerTimeoutMs: 300,
      batchWindowMs: 0,
      stocks: { provider: "polygon", apiKey: "test-key", baseUrl: server.url },
    });
    const started = Date.now();
    await expect(market.stocks.getSnapshot("AAPL")).rejects.toMatchObject({
      kind: "unavailable",
      message: marketMessages.failedToFetchStockData,
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(server.requests).toHaveLength(1);
  });
});
