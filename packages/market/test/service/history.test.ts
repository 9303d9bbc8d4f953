import { createRepositories } from "@ledgerline/db";
import { openTestDatabase } from "@ledgerline/db/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createManualClock } from "../../src/testing";
import { createMarketService } from "../../src/service/create-market-service";
import { extendCoverage, missingRanges } from "../../src/service/daily-bars";
import { SimulatedStockMarket } from "../../src/sim/stocks/simulated-stock-market";
import { InMemoryMarketStore } from "../../src/store/in-memory-market-store";
import type { MarketStore } from "../../src/store/market-store";
import { controllable } from "../support/controllable-provider";
import { serviceAt } from "../support/service";
import { AFTER_CLOSE, DURING_SESSION, SATURDAY } from "../support/times";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A service on its own cache over a shared store: what a restarted server looks like. */
function freshServiceOver(store: MarketStore, at: Date) {
  const clock = createManualClock(at);
  const stocks = controllable(new SimulatedStockMarket({ clock }));
  const market = createMarketService({
    clock,
    store,
    batchWindowMs: 0,
    stocks: { provider: stocks.provider },
  });
  const barCalls = () =>
    stocks.calls.filter((call) => call.method === "getDailyBars").map((call) => call.argument);
  return { market, stocks, barCalls, clock };
}

describe("daily history through the store", () => {
  it("never refetches finished days it has persisted, even after a restart", async () => {
    const handle = await openTestDatabase();
    cleanups.push(() => void handle.close());
    const store = createRepositories(handle).marketData;

    const first = freshServiceOver(store, SATURDAY);
    const bars = await first.market.stocks.getHistoricalBars("AAPL", "1M");
    expect(first.barCalls()).toEqual([{ ticker: "AAPL", from: "2026-02-14", to: "2026-03-13" }]);

    const restarted = freshServiceOver(store, SATURDAY);
    expect(await restarted.market.stocks.getHistoricalBars("AAPL", "1M")).toEqual(bars);
    expect(restarted.barCalls()).toEqual([]);
  });

  it("fetches only the days it does not have yet", async () => {
    const store = new InMemoryMarketStore();
    const first = freshServiceOver(store, SATURDAY);
    await first.market.stocks.getHistoricalBars("MSFT", "1M");
    const wider = await first.market.stocks.getHistoricalBars("MSFT", "3M");
    expect(first.barCalls()).toEqual([
      { ticker: "MSFT", from: "2026-02-14", to: "2026-03-13" },
      { ticker: "MSFT", from: "2025-12-14", to: "2026-02-13" },
    ]);
    expect(wider[0]!.date).toBe("2025-12-15");

    const nextWeek = freshServiceOver(store, new Date("2026-03-21T16:00:00Z"));
    await nextWeek.market.stocks.getHistoricalBars("MSFT", "1M");
    expect(nextWeek.barCalls()).toEqual([{ ticker: "MSFT", from: "2026-03-14", to: "2026-03-20" }]);
  });

  it("adds today's running bar from the snapshot and does not persist it", async () => {
    const store = new InMemoryMarketStore();
    const { market, barCalls } = freshServiceOver(store, DURING_SESSION);
    const bars = await market.stocks.getHistoricalBars("KO", "1W");
    const snapshot = await market.stocks.getSnapshot("KO");
    expect(bars.at(-1)).toMatchObject({
      date: "2026-03-11",
      o: snapshot.open,
      h: snapshot.high,
      l: snapshot.low,
      c: snapshot.price,
    });
    expect(barCalls()).toEqual([{ ticker: "KO", from: "2026-03-04", to: "2026-03-10" }]);
    expect(await store.getBarCoverage("sim-v2:ledgerline", "KO")).toEqual({
      from: "2026-03-04",
      to: "2026-03-10",
    });

    const evening = freshServiceOver(store, AFTER_CLOSE);
    const closed = await evening.market.stocks.getHistoricalBars("KO", "1W");
    expect(closed.at(-1)!.date).toBe("2026-03-11");
    expect(evening.barCalls()).toEqual([{ ticker: "KO", from: "2026-03-11", to: "2026-03-11" }]);
  });

  it("keeps the range contiguous when a request lies beyond what is covered", () => {
    expect(
      missingRanges(
        { from: "2026-01-01", to: "2026-01-31" },
        { from: "2026-03-01", to: "2026-03-31" },
      ),
    ).toEqual([{ from: "2026-01-01", to: "2026-02-28" }]);
    expect(
      missingRanges(
        { from: "2026-02-01", to: "2026-04-10" },
        { from: "2026-03-01", to: "2026-03-31" },
      ),
    ).toEqual([
      { from: "2026-02-01", to: "2026-02-28" },
      { from: "2026-04-01", to: "2026-04-10" },
    ]);
  });

  it("leaves a just-finished day uncovered until the provider has published its bar", () => {
    const monday = { date: "2026-03-09", t: 0, o: "1", h: "1", l: "1", c: "1", v: 1 };
    expect(
      extendCoverage(
        { from: "2026-03-02", to: "2026-03-06" },
        { from: "2026-03-07", to: "2026-03-10" },
        [monday],
      ),
    ).toEqual({ from: "2026-03-02", to: "2026-03-09" });
    expect(extendCoverage(undefined, { from: "2026-03-07", to: "2026-03-10" }, [])).toBeUndefined();
  });
});

