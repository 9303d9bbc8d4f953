import { cannotRemoveWhileHeld, marketMessages, type StockSnapshot } from "@ledgerline/contracts";
import { MarketDataError } from "@ledgerline/market";
import { describe, expect, it, vi } from "vitest";
import { signIn, stocksApp } from "../support/portfolio-support";
import { appPerTest } from "../support/app-per-test";

const apps = appPerTest();

async function setUp() {
  const app = await apps.open(stocksApp());
  return app;
}

describe("stock watchlist over tRPC", () => {
  it("saves a symbol with the server's own snapshot and lists the watchlist by symbol", async () => {
    const { save, watchlist, snapshotPrice } = await setUp();
    const saved = await save("msft");
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ symbol: "MSFT", stale: false });
    expect(saved.data.snapshot?.price).toBe(await snapshotPrice("MSFT"));
    expect(saved.data.companyName).not.toBe("");
    await save("AAPL");
    await save("MSFT");

    const list = await watchlist();
    expect(list.status).toBe(200);
    expect(list.data.map((item) => item.symbol)).toEqual(["AAPL", "MSFT"]);
    expect(
      list.data.every((item) => item.snapshot?.marketStatus === marketMessages.marketOpen),
    ).toBe(true);
  });

  it("refuses an unknown symbol with the market's message and a malformed one with the symbol rule", async () => {
    const { save, watchlist } = await setUp();
    const unknown = await save("ZZZZ");
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe(marketMessages.failedToFetchStockData);
    const malformed = await save("A;DROP");
    expect(malformed.status).toBe(400);
    expect(malformed.message).toBe(marketMessages.invalidStockSymbol);
    expect((await watchlist()).data).toEqual([]);
  });

  it("answers each listed symbol fresh from the market and stores that snapshot on the row", async () => {
    const { save, watchlist, user } = await setUp();
    await save("AAPL");
    const repos = apps.t.app.deps.repos;
    const stored = (await repos.stockWatchlist.find(user.id, "AAPL"))!.lastSnapshot!;
    const old: StockSnapshot = { ...stored, price: "1.23", timestamp: "2026-03-01T15:00:00.000Z" };
    await repos.stockWatchlist.save(user.id, old, new Date());

    const [item] = (await watchlist()).data;
    expect(item).toMatchObject({ symbol: "AAPL", stale: false });
    expect(item?.snapshot?.price).toBe(stored.price);
    // Stored without how old it is at this moment, which changes by the second.
    const { stale: _stale, ageSeconds: _age, ...figures } = item!.snapshot!;
    expect((await repos.stockWatchlist.find(user.id, "AAPL"))?.lastSnapshot).toEqual(figures);
  });

  it("keeps the stored snapshot of a symbol whose refresh fails and marks it stale", async () => {
    const { save, watchlist } = await setUp();
    const saved = (await save("AAPL")).data;
    await save("MSFT");
    const stocks = apps.t.app.deps.market.stocks;
    const real = stocks.getSnapshots.bind(stocks);
    vi.spyOn(stocks, "getSnapshots").mockImplementation(async (symbols) =>
      (await real(symbols)).map((result) =>
        result.symbol === "AAPL"
          ? { symbol: "AAPL", ok: false, error: new MarketDataError("snapshot", "unavailable") }
          : result,
      ),
    );

    const list = (await watchlist()).data;
    expect(list.map((item) => [item.symbol, item.stale])).toEqual([
      ["AAPL", true],
      ["MSFT", false],
    ]);
    expect(list[0]?.snapshot).toEqual({
      ...saved.snapshot,
      stale: true,
      ageSeconds: expect.any(Number) as number,
    });
    expect(list[0]?.snapshot?.asOf).toBe(saved.snapshot?.asOf);
    expect(list[1]?.snapshot?.stale).toBe(false);
  });

  it("removes a watched symbol, and says so when it is not watched", async () => {
    const { save, remove, watchlist } = await setUp();
    await save("AAPL");
    const removed = await remove("aapl");
    expect(removed.status).toBe(200);
    expect(removed.data.message).toBe("AAPL removed from your watchlist");
    expect((await watchlist()).data).toEqual([]);
    const again = await remove("AAPL");
    expect(again.status).toBe(404);
    expect(again.message).toBe("AAPL is not in your watchlist");
  });

  it("blocks removing a watched stock that is still held, with the spec's notice", async () => {
    const { save, remove, watchlist, buy } = await setUp();
    await save("NVDA");
    await buy({ symbol: "NVDA", quantity: "2", purchasePrice: "100" });
    const blocked = await remove("NVDA");
    expect(blocked.status).toBe(409);
    expect(blocked.message).toBe(cannotRemoveWhileHeld("NVDA"));
    expect((await watchlist()).data.map((item) => item.symbol)).toEqual(["NVDA"]);
  });

  it("keeps every user's watchlist to themselves", async () => {
    const alice = await setUp();
    const bob = await signIn(apps.t);
    await alice.save("AAPL");
    expect((await bob.watchlist()).data).toEqual([]);
    expect((await bob.remove("AAPL")).status).toBe(404);
    expect((await alice.watchlist()).data.map((item) => item.symbol)).toEqual(["AAPL"]);
  });
});

