import { describe, expect, it } from "vitest";
import { MarketDataError } from "../../src/errors";
import { serviceAt } from "../support/service";
import { DURING_SESSION, SATURDAY } from "../support/times";

describe("how long a shown quote stays the one a read would show", () => {
  it("is its cache entry's freshness, and a stored quote makes a new generation", async () => {
    const { market, clock } = serviceAt(DURING_SESSION);
    const before = market.stocks.generation;
    expect(await market.stocks.quoteFreshUntil("AAPL")).toBe(0);
    await market.stocks.getSnapshot("AAPL");
    expect(market.stocks.generation).toBeGreaterThan(before);
    expect(await market.stocks.quoteFreshUntil("AAPL")).toBe(clock.now() + 60_000);

    // Read again while fresh: nothing new is stored.
    const stored = market.stocks.generation;
    await market.stocks.getSnapshot("AAPL");
    expect(market.stocks.generation).toBe(stored);
    // A live tick of a simulated market stores a new quote.
    await clock.advance(1_000);
    await market.stocks.liveSnapshot("AAPL");
    expect(market.stocks.generation).toBeGreaterThan(stored);
    expect(await market.stocks.quoteFreshUntil("AAPL")).toBe(clock.now() + 60_000);
  });

  it("keeps its generation while values no quote is shown from are stored", async () => {
    const { market } = serviceAt(DURING_SESSION);
    await market.stocks.getSnapshot("AAPL");
    const stored = market.stocks.generation;
    // A chart's bars, news, search hits and corporate actions: a holdings recompute or a
    // research page loading them must not end every cached positions answer.
    await market.stocks.getDailyBars("AAPL", "2026-01-02", "2026-03-10");
    await market.stocks.getNews("AAPL");
    await market.stocks.searchCompanies("apple");
    await market.stocks.getCorporateActions("AAPL");
    expect(market.stocks.generation).toBe(stored);
  });

  it("is over at once for a closed market's quote shown without the session before", async () => {
    const { market, stocks } = serviceAt(SATURDAY);
    const provider = stocks.provider as { getSessionBars: unknown };
    provider.getSessionBars = () =>
      Promise.reject(new MarketDataError("bars", "unavailable", { detail: "outage" }));
    expect((await market.stocks.getSnapshot("AAPL")).change).toBe("0");
    expect(await market.stocks.quoteFreshUntil("AAPL")).toBe(0);

    delete provider.getSessionBars;
    await market.stocks.getSnapshot("AAPL");
    expect(await market.stocks.quoteFreshUntil("AAPL")).toBeGreaterThan(0);
  });
});
