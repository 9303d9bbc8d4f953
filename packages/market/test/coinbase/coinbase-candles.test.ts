import { historicalBar, marketMessages } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { CoinbaseCryptoMarket } from "../../src/coinbase/coinbase-crypto-market";
import { MarketDataError } from "../../src/errors";
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

async function coinbaseWith(route: Route, timeoutMs = 2000) {
  server = await startFixtureServer(route);
  return new CoinbaseCryptoMarket({
    apiBaseUrl: `${server.url}/app`,
    exchangeBaseUrl: `${server.url}/exchange`,
    timeoutMs,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<MarketDataError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MarketDataError);
  return error as MarketDataError;
}

const DAY_S = 86_400;
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** Answers like the Exchange: one candle per day of [start, end], newest first, at most 300. */
const exchange: Route = (request) => {
  if (request.path !== "/exchange/products/ETH-USD/candles") return undefined;
  const start = Date.parse(request.query.get("start") ?? "") / 1000;
  const end = Date.parse(request.query.get("end") ?? "") / 1000;
  if ((end - start) / DAY_S > 300)
    return {
      status: 400,
      body: '{"message":"granularity too small for the requested time range"}',
    };
  const candles: number[][] = [];
  for (let time = start - (start % DAY_S); time <= end; time += DAY_S)
    candles.unshift([time, 1999.5, 2100.25, 2000, 2050.75, 1234.5]);
  return { body: JSON.stringify(candles) };
};

describe("Coinbase daily candles", () => {
  it("reads the recorded candles, newest first upstream, as ascending bars with exact decimals", async () => {
    const coinbase = await coinbaseWith((request) =>
      request.path === "/exchange/products/BTC-USD/candles"
        ? { body: fixture("coinbase/candles-BTC-USD.json") }
        : undefined,
    );
    const bars = await coinbase.getDailyCandles({
      symbol: "BTC",
      from: "2025-03-08",
      to: "2025-03-10",
    });
    expect(bars).toEqual([
      {
        date: "2025-03-08",
        t: Date.parse("2025-03-08T00:00:00Z"),
        o: "86742.67",
        h: "86893.21",
        l: "85100.01",
        c: "86154.3",
        v: 8750.50321,
      },
      {
        date: "2025-03-09",
        t: Date.parse("2025-03-09T00:00:00Z"),
        o: "86154.34",
        h: "86500",
        l: "80052",
        c: "80734.37",
        v: 12345.6789,
      },
      {
        date: "2025-03-10",
        t: Date.parse("2025-03-10T00:00:00Z"),
        o: "80734.48",
        h: "83955.48",
        l: "77459.91",
        c: "78532",
        v: 23815.12436852,
      },
    ]);
    for (const bar of bars) expect(historicalBar.safeParse(bar).success).toBe(true);
    const query = server!.requests[0]!.query;
    expect(query.get("granularity")).toBe("86400");
    expect(query.get("start")).toBe("2025-03-08T00:00:00Z");
    expect(query.get("end")).toBe("2025-03-10T23:59:59Z");
    expect(server!.requests[0]!.headers["user-agent"]).toMatch(/ledgerline/);
  });

  it("asks in windows of at most 300 days and leaves out candles outside the range", async () => {
    const coinbase = await coinbaseWith(exchange);
    const bars = await coinbase.getDailyCandles({
      symbol: "ETH",
      from: "2025-03-01",
      to: "2026-03-10",
    });
    expect(bars).toHaveLength(375);
    expect(bars[0]!.date).toBe("2025-03-01");
    expect(bars.at(-1)!.date).toBe("2026-03-10");
    expect(new Set(bars.map((bar) => bar.date)).size).toBe(375);
    expect(
      server!.requests.map((request) => [request.query.get("start"), request.query.get("end")]),
    ).toEqual([
      ["2025-03-01T00:00:00Z", "2025-12-25T23:59:59Z"],
      ["2025-12-26T00:00:00Z", "2026-03-10T23:59:59Z"],
    ]);
    expect(bars[0]).toMatchObject({ o: "2000", h: "2100.25", l: "1999.5", c: "2050.75" });
    expect(dayStart("2025-03-01") * 1000).toBe(bars[0]!.t);
  });

  it("maps an unknown product to not found with the historical-data message", async () => {
    const coinbase = await coinbaseWith(() => ({ status: 404, body: '{"message":"NotFound"}' }));
    expect(
      await failureOf(
        coinbase.getDailyCandles({ symbol: "NOPE", from: "2025-03-01", to: "2025-03-02" }),
      ),
    ).toMatchObject({ kind: "not_found", message: marketMessages.failedToFetchHistoricalData });
  });

  it("maps 429, a timeout and malformed candles to the provider failure kinds", async () => {
    const limited = await coinbaseWith(() => ({
      status: 429,
      body: fixture("coinbase/error-429-rate-limit.json"),
    }));
    const range = { symbol: "BTC", from: "2025-03-01", to: "2025-03-02" };
    expect(await failureOf(limited.getDailyCandles(range))).toMatchObject({ kind: "rate_limited" });
    await server!.close();
    const hung = await coinbaseWith(() => ({ hang: true }), 150);
    expect(await failureOf(hung.getDailyCandles(range))).toMatchObject({ kind: "unavailable" });
    await server!.close();
    const garbage = await coinbaseWith(() => ({ body: '[[1741392000,"low","high"]]' }));
    expect(await failureOf(garbage.getDailyCandles(range))).toMatchObject({
      kind: "bad_response",
      message: marketMessages.failedToFetchHistoricalData,
    });
  });
});