describe("company details through the store", () => {
  it("fetches a company's details once and serves them from the store after a restart", async () => {
    const store = new InMemoryMarketStore();
    const first = freshServiceOver(store, DURING_SESSION);
    const details = await first.market.stocks.getCompanyDetails("aapl");
    const restarted = freshServiceOver(store, new Date(DURING_SESSION.getTime() + 60 * 60_000));
    expect(await restarted.market.stocks.getCompanyDetails("AAPL")).toEqual(details);
    expect(restarted.stocks.calls).toEqual([]);
  });

  it("serves stored details when the provider fails after they are due for a refresh", async () => {
    const store = new InMemoryMarketStore();
    const first = freshServiceOver(store, DURING_SESSION);
    const details = await first.market.stocks.getCompanyDetails("KO");
    const nextWeek = freshServiceOver(store, new Date(DURING_SESSION.getTime() + 7 * 86_400_000));
    nextWeek.stocks.failWith = new Error("connection reset");
    expect(await nextWeek.market.stocks.getCompanyDetails("KO")).toEqual(details);
    expect(nextWeek.stocks.calls).toHaveLength(1);
  });
});

describe("related companies through the service", () => {
  it("attaches a snapshot to each peer in one batched call", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION);
    const related = await market.stocks.getRelatedCompanies("KO");
    const pep = related.find((company) => company.ticker === "PEP")!;
    const snapshot = await market.stocks.getSnapshot("PEP");
    expect(pep).toEqual({
      ticker: "PEP",
      name: "PepsiCo, Inc.",
      price: snapshot.price,
      previousClose: snapshot.previousClose,
      changePercent: snapshot.changePercent,
    });
    expect(stocks.calls.map((call) => call.method)).toEqual(["getRelatedTickers", "getSnapshots"]);
  });

  it("gives a failed peer an empty name and zero prices, and a failed list no peers", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION);
    const original = stocks.provider.getRelatedTickers.bind(stocks.provider);
    stocks.provider.getRelatedTickers = async (ticker) => [...(await original(ticker)), "ZZZZ"];
    const related = await market.stocks.getRelatedCompanies("KO");
    expect(related.at(-1)).toEqual({
      ticker: "ZZZZ",
      name: "",
      price: "0",
      previousClose: "0",
      changePercent: 0,
    });

    const broken = serviceAt(DURING_SESSION);
    broken.stocks.failWith = new Error("timeout");
    expect(await broken.market.stocks.getRelatedCompanies("KO")).toEqual([]);
  });

  it("has none for a company alone in its sub-industry, and rejects an unknown symbol", async () => {
    const { market } = serviceAt(DURING_SESSION);
    expect(await market.stocks.getRelatedCompanies("UBER")).toEqual([]);
    await expect(market.stocks.getRelatedCompanies("ZZZZ")).rejects.toMatchObject({
      kind: "not_found",
    });
  });
});

describe("news and search through the service", () => {
  it("answers no hits for fewer than 2 characters without asking the provider", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION);
    expect(await market.stocks.searchCompanies(" a ")).toEqual([]);
    expect(stocks.calls).toEqual([]);
    expect((await market.stocks.searchCompanies("apple")).map((hit) => hit.ticker)).toEqual([
      "AAPL",
    ]);
  });

  it("caches news per symbol", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION);
    const first = await market.stocks.getNews("MSFT");
    expect(await market.stocks.getNews("msft")).toEqual(first);
    expect(stocks.calls).toHaveLength(1);
    expect(await market.stocks.getNews("AOS")).toEqual([]);
  });
});
