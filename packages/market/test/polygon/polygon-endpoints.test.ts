import { marketMessages } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { fixedClock } from "@ledgerline/clock";
import { PolygonStockMarket } from "../../src/polygon/polygon-stock-market";
import { createMarketService } from "../../src/service/create-market-service";
import {
  fixture,
  startFixtureServer,
  type FixtureServer,
  type Route,
} from "../support/fixture-server";

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function polygonWith(route: Route, options: { snapshotsEntitled?: boolean } = {}) {
  server = await startFixtureServer(route);
  // A Wednesday evening: the last completed session is 2022-04-27.
  const clock = fixedClock(new Date("2022-04-28T01:00:00Z"));
  return new PolygonStockMarket({
    apiKey: "test-key",
    baseUrl: server.url,
    timeoutMs: 2000,
    clock,
    ...options,
  });
}

const routes: Record<string, string> = {
  "/v2/snapshot/locale/us/markets/stocks/tickers/AAPL": "polygon/snapshot-ticker-AAPL.json",
  "/v2/snapshot/locale/us/markets/stocks/tickers": "polygon/snapshot-tickers-multi.json",
  "/v2/snapshot/locale/us/markets/stocks/gainers": "polygon/snapshot-gainers.json",
  "/v3/reference/tickers": "polygon/tickers-search.json",
  "/v2/reference/news": "polygon/news-NFLX.json",
  "/v1/related-companies/AAPL": "polygon/related-companies-AAPL.json",
  "/v2/aggs/ticker/AAPL/range/1/day/2005-04-01/2005-04-04": "polygon/aggs-AAPL-day.json",
  "/v2/aggs/ticker/ZZZZ/range/1/day/2022-01-01/2022-01-31": "polygon/aggs-empty.json",
  "/v2/aggs/ticker/AAPL/prev": "polygon/aggs-AAPL-prev.json",
  "/v2/aggs/grouped/locale/us/market/stocks/2022-04-27": "polygon/aggs-grouped.json",
  "/v2/aggs/grouped/locale/us/market/stocks/2022-04-26": "polygon/aggs-grouped-2022-04-26.json",
  "/v1/marketstatus/now": "polygon/marketstatus-now.json",
};

const recorded: Route = (request) => {
  if (request.path === "/v3/reference/tickers/AAPL") {
    return {
      body: fixture(
        request.query.has("date")
          ? "polygon/ticker-details-AAPL-date.json"
          : "polygon/ticker-details-AAPL.json",
      ),
    };
  }
  const file = routes[request.path];
  return file ? { body: fixture(file) } : undefined;
};

