import type { OverviewCounts } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp, pinnedMarket } from "../support/transactions-support";

let t: TestApp;
let me: Awaited<ReturnType<typeof historyApp>>;
beforeAll(async () => {
  me = await historyApp();
  t = me.t;
});
afterAll(() => t.close());

describe("the landing page's Quick Overview", () => {
  it("counts saved stocks and crypto and the distinct symbols owned of each", async () => {
    expect(await me.ok<OverviewCounts>("overview.counts")).toEqual({
      savedStocks: 0,
      savedCrypto: 0,
      stocksOwned: 0,
      cryptoOwned: 0,
    });
    const market = pinnedMarket();
    const now = new Date("2026-03-02T15:00:00Z");
    const repos = t.app.deps.repos;
    for (const symbol of ["AAPL", "MSFT", "NVDA"]) {
      await repos.stockWatchlist.save(me.user.id, await market.stocks.getSnapshot(symbol), now);
    }
    await repos.cryptoWatchlist.save(me.user.id, await market.crypto.getQuote("BTC"), now);
    // Two buys of one symbol are one symbol owned.
    await me.buy("STOCK", "AAPL", "1", "240", "2026-03-02T15:00:00Z");
    await me.buy("STOCK", "AAPL", "2", "241", "2026-03-03T15:00:00Z");
    await me.buy("STOCK", "TSLA", "1", "300", "2026-03-03T15:00:00Z");
    await me.buy("CRYPTO", "ETH", "0.5", "2000", "2026-03-03T15:00:00Z");
    expect(await me.ok<OverviewCounts>("overview.counts")).toEqual({
      savedStocks: 3,
      savedCrypto: 1,
      stocksOwned: 2,
      cryptoOwned: 1,
    });

    // Selling a whole position no longer counts it as owned.
    await me.sell("STOCK", "TSLA", "1", "310", "2026-03-04T15:00:00Z");
    expect((await me.ok<OverviewCounts>("overview.counts")).stocksOwned).toBe(1);
  });

  it("counts only the signed-in user's own rows", async () => {
    const other = await t.registerUser();
    const theirs = await me.query<OverviewCounts>("overview.counts", undefined, other.token);
    expect(theirs.data).toEqual({ savedStocks: 0, savedCrypto: 0, stocksOwned: 0, cryptoOwned: 0 });
    expect((await t.trpc("query", "overview.counts")).status).toBe(401);
  });
});
