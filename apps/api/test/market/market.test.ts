import { marketMessages } from "@ledgerline/contracts";
import { createMarketService, fixedClock } from "@ledgerline/market";
import { afterEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const openMarket = () =>
  createMarketService({ clock: fixedClock(new Date("2026-03-11T15:00:00Z")) });

async function signedIn(options: Parameters<typeof startTestApp>[0] = {}) {
  t = await startTestApp(options);
  const user = await t.registerUser();
  return { app: t, token: user.token };
}

describe("stock market reads", () => {
  it("answers a snapshot with every field of the spec", async () => {
    const { app, token } = await signedIn({ market: openMarket() });
    const response = await app.trpc("query", "market.snapshot", { symbol: "aapl" }, token);
    expect(response.status).toBe(200);
    const snapshot = (response.body as unknown as { result: { data: Record<string, unknown> } })
      .result.data;
    expect(Object.keys(snapshot).sort()).toEqual(
      [
        "symbol",
        "companyName",
        "price",
        "change",
        "changePercent",
        "marketCap",
        "volume",
        "timestamp",
        "open",
        "high",
        "low",
        "previousClose",
        "marketStatus",
        "stale",
        "asOf",
        "ageSeconds",
      ].sort(),
    );
    expect(snapshot).toMatchObject({
      symbol: "AAPL",
      marketCap: 0,
      marketStatus: marketMessages.marketOpen,
    });
  });

  it("answers 404 with the spec's text for an unknown symbol and 400 for a malformed one", async () => {
    const { app, token } = await signedIn({ market: openMarket() });
    const unknown = await app.trpc("query", "market.snapshot", { symbol: "ZZZZ" }, token);
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as { error: { message: string } }).error.message).toBe(
      marketMessages.failedToFetchStockData,
    );
    const malformed = await app.trpc("query", "market.snapshot", { symbol: "A;DROP" }, token);
    expect(malformed.status).toBe(400);
    expect((malformed.body as unknown as { error: { message: string } }).error.message).toBe(
      marketMessages.invalidStockSymbol,
    );
  });

  it("batches snapshots with a result per symbol", async () => {
    const { app, token } = await signedIn({ market: openMarket() });
    const response = await app.trpc(
      "query",
      "market.snapshots",
      { symbols: ["AAPL", "ZZZZ"] },
      token,
    );
    const results = (
      response.body as unknown as {
        result: { data: { symbol: string; ok: boolean; error?: string }[] };
      }
    ).result.data;
    expect(results.map((result) => [result.symbol, result.ok])).toEqual([
      ["AAPL", true],
      ["ZZZZ", false],
    ]);
    expect(results[1]?.error).toBe(marketMessages.failedToFetchStockData);
  });

  it("searches companies from two characters, at most 10 hits", async () => {
    const { app, token } = await signedIn({ market: openMarket() });
    const hits = (await app.trpc("query", "market.search", { query: "ap" }, token))
      .body as unknown as {
      result: { data: { ticker: string }[] };
    };
    expect(hits.result.data.length).toBeGreaterThan(0);
    expect(hits.result.data.length).toBeLessThanOrEqual(10);
    const tooShort = (await app.trpc("query", "market.search", { query: "a" }, token))
      .body as unknown as {
      result: { data: unknown[] };
    };
    expect(tooShort.result.data).toEqual([]);
  });

  it("serves details, related companies, news and history for the research page", async () => {
    const { app, token } = await signedIn({ market: openMarket() });
    const details = (await app.trpc("query", "market.details", { symbol: "AAPL" }, token))
      .body as unknown as {
      result: { data: { name: string; simulated: boolean } };
    };
    expect(details.result.data).toMatchObject({ simulated: true });
    const related = (await app.trpc("query", "market.related", { symbol: "AAPL" }, token))
      .body as unknown as {
      result: { data: unknown[] };
    };
    expect(Array.isArray(related.result.data)).toBe(true);
    const alone = (await app.trpc("query", "market.related", { symbol: "BRK.B" }, token))
      .body as unknown as {
      result: { data: unknown[] };
    };
    expect(alone.result.data).toEqual([]);
    const noNews = (await app.trpc("query", "market.news", { symbol: "AOS" }, token))
      .body as unknown as {
      result: { data: unknown[] };
    };
    expect(noNews.result.data).toEqual([]);
    const bars = (await app.trpc("query", "market.history", { symbol: "AAPL", range: "1M" }, token))
      .body as unknown as { result: { data: { t: number }[] } };
    const times = bars.result.data.map((bar) => bar.t);
    expect(times.length).toBeGreaterThan(15);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("requires a signed-in user", async () => {
    t = await startTestApp({ market: openMarket() });
    expect((await t.trpc("query", "market.snapshot", { symbol: "AAPL" })).status).toBe(401);
  });
});

describe("REST market paths", () => {
  it("GET /api/marketmovers answers 10 gainers and 10 losers with JSON-number prices", async () => {
    const { app, token } = await signedIn({ market: openMarket() });
    const response = await app.request("GET", "/api/marketmovers", { token });
    expect(response.status).toBe(200);
    const body = response.body as unknown as {
      gainers: { price: unknown; changePercent: number }[];
      losers: unknown[];
      marketStatus: string;
      lastUpdate: string;
    };
    expect(body.gainers).toHaveLength(10);
    expect(body.losers).toHaveLength(10);
    expect(typeof body.gainers[0]?.price).toBe("number");
    expect(body.marketStatus).toBe(marketMessages.marketOpen);
  });

  it("POST /api/marketmovers is for admins, and GET falls back to what they stored when the provider fails", async () => {
    const failing = createMarketService({
      stocks: {
        provider: "polygon",
        apiKey: "test",
        baseUrl: "http://127.0.0.1:9",
        timeoutMs: 200,
      },
      clock: fixedClock(new Date("2026-03-11T15:00:00Z")),
    });
    t = await startTestApp({ market: failing });
    const user = await t.registerUser();
    const admin = await t.createAdmin();
    const movers = {
      gainers: [
        {
          symbol: "XYZ",
          price: 12.5,
          changePercent: 9.1,
          volume: 1000,
          marketStatus: "Market is open.",
        },
      ],
      losers: [],
    };

    expect((await t.request("GET", "/api/marketmovers", { token: user.token })).status).toBe(503);
    expect(
      (await t.request("POST", "/api/marketmovers", { token: user.token, body: movers })).status,
    ).toBe(403);
    const stored = await t.request("POST", "/api/marketmovers", {
      token: admin.token,
      body: movers,
    });
    expect(stored.status).toBe(200);
    const fallback = await t.request("GET", "/api/marketmovers", { token: user.token });
    expect(fallback.status).toBe(200);
    expect(
      (fallback.body as unknown as { gainers: { symbol: string; price: number }[] }).gainers,
    ).toEqual([expect.objectContaining({ symbol: "XYZ", price: 12.5 })]);
  });

  it("rejects malformed posted movers with 400", async () => {
    t = await startTestApp({ market: openMarket() });
    const admin = await t.createAdmin();
    const response = await t.request("POST", "/api/marketmovers", {
      token: admin.token,
      body: { gainers: [{ symbol: "X", price: "lots" }], losers: [] },
    });
    expect(response.status).toBe(400);
    const plus = await t.request("POST", "/api/marketmovers", {
      token: admin.token,
      body: { gainers: [{ symbol: "X", price: "+5" }], losers: [] },
    });
    expect(plus.status).toBe(400);
    expect(plus.body?.message).not.toContain("big.js");
  });

  it("GET /api/stockdata/summary answers a real market summary", async () => {
    const { app, token } = await signedIn({ market: openMarket() });
    const response = await app.request("GET", "/api/stockdata/summary", { token });
    expect(response.status).toBe(200);
    const summary = response.body as unknown as {
      symbolCount: number;
      totalVolume: number;
      topGainers: { price: unknown }[];
      mostActive: unknown[];
      averageChangePercent: number;
    };
    expect(summary.symbolCount).toBeGreaterThan(400);
    expect(summary.totalVolume).toBeGreaterThan(0);
    expect(typeof summary.topGainers[0]?.price).toBe("number");
    expect(summary.mostActive.length).toBeGreaterThan(0);
  });
});

describe("GET /api/secrets/*", () => {
  it("is closed by default, even to admins, and the refusal is audited", async () => {
    t = await startTestApp({ market: openMarket(), env: { POLYGON_API_KEY: "pk-test" } });
    const admin = await t.createAdmin();
    const response = await t.request("GET", "/api/secrets/polygon-api-key", { token: admin.token });
    expect(response.status).toBe(403);
    const audit = await t.sql<{ success: unknown }>(
      "SELECT success, details FROM audit_logs WHERE event = 'SECRET_READ'",
    );
    expect(audit.map((row) => ({ ...row, success: Boolean(row.success) }))).toEqual([
      { success: false, details: "polygon-api-key" },
    ]);
  });

  it("when opted in, answers { value } to admins only, and 404 for a secret that is not set", async () => {
    t = await startTestApp({
      market: openMarket(),
      env: { SECRETS_ENDPOINTS_ENABLED: "true", POLYGON_API_KEY: "pk-test" },
    });
    const admin = await t.createAdmin();
    const user = await t.registerUser();
    expect(
      (await t.request("GET", "/api/secrets/polygon-api-key", { token: admin.token })).body,
    ).toEqual({ value: "pk-test" });
    expect(
      (await t.request("GET", "/api/secrets/polygon-api-key", { token: user.token })).status,
    ).toBe(403);
    const missing = await t.request("GET", "/api/secrets/coinbase-api-secret", {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body?.message).toBe("Failed to fetch API secret");
  });
});

describe("publisher favicons", () => {
  it("are served as SVG from our own origin without signing in", async () => {
    t = await startTestApp({ market: openMarket() });
    const { token } = await t.registerUser();
    const news = (await t.trpc("query", "market.news", { symbol: "AAPL" }, token))
      .body as unknown as {
      result: { data: { publisher: { favicon_url: string | null } }[] };
    };
    const url = news.result.data.find((article) => article.publisher.favicon_url)?.publisher
      .favicon_url;
    expect(url).toMatch(/^\/api\/market\/favicons\/[a-z0-9-]+\.svg$/);
    const svg = await t.app.inject({ method: "GET", url: url as string });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/market/favicons/..%2F..%2Fetc.svg" }))
        .statusCode,
    ).toBe(404);
  });
});