describe("Polygon adapter against recorded payloads", () => {
  it("reads a single-ticker snapshot into decimal prices, with the key in a header only", async () => {
    const polygon = await polygonWith(recorded);
    const snapshot = await polygon.getSnapshot("AAPL");
    expect(snapshot).toEqual({
      ticker: "AAPL",
      day: { open: "161.84", high: "166.2", low: "159.8", close: "160.315", volume: 68840127 },
      prevDay: {
        open: "159.25",
        high: "164.515",
        low: "158.93",
        close: "163.64",
        volume: 130149192,
      },
      updatedAt: 1651251948294,
    });
    const [request] = server!.requests;
    expect(request!.headers.authorization).toBe("Bearer test-key");
    expect(request!.query.has("apiKey")).toBe(false);
  });

  it("asks for a batch with one multi-ticker snapshot call", async () => {
    const polygon = await polygonWith(recorded);
    const snapshots = await polygon.getSnapshots(["BCAT", "NOPE"]);
    expect(snapshots.map((snapshot) => snapshot.ticker)).toEqual(["BCAT"]);
    expect(snapshots[0]!.day.close).toBe("20.506");
    expect(server!.requests).toHaveLength(1);
    expect(server!.requests[0]!.query.get("tickers")).toBe("BCAT,NOPE");
  });

  it("reads gainers from the movers snapshot", async () => {
    const polygon = await polygonWith(recorded);
    const gainers = await polygon.getMovers("gainers");
    expect(gainers.map((snapshot) => snapshot.ticker)).toEqual(["NVCN", "BIOL"]);
    expect(gainers[0]!.prevDay?.close).toBe("0.29");
  });

  it("searches active stocks sorted by ticker, 10 at most", async () => {
    const polygon = await polygonWith(recorded);
    const hits = await polygon.searchCompanies({ text: "a", limit: 10, activeOnly: true });
    expect(hits).toEqual([
      { ticker: "A", name: "Agilent Technologies Inc.", market: "stocks", locale: "us" },
      { ticker: "AA", name: "Alcoa Corporation", market: "stocks", locale: "us" },
    ]);
    const query = server!.requests[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      search: "a",
      active: "true",
      sort: "ticker",
      order: "asc",
      limit: "10",
    });
  });

  it("reads ticker details, today's and for a given date", async () => {
    const polygon = await polygonWith(recorded);
    const details = await polygon.getCompanyDetails("AAPL");
    expect(details).toMatchObject({
      ticker: "AAPL",
      name: "Apple Inc.",
      market_cap: 2488795282370,
      total_employees: 154000,
      list_date: "1980-12-12",
      primary_exchange: "XNAS",
      sic_description: "ELECTRONIC COMPUTERS",
      weighted_shares_outstanding: 16185181000,
      address: {
        address1: "ONE APPLE PARK WAY",
        city: "CUPERTINO",
        state: "CA",
        postal_code: "95014",
      },
      phone_number: "(408) 996-1010",
      homepage_url: "https://www.apple.com",
      simulated: false,
    });
    const dated = await polygon.getCompanyDetails("AAPL", "2022-04-28");
    expect(dated.market_cap).toBe(1916103105630);
    expect(server!.requests[1]!.query.get("date")).toBe("2022-04-28");
  });

  it("asks for 30 days of news, newest first, and never passes on third-party favicon URLs", async () => {
    const polygon = await polygonWith(recorded);
    const since = Date.parse("2022-03-29T00:00:00Z");
    const [article] = await polygon.getNews({ ticker: "NFLX", publishedSince: since, limit: 10 });
    expect(article).toMatchObject({
      id: "JeJEhAVoKaqJ2zF9nzQYMg07UlEeWlis6Dsop33TPQY",
      publisher: { name: "MarketWatch", favicon_url: null },
      published_utc: "2022-04-28T17:08:00Z",
      insights: [],
    });
    expect(Object.fromEntries(server!.requests[0]!.query)).toMatchObject({
      ticker: "NFLX",
      "published_utc.gte": "2022-03-29T00:00:00.000Z",
      order: "desc",
      sort: "published_utc",
      limit: "10",
    });
  });

  it("reads related companies", async () => {
    const polygon = await polygonWith(recorded);
    expect(await polygon.getRelatedTickers("AAPL")).toEqual([
      "MSFT",
      "GOOGL",
      "AMZN",
      "GOOG",
      "TSLA",
      "NVDA",
      "META",
      "DIS",
      "NFLX",
      "NKE",
    ]);
  });

  it("reads adjusted daily aggregates in ascending order, dated in New York", async () => {
    const polygon = await polygonWith(recorded);
    const bars = await polygon.getDailyBars({
      ticker: "AAPL",
      from: "2005-04-01",
      to: "2005-04-04",
    });
    expect(bars).toEqual([
      {
        date: "2005-04-01",
        t: 1112331600000,
        o: "1.5032",
        h: "1.5064",
        l: "1.4489",
        c: "1.4604",
        v: 642646396,
      },
      {
        date: "2005-04-04",
        t: 1112587200000,
        o: "1.4639",
        h: "1.4754",
        l: "1.4343",
        c: "1.4675",
        v: 578172308,
      },
    ]);
    expect(Object.fromEntries(server!.requests[0]!.query)).toMatchObject({
      adjusted: "true",
      sort: "asc",
    });
    expect(
      await polygon.getDailyBars({ ticker: "ZZZZ", from: "2022-01-01", to: "2022-01-31" }),
    ).toEqual([]);
  });

  it("reads the market status", async () => {
    const polygon = await polygonWith(recorded);
    expect(await polygon.getMarketStatus()).toEqual({
      market: "extended-hours",
      isOpen: false,
      earlyHours: false,
      afterHours: true,
      serverTime: "2022-04-28T20:48:08.000Z",
      simulated: false,
    });
  });
});

