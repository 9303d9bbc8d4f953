import { marketMessages } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { MarketDataError } from "../../src/errors";
import { PolygonStockMarket } from "../../src/polygon/polygon-stock-market";
import {
  fixture,
  startFixtureServer,
  type FixtureServer,
  type Reply,
} from "../support/fixture-server";

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function polygonAnswering(reply: Reply, timeoutMs = 2000) {
  server = await startFixtureServer(() => reply);
  return new PolygonStockMarket({ apiKey: "test-key", baseUrl: server.url, timeoutMs });
}

async function failureOf(promise: Promise<unknown>): Promise<MarketDataError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MarketDataError);
  return error as MarketDataError;
}

describe("Polygon adapter faults", () => {
  it("maps an unknown API key (401) to unauthorized with the spec's message", async () => {
    const polygon = await polygonAnswering({
      status: 401,
      body: fixture("polygon/error-401-unknown-key.json"),
    });
    const error = await failureOf(polygon.getSnapshot("AAPL"));
    expect(error).toMatchObject({
      kind: "unauthorized",
      message: marketMessages.failedToFetchStockData,
    });
    expect(error.detail).toContain("Unknown API Key");
  });

  it("maps a 403 on anything but a snapshot to unauthorized", async () => {
    const polygon = await polygonAnswering({
      status: 403,
      body: fixture("polygon/error-403-not-entitled.json"),
    });
    expect(
      await failureOf(polygon.getNews({ ticker: "AAPL", publishedSince: 0, limit: 10 })),
    ).toMatchObject({
      kind: "unauthorized",
      message: marketMessages.failedToFetchCompanyNews,
    });
  });

  it("maps 429 to rate_limited and keeps the provider's Retry-After", async () => {
    const polygon = await polygonAnswering({
      status: 429,
      body: fixture("polygon/error-429-rate-limited.json"),
      headers: { "retry-after": "12" },
    });
    expect(await failureOf(polygon.getMovers("gainers"))).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 12_000,
      message: marketMessages.failedToFetchMarketMovers,
    });
  });

  it("maps server errors to unavailable", async () => {
    for (const status of [500, 502, 503]) {
      const polygon = await polygonAnswering({ status, body: "<html>Bad gateway</html>" });
      expect(
        await failureOf(
          polygon.getDailyBars({ ticker: "AAPL", from: "2024-01-01", to: "2024-01-31" }),
        ),
      ).toMatchObject({
        kind: "unavailable",
        message: marketMessages.failedToFetchHistoricalData,
      });
      await server!.close();
      server = undefined;
    }
  });

  it("maps a 404 to not found", async () => {
    const polygon = await polygonAnswering({
      status: 404,
      body: '{"status":"NOT_FOUND","message":"Ticker not found."}',
    });
    expect(await failureOf(polygon.getCompanyDetails("ZZZZ"))).toMatchObject({
      kind: "not_found",
      message: marketMessages.failedToFetchCompanyDetails,
    });
  });

  it("gives up on a server that never answers, at the timeout", async () => {
    const polygon = await polygonAnswering({ hang: true }, 150);
    const started = Date.now();
    expect(await failureOf(polygon.getSnapshot("AAPL"))).toMatchObject({ kind: "unavailable" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("gives up on a body that stalls after the headers", async () => {
    const polygon = await polygonAnswering({ stallBody: true }, 150);
    expect(await failureOf(polygon.getMarketStatus())).toMatchObject({ kind: "unavailable" });
  });

  it("maps a dropped connection and a refused one to unavailable", async () => {
    const polygon = await polygonAnswering({ destroy: true });
    expect(await failureOf(polygon.getRelatedTickers("AAPL"))).toMatchObject({
      kind: "unavailable",
      message: marketMessages.failedToFetchCompanyDetails,
    });
    const url = server!.url;
    await server!.close();
    server = undefined;
    const refused = new PolygonStockMarket({ apiKey: "k", baseUrl: url, timeoutMs: 1000 });
    expect(await failureOf(refused.getSnapshot("AAPL"))).toMatchObject({ kind: "unavailable" });
  });

  it("maps a body that is not JSON, or not the documented shape, to bad_response", async () => {
    const garbage = await polygonAnswering({ body: "{not json" });
    expect(
      await failureOf(garbage.searchCompanies({ text: "ap", limit: 10, activeOnly: true })),
    ).toMatchObject({
      kind: "bad_response",
      message: marketMessages.failedToSearchCompanies,
    });
    await server!.close();
    const wrongShape = await polygonAnswering({
      body: '{"status":"OK","ticker":{"ticker":"AAPL","day":{"c":"expensive"}}}',
    });
    expect(await failureOf(wrongShape.getSnapshot("AAPL"))).toMatchObject({
      kind: "bad_response",
      message: marketMessages.failedToFetchStockData,
    });
  });
});
