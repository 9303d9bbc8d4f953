import { marketMessages } from "@ledgerline/contracts";
import { createMarketService, systemClock, type Clock } from "@ledgerline/market";
import { afterEach, describe, expect, it } from "vitest";
import { startFakePolygon, type FakePolygon } from "../support/fake-polygon";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp | undefined;
let polygon: FakePolygon | undefined;
afterEach(async () => {
  await t?.close();
  await polygon?.close();
  t = undefined;
  polygon = undefined;
});

const SYMBOLS = ["AAPL", "MSFT", "KO", "PEP", "JPM", "XOM", "WMT", "PG", "MRK", "CVX"];

/** Asks the real app (over tRPC) for ten different quotes against a local Polygon. */
async function quotesAnswered(env: Record<string, string> = {}) {
  polygon = await startFakePolygon(() => Date.now());
  t = await startTestApp({
    env: {
      MARKET_DATA_PROVIDER: "polygon",
      POLYGON_API_KEY: "test-key",
      POLYGON_BASE_URL: polygon.url,
      ...env,
    },
  });
  const { token } = await t.registerUser();
  const statuses: number[] = [];
  for (const symbol of SYMBOLS) {
    statuses.push((await t.trpc("query", "market.snapshot", { symbol }, token)).status);
  }
  return { answered: statuses.filter((status) => status === 200).length, statuses };
}

describe("Polygon's rate limit from the environment", () => {
  it("spends at most the free plan's 5 calls a minute by default", async () => {
    const { answered, statuses } = await quotesAnswered();
    expect(answered).toBe(5);
    expect(polygon?.snapshotRequests).toHaveLength(5);
    // The rest are the spec's error for a quote, never a 5xx.
    expect(statuses.filter((status) => status !== 200).every((status) => status < 500)).toBe(true);
  });

  it("spends what POLYGON_CALLS_PER_MINUTE allows on a paid plan", async () => {
    const { answered } = await quotesAnswered({ POLYGON_CALLS_PER_MINUTE: "8" });
    expect(answered).toBe(8);
    expect(polygon?.snapshotRequests).toHaveLength(8);
  });
});

const DURING_SESSION = Date.parse("2026-03-11T15:00:00Z");

/** Real timers (the provider timeout runs for real), and a "now" the test can move on. */
function movableClock() {
  let offset = DURING_SESSION - Date.now();
  const clock: Clock = { ...systemClock, now: () => Date.now() + offset };
  return { clock, skip: (ms: number) => (offset += ms) };
}

/** The real app over a local Polygon, with the market's clock under the test's control. */
async function appOverMovablePolygon() {
  polygon = await startFakePolygon(() => DURING_SESSION);
  const { clock, skip } = movableClock();
  t = await startTestApp({
    market: createMarketService({
      clock,
      stocks: { provider: "polygon", apiKey: "k", baseUrl: polygon.url },
    }),
  });
  const { token } = await t.registerUser();
  return { skip, token, upstream: polygon };
}

async function timedSnapshot(app: TestApp, token: string, symbol: string) {
  const started = Date.now();
  const response = await app.trpc("query", "market.snapshot", { symbol }, token);
  const body = response.body as unknown as {
    result?: { data: { price: string; timestamp: string } };
    error?: { message: string };
  };
  return { status: response.status, body, elapsedMs: Date.now() - started };
}

describe("an upstream that hangs", () => {
  it("costs a quote nobody has cached at most 3 s by default, then the spec's error", async () => {
    polygon = await startFakePolygon(() => DURING_SESSION);
    polygon.behave("hang");
    t = await startTestApp({
      env: { MARKET_DATA_PROVIDER: "polygon", POLYGON_API_KEY: "k", POLYGON_BASE_URL: polygon.url },
    });
    const { token } = await t.registerUser();
    const answer = await timedSnapshot(t, token, "AAPL");
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(2900);
    expect(answer.elapsedMs).toBeLessThan(4000);
    expect(answer.status).toBe(503);
    expect(answer.body.error?.message).toBe(marketMessages.failedToFetchStockData);
    expect(polygon.snapshotRequests).toEqual(["AAPL"]);
  }, 10_000);

  it("gives up after MARKET_PROVIDER_TIMEOUT_MS", async () => {
    polygon = await startFakePolygon(() => DURING_SESSION);
    polygon.behave("hang");
    t = await startTestApp({
      env: {
        MARKET_DATA_PROVIDER: "polygon",
        POLYGON_API_KEY: "k",
        POLYGON_BASE_URL: polygon.url,
        MARKET_PROVIDER_TIMEOUT_MS: "400",
      },
    });
    const { token } = await t.registerUser();
    const answer = await timedSnapshot(t, token, "MSFT");
    expect(answer.elapsedMs).toBeLessThan(1500);
    expect(answer.status).toBe(503);
    expect(answer.body.error?.message).toBe(marketMessages.failedToFetchStockData);
  });

  it("costs a quote with cached data at most 3 s, then answers the cached quote", async () => {
    const { skip, token, upstream } = await appOverMovablePolygon();
    const first = await timedSnapshot(t!, token, "KO");
    expect(first.status).toBe(200);

    skip(61_000); // past the quote's freshness
    upstream.behave("hang");
    const answer = await timedSnapshot(t!, token, "KO");
    expect(answer.elapsedMs).toBeLessThan(4000);
    expect(answer.status).toBe(200);
    expect(answer.body.result?.data).toMatchObject({
      price: first.body.result?.data.price,
      timestamp: first.body.result?.data.timestamp,
    });
    expect(upstream.snapshotRequests).toEqual(["KO", "KO"]);
  }, 10_000);
});

describe("quotes served from cache while the provider fails", () => {
  it("are marked stale with their age, through both doors", async () => {
    const { skip, token, upstream } = await appOverMovablePolygon();
    const first = await t!.trpc("mutation", "watchlist.save", { symbol: "AAPL" }, token);
    expect(first.status).toBe(200);
    const fresh = await timedSnapshot(t!, token, "AAPL");
    expect(fresh.body.result?.data).toMatchObject({ stale: false, ageSeconds: 0 });

    skip(75_000); // past the quote's 60 s freshness
    upstream.behave("fail");
    const quote = (await timedSnapshot(t!, token, "AAPL")).body.result?.data;
    expect(quote).toMatchObject({
      stale: true,
      price: fresh.body.result?.data.price,
      asOf: (fresh.body.result?.data as { asOf?: string }).asOf,
    });
    expect((quote as { ageSeconds?: number }).ageSeconds).toBeGreaterThanOrEqual(75);

    const rest = await t!.request("GET", "/api/savedstocks", { token });
    expect(rest.status).toBe(200);
    expect(rest.body?.[0]).toMatchObject({ symbol: "AAPL", stale: true, price: 104 });
    expect((rest.body?.[0] as { ageSeconds?: number }).ageSeconds).toBeGreaterThanOrEqual(75);
  });
});