describe("Polygon adapter on a plan without snapshots", () => {
  const notEntitled: Route = (request) =>
    request.path.startsWith("/v2/snapshot/")
      ? { status: 403, body: fixture("polygon/error-403-not-entitled.json") }
      : recorded(request);

  it("falls back to the previous close for one ticker, as a closed market, and remembers", async () => {
    const polygon = await polygonWith(notEntitled);
    const snapshot = await polygon.getSnapshot("AAPL");
    expect(snapshot).toEqual({
      ticker: "AAPL",
      day: { open: null, high: null, low: null, close: "0", volume: 0 },
      prevDay: { open: "162.25", high: "162.34", low: "156.72", close: "156.8", volume: 95595226 },
      updatedAt: 1651003200000,
    });
    await polygon.getSnapshot("AAPL");
    expect(server!.requests.map((request) => request.path)).toEqual([
      "/v2/snapshot/locale/us/markets/stocks/tickers/AAPL",
      "/v2/aggs/ticker/AAPL/prev",
      "/v2/aggs/ticker/AAPL/prev",
    ]);
  });

  it("serves a batch from one grouped-daily call for the last completed session", async () => {
    const polygon = await polygonWith(notEntitled);
    const snapshots = await polygon.getSnapshots(["AAPL", "MSFT", "NOPE"]);
    expect(snapshots.map((snapshot) => [snapshot.ticker, snapshot.prevDay?.close])).toEqual([
      ["AAPL", "156.8"],
      ["MSFT", "270.22"],
    ]);
    expect(server!.requests.map((request) => request.path)).toEqual([
      "/v2/snapshot/locale/us/markets/stocks/tickers",
      "/v2/aggs/grouped/locale/us/market/stocks/2022-04-27",
    ]);
  });

  it("skips the snapshot call altogether when configured as not entitled", async () => {
    const polygon = await polygonWith(notEntitled, { snapshotsEntitled: false });
    await polygon.getSnapshot("AAPL");
    expect(server!.requests.map((request) => request.path)).toEqual(["/v2/aggs/ticker/AAPL/prev"]);
  });
});

describe("a closed market over Polygon", () => {
  const withEmptyDay: Route = (request) =>
    request.path === "/v2/aggs/grouped/locale/us/market/stocks/2022-04-24"
      ? { body: fixture("polygon/aggs-empty.json") }
      : recorded(request);

  it("reads one session's bars for every ticker from one grouped-daily call", async () => {
    const polygon = await polygonWith(withEmptyDay);
    const bars = await polygon.getSessionBars("2022-04-27");
    expect(bars).toHaveLength(3);
    expect(bars[0]).toEqual({
      ticker: "AAPL",
      bar: { open: "162.25", high: "162.34", low: "156.72", close: "156.8", volume: 95595226 },
    });
    expect(Object.fromEntries(server!.requests[0]!.query)).toMatchObject({ adjusted: "true" });
    expect(await polygon.getSessionBars("2022-04-24")).toEqual([]);
  });

  it("ranks the last session's movers from two grouped calls, without the snapshot lists", async () => {
    const polygon = await polygonWith(recorded);
    const market = createMarketService({
      stocks: { provider: polygon },
      clock: fixedClock(new Date("2022-04-28T01:00:00Z")),
      batchWindowMs: 0,
    });
    const movers = await market.stocks.getMarketMovers();
    expect(movers).toMatchObject({
      gainers: [],
      losers: [
        { symbol: "MSFT", price: "270.22", changePercent: -3.7404, volume: 42053310 },
        { symbol: "AAPL", price: "156.8", changePercent: -3.7328, volume: 95595226 },
      ],
      marketStatus: marketMessages.marketClosedShowingPreviousDay,
    });
    expect(server!.requests.map((request) => request.path)).toEqual([
      "/v2/aggs/grouped/locale/us/market/stocks/2022-04-27",
      "/v2/aggs/grouped/locale/us/market/stocks/2022-04-26",
    ]);
  });

  it("measures a closed quote against the session before, on a plan without snapshots", async () => {
    const polygon = await polygonWith(recorded, { snapshotsEntitled: false });
    const market = createMarketService({
      stocks: { provider: polygon },
      clock: fixedClock(new Date("2022-04-28T01:00:00Z")),
      batchWindowMs: 0,
    });
    expect(await market.stocks.getSnapshot("AAPL")).toMatchObject({
      price: "156.8",
      previousClose: "162.88",
      change: "-6.08",
      changePercent: -3.7328,
      volume: 95595226,
      open: "162.25",
      marketStatus: marketMessages.marketClosedUsingPreviousClose,
    });
  });
});