describe("stock watchlist over REST", () => {
  it("answers GET /api/savedstocks with the spec's fields as JSON numbers", async () => {
    const { save, token } = await setUp();
    const saved = (await save("AAPL")).data;
    const response = await apps.t.request("GET", "/api/savedstocks", { token });
    expect(response.status).toBe(200);
    const [item] = response.body as unknown as Record<string, unknown>[];
    expect(item).toMatchObject({
      symbol: "AAPL",
      companyName: saved.companyName,
      price: Number(saved.snapshot?.price),
      previousClose: Number(saved.snapshot?.previousClose),
      change: Number(saved.snapshot?.change),
      marketCap: 0,
      marketStatus: marketMessages.marketOpen,
      stale: false,
    });
    for (const key of ["price", "change", "changePercent", "volume", "previousClose"]) {
      expect(typeof item?.[key]).toBe("number");
    }
  });

  it("saves with POST /api/savedstocks/{symbol} from the server's market, ignoring posted figures", async () => {
    const { token, snapshotPrice } = await setUp();
    const response = await apps.t.request("POST", "/api/savedstocks/msft", {
      token,
      body: { companyName: "Fake Corp", price: 0.01, change: 99, marketStatus: "hacked" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      symbol: "MSFT",
      price: Number(await snapshotPrice("MSFT")),
      marketStatus: marketMessages.marketOpen,
    });
    expect(response.body?.companyName).not.toBe("Fake Corp");
    const unknown = await apps.t.request("POST", "/api/savedstocks/ZZZZ", { token, body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body?.message).toBe(marketMessages.failedToFetchStockData);
  });

  it("removes with DELETE /api/savedstocks/{symbol}: 409 while held, 404 when not watched", async () => {
    const { save, buy, token } = await setUp();
    await save("AAPL");
    await save("MSFT");
    await buy({ symbol: "MSFT", quantity: "1", purchasePrice: "10" });
    const removed = await apps.t.request("DELETE", "/api/savedstocks/AAPL", { token });
    expect(removed.status).toBe(200);
    const held = await apps.t.request("DELETE", "/api/savedstocks/MSFT", { token });
    expect(held.status).toBe(409);
    expect(held.body?.message).toBe(cannotRemoveWhileHeld("MSFT"));
    const missing = await apps.t.request("DELETE", "/api/savedstocks/AAPL", { token });
    expect(missing.status).toBe(404);
    const malformed = await apps.t.request("DELETE", "/api/savedstocks/a%3Bb", { token });
    expect(malformed.status).toBe(400);
  });

  it("refuses anonymous requests with 401", async () => {
    await setUp();
    for (const [method, url] of [
      ["GET", "/api/savedstocks"],
      ["POST", "/api/savedstocks/AAPL"],
      ["DELETE", "/api/savedstocks/AAPL"],
    ] as const) {
      expect(
        (await apps.t.request(method, url, { body: method === "GET" ? undefined : {} })).status,
      ).toBe(401);
    }
  });
});
